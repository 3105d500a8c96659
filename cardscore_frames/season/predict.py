"""What ratings say before a game: each side's win chance and expected
place, from the ratings its players held then (openskill's ``predict_win`` and
``predict_rank``, computed for every game at once: the same formulas, checked
against openskill's own in the tests)."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.errors import CardscoreError
from cardscore_frames.season.frames import sort_codes

#: How to install what the season figures need (the ``season`` extra).
INSTALL_HINT = "pip install 'cardscore-frames[season]'"

__all__ = ["predictions", "pairwise", "Pairs"]


def predictions(
    table: pd.DataFrame, rater: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each replayed row's side (1, 2, ... in its unit), expected place and
    win chance before its unit, from the ratings the players held then (the
    same formulas as openskill's ``predict_rank`` and ``predict_win``, for
    every unit at once)."""
    unit = table["unit"].to_numpy()
    team = table["team"].to_numpy()
    mu, sigma = _before(table, rater)
    weight = _balance(table, rater, mu, sigma)
    team_starts = np.flatnonzero(
        np.r_[True, (unit[1:] != unit[:-1]) | (team[1:] != team[:-1])]
    )
    team_mu = np.add.reduceat(mu * weight, team_starts)
    team_var = np.add.reduceat((sigma * weight) ** 2, team_starts)
    pair = pairwise(unit[team_starts], team_mu, team_var, float(rater.beta))
    n = np.bincount(pair.a, minlength=len(team_starts)) + 1
    raw = np.bincount(pair.a, weights=pair.p, minlength=len(team_starts)) / np.maximum(
        n - 1, 1
    )
    of_unit = np.cumsum(np.r_[True, unit[team_starts][1:] != unit[team_starts][:-1]])
    total = np.bincount(of_unit, weights=raw)[of_unit]
    chance = np.where(total > 0, raw / np.where(total > 0, total, 1.0), 1.0)
    above = np.bincount(
        pair.a, weights=(chance[pair.b] > chance[pair.a]), minlength=len(chance)
    )
    per_team = np.diff(np.r_[team_starts, len(table)])
    first_team = np.maximum.accumulate(
        np.where(np.r_[True, np.diff(of_unit) != 0], np.arange(len(of_unit)), 0)
    )
    side = np.arange(len(of_unit)) - first_team + 1
    return (
        np.repeat(side, per_team),
        np.repeat(1 + above.astype(np.int64), per_team),
        np.repeat(chance, per_team),
    )


class Pairs(NamedTuple):
    """Every ordered pair (a, b) of sides of one unit: ``p`` is openskill's
    chance that a finishes above b."""

    a: np.ndarray
    b: np.ndarray
    p: np.ndarray


def pairwise(unit: np.ndarray, mu: np.ndarray, var: np.ndarray, beta: float) -> Pairs:
    """Phi((mu_a - mu_b) / sqrt(2 beta^2 + var_a + var_b)) for every ordered
    pair of sides in the same unit (sides of a unit are consecutive)."""
    try:
        from scipy.special import ndtr
    except ImportError:  # pragma: no cover - scipy is installed for the tests
        raise CardscoreError(f"win chances need scipy: {INSTALL_HINT}") from None

    starts = np.flatnonzero(np.r_[True, unit[1:] != unit[:-1]])
    size = np.diff(np.r_[starts, len(unit)])
    of_side = np.repeat(np.arange(len(starts)), size)
    k = size[of_side]
    a = np.repeat(np.arange(len(unit)), k)
    first = np.repeat(starts[of_side], k)
    b = first + (np.arange(len(a)) - np.repeat(np.cumsum(k) - k, k))
    keep = a != b
    a, b = a[keep], b[keep]
    p = ndtr((mu[a] - mu[b]) / np.sqrt(2.0 * beta**2 + var[a] + var[b]))
    return Pairs(a, b, p)


def _before(table: pd.DataFrame, rater: Any) -> tuple[np.ndarray, np.ndarray]:
    """Each row's mu and sigma before its unit: the player's previous row's
    after, or the model's starting rating."""
    start = rater.rating()
    game, player = sort_codes(table["game"]), sort_codes(table["player"])
    key = game * (int(player.max(initial=0)) + 2) + player
    order = np.argsort(key, kind="stable")  # each player's rows in replay order
    first = np.r_[True, key[order][1:] != key[order][:-1]]
    out = []
    for values, initial in ((table["mu"], start.mu), (table["sigma"], start.sigma)):
        after = values.to_numpy(dtype=float)[order]
        shifted = np.where(first, initial, np.r_[initial, after[:-1]])
        back = np.empty(len(shifted))
        back[order] = shifted
        out.append(back)
    return out[0], out[1]


def _balance(table, rater, mu: np.ndarray, sigma: np.ndarray) -> np.ndarray:
    """openskill's team weights: 1, or with ``balance=True`` 1 + the player's
    ordinal gap to his team's best over (best ordinal + kappa)."""
    if not getattr(rater, "balance", False):
        return np.ones(len(mu))
    unit, team = table["unit"].to_numpy(), table["team"].to_numpy()
    starts = np.flatnonzero(
        np.r_[True, (unit[1:] != unit[:-1]) | (team[1:] != team[:-1])]
    )
    ordinal = mu - 3.0 * sigma
    best = np.repeat(
        np.maximum.reduceat(ordinal, starts), np.diff(np.r_[starts, len(mu)])
    )
    return 1.0 + (best - ordinal) / (best + rater.kappa)
