"""Paper score sheets as tables: columns known by their headings, written and
read back by those headings.

A club knows the columns of its score sheet by their headings ("Preneur",
"Contrat") and writes codes in them ("G" for a garde). :class:`Column` declares
one such column: its heading (under an optional group heading), the log column
it reads back into, and the codes between log values and paper text. The same
declarations write the header rows, encode the values, put drop-downs and input
checks on a template, and find the columns again in a workbook someone has
edited (:func:`find_columns`, :func:`read_rows`), so that the reader follows
the writer. What is the same on every row of a game (date, table, game) sits
in a block of label/value pairs above the table (:func:`write_details`,
:func:`read_details`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.refs import cell_ref, col_letters
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.styles import Style

__all__ = [
    "NumberCheck",
    "Column",
    "Table",
    "Match",
    "PaperRows",
    "encode",
    "decode",
    "norm",
    "write_details",
    "find_labels",
    "label_end",
    "read_details",
    "find_columns",
    "read_rows",
    "hint",
    "read_hinted",
    "stack",
]


@dataclass(frozen=True)
class NumberCheck:
    """A template's input check on a column of numbers."""

    integer: bool = True
    minimum: float | None = None
    maximum: float | None = None


@dataclass(frozen=True)
class Column:
    """One column of a paper table.

    Attributes
    ----------
    key : str
        How the writer names the column (``"contract"``, ``"cumul_2"``).
    label : str
        Its heading on the sheet; with ``group``, the heading under the group's.
    field : str, optional
        The log column read back from it; None for what is computed (scores).
    group : str, optional
        A heading merged over consecutive columns of the same group.
    codes : mapping, optional
        Log value -> paper text (``{"garde": "G"}``); read back the other way,
        ignoring case. Values without a code are written as they are.
    multi : bool
        Values joined by ``+`` (``simple+double`` -> ``S+D``), coded part by part.
    blank : str, optional
        Paper text that stands for a blank cell (``"—"``).
    aliases : mapping, optional
        Other paper texts read as a log value (``{"А": "a"}``: a Cyrillic A).
    fills_row : bool
        Whether a value here makes a row a deal (False for a pre-numbered column,
        so that a template's unused rows are not read as deals).
    style, width : the cells' style and the column's width (None: fit).
    choices : sequence of str, optional
        A template's drop-down (paper texts).
    check : NumberCheck, optional
        A template's input check.
    help : str, optional
        A template's input message.
    """

    key: str
    label: str
    field: str | None = None
    group: str | None = None
    codes: Mapping[Any, str] | None = None
    multi: bool = False
    blank: str | None = None
    aliases: Mapping[str, Any] | None = None
    fills_row: bool = True
    style: Style = "body"
    width: float | None = None
    choices: tuple[str, ...] | None = None
    check: NumberCheck | None = None
    help: str | None = None


@dataclass(frozen=True)
class Table:
    """Columns placed side by side from ``first_col``."""

    columns: tuple[Column, ...]
    first_col: int = 0

    def col(self, key: str) -> int:
        """The sheet column (0-based) of the column ``key``."""
        for offset, column in enumerate(self.columns):
            if column.key == key:
                return self.first_col + offset
        raise KeyError(key)

    def has(self, key: str) -> bool:
        return any(c.key == key for c in self.columns)

    @property
    def last_col(self) -> int:
        return self.first_col + len(self.columns) - 1

    @property
    def grouped(self) -> bool:
        return any(c.group for c in self.columns)

    def write_header(self, sheet: Sheet, row: int, style: Style = "header") -> int:
        """Write the heading row(s) at ``row``; returns the first row below them.

        Grouped columns get their group's heading merged above their own;
        ungrouped columns are merged over both rows. Widths given are set.
        """
        depth = 2 if self.grouped else 1
        cols = self.columns
        start = 0
        while start < len(cols):
            group, end = cols[start].group, start
            while group and end + 1 < len(cols) and cols[end + 1].group == group:
                end += 1
            first, last = self.first_col + start, self.first_col + end
            if group:
                sheet.merge(row, first, row, last, group, style)
                for offset in range(start, end + 1):
                    sheet.write(
                        row + 1,
                        self.first_col + offset,
                        cols[offset].label,
                        (style, "small"),
                        fit=False,
                    )
            else:
                sheet.merge(
                    row, first, row + depth - 1, first, cols[start].label, style
                )
            start = end + 1
        widths = {self.first_col + k: c.width for k, c in enumerate(cols) if c.width}
        sheet.set_widths(widths)
        return row + depth

    def add_inputs(self, sheet: Sheet, first_row: int, last_row: int) -> None:
        """A template's drop-downs and number checks on rows ``first_row..last_row``."""
        for offset, column in enumerate(self.columns):
            col = self.first_col + offset
            if column.choices:
                sheet.dropdown(
                    first_row,
                    col,
                    last_row,
                    col,
                    list(column.choices),
                    title=column.label[:32],
                    message=column.help,
                    error=_choices_error(column),
                )
            elif column.check is not None:
                ck = column.check
                sheet.number_check(
                    first_row,
                    col,
                    last_row,
                    col,
                    integer=ck.integer,
                    minimum=ck.minimum,
                    maximum=ck.maximum,
                    title=column.label[:32],
                    message=column.help,
                    error=_number_error(column),
                )


