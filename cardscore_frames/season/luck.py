"""How much of a league table is skill: the spread between players' mean
results split into the part luck alone would give and the part that remains
(docs/guide/season.md, "Skill and luck").

The unit is the game (a tarot game, a preferans pulka, a belot match): each
player's result in a game, taken relative to his table's mean (a zero-sum game
already is), so that a strong table and a weak one are compared alike. Every
step is array arithmetic over the results (one row per game and player); the
permutation test shuffles results within each game for many permutations at
once.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.errors import CardscoreError, RulesError
from cardscore_frames.season.criteria import place_points
from cardscore_frames.season.figures import group_ids
from cardscore_frames.season.frames import by_columns, prepared, team_column
from cardscore_frames.season.ratings import INSTALL_HINT
from cardscore_frames.season.uncertainty import check_level

__all__ = ["luck", "MEASURES", "measure_values"]

#: What a player's game result is measured in: ``score`` (the game's total, in
#: its unit), ``place_points`` (12-8-5-3-2 / 11-7-4-2 / 10-6-2, neutral to
#: the table size), ``wins`` (1 for a first place, else 0).
MEASURES = ("score", "place_points", "wins")
#: Results shuffled per batch of permutations at most (memory stays bounded).
_BATCH_CELLS = 4_000_000


def luck(
    ledger: pd.DataFrame,
    *,
    by: Sequence[str] | str | None = None,
    measure: str = "score",
    permutations: int = 1000,
    seed: int = 0,
    level: float = 0.9,
    mixed: bool = True,
) -> pd.DataFrame:
    """How much of each table's spread is skill, and how much is luck.

    For each game and season (and ``by`` group): the variance of the players'
    mean results per game (``var_obs``, over players, each counted once) is
    split into luck, what it would be if every player were equally good, and
    skill, what remains (never negative).

    The luck part is worked out exactly from who played which game: if results
    were handed out at random within each game (the permutation test's "luck
    alone"), a game of ``m`` sides whose results spread ``s²`` (variance over
    its sides) gives each of its results a variance ``s²(m-1)/m`` and any two
    of them a covariance ``-s²/m``; a player's mean over ``n_i`` games, and
    the variance over players of those means, follow. Unequal numbers of games,
    table sizes, belot pairs (two players, one result) and zero-sum tables are
    all in it. The within-game spread ``s²`` holds skill as well as luck (a
    strong and a weak player at the same table); on average it is luck plus
    the skill variance ``t``, so ``L = luck + t·c`` where ``c`` is the same
    sum with ``s² = 1``, and ``t = (var_obs - L) / (1 - c)``.

    Read the interval before the point: ``skill_share`` is a ratio over the
    spread of ``players`` means, and with a dozen players it runs low on
    average (a league whose true share is 0.40 shows about 0.27 on average in
    the tests' simulations) while its interval holds the truth at least as
    often as its level says.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of one or more games.
    by : str or sequence of str, optional
        Metadata columns that split the seasons further (e.g. ``"league"``).
    measure : {"score", "place_points", "wins"}
        A game's result: the game's total (default), place points (for a
        season mixing table sizes, where totals are not comparable) or a win.
    permutations : int
        Shuffles for ``p_luck`` (0: no test, ``p_luck`` blank).
    seed : int
        Seed of the shuffles: the same seed gives the same ``p_luck``.
    level : float
        Level of the ``skill_share`` interval (default 0.9).
    mixed : bool
        ``reliability`` from a random-intercept model (statsmodels MixedLM,
        REML; default, as the standard model of "a player's level plus each
        game's luck"). ``False``: the closed form from the moments above,
        which knows that table-mates' results pull against each other (the
        model takes every result as independent, and on leagues of equal
        players reads about 0.17 where the closed form reads 0.05); it is also
        the one to use on a large ledger (a season of 30,000 results takes the
        model about 5 s).

    Returns
    -------
    pandas.DataFrame
        One row per game, season and ``by`` group:

        - ``game``, ``season``, the ``by`` columns, ``measure``.
        - ``players``, ``games`` (games with at least two sides),
          ``games_per_player`` (the harmonic mean: what unequal attendance
          amounts to).
        - ``spread`` (standard deviation of the players' mean results per game,
          the measure's unit), ``skill_sd`` and ``luck_sd`` (its two parts:
          ``spread² = skill_sd² + luck_sd²``).
        - ``skill_share`` (0 to 1: ``skill_sd² / spread²``, the share of the
          table's spread that is skill), ``skill_share_low``,
          ``skill_share_high`` (its interval at ``level``: the ratio of the
          luck part to the spread follows an F distribution with the games'
          and the players' degrees of freedom, as for an intraclass
          correlation).
        - ``games_to_even``: the number of games after which skill weighs as
          much as luck in a player's mean (the luck of one game over the skill
          variance; infinite where no skill shows).
        - ``reliability``: how well the table sorts players by their true
          level, 0 to 1 (skill variance over the variance of a mean of
          ``games_per_player`` games, the skill variance and the game's
          spread from a random-intercept model of the results, REML: it
          weighs players by their games as the model sees fit, where
          ``skill_share`` counts each player once).
        - ``p_luck``: the chance that luck alone (results shuffled within each
          game, ``permutations`` times) spreads the players' means as much as
          this season did, or more (``(1 + hits) / (1 + permutations)``).

    Raises
    ------
    LedgerError
        The frame is not a ledger, or ``by`` names no metadata column.
    RulesError
        An unknown measure, or a bad ``permutations``, ``seed`` or ``level``.
    CardscoreError
        ``mixed=True`` without statsmodels and scipy (the ``season`` extra).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("league_tarot")))
    >>> table = csf.season.luck(ledger, measure="place_points", mixed=False)
    >>> table[["season", "players", "games", "skill_share", "p_luck"]].round(3)
        season  players  games  skill_share  p_luck
    0  2024-25       22     87        0.726   0.001
    1  2025-26       22     85        0.587   0.004
    >>> table[["skill_share_low", "skill_share_high", "games_to_even"]].round(2)
       skill_share_low  skill_share_high  games_to_even
    0             0.52              0.88           4.19
    1             0.30              0.81           8.14
    """
    permutations, seed, level = _checked(measure, permutations, seed, level)
    prep = prepared(ledger)
    extra = [by] if isinstance(by, str) else list(by or ())
    cols = by_columns(prep, ["season", *extra])
    design = _design(prep.results, measure_values(prep.results, measure), cols)
    out = _moments(design, level)
    out["reliability"] = (
        _mixed_reliability(design, out) if mixed else _closed_reliability(out)
    )
    out["p_luck"] = _p_luck(design, out["var_obs"].to_numpy(), permutations, seed)
    heads = design.heads.reset_index(drop=True)
    heads.insert(1 + len(cols), "measure", measure)
    return pd.concat([heads, out.drop(columns=_INTERNAL)], axis=1)


_INTERNAL = ["var_obs", "luck_c", "tau"]


def _checked(measure, permutations, seed, level):
    if measure not in MEASURES:
        raise RulesError(
            f"measure must be one of {', '.join(MEASURES)}; got {measure!r}"
        )
    whole = (int, np.integer)
    if not isinstance(permutations, whole) or isinstance(permutations, bool):
        raise RulesError(f"permutations must be a whole number; got {permutations!r}")
    if permutations < 0:
        raise RulesError(f"permutations must be 0 or more; got {permutations!r}")
    if not isinstance(seed, whole) or isinstance(seed, bool) or seed < 0:
        raise RulesError(f"seed must be a whole number of 0 or more; got {seed!r}")
    return int(permutations), int(seed), check_level(level)


def measure_values(results: pd.DataFrame, measure: str) -> np.ndarray:
    """Each results row's value in ``measure`` (NaN for a game without a
    result, an unfinished belot match, where the measure needs places)."""
    place = pd.to_numeric(results["place"], errors="coerce").to_numpy(dtype=float)
    if measure == "score":
        return results["score"].to_numpy(dtype=float)
    if measure == "wins":
        return np.where(np.isnan(place), np.nan, (place == 1).astype(float))
    side = team_column(results)
    ties = (
        pd.DataFrame({"g": results["game_key"].cat.codes.to_numpy(), "p": place})
        .assign(s=side)
        .groupby(["g", "p"], observed=True)["s"]
        .transform("nunique")
        .to_numpy(dtype=float)
    )
    out = np.full(len(results), np.nan)
    ok = ~np.isnan(place)
    out[ok] = place_points(
        results["players"].to_numpy(dtype=np.int64)[ok],
        place[ok].astype(np.int64),
        ties[ok].astype(np.int64),
    )
    return out


class Design(NamedTuple):
    """Who played which game, as integer arrays (rows: results rows kept)."""

    heads: pd.DataFrame  # one row per group: game, season, by
    group: np.ndarray  # per player: his group
    player: np.ndarray  # per row: player index (0..P-1, unique per group)
    unit: np.ndarray  # per row: his side in the game (0..U-1, sorted by game)
    unit_game: np.ndarray  # per unit: its game (0..G-1, ascending)
    d_unit: np.ndarray  # per unit: its result less its game's mean
    s2: np.ndarray  # per game: the spread of its sides' results
    n: np.ndarray  # per player: games


def _design(results: pd.DataFrame, value: np.ndarray, cols: list[str]) -> Design:
    side = team_column(results)
    keep = ~np.isnan(value)
    frame = results.loc[keep, ["game", *cols, "player", "game_key"]].copy()
    frame["side"], value = side[keep], value[keep]
    game = pd.factorize(frame["game_key"].astype(object), sort=True)[0]
    unit_key = pd.MultiIndex.from_arrays([game, frame["side"].to_numpy()])
    unit = pd.factorize(unit_key, sort=True)[0]  # sorted: units in game order
    first = np.unique(unit, return_index=True)[1]
    unit_game, unit_value = game[first], value[first]
    m = np.bincount(unit_game).astype(float)
    mean = np.bincount(unit_game, weights=unit_value) / m
    d_unit = unit_value - mean[unit_game]
    with np.errstate(invalid="ignore", divide="ignore"):
        s2 = np.bincount(unit_game, weights=d_unit**2) / (m - 1)
    # a game of one side (everyone on it) says nothing about who is better
    alone = (m < 2)[game]
    frame, unit = frame[~alone], unit[~alone]
    group_of_row = group_ids(frame, ["game", *cols])
    player = group_ids(frame, ["game", *cols, "player"])
    group = np.zeros(player.max() + 1 if len(player) else 0, dtype=np.int64)
    group[player] = group_of_row
    heads = frame.iloc[np.unique(group_of_row, return_index=True)[1]][["game", *cols]]
    heads = heads.astype({c: object for c in ["game", *cols]})
    n = np.bincount(player).astype(float)
    return Design(heads, group, player, unit, unit_game, d_unit, np.nan_to_num(s2), n)


def _per_group(values: np.ndarray, index: np.ndarray, size: int) -> np.ndarray:
    return np.bincount(index, weights=values, minlength=size)


def _spread(sums: np.ndarray, d: Design, size: int) -> np.ndarray:
    """The variance over each group's players of their means (``sums / n``)."""
    means = sums / d.n
    k = np.bincount(d.group, minlength=size).astype(float)
    centre = _per_group(means, d.group, size) / k
    with np.errstate(invalid="ignore", divide="ignore"):
        return _per_group((means - centre[d.group]) ** 2, d.group, size) / (k - 1)


