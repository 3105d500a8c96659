"""Club scoring rules for the league table (docs/guide/season.md, "Club scoring
rules"): points per game won or lost (the Seeger-Fabian system of skat leagues
and its kin), championship points by the place at each evening (a tarot club's
weekly challenge: ``points="place"``), caps on what one game or one evening can
win, and a ladder of each player's best N evenings.

Each rule rewrites the results (one row per game and player) before the
table is built, vectorised: groupby/transform over the rows, no loop over
them. In order: a game's gain is compressed (``whist_cap``), an evening's
gain is capped (``evening_cap``), each game earns its club points
(``points``), or each evening its place points (``points="place"``), then
only each player's best evenings are kept (``best_evenings``).

An evening is a date's games of one game and group (the ``by`` columns of
the table: league, season). Its place points go by the evening's totals (each
player's game totals that evening, every table of the evening together),
ranked with shared places (1, 2, 2, 4): at an evening of n sides the place
scores ``n - place + 1``, or what a club's scale gives the place. A side is a
player, or the players who were partners in every game of the evening (a
belot pair kept all evening): it takes one place, and each of its players
gets its points.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from numbers import Real

import numpy as np
import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.season.criteria import (
    PLACE_POINTS,
    Ranking,
    place_points,
    ranking_for,
)
from cardscore_frames.season.figures import group_ids
from cardscore_frames.season.frames import team_column

__all__ = [
    "ClubRules",
    "club_rules",
    "apply_club_rules",
    "club_columns",
    "with_points",
    "POINTS_PRESETS",
    "WHIST_CAPS",
    "CLUB_COLUMNS",
    "CLUB_OPTIONS",
]

#: What a points scheme may hold: ``score`` (a factor on the game's total),
#: ``win`` (points for a game won), ``loss`` (for a game with a result not
#: won; a deduction is negative) and ``opponent_loss`` (for each opponent at
#: the table who lost the game: a number, or a number per table size).
POINT_KEYS = ("score", "win", "loss", "opponent_loss")

#: The scale of ``points={"place": ...}`` that gives ``n - place + 1`` at an
#: evening of n sides (1st n, last 1).
PLACE_FORMULA = "n-place+1"

#: Named points schemes. ``seeger``: the Seeger-Fabian system of skat leagues
#: (German Skat Association's tournament rules): the game's value, 50 for a
#: game won, 50 off for a game lost, and each opponent of a lost game 40 at a
#: table of three, 30 at a table of four. Skat doubles a lost game's value; a
#: game's total here is already the zero-sum balance, so it counts once.
#: ``place``: championship points by the place at each evening, as a tarot
#: club's weekly challenge gives them: n - place + 1 at an evening of n sides,
#: a shared place scoring in full for each (docs/guide/season.md).
POINTS_PRESETS = {
    "seeger": {
        "score": 1.0,
        "win": 50.0,
        "loss": -50.0,
        "opponent_loss": {3: 40.0, 4: 30.0},
    },
    "place": {"place": PLACE_FORMULA},
}

#: Named caps on a game's gain, as (from, rate) bands: above ``from`` the gain
#: counts at ``rate`` (1:1 below the first band). ``gambler``: a St Petersburg
#: preferans championship counts whists up to 200 in full, the part above 200
#: at 1/10 and nothing from 650; ``elephant``: a Rostov event counts whists 51
#: to 100 at 1/2 and above 100 at 1/10.
WHIST_CAPS = {
    "gambler": ((200.0, 0.1), (650.0, 0.0)),
    "elephant": ((50.0, 0.5), (100.0, 0.1)),
}

#: The options of :func:`~cardscore_frames.season.standings` that are club rules.
CLUB_OPTIONS = ("points", "best_evenings", "evening_cap", "whist_cap")

#: Columns the league table gains when a club rule is on.
CLUB_COLUMNS = ("points", "cut", "evenings", "evenings_counted")


@dataclass(frozen=True)
class ClubRules:
    """Checked club rules; ``None`` fields are off."""

    points: dict | None = None
    best_evenings: int | None = None
    evening_cap: float | None = None
    whist_cap: tuple[tuple[float, float], ...] | None = None

    @property
    def active(self) -> bool:
        return any(v is not None for v in vars(self).values())

    @property
    def by_place(self) -> bool:
        """Points go by the place at each evening (``points="place"``)."""
        return self.points is not None and "place" in self.points


def club_rules(
    *,
    points: str | Mapping | None = None,
    best_evenings: int | None = None,
    evening_cap: float | None = None,
    whist_cap: str | Sequence | None = None,
) -> ClubRules:
    """The options checked, every bad one named at once (:class:`RulesError`)."""
    problems: list[str] = []
    rules = ClubRules(
        points=_checked_points(points, problems),
        best_evenings=_checked_count(best_evenings, problems),
        evening_cap=_checked_cap(evening_cap, problems),
        whist_cap=_checked_bands(whist_cap, problems),
    )
    if problems:
        raise RulesError("; ".join(problems))
    return rules


def _checked_points(points, problems: list[str]) -> dict | None:
    if points is None:
        return None
    if isinstance(points, str):
        if points in POINTS_PRESETS:
            return dict(POINTS_PRESETS[points])
        per_game = [repr(k) for k in POINTS_PRESETS if k != "place"]
        problems.append(
            f"points must be one of {', '.join(per_game)} or a mapping of "
            f"{', '.join(POINT_KEYS)} to numbers (per game), or 'place' or "
            f"{{'place': {{1: 25, 2: 18, ...}}}} (by the evening's place); "
            f"got {points!r}"
        )
        return None
    if not isinstance(points, Mapping):
        problems.append(
            f"points must be a preset name or a mapping of {', '.join(POINT_KEYS)} "
            f"to numbers, or of 'place' to a scale; got {points!r}"
        )
        return None
    if "place" in points:
        return _checked_place(points, problems)
    unknown = [k for k in points if k not in POINT_KEYS]
    if unknown:
        problems.append(
            f"points takes the keys {', '.join(POINT_KEYS)}; got "
            f"{', '.join(map(repr, unknown))} (or 'place' alone, for points by "
            f"the evening's place)"
        )
    out = {k: 0.0 for k in POINT_KEYS}
    for key in POINT_KEYS:
        value = points.get(key, 0.0)
        if key == "opponent_loss" and isinstance(value, Mapping):
            bad = {s: v for s, v in value.items() if not _is_size(s) or not _num(v)}
            if bad:
                problems.append(
                    "points['opponent_loss'] as a mapping takes table sizes "
                    f"(whole numbers from 2) to numbers; got {bad!r}"
                )
            out[key] = {int(s): float(v) for s, v in value.items() if s not in bad}
        elif _num(value):
            out[key] = float(value)
        else:
            problems.append(f"points[{key!r}] must be a finite number; got {value!r}")
    return out


def _checked_place(points: Mapping, problems: list[str]) -> dict | None:
    """``{"place": scale}``: the scale ``"n-place+1"``, or a mapping of places
    (whole numbers from 1) to points, places beyond it scoring 0."""
    others = [k for k in points if k != "place"]
    if others:
        problems.append(
            "points={'place': ...} gives points by the evening's place and takes "
            f"no other key; got {', '.join(map(repr, others))}"
        )
    scale = points["place"]
    if isinstance(scale, str) and scale == PLACE_FORMULA:
        return {"place": PLACE_FORMULA}
    if not isinstance(scale, Mapping) or not scale:
        problems.append(
            f"points['place'] must be {PLACE_FORMULA!r} or a mapping of places "
            "(whole numbers from 1) to points, e.g. {1: 25, 2: 18, 3: 15}; got "
            f"{scale!r}"
        )
        return None
    bad = {p: v for p, v in scale.items() if not _is_size(p, 1) or not _num(v)}
    if bad:
        problems.append(
            "points['place'] takes places (whole numbers from 1) to finite "
            f"numbers; got {bad!r}"
        )
        return None
    return {"place": {int(p): float(v) for p, v in scale.items()}}


def _checked_count(best, problems: list[str]) -> int | None:
    if best is None:
        return None
    if isinstance(best, bool) or not isinstance(best, int | np.integer) or best < 1:
        problems.append(f"best_evenings must be a whole number from 1; got {best!r}")
        return None
    return int(best)


def _checked_cap(cap, problems: list[str]) -> float | None:
    if cap is None:
        return None
    if not _num(cap) or cap < 0:
        problems.append(
            f"evening_cap must be a number from 0 (the most an evening can add, "
            f"in the game's unit); got {cap!r}"
        )
        return None
    return float(cap)


def _checked_bands(cap, problems: list[str]) -> tuple | None:
    if cap is None:
        return None
    if isinstance(cap, str):
        if cap in WHIST_CAPS:
            return WHIST_CAPS[cap]
        problems.append(
            f"whist_cap must be one of {', '.join(map(repr, WHIST_CAPS))} or "
            f"(from, rate) bands; got {cap!r}"
        )
        return None
    try:
        bands = tuple((f, r) for f, r in cap)
    except (TypeError, ValueError):
        bands = ()
    starts = [f for f, _ in bands]
    good = (
        bands
        and all(_num(f) and f > 0 for f in starts)
        and all(b > a for a, b in zip(starts, starts[1:], strict=False))
        and all(_num(r) and r >= 0 for _, r in bands)
    )
    if not good:
        problems.append(
            "whist_cap bands are (from, rate) pairs with from above 0 and rising, "
            f"rate from 0, e.g. ((200, 0.1), (650, 0)); got {cap!r}"
        )
        return None
    return tuple((float(f), float(r)) for f, r in bands)


def _num(value) -> bool:
    return (
        isinstance(value, Real)
        and not isinstance(value, bool)
        and math.isfinite(float(value))
    )


def _is_size(value, least: int = 2) -> bool:
    return (
        isinstance(value, int | np.integer)
        and not isinstance(value, bool)
        and (value >= least)
    )


def with_points(rule: Ranking, rules: ClubRules) -> Ranking:
    """The rule ranked by club points first when a points scheme is on; the
    rule's own criteria then break ties (with points by the evenings' places,
    those of them that do not count places again)."""
    if rules.points is None:
        return rule
    # points by the evenings' places count places already: not again by the
    # places at each table (with a countback of every place of a room of 40)
    dropped = ("points", "place_points", "countback") if rules.by_place else ("points",)
    rest = tuple(c for c in rule.criteria() if c not in dropped)
    return replace(rule, primary="points", tiebreaks=rest)


def apply_club_rules(
    results: pd.DataFrame,
    rules: ClubRules,
    by: list[str],
    ranking: str | Mapping[str, str] | None,
) -> pd.DataFrame:
    """The results as the club counts them: gains compressed and capped,
    ``points`` per game (or per evening, by its place), only each player's
    best evenings kept (with ``place_ties`` so that a place shared with a row
    left out stays shared). ``cut``: what the caps took off each game's
    total."""
    if not rules.active:
        return results
    out = results.copy()
    out["place_ties"] = _place_ties(out)
    _check_dates(out, rules)
    raw = out["score"].to_numpy(dtype=float)
    score = raw.copy()
    if rules.whist_cap is not None:
        score = np.where(score > 0, compressed(score, rules.whist_cap), score)
    keys = ["game", *by, "player"]
    evening = group_ids(out.assign(_day=out["date"].dt.normalize()), [*keys, "_day"])
    if rules.evening_cap is not None:
        score = capped(score, evening, rules.evening_cap)
    if rules.whist_cap is not None or rules.evening_cap is not None:
        out["cut"] = raw - score
        out["score"] = score
    if rules.by_place:
        out["points"] = evening_place_points(out, evening, by, rules.points["place"])
    elif rules.points is not None:
        out["points"] = game_points(out, rules.points)
    if rules.best_evenings is not None or rules.by_place:
        out = _best_evenings(out, evening, keys, by, ranking, rules.best_evenings)
    return out


def compressed(gain: np.ndarray, bands: tuple[tuple[float, float], ...]):
    """A gain through (from, rate) bands: 1:1 up to the first ``from``, then
    each band's part at its rate."""
    starts = np.array([f for f, _ in bands])
    rates = np.array([r for _, r in bands])
    ends = np.append(starts[1:], np.inf)
    x = np.asarray(gain, dtype=float)[:, None]
    parts = np.clip(x - starts, 0.0, ends - starts) * rates
    return np.minimum(x[:, 0], starts[0]) + parts.sum(axis=1)


