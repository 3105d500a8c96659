"""Cell addresses: 0-based (row, col) in the code, ``B7`` in Excel and in messages.

Everything in the package counts rows and columns from 0, as XlsxWriter and
numpy do; these helpers turn positions into the A1 references written in
formulas, hyperlinks, chart series and error messages. Sheet names in
references are quoted when Excel needs it; names that are not plain ASCII are
always quoted, which every spreadsheet accepts and some require.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xlsxwriter.utility import (
    quote_sheetname,
    xl_col_to_name,
    xl_range,
    xl_range_abs,
    xl_rowcol_to_cell,
)

__all__ = [
    "MAX_ROWS",
    "MAX_COLS",
    "col_letters",
    "cell_ref",
    "range_ref",
    "quote_sheet",
    "CellRange",
    "FrameBlock",
    "excel_string",
]

#: Excel's grid: rows 1..1,048,576 and columns A..XFD.
MAX_ROWS = 1_048_576
MAX_COLS = 16_384

#: The hidden sheet that carries a workbook's machine-readable metadata.
METADATA_SHEET = "_cardscore"
#: First cell of that sheet, marking it as ours (the JSON follows in A2, A3, ...).
METADATA_MARK = "cardscore_frames metadata v1"

_PLAIN_ASCII = re.compile(r"^[A-Za-z0-9_.]+$")


def col_letters(col: int) -> str:
    """Column letters of a 0-based column index.

    Returns
    -------
    str
        ``"A"`` for 0, ``"Z"`` for 25, ``"AA"`` for 26, up to ``"XFD"``.

    Examples
    --------
    >>> col_letters(0), col_letters(27), col_letters(16383)
    ('A', 'AB', 'XFD')
    """
    _check_position(0, col)
    return xl_col_to_name(col)


def quote_sheet(name: str) -> str:
    """A sheet name as it appears before ``!`` in a reference.

    Returns
    -------
    str
        The name, between single quotes (inner quotes doubled) when Excel needs
        it: spaces, punctuation, names that look like cells, non-ASCII letters.

    Examples
    --------
    >>> quote_sheet("Scores"), quote_sheet("Evening 3"), quote_sheet("It's")
    ('Scores', "'Evening 3'", "'It''s'")
    >>> quote_sheet("Зоя")
    "'Зоя'"
    """
    if _PLAIN_ASCII.match(name) and not name.startswith("'"):
        return quote_sheetname(name)
    return "'" + name.replace("'", "''") + "'"


def cell_ref(
    row: int, col: int, absolute: bool = False, *, sheet: str | None = None
) -> str:
    """A1 reference of a 0-based cell.

    Returns
    -------
    str
        ``"B7"`` for (6, 1); ``"$B$7"`` when absolute; ``"'Evening 3'!B7"``
        with a sheet.

    Examples
    --------
    >>> cell_ref(6, 1), cell_ref(6, 1, True), cell_ref(6, 1, sheet="Evening 3")
    ('B7', '$B$7', "'Evening 3'!B7")
    """
    _check_position(row, col)
    ref = xl_rowcol_to_cell(row, col, absolute, absolute)
    return f"{quote_sheet(sheet)}!{ref}" if sheet is not None else ref


def range_ref(
    first_row: int,
    first_col: int,
    last_row: int,
    last_col: int,
    absolute: bool = False,
    *,
    sheet: str | None = None,
) -> str:
    """A1 reference of a block of cells, corners included.

    Returns
    -------
    str
        ``"B2:D9"``, ``"$B$2:$D$9"``, or ``"Scores!B2:D9"``; a single cell
        gives ``"B2"``.

    Examples
    --------
    >>> range_ref(1, 1, 8, 3), range_ref(1, 1, 8, 3, True, sheet="Scores")
    ('B2:D9', 'Scores!$B$2:$D$9')
    """
    if last_row < first_row or last_col < first_col:
        raise ValueError(
            f"a range runs from its top-left to its bottom-right corner; got rows "
            f"{first_row}..{last_row}, columns {first_col}..{last_col}"
        )
    _check_position(first_row, first_col)
    _check_position(last_row, last_col)
    ref = (xl_range_abs if absolute else xl_range)(
        first_row, first_col, last_row, last_col
    )
    return f"{quote_sheet(sheet)}!{ref}" if sheet is not None else ref


def excel_string(text: str) -> str:
    """``text`` as a string literal inside a formula (inner quotes doubled).

    Returns
    -------
    str

    Examples
    --------
    >>> print(excel_string('Anne "la Reine" B.'))
    "Anne ""la Reine"" B."
    """
    return '"' + text.replace('"', '""') + '"'


@dataclass(frozen=True)
class CellRange:
    """A block of cells on a named sheet, in 0-based positions (corners included).

    Examples
    --------
    >>> r = CellRange("Evening 3", 1, 2, 10, 2)
    >>> r.ref(), r.ref(absolute=False, sheet=False), r.rows
    ("'Evening 3'!$C$2:$C$11", 'C2:C11', 10)
    """

    sheet: str
    first_row: int
    first_col: int
    last_row: int
    last_col: int

    @property
    def rows(self) -> int:
        """Number of rows in the block."""
        return self.last_row - self.first_row + 1

    @property
    def cols(self) -> int:
        """Number of columns in the block."""
        return self.last_col - self.first_col + 1

    def ref(self, absolute: bool = True, sheet: bool = True) -> str:
        """The block as a reference (absolute and with its sheet by default)."""
        return range_ref(
            self.first_row,
            self.first_col,
            self.last_row,
            self.last_col,
            absolute,
            sheet=self.sheet if sheet else None,
        )

    def as_list(self) -> list[object]:
        """``[sheet, first_row, first_col, last_row, last_col]``, XlsxWriter's form."""
        return [
            self.sheet,
            self.first_row,
            self.first_col,
            self.last_row,
            self.last_col,
        ]


def _check_position(row: int, col: int) -> None:
    if not (0 <= row < MAX_ROWS and 0 <= col < MAX_COLS):
        raise ValueError(
            f"cell positions are 0-based within Excel's grid (rows 0..{MAX_ROWS - 1}, "
            f"columns 0..{MAX_COLS - 1}); got row {row}, column {col}"
        )


@dataclass(frozen=True)
class FrameBlock:
    """Where ``Sheet.write_frame`` put a frame: its rows, and a column per name.

    ``header_row`` is None without a header; ``last_row`` is ``first_row - 1``
    for a frame without rows.
    """

    sheet: str
    header_row: int | None
    first_row: int
    last_row: int
    columns: dict[str, int]

    def column(self, name: str) -> CellRange:
        """The data cells of column ``name`` (for formulas and chart series).

        Returns
        -------
        CellRange
        """
        col = self.columns[name]
        return CellRange(self.sheet, self.first_row, col, self.last_row, col)

    def cell(self, position: int, name: str) -> tuple[int, int]:
        """``(row, col)`` of the frame's row ``position`` (0-based) in column ``name``.

        Returns
        -------
        tuple of int
        """
        return self.first_row + position, self.columns[name]
