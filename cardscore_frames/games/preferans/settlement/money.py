"""Preferans settlement money: whists x price in whole minor units, every game zero.

docs/games/preferans.md "Settlement", Money: floor each player's exact amount to
the currency's smallest unit, then give the units still missing, one each, to the
largest remainders (ties: the larger exact amount, then the name), in integer
arithmetic on seat-major (4, games) arrays.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.games.preferans.rules import MAX_SEATS
from cardscore_frames.games.preferans.settlement.layout import Sheet, row_sum
from cardscore_frames.games.preferans.settlement.whists import TWELFTHS

__all__ = ["PRICE_SCALE", "money_units"]

#: Whist prices and the currency unit are read to 9 decimal places.
PRICE_SCALE = 10**9
_PAIRS = tuple(combinations(range(MAX_SEATS), 2))


def price_ratio(price: np.ndarray, unit: float) -> tuple[np.ndarray, np.ndarray]:
    """price / unit per game as integers p / q in lowest terms (p = 0: no price)."""
    if len(price) and price.min() == price.max():  # one price (NaN is never equal)
        p, q = round(float(price[0]) * PRICE_SCALE), round(unit * PRICE_SCALE)
        g = max(math.gcd(p, q), 1)
        return np.full(len(price), p // g), np.full(len(price), q // g)
    # a handful of prices over many games: reduced once each (np.gcd is a loop
    # of divisions per value), then looked up; a blank (code -1) reads the NaN
    codes, prices = pd.factorize(price)
    prices = np.append(prices, np.nan)
    known = ~np.isnan(prices)
    p = np.round(np.where(known, prices, 0) * PRICE_SCALE).astype(np.int64)
    q = round(unit * PRICE_SCALE)
    g = np.maximum(np.gcd(p, q), 1)
    return (p // g).take(codes), (q // g).take(codes)


def money_units(
    total12: np.ndarray, sh: Sheet, unit: float, players: pd.Series
) -> np.ndarray:
    """Money in minor units per output row: floor, then the missing units to the
    largest remainders.

    Exact integer arithmetic on twelfths x p / (12 q). Ties go to the larger exact
    amount, then to the name in code-point order (``players``: the sheet's column),
    so seats do not matter.
    """
    p, q = price_ratio(sh.price, unit)
    if len(p) and _largest(total12) * float(p.max()) > 2.0**62:
        raise RulesError(
            "whist_price x whists is too large to settle exactly in "
            "minor units; check whist_price and unit"
        )
    num = total12 * p
    den = TWELFTHS * q
    if len(q) and q.min() == q.max():  # one price scale, the usual case: a scalar
        den = int(den[0])  # divisor is several times faster than an array of them
    floor = num // den
    rem = floor * den
    np.subtract(num, rem, out=rem)
    np.copyto(rem, -1, where=~sh.valid)  # remainders are >= 0: empty seats last
    missing = -row_sum(floor)  # empty seats have 0 whists and so floor 0
    floor += _rank(rem, num, sh, players) < missing
    return floor.take(sh.cells)


def _largest(x: np.ndarray) -> float:
    """The largest absolute value (two reductions: no array of absolutes)."""
    return max(-float(x.min()), float(x.max()))


def _rank(
    rem: np.ndarray, num: np.ndarray, sh: Sheet, players: pd.Series
) -> np.ndarray:
    """Each seat's place in its game: larger remainder first, then larger amount,
    then name, then seat; seats a game lacks (remainder -1) come last.

    Four seats make six pairs, compared row by row: cheaper than sorting every
    game's four seats.
    """
    valid = sh.valid
    rank = np.zeros(rem.shape, dtype=np.int8)
    ties = []
    for i, j in _PAIRS:
        j_first = (rem[j] > rem[i]) | ((rem[j] == rem[i]) & (num[j] > num[i]))
        rank[i] += j_first
        rank[j] += ~j_first
        same = num[j] == num[i]  # the same amount, and so the same remainder
        if same.any():
            tie = same & valid[i] & valid[j]
            if tie.any():
                ties.append((i, j, tie))
    if ties:
        _names_break_ties(rank, ties, sh, players)
    return rank


def _names_break_ties(rank, ties, sh: Sheet, players: pd.Series) -> None:
    """Equal amounts: the name first in code-point order goes first (seat i went
    first so far). Only the names of tied seats are looked up, in one take."""
    games = [np.flatnonzero(tie) for _, _, tie in ties]
    rows = [sh.row[i, g] for (i, _, _), g in zip(ties, games, strict=True)]
    rows += [sh.row[j, g] for (_, j, _), g in zip(ties, games, strict=True)]
    names = players.array.take(np.concatenate(rows)).to_numpy(dtype=object, na_value="")
    names_i, names_j = np.split(names, 2)
    start = 0
    for (i, j, _), g in zip(ties, games, strict=True):
        end = start + len(g)
        swap = g[names_j[start:end] < names_i[start:end]]
        rank[i, swap] += 1
        rank[j, swap] -= 1
        start = end