def _luck_sums(d: Design, per_game: np.ndarray, size: int) -> np.ndarray:
    """The expected variance of the players' means if each game's results
    were shuffled among its sides, a game's results spreading ``per_game``."""
    m = np.bincount(d.unit_game).astype(float)
    row_game = d.unit_game[d.unit]
    row_group = d.group[d.player]
    inv_n = 1.0 / d.n[d.player]
    trace = _per_group(
        per_game[row_game] * (m[row_game] - 1) / m[row_game] * inv_n**2,
        row_group,
        size,
    )
    weight = np.bincount(d.unit, weights=inv_n, minlength=len(d.unit_game))
    mean_w = np.bincount(d.unit_game, weights=weight) / m
    square = per_game[d.unit_game] * (weight - mean_w[d.unit_game]) ** 2
    # each unit belongs to one group: the group of any of its rows
    unit_group = np.zeros(len(d.unit_game), dtype=np.int64)
    unit_group[d.unit] = row_group
    total = _per_group(square, unit_group, size)
    k = np.bincount(d.group, minlength=size).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (trace - total / k) / (k - 1)


def _moments(d: Design, level: float) -> pd.DataFrame:
    size = len(d.heads)
    sums = np.bincount(d.player, weights=d.d_unit[d.unit], minlength=len(d.n))
    var_obs = _spread(sums, d, size)
    luck_all = _luck_sums(d, d.s2, size)
    c = _luck_sums(d, np.ones_like(d.s2), size)
    # c reaches 1 when every player has one game: luck and skill cannot be told
    # apart, and the figures stay blank
    split = (c < 1 - 1e-9) & ~np.isnan(var_obs)
    with np.errstate(invalid="ignore", divide="ignore"):
        tau = np.where(split, np.maximum((var_obs - luck_all) / (1 - c), 0.0), np.nan)
        k = np.bincount(d.group, minlength=size).astype(float)
        harmonic = k / _per_group(1.0 / d.n, d.group, size)
        pure = np.maximum(luck_all - tau * c, 0.0)  # the luck part of the spread
        low, high = _interval(var_obs, luck_all, c, k, d, size, level)
        share = np.where(var_obs > 0, np.clip(tau / var_obs, 0, 1), 0.0)
        per_game_luck = pure * harmonic
        to_even = np.where(tau > 0, per_game_luck / np.where(tau > 0, tau, 1), np.inf)
    to_even, share = np.where(split, to_even, np.nan), np.where(split, share, np.nan)
    low, high = np.where(split, low, np.nan), np.where(split, high, np.nan)
    games = _games_per_group(d, size)
    return pd.DataFrame(
        {
            "players": k.astype(np.int64),
            "games": games,
            "games_per_player": harmonic,
            "spread": np.sqrt(var_obs),
            "skill_sd": np.sqrt(np.minimum(tau, var_obs)),
            "luck_sd": np.sqrt(var_obs - np.minimum(tau, var_obs)),
            "skill_share": share,
            "skill_share_low": low,
            "skill_share_high": high,
            "games_to_even": to_even,
            "var_obs": var_obs,
            "luck_c": c,
            "tau": tau,
        }
    )


