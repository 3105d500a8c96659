"""A club's own layout of a log: where its table starts and ends, its totals
rows and its name columns, for the Excel and CSV readers.

Clubs keep their logs in sheets laid out for people: a title (and the date)
above the table, the heading row a few rows down, rows numbered in advance and
left empty at the end, a totals row under the deals, a player's name in two
columns (``Nom``, ``Prénom``). The readers read such a table as it is:

- :func:`header_row` finds the heading row among a sheet's first rows, by the
  log's headings (:meth:`Schema.column_of
  <cardscore_frames.checking.schema.Schema.column_of>`) and the caller's
  ``columns=``;
- :func:`scan` tells, below it, the rows that hold a deal from the empty and
  placeholder rows (skipped) and the totals rows (checked against the rows
  above them, never read as deals);
- :func:`name_columns` and :func:`join_names` make one player name of a last
  and a first name column, where the log has a single player column;
- :func:`with_table_problems` reports what the layout itself got wrong (a
  totals row that disagrees, a column given twice) with every other problem.

Nothing here names a game: everything is worked out from the log's
:class:`~cardscore_frames.checking.schema.Schema`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT, as_inferred
from cardscore_frames.checking import Collected, Schema
from cardscore_frames.checking.schema import (
    GAME_KEY,
    METADATA_COLUMNS,
    normalise_heading,
    normalise_value,
)
from cardscore_frames.checking.stamp import stamp, stamp_of
from cardscore_frames.errors import FAILURE_COLUMNS, LogValidationError

__all__ = [
    "HEADER_ROWS",
    "TOTAL_WORDS",
    "LAST_NAME_HEADINGS",
    "FIRST_NAME_HEADINGS",
    "Scan",
    "Mismatch",
    "TableProblem",
    "header_row",
    "column_names",
    "columns_as_read",
    "name_columns",
    "join_names",
    "scan",
    "totals_problem",
    "failure_frame",
    "joined_failures",
    "with_table_problems",
    "with_season",
]

#: The heading row is looked for in a sheet's (or a CSV file's) first rows.
HEADER_ROWS = 30

#: What a totals row's first text cell says (any case, accents aside).
TOTAL_WORDS = ("Total", "Totaux", "Totals", "Итого", "Всего", "Ընդամենը", "Σ")
_TOTALS = frozenset(normalise_value(w) for w in TOTAL_WORDS)

#: Headings of a last name and of a first name column, in the games' languages.
LAST_NAME_HEADINGS = (
    "Nom",
    "Nom de famille",
    "Фамилия",
    "Last name",
    "Surname",
    "Family name",
    "Ազգանուն",
)
FIRST_NAME_HEADINGS = ("Prénom", "Имя", "First name", "Given name", "Անուն")
_LAST = frozenset(normalise_heading(h) for h in LAST_NAME_HEADINGS)
_FIRST = frozenset(normalise_heading(h) for h in FIRST_NAME_HEADINGS)

#: A number as a cell may hold it as text: ``45``, ``-12``, ``45,5``, ``1 234``.
_NUMBER = re.compile(r"[+-]?(\d+[.,]?\d*|[.,]\d+)")
_SPACES = re.compile(r"[\s\u00a0\u202f]+")


# --- the heading row -------------------------------------------------------------


def header_row(
    rows: Sequence[Sequence[Any]],
    schema: Schema,
    columns: Mapping[str, str] | None = None,
) -> int | None:
    """The heading row of a club's table: the first of ``rows`` (a sheet's
    first :data:`HEADER_ROWS` rows) most of whose filled cells are headings of
    the log, naming two of its columns at least, one of them a column every log
    has (not a block of details such as ``Club``, ``Saison``). A last and a
    first name column count as headings where they make the player's column
    (:func:`name_columns`).

    Parameters
    ----------
    rows : sequence of sequences
        Cells row by row, as a reader gives them (blank: ``None`` or ``""``).
    schema : Schema
        The log: its columns' names and the headings clubs give them.
    columns : mapping, optional
        Heading -> column, for headings the log does not know (they count as
        known).

    Returns
    -------
    int or None
        The row's index in ``rows``; None when no row is a heading row (a title
        row, a list of members: no log on the sheet).
    """
    known = _known(schema, columns)
    required = {f.name for f in schema.fields if f.required}
    for i, row in enumerate(rows[:HEADER_ROWS]):
        headings = [_heading(v) for v in row if not _blank(v)]
        if len(headings) < 2:
            continue
        names = [known.get(normalise_heading(h)) or schema.shaped(h) for h in headings]
        hits = sum(n is not None for n in names)
        if name_columns(headings, schema) is not None:
            hits += 2  # a last and a first name make the player's column
        named = {n for n in names if n}
        # a log whose prepare reads columns by their content (a points log's
        # column per player, headed by his name) needs no majority of headings
        most = 2 * hits > len(headings) or schema.prepare is not None
        if len(named) >= 2 and named & required and most:
            return i
    return None


def column_names(
    headings: Sequence[str],
    schema: Schema,
    columns: Mapping[str, str] | None = None,
) -> list[str | None]:
    """The log column each heading names (``columns=`` first), None for the
    headings the log does not know."""
    known = _known(schema, columns)
    return [known.get(normalise_heading(h)) for h in headings]


def columns_as_read(
    columns: Mapping[str, str] | None, headings: Sequence[Any]
) -> dict[str, str] | None:
    """``columns=`` keyed by the headings as the table writes them: a key that
    is not a heading as written but is one in another case or spacing
    (``'appele '`` for ``'Appelé'``) is taken for it; any other key is kept,
    for the checker to report."""
    if not columns:
        return None
    written = {normalise_heading(str(h)): str(h) for h in headings}
    given = {str(h) for h in headings}
    out: dict[str, str] = {}
    for key, column in columns.items():
        key = str(key)
        out[key if key in given else written.get(normalise_heading(key), key)] = column
    return out


def _known(schema: Schema, columns: Mapping[str, str] | None) -> dict[str, str]:
    """Normalised heading -> column: the log's headings, then ``columns=``."""
    known = dict(schema.heading_map)
    known.update({normalise_heading(str(k)): v for k, v in (columns or {}).items()})
    return known


