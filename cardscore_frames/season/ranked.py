"""The machinery under :func:`~cardscore_frames.season.standings`: each
player's figures, how sure his rates and means are, and ranks by a rule's
criteria with its tie-breaks (docs/guide/season.md)."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.season.criteria import (
    CRITERIA,
    PLACE_POINTS,
    RANKINGS,
    Ranking,
    check_tiebreaks,
    competition_rank,
    ranking_for,
)
from cardscore_frames.season.figures import player_figures
from cardscore_frames.season.tiebreaks import direct_encounter, place_points_of
from cardscore_frames.season.uncertainty import (
    mean_interval,
    shrunk_mean,
    shrunk_rate,
    wilson,
)

__all__ = ["player_table", "uncertain", "partitions", "own_tiebreaks", "ranked"]


_ROUND = 9  # values equal to 9 decimals tie (thirds of a whist summed in any order)


def player_table(
    results: pd.DataFrame, gid: np.ndarray, keys: list[str]
) -> pd.DataFrame:
    """The per-player figures, with the key columns, one row per ``gid``."""
    firsts = np.unique(gid, return_index=True)[1]
    out = results[keys].iloc[firsts].reset_index(drop=True)
    figures = player_figures(results, gid)
    out = out.join(figures.reset_index(drop=True))
    out["players_max"] = (
        pd.Series(results["players"].to_numpy()).groupby(gid).max().to_numpy()
    )
    out["mean_per_game"] = out["total"] / out["games"]
    out["mean_per_deal"] = out["total"] / out["deals"].where(out["deals"] > 0)
    out["losses"] = out["decided"] - out["wins"]
    out["win_rate"] = out["wins"] / out["decided"].where(out["decided"] > 0)
    out["average_place"] = out["place_sum"] / out["decided"].where(out["decided"] > 0)
    if "points_for" in out:
        out["difference"] = out["points_for"] - out["points_against"]
    if "finished" in results:
        out["unfinished"] = out["games"] - out["decided"]
    return out


def uncertain(table, results, gid, groups, level: float) -> pd.DataFrame:
    """The intervals and shrunk estimates of the win rate and the means.

    The spread of one game is pooled over the group: the squared deviations
    of each player's game totals from his own mean, over ``games - players``.
    A deal's spread comes from how game totals scatter around ``deals`` times
    the player's mean per deal (each deal an independent draw): the residuals
    ``e = total - r·deals`` have ``E[sum e^2] = s^2 (D - sum d^2 / D)``.
    """
    score = results["score"].to_numpy(dtype=float)
    deals = results["deals"].to_numpy(dtype=float)
    sums = (
        pd.DataFrame({"ss": score * score, "sd": score * deals, "dd": deals * deals})
        .groupby(gid)
        .sum()
    )
    n = table["games"].to_numpy(float)
    d = table["deals"].to_numpy(float)
    per_game = table["mean_per_game"].to_numpy(float)
    per_deal = table["mean_per_deal"].to_numpy(float)
    within_game = _pooled(sums["ss"].to_numpy() - n * per_game**2, n - 1, groups)
    with np.errstate(invalid="ignore", divide="ignore"):
        rr = np.nan_to_num(per_deal)
        resid = sums["ss"].to_numpy() - 2 * rr * sums["sd"].to_numpy()
        resid = resid + rr * rr * sums["dd"].to_numpy()
        dof = np.where(d > 0, d - sums["dd"].to_numpy() / np.where(d > 0, d, 1), 0)
    within_deal = _pooled(resid, dof, groups)
    out = table.copy()
    wins, decided = out["wins"].to_numpy(float), out["decided"].to_numpy(float)
    out["win_rate_low"], out["win_rate_high"] = wilson(wins, decided, level)
    out["win_rate_shrunk"] = shrunk_rate(wins, decided, groups)
    for name, m, k, v in (
        ("mean_per_game", per_game, n, within_game),
        ("mean_per_deal", per_deal, d, within_deal),
    ):
        out[f"{name}_low"], out[f"{name}_high"] = mean_interval(m, k, v, level)
        out[f"{name}_shrunk"] = shrunk_mean(m, k, v, groups)
    return out


def _pooled(squares: np.ndarray, dof: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """Each row's group variance: summed squares over summed degrees of
    freedom (NaN where the group has none)."""
    size = groups.max() + 1 if len(groups) else 0
    top = np.bincount(groups, weights=np.maximum(squares, 0), minlength=size)
    bottom = np.bincount(groups, weights=np.maximum(dof, 0), minlength=size)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(bottom > 0, top / np.where(bottom > 0, bottom, 1), np.nan)[
            groups
        ]


def partitions(results, gid, table, groups, ranking):
    """(rule, table rows) for each rule in use; tarot groups that mix table
    sizes take the game's mixed-tables rule."""
    sizes = pd.Series(results["players"].to_numpy()).groupby(groups[gid])
    scalable = sizes.agg(lambda s: bool(np.isin(s, list(PLACE_POINTS)).all()))
    mixed = ((sizes.nunique() > 1) & scalable).reindex(
        range(groups.max() + 1), fill_value=False
    )
    names = table["game"].astype(str).to_numpy()
    rules = np.array(
        [
            ranking_for(g, ranking, bool(m)).name
            for g, m in zip(names, mixed.to_numpy()[groups], strict=True)
        ]
    )
    for name in dict.fromkeys(rules):
        yield RANKINGS[name], np.flatnonzero(rules == name)


