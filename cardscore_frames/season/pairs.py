"""Rows of a long table laid out as a (units, seats) matrix, and sums over the
pairs of seats of each unit (a deal, a game), accumulated per pair of players.

A deal has at most five seated players, so every pair of seats is one
vectorised step over all deals at once, and the sums are one ``bincount`` per
figure: no loop over deals, games or players.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

__all__ = ["Layout", "layout", "PairSums"]


class Layout(NamedTuple):
    """Where each row sits: unit ``unit[i]`` (0..U-1, units in key order), seat
    ``slot[i]`` (0..K-1); ``first`` is a row of each unit."""

    unit: np.ndarray
    slot: np.ndarray
    first: np.ndarray
    seats: int

    @property
    def units(self) -> int:
        return len(self.first)

    def matrix(self, values: np.ndarray, fill) -> list[np.ndarray]:
        """``values`` by seat: one array of the U units per seat (contiguous,
        so that each pair of seats reads whole columns), ``fill`` where the
        seat is empty."""
        values = np.asarray(values)
        out = np.full((self.seats, self.units), fill, dtype=values.dtype)
        out[self.slot, self.unit] = values
        return list(out)


def layout(*keys: np.ndarray) -> Layout:
    """Units are the distinct combinations of the integer ``keys`` (most
    significant first); rows of one unit take seats 0, 1, ... in row order."""
    n = len(keys[0])
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Layout(empty, empty, empty, 0)
    combined = np.zeros(n, dtype=np.int64)
    for i, k in enumerate(keys):
        # the first key numbered by appearance: rows already grouped by it, in
        # any order of groups, need no sort
        k = pd.factorize(k)[0] if i == 0 else np.asarray(k, dtype=np.int64)
        k = k - k.min()
        combined = combined * (int(k.max()) + 1) + k
    order = (
        np.arange(n)
        if (np.diff(combined) >= 0).all()
        else np.argsort(combined, kind="stable")
    )
    sorted_keys = combined[order]
    start = np.r_[True, sorted_keys[1:] != sorted_keys[:-1]]
    unit_sorted = np.cumsum(start) - 1
    start_at = np.flatnonzero(start)
    slot_sorted = np.arange(n) - start_at[unit_sorted]
    unit = np.empty(n, dtype=np.int64)
    slot = np.empty(n, dtype=np.int64)
    unit[order], slot[order] = unit_sorted, slot_sorted
    return Layout(unit, slot, order[start_at], int(slot_sorted.max()) + 1)


class PairSums:
    """Sums of figures per (group, player, opponent), players coded 0..P-1 and
    groups 0..G-1, accumulated step by step (one step per pair of seats)."""

    _DENSE = 1 << 22  # key spaces up to this size are summed in place

    def __init__(self, groups: int, players: int, figures: tuple[str, ...]) -> None:
        self.players = players
        self.size = max(groups, 1) * players * players
        self.names = figures
        self.dense = self.size <= self._DENSE
        self._sums = {f: np.zeros(self.size) for f in figures} if self.dense else {}
        self._keys: list[np.ndarray] = []
        self._values: dict[str, list[np.ndarray]] = {f: [] for f in figures}

    def add(self, group, a, b, figures: dict[str, np.ndarray], met=None) -> None:
        """Figures of player ``a`` against player ``b``, where ``met`` (one
        direction: the caller adds the other with the players swapped)."""
        keys = (group * self.players + a) * self.players + b
        if self.dense:
            if met is not None:  # unmet entries go to a spare slot, dropped
                keys = np.where(met, keys, self.size)
            for name in self.names:
                self._sums[name] += np.bincount(
                    keys, weights=figures[name], minlength=self.size + 1
                )[: self.size]
            return
        if met is not None:
            keys = keys[met]
            figures = {f: np.asarray(v)[met] for f, v in figures.items()}
        self._keys.append(keys)
        for name in self.names:
            self._values[name].append(np.asarray(figures[name], dtype=float))

    def frame(self, present: str) -> pd.DataFrame:
        """``group``, ``player``, ``opponent`` (codes) and every figure, for
        the keys whose ``present`` figure is not 0 (the pairs that met)."""
        if self.dense:
            keys = np.flatnonzero(self._sums[present])
            sums = {f: v[keys] for f, v in self._sums.items()}
        else:
            every = np.concatenate(self._keys) if self._keys else np.zeros(0, np.int64)
            keys, inverse = np.unique(every, return_inverse=True)
            sums = {
                f: np.bincount(inverse, weights=np.concatenate(v), minlength=len(keys))
                for f, v in self._values.items()
            }
            keep = sums[present] != 0
            keys, sums = keys[keep], {f: v[keep] for f, v in sums.items()}
        rest, opponent = np.divmod(keys, self.players)
        group, player = np.divmod(rest, self.players)
        return pd.DataFrame(
            {"group": group, "player": player, "opponent": opponent, **sums}
        )
