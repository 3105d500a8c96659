"""The tie-breaks that look back at the games themselves: place points (a
shared place shares the points of the places it covers) and the direct
encounter between the players still tied."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.season.criteria import place_points
from cardscore_frames.season.frames import team_column

__all__ = ["place_points_of", "direct_encounter"]


def place_points_of(results, gid: np.ndarray, part: pd.DataFrame) -> np.ndarray:
    """Each table row's place points summed over his games (``gid``: each
    results row's table row; shared places share the points they cover)."""
    place = pd.to_numeric(results["place"], errors="coerce").to_numpy(dtype=float)
    decided = ~np.isnan(place)
    players = results["players"].to_numpy(dtype=np.int64)
    side = team_column(results)
    ties = (
        pd.DataFrame(
            {"g": results["game_key"].cat.codes.to_numpy(), "p": place, "s": side}
        )
        .groupby(["g", "p"], observed=True)["s"]
        .transform("nunique")
        .to_numpy(dtype=float)
    )
    if "place_ties" in results:  # rows left out by a club rule still share
        ties = results["place_ties"].to_numpy(dtype=float)
    rows = np.flatnonzero(decided & np.isin(gid, part.index.to_numpy()))
    points = place_points(
        players[rows], place[rows].astype(np.int64), ties[rows].astype(np.int64)
    )
    total = pd.Series(points).groupby(gid[rows]).sum()
    return total.reindex(part.index, fill_value=0.0).to_numpy()


def direct_encounter(part, results, gid, groups, values, rank_by) -> np.ndarray:
    """Encounters won minus lost against the other players still tied on every
    earlier criterion (a game finished above one of them +1, below -1, level
    0; partners are not opponents); NaN for a player not tied."""
    earlier = values.fillna(-np.inf).assign(_group=groups)
    tie = earlier.groupby(list(earlier.columns), sort=False).ngroup().to_numpy()
    size = np.bincount(tie)[tie]
    tied = pd.Series(tie[size > 1], index=part.index[size > 1])
    rows = np.flatnonzero(np.isin(gid, tied.index.to_numpy()))
    out = pd.Series(np.nan, index=part.index)
    if not len(rows):
        return out.to_numpy()
    sub = pd.DataFrame(
        {
            "g": results["game_key"].cat.codes.to_numpy()[rows],
            "tie": tied.reindex(gid[rows]).to_numpy(),
            "who": gid[rows],
            "side": team_column(results)[rows],
            "place": pd.to_numeric(results["place"], errors="coerce").to_numpy()[rows],
        }
    ).dropna(subset=["place"])
    pairs = sub.merge(sub, on=["g", "tie"], suffixes=("", "_o"))
    pairs = pairs[pairs["side"].to_numpy() != pairs["side_o"].to_numpy()]
    net = np.sign(pairs["place_o"].to_numpy() - pairs["place"].to_numpy())
    by_who = pd.Series(net).groupby(pairs["who"].to_numpy())
    points = by_who.sum() if rank_by == "total" else by_who.mean()
    out.loc[tied.index] = 0.0
    out.loc[points.index] = points.to_numpy()
    return out.to_numpy()