def _heading(value: Any) -> str:
    """A heading cell as text (a number heading ``1.0`` as ``1``)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    return isinstance(value, float) and value != value


# --- name columns ----------------------------------------------------------------


def name_columns(
    headings: Sequence[str], schema: Schema
) -> tuple[int, int, str] | None:
    """Where a last name and a first name column are (their positions in
    ``headings``) and the player column they make, when the log has a single
    player column (a preferans end-of-game sheet's ``player``); None otherwise.
    """
    players = [f.name for f in schema.fields if f.kind == "name"]
    if len(players) != 1:
        return None
    keys = [normalise_heading(h) for h in headings]
    last = next((j for j, k in enumerate(keys) if k in _LAST), None)
    first = next((j for j, k in enumerate(keys) if k in _FIRST), None)
    if last is None or first is None:
        return None
    return last, first, players[0]


def join_names(first: pd.Series, last: pd.Series) -> pd.Series:
    """``Prénom Nom``: the first name, then the last, trimmed and with inner
    spaces collapsed; blank where both are blank.

    Examples
    --------
    >>> join_names(pd.Series([" Анна ", None]), pd.Series(["Петрова", None])).tolist()
    ['Анна Петрова', nan]
    """
    both = _as_text(first).str.cat(_as_text(last), sep=" ")
    joined = both.str.replace(_SPACES, " ", regex=True).str.strip()
    return joined.where(joined != "")


def _as_text(column: pd.Series) -> pd.Series:
    """Each cell as text (``""`` when blank), worked out once per distinct value."""
    codes, uniques = _factorized(column)
    text = [("" if _blank(v) else _heading(v)) for v in uniques] + [""]
    return pd.Series(np.asarray(text, dtype=object)[codes], index=column.index).astype(
        TEXT
    )


# --- the rows below the heading --------------------------------------------------


class _Kinds(NamedTuple):
    """Per row of one column: its number (NaN when none), whether it is text
    (not a number), whether it is blank, whether it is a totals word."""

    number: np.ndarray
    text: np.ndarray
    blank: np.ndarray
    total: np.ndarray


@dataclass(frozen=True)
class Mismatch:
    """A totals row's cell that is not the sum of the rows above it: its row and
    column (positions in the table), what it gives, what the rows sum to, and
    the rows summed (positions ``first`` to ``last``)."""

    row: int
    col: int
    total: float
    summed: float
    first: int
    last: int


@dataclass(frozen=True)
class Scan:
    """What the rows of a table hold: ``keep``, the rows that are read (a deal,
    or something to report); ``totals``, the totals rows; ``mismatches``, the
    totals rows' cells that disagree with the rows above them. Rows in neither
    mask are empty or placeholders (nothing but a running number, a date, or
    formulas giving blank or 0)."""

    keep: np.ndarray
    totals: np.ndarray
    mismatches: list[Mismatch] = field(default_factory=list)


def scan(table: pd.DataFrame, names: Sequence[str | None], schema: Schema) -> Scan:
    """Tell the rows of a club's table below its heading row.

    Parameters
    ----------
    table : pandas.DataFrame
        The cells, one column per heading (by position), as read (numbers,
        text, dates; categoricals of text from a CSV file).
    names : sequence
        The log column each of the table's columns names, None where the
        heading names none (:func:`column_names`).
    schema : Schema
        The log.

    Returns
    -------
    Scan
        A row is read unless it is a totals row (its first text cell is one of
        :data:`TOTAL_WORDS`), or every cell it has outside the log's key and
        metadata columns is blank or 0. A row holding anything else is read,
        wherever it stands (after empty rows, after a totals row), so that
        nothing typed is left out unseen.
    """
    cells = _Columns(table)
    totals = _totals_rows(cells)
    running = {*schema.key, *METADATA_COLUMNS}
    filled = np.zeros(len(table), dtype=bool)
    for j, name in enumerate(names):
        if name in running:
            continue
        kinds = cells.kinds(j)
        filled |= ~kinds.blank & (kinds.number != 0)  # NaN != 0: text, dates
        if filled.all():
            break
    keep = filled & ~totals
    return Scan(keep, totals, _mismatches(cells, names, keep, totals, running))


class _Columns:
    """A table's columns, each classified once when first asked (a loop over
    rows stops at the first column that decides them all)."""

    def __init__(self, table: pd.DataFrame) -> None:
        self.table = table
        self._kinds: dict[int, _Kinds] = {}

    @property
    def width(self) -> int:
        return self.table.shape[1]

    def kinds(self, j: int) -> _Kinds:
        if j not in self._kinds:
            self._kinds[j] = _kinds(self.table.iloc[:, j])
        return self._kinds[j]


def _totals_rows(cells: _Columns) -> np.ndarray:
    """Rows whose first text cell, left to right, is a totals word."""
    n = len(cells.table)
    found, open_ = np.zeros(n, dtype=bool), np.ones(n, dtype=bool)
    for j in range(cells.width):
        kinds = cells.kinds(j)
        here = open_ & kinds.text
        found |= here & kinds.total
        open_ &= ~here
        if not open_.any():
            break
    return found


def _mismatches(
    cells: _Columns, names, keep: np.ndarray, totals: np.ndarray, running: set
) -> list[Mismatch]:
    """Each totals row's numbers against the sum of the rows read above it in
    their column: since the totals row before it, or (a grand total) since the
    heading. A column holding text above the totals row is no sum."""
    at = np.flatnonzero(totals)
    if not len(at):
        return []
    start = np.concatenate([[0], at[:-1] + 1])  # rows after the previous totals
    out = []
    for j, name in enumerate(names):
        if name in running:
            continue
        kinds = cells.kinds(j)
        given = kinds.number[at]
        if np.isnan(given).all():
            continue
        value = np.where(keep & ~np.isnan(kinds.number), kinds.number, 0.0)
        run = np.concatenate([[0.0], np.cumsum(value)])  # run[i]: rows before i
        text = np.concatenate([[0], np.cumsum(keep & kinds.text)])
        part, whole = run[at] - run[start], run[at]
        agrees = _close(given, part) | _close(given, whole)
        bad = ~np.isnan(given) & ~agrees & (text[at] == 0)
        for k in np.flatnonzero(bad):  # a few totals rows
            out.append(Mismatch(int(at[k]), j, given[k], part[k], start[k], at[k] - 1))
    return out


def _close(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.isclose(a, b, rtol=1e-9, atol=1e-6)


def _kinds(column: pd.Series) -> _Kinds:
    """Each cell of ``column`` classified, each distinct value once."""
    codes, uniques = _factorized(column)
    each = [_kind(v) for v in uniques] + [(np.nan, False, True, False)]  # -1: blank
    number, text, blank, total = (np.asarray(v) for v in zip(*each, strict=True))
    return _Kinds(
        number.astype(float)[codes],
        text.astype(bool)[codes],
        blank.astype(bool)[codes],
        total.astype(bool)[codes],
    )


def _factorized(column: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """Codes (-1: blank) and distinct values: a categorical's own, else found."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        return column.cat.codes.to_numpy(), column.cat.categories.to_numpy(object)
    codes, uniques = pd.factorize(column.to_numpy(dtype=object))
    return codes, np.asarray(uniques, dtype=object)


