"""Pools across a game: the cap, the overflow and the game's end.

A pool never passes its target (docs/games/preferans.md "Pool overflow"), so what a
deal writes in the pools depends on every deal before it in its game. This module
walks the deals position by position (the first deal of every game, then the second
of every game, ...) with arrays over all games at once. Rows are laid out position
by position, games longest first, so that the games still playing at a position are
a prefix and every step works on contiguous slices.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from cardscore_frames.checking import GameIndex
from cardscore_frames.games.preferans.rules import MAX_SEATS, Rules

__all__ = ["DealWalk", "PoolRun", "Spills", "walk", "run_pools"]

_SEAT = np.arange(MAX_SEATS)
_TABLE = np.arange(MAX_SEATS + 1)[:, None, None]  # players at the table, 0..4
_DONOR = _SEAT[None, :, None]
#: By (players, donor, seat): may the seat take the donor's surplus (seated, and
#: not the donor), and how many seats clockwise from the donor it sits.
_TAKERS = (_SEAT < _TABLE) & (_SEAT != _DONOR)
_CLOCKWISE = (_SEAT - _DONOR) % np.maximum(_TABLE, 1)


class DealWalk(NamedTuple):
    """Where each deal sits when the deals are walked position by position."""

    rows: np.ndarray  # (N,) the log row at each slot
    slot: np.ndarray  # (N,) the slot of each log row
    order: np.ndarray  # (N,) log rows sorted by game, then deal
    game: np.ndarray  # (N,) game code of each sorted row
    live: np.ndarray  # (P,) games with a deal at each position
    offsets: np.ndarray  # (P,) first slot of each position
    games: np.ndarray  # (G,) game codes, longest game first
    first_row: np.ndarray  # (G,) the log row of each game's first deal, by code
    starts: np.ndarray  # (G + 1,) where each game's rows begin in ``order``


def walk(index: GameIndex) -> DealWalk:
    """Lay out the deals of every game position by position, longest game first."""
    order, starts = index.order, index.starts
    game = index.codes[order]
    lengths = index.sizes
    position = np.arange(len(order)) - starts[game]
    games = np.argsort(-lengths, kind="stable")
    rank = np.empty_like(games)
    rank[games] = np.arange(len(games))
    longest = int(lengths.max(initial=0))
    live = np.searchsorted(-lengths[games], -np.arange(longest), "left")
    offsets = np.cumsum(live) - live
    rows, slot = np.empty_like(order), np.empty_like(order)
    rows[offsets[position] + rank[game]] = order
    slot[rows] = np.arange(len(rows))
    return DealWalk(
        rows,
        slot,
        order,
        game,
        live,
        offsets,
        games,
        index.first_row,
        index.starts,
    )


class Spills(NamedTuple):
    """Each (deal, donor) whose pool points passed the donor's target, slot order.

    A deal spills once per donor at most. The donor's pool keeps what he wrote
    less ``surplus``; ``given`` went into the other pools; the rest comes off the
    donor's mountain.
    """

    slots: np.ndarray  # (k,) int64: the deal's slot
    donors: np.ndarray  # (k,) int64: the seat that wrote the points, 0-based
    surplus: np.ndarray  # (k,) int32: points beyond the donor's target
    given: np.ndarray  # (k, 4) int32: points of the surplus each seat's pool took


class PoolRun(NamedTuple):
    """What the pools did, in slot order (see :class:`DealWalk`): the end of each
    game, and the deals whose pool points did not all fit. Every other deal's
    points went into the pools as written, so the pools and mountains deal by
    deal are the log's own points plus :class:`Spills`."""

    after_end: np.ndarray  # (N,) bool: the game was over before this deal
    game_over: np.ndarray  # (N,) bool: the game is over after this deal
    spill: Spills


