"""One worksheet: safe writes of values, frames and formulas.

Every value goes through :mod:`cardscore_frames.excel.cells` and is written by
the XlsxWriter method of its kind (``write_string``, ``write_number``...), never
by the guessing ``write()``. A bad value is noted with its address and skipped;
the workbook raises them all at once when it closes. Merged blocks, links, page
set-up, input checks and conditional formats are in
:mod:`cardscore_frames.excel.layout`; formats and widths in
:mod:`cardscore_frames.excel.looks`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel import cells
from cardscore_frames.excel.cells import (
    BadCell,
    PreparedColumn,
    classify,
    prepare_column,
)
from cardscore_frames.excel.formulas import SheetFormulas
from cardscore_frames.excel.layout import SheetLayout
from cardscore_frames.excel.looks import SheetLooks
from cardscore_frames.excel.refs import MAX_COLS, MAX_ROWS, FrameBlock, range_ref
from cardscore_frames.excel.styles import Style, combine_styles

if TYPE_CHECKING:
    from cardscore_frames.excel.workbook import Workbook

__all__ = ["Sheet", "FrameBlock"]


class Sheet(SheetFormulas, SheetLayout, SheetLooks):
    """A worksheet of a :class:`~cardscore_frames.excel.Workbook`.

    Made by :meth:`Workbook.add_sheet`. Rows and columns are 0-based. ``style``
    arguments take a name of :data:`~cardscore_frames.excel.styles.STYLES`, a
    sequence of names, a dict of XlsxWriter properties or None.
    """

    def __init__(self, workbook: Workbook, worksheet: Any, name: str) -> None:
        self.workbook = workbook
        self.name = name
        self._ws = worksheet
        self._widths: dict[int, float] = {}
        self._fixed: set[int] = set()
        self._given: dict[int, float] = {}

    @property
    def worksheet(self) -> Any:
        """The underlying XlsxWriter worksheet, for what this class does not cover."""
        return self._ws

    def ref(self, row: int, col: int, absolute: bool = False) -> str:
        """Reference to one cell of this sheet from another sheet.

        Returns
        -------
        str
            ``'Evening 3'!B7``
        """
        return range_ref(row, col, row, col, absolute, sheet=self.name)

    # --- values ----------------------------------------------------------------

    def write(
        self, row: int, col: int, value: Any, style: Style = None, *, fit: bool = True
    ) -> None:
        """Write one value with its own kind; a bad value is noted, not written.

        ``fit=False`` keeps the cell out of :meth:`autofit` (a long title).
        """
        try:
            kind, cell = classify(value)
        except BadCell as problem:
            self._note_problem(row, col, problem, value)
            return
        quote = kind == cells.TEXT and cells.needs_quote_prefix(cell)
        self._put(row, col, kind, cell, self._cell_format(style, kind, quote))
        if fit:
            self._note_width(col, cells.width_of(kind, cell), style, cell)

    def write_row(
        self,
        row: int,
        col: int,
        values: Iterable[Any],
        style: Style = None,
        *,
        fit: bool = True,
    ) -> None:
        """Write ``values`` rightwards from ``(row, col)``."""
        values = list(values)
        self._check_block(row, col, row, col + len(values) - 1)
        for offset, value in enumerate(values):
            self.write(row, col + offset, value, style, fit=fit)

    def write_column(
        self,
        row: int,
        col: int,
        values: Iterable[Any] | pd.Series,
        style: Style = None,
        *,
        fit: bool = True,
    ) -> None:
        """Write ``values`` downwards from ``(row, col)``, checked as one column."""
        series = values if isinstance(values, pd.Series) else pd.Series(list(values))
        self._write_prepared(prepare_column(series), row, col, style, fit=fit)

    def write_frame(
        self,
        frame: pd.DataFrame,
        row: int = 0,
        col: int = 0,
        *,
        header: bool = True,
        header_style: Style = "header",
        style: Style = "body",
        styles: dict[str, Style] | None = None,
        fit: bool = True,
    ) -> FrameBlock:
        """Write a frame (header row, then one column at a time); index not written.

        ``styles`` maps column names to styles added to ``style`` (names
        combine: ``style="body"`` and ``{"score": "signed"}`` give a boxed
        signed number), or replacing it (a dict of properties or a Format).

        Returns
        -------
        FrameBlock
            Its header row, first and last data rows and each column's index.
        """
        names = [str(name) for name in frame.columns]
        first = row + 1 if header else row
        self._check_block(
            row, col, max(first + len(frame) - 1, row), col + len(names) - 1
        )
        if header:
            self.write_row(row, col, names, header_style, fit=fit)
        for offset, name in enumerate(names):
            column_style = combine_styles(style, (styles or {}).get(name))
            prepared = prepare_column(frame.iloc[:, offset])
            self._write_prepared(
                prepared, first, col + offset, column_style, fit=fit, column=name
            )
        positions = {name: col + offset for offset, name in enumerate(names)}
        return FrameBlock(
            self.name, row if header else None, first, first + len(frame) - 1, positions
        )

    # --- formulas ----------------------------------------------------------------

    def write_formula(
        self, row: int, col: int, formula: str, value: Any, style: Style = None
    ) -> None:
        """Write a formula together with the value it computes.

        ``value`` is stored as the formula's cached result, which is what readers
        that do not recalculate (pandas, calamine, previews) show; XlsxWriter
        would store 0 otherwise. NaN or NA store an empty result.
        """
        if not isinstance(formula, str) or not formula.startswith("="):
            raise WorkbookError(
                f"{self._where(row, col)}: a formula starts with '='; got {formula!r}"
            )
        if value is None:
            raise WorkbookError(
                f"{self._where(row, col)}: write_formula needs the value the formula "
                "computes (readers that do not recalculate show it)"
            )
        try:
            kind, cached = classify(value)
            if kind in cells.DATE_KINDS:  # XlsxWriter stores no dates as results
                raise BadCell(
                    "unsupported_type",
                    "a formula's stored value must be a number, text or boolean",
                )
        except BadCell as problem:
            self._note_problem(row, col, problem, value)
            return
        fmt = self.workbook.styles.format(style)
        stored = "" if cached is None else cached
        code = self._ws.write_formula(row, col, formula, fmt, stored)
        self._checked(code, row, col)
        self._note_width(col, cells.width_of(kind, cached), style)

    def write_formulas(
        self,
        row: int,
        col: int,
        formulas: Sequence[str],
        values: Sequence[Any],
        style: Style = None,
    ) -> None:
        """Write formulas downwards from ``(row, col)``, each with its value."""
        if len(formulas) != len(values):
            raise WorkbookError(
                f"{self.name}: write_formulas needs one value per formula; got "
                f"{len(formulas)} formulas and {len(values)} values"
            )
        self._check_block(row, col, row + len(formulas) - 1, col)
        for offset, (formula, value) in enumerate(zip(formulas, values, strict=True)):
            self.write_formula(row + offset, col, formula, value, style)

    # --- inner workings --------------------------------------------------------------

    def write_prepared(
        self,
        row: int,
        col: int,
        prepared: PreparedColumn,
        start: int = 0,
        stop: int | None = None,
        style: Style = None,
        *,
        fit: bool = True,
        column: str | None = None,
        blanks: bool = True,
    ) -> None:
        """Write ``prepared.values[start:stop]`` downwards from ``(row, col)``.

        A column prepared once (:func:`~cardscore_frames.excel.cells.prepare_column`)
        for many sheets is written a slice at a time: one sheet per game costs
        no conversion per game. Its bad cells in the slice are noted as usual.
        ``blanks=False`` writes nothing in an empty cell (a :meth:`grid` draws
        its borders), instead of an empty cell with the style's borders.
        """
        self._write_prepared(
            prepared,
            row,
            col,
            style,
            fit=fit,
            column=column,
            start=start,
            stop=stop,
            blanks=blanks,
        )

    def _write_prepared(
        self,
        prepared: PreparedColumn,
        row: int,
        col: int,
        style: Style,
        *,
        fit: bool,
        column: str | None = None,
        start: int = 0,
        stop: int | None = None,
        blanks: bool = True,
    ) -> None:
        stop = len(prepared.values) if stop is None else stop
        count = stop - start
        if count <= 0:
            return
        self._check_block(row, col, row + count - 1, col)
        for pos, reason, message, value in prepared.problems:
            if start <= pos < stop:
                self.workbook.problems.add(
                    self.name,
                    row + pos - start,
                    col,
                    reason,
                    message,
                    value,
                    column=column,
                    frame_row=pos,
                )
        if prepared.kind is not None:
            self._write_uniform(prepared, row, col, style, start, stop, blanks)
        else:
            pairs = zip(
                prepared.kinds[start:stop], prepared.values[start:stop], strict=True
            )
            for offset, (kind, value) in enumerate(pairs):
                quote = prepared.quote is not None and prepared.quote[start + offset]
                self._put(
                    row + offset,
                    col,
                    kind,
                    value,
                    self._cell_format(style, kind, quote),
                )
        if fit:
            self._note_width(col, prepared.width_between(start, stop), style)

    def _write_uniform(
        self,
        prepared: PreparedColumn,
        row: int,
        col: int,
        style: Style,
        start: int,
        stop: int,
        blanks: bool = True,
    ) -> None:
        """One kind for the whole column: one writer, two formats, a plain loop."""
        kind = prepared.kind
        write = self._writer(kind)
        fmt = self._cell_format(style, kind, False)
        quoted = (
            self._cell_format(style, kind, True) if prepared.quote is not None else fmt
        )
        blank = self._cell_format(style, cells.BLANK, False) if blanks else None
        quote = prepared.quote
        write_blank = self._ws.write_blank
        for offset, value in enumerate(prepared.values[start:stop]):
            if value is not None:
                write(
                    row + offset,
                    col,
                    value,
                    quoted if quote is not None and quote[start + offset] else fmt,
                )
            elif blank is not None:  # keep the borders of an empty cell
                write_blank(row + offset, col, None, blank)

    def _writer(self, kind: str) -> Any:
        writers = self.__dict__.get("_writers")
        if writers is None:
            ws = self._ws
            writers = self._writers = {
                cells.TEXT: ws.write_string,
                cells.NUMBER: ws.write_number,
                cells.BOOL: ws.write_boolean,
            }
        return writers.get(kind, self._ws.write_datetime)

    def _put(self, row: int, col: int, kind: str, value: Any, fmt: Any) -> None:
        if kind == cells.BLANK:
            if fmt is not None:
                self._checked(self._ws.write_blank(row, col, None, fmt), row, col)
            return
        self._checked(self._writer(kind)(row, col, value, fmt), row, col)

    def _note_problem(self, row: int, col: int, problem: BadCell, value: Any) -> None:
        self.workbook.problems.add(
            self.name, row, col, problem.reason, str(problem), value
        )

    def _check_block(
        self, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> None:
        if (
            0 <= first_row
            and 0 <= first_col
            and last_row < MAX_ROWS
            and last_col < MAX_COLS
        ):
            return
        raise WorkbookError(
            f"{self.name}: rows {first_row + 1}..{last_row + 1}, columns "
            f"{first_col + 1}..{last_col + 1} do not fit in a sheet "
            f"({MAX_ROWS:,} rows and {MAX_COLS:,} columns at most)"
        )

    def _checked(
        self, code: int | None, row: int, col: int, what: str = "the cell"
    ) -> None:
        # XlsxWriter warns and returns a negative code instead of raising.
        if code is not None and code < 0:
            raise WorkbookError(
                f"{self._where(row, col)}: XlsxWriter could not write {what} "
                f"(code {code})"
            )

    def _where(
        self,
        row: int,
        col: int,
        last_row: int | None = None,
        last_col: int | None = None,
    ) -> str:
        """``Evening 3!B7`` (or a block), unquoted, for messages."""
        last = (
            row if last_row is None else last_row,
            col if last_col is None else last_col,
        )
        return f"{self.name}!{range_ref(row, col, *last)}"
