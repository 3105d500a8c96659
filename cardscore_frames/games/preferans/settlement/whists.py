"""Preferans settlement in whists: every game's balance by the chosen method.

docs/games/preferans.md "Settlement". The exact formula, and the seed's methods 1
and 2 after their adjustments (:mod:`settle_paper`), on seat-major (4, games)
arrays (:mod:`settle_layout`); whists are kept as integer twelfths, in which every
game's exact balance is whole (12 is a common multiple of 3 and 4).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from cardscore_frames.errors import RulesError
from cardscore_frames.games.preferans.rules import MAX_SEATS, Rules
from cardscore_frames.games.preferans.settlement.layout import Sheet, row_sum
from cardscore_frames.games.preferans.settlement.paper import (
    COMPENSATION_WHISTS,
    amnesty,
    paper_delta,
    pooled,
)

__all__ = ["TWELFTHS", "Balance", "whist_balance"]

#: Whists are stored in twelfths: every game's exact balance is whole there.
TWELFTHS = 12
_TWELFTHS_EACH = np.array([TWELFTHS // k if k else 0 for k in range(MAX_SEATS + 1)])


class Balance(NamedTuple):
    """One method's result as seat-major (4, G) arrays; only seated cells count."""

    pooled: np.ndarray  # mountain with the pool shortfall moved in (points)
    amnesty: np.ndarray  # the same after the amnesty
    delta: np.ndarray  # points added (+) or written off (-) by a paper method
    scaled: np.ndarray  # b * mountain - a * pool after the adjustment (whists x n)
    mountain12: np.ndarray  # whists from the mountain (and pools), in twelfths
    comp: np.ndarray  # the 3-whist compensation, whole whists
    pair: np.ndarray  # sum of W[i][j] - W[j][i], whole whists
    total12: np.ndarray  # the balance, in twelfths (0 on empty seats)


def whist_balance(
    sh: Sheet, rules: Rules, method: str, adjust_seat: int, rounding: str = "nearest"
) -> Balance:
    """Exact: a(P_i - mean P) + b(mean M - M_i) + sum_j (W[i][j] - W[j][i]).

    Paper methods: the same after the seed's adjustments, with 3 whists of
    compensation per point from every other player.
    """
    a, b = rules.pool_whists, rules.mountain_whists
    n = sh.n
    mountain = pooled(sh, a, b)
    rest = amnesty(mountain, sh.valid)
    exact = method == "exact"  # nothing moved, nothing compensated
    if exact:
        delta = np.zeros(sh.mountain.shape, sh.mountain.dtype)
    elif a % b:
        raise RulesError(
            "the paper methods move pool shortfalls into the mountain and need "
            f"pool_whists ({a}) to be a multiple of mountain_whists ({b}); use "
            "method='exact'"
        )
    else:
        delta = paper_delta(rest, sh, b, method, adjust_seat, rounding)
    scaled = sh.mountain * b if exact else sh.mountain + delta
    if not exact:
        scaled *= b
    scaled -= a * sh.pool  # b * mountain - a * pool: 0 on empty seats
    mountain12 = _less_mean(scaled, n)
    mountain12 *= _TWELFTHS_EACH.take(n)  # 12 // n, looked up
    if exact:
        comp = np.zeros(delta.shape, delta.dtype)
        total12 = sh.pair * TWELFTHS
    else:
        comp = _less_mean(delta, n)
        comp *= -COMPENSATION_WHISTS
        total12 = comp + sh.pair
        total12 *= TWELFTHS
    total12 += mountain12
    total12 *= sh.valid
    return Balance(mountain, rest, delta, scaled, mountain12, comp, sh.pair, total12)


def _less_mean(x: np.ndarray, n: np.ndarray) -> np.ndarray:
    """n x (the game's mean - x): the game's sum less n times each seat's value."""
    out = x * n
    np.subtract(row_sum(x), out, out=out)
    return out