def _overflow(pool, donor, surplus, target, n):
    """Points of ``surplus`` each seat takes: smallest shortfall first.

    Ties go to the first clockwise from the donor, over every seat of the table
    (the 4-player dealer included). ``pool`` is (k, 4); the rest are (k,).

    A taker's turn is worked out by comparing with the other three seats, not by
    sorting each game's four: on the few hundred to few thousand games of one
    step, four column comparisons are twice as fast as a sort along rows and the
    gathers around it.
    """
    short = np.maximum(target[:, None] - pool, 0)
    short *= _TAKERS[n, donor]
    # a taker with a shortfall comes after every seat with none (its key >= 8)
    key = short * 8 + _CLOCKWISE[n, donor]
    before = np.zeros_like(short)  # the shortfalls served before this seat
    for seat in _SEAT:
        before += (key[:, seat, None] < key) * short[:, seat, None]
    return np.clip(surplus[:, None] - before, 0, short).astype(pool.dtype, copy=False)


def _spill(state, at, donor, surplus, target, n, first_slot) -> Spills:
    """Give a surplus to the other pools (``at``: the games of the step that
    spill; their slots are ``first_slot + at``)."""
    given = _overflow(state[:, at].T, donor, surplus, target[at], n[at])
    state[:, at] += given.T
    return Spills(first_slot + at, np.full(len(at), donor), surplus, given)


def _over(state, target, n, rules) -> np.ndarray:
    """Is the game over? Every pool closed, or (Leningrad) the pools' sum reached."""
    if rules.end_of_game == "pool_sum":
        return state.sum(axis=0) >= target
    seated = _SEAT[:, None] < n[None, :]
    return ((state >= target[None, :]) | ~seated).all(axis=0)


def run_pools(write, lay: DealWalk, n, target, rules: Rules) -> PoolRun:
    """Apply each deal's pool points to its game's sheet, all games at once.

    Parameters
    ----------
    write : (4, N) int32
        Points each seat would write in his pool, rows in the log's order (each
        step gathers its own deals from a copy with each deal's four seats side
        by side: no copy of the whole log in slot order).
    lay : DealWalk
    n, target : (G,) int
        Players and pool target of each game, longest game first.
    rules : Rules
        ``pool_cap`` and ``end_of_game``.

    Returns
    -------
    PoolRun
        Writers of one deal are served in seat order; each keeps what his pool
        can hold and the surplus closes other pools, the smallest shortfall first
        (:class:`Spills`: the donor writes whists on the takers, and what nobody
        can take comes off his mountain).
    """
    size = write.shape[1]
    after_end, game_over = np.zeros(size, bool), np.zeros(size, bool)
    spills = []
    pools = np.zeros((MAX_SEATS, len(n)), np.int32)
    over = np.zeros(len(n), bool)
    # each deal's four seats side by side: a step gathers one run of bytes a
    # deal, not one from each seat's row (0.16 s instead of 0.24 s for a million
    # deals)
    by_deal = np.ascontiguousarray(write.T)
    for position, k in enumerate(lay.live):
        first = lay.offsets[position]
        block = slice(first, first + k)
        state, tgt, seated = pools[:, :k], target[:k], n[:k]
        after_end[block] = over[:k]
        step = np.take(by_deal, lay.rows[block], axis=0).T
        for donor in range(MAX_SEATS):
            points = step[donor]
            if not points.any():
                continue
            if not rules.pool_cap:
                state[donor] += points
                continue
            take = np.minimum(points, np.maximum(tgt - state[donor], 0))
            state[donor] += take
            surplus = points - take
            at = np.flatnonzero(surplus > 0)
            if len(at):
                spills.append(_spill(state, at, donor, surplus[at], tgt, seated, first))
        over[:k] |= _over(state, tgt, seated, rules)
        game_over[block] = over[:k]
    return PoolRun(after_end, game_over, _joined(spills))


def _joined(spills: list[Spills]) -> Spills:
    if not spills:
        return Spills(
            np.zeros(0, np.int64),
            np.zeros(0, np.int64),
            np.zeros(0, np.int32),
            np.zeros((0, MAX_SEATS), np.int32),
        )
    return Spills(*(np.concatenate(parts) for parts in zip(*spills, strict=True)))