def capped(score: np.ndarray, evening: np.ndarray, cap: float) -> np.ndarray:
    """Each evening adds at most ``cap``: an evening above it has its winning
    games scaled down in proportion; its losing games count in full."""
    frame = pd.DataFrame({"e": evening, "s": score, "gain": np.maximum(score, 0.0)})
    per = frame.groupby("e")[["s", "gain"]].transform("sum")
    over = np.maximum(per["s"].to_numpy() - cap, 0.0)
    gain = per["gain"].to_numpy()
    factor = np.where(over > 0, (gain - over) / np.where(gain > 0, gain, 1.0), 1.0)
    return np.where(score > 0, score * factor, score)


def game_points(results: pd.DataFrame, scheme: dict) -> np.ndarray:
    """Each game's club points: ``score`` times its total, ``win`` or
    ``loss``, and ``opponent_loss`` for each opponent who lost it (partners
    are not opponents)."""
    place = pd.to_numeric(results["place"], errors="coerce").to_numpy(dtype=float)
    decided = ~np.isnan(place)
    won = decided & (place == 1)
    lost = (decided & ~won).astype(float)
    game = results["game_key"].cat.codes.to_numpy()
    side = team_column(results)
    frame = pd.DataFrame({"g": game, "side": side, "lost": lost})
    in_game = frame.groupby("g")["lost"].transform("sum").to_numpy()
    own_side = frame.groupby(["g", "side"])["lost"].transform("sum").to_numpy()
    each = _per_table_size(results, scheme["opponent_loss"])
    return (
        scheme["score"] * results["score"].to_numpy(dtype=float)
        + np.where(won, scheme["win"], 0.0)
        + lost * scheme["loss"]
        + (in_game - own_side) * each
    )


