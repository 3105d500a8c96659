"""Reading workbooks that come from outside, cell by cell, with true addresses.

Each file is first checked from the outside (:func:`check_archive`), then read
with python-calamine, which is fast, gives formulas' stored values and dates
as ``datetime``. Cells keep their Excel addresses: calamine leaves out the
empty rows and columns before the data, so the grid is placed back at its
sheet position, and an error can name ``Evening 3!C5``, not "row 0". Every
failure of the readers below (zip, XML, calamine) becomes a
:class:`~cardscore_frames.errors.WorkbookError` naming the file and the sheet.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pandas as pd

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel.archive import DEFAULT_LIMITS, ArchiveLimits, check_archive
from cardscore_frames.excel.metadata import parse_metadata
from cardscore_frames.excel.refs import METADATA_SHEET, cell_ref, col_letters

__all__ = [
    "SheetCells",
    "sheet_names",
    "read_sheet",
    "read_sheets",
    "read_book",
    "read_metadata",
    "open_openpyxl",
]

_T = TypeVar("_T")


@dataclass(frozen=True)
class SheetCells:
    """The cells of one sheet as a grid that knows where it sits.

    Attributes
    ----------
    path : pathlib.Path
    sheet : str
    rows : list of list
        The cells as the reader gives them, row by row, from the first to the
        last non-empty cell (empty and error cells are ``""``); the fastest form
        to walk a few rows of.
    first_row, first_col : int
        0-based sheet position of ``rows[0][0]``.
    merged_ranges : list or callable
        Merged blocks (see :attr:`merged`), or what gives them.
    """

    path: Path
    sheet: str
    rows: list = field(default_factory=list)
    first_row: int = 0
    first_col: int = 0
    merged_ranges: Any = field(default_factory=list, repr=False)

    @cached_property
    def merged(self) -> list[tuple[int, int, int, int]]:
        """Merged blocks as 0-based ``(first_row, first_col, last_row, last_col)``
        (looked up when first asked: most reads never need them)."""
        ranges = self.merged_ranges
        ranges = ranges() if callable(ranges) else ranges
        return [tuple(r) if len(r) == 4 else (*r[0], *r[1]) for r in ranges or []]

    @cached_property
    def values(self) -> np.ndarray:
        """2-D object array of the cells; None for empty cells (and for error
        values such as ``#DIV/0!``, which calamine reads as empty). Numbers are
        floats, as Excel stores them; dates are ``datetime``."""
        return _grid(self.rows)

    def cell(self, row: int, col: int) -> Any:
        """The value at 0-based sheet position ``(row, col)``; None when empty."""
        i, j = row - self.first_row, col - self.first_col
        if 0 <= i < len(self.rows) and 0 <= j < len(self.rows[i]):
            value = self.rows[i][j]
            return None if value == "" else value
        return None

    @property
    def row_numbers(self) -> np.ndarray:
        """Excel row numbers (1-based) of the rows of :attr:`values`."""
        return np.arange(self.values.shape[0]) + self.first_row + 1

    def letters(self, col_index: int) -> str:
        """Excel column letters of column ``col_index`` of :attr:`values`."""
        return col_letters(self.first_col + col_index)

    def address(self, row_index: int, col_index: int) -> str:
        """``Sheet!C5`` of ``values[row_index, col_index]``, for messages."""
        ref = cell_ref(self.first_row + row_index, self.first_col + col_index)
        return f"{self.sheet}!{ref}"

    def to_frame(self) -> pd.DataFrame:
        """The grid as a frame of objects: index = Excel rows, columns = letters.

        Returns
        -------
        pandas.DataFrame
        """
        columns = [self.letters(j) for j in range(self.values.shape[1])]
        return pd.DataFrame(
            self.values, index=self.row_numbers, columns=columns, dtype=object
        )


def sheet_names(
    path: str | os.PathLike[str],
    *,
    hidden: bool = False,
    limits: ArchiveLimits = DEFAULT_LIMITS,
) -> list[str]:
    """Names of the sheets, in workbook order (hidden ones only if asked).

    Returns
    -------
    list of str
    """
    path = check_archive(path, limits)

    def names(book: Any) -> list[str]:
        from python_calamine import SheetVisibleEnum

        shown = {
            m.name: m.visible == SheetVisibleEnum.Visible for m in book.sheets_metadata
        }
        return [n for n in book.sheet_names if hidden or shown.get(n, True)]

    return _with_calamine(path, None, names)


def read_sheet(
    path: str | os.PathLike[str],
    sheet: str | int = 0,
    *,
    limits: ArchiveLimits = DEFAULT_LIMITS,
) -> SheetCells:
    """Read the cells of one sheet, with their addresses.

    Parameters
    ----------
    path : str or os.PathLike
    sheet : str or int, default 0
        Sheet name, or position among all sheets.
    limits : ArchiveLimits
        Bounds on the unpacked size (see :func:`check_archive`).

    Returns
    -------
    SheetCells

    Raises
    ------
    WorkbookError
        Unsafe or unreadable file, or no such sheet (the message lists the
        sheets there are).
    """
    return read_sheets(path, [sheet], limits=limits)[0]


def read_sheets(
    path: str | os.PathLike[str],
    sheets: list[str | int],
    *,
    limits: ArchiveLimits = DEFAULT_LIMITS,
) -> list[SheetCells]:
    """Read the cells of several sheets, opening the workbook once.

    Parameters are those of :func:`read_sheet`; ``sheets`` lists names or
    positions.

    Returns
    -------
    list of SheetCells
        In the order asked.
    """
    path = check_archive(path, limits)

    def read(book: Any) -> list[SheetCells]:
        names = list(book.sheet_names)
        return [_cells(path, book, name) for name in _sheet_names(path, names, sheets)]

    return _with_calamine(path, sheets[0] if len(sheets) == 1 else None, read)


def read_book(
    path: str | os.PathLike[str],
    choose: Callable[[dict[str, Any] | None, list[str]], list[str | int]],
    *,
    convert: Callable[[SheetCells], Any] | None = None,
    limits: ArchiveLimits = DEFAULT_LIMITS,
) -> tuple[dict[str, Any] | None, list[Any]]:
    """The metadata and the sheets ``choose(metadata, names)`` picks, read in
    one pass over the workbook (checked first, as :func:`check_archive`).

    ``convert``, when given, turns each sheet's cells into what is kept as soon
    as the sheet is read (so one sheet's raw cells are held at a time).

    Returns
    -------
    (dict or None, list of SheetCells, or of what ``convert`` returned)
    """
    path = check_archive(path, limits)

    def read(book: Any) -> tuple[dict[str, Any] | None, list[Any]]:
        names = list(book.sheet_names)
        metadata = None
        if METADATA_SHEET in names:
            cells = _cells(path, book, METADATA_SHEET)
            column = [r[0] if r else None for r in cells.rows]
            if cells.first_row == 0 and cells.first_col == 0 and column:
                where = f"{path}, sheet {METADATA_SHEET}"
                metadata = parse_metadata(column, where=where)
        shown = [n for n in names if n != METADATA_SHEET]
        picked = _sheet_names(path, shown, choose(metadata, shown))
        keep = convert if convert is not None else (lambda cells: cells)
        return metadata, [keep(_cells(path, book, name)) for name in picked]

    return _with_calamine(path, None, read)


def _cells(path: Path, book: Any, name: str) -> SheetCells:
    data = book.get_sheet_by_name(name)
    rows = data.to_python()  # starts at data.start, not at A1
    first_row, first_col = data.start or (0, 0)
    return SheetCells(
        path, name, rows, first_row, first_col, lambda: data.merged_cell_ranges
    )


def read_metadata(
    path: str | os.PathLike[str], *, limits: ArchiveLimits = DEFAULT_LIMITS
) -> dict[str, Any] | None:
    """The metadata a :class:`~cardscore_frames.excel.Workbook` stored, or None.

    Returns
    -------
    dict or None
        None for a workbook without it (written by hand, or by another program).
    """
    path = check_archive(path, limits)
    if METADATA_SHEET not in sheet_names(path, hidden=True, limits=limits):
        return None
    cells = read_sheet(path, METADATA_SHEET, limits=limits)
    if cells.first_row != 0 or cells.first_col != 0 or cells.values.size == 0:
        return None
    return parse_metadata(
        list(cells.values[:, 0]), where=f"{path}, sheet {METADATA_SHEET}"
    )


def open_openpyxl(
    path: str | os.PathLike[str],
    *,
    data_only: bool = True,
    limits: ArchiveLimits = DEFAULT_LIMITS,
) -> Any:
    """Open an outside workbook with openpyxl, safely: checked archive, XML parsed
    by defusedxml, read-only mode. Close it when done (``book.close()``).

    Returns
    -------
    openpyxl.Workbook
    """
    import openpyxl

    if not openpyxl.DEFUSEDXML:  # it is a dependency; this guards a broken install
        raise WorkbookError(
            "reading outside workbooks with openpyxl needs defusedxml: pip install "
            "defusedxml"
        )
    path = check_archive(path, limits)
    try:
        return openpyxl.load_workbook(path, read_only=True, data_only=data_only)
    except Exception as exc:
        raise WorkbookError(
            f"{path}: cannot be read as a workbook ({type(exc).__name__}: {exc})"
        ) from exc


def _grid(rows: list[list[Any]]) -> np.ndarray:
    width = max((len(r) for r in rows), default=0)
    grid = np.empty((len(rows), width), dtype=object)
    for i, row in enumerate(rows):
        grid[i, : len(row)] = row
    empty = np.frompyfunc(
        lambda v: v is None or (isinstance(v, str) and v == ""), 1, 1
    )(grid).astype(bool)
    grid[empty] = None  # calamine gives "" for empty (and error) cells
    return grid


def _sheet_names(path: Path, names: list[str], sheets: list[str | int]) -> list[str]:
    """The name of each sheet of ``sheets`` (a name or a position in ``names``);
    names are looked up in a set (a season has thousands of sheets)."""
    known = set(names)
    out = []
    for sheet in sheets:
        if isinstance(sheet, int) and not isinstance(sheet, bool):
            if 0 <= sheet < len(names):
                out.append(names[sheet])
                continue
        elif sheet in known:
            out.append(sheet)
            continue
        raise WorkbookError(
            f"{path}: no sheet {sheet!r}; the sheets are "
            f"{', '.join(map(repr, names)) or 'none'}"
        )
    return out


def _with_calamine(
    path: Path, sheet: str | int | None, work: Callable[[Any], _T]
) -> _T:
    """Run ``work`` on the open workbook; any reader failure becomes a WorkbookError."""
    from python_calamine import CalamineWorkbook

    where = f"{path}" + (f", sheet {sheet!r}" if sheet is not None else "")
    try:
        with CalamineWorkbook.from_path(str(path)) as book:
            return work(book)
    except WorkbookError:
        raise
    except Exception as exc:
        raise WorkbookError(
            f"{where}: cannot be read as a workbook ({type(exc).__name__}: {exc})"
        ) from exc
    except BaseException as exc:
        # A panic in calamine's Rust code arrives as pyo3's PanicException,
        # which derives from BaseException; treat it as a damaged file.
        if type(exc).__name__ == "PanicException":
            raise WorkbookError(
                f"{where}: cannot be read as a workbook (reader crashed: {exc})"
            ) from exc
        raise