def _choices_error(column: Column) -> str:
    shown = ", ".join(c for c in (column.choices or ()) if c)
    return f"{column.label}: {shown}"[:255]


def _number_error(column: Column) -> str:
    ck = column.check
    kind = "a whole number" if ck.integer else "a number"
    low = "" if ck.minimum is None else f" from {ck.minimum:g}"
    high = "" if ck.maximum is None else f" to {ck.maximum:g}"
    return f"{column.label}: {kind}{low}{high}"


# --- codes ---------------------------------------------------------------------


def norm(value: Any) -> str | None:
    """Text as headings and codes are compared: case and spaces do not matter.

    Examples
    --------
    >>> norm("  Garde  Sans "), norm(3.0), norm(None)
    ('garde sans', None, None)
    """
    if not isinstance(value, str):
        return None
    return " ".join(value.casefold().split())


def encode(values: pd.Series, column: Column) -> pd.Series:
    """Log values as the paper shows them (an object Series; blanks are None).

    Examples
    --------
    >>> c = Column("p", "Poignée", codes={"none": "", "simple": "S", "double": "D"},
    ...            multi=True)
    >>> encode(pd.Series(["simple+double", "none", None]), c).tolist()
    ['S+D', None, None]
    """
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    table = column.codes or {}
    shown = [_encode_one(u, table, column.multi) if table else u for u in uniques]
    out = np.array([*shown, None], dtype=object)[codes]
    return pd.Series(out, index=values.index, dtype=object)


def _encode_one(value: Any, codes: Mapping[Any, str], multi: bool) -> Any:
    if multi and isinstance(value, str) and "+" in value:
        return "+".join(str(codes.get(part, part)) for part in value.split("+"))
    shown = codes.get(value, value)
    return None if shown == "" else shown


def decode(values: np.ndarray, column: Column) -> np.ndarray:
    """Paper text back to log values; text that is no code is kept as it is, so
    that the log's checks report it as written.

    Examples
    --------
    >>> c = Column("c", "Contrat", codes={"garde": "G", "pass": "passe"}, blank="—")
    >>> decode(np.array(["g", "gard", "—", 2.0, None], dtype=object), c).tolist()
    ['garde', 'gard', None, 2.0, None]
    """
    values = np.asarray(values, dtype=object)
    if not column.codes and not column.blank and not column.aliases:
        return values.copy()
    back = {norm(v): k for k, v in (column.codes or {}).items() if v}
    back.update({norm(k): v for k, v in (column.aliases or {}).items()})
    blank = norm(column.blank) if column.blank else None
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    new = np.array([*uniques, None], dtype=object)
    for k, u in enumerate(uniques):
        key = norm(u)
        if key is None:
            continue
        if key == blank or key == "":
            new[k] = None
        elif column.multi and "+" in key:
            new[k] = "+".join(str(back.get(norm(p), p.strip())) for p in u.split("+"))
        else:
            new[k] = back.get(key, u)
    return new[codes]


