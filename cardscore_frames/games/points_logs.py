"""What every game's points-only log shares: telling one from a deal log, the
checks of seated scores, running totals, and the way back from a ledger.

A points-only log is what a score keeper writes when he keeps only the result:
one row per deal with each seat's (or each pair's) points, no contract, cards or
calls. Each game declares its own (``games/<game>/points_log.py``: the schema,
``score`` and ``to_ledger``) as the log of kind ``"points"`` in its
``Game.logs``; nothing here names a game: seats, score columns and units come
from the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import (
    Problems,
    Schema,
    game_index,
    running_sum,
    stamp,
    stamp_of,
)
from cardscore_frames.checking.seats import same_name, seated, seats_taken

__all__ = [
    "is_points_log",
    "check_seats_filled",
    "check_distinct_names",
    "check_seat_scores",
    "check_zero_sum",
    "running_totals",
    "wide_from_ledger",
    "as_ledger",
    "labelled",
    "named_seats",
    "ZERO_SUM_TOLERANCE",
]

#: How far from 0 a zero-sum deal's scores may add up: the ledger's own tolerance
#: (a third of a whist written with fewer than 7 decimals does not sum to 0).
ZERO_SUM_TOLERANCE = 1e-6


def _canonical(columns: pd.Index, *schemas: Schema) -> set[str]:
    """The schema names the frame's columns stand for (aliases resolved)."""
    return {
        next((n for s in schemas if (n := s.column_of(c))), str(c)) for c in columns
    }


def is_points_log(frame: pd.DataFrame, deals: Schema, points: Schema) -> bool:
    """Whether ``frame`` is the game's points-only log (checked, scored or raw).

    A frame ``read_log(..., kind="points")`` returned says so in its stamp; any
    other frame is a points log when it has every required column of ``points``
    and none of the columns only a deal log requires (a contract, card points).
    """
    found = stamp_of(frame)
    if found is not None and found.game == points.game:
        if found.kind in ("points", deals.kind):
            return found.kind == "points"
    names = _canonical(frame.columns, points, deals)
    required = {f.name for f in points.fields if f.required}
    own = {f.name for f in points.fields}
    deal_only = {f.name for f in deals.fields if f.required} - own
    return required <= names and not (deal_only & names)


def check_seats_filled(
    frame: pd.DataFrame,
    problems: Problems,
    players: Sequence[str],
    sizes: tuple[int, int],
) -> np.ndarray:
    """Players fill ``players[0..n-1]`` without a gap, ``sizes`` = (fewest, most).

    Returns the (N, seats) bool array of seated seats.
    """
    present = seated(frame, players)
    gap = (~present[:, :-1] & present[:, 1:]).any(axis=1)
    problems.add(
        gap,
        players[-1],
        "seat_gap",
        f"players must fill {players[0]}..playerN without a blank seat between "
        "them; got {value}",
        value=lambda: _joined(frame, players),
    )
    n = seats_taken(present)
    low, high = sizes
    named = ~np.logical_or.reduce([problems.reported(p) for p in players])
    problems.add(
        ~gap & named & ((n < low) | (n > high)),
        players[0],
        "table_size",
        f"{low} to {high} players must be seated in each deal; got {{value}}",
        value=n,
    )
    return present


def _joined(frame: pd.DataFrame, columns: Sequence[str]) -> np.ndarray:
    cells = np.column_stack(
        [
            frame[c].to_numpy(dtype=object, na_value="")
            if c in frame
            else np.full(len(frame), "", dtype=object)
            for c in columns
        ]
    )
    return np.array(["/".join(map(str, row)) for row in cells], dtype=object)


def check_distinct_names(
    frame: pd.DataFrame, problems: Problems, players: Sequence[str]
) -> None:
    """No name twice in one deal."""
    for i, first in enumerate(players):
        for second in players[i + 1 :]:
            if first in frame and second in frame:
                problems.add(
                    same_name(frame[first], frame[second]),
                    second,
                    "duplicate_player",
                    f"player names must be distinct in a deal; {{value}} is also "
                    f"{first}",
                )


