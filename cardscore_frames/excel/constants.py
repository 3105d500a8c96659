"""A workbook's rules as cells that formulas read by name.

A template's formulas must score by the same rules as the package. The rules
are written once, from the Python constants the scorer uses, on a rules
sheet: single values (``pool_whists``) and lookup tables (contract ->
multiplier), each under a workbook-wide name, so that a formula says
``VLOOKUP(D7,Contracts,2,FALSE)`` and a club that changes a value changes it
for every formula.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardscore_frames.excel.refs import CellRange
from cardscore_frames.excel.sheet import Sheet

__all__ = ["write_constants", "write_lookup"]


def write_constants(
    sheet: Sheet,
    row: int,
    col: int,
    title: str,
    items: Sequence[tuple[str, Any, str]],
) -> int:
    """Write ``label | value`` rows under a title, each value named.

    ``items`` are (label, value, defined name). Returns the row after them.
    """
    sheet.merge(row, col, row, col + 1, title, "header")
    for k, (label, value, name) in enumerate(items, start=1):
        sheet.write(row + k, col, label, "body")
        sheet.write(row + k, col + 1, value, ("body", "centre", "bold"))
        sheet.workbook.define_name(
            name, CellRange(sheet.name, row + k, col + 1, row + k, col + 1)
        )
    return row + len(items) + 1


def write_lookup(
    sheet: Sheet,
    row: int,
    col: int,
    title: str,
    headings: Sequence[str],
    rows: Sequence[Sequence[Any]],
    name: str,
) -> int:
    """Write a lookup table (first column the key) under a title and name its
    body (for ``VLOOKUP(key, name, k, FALSE)``). Returns the row after it."""
    width = len(headings)
    sheet.merge(row, col, row, col + width - 1, title, "header")
    sheet.write_row(row + 1, col, list(headings), "subheader")
    for k, values in enumerate(rows, start=2):
        sheet.write_row(row + k, col, list(values), ("body", "centre"))
    last = row + len(rows) + 1
    sheet.workbook.define_name(
        name, CellRange(sheet.name, row + 2, col, last, col + width - 1)
    )
    return last + 1