# --- label/value blocks -----------------------------------------------------------


def write_details(
    sheet: Sheet,
    row: int,
    col: int,
    pairs: Sequence[tuple],
    *,
    label_style: Style = ("bold", "right"),
    value_style: Style = ("box", "left"),
) -> list[tuple[int, int]]:
    """Write ``label | value`` pairs rightwards.

    Each pair is ``(label, value, span)`` or ``(label, value, span,
    label_span)``: the value spans ``span`` columns and the label
    ``label_span`` (default 1), both merged.

    Returns
    -------
    list of (int, int)
        The cell of each value.
    """
    where = []
    for label, value, span, *rest in pairs:
        width = rest[0] if rest else 1
        # a trailing space keeps a right-aligned label off its value's box
        sheet.merge(row, col, row, col + width - 1, f"{label} ", label_style)
        col += width
        sheet.merge(row, col, row, col + span - 1, value, value_style)
        where.append((row, col))
        col += span
    return where


def find_labels(cells: SheetCells, labels: Sequence[str]) -> dict[str, tuple[int, int]]:
    """Where each label is on the sheet (the first time it appears), as indices
    into :attr:`SheetCells.values`; labels not found are left out."""
    grid = cells.values
    wanted = {norm(label): label for label in labels}
    found: dict[str, tuple[int, int]] = {}
    for i, j in zip(*np.nonzero(_text_mask(grid)), strict=True):
        label = wanted.get(norm(grid[i, j]))
        if label is not None and label not in found:
            found[label] = (int(i), int(j))
    return found


def label_end(cells: SheetCells, i: int, j: int) -> int:
    """The last column (index into :attr:`SheetCells.values`) of the cell at
    ``(i, j)``: itself, or the end of the merged block it starts."""
    for a, b, _, d in cells.merged:
        if (a - cells.first_row, b - cells.first_col) == (i, j):
            return d - cells.first_col
    return j


def read_details(
    cells: SheetCells, labels: Sequence[str], width: int = 1
) -> dict[str, tuple[Any, str]]:
    """The value beside each label found (the cell right of it) and its address.

    With ``width`` > 1, the value is a tuple of the ``width`` cells right of the
    label, and the address is the first one's.

    Returns
    -------
    dict of str to (value, address)
        Labels not found on the sheet are left out.
    """
    grid = cells.values
    found: dict[str, tuple[Any, str]] = {}
    for label, (i, j0) in find_labels(cells, labels).items():
        j = label_end(cells, i, j0)
        if j + width >= grid.shape[1]:
            values = tuple(grid[i, j + 1 : j + 1 + width]) + (None,) * width
            values = values[:width]
        else:
            values = tuple(grid[i, j + 1 : j + 1 + width])
        found[label] = (values[0] if width == 1 else values, cells.address(i, j + 1))
    return found


def _text_mask(grid: np.ndarray) -> np.ndarray:
    if grid.size == 0:
        return np.zeros(grid.shape, dtype=bool)
    return np.frompyfunc(lambda v: isinstance(v, str), 1, 1)(grid).astype(bool)


# --- reading tables back ----------------------------------------------------------


@dataclass(frozen=True)
class Match:
    """Where a table's columns were found: the last heading row and each column
    (indices into :attr:`SheetCells.values`)."""

    row: int
    cols: dict[str, int]


#: Headings are looked for in the first rows of a sheet only.
_HEADING_ROWS = 60


def _headings(cells: SheetCells) -> np.ndarray:
    """Each cell's text, a merged block's text spread over the whole block."""
    top = cells.values[:_HEADING_ROWS]
    text = np.frompyfunc(norm, 1, 1)(top).astype(object) if top.size else top.copy()
    for first_row, first_col, last_row, last_col in cells.merged:
        i0, j0 = first_row - cells.first_row, first_col - cells.first_col
        i1, j1 = last_row - cells.first_row, last_col - cells.first_col
        if 0 <= i0 < text.shape[0] and 0 <= j0 < text.shape[1] and i0 >= 0:
            text[i0 : i1 + 1, j0 : j1 + 1] = text[i0, j0]
    return text


