"""Who can still win the season: each player's chance of finishing first and
in the top three after more evenings like the past ones, by simulation
(docs/guide/season.md, "Title odds")."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.season.criteria import PLACE_POINTS, ranking_for
from cardscore_frames.season.figures import group_ids
from cardscore_frames.season.frames import by_columns, prepared, team_column
from cardscore_frames.season.luck import measure_values
from cardscore_frames.season.ratings import ratings
from cardscore_frames.season.uncertainty import shrunk_mean

__all__ = ["title_odds", "STRENGTHS"]

#: Where a player's strength comes from: ``ratings`` (openskill's mu and
#: sigma, :func:`~cardscore_frames.season.ratings`) or ``means`` (his shrunk
#: mean result per game and its uncertainty).
STRENGTHS = ("ratings", "means")
_CELLS = 3_000_000  # simulated results per batch at most


def title_odds(
    ledger: pd.DataFrame,
    *,
    remaining: int,
    seed: int = 0,
    simulations: int = 10_000,
    by: Sequence[str] | str | None = None,
    strength: str | None = None,
) -> pd.DataFrame:
    """Each player's chance of finishing the season first, and in the top
    three, after ``remaining`` more evenings like the past ones.

    One simulated evening is a past evening of the season (its date) drawn at
    random, with its tables and the players who sat at them; who finishes
    where at each table is drawn anew from the players' strengths, and each
    place earns what that place earned in the drawn game (so table sizes,
    zero-sum totals and the spread of results stay the club's own). A
    player's performance in a game is his strength, itself drawn once per
    simulation from what is known of it, plus the game's own luck; a belot
    pair adds its partners' performances. The season is then ranked by the
    game's ranking criterion (total score, place points or wins, as
    :func:`~cardscore_frames.season.standings` ranks it); a tie on it is
    shared (drawn at random in each simulation), so the chances add up to one
    (``p_first``) and to three (``p_top3``, with three players or more).

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of one or more games.
    remaining : int
        Evenings still to play.
    seed : int
        Seed of the simulations: the same seed gives the same odds.
    simulations : int
        Simulated ends of season (default 10,000: a chance of 50% is then
        known to about ±1 point).
    by : str or sequence of str, optional
        Metadata columns that split the seasons further (e.g. ``"league"``).
    strength : {"ratings", "means"}, optional
        ``"ratings"`` (default when openskill is installed): each player's
        openskill rating in the game after his last game of the season (so a
        past season is judged on what was known then), mu and sigma, with the
        model's beta as a game's luck. ``"means"``: his mean result per game
        shrunk toward the season's (normal-normal empirical Bayes), its
        uncertainty, and the spread of one game as the luck.

    Returns
    -------
    pandas.DataFrame
        One row per game, season, ``by`` group and player, by game, group and
        falling ``p_first``: ``game``, ``season``, the ``by`` columns,
        ``player``, ``games`` (played so far), ``criterion`` (what the season
        is ranked by), ``current`` (his value of it now), ``p_first``,
        ``p_top3`` (chances, 0 to 1).

    Raises
    ------
    RulesError
        A bad ``remaining``, ``seed``, ``simulations`` or ``strength``.
    CardscoreError
        ``strength="ratings"`` without openskill (the install hint says how).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("league_tarot")))
    >>> odds = csf.season.title_odds(ledger, remaining=5, simulations=2000)
    >>> odds[odds["season"] == "2025-26"].head(3)[
    ...     ["player", "current", "p_first", "p_top3"]]
         player  current  p_first  p_top3
    22   Amélie    168.0   0.8105   1.000
    23  Raphaël    155.0   0.1895   1.000
    24   Hélène    123.0   0.0000   0.466
    """
    strength = _checked(remaining, seed, simulations, strength)
    prep = prepared(ledger)
    extra = [by] if isinstance(by, str) else list(by or ())
    cols = by_columns(prep, ["season", *extra])
    results = prep.results
    group = group_ids(results, ["game", *cols])
    rng = np.random.default_rng(seed)
    rated, beta = None, None
    if strength == "ratings":
        found = ratings(ledger)
        rated, beta = found, float(found.model.get("beta", 25 / 6))
    parts = []
    for g in range(group.max() + 1 if len(group) else 0):
        rows = results.iloc[np.flatnonzero(group == g)]
        parts.append(_one_season(rows, cols, remaining, simulations, rng, rated, beta))
    return pd.concat(parts, ignore_index=True)


def _checked(remaining, seed, simulations, strength) -> str:
    whole = (int, np.integer)
    for name, value, least in (
        ("remaining", remaining, 0),
        ("seed", seed, 0),
        ("simulations", simulations, 1),
    ):
        if not isinstance(value, whole) or isinstance(value, bool) or value < least:
            raise RulesError(
                f"{name} must be a whole number of {least} or more; got {value!r}"
            )
    if strength is None:
        try:
            import openskill  # noqa: F401
        except ImportError:  # pragma: no cover - openskill is installed for tests
            return "means"
        return "ratings"
    if strength not in STRENGTHS:
        raise RulesError(
            f"strength must be one of {', '.join(STRENGTHS)}; got {strength!r}"
        )
    return strength


def _criterion(rows: pd.DataFrame) -> str:
    """The primary criterion the season's table is ranked by (as standings)."""
    sizes = np.unique(rows["players"].to_numpy())
    mixed = len(sizes) > 1 and bool(np.isin(sizes, list(PLACE_POINTS)).all())
    return ranking_for(str(rows["game"].iat[0]), None, mixed).primary