def evening_place_points(
    results: pd.DataFrame, evening: np.ndarray, by: list[str], scale
) -> np.ndarray:
    """Each player's points for his place at the evening, on the first game
    of his evening (0 on his other games), so that his rows sum to his place
    points over any set of whole evenings.

    ``evening``: each row's player-evening. The evening's sides (see
    :func:`_evening_sides`) are ranked by their evening total with shared
    places (1, 2, 2, 4); ``scale`` is :data:`PLACE_FORMULA` (n - place + 1 at
    an evening of n sides) or a mapping of place to points (0 beyond it).
    """
    day = results["date"].dt.normalize()
    rows = pd.DataFrame(
        {
            "evening": evening,
            "night": group_ids(results.assign(_day=day), ["game", *by, "_day"]),
            "score": results["score"].to_numpy(dtype=float),
        }
    )
    mine = rows.groupby("evening").agg(night=("night", "first"), score=("score", "sum"))
    mine["side"] = _evening_sides(results, evening)
    # partners all evening have the same total: the side's is any one of theirs
    sides = mine.groupby("side").agg(night=("night", "first"), score=("score", "max"))
    by_night = sides["score"].round(9).groupby(sides["night"])
    place = by_night.rank(method="min", ascending=False)
    if isinstance(scale, Mapping):
        at = place.to_numpy(dtype=np.int64)
        worth = pd.Series(scale, dtype=float).reindex(at).fillna(0.0)
        points = pd.Series(worth.to_numpy(), index=sides.index)
    else:
        points = by_night.transform("size") - place + 1
    first = pd.Series(results["seq"].to_numpy()).groupby(evening).idxmin()
    out = np.zeros(len(results))
    out[first.to_numpy()] = points.reindex(mine["side"]).to_numpy(dtype=float)
    return out