def find_columns(
    cells: SheetCells, columns: Sequence[Column], required: Sequence[str]
) -> Match | None:
    """Find the heading row of a table made of ``columns`` (by their headings).

    Returns
    -------
    Match or None
        The row where every column keyed in ``required`` is found (the most
        columns found, if several rows qualify); None when no row does.
    """
    text = _headings(cells)
    best: Match | None = None
    for i in range(min(text.shape[0], _HEADING_ROWS)):
        row, above = text[i], text[i - 1] if i else np.full(text.shape[1], None)
        cols = {}
        for column in columns:
            label, group = norm(column.label), norm(column.group)
            hits = np.flatnonzero((row == label) & ((above == group) | (group is None)))
            if len(hits):
                cols[column.key] = int(hits[0])
        if all(k in cols for k in required) and (
            best is None or len(cols) > len(best.cols)
        ):
            best = Match(i, cols)
    return best


@dataclass
class PaperRows:
    """Log rows read from one sheet: raw cells by log column, and where each sits.

    ``data`` holds each log column's cells as read (paper codes still coded;
    ``coded`` names the column whose codes decode them, see :func:`stack`). A
    column read from the table has its letter in ``letters`` and each row its
    sheet row in ``rows`` (1-based); a game's value read once above the table
    (its date, a player's name) has its one address in ``fixed``.
    """

    sheet: str
    data: dict[str, list] = field(default_factory=dict)
    n: int = 0
    rows: list[int] = field(default_factory=list)
    letters: dict[str, str] = field(default_factory=dict)
    fixed: dict[str, str | tuple[int, int]] = field(default_factory=dict)
    coded: dict[str, Column] = field(default_factory=dict)

    def __len__(self) -> int:
        return self.n

    def set_constant(
        self, column: str, value: Any, where: str | tuple[int, int] | None
    ) -> None:
        """A game's value (read once, above the table) on every row; ``where``
        is its address, or its 0-based (row, col)."""
        self.data[column] = [value] * self.n
        self.letters.pop(column, None)
        self.coded.pop(column, None)
        if where is not None:
            self.fixed[column] = where

    def cell(self, position: int, column: str) -> str | None:
        """``Sheet!C7``: where row ``position``'s value of ``column`` was read."""
        if column in self.fixed:
            where = self.fixed[column]
            if isinstance(where, tuple):  # (row, col), 0-based
                return f"{self.sheet}!{cell_ref(*where)}"
            return where
        letter = self.letters.get(column)
        if letter is None or not 0 <= position < len(self.rows):
            return None
        return f"{self.sheet}!{letter}{self.rows[position]}"


def stack(parts: Sequence[PaperRows]) -> pd.DataFrame:
    """One frame of raw log rows from every sheet's rows, codes decoded once
    per column (not once per sheet)."""
    names = list(dict.fromkeys(k for p in parts for k in p.data))
    columns = {}
    for name in names:
        cells: list = []
        for part in parts:
            cells.extend(part.data.get(name, [None] * part.n))
        values = np.empty(len(cells), dtype=object)
        values[:] = cells
        values[values == ""] = None
        coder = next((p.coded[name] for p in parts if name in p.coded), None)
        if coder is not None:
            values = decode(values, coder)
        columns[name] = pd.Series(values, dtype=object)
    total = sum(p.n for p in parts)
    return pd.DataFrame(columns) if columns else pd.DataFrame(index=range(total))


def _blank(value: Any) -> bool:
    return value is None or value == ""


def read_rows(
    cells: SheetCells,
    match: Match,
    columns: Sequence[Column],
    *,
    stop: Sequence[str] = (),
    until_blank: bool = False,
) -> PaperRows:
    """The rows under a found heading, as log columns.

    Rows are read down to the first whose first column holds one of the
    ``stop`` texts (a totals row), or to the end; rows with nothing in any
    column that ``fills_row`` are left out (a template's unused rows), or end
    the table (``until_blank``: something else follows below it).
    """
    found = [c for c in columns if c.field and c.key in match.cols]
    cols = {c.field: match.cols[c.key] for c in found}
    fills = [cols[c.field] for c in found if c.fills_row]
    first = min(match.cols.values()) if match.cols else 0
    return _take_rows(
        cells, match.row + 1, cols, fills, first, stop, found, until_blank
    )


