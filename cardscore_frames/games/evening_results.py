"""Evening results: every game's log of each player's score per evening and session.

Clubs that play a weekly challenge keep evening results: for each evening, each
player's score in each session, the tables (of 4 or 5 at tarot) drawn anew every
session and often not written down. Every table of a zero-sum game sums to 0,
so every session does over the whole room: a session that does not is a typing
slip. Every game reads this log as its log of kind ``"results"``
(:func:`results_schema`, in its ``Game.logs``), one row per (evening, session,
player):

=========== ====================================================================
column      what it holds
=========== ====================================================================
``league``  the league or club (optional)
``season``  the season (optional)
``date``    the evening (required)
``table``   the table the player sat at in the session (optional): given, each
            table's session sums to 0; else the whole room's does
``player``  the player's name
``session`` the session's number, from 1
``score``   the player's score in the session, in the game's unit
``total``   the player's total of the evening (optional): checked
=========== ====================================================================

The wide form, one row per player and evening with a column per session
(``S1``, ``Session 2``, ``Séance 3``, ``Тур 1``: :data:`SESSION_WORDS`) and an
optional ``Total``, is turned into the long one before anything is checked
(:func:`long_results`); a blank session cell means the player did not play it.
A problem names the row given, its file line and, for a session's score, its
column. :func:`results_to_ledger` gives the common ledger, a game per evening
and session (and table, when the log names tables). Nothing here names a game:
the unit, and whether sessions sum to 0, are the game's (``Game.unit``,
``Game.zero_sum``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames._compat import TEXT
from cardscore_frames.checking import Field, Problems, Schema, stamp, stamp_of
from cardscore_frames.checking.problems import AtRows
from cardscore_frames.checking.schema import normalise_heading
from cardscore_frames.contract import get_game, prepare_log
from cardscore_frames.games.points_logs import ZERO_SUM_TOLERANCE

__all__ = [
    "RESULTS_SCORE_COLUMNS",
    "SESSION_WORDS",
    "is_results_log",
    "long_results",
    "results_schema",
    "results_to_ledger",
    "score_results",
    "session_columns",
]

#: The words a wide table heads its session columns with, before the session's
#: number (``S1``, ``Session 2``, ``Séance 3``, ``Тур 1``, ``Партия 2``,
#: ``Խաղ 1``), read as headings are: case, accents, spaces and dots aside.
SESSION_WORDS = (
    "S",
    "Session",
    "Séance",
    "Manche",
    "Partie",
    "Round",
    "Тур",
    "Партия",
    "Сеанс",
    "Игра",
    "Խաղ",
    "Փուլ",
)
_SESSION = re.compile(
    "(?:" + "|".join(re.escape(normalise_heading(w)) for w in SESSION_WORDS) + ")"
    r"(\d{1,3})"
)

#: Each column's other headings, in the languages of the games' clubs.
HEADINGS = {
    "date": ("evening", "soirée", "jour", "дата", "вечер", "ամսաթիվ", "երեկո"),
    "table": ("стол", "սեղան"),
    "player": (
        "name",
        "joueur",
        "joueuse",
        "nom",
        "игрок",
        "имя",
        "խաղացող",
        "անուն",
    ),
    "session": ("séance", "manche", "round", "тур", "партия", "сеанс", "փուլ"),
    # in a grid of sessions, a Points column is the evening's championship
    # points (long_results): its scores are the session columns
    "score": ("points", "pts", "résultat", "очки", "результат", "միավոր"),
    "place": ("classement", "place", "rang", "место", "տեղ"),
    "place_points": ("points championnat", "championship points"),
    "total": ("total général", "cumul", "итого", "всего", "сумма", "ընդամենը"),
}

FIELDS = (
    Field("date", "date", doc="the evening"),
    Field(
        "table",
        "label",
        required=False,
        blank=True,
        doc="the table the player sat at in the session (optional)",
    ),
    Field("player", "name", doc="the player's name"),
    # blank on a wide row's total alone: check_results says where it may be
    Field("session", "int", low=1, blank=True, doc="the session's number, from 1"),
    Field("score", "number", blank=True, doc="the player's score in the session"),
    Field(
        "total",
        "number",
        required=False,
        blank=True,
        doc="the player's total of the evening (optional, checked)",
    ),
    Field(
        "place",
        "int",
        required=False,
        blank=True,
        low=1,
        doc="the player's place at the evening by his total (optional, checked)",
    ),
    Field(
        "place_points",
        "number",
        required=False,
        blank=True,
        doc="the championship points the sheet gives the evening (optional, "
        "kept as written: clubs' scales differ; see standings(points='place'))",
    ),
)

#: What ``score`` adds to an evening's results.
RESULTS_SCORE_COLUMNS = ("running_total",)


def session_columns(headings: Iterable[object]) -> dict[object, int]:
    """The headings that name a session (``S2``, ``Séance 2``), each with its
    number.

    >>> session_columns(["Joueur", "S1", "Séance 2", "Тур 3", "Total"])
    {'S1': 1, 'Séance 2': 2, 'Тур 3': 3}
    """
    out = {}
    for heading in headings:
        if isinstance(heading, str):
            found = _SESSION.fullmatch(normalise_heading(heading))
            if found is not None:
                out[heading] = int(found.group(1))
    return out


# --- the wide form -----------------------------------------------------------------


def long_results(frame: pd.DataFrame) -> pd.DataFrame:
    """Evening results in the wide form (a column per session) as the long log.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per player and evening: a column per session headed by one of
        :data:`SESSION_WORDS` and its number (``S1``, ``Séance 2``), and the
        other columns (``date``, ``player``, ``total``, ...). A frame with no
        session column, or with a ``session`` column (the long form already),
        is returned as it is. Beside session columns, a ``score`` column (the
        heading ``Points``: a challenge's ``POINTS``) is the evening's
        championship points, read as ``place_points``.

    Returns
    -------
    pandas.DataFrame
        Each row of ``frame`` once per session it has a score in (a blank cell:
        the player did not play that session), in row then session order: its
        other columns, then ``session`` (Int64) and ``score`` (the cell as
        given). A row with no score but a ``total`` is kept once, its session
        and score blank, so that its total is still checked. The index is the
        row's label in ``frame``; ``attrs["headings"]["score"]`` holds the
        heading each score was under.

    Examples
    --------
    >>> wide = pd.DataFrame({"date": ["2025-09-02"] * 2, "player": ["Ann", "Bob"],
    ...                      "S1": [10, -10], "S2": [None, 5]})
    >>> long_results(wide)
             date player  session  score
    0  2025-09-02    Ann        1   10.0
    1  2025-09-02    Bob        1  -10.0
    1  2025-09-02    Bob        2    5.0
    """
    sessions = session_columns(frame.columns)
    if not sessions or "session" in frame.columns:
        return frame
    if "score" in frame.columns and "place_points" not in frame.columns:
        frame = frame.rename(columns={"score": "place_points"})
    heads = list(sessions)
    total = _written(frame["total"]) if "total" in frame else None
    rows, which = _played([_written(frame[h]) for h in heads], total)
    number = np.array([*sessions.values(), 0], dtype=np.int64)[which]
    out = frame.drop(columns=heads).iloc[rows]
    out = out.assign(
        session=pd.arrays.IntegerArray(number, which < 0),
        score=_scores(frame, heads, rows, which),
    )
    out.index = frame.index.take(rows)
    named = np.array([*map(str, heads), "score"], dtype=object)[which]
    out.attrs = {**out.attrs, "headings": {"score": tuple(named)}}
    return out


def _written(column: pd.Series) -> np.ndarray:
    """Which cells hold something: not blank, not spaces alone."""
    given = column.notna().to_numpy()
    if isinstance(column.dtype, pd.CategoricalDtype):
        spaces = column.cat.categories.astype(TEXT).str.strip() == ""
        return (
            given
            & ~np.append(np.asarray(spaces, dtype=bool), False)[
                column.cat.codes.to_numpy()
            ]
        )
    if column.dtype.kind in "biufcmM":
        return given
    text = pd.Series(column.to_numpy(dtype=object), dtype=object).astype(TEXT)
    return given & (text.str.strip() != "").to_numpy(dtype=bool, na_value=False)


def _played(
    written: list[np.ndarray], total: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """(rows, session column) of every score written, in row then session
    order; column -1 for a row with a total and no score."""
    grid = np.column_stack(written)
    rows, which = np.nonzero(grid)  # row-major: by row, then session
    if total is not None:
        alone = np.flatnonzero(total & ~grid.any(axis=1))
        rows = np.concatenate([rows, alone])
        which = np.concatenate([which, np.full(len(alone), -1)])
        order = np.argsort(rows, kind="stable")
        rows, which = rows[order], which[order]
    return rows, which


def _scores(
    frame: pd.DataFrame, heads: list, rows: np.ndarray, which: np.ndarray
) -> np.ndarray:
    """Each long row's score cell as given: numbers where every session column
    holds numbers (Parquet, a DataFrame), else the cells (text) as they are."""
    columns = [frame[h] for h in heads]
    numbers = all(
        pd.api.types.is_numeric_dtype(c) and not pd.api.types.is_bool_dtype(c)
        for c in columns
    )
    dtype, blank = (np.float64, np.nan) if numbers else (object, None)
    out = np.full(len(rows), blank, dtype=dtype)
    for j, column in enumerate(columns):  # a loop over the sessions, not rows
        here = which == j
        out[here] = column.to_numpy(dtype=dtype, na_value=blank)[rows[here]]
    return out


def _prepare(frame: pd.DataFrame) -> pd.DataFrame:
    """What a results log is checked as (its schema's ``prepare``): the long
    form, with ``game_id`` naming each row's evening (its date as written,
    unless the log names its evenings) and ``entry`` numbering its rows, so
    that an evening is checked, and rejected, whole."""
    out = long_results(frame)
    out = out.copy(deep=False) if out is frame else out
    if "game_id" not in out:
        out["game_id"] = _as_written(out["date"]).array if "date" in out else None
    evening = out.groupby(out["game_id"], dropna=False, sort=False, observed=True)
    out["entry"] = evening.cumcount().to_numpy() + 1
    return out


def _as_written(dates: pd.Series) -> pd.Series:
    """Each date cell as text (ISO for dates already typed), blank as NA."""
    if pd.api.types.is_datetime64_any_dtype(dates):
        return dates.dt.strftime("%Y-%m-%d").astype(TEXT)
    text = dates.astype(TEXT).str.strip()
    return text.where(text != "")


# --- the checks --------------------------------------------------------------------


def check_results(frame: pd.DataFrame, problems: Problems, rules: Any) -> None:
    """Every row a session and a score; a player once in each session of an
    evening; each Total the sum of the player's sessions; and, in a zero-sum
    game, every session (of each table, when tables are given) adding up to 0."""
    evening = _evenings(frame)
    _check_blanks(frame, problems)
    twice = _check_twice(frame, problems, evening)
    nights = _nights(frame, evening, twice)
    _check_totals(frame, problems, nights)
    _check_places(frame, problems, nights)
    game = get_game(problems.game)
    if game.zero_sum:
        _check_zero_sum(frame, problems, evening, game.name)


def _evenings(frame: pd.DataFrame) -> np.ndarray:
    """(N,) each row's evening: its league, season and date (-1: no date)."""
    key = pd.DataFrame(
        {
            "league": frame["league"].cat.codes.to_numpy(),
            "season": frame["season"].cat.codes.to_numpy(),
            "date": frame["date"].to_numpy(dtype="datetime64[ns]").view(np.int64),
        }
    )
    out = (
        key.groupby(list(key), sort=False).ngroup().to_numpy(dtype=np.int64, copy=True)
    )
    out[frame["date"].isna().to_numpy()] = -1
    return out


def _day(frame: pd.DataFrame) -> pd.Series:
    """Each row's evening as a message shows it: ``2025-09-02``."""
    return frame["date"].dt.strftime("%Y-%m-%d")


def _check_blanks(frame: pd.DataFrame, problems: Problems) -> None:
    """A session and a score on every row, but a wide row's Total alone (its
    total is checked)."""
    session = frame["session"].isna().to_numpy()
    score = frame["score"].isna().to_numpy()
    alone = session & score & frame["total"].notna().to_numpy()
    problems.add(
        session & ~alone,
        "session",
        "blank",
        "session must be given: the session's number, from 1",
    )
    problems.add(
        score & ~session,
        "score",
        "blank",
        "score must be given: {player}'s score in session {session} of {day}",
        player=frame["player"],
        session=frame["session"],
        day=lambda: _day(frame),
    )


def _check_twice(
    frame: pd.DataFrame, problems: Problems, evening: np.ndarray
) -> np.ndarray:
    """A player has one score per session of an evening, at whatever table;
    returns the rows that repeat one."""
    player = frame["player"].cat.codes.to_numpy()
    session = frame["session"].to_numpy(dtype=np.int64, na_value=-1)
    key = pd.DataFrame({"evening": evening, "session": session, "player": player})
    twice = key.duplicated().to_numpy() & (player >= 0) & (session >= 0)
    twice &= evening >= 0
    problems.add(
        twice,
        "player",
        "duplicate_player",
        "{value} has two scores in session {session} of {day}: a player plays "
        "each session once",
        session=frame["session"],
        day=lambda: _day(frame),
    )
    return twice


class _Nights(NamedTuple):
    """Per row: its player's evening (-1: no player or no date), the sum of his
    scores that evening, whether one of them is unread or written twice (then
    nothing is checked against the sum), and his place at the evening by it
    (1224: level sums share the place)."""

    group: np.ndarray
    sums: np.ndarray
    doubtful: np.ndarray
    place: np.ndarray


def _nights(frame: pd.DataFrame, evening: np.ndarray, twice: np.ndarray) -> _Nights:
    player = frame["player"].cat.codes.to_numpy()
    seen = (player >= 0) & (evening >= 0)
    key = evening * (len(frame["player"].cat.categories) + 1) + player
    group = np.full(len(frame), -1, dtype=np.int64)
    if not seen.any():  # nothing to sum: nothing checked
        none = np.full(len(frame), np.nan)
        return _Nights(group, none, np.zeros(len(frame), dtype=bool), none)
    group[seen] = pd.factorize(key[seen])[0]
    score = frame["score"].to_numpy(dtype=np.float64, na_value=np.nan)
    unread = np.isnan(score) & frame["session"].notna().to_numpy()
    size = int(group.max()) + 1
    rows = np.flatnonzero(seen)
    sums = np.bincount(group[rows], weights=np.nan_to_num(score[rows]), minlength=size)
    bad = (unread | twice)[rows] * 1.0
    doubtful = np.bincount(group[rows], weights=bad, minlength=size) > 0
    night = np.zeros(size, dtype=np.int64)
    night[group[rows]] = evening[rows]
    place = pd.Series(sums).groupby(night).rank(method="min", ascending=False)
    at = np.maximum(group, 0)
    return _Nights(
        group,
        np.where(seen, sums[at], np.nan),
        seen & doubtful[at],
        np.where(seen, place.to_numpy()[at], np.nan),
    )


def _once_each(mask: np.ndarray, group: np.ndarray) -> np.ndarray:
    """``mask`` on the first of its rows in each group only (one problem a
    player's evening)."""
    at = np.flatnonzero(mask)
    first = np.zeros(len(mask), dtype=bool)
    first[at[np.unique(group[at], return_index=True)[1]]] = True
    return first


def _check_totals(frame: pd.DataFrame, problems: Problems, nights: _Nights) -> None:
    """Each Total given is the sum of the player's scores that evening (a
    player written twice in it is reported as that)."""
    total = frame["total"].to_numpy(dtype=np.float64, na_value=np.nan)
    known = ~np.isnan(total) & (nights.group >= 0) & ~nights.doubtful
    off = known & (np.abs(total - nights.sums) > ZERO_SUM_TOLERANCE)
    problems.add(
        _once_each(off, nights.group),
        "total",
        "total_mismatch",
        "total must be the sum of {player}'s sessions on {day}; got {value}, "
        "the sessions add up to {sum}",
        player=frame["player"],
        day=lambda: _day(frame),
        sum=nights.sums,
    )


def _check_places(frame: pd.DataFrame, problems: Problems, nights: _Nights) -> None:
    """Each place given is the player's rank at the evening by his total of
    its sessions (the highest first, level totals sharing the place: 1, 2, 2,
    4), as a challenge's Classement column ranks it."""
    place = frame["place"].to_numpy(dtype=np.float64, na_value=np.nan)
    known = ~np.isnan(place) & (nights.group >= 0) & ~nights.doubtful
    off = known & (place != nights.place)
    problems.add(
        _once_each(off, nights.group),
        "place",
        "place_mismatch",
        "place must be {expected}: {player}'s total of {sum} on {day} ranks "
        "{expected} among the evening's players; got {value}",
        player=frame["player"],
        day=lambda: _day(frame),
        sum=nights.sums,
        expected=np.nan_to_num(nights.place).astype(np.int64),
    )


def _check_zero_sum(
    frame: pd.DataFrame, problems: Problems, evening: np.ndarray, game: str
) -> None:
    """Every session (of each table, when given) adds up to 0, reported once
    per session with its sum and every player's score."""
    session = frame["session"].to_numpy(dtype=np.int64, na_value=-1)
    table = frame["table"].cat.codes.to_numpy()
    counted = (session >= 0) & (evening >= 0)
    key = pd.DataFrame({"e": evening, "t": table, "s": session})[counted]
    group = np.full(len(frame), -1, dtype=np.int64)
    group[counted] = key.groupby(["e", "t", "s"], sort=False).ngroup().to_numpy()
    if not counted.any():
        return
    score = frame["score"].to_numpy(dtype=np.float64, na_value=np.nan)
    rows = np.flatnonzero(counted)
    size = int(group.max()) + 1
    sums = np.bincount(group[rows], weights=np.nan_to_num(score[rows]), minlength=size)
    unread = np.bincount(group[rows], weights=np.isnan(score[rows]), minlength=size)
    bad = np.flatnonzero((np.abs(sums) > ZERO_SUM_TOLERANCE) & (unread == 0))
    order = rows[np.argsort(group[rows], kind="stable")]  # by session, log order
    starts = np.searchsorted(group[order], bad)
    ends = np.searchsorted(group[order], bad, side="right")
    shown = (_day(frame), frame["player"].to_numpy(dtype=object, na_value="?"), score)
    for g, lo, hi in zip(bad, starts, ends, strict=True):  # the sessions that
        _not_zero(frame, problems, order[lo:hi], sums[g], game, shown)  # do not


def _not_zero(
    frame: pd.DataFrame,
    problems: Problems,
    rows: np.ndarray,
    total: float,
    game: str,
    shown: tuple,
) -> None:
    """One session that does not add up to 0, reported on its first row with
    every player's score; ``shown``: each row's evening, name and score."""
    day, names, scores = shown
    first = rows[0]
    where = f"session {frame['session'].iat[first]} of {day.iat[first]}"
    table = frame["table"].iat[first]
    if not pd.isna(table):
        where += f" at table {table}"
    terms = ", ".join(
        f"{n} {_plain(s)}" for n, s in zip(names[rows], scores[rows], strict=True)
    )
    message = (
        f"the scores of {where} must add up to 0 ({game} is zero-sum); they add "
        f"up to {_plain(total)}: {terms}"
    )
    mask = np.zeros(len(frame), dtype=bool)
    mask[first] = True
    problems.add(
        mask,
        "score",
        "not_zero_sum",
        message.replace("{", "{{").replace("}", "}}"),
        value=AtRows(lambda at: [total] * len(at)),
    )


def _plain(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


@cache
def results_schema(game: str) -> Schema:
    """The log of kind ``"results"`` of ``game``: evening results (see the
    module's columns), in the long form or the wide one.

    A problem rejects its whole evening (``errors="collect"``): an evening's
    totals are counted whole or not at all. Whether sessions must add up to 0
    is asked of the registered game (``Game.zero_sum``) when a log is checked.

    >>> results_schema("tarot").kind, results_schema("tarot").reject
    ('results', 'game')
    """
    return Schema(
        game=game,
        fields=FIELDS,
        key=("game_id", "entry"),
        checks=(check_results,),
        kind="results",
        reject="game",
        headings=HEADINGS,
        prepare=_prepare,
        heading_patterns=((_SESSION.pattern, "session"),),
    )


def _schema_of(game: str) -> Schema:
    """The game's results log: its own when it declares one, else the shared."""
    return get_game(game).logs.get("results") or results_schema(game)


def is_results_log(frame: pd.DataFrame, game: str) -> bool:
    """Whether ``frame`` is ``game``'s evening results (raw, checked or scored).

    A frame ``read_log(..., kind="results")`` returned says so in its stamp;
    any other is evening results when it names a date and a player, and a
    session and a score, or session columns (``S1``, ``Séance 2``).
    """
    found = stamp_of(frame)
    if found is not None and found.game == game and found.kind == "results":
        return True
    schema = _schema_of(game)
    names = {schema.column_of(c) for c in frame.columns}
    if not {"date", "player"} <= names:
        return False
    return {"session", "score"} <= names or bool(session_columns(frame.columns))


# --- score and ledger --------------------------------------------------------------


def score_results(
    frame: pd.DataFrame, game: str, *, rules: Any = None, validate: bool = True
) -> pd.DataFrame:
    """Evening results checked, with each player's running total of the evening.

    What ``<game>.score`` does with evening results.

    Returns
    -------
    pandas.DataFrame
        The log, long form (see the module's columns), plus ``running_total``
        (float, in the game's unit: the player's total of the evening after
        this session, sessions in order); stamped as scored with ``rules``.
    """
    entry = get_game(game)
    checked, rules = prepare_log(
        frame, _schema_of(game), entry.rules, rules, validate=validate
    )
    out = checked.drop(columns=[c for c in RESULTS_SCORE_COLUMNS if c in checked])
    out["running_total"] = _running_totals(out)
    return stamp(out, game=game, kind="scored", rules=rules)


def _running_totals(frame: pd.DataFrame) -> np.ndarray:
    """Each player's total of the evening up to each session, in session order."""
    evening = _evenings(frame)
    player = frame["player"].cat.codes.to_numpy()
    session = frame["session"].to_numpy(dtype=np.int64, na_value=np.iinfo(np.int64).max)
    order = np.lexsort((session, player, evening))
    score = pd.Series(frame["score"].to_numpy(dtype=np.float64, na_value=0.0)[order])
    running = score.groupby([evening[order], player[order]]).cumsum().to_numpy()
    out = np.empty(len(frame))
    out[order] = running
    return out


def results_to_ledger(
    frame: pd.DataFrame, game: str, *, rules: Any = None
) -> pd.DataFrame:
    """The common ledger of evening results: each player's score in each session.

    Parameters
    ----------
    frame : pandas.DataFrame
        ``game``'s evening results, long or wide, as read or as given (checked
        first, every problem raised at once), or as ``score`` returned them.
    game : str
        A registered game.
    rules : optional
        The game's rules, carried by the ledger's checks; evening results do
        not depend on them.

    Returns
    -------
    pandas.DataFrame
        The ledger (:data:`cardscore_frames.LEDGER_COLUMNS`), one row per
        (evening, session, player): ``game_id`` the evening and session
        (``2025-09-02 S1``, then the table when the log names tables:
        ``2025-09-02 S1 T3``), ``deal`` 1, ``date`` the evening, ``table`` the
        table (blank when not given), ``seat`` 1, ``role`` ``player``,
        ``score`` (float, the game's unit: the session's score); then the
        game's own ledger columns (``Game.ledger_columns``), blank: evening
        results do not say. Games in order of league, season, evening,
        session and table; players in the log's order.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> wide = pd.DataFrame({"Date": ["2025-09-02"] * 4,
    ...     "Joueur": ["Ann", "Bob", "Cid", "Dee"],
    ...     "S1": [30, -10, -10, -10], "S2": [-20, 60, -20, -20]})
    >>> ledger = results_to_ledger(wide, "tarot")
    >>> ledger[["game_id", "player", "role", "score"]].head(3)
            game_id player    role  score
    0  2025-09-02 S1    Ann  player   30.0
    1  2025-09-02 S1    Bob  player  -10.0
    2  2025-09-02 S1    Cid  player  -10.0
    """
    entry = get_game(game)
    checked, rules = prepare_log(frame, _schema_of(game), entry.rules, rules)
    rows = _ledger_rows(checked)
    n = len(rows)
    ledger = _ledger.from_wide(
        rows,
        ("player",),
        rows["score"].to_numpy(dtype=np.float64).reshape(n, 1),
        game=game,
        roles=np.zeros((n, 1), dtype=np.int8),
        role_names=("player",),
    )
    for column, dtype in entry.ledger_columns.items():
        ledger[column] = _blank(dtype, len(ledger))
    return ledger


def _ledger_rows(checked: pd.DataFrame) -> pd.DataFrame:
    """One row per session played, its game id made, in the ledger's order."""
    played = checked.loc[checked["session"].notna().to_numpy()]  # not a Total alone
    session = played["session"].astype("int64")
    ids = _day(played) + " S" + session.astype(TEXT)
    table = played["table"]
    if table.notna().any():
        label = table.astype(TEXT)
        shown = label.where(~label.str.fullmatch(r"\d+").fillna(False), "T" + label)
        ids = ids.where(table.isna(), ids + " " + shown)
    rows = pd.DataFrame(
        {
            "league": played["league"].array,
            "season": played["season"].array,
            "date": played["date"].array,
            "table": table.array,
            "game_id": ids.array,
            "deal": 1,
            "player": played["player"].array,
            "score": played["score"].to_numpy(dtype=np.float64),
        }
    )
    order = np.lexsort(
        (
            table.cat.codes.to_numpy(),
            session.to_numpy(),
            played["date"].to_numpy(dtype="datetime64[ns]").view(np.int64),
            played["season"].cat.codes.to_numpy(),
            played["league"].cat.codes.to_numpy(),
        )
    )
    return rows.take(order).reset_index(drop=True)


def _blank(dtype: str, size: int) -> Any:
    """A blank column of ``dtype`` (a game's own ledger column)."""
    if dtype == "category":
        none = np.full(size, -1, dtype=np.int8)
        return pd.Categorical.from_codes(none, categories=pd.Index([], dtype=TEXT))
    return pd.Series(np.full(size, None, dtype=object)).astype(dtype).array