def _kind(value: Any) -> tuple[float, bool, bool, bool]:
    """(number or NaN, text, blank, totals word) of one cell's value."""
    if _blank(value):
        return np.nan, False, True, False
    if isinstance(value, str):
        number = _number(value)
        if number is not None:
            return number, False, False, False
        first = value.strip().rstrip(":").split()
        return np.nan, True, False, bool(first) and _is_total(first[0])
    if isinstance(value, (int, float, np.number)) and not isinstance(value, bool):
        return float(value), False, False, False
    return np.nan, False, False, False  # a date, a flag: something, not a number


def _is_total(word: str) -> bool:
    return normalise_value(word.rstrip(":")) in _TOTALS


def _number(text: str) -> float | None:
    """A number written as text (``45,5``, ``1 234``), or None."""
    bare = _SPACES.sub("", text)
    if not _NUMBER.fullmatch(bare):
        return None
    return float(bare.replace(",", "."))


# --- problems of the layout ------------------------------------------------------


@dataclass(frozen=True)
class TableProblem:
    """A problem of a table's layout, not of one deal: a failure case (a dict
    of :data:`~cardscore_frames.errors.FAILURE_COLUMNS`' values, the row-naming
    ones blank) and the rows it puts in doubt (positions among the rows read)."""

    record: dict[str, Any]
    rows: np.ndarray

    def shifted(self, by: int) -> TableProblem:
        """The same problem, its rows counted from ``by`` rows earlier (one
        sheet's rows among every sheet's)."""
        return TableProblem(self.record, self.rows + by)


