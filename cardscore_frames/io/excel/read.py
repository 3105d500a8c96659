"""Reading score sheets back from Excel: our workbooks, filled templates and
plain deal tables, validated as every log is.

A workbook this package wrote says in its metadata which game, log kind and
rules it holds and which sheets hold which log; the game's hook
(``Game.excel.read``) finds its table on each sheet by the headings and
decodes the paper codes. Any other workbook (a club's own) is read as it is laid
out (:mod:`cardscore_frames.io.layout`): on every sheet that holds the log, the
heading row found among the first rows (title rows above it skipped), the rows
below it down to the last that holds anything, empty and placeholder rows
skipped, totals rows checked and not read, a last and a first name column
joined where the log has one player column. Cells holding formulas are read by
the values stored with them. Problems name the sheet and the cell
(``Partie 3!D14``).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import Collected, Errors, Source, check_log
from cardscore_frames.checking.check import restated
from cardscore_frames.checking.conform import sheet_choice_message
from cardscore_frames.checking.schema import Schema
from cardscore_frames.contract import get_game
from cardscore_frames.errors import LogValidationError, RulesError, WorkbookError
from cardscore_frames.excel.books import FORMAT, GameSheets, game_hook
from cardscore_frames.excel.paper import Column, Match, PaperRows, read_rows, stack
from cardscore_frames.excel.reading import SheetCells, read_book
from cardscore_frames.excel.workbook import gc_paused
from cardscore_frames.io.sheet_dates import evening_date
from cardscore_frames.io.layout import (
    HEADER_ROWS,
    TableProblem,
    column_names,
    columns_as_read,
    header_row,
    join_names,
    joined_failures,
    name_columns,
    scan,
    totals_problem,
    with_season,
    with_table_problems,
)

__all__ = ["read_excel", "read_excel_table", "workbook_metadata"]


def read_excel(
    path: str | os.PathLike[str],
    *,
    game: str,
    kind: str = "deals",
    sheet: str | int | None = None,
    errors: Errors = "raise",
    rules: Any = None,
    columns: Mapping[str, str] | None = None,
    season: str | None = None,
) -> pd.DataFrame | Collected:
    """Read a log from a workbook: our score sheets, a filled template, a plain
    table of log columns, or a club's own workbook laid out as it is.

    Parameters
    ----------
    path : str or os.PathLike
        The ``.xlsx`` file; checked before it is opened (a zip, not encrypted,
        not a zip bomb).
    game : str
        The game the log is of.
    kind : str
        Which of the game's logs: ``"deals"``, ``"points"`` (each seat's points
        per deal, as a points-only log's sheets hold them), ``"results"``
        (evening results: a club's sheet per evening of each player's
        sessions), or preferans ``"sheet"`` (end-of-game sheets). A workbook
        of another kind says which to ask for.
    sheet : str or int, optional
        One sheet to read. By default every sheet of our workbook that holds a
        log of ``kind``, and every sheet of any other workbook whose table is
        headed by the log's headings (the others are named in a
        ``UserWarning``, not read).
    errors : {"raise", "collect"}
        As :func:`cardscore_frames.read_log`.
    rules : Rules, optional
        The rules to check with; by default the ones the workbook was written
        with, else the game's defaults.
    columns : mapping, optional
        Heading -> log column, for headings the log does not know
        (``{"Appel": "partner"}``); they count as the log's headings when the
        heading row is looked for.
    season : str, optional
        The season the workbook holds (``"2025-26"``): the ``season`` of rows
        the log gives none, and the year of a sheet named by its date without
        one (one sheet per evening: ``2 SEPTEMBRE`` is 2025-09-02, ``14.01``
        2026-01-14); a sheet's name gives its rows' date where its table has
        no date column.

    Returns
    -------
    pandas.DataFrame or Collected
        What :func:`cardscore_frames.read_log` returns for the same log: typed
        columns, stamped with game, rules and source. Problems
        (:class:`~cardscore_frames.LogValidationError`) give each cell as
        ``failure_cases["cell"]`` (``Partie 3!D14``); a totals row that is not
        the sum of the rows above it is one (reason ``totals_mismatch``, its
        cell named), and under ``errors="collect"`` the rows it sums are
        rejected with it.

    Examples
    --------
    >>> import tempfile, cardscore_frames as csf
    >>> from pathlib import Path
    >>> deals = csf.load_example("tarot")
    >>> path = csf.to_excel(csf.tarot.score(deals), Path(tempfile.mkdtemp()) / "t.xlsx")
    >>> back = csf.read_excel(path, game="tarot")
    >>> back.equals(deals)
    True
    """

    entry = get_game(game)
    schema = entry.schema(kind)
    # Many small objects, none of them cyclic garbage. The sheets' rows are let
    # go before the collector runs again, else its first pass walks them all.
    with gc_paused():
        book = _load(path, entry, kind, sheet, columns, season)
        meta, parts = book.meta, book.parts
        if book.unread:
            _note_unread(path, book.unread, schema)
        raw = stack(parts) if parts else pd.DataFrame(columns=list(schema.names))
        raw = with_season(raw, schema, season)
        given = _columns_given(columns, raw.columns, book.renamed)
        rules = entry.rules.ensure(_rules_of(entry, meta) if rules is None else rules)
        source = Source(label=str(path))
        try:
            result = check_log(
                raw, schema, rules=rules, errors=errors, source=source, columns=given
            )
        except LogValidationError as exc:
            fc = _with_cells(exc.failure_cases, parts, schema, given)
            fc = joined_failures(fc, book.problems, schema.item)
            raise LogValidationError(exc.game, fc, exc.source, exc.kind) from None
        if isinstance(result, Collected):  # raw's index is its rows' positions
            fc = _with_cells(result.failure_cases, parts, schema, given)
            result = restated(result, fc)
        result = with_table_problems(result, book.problems, raw, schema, source.label)
        del parts, raw
    return result


def read_excel_table(
    path: str | os.PathLike[str], sheet: str | int = 0
) -> tuple[pd.DataFrame, Source]:
    """The raw rows of a workbook's log and where they came from, for
    :func:`cardscore_frames.read_log` (which validates them).

    Our workbooks give the log they were written from (every sheet holding it
    when ``sheet`` is 0, the default); any other workbook gives the plain
    table on ``sheet``.

    Returns
    -------
    (pandas.DataFrame, Source)
        Cells as read; the source names sheet and cells when the rows come from
        one table of one sheet.
    """
    book = _load(path, None, None, None if sheet == 0 else sheet)
    meta, parts = book.meta, book.parts
    if not parts:  # our workbook of no game: an empty log of its kind
        schema = get_game(meta["game"]).schema(meta.get("kind", "deals"))
        return pd.DataFrame(columns=list(schema.names)), Source(label=str(path))
    raw = stack(parts)
    if len(parts) == 1 and not parts[0].fixed:
        part = parts[0]
        return raw, Source(
            label=f"{path} [{part.sheet}]",
            sheet=part.sheet,
            excel_rows=np.asarray(part.rows),
            excel_columns=dict(part.letters),
        )
    return raw, Source(label=str(path))


def workbook_metadata(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """What a workbook of this package says of itself (``game``, ``kind``, the
    ``layout``: ``export`` or ``template``, its ``sheets``), without reading its
    sheets; None for any other workbook.

    Examples
    --------
    >>> import tempfile, cardscore_frames as csf
    >>> from pathlib import Path
    >>> scored = csf.tarot.score(csf.load_example("tarot"))
    >>> path = csf.to_excel(scored, Path(tempfile.mkdtemp()) / "t.xlsx")
    >>> meta = workbook_metadata(path)
    >>> meta["game"], meta["kind"]
    ('tarot', 'deals')
    """
    meta, _ = read_book(path, lambda meta, names: [])
    return _ours(meta)


# --- inner workings --------------------------------------------------------------


def _ours(meta: dict | None) -> dict | None:
    return meta if meta is not None and meta.get("format") == FORMAT else None


@dataclass
class _Book:
    """What was read of a workbook: its metadata (ours, else None), each sheet's
    rows, the problems of a club's layout (a totals row that disagrees), the
    sheets that hold no log (a club's workbook read whole) and the headings
    renamed so that a column has one heading on every sheet."""

    meta: dict | None
    parts: list[PaperRows]
    problems: list[TableProblem] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    renamed: set[str] = field(default_factory=set)


def _load(
    path: str | os.PathLike[str],
    entry: Any,
    kind: str | None,
    sheet: str | int | None,
    columns: Mapping[str, str] | None = None,
    season: str | None = None,
) -> _Book:
    """The workbook's metadata (ours, else None) and each chosen sheet's rows:
    the game's tables on our sheets; on any other workbook, read for ``entry``,
    each sheet's table as the club laid it out (every sheet, unless ``sheet``
    names one).

    ``entry`` None: the game and log kind are the workbook's own (read_log),
    and any other workbook is a plain table on ``sheet``.
    """

    found: dict[str, Any] = {}

    def choose(meta: dict | None, names: list[str]) -> list[str | int]:
        meta = _ours(meta)
        found["meta"] = meta
        if meta is None:
            if entry is None:
                return [0 if sheet is None else sheet]
            found["entry"], found["kind"] = entry, kind or "deals"
            found["club"] = entry.schema(found["kind"])
            return list(names) if sheet is None else [sheet]
        return _our_sheets(path, meta, entry, kind, sheet, found)

    def convert(cells: SheetCells) -> Any:
        game = found.get("entry")
        if "club" in found:  # a club's workbook; its first sheet may be asked
            first, found["seen"] = "seen" not in found, True  # for as a plain table
            hook = getattr(game, "excel", None)
            hook = hook if isinstance(hook, GameSheets) else None
            club = found["club"]
            return _club_sheet(cells, hook, found["kind"], club, columns, first)
        if "hook" not in found:
            found["hook"] = game_hook(game) if game is not None else None
        return _rows_of(cells, found["hook"], found.get("kind"), found["meta"], game)

    _, read = read_book(path, choose, convert=convert)
    if "club" not in found:
        return _Book(found.get("meta"), read)
    return _club_book(read, found["club"], columns, season)


def _our_sheets(path, meta: dict, entry, kind, sheet, found: dict) -> list[str | int]:
    """The sheets of our workbook that hold the log asked for."""
    game = entry if entry is not None else get_game(meta.get("game"))
    if game.name != meta.get("game"):
        raise WorkbookError(
            f"{path} holds {meta.get('game')} score sheets, not {game.name}"
        )
    found["entry"], found["kind"] = game, kind or meta.get("kind", "deals")
    if sheet is not None:
        return [sheet]
    sheets = meta.get("sheets", [])
    listed = [s["name"] for s in sheets if s.get("kind") == found["kind"]]
    held = sorted({s["kind"] for s in sheets if s.get("kind")})
    if not listed and (found["kind"] not in game.logs or held):
        hint = " or ".join(f"kind={k!r} (command line: --kind {k})" for k in held)
        raise WorkbookError(
            f"{path} holds no {game.name} {found['kind']} log (its sheets hold "
            f"{' and '.join(held) or meta.get('kind')} logs"
            + (f"; read it with {hint})" if hint else ")")
        )
    return listed


def _rows_of(cells: SheetCells, hook, kind, meta, entry) -> PaperRows:
    """One sheet's rows: by the game's layout, else as a plain table."""
    rows = None
    if hook is not None:
        layout = _layout_of(meta, cells.sheet)
        rows = hook.read(cells, kind, layout)
    if rows is None and meta is not None:
        raise WorkbookError(
            f"{cells.path}, sheet {cells.sheet!r}: no {entry.name} {kind} table "
            "found (its heading row is missing or was changed)"
        )
    return rows if rows is not None else plain_rows(cells)


def _layout_of(meta: dict | None, sheet: str) -> dict | None:
    """The layout the writer stored for ``sheet`` (None: search its headings)."""
    if meta is None:
        return None
    if "_by_name" not in meta:  # looked up once per workbook, not per sheet
        layouts = meta.get("layouts", [])
        meta["_by_name"] = {
            item.get("name"): layouts[at]
            for item in meta.get("sheets", [])
            if isinstance(at := item.get("layout"), int) and at < len(layouts)
        }
    return meta["_by_name"].get(sheet)


def plain_rows(cells: SheetCells) -> PaperRows:
    """A plain table: the first row holds the column names, each row below a log
    row; empty rows are skipped."""
    if not cells.rows:
        return PaperRows(cells.sheet)
    head = cells.rows[0]
    cols = {_heading(v): j for j, v in enumerate(head) if v is not None and v != ""}
    match = Match(0, {name: j for name, j in cols.items()})
    columns = [Column(name, name, name) for name in cols]
    return read_rows(cells, match, columns)


def _heading(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


# --- a club's own workbook ---------------------------------------------------------


@dataclass(frozen=True)
class _Table:
    """A club's table on a sheet: its heading row (an index into the sheet's
    rows), each heading's column (an index into a row), the headings as
    written, the log column each names (None: not the log's) and the last and
    first name columns that make the player's (positions among the headings)."""

    row: int
    cols: list[int]
    headings: list[str]
    names: list[str | None]
    joined: tuple[int, int, str] | None

    @property
    def known(self) -> set[str]:
        """The log columns the table holds."""
        player = {self.joined[2]} if self.joined else set()
        return {n for n in self.names if n} | player

    @property
    def each(self) -> list[str | None]:
        """What each heading's column is read as: the log column it names, else
        its heading; the joined name columns as the player (on the last name's
        column; None on the first name's)."""
        out = [n or h for n, h in zip(self.names, self.headings, strict=True)]
        if self.joined:
            last, first, player = self.joined
            out[last], out[first] = player, None
        return out

    @property
    def content(self) -> list[str | None]:
        """The log column of each heading, for :func:`~.layout.scan`; the name
        columns are a player's content, not the log's columns."""
        out = list(self.names)
        if self.joined:
            out[self.joined[0]] = out[self.joined[1]] = None
        return out


@dataclass(frozen=True)
class _Sheet:
    """What one sheet of a club's workbook gave: its rows (None: no log on it),
    the problems of its layout, and its rows read as a plain table (the first
    row as headings), kept for the first sheet in case no sheet holds a log."""

    sheet: str
    rows: PaperRows | None
    problems: list[TableProblem]
    plain: PaperRows | None = None


def _club_sheet(
    cells: SheetCells, hook, kind: str, schema: Schema, columns, first: bool
) -> _Sheet:
    """One sheet of a workbook the package did not write: a score sheet of the
    game's paper layout (found by the game's hook), unless the club's headings
    name columns that layout does not read; else the club's table; else none."""
    table = _club_table(cells, schema, columns)
    rows = hook.read(cells, kind, None) if hook is not None else None
    if rows is not None and (table is None or table.known <= _read_by(rows)):
        return _Sheet(cells.sheet, rows, [])
    if table is not None:
        rows, problems = _club_rows(cells, table, schema)
        return _Sheet(cells.sheet, rows, problems)
    return _Sheet(cells.sheet, None, [], plain_rows(cells) if first else None)


def _read_by(rows: PaperRows) -> set[str]:
    """The log columns a paper table was read with (its own cells)."""
    return {*rows.letters, *rows.row_letters, *rows.fixed}


def _club_table(cells: SheetCells, schema: Schema, columns) -> _Table | None:
    """The sheet's heading row and its columns, or None (no log on the sheet)."""
    at = header_row(cells.rows[:HEADER_ROWS], schema, columns)
    if at is None:
        return None
    head = cells.rows[at]
    cols = [j for j, v in enumerate(head) if v is not None and str(v).strip()]
    headings = [_heading(head[j]) for j in cols]
    names = column_names(headings, schema, columns)
    joined = name_columns(headings, schema)
    return _Table(at, cols, headings, names, joined)


def _club_rows(
    cells: SheetCells, table: _Table, schema: Schema
) -> tuple[PaperRows, list[TableProblem]]:
    """The rows of a club's table that are read (:func:`~.layout.scan`), by
    heading, and the problems of its layout."""
    body = cells.values[table.row + 1 :, table.cols]
    frame = pd.DataFrame(body)
    found = scan(frame, table.content, schema)
    at = np.flatnonzero(found.keep)
    head = cells.first_row + table.row + 1  # 1-based, as each row's number
    numbers = head + 1 + np.arange(len(frame))
    letters = [cells.letters(j) for j in table.cols]
    data, where, each = {}, {}, table.each
    for k, (heading, column) in enumerate(zip(table.headings, each, strict=True)):
        if column is None or column in each[:k]:
            continue  # a name column joined, or a column given twice (_twice)
        if table.joined and k == table.joined[0]:
            last, first, heading = table.joined
            joined = join_names(frame[first], frame[last]).to_numpy(dtype=object)
            data[heading] = [None if v != v else v for v in joined[at]]  # NaN: blank
        else:
            data[heading] = body[at, k].tolist()
        where[heading] = letters[k]
    rows = PaperRows(cells.sheet, data, len(at), numbers[at].tolist(), where)
    problems = _twice(cells, table, head, letters, len(at))
    problems += _totals(cells, table, found, numbers, letters)
    return rows, problems


def _twice(
    cells: SheetCells, table: _Table, head: int, letters: list[str], n: int
) -> list[TableProblem]:
    """Two headings of one sheet naming one column: which holds it cannot be
    told (a problem of the sheet's every row, as of a log's)."""
    named: dict[str, list[int]] = {}
    for k, column in enumerate(table.each):
        if column is not None:
            named.setdefault(column, []).append(k)
    out = []
    for name, ks in named.items():
        if len(ks) < 2:
            continue
        shown = ", ".join(f"{table.headings[k]!r} ({letters[k]}{head})" for k in ks)
        record = {
            "column": name,
            "reason": "duplicate_column",
            "message": f"column {name} must appear once; sheet {cells.sheet!r} "
            f"has {shown}",
            "cell": f"{cells.sheet}!{letters[ks[0]]}{head}",
        }
        out.append(TableProblem(record, np.arange(n)))
    return out


def _totals(
    cells: SheetCells, table: _Table, found, numbers: np.ndarray, letters
) -> list[TableProblem]:
    """Each totals cell that is not the sum of the rows above it, by its cell."""
    position = np.cumsum(found.keep) - 1  # each table row's place among those read
    out = []
    for m in found.mismatches:
        summed = np.flatnonzero(found.keep[m.first : m.last + 1]) + m.first
        where = (
            f"rows {numbers[summed[0]]} to {numbers[summed[-1]]}"
            if len(summed)
            else "no row above it"
        )
        out.append(
            totals_problem(
                m,
                table.names[m.col] or table.headings[m.col],
                table.headings[m.col],
                cell=f"{cells.sheet}!{letters[m.col]}{numbers[m.row]}",
                rows=position[summed],
                where=where,
            )
        )
    return out


def _club_book(read: list[_Sheet], schema: Schema, columns, season) -> _Book:
    """A club's workbook: the sheets that hold the log, stacked, each problem's
    rows counted among all of them; with no sheet holding it, the first sheet
    as a plain table (so that the error names the headings it has)."""
    held = [s for s in read if s.rows is not None]
    if not held:
        plain = [s.plain for s in read[:1] if s.plain is not None]
        return _Book(None, plain)
    parts = [s.rows for s in held]
    starts = np.cumsum([0] + [len(p) for p in parts])
    problems = [
        p.shifted(int(at))
        for s, at in zip(held, starts[:-1], strict=True)
        for p in s.problems
    ]
    _dated_by_name(parts, schema, columns, season)
    renamed = _one_heading_each(parts, schema, columns)
    unread = [s.sheet for s in read if s.rows is None]
    return _Book(None, parts, problems, unread if len(read) > 1 else [], renamed)


def _dated_by_name(parts: list[PaperRows], schema: Schema, columns, season) -> None:
    """A sheet per evening: where the log has a date and a sheet's table gives
    none, the sheet's name gives it (``2 SEPTEMBRE``, ``14.11``, ``12 ноября``),
    the year from ``season`` when the name has none; its problems name the
    sheet. A sheet whose name is no date is left as it is (its rows' date is
    then missing, and reported)."""
    if "date" not in schema.names:
        return
    for part in parts:
        if "date" in column_names(list(part.data), schema, columns):
            continue
        day = evening_date(part.sheet, season)
        if day is not None:
            part.set_constant("date", day.isoformat(), f"{part.sheet} (sheet name)")


def _one_heading_each(parts: list[PaperRows], schema: Schema, columns) -> set[str]:
    """Each log column under one heading on every sheet, the first sheet's
    (``Donne`` here, ``N°`` there, stacked, would be the column twice);
    returns the headings renamed."""
    first: dict[str, str] = {}
    renamed = set()
    for part in parts:
        names = list(part.data)
        named = column_names(names, schema, columns)
        for name, column in zip(names, named, strict=True):
            kept = first.setdefault(column or name, name)
            if kept != name and kept not in part.data:
                for held in (part.data, part.letters, part.coded, part.fixed):
                    if name in held:
                        held[kept] = held.pop(name)
                if name in part.row_letters:
                    part.row_letters[kept] = part.row_letters.pop(name)
                renamed.add(name)
    return renamed


def _columns_given(
    columns: Mapping[str, str] | None, headings: pd.Index, renamed: set[str]
) -> dict | None:
    """``columns=`` by the headings as read, less those renamed to another
    sheet's heading of the same column."""
    given = columns_as_read(columns, list(headings))
    if not given:
        return given
    return {k: v for k, v in given.items() if k in headings or k not in renamed}


def _note_unread(path, sheets: list[str], schema: Schema) -> None:
    """The sheets of a club's workbook that hold no log: said, not an error."""
    shown = ", ".join(repr(s) for s in sheets)
    warnings.warn(
        f"{path}: {'sheet' if len(sheets) == 1 else 'sheets'} {shown} "
        f"{'holds' if len(sheets) == 1 else 'hold'} no {schema.label} (no row "
        f"of the first {HEADER_ROWS} is headed by its columns); not read",
        UserWarning,
        stacklevel=3,
    )


def _with_cells(
    fc: pd.DataFrame,
    parts: list[PaperRows],
    schema: Schema,
    given: Mapping[Any, str] | None = None,
) -> pd.DataFrame:
    """``failure_cases`` with the cell of each problem (``Sheet!C7``)."""
    if not len(fc):
        return fc
    canon = _canonical(parts, schema, given)
    starts = np.cumsum([0] + [len(p) for p in parts])
    cells, messages, values = [], list(fc["message"]), list(fc["value"])
    for i, (row, column, given) in enumerate(
        zip(fc["row"], fc["column"], fc["cell"], strict=True)
    ):
        if pd.isna(row):
            cells.append(given)
            continue
        k = int(np.searchsorted(starts, int(row), side="right")) - 1
        part = parts[min(k, len(parts) - 1)]
        where = part.cell(int(row) - int(starts[k]), canon[k].get(column, column))
        cells.append(where if where is not None else given)
        coder = part.coded.get(column)
        if fc["reason"].iat[i] == "not_allowed" and coder is not None and coder.codes:
            # a paper sheet's cell: as typed, and what it allows in its own codes
            values[i] = _as_typed(values[i], coder.codes)
            messages[i] = sheet_choice_message(schema.field(column), values[i])
    out = fc.copy()
    out["cell"] = pd.Series(cells, index=fc.index, dtype=object)
    out["value"] = pd.Series(values, index=fc.index, dtype=fc["value"].dtype)
    out["message"] = pd.Series(messages, index=fc.index, dtype=fc["message"].dtype)
    return out


def _as_typed(value: Any, codes: Mapping[Any, str]) -> Any:
    """A cell of codes joined by ``+`` as it was typed (``S+Q``): its codes were
    decoded (``simple+Q``) before it was found wrong."""
    if not isinstance(value, str) or "+" not in value:
        return value
    return "+".join(str(codes.get(p, p)) for p in value.split("+"))


def _canonical(
    parts: list[PaperRows], schema: Schema, given: Mapping[Any, str] | None = None
) -> list[dict[str, str]]:
    """Per part, the schema's column name -> the column name as read (a plain
    table may use an alias, ``donne`` for ``deal``, or a heading ``columns=``
    names)."""
    given = given or {}
    out = []
    for part in parts:
        names = [*part.letters, *part.fixed]
        out.append({given.get(n) or schema.column_of(n) or n: n for n in names})
    return out


def _rules_of(entry: Any, meta: dict | None) -> Any:
    if meta is None or not meta.get("rules"):
        return None
    try:
        return entry.rules.from_dict(meta["rules"])
    except (RulesError, TypeError) as exc:
        raise WorkbookError(f"the workbook's rules cannot be read: {exc}") from exc
