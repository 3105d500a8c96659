"""How a league table is ranked: the criteria, each game's ranking rule, place
points, and the ordering with shared places (docs/guide/season.md).

A ranking rule is a primary criterion and an ordered list of tie-breaks, each
applied only while a tie persists (FIDE C.07 [G1]); a tie that survives the list
is a shared place (1, 2, 2, 4: ``rank(method="min")``), never drawn by lot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from cardscore_frames.contract import get_game
from cardscore_frames.errors import RulesError

__all__ = [
    "CRITERIA",
    "RANKINGS",
    "default_ranking",
    "PLACE_POINTS",
    "Ranking",
    "ranking_for",
    "place_points",
    "competition_rank",
]

#: Place points scaled to 6 per player, so that no table size is favoured
#: (standings.md §0, [G3]): 3 players 10-6-2, 4 players 11-7-4-2, 5 players
#: 12-8-5-3-2.
PLACE_POINTS = {3: (10, 6, 2), 4: (11, 7, 4, 2), 5: (12, 8, 5, 3, 2)}

#: Every criterion: what it measures in total and in its ``rank_by="mean"``
#: form (higher is better for all). ``countback`` stands for places_2,
#: places_3, ... up to the largest table less one.
CRITERIA = {
    "score": ("total score", "mean score per game"),
    "place_points": ("place points", "place points per game"),
    "wins": ("games won", "win rate"),
    "countback": ("2nd places, then 3rd ...", "share of 2nd places, then 3rd ..."),
    "positive": ("games with a positive total", "share of games with a positive total"),
    "mean": ("mean score per game", "mean score per game"),
    "best": ("best game", "best game"),
    "direct": (
        "direct encounter: encounters won minus lost against the tied players",
        "direct encounter: (won - lost) per encounter with the tied players",
    ),
    "difference": ("point difference", "point difference per game"),
    "points_for": ("points for", "points for per game"),
    "points": ("club points", "club points per game"),
}


@dataclass(frozen=True)
class Ranking:
    """A ranking rule: the primary criterion, then the tie-breaks in order."""

    name: str
    primary: str
    tiebreaks: tuple[str, ...]
    doc: str

    def criteria(self, tiebreaks: Sequence[str] | None = None) -> tuple[str, ...]:
        return (self.primary, *(self.tiebreaks if tiebreaks is None else tiebreaks))


#: The ranking rules of standings.md, by name.
RANKINGS = {
    "score": Ranking(
        "score",
        "score",
        ("wins", "countback"),
        "tarot within one table size: total score, then games won, then 2nd "
        "places, 3rd places ... (countback, the medal table [T6, G3])",
    ),
    "place_points": Ranking(
        "place_points",
        "place_points",
        ("score",),
        "mixed table sizes: place points 12-8-5-3-2 / 11-7-4-2 / 10-6-2 [G3], "
        "then total score",
    ),
    "whists": Ranking(
        "whists",
        "score",
        ("positive", "mean", "best"),
        "preferans club season: whist balance, then pulkas won (balance > 0), "
        "then mean whists per pulka, then best pulka [P6]",
    ),
    "match_wins": Ranking(
        "match_wins",
        "wins",
        ("direct", "difference", "points_for"),
        "belot: matches won, then direct encounter between the tied players, "
        "then point difference, then points for [B2, B3]",
    ),
}


def ranking_for(
    game: str, ranking: str | Mapping[str, str] | None, mixed: bool
) -> Ranking:
    """The rule for one game: ``ranking`` given (a name, or a name per game),
    else the game's default (its mixed-tables rule when ``mixed``)."""
    chosen = ranking.get(game) if isinstance(ranking, Mapping) else ranking
    if chosen is None:
        chosen = default_ranking(game, mixed)
    if chosen not in RANKINGS:
        raise RulesError(
            f"ranking must be one of {', '.join(RANKINGS)}; got {chosen!r} for {game}"
        )
    return RANKINGS[chosen]


def default_ranking(game: str, mixed: bool = False) -> str:
    """The ranking a game's league uses unless told otherwise: the game's own
    (``Game.ranking``; its ``mixed_tables_ranking`` when one group mixes table
    sizes), else by score when the game is zero-sum, by games won when not."""
    entry = get_game(game)
    if mixed and entry.mixed_tables_ranking:
        return entry.mixed_tables_ranking
    return entry.ranking or ("score" if entry.zero_sum else "match_wins")


def check_tiebreaks(tiebreaks: Sequence[str]) -> tuple[str, ...]:
    names = (tiebreaks,) if isinstance(tiebreaks, str) else tuple(tiebreaks)
    unknown = [t for t in names if t not in CRITERIA]
    if unknown:
        raise RulesError(
            f"tiebreaks must be among {', '.join(CRITERIA)}; got "
            f"{', '.join(map(repr, unknown))}"
        )
    return names


def place_points(players: np.ndarray, place: np.ndarray, ties: np.ndarray):
    """Each result's place points; a shared place shares the points of the
    places it covers (two tied for 1st at 4 players: (11 + 7) / 2 each).

    ``players``: table size; ``place``: 1-based, shared places ranked 1, 1, 3;
    ``ties``: how many share the place.
    """
    sizes = np.unique(players)
    bad = [int(s) for s in sizes if int(s) not in PLACE_POINTS]
    if bad:
        sizes = ", ".join(map(str, PLACE_POINTS))
        raise RulesError(
            f"place points are defined for tables of {sizes} players; these games "
            f"have {', '.join(map(str, bad))}"
        )
    width = max(PLACE_POINTS) + 1
    cum = np.zeros((width, width + 1))
    for size, points in PLACE_POINTS.items():
        cum[size, 1 : size + 1] = np.cumsum(points)
        cum[size, size + 1 :] = cum[size, size]
    first = place - 1
    last = np.minimum(first + ties, players)
    return (cum[players, last] - cum[players, first]) / ties


def competition_rank(keys: pd.DataFrame, group: np.ndarray) -> np.ndarray:
    """Standard competition ranks (1, 2, 2, 4) within each ``group``, higher
    key values first; rows must be sorted by group, then keys descending."""
    n = len(keys)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    new = np.ones(n, dtype=bool)
    same = group[1:] == group[:-1]
    for c in keys.columns:
        v = keys[c].to_numpy(dtype=float)
        same &= (v[1:] == v[:-1]) | (np.isnan(v[1:]) & np.isnan(v[:-1]))
    new[1:] = ~same
    starts = np.r_[True, group[1:] != group[:-1]]
    position = np.arange(n) - np.maximum.accumulate(np.where(starts, np.arange(n), 0))
    rank = np.maximum.accumulate(np.where(new, np.arange(n), 0))
    return position - (np.arange(n) - rank) + 1