def _one_season(rows, cols, remaining, simulations, rng, rated, beta):
    criterion = _criterion(rows)
    value = measure_values(rows, criterion)
    names, player = np.unique(
        rows["player"].astype(str).to_numpy(), return_inverse=True
    )
    k = len(names)
    current = np.bincount(player, weights=np.nan_to_num(value), minlength=k)
    games = np.bincount(player, minlength=k)
    mu, sigma, luck = _strengths(rows, names, player, value, rated, beta)
    tables = _tables(rows, value, player)
    added = _simulate(tables, k, mu, sigma, luck, remaining, simulations, rng)
    final = np.round(current[None, :] + added, 9)
    order = np.lexsort((rng.random(final.shape), -final), axis=-1)
    p_first = np.bincount(order[:, 0], minlength=k) / simulations
    p_top3 = np.bincount(order[:, :3].ravel(), minlength=k) / simulations
    out = pd.DataFrame({c: rows[c].iat[0] for c in ["game", *cols]}, index=range(k))
    out = out.astype(object)
    out["player"], out["games"] = names, games
    out["criterion"], out["current"] = criterion, current
    out["p_first"], out["p_top3"] = p_first, p_top3
    rank = np.lexsort((names, -current, -p_top3, -p_first))
    return out.iloc[rank].reset_index(drop=True)


def _strengths(rows, names, player, value, rated, beta):
    """Each player's mean strength, its uncertainty and a game's luck."""
    if rated is not None:
        return (*_ratings_then(rows, names, rated), beta)
    ok = ~np.isnan(value)
    k = len(names)
    n = np.bincount(player[ok], minlength=k).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.bincount(player[ok], weights=value[ok], minlength=k) / n
        resid = value[ok] - mean[player[ok]]
        within = float((resid**2).sum() / max(ok.sum() - k, 1))
    if ok.sum() <= k:  # nobody played twice: no skill can show, all alike
        luck = float(np.std(value[ok], ddof=1)) if ok.sum() > 1 else 1.0
        return np.zeros(k), np.zeros(k), luck
    group = np.zeros(k, dtype=np.int64)
    shrunk = shrunk_mean(mean, n, np.full(k, within), group)
    with np.errstate(invalid="ignore", divide="ignore"):
        spread = np.nanvar(mean, ddof=1) - within * np.nanmean(1 / n)
        t = max(float(spread), 1e-12)
        sigma = np.sqrt(1 / (1 / t + n / within))
    return np.nan_to_num(shrunk), np.nan_to_num(sigma), np.sqrt(within)


def _ratings_then(rows, names, rated) -> tuple[np.ndarray, np.ndarray]:
    """Each player's mu and sigma after his last game of the season (a past
    season is judged on what was known then); a player the ratings have not
    seen by then gets the model's starting rating."""
    history = rated.history
    game = str(rows["game"].iat[0])
    last = rows["date"].max()
    mine = history[history["game"].astype(str) == game]
    if not pd.isna(last):
        dates = mine["date"]
        mine = mine[(dates <= last).to_numpy() | dates.isna().to_numpy()]
    latest = mine.groupby(mine["player"].astype(str), sort=False).tail(1)
    latest = latest.set_index(latest["player"].astype(str))
    start_mu = float(rated.model.get("mu", 25.0))
    start_sigma = float(rated.model.get("sigma", 25 / 3))
    mu = latest["mu"].reindex(names).fillna(start_mu).to_numpy(float)
    sigma = latest["sigma"].reindex(names).fillna(start_sigma).to_numpy(float)
    return mu, sigma


