"""How sure a season figure is: intervals, estimates shrunk toward the league,
and a flag for figures that stand on few games (docs/guide/season.md).

- Rates (won / played, made / declared): the Wilson score interval, which
  stays inside 0..1 and keeps its level for small counts where the textbook
  ``p ± z·sqrt(p(1-p)/n)`` does not; the shrunk rate is the beta-binomial
  empirical Bayes estimate, the prior's mean and spread fitted to the
  league's own rates by the method of moments.
- Means (per game, per deal): ``mean ± z·sd/sqrt(n)``, with the spread pooled
  over the league (one player's own spread after three games says little);
  the shrunk mean is the normal-normal empirical Bayes estimate.

Everything is column arithmetic over whole tables; ``group`` numbers the pools
(each game and season, each contract ...) that estimates shrink toward.
"""

from __future__ import annotations

from statistics import NormalDist

import numpy as np
import pandas as pd

from cardscore_frames.errors import RulesError

__all__ = [
    "check_level",
    "check_few",
    "z_of",
    "wilson",
    "shrunk_rate",
    "shrunk_mean",
    "mean_interval",
    "rate_columns",
]


def check_level(level: object) -> float:
    """``level`` as a float strictly between 0 and 1, or a clear error."""
    ok = isinstance(level, (int, float)) and not isinstance(level, bool)
    if not ok or not 0 < float(level) < 1:
        raise RulesError(
            f"level must be a number between 0 and 1 (0.9 for 90% intervals); "
            f"got {level!r}"
        )
    return float(level)


def check_few(few: object, name: str = "few") -> int:
    """``few`` as a whole number of games (0 or more), or a clear error."""
    ok = isinstance(few, (int, np.integer)) and not isinstance(few, bool)
    if not ok or few < 0:
        raise RulesError(f"{name} must be a whole number of 0 or more; got {few!r}")
    return int(few)


def z_of(level: float) -> float:
    """The two-sided normal quantile of ``level`` (0.9 -> 1.645)."""
    return NormalDist().inv_cdf(0.5 + check_level(level) / 2)


def wilson(
    successes: np.ndarray, trials: np.ndarray, level: float = 0.9
) -> tuple[np.ndarray, np.ndarray]:
    """The Wilson score interval of ``successes / trials`` (NaN where no
    trial)."""
    x = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    z = z_of(level)
    with np.errstate(invalid="ignore", divide="ignore"):
        n = np.where(n > 0, n, np.nan)
        p = x / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def _sums(values: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Each row's group sum of ``values`` (NaN counts as 0)."""
    total = np.bincount(group, weights=np.nan_to_num(values), minlength=group.max() + 1)
    return total[group]


def shrunk_rate(
    successes: np.ndarray, trials: np.ndarray, group: np.ndarray
) -> np.ndarray:
    """Beta-binomial empirical Bayes rates: each rate pulled toward its
    group's pooled rate, the more the fewer its trials.

    With ``k`` players of ``n_i`` trials (``N`` in all) and pooled rate ``p``,
    the true rates' variance is ``t = (S - (k-1)p(1-p)) / (N - k + 1 -
    sum(n_i^2)/N)`` where ``S = sum n_i (x_i/n_i - p)^2`` (its expectation
    under the beta-binomial, solved for ``t``; floored at 0). The prior's
    ``a + b = p(1-p)/t - 1``, and the estimate is ``(x_i + a) / (n_i + a +
    b)``. A group where the rates differ no more than chance gives every
    member the pooled rate.
    """
    x = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    has = n > 0
    x, n = np.where(has, x, 0.0), np.where(has, n, 0.0)
    g = np.asarray(group, dtype=np.int64)
    big_n = _sums(n, g)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = _sums(x, g) / big_n
        rate = np.where(has, x / np.where(has, n, 1), p)
        k = _sums(has.astype(float), g)
        s = _sums(n * (rate - p) ** 2, g)
        denominator = big_n - k + 1 - _sums(n * n, g) / big_n
        # every player on one trial: their spread says nothing of skill
        t = np.where(
            denominator > 0,
            np.maximum((s - (k - 1) * p * (1 - p)) / denominator, 0.0),
            0.0,
        )
        rho = np.clip(np.where(p * (1 - p) > 0, t / (p * (1 - p)), 0.0), 0, 1)
        rho = np.nan_to_num(rho)
        weight = n * rho / (n * rho + 1 - rho)  # n / (n + a + b)
        out = p + np.where(rho >= 1, 1.0, weight) * (rate - p)
    return np.where(has, out, np.nan)


def shrunk_mean(
    means: np.ndarray, n: np.ndarray, within: np.ndarray, group: np.ndarray
) -> np.ndarray:
    """Normal-normal empirical Bayes means: each mean pulled toward its
    group's mean per unit (game or deal) by ``t / (t + within / n_i)``, where
    ``t`` is the spread of true means (the variance of the players' means less
    the part chance gives them, ``within`` times the average ``1/n_i``;
    floored at 0) and ``within`` the variance of one game (or deal)."""
    m = np.asarray(means, dtype=float)
    n = np.asarray(n, dtype=float)
    v = np.asarray(within, dtype=float)
    g = np.asarray(group, dtype=np.int64)
    has = (n > 0) & ~np.isnan(m)
    m0, n0 = np.where(has, m, 0.0), np.where(has, n, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        centre = _sums(m0 * n0, g) / _sums(n0, g)
        k = _sums(has.astype(float), g)
        spread = _sums(np.where(has, (m0 - centre) ** 2, 0), g) / (k - 1)
        chance = v * _sums(np.where(has, 1 / np.where(has, n0, 1), 0), g) / k
        t = np.nan_to_num(np.maximum(spread - chance, 0.0))
        weight = np.where(t > 0, t / (t + v / n0), 0.0)
        out = centre + weight * (m0 - centre)
    return np.where(has, out, np.nan)


def mean_interval(
    means: np.ndarray, n: np.ndarray, within: np.ndarray, level: float
) -> tuple[np.ndarray, np.ndarray]:
    """``mean ± z·sqrt(within / n)`` (NaN where ``n`` is 0)."""
    z = z_of(level)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        half = z * np.sqrt(np.asarray(within, dtype=float) / np.where(n > 0, n, np.nan))
    m = np.asarray(means, dtype=float)
    return m - half, m + half


def rate_columns(
    frame: pd.DataFrame,
    rate: str,
    successes: np.ndarray,
    trials: np.ndarray,
    group: np.ndarray,
    *,
    level: float,
    few: int,
) -> pd.DataFrame:
    """``frame`` with ``<rate>_low``, ``<rate>_high``, ``<rate>_shrunk`` and
    ``<rate>_few`` (fewer than ``few`` trials) beside ``rate``."""
    low, high = wilson(successes, trials, level)
    out = frame.copy()
    at = out.columns.get_loc(rate) + 1
    out.insert(at, f"{rate}_low", low)
    out.insert(at + 1, f"{rate}_high", high)
    out.insert(at + 2, f"{rate}_shrunk", shrunk_rate(successes, trials, group))
    out.insert(at + 3, f"{rate}_few", np.asarray(trials, dtype=float) < few)
    return out