def check_seat_scores(
    frame: pd.DataFrame,
    problems: Problems,
    players: Sequence[str],
    scores: Sequence[str],
    present: np.ndarray,
) -> None:
    """A score for every seated player, and none for an empty seat."""
    for k, (player, score) in enumerate(zip(players, scores, strict=True)):
        given = frame[score].notna().to_numpy() if score in frame else None
        if given is None:
            given = np.zeros(len(frame), dtype=bool)
        problems.add(
            present[:, k] & ~given,
            score,
            "blank",
            f"{score} must be given: it is the score of {{who}} ({player})",
            who=frame[player] if player in frame else None,
        )
        problems.add(
            ~present[:, k] & given,
            score,
            "no_such_seat",
            f"{score} must be blank: {player} is empty; got {{value}}",
        )


def check_zero_sum(
    frame: pd.DataFrame,
    problems: Problems,
    game: str,
    scores: Sequence[str],
    column: str,
) -> None:
    """Every deal's scores add up to 0 (a zero-sum game); reported on ``column``."""
    values = np.column_stack(
        [frame[s].to_numpy(dtype=float, na_value=np.nan) for s in scores if s in frame]
    )
    total = np.nansum(values, axis=1)
    bad = np.abs(total) > ZERO_SUM_TOLERANCE
    for s in scores:  # a score already reported (unreadable, missing) says why
        bad &= ~problems.reported(s)

    def shown() -> np.ndarray:
        return np.array(
            [" + ".join(_plain(v) for v in row if v == v) or "0" for row in values],
            dtype=object,
        )

    problems.add(
        bad,
        column,
        "not_zero_sum",
        f"the scores of a deal must add up to 0 ({game} is zero-sum); got "
        "{terms} = {value}",
        value=total,
        terms=shown,
    )


