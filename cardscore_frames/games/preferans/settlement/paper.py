"""The seed's paper methods: pools into the mountain, the amnesty, and the one-point
adjustments of method 1 ("amnesty") and method 2 ("average mountain").

docs/games/preferans.md "Settlement". Arrays are seat-major, (4, games), with
zeros on the seats a game does not have (see :mod:`settle_layout`).
"""

from __future__ import annotations

import math

import numpy as np

from cardscore_frames.errors import RulesError
from cardscore_frames.games.preferans.rules import MAX_SEATS
from cardscore_frames.games.preferans.settlement.layout import Sheet, row_sum

__all__ = ["COMPENSATION_WHISTS", "ROUNDINGS", "pooled", "amnesty", "paper_delta"]

#: Seed: one mountain point moved is worth "approximately three whists" to each other
#: player, at 3 and at 4 players alike.
COMPENSATION_WHISTS = 3
#: Method 2's adjustment: to the nearest total that divides (the seed; a tie adds a
#: point), or to the nearest multiple of the number of players (PrefCount).
ROUNDINGS = ("nearest", "multiple")


def pooled(sh: Sheet, a: int, b: int) -> np.ndarray:
    """Mountains with each pool's shortfall moved in at a/b points a pool point.

    The target cancels in the amnesty; where none is known the game's largest pool
    stands in for it.
    """
    target = sh.target
    unknown = np.isnan(target)
    if unknown.any():
        big = np.where(sh.valid, sh.pool, np.iinfo(np.int64).min).max(axis=0)
        target = np.where(unknown, big, target)
    short = np.subtract(target.astype(np.int64), sh.pool)
    short *= sh.valid
    if a % b:
        return sh.mountain + short * (a / b)
    short *= a // b
    short += sh.mountain
    return short


def amnesty(pooled: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Each mountain less the game's smallest (0 on empty seats)."""
    top = np.iinfo(np.int64).max if pooled.dtype.kind == "i" else np.inf
    low = np.where(valid, pooled, top).min(axis=0)
    rest = pooled - low
    np.copyto(rest, 0, where=~valid)
    return rest


def paper_delta(
    amnesty: np.ndarray,
    sh: Sheet,
    b: int,
    method: str,
    adjust_seat: int,
    rounding: str = "nearest",
) -> np.ndarray:
    """Seed methods 1 and 2: the points moved so that 10·m/n leaves no remainder.

    Divisible mountains are the multiples of ``step`` = n / gcd(b, n) (even at 4
    players, multiples of 3 at 3). Method 1 moves each player's own mountain to the
    nearest one (a tie writes a point off); method 2 moves one player's mountain so
    that the total divides (a tie adds a point), or with ``rounding="multiple"``,
    when it does not divide, to the nearest multiple of n (PrefCount): the two
    differ only at 4 players on a total of 4k + 1 (down a point, not up).
    """
    # per player count (a handful), then per game: no division over all games
    step = np.array([k // math.gcd(b, k) if k else 1 for k in range(MAX_SEATS + 1)])
    step = step.take(sh.n)
    if method == "paper":  # amnesty is 0 on empty seats, and so is its remainder
        rem = amnesty % step
        return step * (2 * rem > step) - rem
    total = row_sum(amnesty)
    rem = total % step
    if rounding == "multiple":  # a multiple of n is a multiple of step too
        rem_n = total % sh.n
        moved = (rem > 0) * (sh.n * (2 * rem_n >= sh.n) - rem_n)
    else:
        moved = step * (2 * rem >= step) - rem
    delta = np.zeros_like(amnesty)
    delta[_adjust_seat(sh, adjust_seat), np.arange(len(moved))] = moved
    return delta


def _adjust_seat(sh: Sheet, adjust_seat: int) -> np.ndarray:
    """Method 2's adjusted player, as a seat index 0..3 per game."""
    if adjust_seat < 0:
        seat = sh.n + adjust_seat
    else:
        seat = np.full_like(sh.n, adjust_seat - 1)
    short = abs(adjust_seat) > sh.n
    if short.any():
        first = sh.row[0, short][:10]
        shown = ", ".join(map(str, sh.ids.iloc[first]))
        raise RulesError(
            f"adjust_seat {adjust_seat} needs 4 players, but {int(short.sum())} "
            f"game(s) have 3 ({shown}); use 1 to 3 or -1 to -3"
        )
    return seat