def _games_per_group(d: Design, size: int) -> np.ndarray:
    row_game = d.unit_game[d.unit]
    row_group = d.group[d.player]
    first = np.unique(row_game, return_index=True)[1]
    return np.bincount(row_group[first], minlength=size).astype(np.int64)


def _interval(var_obs, luck_all, c, k, d: Design, size: int, level: float):
    """``q = L / var_obs`` over its truth follows F(games' df, players' df):
    the luck part is a sum of the games' spreads, the spread a variance over
    ``k`` players."""
    try:
        from scipy.stats import f
    except ImportError:  # pragma: no cover - scipy comes with the season extra
        raise CardscoreError(f"luck needs scipy: {INSTALL_HINT}") from None
    m = np.bincount(d.unit_game).astype(float)
    row_game = d.unit_game[d.unit]
    first = np.unique(row_game, return_index=True)[1]
    game_group = np.zeros(len(m), dtype=np.int64)
    game_group[row_game[first]] = d.group[d.player][first]
    df_luck = _per_group(m - 1, game_group, size)
    df_obs = k - 1
    with np.errstate(invalid="ignore", divide="ignore"):
        q = luck_all / var_obs
        f_lo = f.ppf((1 - level) / 2, df_luck, df_obs)
        f_hi = f.ppf((1 + level) / 2, df_luck, df_obs)
        low = np.clip((1 - q / f_lo) / (1 - c), 0, 1)
        high = np.clip((1 - q / f_hi) / (1 - c), 0, 1)
    return low, high


