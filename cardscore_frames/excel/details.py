"""Blocks of ``label | value`` pairs above a table: what is the same on every row
of a game (its date, its table), written once and found again by the label.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from cardscore_frames.excel.columns import norm
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.styles import Style

__all__ = [
    "write_details",
    "find_labels",
    "label_end",
    "read_details",
    "details_into",
    "text_mask",
]


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
    label_span)``: the value spans ``span`` columns (merged) and the label
    takes ``label_span`` (default 1), written in the last of them.

    Returns
    -------
    list of (int, int)
        The cell of each value.
    """
    where = []
    for label, value, span, *rest in pairs:
        col += (rest[0] if rest else 1) - 1
        # Right-aligned, a long label runs over the empty cells on its left; a
        # trailing space keeps it off its value's box.
        sheet.write(row, col, f"{label} ", label_style, fit=False)
        col += 1
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
    for i, j in zip(*np.nonzero(text_mask(grid)), strict=True):
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


def details_into(rows: Any, cells: SheetCells, details: Sequence[tuple]) -> None:
    """Read each ``(label, log column, ...)`` of ``details`` beside its label and
    give it to every row of ``rows`` (a :class:`~.tables.PaperRows`) with its
    cell; blank, with no cell, where the label is not on the sheet."""
    found = read_details(cells, [label for label, *_ in details])
    for label, column, *_ in details:
        value, where = found.get(label, (None, None))
        rows.set_constant(column, value, where)


def text_mask(grid: np.ndarray) -> np.ndarray:
    if grid.size == 0:
        return np.zeros(grid.shape, dtype=bool)
    return np.frompyfunc(lambda v: isinstance(v, str), 1, 1)(grid).astype(bool)