def own_tiebreaks(tiebreaks, game: str):
    """The tie-breaks given for ``game`` (one list for every game, or a list a
    game), checked; None where the rule keeps its own."""
    if tiebreaks is None:
        return None
    chosen = tiebreaks.get(game) if isinstance(tiebreaks, Mapping) else tiebreaks
    return None if chosen is None else check_tiebreaks(chosen)


def ranked(part, results, gid, groups, rule: Ranking, own, rank_by) -> pd.DataFrame:
    """Criteria values, then ranks, for the rows of one rule."""
    criteria = _expanded(rule.criteria(own), int(part["players_max"].max()))
    if "place_points" in criteria and "place_points" not in part:
        part = part.assign(place_points=place_points_of(results, gid, part))
    values = pd.DataFrame(index=part.index)
    for name in criteria:
        if name == "direct":
            values[name] = direct_encounter(part, results, gid, groups, values, rank_by)
        else:
            values[name] = _criterion(part, name, rank_by)
        values[name] = values[name].round(_ROUND)
    largest = pd.Series(part["players_max"].to_numpy()).groupby(groups).transform("max")
    for name in criteria:
        # countback stops at the group's own largest table (its last place less one)
        beyond = [not _within(name, size) for size in largest.to_numpy()]
        values.loc[beyond, name] = np.nan
    order = np.lexsort(
        (
            part["player"].astype(str).to_numpy(),
            *[
                -np.nan_to_num(values[c].to_numpy(), nan=-np.inf)
                for c in criteria[::-1]
            ],
            groups,
        )
    )
    part, values, groups = part.iloc[order], values.iloc[order], groups[order]
    largest = largest.to_numpy()[order]
    filled = values.fillna(-np.inf)
    # assign, not setitem: part is a selection (pandas 2.3 would warn)
    ranks = {
        "rank": competition_rank(filled, groups),
        "rank_points": values[criteria[0]].to_numpy(),
    }
    for k, name in enumerate(criteria[1:], start=1):
        ranks[f"tiebreak_{k}"] = values[name].to_numpy()
    words = {
        size: _words([c for c in criteria if _within(c, size)], rank_by)
        for size in np.unique(largest)
    }
    ranks["ranking"] = [words[size] for size in largest]
    return part.assign(**ranks)


def _within(criterion: str, largest: int) -> bool:
    """Whether a criterion applies to a group whose largest table is ``largest``."""
    return not criterion.startswith("places_") or int(criterion[7:]) < largest


def _expanded(criteria: tuple[str, ...], players: int) -> list[str]:
    out: list[str] = []
    for name in criteria:
        if name == "countback":
            out += [f"places_{k}" for k in range(2, max(players, 2))]
        else:
            out.append(name)
    return list(dict.fromkeys(out))


def _criterion(part: pd.DataFrame, name: str, rank_by: str) -> pd.Series:
    per_game = part["games"].astype(float)
    decided = part["decided"].where(part["decided"] > 0).astype(float)
    if name.startswith("places_"):
        total = part[name] if name in part else pd.Series(0.0, index=part.index)
        return total / decided if rank_by == "mean" else total.astype(float)
    total, per = {
        "score": (part["total"], per_game),
        "place_points": (part.get("place_points"), decided),
        "wins": (part["wins"], decided),
        "positive": (part["positive"], per_game),
        "mean": (part["mean_per_game"], None),
        "best": (part["best"], None),
        "difference": (part.get("difference"), per_game),
        "points_for": (part.get("points_for"), per_game),
        "points": (part.get("points"), per_game),
    }[name]
    if total is None:
        need = "points=" if name == "points" else "points for and against"
        raise RulesError(f"the tie-break {name!r} needs {need}")
    total = total.astype(float)
    return total / per if rank_by == "mean" and per is not None else total


def _words(criteria: list[str], rank_by: str) -> str:
    form = 1 if rank_by == "mean" else 0
    words = []
    for name in criteria:
        if name.startswith("places_"):
            k = int(name.split("_")[1])
            words.append(f"{_ordinal(k)} places" + (" (share)" if form else ""))
        else:
            words.append(CRITERIA[name][form])
    return ", then ".join(words)


def _ordinal(k: int) -> str:
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k if k < 20 else k % 10, 'th') }"