def totals_problem(
    mismatch: Mismatch,
    column: str,
    heading: str,
    *,
    cell: str | None = None,
    line: int | None = None,
    rows: np.ndarray,
    where: str,
) -> TableProblem:
    """A totals row's cell that disagrees: ``the totals row gives 120; the rows
    above sum to 118 (column 'Points', rows 4 to 9)``. ``rows``: the rows read
    that it sums (their positions); ``where``: how they are named."""
    message = (
        f"the totals row gives {_fmt(mismatch.total)}; the rows above sum to "
        f"{_fmt(mismatch.summed)} (column {heading!r}, {where})"
    )
    record = {
        "column": column,
        "value": _fmt(mismatch.total),
        "reason": "totals_mismatch",
        "message": message,
        "line": line,
        "cell": cell,
    }
    return TableProblem(record, rows)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.12g}"


def failure_frame(problems: Sequence[TableProblem], item: str) -> pd.DataFrame:
    """The problems as ``failure_cases`` rows (``item``: ``deal`` or ``seat``)."""
    columns = [item if c == "deal" else c for c in FAILURE_COLUMNS]
    records = [{**dict.fromkeys(columns), **p.record} for p in problems]
    fc = pd.DataFrame(records, columns=columns)
    fc = fc.astype({"row": "Int64", "line": "Int64"})
    return as_inferred(fc)