def _tables(rows, value, player):
    """Every past game as arrays: per evening its games, per game its sides
    (members and the results its places earned, best first)."""
    side = team_column(rows)
    ok = ~np.isnan(value)
    frame = pd.DataFrame(
        {
            "game": rows["game_key"].astype(str).to_numpy(),
            "date": rows["date"].to_numpy(),
            "side": side,
            "player": player,
            "value": value,
        }
    )[ok]
    frame["unit"] = group_ids(frame, ["game", "side"])
    sizes = frame.groupby("game")["unit"].transform("nunique").to_numpy()
    frame = frame[sizes >= 2]
    dates = frame["date"].astype(object).where(frame["date"].notna(), frame["game"])
    frame["evening"] = pd.factorize(dates.astype(str), sort=True)[0]
    frame = frame.sort_values(["evening", "game", "unit"], kind="stable")
    frame["gid"] = pd.factorize(frame["game"])[0]
    frame["unit"] = pd.factorize(frame["unit"])[0]
    return frame


def _simulate(frame, k, mu, sigma, luck, remaining, simulations, rng):
    """The criterion each player adds in each simulation (simulations x k)."""
    added = np.zeros((simulations, k))
    if remaining == 0 or frame.empty:
        return added
    unit_game = frame.groupby("unit")["gid"].first().to_numpy()
    unit_value = frame.groupby("unit")["value"].first().to_numpy()
    # each game's results, best first, laid out by the game's unit positions
    order = np.lexsort((-unit_value, unit_game))
    sorted_values = unit_value[order]
    evening_games = frame.groupby("evening")["gid"].unique()
    per_evening = np.array([len(v) for v in evening_games])
    rows_per_evening = frame.groupby("evening").size().to_numpy()
    batch = max(
        1, min(simulations, _CELLS // max(remaining * rows_per_evening.max(), 1))
    )
    row_unit, row_player = frame["unit"].to_numpy(), frame["player"].to_numpy()
    units_per_game = np.bincount(unit_game)
    game_first_unit = np.r_[0, np.cumsum(units_per_game)[:-1]]
    rows_of_unit = np.bincount(row_unit)
    game_rows = np.bincount(unit_game, weights=rows_of_unit).astype(np.int64)
    game_first_row = np.r_[0, np.cumsum(game_rows)[:-1]]
    evening_first_game = np.r_[0, np.cumsum(per_evening)[:-1]]
    for start in range(0, simulations, batch):
        b = min(batch, simulations - start)
        skill = mu[None, :] + sigma[None, :] * rng.standard_normal((b, k))
        ev = rng.integers(0, len(per_evening), size=(b, remaining))
        sim_of_ev = np.repeat(np.arange(b), remaining)
        n_games = per_evening[ev.ravel()]
        games = _ranges(evening_first_game[ev.ravel()], n_games)
        sim_of_game = np.repeat(sim_of_ev, n_games)
        rows = _ranges(game_first_row[games], game_rows[games])
        inst_of_row = np.repeat(np.arange(len(games)), game_rows[games])
        sim = sim_of_game[inst_of_row]
        unit = row_unit[rows]
        perf = skill[sim, row_player[rows]] + luck * rng.standard_normal(len(rows))
        # a side's performance: its members' summed (one unit instance per side)
        local = unit - game_first_unit[unit_game[unit]]
        offsets = np.r_[0, np.cumsum(units_per_game[games])[:-1]]
        key = offsets[inst_of_row] + local  # the side's place in the batch
        side_perf = np.bincount(key, weights=perf)
        side_game = np.repeat(np.arange(len(games)), units_per_game[games])
        side_unit_first = np.repeat(game_first_unit[games], units_per_game[games])
        place = np.lexsort((-side_perf, side_game))  # best side first per game
        position = np.empty_like(place)
        position[place] = np.arange(len(place)) - offsets[side_game[place]]
        earned = sorted_values[side_unit_first + position]
        index = sim * k + row_player[rows]
        gain = np.bincount(index, weights=earned[key], minlength=b * k)
        added[start : start + b] = gain.reshape(b, k)
    return added


def _ranges(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """``concatenate([arange(s, s + c) for s, c in zip(starts, counts)])``."""
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    ends = np.cumsum(counts)
    base = np.repeat(starts - (ends - counts), counts)
    return base + np.arange(total)
