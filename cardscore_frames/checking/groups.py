"""Grouping rows by game: the one way every game, the ledger and Dask find games.

A game is named by ``(league, season, game_id)`` (:data:`GAME_KEY`): a game id is
unique within its league and season only. :func:`game_index` numbers the games of
a frame by first appearance and sorts their rows by deal, once; the scorers walk
games with it, the checks compare each row with its game's first, and the running
totals of a match restart at each game's first deal.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking.schema import GAME_KEY

__all__ = ["GameIndex", "game_index", "game_codes", "telling_columns", "running_sum"]


class GameIndex(NamedTuple):
    """Where each game's rows are, in deal order.

    ``codes`` numbers the games 0..G-1 by first appearance (-1 where ``game_id``
    is blank: such a row belongs to no game); ``order`` lists the rows of game 0
    in deal order, then game 1, ...; game g is ``order[starts[g]:starts[g + 1]]``.
    """

    codes: np.ndarray  # (N,) int64
    order: np.ndarray  # (N - blank,) int64 rows, by game then deal
    starts: np.ndarray  # (G + 1,) int64 offsets into order

    @property
    def n_games(self) -> int:
        return len(self.starts) - 1

    @property
    def sizes(self) -> np.ndarray:
        """Rows of each game."""
        return np.diff(self.starts)

    @property
    def first_row(self) -> np.ndarray:
        """(G,) the row of each game's first deal (its lowest deal number)."""
        return self.order[self.starts[:-1]]

    def first_of(self) -> np.ndarray:
        """(N,) for every row, the row of its game's first deal (itself when it
        belongs to no game)."""
        out = np.arange(len(self.codes))
        game = self.codes[self.order]
        out[self.order] = self.first_row[game]
        return out

    def position(self) -> np.ndarray:
        """(N,) each row's place in its game's deal order: 0 for the first deal."""
        out = np.zeros(len(self.codes), dtype=np.int64)
        game = self.codes[self.order]
        out[self.order] = np.arange(len(self.order)) - self.starts[game]
        return out

    def per_row(self, values: np.ndarray, fill: object = None) -> np.ndarray:
        """A per-game array spread over the rows (``fill`` on rows of no game)."""
        values = np.asarray(values)
        out = values[np.maximum(self.codes, 0)]
        if fill is not None and (self.codes < 0).any():
            out = np.where(self.codes >= 0, out, fill)
        return out


def game_codes(frame: pd.DataFrame, key: tuple[str, ...] = GAME_KEY) -> np.ndarray:
    """(N,) game codes by first appearance over the ``key`` columns present.

    A blank ``game_id`` gives -1; a blank league or season is a value like any
    other (a log of one club need not name it).
    """
    parts = []
    ids = None  # the game ids' codes, -1 where blank
    for c in (c for c in key if c in frame):
        codes, n_unique = _factorize(frame[c], blank_is_value=c != "game_id")
        if c == "game_id":
            ids = codes
        elif n_unique <= 1:  # one league, one season: it tells no game apart
            continue
        parts.append((codes, n_unique))
    if not parts:
        return np.zeros(len(frame), dtype=np.int64)
    if len(parts) == 1:  # the usual log: its own codes, -1 where blank
        return parts[0][0]
    combined = np.zeros(len(frame), dtype=np.int64)
    for codes, n_unique in parts:
        combined = combined * (n_unique + 1) + np.maximum(codes, 0)
    out = pd.factorize(combined)[0].astype(np.int64)
    if ids is not None:
        out[ids < 0] = -1
    return out


def telling_columns(frame: pd.DataFrame, key: tuple[str, ...] = GAME_KEY) -> list[str]:
    """The ``key`` columns before ``game_id`` that tell ``frame``'s games apart.

    As :func:`game_codes` counts them: a league or season with more than one
    value on the rows (a blank one is a value). A table of one row per game
    shows these beside the game id, so that two seasons' game 1 are not read
    as one; a log of one league and one season gives ``[]``.
    """
    named = [c for c in key if c != "game_id" and c in frame]
    return [c for c in named if frame[c].nunique(dropna=False) > 1]


def _factorize(values: pd.Series, blank_is_value: bool) -> tuple[np.ndarray, int]:
    """Codes by first appearance and how many."""
    codes, uniques = pd.factorize(values, use_na_sentinel=not blank_is_value)
    return codes.astype(np.int64, copy=False), len(uniques)


def game_index(
    frame: pd.DataFrame,
    deal: str | None = "deal",
    *,
    key: tuple[str, ...] = GAME_KEY,
    codes: np.ndarray | None = None,
) -> GameIndex:
    """Index the games of ``frame``: codes, rows in (game, ``deal``) order.

    ``deal`` names the column that orders a game's rows (``seat`` in a sheet;
    None: the rows' own order). Blank deal numbers sort last.
    """
    codes = game_codes(frame, key) if codes is None else codes
    rows = np.flatnonzero(codes >= 0)
    game = codes[rows]
    key = game  # sorted by game; by deal within a game where there is one
    if deal is not None and deal in frame:
        big = np.iinfo(np.int64).max
        d = frame[deal].to_numpy(dtype=np.int64, na_value=big)[rows]
        low = int(d.min(initial=0))
        high = int(d.max(initial=0, where=d < big)) + 1  # a blank deal's place
        span = high - low + 1
        if (int(game.max(initial=0)) + 1) * span < big:  # one key: game, deal
            key = game * span + (np.minimum(d, high) - low)
        else:  # deal numbers too far apart for one key: each row's rank
            key = np.empty(len(d), dtype=np.int64)
            key[np.lexsort((d, game))] = np.arange(len(d))
    # a stable sort keeps a log's own order among equal keys, and takes one
    # pass over a log in order already (numpy's timsort)
    order = rows[np.argsort(key, kind="stable")]
    n_games = int(codes.max(initial=-1)) + 1
    starts = np.zeros(n_games + 1, dtype=np.int64)
    np.cumsum(np.bincount(game, minlength=n_games), out=starts[1:])
    return GameIndex(codes.astype(np.int64, copy=False), order, starts)


def running_sum(values: np.ndarray, index: GameIndex) -> np.ndarray:
    """Per row, the sum of ``values`` over its game's deals up to this one, in deal
    order (a match's protocol, a pool's sheet)."""
    values = np.asarray(values)
    v = values[index.order]
    total = np.cumsum(v)
    first = index.starts[:-1]
    total -= np.repeat(total[first] - v[first], index.sizes)  # before each game
    out = np.zeros(len(index.codes), dtype=total.dtype)
    out[index.order] = total
    return out