def with_table_problems(
    result: pd.DataFrame | Collected,
    problems: Sequence[TableProblem],
    raw: pd.DataFrame,
    schema: Schema,
    label: str | None,
) -> pd.DataFrame | Collected:
    """The checked log with the layout's problems: raised (the log had none of
    its own), or, collected, the rows each puts in doubt rejected with it (the
    whole game where a problem rejects its game), so that no deal a totals row
    disputes is scored unseen.

    ``raw`` is the frame that was checked, indexed by position.
    """
    if not problems:
        return result
    fc = failure_frame(problems, schema.item)
    if not isinstance(result, Collected):
        raise LogValidationError(schema.game, fc, label, schema.kind)
    deals, rejected = result.deals, result.rejected
    doubt = np.zeros(len(raw), dtype=bool)
    for problem in problems:
        doubt[problem.rows] = True
    moved = deals.index.isin(np.flatnonzero(doubt))
    if schema.reject == "game" and moved.any():
        moved = _whole_games(deals, moved)
    text = "; ".join(fc["message"])
    column = rejected.columns[-1]  # the problems, added last
    rejected = rejected.copy()
    held = rejected.index.isin(np.flatnonzero(doubt))
    rejected.loc[held, column] = text + "; " + rejected.loc[held, column].astype(str)
    more = raw.iloc[deals.index[moved]].copy()
    more.attrs.clear()
    more[column] = text
    rejected = pd.concat([rejected, more]).sort_index(kind="stable")
    return Collected(
        _restamped(deals, ~moved, schema),
        rejected,
        pd.concat([fc, result.failure_cases], ignore_index=True),
    )


def joined_failures(fc: pd.DataFrame, problems: Sequence[TableProblem], item: str):
    """``fc`` (a checker's problems) after the layout's, one frame."""
    if not problems:
        return fc
    return pd.concat([failure_frame(problems, item), fc], ignore_index=True)


def _whole_games(deals: pd.DataFrame, moved: np.ndarray) -> np.ndarray:
    """``moved`` spread over every row of each game it touches."""
    key = [c for c in GAME_KEY if c in deals]
    games = pd.MultiIndex.from_frame(deals[key].astype(object))
    return np.asarray(games.isin(games[moved]))


def _restamped(deals: pd.DataFrame, keep: np.ndarray, schema: Schema) -> pd.DataFrame:
    """The deals kept, stamped as checked (every one of them was)."""
    if keep.all():
        return deals
    old = stamp_of(deals)
    good = deals.loc[keep].copy(deep=False)
    if old is None:
        return good
    return stamp(
        good,
        game=old.game,
        kind=old.kind,
        rules=old.rules,
        columns=old.columns,
        source=old.source,
        encoding=old.encoding,
    )


def with_season(raw: pd.DataFrame, schema: Schema, season: str | None) -> pd.DataFrame:
    """``raw`` with ``season`` as every row's season when it gives none (a
    season column of the log's own, under any of its headings, wins); a new
    frame, never the caller's changed."""
    if season is None or "season" not in schema.names:
        return raw
    if any(schema.column_of(c) == "season" for c in raw.columns):
        return raw
    return raw.assign(season=pd.Series(season, index=raw.index, dtype=object))