def _plain(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def running_totals(
    frame: pd.DataFrame, columns: Sequence[str], deal: str = "deal"
) -> list[np.ndarray]:
    """Each column's running total within its game, in deal order (the cumul a
    score sheet shows after each deal); blank cells count as 0."""
    index = game_index(frame, deal)
    return [
        running_sum(frame[c].to_numpy(dtype=np.float64, na_value=0.0), index)
        for c in columns
    ]


def wide_from_ledger(
    ledger: pd.DataFrame,
    players: Sequence[str],
    scores: Sequence[str],
    roles: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """A ledger back as a points log: one row per (game, deal), each player in the
    column of his ledger seat, the scores after them, the games' metadata first.
    ``roles`` maps a column to a ledger role: the player of that role in the deal
    is named there (``{"sits_out": "sitting_out"}``).

    Rows come in the ledger's order of games, then by deal.
    """
    keys = ["game_key", "deal"]
    index = ledger.groupby(keys, observed=True, sort=False).ngroup().to_numpy()
    first = np.unique(index, return_index=True)[1]
    head = ledger.iloc[first]
    out = {
        c: head[c].to_numpy()
        for c in ("league", "season", "date", "table")
        if c in ledger and head[c].notna().any()
    }
    out["game_id"] = head["game_id"].astype(TEXT).to_numpy()
    out["deal"] = head["deal"].to_numpy()
    seat = ledger["seat"].to_numpy(dtype=np.int64) - 1
    names = ledger["player"].to_numpy(dtype=object)
    points = ledger["score"].to_numpy(dtype=np.float64)
    values = {}
    for k, (player, score) in enumerate(zip(players, scores, strict=True)):
        here = seat == k
        out[player] = np.full(len(first), None, dtype=object)
        out[player][index[here]] = names[here]
        values[score] = np.full(len(first), np.nan)
        values[score][index[here]] = points[here]
    out.update(values)
    role = ledger["role"].astype(object).to_numpy()
    for column, wanted in (roles or {}).items():
        here = role == wanted
        out[column] = np.full(len(first), None, dtype=object)
        out[column][index[here]] = names[here]
    frame = pd.DataFrame(out)
    frame["_game"] = pd.factorize(head["game_key"].to_numpy())[0]
    frame = frame.sort_values(["_game", "deal"], kind="stable")
    return frame.drop(columns="_game").reset_index(drop=True)


def as_ledger(frame: pd.DataFrame, to_ledger) -> pd.DataFrame:
    """A ledger as it is; a scored log, or a log, through the game's ``to_ledger``
    (which scores what is not scored)."""
    if {"game", "player", "score"} <= set(frame.columns):
        return frame
    return to_ledger(frame)


def labelled(points: pd.DataFrame, game: str) -> pd.DataFrame:
    """A points log the package wrote, labelled with its game and kind (so that
    ``to_excel`` and ``score`` know it) but vouching for nothing: it is checked
    when it is used, as any log."""
    return stamp(points, game=game, kind="points", rules=None, columns=())


def named_seats(
    names: Sequence[str], players: Sequence[str], scores: Sequence[str]
) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """The ``prepare`` of a points log (:attr:`Schema.prepare
    <cardscore_frames.checking.schema.Schema.prepare>`) that reads a club's
    table of one column per player: headed by the player's name, his points
    on each deal in it (``Donne | Anne | Bruno | Chloé | Denis``).

    ``names`` are the log's columns. A table with none of ``players`` and
    ``scores`` whose other columns hold numbers only (or blanks) is read as
    seats: on each deal the players with points, in the table's order, fill
    ``players`` and their points ``scores`` (a blank cell: he did not play
    that deal). Any other table is returned as it is (a column of text among
    them is no player's: the missing seat columns are then reported).
    """
    known = set(names)

    def prepare(frame: pd.DataFrame) -> pd.DataFrame:
        if {*players, *scores} & set(frame.columns):
            return frame  # the log's own seats
        heads = [c for c in frame.columns if c not in known and isinstance(c, str)]
        if not heads or len(heads) > len(players):
            return frame
        cells = frame[heads].astype(object).to_numpy()
        number = np.column_stack([_numbers(frame[h]) for h in heads])
        text = np.column_stack([frame[h].astype(str).str.strip() for h in heads])
        blank = pd.isna(cells) | (text == "")
        if not (blank | ~np.isnan(number)).all():
            return frame  # a column of words: no player's points
        return _seated(frame, heads, cells, blank, players, scores)

    return prepare


def _numbers(column: pd.Series) -> pd.Series:
    """A column's cells as numbers (NaN where none), ``45,5`` read as 45.5."""
    text = column.astype(str).str.strip().str.replace(",", ".", regex=False)
    return pd.to_numeric(text, errors="coerce").to_numpy(dtype=np.float64)


def _seated(frame, heads, cells, blank, players, scores) -> pd.DataFrame:
    """Each deal's players with points moved to the first seats, in order."""
    order = np.argsort(blank, axis=1, kind="stable")  # the players of the deal first
    taken = np.take_along_axis(~blank, order, axis=1)
    names = np.array(heads, dtype=object)[order]
    points = np.take_along_axis(cells, order, axis=1)
    out = frame.drop(columns=heads)
    seats, headings = {}, {}
    for k, (player, score) in enumerate(zip(players, scores)):
        if k < len(heads):
            seats[player] = np.where(taken[:, k], names[:, k], None)
            seats[score] = np.where(taken[:, k], points[:, k], None)
            headings[score] = tuple(np.where(taken[:, k], names[:, k], heads[0]))
    out = out.assign(
        **{c: pd.Series(v, index=frame.index, dtype=object) for c, v in seats.items()}
    )
    out.attrs = {**out.attrs, "headings": headings}
    return out