def _evening_sides(results: pd.DataFrame, evening: np.ndarray) -> np.ndarray:
    """Each player-evening's side at the evening, as the smallest
    player-evening of that side: players who were on one side (a belot pair,
    :func:`~cardscore_frames.season.frames.team_column`) in every game of the
    evening are one side; anyone else is a side alone."""
    side = pd.DataFrame(
        {"g": results["game_key"].cat.codes.to_numpy(), "t": team_column(results)}
    )
    seats = pd.DataFrame(
        {"evening": evening, "sid": group_ids(side, ["g", "t"])}
    ).drop_duplicates()
    games = seats.groupby("evening").size()
    both = seats.merge(seats, on="sid", suffixes=("", "_other"))
    shared = both.groupby(["evening", "evening_other"]).size().reset_index(name="n")
    same = (shared["n"].to_numpy() == games.reindex(shared["evening"]).to_numpy()) & (
        shared["n"].to_numpy() == games.reindex(shared["evening_other"]).to_numpy()
    )
    return shared[same].groupby("evening")["evening_other"].min().to_numpy()


def _per_table_size(results: pd.DataFrame, value) -> np.ndarray | float:
    if not isinstance(value, Mapping):
        return value
    players = results["players"].to_numpy(dtype=np.int64)
    missing = sorted(set(np.unique(players).tolist()) - set(value))
    if missing:
        where = results.loc[np.isin(players, missing), "game_key"].unique()[:5]
        raise RulesError(
            f"points['opponent_loss'] gives points for tables of "
            f"{', '.join(map(str, sorted(value)))} players; these games have "
            f"{', '.join(map(str, missing))} ({', '.join(map(str, where))}): give "
            f"opponent_loss for those sizes too, or one number for every table"
        )
    lookup = np.zeros(max(players.max(), max(value)) + 1)
    for size, points in value.items():
        lookup[size] = points
    return lookup[players]


def _place_ties(results: pd.DataFrame) -> np.ndarray:
    """How many sides share each row's place in its game."""
    place = pd.to_numeric(results["place"], errors="coerce").to_numpy(dtype=float)
    frame = pd.DataFrame(
        {
            "g": results["game_key"].cat.codes.to_numpy(),
            "p": place,
            "s": team_column(results),
        }
    )
    ties = frame.groupby(["g", "p"], dropna=False)["s"].transform("nunique")
    return np.where(np.isnan(place), 1, ties.to_numpy()).astype(np.int64)


