"""Pools across a game: the cap, the overflow, the running sheet and the game's end.

A pool never passes its target (shared/rules/preferans.md "Pool overflow"), so what a
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

__all__ = ["DealWalk", "PoolRun", "walk", "run_pools"]

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
    #: every row in a game, in game and deal order: ``order`` is 0..N-1
    in_order: bool = False


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
        rows, slot, order, game, live, offsets, games, index.first_row, index.in_order
    )


class PoolRun(NamedTuple):
    """What the pools did on each deal, in slot order (see :class:`DealWalk`).

    Per-seat arrays are slot-major, (N, 4): the four seats of a deal side by
    side, so that putting the deals back in the log's order gathers one cache
    line per deal, not four.
    """

    pool: np.ndarray  # (N, 4) int32: points written in each pool, after the cap
    mountain: np.ndarray  # (N, 4) int32: surplus nobody took, off the donor (<= 0)
    overflow: np.ndarray  # (N,) int32: points written beyond the writer's target
    after_end: np.ndarray  # (N,) bool: the game was over before this deal
    game_over: np.ndarray  # (N,) bool: the game is over after this deal
    pool_sheet: np.ndarray  # (N, 4) int32: each pool after the deal
    mountain_sheet: np.ndarray  # (N, 4) int32: each mountain after the deal
    spill: tuple  # (slots, donors, (k, 4) whists) written for the points given


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


def _spill(state, block, donor, surplus, target, n, rules, run, spills):
    """Give a surplus to the other pools; the rest comes off the donor's mountain."""
    at = np.flatnonzero(surplus > 0)
    given = _overflow(state[:, at].T, donor, surplus[at], target[at], n[at])
    state[:, at] += given.T
    rest = surplus[at] - given.sum(axis=1)
    slots = block.start + at
    # a/b mountain points a pool point; score() checks that a/b is whole
    run.mountain[slots, donor] -= (rules.pool_whists // rules.mountain_whists) * rest
    run.overflow[slots] += surplus[at]
    spills.append((slots, np.full(len(at), donor), rules.pool_whists * given))


def _over(state, target, n, rules) -> np.ndarray:
    """Is the game over? Every pool closed, or (Leningrad) the pools' sum reached."""
    if rules.end_of_game == "pool_sum":
        return state.sum(axis=0) >= target
    seated = _SEAT[:, None] < n[None, :]
    return ((state >= target[None, :]) | ~seated).all(axis=0)


def _empty_run(size: int) -> PoolRun:
    def z(*shape):
        return np.zeros((size, *shape), np.int32)

    return PoolRun(
        z(MAX_SEATS),
        z(MAX_SEATS),
        z(),
        np.zeros(size, bool),
        np.zeros(size, bool),
        z(MAX_SEATS),
        z(MAX_SEATS),
        (),
    )


def run_pools(write, mountain, lay: DealWalk, n, target, rules: Rules) -> PoolRun:
    """Apply each deal's pool points to its game's sheet, all games at once.

    Parameters
    ----------
    write, mountain : (4, N) int32
        Points each seat would write in his pool and writes in his mountain, in
        slot order.
    lay : DealWalk
    n, target : (G,) int
        Players and pool target of each game, longest game first.
    rules : Rules
        ``pool_cap``, ``end_of_game``, ``pool_whists`` (a), ``mountain_whists`` (b).

    Returns
    -------
    PoolRun
        Writers of one deal are served in seat order; each keeps what his pool
        can hold and the surplus closes other pools, the smallest shortfall first,
        the donor writing a whists a point on the taker; what nobody can take comes
        off the donor's mountain, a/b points a pool point.
    """
    run, spills = _empty_run(write.shape[1]), []
    pools = np.zeros((MAX_SEATS, len(n)), np.int32)
    mountains = np.zeros_like(pools)
    over = np.zeros(len(n), bool)
    for position, k in enumerate(lay.live):
        block = slice(lay.offsets[position], lay.offsets[position] + k)
        state, tgt, size = pools[:, :k], target[:k], n[:k]
        run.after_end[block] = over[:k]
        before = state.copy()
        for donor in range(MAX_SEATS):
            points = write[donor, block]
            if not points.any():
                continue
            if rules.pool_cap:
                take = np.minimum(points, np.maximum(tgt - state[donor], 0))
                state[donor] += take
                if (points > take).any():
                    _spill(
                        state,
                        block,
                        donor,
                        points - take,
                        tgt,
                        size,
                        rules,
                        run,
                        spills,
                    )
            else:
                state[donor] += points
        run.pool[block] = (state - before).T
        mountains[:, :k] += mountain[:, block] + run.mountain[block].T
        run.pool_sheet[block], run.mountain_sheet[block] = state.T, mountains[:, :k].T
        over[:k] |= _over(state, tgt, size, rules)
        run.game_over[block] = over[:k]
    return run._replace(spill=_joined(spills))


def _joined(spills) -> tuple:
    if not spills:
        return (
            np.zeros(0, np.int64),
            np.zeros(0, np.int64),
            np.zeros((0, MAX_SEATS), np.int32),
        )
    slots, donors, whists = zip(*spills, strict=True)
    return np.concatenate(slots), np.concatenate(donors), np.concatenate(whists)
