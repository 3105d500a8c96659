"""Columns written fast (numbers, formulas), merged blocks holding a formula,
and cells styled by a formula (a conditional format).

:class:`SheetFormulas` is a part of :class:`~cardscore_frames.excel.sheet.Sheet`.
Every formula is written with the value it computes (readers that do not
recalculate show that value), which the caller worked out in Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from xlsxwriter.exceptions import OverlappingRange

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel import cells
from cardscore_frames.excel.cells import prepare_column
from cardscore_frames.excel.styles import Style

__all__ = ["SheetFormulas"]


class SheetFormulas:
    """Column-wise formulas, merged formulas and formula-driven formats."""

    _ws: Any
    name: str
    workbook: Any
    write_formula: Any
    _check_block: Any
    _checked: Any
    _where: Any
    _note_width: Any
    _note_problem: Any
    write: Any
    merge: Any

    def write_formula_column(
        self,
        row: int,
        col: int,
        formulas: Sequence[str],
        values: Sequence[Any] | np.ndarray | pd.Series,
        style: Style = None,
    ) -> None:
        """Write formulas downwards from ``(row, col)``, each with its value.

        The values are checked as one column (numbers, text or blanks; NaN and
        NA store an empty result); the format is looked up once.
        """
        n = len(formulas)
        if len(values) != n:
            raise WorkbookError(
                f"{self.name}: write_formula_column needs one value per formula; got "
                f"{n} formulas and {len(values)} values"
            )
        if n == 0:
            return
        self._check_block(row, col, row + n - 1, col)
        bad = [f for f in formulas if not (isinstance(f, str) and f.startswith("="))]
        if bad:
            raise WorkbookError(
                f"{self._where(row, col)}: a formula starts with '='; got {bad[0]!r}"
            )
        if isinstance(values, np.ndarray) and values.dtype.kind in "iuf":
            if np.isfinite(values).all() and np.abs(values).max(initial=0) < 2**53:
                self._write_numbers(row, col, formulas, values.tolist(), style)
                return
        series = values if isinstance(values, pd.Series) else pd.Series(list(values))
        prepared = prepare_column(series)
        if prepared.problems or prepared.kind not in (cells.NUMBER, cells.TEXT, None):
            for offset, formula in enumerate(formulas):  # the careful way
                self.write_formula(
                    row + offset, col, formula, series.iloc[offset], style
                )
            return
        fmt = self.workbook.styles.format(style)
        write = self._ws.write_formula
        for offset, (formula, value) in enumerate(
            zip(formulas, prepared.values, strict=True)
        ):
            write(row + offset, col, formula, fmt, "" if value is None else value)
        self._note_width(col, prepared.width, style)

    def write_numbers(
        self, row: int, col: int, values: np.ndarray, style: Style = None
    ) -> None:
        """Write a numeric array downwards from ``(row, col)``: checked as a whole
        (finite, exact in a double), one format, no per-cell conversion; NaN
        leaves a blank cell."""
        values = np.asarray(values)
        if values.dtype.kind not in "iuf":
            raise WorkbookError(f"{self.name}: write_numbers takes numbers")
        if len(values) == 0:
            return
        self._check_block(row, col, row + len(values) - 1, col)
        finite = np.isfinite(values) if values.dtype.kind == "f" else None
        if finite is not None and np.isinf(values).any():
            raise WorkbookError(f"{self._where(row, col)}: a number is infinite")
        if (
            np.abs(values[finite] if finite is not None else values).max(initial=0)
            > 2**53
        ):
            raise WorkbookError(
                f"{self._where(row, col)}: a number is beyond 2**53 (Excel would "
                "store it rounded)"
            )
        fmt = self.workbook.styles.format(style)
        write, blank = self._ws.write_number, self._ws.write_blank
        for offset, value in enumerate(values.tolist()):
            if value != value:  # NaN
                blank(row + offset, col, None, fmt)
            else:
                write(row + offset, col, value, fmt)
        shown = values[finite] if finite is not None else values
        if shown.size:
            width = max(len(f"{v:+.0f}") for v in (shown.min(), shown.max()))
            self._note_width(col, width, style)

    def _write_numbers(self, row, col, formulas, values: list, style: Style) -> None:
        fmt = self.workbook.styles.format(style)
        write = self._ws.write_formula
        for offset, (formula, value) in enumerate(zip(formulas, values, strict=True)):
            write(row + offset, col, formula, fmt, value)
        self._note_width(
            col, max(len(f"{v:+.0f}") for v in (min(values), max(values))), style
        )

    def merge_formula(
        self,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        formula: str,
        value: Any,
        style: Style = None,
    ) -> None:
        """Merge a block and put a formula (with its value) in it."""
        if (first_row, first_col) == (last_row, last_col):
            self.write_formula(first_row, first_col, formula, value, style)
            return
        self._check_block(first_row, first_col, last_row, last_col)
        fmt = self.workbook.styles.format(style)
        try:
            self._ws.merge_range(first_row, first_col, last_row, last_col, "", fmt)
        except OverlappingRange as exc:
            raise WorkbookError(
                f"{self._where(first_row, first_col, last_row, last_col)}: {exc}"
            ) from exc
        self.write_formula(first_row, first_col, formula, value, style)

    def merge_rich(
        self,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        parts: Sequence[tuple[str, Style]],
        style: Style = None,
    ) -> None:
        """Merge a block and write text whose parts have their own looks (a small
        grey label, then bold numbers); empty parts are left out."""
        parts = [(str(text), part) for text, part in parts if text]
        for text, _ in parts:
            problem = cells.text_problem(text)
            if problem:
                self._note_problem(first_row, first_col, problem, text)
                return
        if len(parts) < 2:  # a rich string needs two parts: plain text will do
            text = parts[0][0] if parts else None
            merged = (first_row, first_col) != (last_row, last_col)
            if merged:
                self.merge(first_row, first_col, last_row, last_col, text, style)
            else:
                self.write(first_row, first_col, text, style, fit=False)
            return
        fmt = self.workbook.styles.format(style)
        if (first_row, first_col) != (last_row, last_col):
            self._check_block(first_row, first_col, last_row, last_col)
            try:
                self._ws.merge_range(first_row, first_col, last_row, last_col, "", fmt)
            except OverlappingRange as exc:
                raise WorkbookError(
                    f"{self._where(first_row, first_col, last_row, last_col)}: {exc}"
                ) from exc
        styles = self.workbook.styles
        args: list[Any] = []
        for text, part in parts:
            args += [styles.format(part) or styles.format(style), text]
        self._checked(
            self._ws.write_rich_string(first_row, first_col, *args, fmt),
            first_row,
            first_col,
            what="a rich string",
        )

    def highlight(
        self,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        formula: str,
        style: Style = "grey",
    ) -> None:
        """Style the cells of a block where ``formula`` is true (written for the
        block's top-left cell; relative references move with each cell)."""
        options = {
            "type": "formula",
            "criteria": formula,
            "format": self.workbook.styles.conditional(style),
        }
        code = self._ws.conditional_format(
            first_row, first_col, last_row, last_col, options
        )
        if code is not None and code < 0:
            where = self._where(first_row, first_col, last_row, last_col)
            raise WorkbookError(
                f"{where}: XlsxWriter refused the conditional format (code {code})"
            )

    def grid(
        self, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> None:
        """Thin borders round every cell of a block, empty ones included, as one
        conditional format: a table of thousands of rows needs no empty cell
        written for its borders."""
        self.highlight(first_row, first_col, last_row, last_col, "=TRUE", "box")

    def hide_rows(self, first_row: int, last_row: int) -> None:
        """Hide rows that hold working (they stay in the file, and computed)."""
        for row in range(first_row, last_row + 1):
            self._ws.set_row(row, None, None, {"hidden": True})

    def hide_columns(self, first_col: int, last_col: int, width: float = 8) -> None:
        """Hide columns that hold a template's working (they stay in the file)."""
        self._ws.set_column(first_col, last_col, width, None, {"hidden": True})
        self._fixed.update(range(first_col, last_col + 1))

    _fixed: set[int]
