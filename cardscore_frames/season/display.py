"""Standings as people read them in the workbook: the criteria of each ranking
as named columns, no column twice, figures rounded to what they mean, headers
in the club's language (:mod:`cardscore_frames.season.words`)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from cardscore_frames.season.criteria import CRITERIA
from cardscore_frames.season.standings import FIGURES, OPTIONAL
from cardscore_frames.season.words import criterion, header, ranked_by

__all__ = [
    "criteria_of",
    "rule_words",
    "wall_columns",
    "full_columns",
    "shown",
    "NUMBER_FORMATS",
]

#: The standings column that already holds a criterion's value (total form).
CRITERION_COLUMN = {
    "score": "total",
    "place_points": "place_points",
    "wins": "wins",
    "positive": "positive",
    "mean": "mean_per_game",
    "best": "best",
    "difference": "difference",
    "points_for": "points_for",
    "points": "points",
}

#: Every figure of the full table, in order (those present and not empty).
FULL = (*FIGURES, *OPTIONAL)
_SIGNED = "+#,##0;[Red]-#,##0;0"
_SIGNED_1 = "+#,##0.0;[Red]-#,##0.0;0"
#: Number formats by figure; decimals are rounded to the same places when
#: written, so a cell holds what it shows.
NUMBER_FORMATS = {
    "whole": ("0", 0),
    "thousands": ("#,##0", 0),
    "signed": (_SIGNED, 0),
    "signed_1": (_SIGNED_1, 1),
    "one": ("0.0", 1),
    "two": ("0.00", 2),
    "percent": ("0%", 2),
    "money": ("+#,##0.00;[Red]-#,##0.00;0.00", 2),
}
_KIND = {
    "rank": "whole",
    "games": "whole",
    "deals": "thousands",
    "total": "signed",
    "mean_per_game": "signed_1",
    "mean_per_deal": "signed_1",
    "wins": "whole",
    "wins_shared": "one",
    "losses": "whole",
    "win_rate": "percent",
    "average_place": "two",
    "best": "signed",
    "worst": "signed",
    "longest_streak": "whole",
    "positive": "whole",
    "points_for": "thousands",
    "points_against": "thousands",
    "difference": "signed",
    "unfinished": "whole",
    "place_points": "one",
    "money": "money",
    "direct": "signed",
    "points": "signed_1",
    "cut": "signed",
    "evenings": "whole",
}


def _words_to_criteria() -> dict[str, tuple[str, bool]]:
    # total forms first: "mean score per game" is the criterion ``mean``, and
    # the per-game form of ``score`` only in a ranking by means (same figure)
    table = {forms[0]: (name, False) for name, forms in CRITERIA.items()}
    for name, forms in CRITERIA.items():
        table.setdefault(forms[1], (name, True))
    return table


_BY_WORDS = _words_to_criteria()
_PLACES = re.compile(r"^(\d+)(?:st|nd|rd|th) places( \(share\))?$")


def criteria_of(ranking: str) -> tuple[list[str], bool]:
    """The criteria of a ranking from its words (the ``ranking`` column), and
    whether they are in their per-game form (``rank_by="mean"``)."""
    names, mean = [], False
    for part in str(ranking).split(", then "):
        places = _PLACES.match(part)
        if places:
            names.append(f"places_{places.group(1)}")
            mean = mean or bool(places.group(2))
        elif part in _BY_WORDS:
            name, per_game = _BY_WORDS[part]
            names.append(name)
            mean = mean or (per_game and CRITERIA[name][0] != CRITERIA[name][1])
    return names, mean


def rule_words(block: pd.DataFrame, language: str) -> str:
    """How the block is ranked, in ``language``, naming the columns shown."""
    names, mean = criteria_of(block["ranking"].iat[0])
    shown = [n if mean else CRITERION_COLUMN.get(n, n) for n in names]
    return ranked_by(shown, language, mean=mean)


def _criterion_columns(block: pd.DataFrame) -> list[tuple[str, str]]:
    """(source column, criterion) for each criterion of the block's ranking."""
    names, mean = criteria_of(block["ranking"].iat[0])
    out = []
    for k, name in enumerate(names):
        source = "rank_points" if k == 0 else f"tiebreak_{k}"
        own = CRITERION_COLUMN.get(name)
        if not mean and own in block:
            source = own
        out.append((source, name))
    return out


def wall_columns(block: pd.DataFrame) -> list[tuple[str, str]]:
    """(source, criterion or None) of the standings a club pins on the wall:
    rank, player, games, the ranking's criteria in order, wins, total and
    money (when the games are paid)."""
    out = [("rank", None), ("player", None), ("games", None)]
    out += _criterion_columns(block)
    for extra in ("wins", "total", "money"):
        if extra in block and all(s != extra for s, _ in out):
            out.append((extra, None))
    if "below_min_games" in block and block["below_min_games"].any():
        out.append(("below_min_games", None))
    return [(s, c) for s, c in out if s in block and block[s].notna().any()]


def full_columns(block: pd.DataFrame) -> list[tuple[str, str]]:
    """Every figure of the block, then the criteria no figure holds yet."""
    out: list[tuple[str, str | None]] = [(c, None) for c in FULL if c in block]
    sources = {s for s, _ in out}
    out += [(s, c) for s, c in _criterion_columns(block) if s not in sources]
    if "below_min_games" in block and block["below_min_games"].any():
        out.append(("below_min_games", None))
    return [(s, c) for s, c in out if block[s].notna().any()]


def shown(
    block: pd.DataFrame, columns: list[tuple[str, str | None]], language: str
) -> tuple[pd.DataFrame, dict[str, str]]:
    """The block's chosen columns under people's headers, rounded, without a
    column that repeats another; and each header's number format kind."""
    _, mean = criteria_of(block["ranking"].iat[0])
    frame, kinds = {}, {}
    for source, name in columns:
        values = block[source].reset_index(drop=True)
        title = (
            header(source, language) if name is None else _title(name, mean, language)
        )
        kind = _kind(source, name, mean)
        if source == "below_min_games":
            values = values.map({True: header("yes", language), False: ""})
        elif kind is not None:
            values = values.astype(float).round(NUMBER_FORMATS[kind][1])
        if title in frame or any(_same(values, v) for v in frame.values()):
            continue
        frame[title], kinds[title] = values, kind
    return pd.DataFrame(frame), {k: v for k, v in kinds.items() if v is not None}


def _title(name: str, mean: bool, language: str) -> str:
    own = CRITERION_COLUMN.get(name)
    if own is not None and not mean:
        return header(own, language)
    return criterion(CRITERION_COLUMN.get(name, name), language, mean=mean)


def _kind(source: str, name: str | None, mean: bool) -> str | None:
    if name is not None and mean and name not in ("mean", "best"):
        return (
            "percent"
            if name in ("wins", "positive", "direct") or name.startswith("places_")
            else "one"
        )
    if name is not None and name.startswith("places_"):
        return "whole"
    return _KIND.get(source, _KIND.get(name or "", None))


def _same(a: pd.Series, b: pd.Series) -> bool:
    """Whether two columns hold the same figures (a duplicate of another)."""
    if len(a) < 2 or a.dtype.kind not in "fiub" or b.dtype.kind not in "fiub":
        return False
    x, y = a.to_numpy(dtype=float), b.to_numpy(dtype=float)
    return bool(np.array_equal(x, y, equal_nan=True))
