"""Finding a paper table again and reading its rows as log rows: by the layout
its writer stored (:func:`hint`, :func:`read_hinted`), else by its headings
(:func:`find_columns`, :func:`read_rows`); then every sheet's rows stacked into
one raw log, codes decoded once per column (:func:`stack`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.excel.columns import Column, Table, decode, norm
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.refs import cell_ref, col_letters

__all__ = [
    "Match",
    "PaperRows",
    "Repeated",
    "find_columns",
    "read_rows",
    "hint",
    "read_hinted",
    "stack",
]


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
    (its date, a player's name) has its one address in ``fixed``; a log column
    whose value each row takes from one of several sheet columns (a mark in the
    column of the pair it is on) has each row's letter in ``row_letters``.
    A game's value is held as :class:`Repeated` (the same value on every row),
    which :func:`stack` spreads without touching each row.
    """

    sheet: str
    data: dict[str, Sequence] = field(default_factory=dict)
    n: int = 0
    rows: list[int] = field(default_factory=list)
    letters: dict[str, str] = field(default_factory=dict)
    fixed: dict[str, str | tuple[int, int]] = field(default_factory=dict)
    coded: dict[str, Column] = field(default_factory=dict)
    row_letters: dict[str, list[str]] = field(default_factory=dict)

    def __len__(self) -> int:
        return self.n

    def set_constant(
        self, column: str, value: Any, where: str | tuple[int, int] | None
    ) -> None:
        """A game's value (read once, above the table) on every row; ``where``
        is its address, or its 0-based (row, col)."""
        self.data[column] = Repeated.of(value, self.n)
        self.letters.pop(column, None)
        self.row_letters.pop(column, None)
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
        if column in self.row_letters and 0 <= position < len(self.rows):
            letter = self.row_letters[column][position]
            return f"{self.sheet}!{letter}{self.rows[position]}"
        letter = self.letters.get(column)
        if letter is None or not 0 <= position < len(self.rows):
            return None
        return f"{self.sheet}!{letter}{self.rows[position]}"


class Repeated(tuple):
    """One value on each of a sheet's rows: a game's value read once, above the
    table. A tuple, so that nobody changes one row of it; :func:`stack` spreads
    it without touching each row."""

    __slots__ = ()

    @classmethod
    def of(cls, value: Any, n: int) -> Repeated:
        return tuple.__new__(cls, (value,) * n)


def stack(parts: Sequence[PaperRows]) -> pd.DataFrame:
    """One frame of raw log rows from every sheet's rows, codes decoded once
    per column (not once per sheet)."""
    names = list(dict.fromkeys(k for p in parts for k in p.data))
    coders: dict[str, Column] = {}
    for part in parts:
        for name, coder in part.coded.items():
            coders.setdefault(name, coder)
    counts = np.array([p.n for p in parts], dtype=np.int64)
    total = int(counts.sum())
    columns = {}
    for name in names:
        chunks = [p.data.get(name) for p in parts]
        if all(c is None or c.__class__ is Repeated for c in chunks):
            # each sheet's one value, spread over its rows
            firsts = (c[0] if c else None for c in chunks)
            each = np.fromiter(firsts, dtype=object, count=len(parts))
            values = np.repeat(_blank_none(each), counts)
        else:
            whole = ([None] * p.n if c is None else c for p, c in zip(parts, chunks))
            values = np.fromiter(chain.from_iterable(whole), dtype=object, count=total)
            values = _blank_none(values)
        if name in coders:
            values = decode(values, coders[name])
        columns[name] = pd.Series(values, dtype=object, copy=False)
    if not columns:
        return pd.DataFrame(index=range(total))
    return pd.DataFrame(columns, copy=False)


def _blank_none(values: np.ndarray) -> np.ndarray:
    """Empty cells (calamine reads them as "") as None, in place."""
    empty = values == ""
    if empty.any():
        values[empty] = None
    return values


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
    plan = _Plan(
        cols=cols,
        fills=[cols[c.field] for c in found if c.fills_row],
        first=min(match.cols.values()) if match.cols else 0,
        labels=[],
        letters={f: _letters(cells.first_col + j) for f, j in cols.items()},
        coded={c.field: c for c in found if c.codes or c.blank or c.aliases},
    )
    return _take_rows(cells, match.row + 1, plan, stop, until_blank)