def _closed_reliability(out: pd.DataFrame) -> np.ndarray:
    """Skill variance over that of a mean of ``games_per_player`` games."""
    tau = out["tau"].to_numpy()
    luck_of_mean = out["luck_sd"].to_numpy() ** 2
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(tau > 0, tau / (tau + luck_of_mean), 0.0)
    return np.where(np.isnan(tau), np.nan, out)


def _mixed_reliability(d: Design, out: pd.DataFrame) -> np.ndarray:
    """A random-intercept model per group: result = mean + player + noise."""
    try:
        import statsmodels.api as sm
        from statsmodels.tools.sm_exceptions import ConvergenceWarning
    except ImportError:  # pragma: no cover - statsmodels comes with the season extra
        raise CardscoreError(
            f"luck's reliability needs statsmodels: {INSTALL_HINT} (or mixed=False)"
        ) from None
    y = d.d_unit[d.unit]
    row_group = d.group[d.player]
    harmonic = out["games_per_player"].to_numpy()
    result = np.full(len(out), np.nan)
    for g in range(len(out)):  # one model per season: a handful
        rows = np.flatnonzero(row_group == g)
        players = len(np.unique(d.player[rows]))
        if players < 2 or len(rows) <= players:  # nobody played twice
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            warnings.simplefilter("ignore", RuntimeWarning)
            warnings.simplefilter("ignore", UserWarning)
            model = sm.MixedLM(y[rows], np.ones((len(rows), 1)), d.player[rows])
            try:
                fit = model.fit(reml=True)
            except (np.linalg.LinAlgError, ValueError):  # a model it cannot fit
                continue
        tau = max(float(np.asarray(fit.cov_re).ravel()[0]), 0.0)
        result[g] = tau / (tau + fit.scale / harmonic[g]) if tau > 0 else 0.0
    return result