def _take_rows(
    cells, start, cols, fills, first, stop, found, until_blank=False
) -> PaperRows:
    """Rows ``start``.. of ``cells.rows`` (indices), cut at a stop text (or at
    the first empty row, ``until_blank``); empty cells stay ``""`` here and
    become None in :func:`stack`."""
    ends = {norm(s) for s in stop}
    width = max([*cols.values(), *fills, first], default=-1) + 1
    grid = cells.rows[start:]
    if grid and min(map(len, grid)) < width:  # calamine's rows are all as wide
        grid = [list(r) + [""] * (width - len(r)) for r in grid]
    pick = itemgetter(*fills) if fills else (lambda r: ())
    blank = pick([""] * width) if len(fills) != 1 else ""
    taken, rows = [], []
    for i, row in enumerate(grid):
        lead = row[first]
        if lead.__class__ is str and lead and norm(lead) in ends:
            break
        got = pick(row)
        if got != blank and (len(fills) != 1 or got is not None):
            taken.append(row)
            rows.append(cells.first_row + start + i + 1)
        elif until_blank:
            break
    columns = list(zip(*taken, strict=True)) if taken else []
    data = {f: list(columns[j]) if taken else [] for f, j in cols.items()}
    letters = {f: _letters(cells.first_col + j) for f, j in cols.items()}
    coded = {c.field: c for c in found if c.codes or c.blank or c.aliases}
    return PaperRows(cells.sheet, data, len(taken), rows, letters, {}, coded)


@lru_cache(maxsize=512)
def _letters(col: int) -> str:
    return col_letters(col)


def hint(
    table: Table,
    row: int,
    *,
    stop: Sequence[str] = (),
    fixed: Mapping | None = None,
    until_blank: bool = False,
) -> dict[str, Any]:
    """What a writer stores so that its table is read back without a search:
    the heading row (0-based sheet row of the lowest heading), each log
    column's sheet column and heading, the stop texts and the cells of values
    written once above the table (``fixed``: log column -> (row, col))."""
    cols = {c.field: table.col(c.key) for c in table.columns if c.field}
    top = row - 1 if table.grouped else row  # ungrouped headings span both rows
    return {
        "row": row,
        "cols": cols,
        "labels": {
            c.field: [row if c.group else top, norm(c.label)]
            for c in table.columns
            if c.field
        },
        "fills": [c.field for c in table.columns if c.field and c.fills_row],
        "first": table.first_col,
        "stop": [norm(s) for s in stop],
        "until_blank": until_blank,
        "fixed": {k: list(v) for k, v in (fixed or {}).items()},
    }


def read_hinted(
    cells: SheetCells, layout: Mapping[str, Any], columns: Sequence[Column]
) -> PaperRows | None:
    """Read a table where the writer's :func:`hint` says it is; None when the
    headings are no longer there (the sheet was edited: search for them)."""
    row = layout["row"] - cells.first_row
    if not 0 <= row < len(cells.rows):
        return None
    offset = cells.first_col
    cols = {f: c - offset for f, c in layout["cols"].items()}
    for name, col in layout["cols"].items():
        at, label = layout["labels"][name]
        if norm(cells.cell(at, col)) != label:
            return None
    by_field = {c.field: c for c in columns if c.field}
    found = [by_field[f] for f in cols if f in by_field]
    fills = [cols[f] for f in layout["fills"] if f in cols]
    first = layout["first"] - offset
    rows = _take_rows(
        cells,
        row + 1,
        cols,
        fills,
        first,
        layout["stop"],
        found,
        layout.get("until_blank", False),
    )
    for name, (r, c) in layout["fixed"].items():
        rows.set_constant(name, cells.cell(r, c), (r, c))
    return rows
