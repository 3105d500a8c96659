"""Each player's season figures from the results, one groupby per table:
games, deals, totals, wins, places, best and worst game, winning streaks."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.contract import get_game
from cardscore_frames.season.frames import team_column

__all__ = ["player_figures", "group_ids", "result_flags"]


def group_ids(results: pd.DataFrame, keys: Sequence[str]) -> np.ndarray:
    """Each results row's group of ``keys`` (blank values are a group of their
    own), numbered in order of first appearance."""
    return (
        results.groupby(list(keys), observed=True, dropna=False, sort=False)
        .ngroup()
        .to_numpy()
    )


def result_flags(results: pd.DataFrame) -> pd.DataFrame:
    """Per results row: ``decided`` (the game has a result), ``won``, the
    fractional ``win_share`` (1 / the sides sharing first place; a belot pair's
    win is one side) and ``positive`` (a total above 0, zero-sum games)."""

    place = pd.to_numeric(results["place"], errors="coerce").to_numpy(dtype=float)
    decided = ~np.isnan(place)
    won = decided & (place == 1)
    side = team_column(results)
    firsts = pd.DataFrame(
        {"g": results["game_key"].cat.codes.to_numpy(), "side": side}
    )[won]
    sides = firsts.groupby("g", observed=True)["side"].nunique()
    k = sides.reindex(results["game_key"].cat.codes.to_numpy()).to_numpy(dtype=float)
    if "place_ties" in results:  # rows left out by a club rule still share
        k = results["place_ties"].to_numpy(dtype=float)
    games = results["game"].astype(str).to_numpy()
    zero_sum = np.isin(games, [g for g in np.unique(games) if get_game(g).zero_sum])
    score = results["score"].to_numpy(dtype=float)
    return pd.DataFrame(
        {
            "decided": decided,
            "won": won,
            "win_share": np.where(won, 1.0 / np.where(won, k, 1.0), 0.0),
            "positive": np.where(zero_sum, (score > 0).astype(float), np.nan),
            "place": place,
        }
    )


def player_figures(results: pd.DataFrame, gid: np.ndarray) -> pd.DataFrame:
    """One row per group id (``gid``, 0..G-1, in order): the figures of the
    standings (see :func:`cardscore_frames.season.standings`)."""
    flags = result_flags(results)
    work = pd.DataFrame(
        {
            "gid": gid,
            "deals": results["deals"].to_numpy(dtype=np.int64),
            "score": results["score"].to_numpy(dtype=float),
            **{c: flags[c].to_numpy() for c in flags},
        }
    )
    for c in ("points_for", "points_against", "money", "place_points"):
        if c in results:
            work[c] = results[c].to_numpy(dtype=float)
    grouped = work.groupby("gid", sort=True)
    out = grouped.agg(
        games=("score", "size"),
        decided=("decided", "sum"),
        deals=("deals", "sum"),
        total=("score", "sum"),
        wins=("won", "sum"),
        wins_shared=("win_share", "sum"),
        place_sum=("place", "sum"),
        best=("score", "max"),
        worst=("score", "min"),
    )
    for c in ("positive", "points_for", "points_against", "money", "place_points"):
        if c in work:
            out[c] = grouped[c].sum(min_count=1)
    places = _place_counts(work)
    out = out.join(places)
    out["longest_streak"] = _longest_streaks(work, results["seq"].to_numpy())
    return out


def _place_counts(work: pd.DataFrame) -> pd.DataFrame:
    """``places_1``, ``places_2`` ...: how often each player finished there
    (shared places count at the shared rank: 1, 1, 3)."""
    decided = work.loc[work["decided"].to_numpy(), ["gid", "place"]]
    counts = decided.groupby(["gid", "place"]).size().unstack(fill_value=0)
    counts.columns = [f"places_{int(p)}" for p in counts.columns]
    return counts.reindex(
        pd.RangeIndex(work["gid"].max() + 1 if len(work) else 0), fill_value=0
    )


def _longest_streaks(work: pd.DataFrame, seq: np.ndarray) -> np.ndarray:
    """The longest run of games won in a row, in replay order (games without a
    result, an unfinished match, are left out of the sequence)."""
    keep = np.flatnonzero(work["decided"].to_numpy())
    gid = work["gid"].to_numpy()[keep]
    won = work["won"].to_numpy()[keep]
    order = np.lexsort((seq[keep], gid))
    gid, won = gid[order], won[order]
    n = len(gid)
    out = np.zeros(work["gid"].max() + 1 if len(work) else 0, dtype=np.int64)
    if n == 0:
        return out
    start = np.r_[True, gid[1:] != gid[:-1]]
    count = np.cumsum(won)
    base = np.maximum.accumulate(np.where(start | ~won, count - won, 0))
    streak = count - base
    np.maximum.at(out, gid, streak)
    return out