def _p_luck(d: Design, var_obs: np.ndarray, permutations: int, seed: int):
    """The share of within-game shuffles whose players' means spread at least
    as much as the season's (with the season itself counted once)."""
    size = len(var_obs)
    if permutations == 0:
        return np.full(size, np.nan)
    rng = np.random.default_rng(seed)
    units, players = len(d.unit_game), len(d.n)
    batch = max(1, min(permutations, _BATCH_CELLS // max(len(d.unit), 1)))
    hits = np.zeros(size)
    threshold = var_obs * (1 - 1e-9) - 1e-12
    done = 0
    while done < permutations:
        b = min(batch, permutations - done)
        keys = d.unit_game[None, :] + rng.random((b, units))
        shuffled = d.d_unit[np.argsort(keys, axis=1)]  # units stay in game order
        values = shuffled[:, d.unit]
        index = (np.arange(b)[:, None] * players + d.player[None, :]).ravel()
        sums = np.bincount(index, weights=values.ravel(), minlength=b * players)
        spread = _spread_many(sums.reshape(b, players), d, size)
        hits += (spread >= threshold[None, :]).sum(axis=0)
        done += b
    return np.where(np.isnan(var_obs), np.nan, (1 + hits) / (1 + permutations))


def _spread_many(sums: np.ndarray, d: Design, size: int) -> np.ndarray:
    """:func:`_spread` for a batch of shuffles (rows)."""
    b = sums.shape[0]
    means = sums / d.n[None, :]
    k = np.bincount(d.group, minlength=size).astype(float)
    index = (np.arange(b)[:, None] * size + d.group[None, :]).ravel()
    centre = np.bincount(index, weights=means.ravel(), minlength=b * size)
    centre = centre.reshape(b, size) / k[None, :]
    dev = (means - centre[:, d.group]) ** 2
    total = np.bincount(index, weights=dev.ravel(), minlength=b * size)
    with np.errstate(invalid="ignore", divide="ignore"):
        return total.reshape(b, size) / (k[None, :] - 1)