def _check_dates(results: pd.DataFrame, rules: ClubRules) -> None:
    """The rules that count evenings need every game's date."""
    uses = [
        name
        for name, on in (
            ("points by the evening's place", rules.by_place),
            ("best_evenings", rules.best_evenings is not None),
            ("evening_cap", rules.evening_cap is not None),
        )
        if on
    ]
    if not uses:
        return
    undated = results.loc[results["date"].isna().to_numpy(), "game_key"].unique()
    if len(undated):
        raise RulesError(
            f"{' and '.join(uses)} count{'s' if len(uses) == 1 else ''} evenings "
            "by the games' dates; these games have none: "
            f"{', '.join(map(str, undated[:10]))}"
        )


def _best_evenings(
    results, evening, keys, by, ranking, best: int | None
) -> pd.DataFrame:
    """Only each player's ``best`` evenings (all of them when None), by what
    an evening adds to the rule's first criterion (then its total score, then
    the earlier date); ``evenings`` played and the dates of those
    ``evenings_counted``."""
    day = results["date"].dt.normalize()
    frame = pd.DataFrame(
        {
            "player": group_ids(results, keys),
            "evening": evening,
            "value": _first_criterion(results, by, ranking),
            "score": results["score"].to_numpy(dtype=float),
            "day": day.to_numpy(),
        }
    )
    nights = frame.groupby("evening").agg(
        player=("player", "first"),
        value=("value", "sum"),
        score=("score", "sum"),
        day=("day", "first"),
    )
    nights["value"] = nights["value"].round(9)  # equal sums, whatever their order
    nights["score"] = nights["score"].round(9)
    nights = nights.sort_values(
        ["player", "value", "score", "day"], ascending=[True, False, False, True]
    )
    order = nights.groupby("player").cumcount().to_numpy()
    nights["kept"] = True if best is None else order < best
    played = nights.groupby("player").size()
    dates = (
        nights.loc[nights["kept"], "day"]
        .sort_values()
        .dt.strftime("%Y-%m-%d")
        .groupby(nights.loc[nights["kept"], "player"])
        .agg(", ".join)
    )
    keep = nights["kept"].reindex(evening).to_numpy()
    out = results.loc[keep].copy()
    who = frame["player"].to_numpy()[keep]
    out["evenings"] = played.reindex(who).to_numpy()
    out["evenings_counted"] = dates.reindex(who).to_numpy()
    return out


def _first_criterion(results: pd.DataFrame, by: list[str], ranking) -> np.ndarray:
    """Each row's value of the first criterion of its group's rule, as
    standings chooses the rule (tarot groups mixing table sizes rank by place
    points)."""
    if "points" in results:
        return results["points"].to_numpy(dtype=float)
    group = group_ids(results, ["game", *by])
    players = pd.Series(results["players"].to_numpy())
    sizes = players.groupby(group)
    mixed = (sizes.nunique() > 1) & sizes.agg(
        lambda s: bool(np.isin(s, list(PLACE_POINTS)).all())
    )
    games = pd.Series(results["game"].astype(str).to_numpy()).groupby(group).first()
    primary = np.array(
        [
            ranking_for(g, ranking, bool(m)).primary
            for g, m in zip(games.to_numpy(), mixed.to_numpy(), strict=True)
        ]
    )[group]
    place = pd.to_numeric(results["place"], errors="coerce").to_numpy(dtype=float)
    decided = ~np.isnan(place)
    value = results["score"].to_numpy(dtype=float).copy()
    wins = primary == "wins"
    value[wins] = (place[wins] == 1).astype(float)
    pp = np.flatnonzero((primary == "place_points") & decided)
    value[primary == "place_points"] = 0.0
    if len(pp):
        value[pp] = place_points(
            results["players"].to_numpy(dtype=np.int64)[pp],
            place[pp].astype(np.int64),
            results["place_ties"].to_numpy(dtype=np.int64)[pp],
        )
    return value


def club_columns(
    table: pd.DataFrame, results: pd.DataFrame, gid: np.ndarray
) -> pd.DataFrame:
    """The league table's club columns, one row per ``gid``: ``points`` and
    ``cut`` summed, ``evenings`` and ``evenings_counted``."""
    present = [c for c in CLUB_COLUMNS if c in results]
    if not present:
        return table
    per = pd.DataFrame({c: results[c].to_numpy() for c in present}).groupby(gid)
    table = table.copy()
    for c in present:
        summed = c in ("points", "cut")
        table[c] = (per[c].sum() if summed else per[c].first()).to_numpy()
    return table