def _take_rows(cells, start, plan: _Plan, stop, until_blank=False) -> PaperRows:
    """Rows ``start``.. of ``cells.rows`` (indices), cut at a stop text (or at
    the first empty row, ``until_blank``); empty cells stay ``""`` here and
    become None in :func:`stack`."""
    cols, fills, first = plan.cols, plan.fills, plan.first
    width = max([*cols.values(), *fills, first], default=-1) + 1
    grid = cells.rows[start:]
    if grid and min(map(len, grid)) < width:  # calamine's rows are all as wide
        grid = [list(r) + [""] * (width - len(r)) for r in grid]
    columns = list(zip(*grid, strict=True)) if grid else [()] * width
    end = _stop_at(columns[first], {norm(s) for s in stop}) if stop else len(grid)
    keep = _filled(columns, fills, end, until_blank)
    base = cells.first_row + start + 1
    if keep is None:  # every row up to the end is a deal (the usual case)
        data = {f: list(columns[j][:end]) for f, j in cols.items()}
        rows = list(range(base, base + end))
    else:
        data = {f: [columns[j][i] for i in keep] for f, j in cols.items()}
        rows = [base + i for i in keep]
    return PaperRows(
        cells.sheet, data, len(rows), rows, dict(plan.letters), {}, dict(plan.coded)
    )


def _stop_at(lead: tuple, ends: set[str]) -> int:
    """The first row whose lead cell holds a stop text (a totals row)."""
    for i, value in enumerate(lead):
        if value.__class__ is str and value and norm(value) in ends:
            return i
    return len(lead)


def _filled(
    columns: list, fills: list[int], end: int, until_blank: bool
) -> list[int] | None:
    """The rows up to ``end`` with a value in a column that makes a deal; None
    when that is every one of them."""
    filled = [columns[j][:end] for j in fills]
    if any("" not in c and None not in c for c in filled):
        return None  # a column that is never empty: every row is taken
    keep = []
    for i in range(end):
        if any(c[i] != "" and c[i] is not None for c in filled):
            keep.append(i)
        elif until_blank:
            break
    return keep


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
    return {
        "row": row,
        "cols": cols,
        "labels": {c.field: [row, c.label] for c in table.columns if c.field},
        "fills": [c.field for c in table.columns if c.field and c.fills_row],
        "first": table.first_col,
        "stop": [norm(s) for s in stop],
        "until_blank": until_blank,
        "fixed": {k: list(v) for k, v in (fixed or {}).items()},
    }


def read_hinted(
    cells: SheetCells,
    layout: Mapping[str, Any] | None,
    columns: Sequence[Column],
    search: Callable[[SheetCells], PaperRows | None] | None = None,
) -> PaperRows | None:
    """Read a table where the writer's :func:`hint` says it is; where there is no
    layout, or its headings are no longer there (the sheet was edited), what
    ``search`` finds by the headings (None without it)."""
    rows = _at_hint(cells, layout, columns) if layout else None
    if rows is None and search is not None:
        rows = search(cells)
    return rows


def _at_hint(
    cells: SheetCells, layout: Mapping[str, Any], columns: Sequence[Column]
) -> PaperRows | None:
    row = layout["row"] - cells.first_row
    if not 0 <= row < len(cells.rows):
        return None
    plan = _plan(layout, columns, cells.first_col)
    heading = cells.rows[row]
    for j, at, label in plan.labels:
        found = heading[j] if at == layout["row"] and j < len(heading) else None
        if found is None:
            found = cells.cell(at, j + cells.first_col)
        if found != label and norm(found) != norm(label):  # exact, else loosely
            return None
    rows = _take_rows(cells, row + 1, plan, layout["stop"], plan.until_blank)
    top, grid = cells.first_row, cells.rows
    for name, (r, c) in layout["fixed"].items():
        i, j = r - top, c - cells.first_col
        value = grid[i][j] if 0 <= i < len(grid) and 0 <= j < len(grid[i]) else None
        rows.set_constant(name, None if value == "" else value, (r, c))
    return rows


@dataclass(frozen=True)
class _Plan:
    """What reading a table needs, worked out once per layout (not per sheet)."""

    cols: dict[str, int]  # log column -> index into a row
    fills: list[int]
    first: int
    labels: list[tuple[int, int, str]]  # (index, sheet row, heading)
    letters: dict[str, str]
    coded: dict[str, Column]
    until_blank: bool = False


def _plan(layout: Mapping[str, Any], columns: Sequence[Column], offset: int) -> _Plan:
    key = ("_plan", offset, id(columns))
    plan = layout.get(key) if isinstance(layout, dict) else None
    if plan is None:
        cols = {f: c - offset for f, c in layout["cols"].items()}
        by_field = {c.field: c for c in columns if c.field}
        plan = _Plan(
            cols=cols,
            fills=[cols[f] for f in layout["fills"] if f in cols],
            first=layout["first"] - offset,
            labels=[(cols[f], *layout["labels"][f]) for f in cols],
            letters={f: _letters(offset + j) for f, j in cols.items()},
            coded={
                f: by_field[f]
                for f in cols
                if f in by_field
                and (by_field[f].codes or by_field[f].blank or by_field[f].aliases)
            },
            until_blank=layout.get("until_blank", False),
        )
        if isinstance(layout, dict):
            layout[key] = plan
    return plan
