"""How a sheet looks and behaves around its values: widths, panes, merged
blocks, links, printing, input checks (drop-downs, number checks) and flagged
check cells.

:class:`SheetLayout` is the half of :class:`~cardscore_frames.excel.sheet.Sheet`
that does not convert values; it writes them through the sheet's ``write`` and
uses its ``_ws``, ``name``, ``workbook``, ``_widths`` and ``_fixed``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xlsxwriter.exceptions import OverlappingRange

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel import cells
from cardscore_frames.excel.cells import BadCell, text_problem
from cardscore_frames.excel.refs import quote_sheet, range_ref
from cardscore_frames.excel.styles import Style, fit_width

__all__ = ["SheetLayout", "A4", "LETTER"]

#: XlsxWriter paper codes.
A4, LETTER = 9, 1
#: Excel's limits on the texts of an input check.
_TITLE_MAX, _MESSAGE_MAX, _INLINE_LIST_MAX = 32, 255, 255
#: Excel's default column width (characters) and the pixels of one digit, plus
#: the padding, in the default font.
_DEFAULT_WIDTH, _DIGIT_PX, _PADDING_PX = 8.43, 7, 5
#: Excel has no "any whole number": these bounds stand for it.
_ANY_INTEGER, _ANY_DECIMAL = 2**31 - 1, 1e300


class SheetLayout:
    """Widths, panes, print set-up, input checks and conditional formats."""

    _ws: Any
    name: str
    workbook: Any
    _widths: dict[int, float]
    _fixed: set[int]
    _given: dict[int, float]
    write: Any  # Sheet.write
    _note_problem: Any
    _note_width: Any
    _check_block: Any
    _checked: Any
    _where: Any

    # --- widths and panes ----------------------------------------------------

    def freeze(self, row: int, col: int = 0) -> None:
        """Keep rows above ``row`` and columns left of ``col`` in view."""
        self._ws.freeze_panes(row, col)

    def set_widths(
        self, widths: Mapping[int, float] | Sequence[float], first_col: int = 0
    ) -> None:
        """Set column widths (in characters); these columns are then left alone by
        :meth:`autofit`. A sequence starts at ``first_col``."""
        items = (
            widths.items()
            if isinstance(widths, Mapping)
            else enumerate(widths, first_col)
        )
        for col, width in items:
            self._ws.set_column(col, col, width)
            self._fixed.add(col)
            self._given[col] = width

    def autofit(
        self, *, minimum: float = 4, maximum: float = 60, padding: float = 2
    ) -> dict[int, float]:
        """Fit each written column to its widest value (cells written with
        ``fit=False``, merged blocks and wrapped text do not count).

        Not XlsxWriter's ``Worksheet.autofit``, which measures every cell of the
        sheet as it is: a title or a merged heading written in a narrow first
        column widens it to the title's length (a season's standings: column A
        7 characters wide here, 31 with XlsxWriter's), a wrapped header counts
        whole, a width set with :meth:`set_widths` grows, formulas with a
        negative result (running totals) do not count, and text is measured in
        Calibri 11 regular, not in the sheets' Arial, bold or larger.

        Returns
        -------
        dict of int to float
            The width given to each column.
        """
        given = {}
        for col, content in sorted(self._widths.items()):
            if col not in self._fixed:
                given[col] = fit_width(
                    content, minimum=minimum, maximum=maximum, padding=padding
                )
                self._ws.set_column(col, col, given[col])
        self._given.update(given)
        return given

    def columns_px(self, first_col: int, last_col: int) -> int:
        """Width in pixels of columns ``first_col..last_col`` as set so far (to
        size a chart like the table above it).

        Returns
        -------
        int
        """
        return sum(
            _width_px(self._given.get(col, _DEFAULT_WIDTH))
            for col in range(first_col, last_col + 1)
        )

    def set_row_height(self, row: int, height: float) -> None:
        """Height of one row in points (a title row, a wrapped header)."""
        self._ws.set_row(row, height)

    # --- blocks and links ----------------------------------------------------------

    def merge(
        self,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        value: Any,
        style: Style = None,
    ) -> None:
        """Merge a block and write ``value`` in it (a title, a zone of a sheet)."""
        if (first_row, first_col) == (last_row, last_col):
            self.write(first_row, first_col, value, style, fit=False)
            return
        self._check_block(first_row, first_col, last_row, last_col)
        fmt = self.workbook.styles.format(style)
        plain = value if isinstance(value, str) and value else ""
        if plain and (text_problem(plain) or cells.needs_quote_prefix(plain)):
            plain = ""  # written below, with its checks and quote prefix
        try:
            self._ws.merge_range(first_row, first_col, last_row, last_col, plain, fmt)
        except OverlappingRange as exc:
            raise WorkbookError(
                f"{self._where(first_row, first_col, last_row, last_col)}: {exc}"
            ) from exc
        if not plain:
            # Merge wrote a blank; the value goes in with its own kind and checks.
            self.write(first_row, first_col, value, style, fit=False)

    def link_to_sheet(
        self,
        row: int,
        col: int,
        sheet_name: str,
        text: str | None = None,
        *,
        target: str = "A1",
        style: Style = "link",
    ) -> None:
        """A hyperlink to a cell of another sheet of the same workbook.

        The sheet must exist when the workbook closes (it may be added later).
        """
        shown = sheet_name if text is None else text
        problem = (
            cells.text_problem(shown)
            if isinstance(shown, str)
            else BadCell("unsupported_type", "a link's text must be text")
        )
        if problem:
            self._note_problem(row, col, problem, shown)
            return
        url = f"internal:{quote_sheet(sheet_name)}!{target}"
        fmt = self.workbook.styles.format(style)
        self._checked(
            self._ws.write_url(row, col, url, fmt, shown),
            row,
            col,
            what=f"a link to {sheet_name!r}",
        )
        self.workbook.expect_sheet(self.name, row, col, sheet_name)
        self._note_width(col, cells.width_of(cells.TEXT, shown), style)

    # --- printing --------------------------------------------------------------

    def landscape_fit_to_page(
        self,
        *,
        repeat_rows: int | tuple[int, int] | None = None,
        pages_tall: int = 0,
        paper: int = A4,
        margins: tuple[float, float, float, float] = (0.4, 0.4, 0.6, 0.6),
        header: str | None = None,
        footer: str | None = None,
        print_area: tuple[int, int, int, int] | None = None,
    ) -> None:
        """Print set-up of a score sheet: landscape, one page wide, centred.

        Parameters
        ----------
        repeat_rows : int or (int, int), optional
            Row(s) printed at the top of every page (the header).
        pages_tall : int, default 0
            Pages down; 0 lets the rows run onto as many pages as they need.
        paper : int, default A4
            XlsxWriter paper code (:data:`A4`, :data:`LETTER`).
        margins : (left, right, top, bottom), inches
        header, footer : str, optional
            Plain text; by default the sheet name at the top left and
            "page / pages" at the bottom centre.
        print_area : (first_row, first_col, last_row, last_col), optional
        """
        ws = self._ws
        ws.set_landscape()
        ws.set_paper(paper)
        ws.fit_to_pages(1, pages_tall)
        ws.center_horizontally()
        left, right, top, bottom = margins
        ws.set_margins(left=left, right=right, top=top, bottom=bottom)
        ws.set_header("&L&A" if header is None else "&L" + _escape_header(header))
        ws.set_footer("&C&P / &N" if footer is None else "&C" + _escape_header(footer))
        if repeat_rows is not None:
            first, last = (
                (repeat_rows, repeat_rows)
                if isinstance(repeat_rows, int)
                else repeat_rows
            )
            ws.repeat_rows(first, last)
        if print_area is not None:
            ws.print_area(*print_area)

    # --- input checks ----------------------------------------------------------------

    def dropdown(
        self,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        choices: Sequence[object],
        *,
        title: str | None = None,
        message: str | None = None,
        error: str | None = None,
        allow_blank: bool = True,
    ) -> None:
        """A drop-down list on a block of cells; other entries are refused.

        Choices that do not fit in Excel's inline list (over 255 characters in
        all, or holding a comma or a double quote) are written on the hidden
        "Lists" sheet and referenced from there.
        """
        texts = [str(choice) for choice in choices]
        bad = [f"{c!r}: {p}" for c in texts if (p := text_problem(c))]
        if bad or not texts:
            where = f"{self._where(first_row, first_col, last_row, last_col)}"
            raise WorkbookError(
                f"{where}: drop-down choices must be non-empty, printable text; "
                + ("; ".join(bad) or "got none")
            )
        inline = len(",".join(texts)) <= _INLINE_LIST_MAX and not any(
            "," in t or '"' in t for t in texts
        )
        source: object = (
            texts if inline else "=" + self.workbook.list_range(texts).ref()
        )
        options = {"validate": "list", "source": source, "ignore_blank": allow_blank}
        self._validate(
            first_row, first_col, last_row, last_col, options, title, message, error
        )

    def number_check(
        self,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        *,
        integer: bool = True,
        minimum: float | None = None,
        maximum: float | None = None,
        title: str | None = None,
        message: str | None = None,
        error: str | None = None,
    ) -> None:
        """Accept only whole numbers (``integer=True``) or decimals, within bounds."""
        bound = _ANY_INTEGER if integer else _ANY_DECIMAL
        options = {
            "validate": "integer" if integer else "decimal",
            "criteria": "between",
            "minimum": -bound if minimum is None else minimum,
            "maximum": bound if maximum is None else maximum,
        }
        self._validate(
            first_row, first_col, last_row, last_col, options, title, message, error
        )

    def _validate(
        self, first_row, first_col, last_row, last_col, options, title, message, error
    ) -> None:
        where = f"{self._where(first_row, first_col, last_row, last_col)}"
        texts = {
            "input_title": (title, _TITLE_MAX),
            "input_message": (message, _MESSAGE_MAX),
            "error_message": (error, _MESSAGE_MAX),
        }
        for key, (text, limit) in texts.items():
            if text is None:
                continue
            if len(text) > limit or text_problem(text):
                raise WorkbookError(
                    f"{where}: {key} must be printable text of at most {limit} "
                    f"characters; got {text!r}"
                )
            options[key] = text
        if error is not None:
            options["error_title"] = (title or "")[:_TITLE_MAX] or "Not allowed"
        code = self._ws.data_validation(
            first_row, first_col, last_row, last_col, options
        )
        if code is not None and code < 0:
            raise WorkbookError(
                f"{where}: XlsxWriter refused the input check {options!r} (code {code})"
            )

    # --- conditional formats --------------------------------------------------------

    def flag_nonzero(
        self,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        *,
        tolerance: float = 0.0,
        style: Any = "flag",
        also: Sequence[tuple[int, int, int, int]] = (),
    ) -> None:
        """Colour check cells whose value is not 0 (beyond ``tolerance``).

        A zero-sum check (Σ of a deal's scores) stays plain when it holds and turns
        red when a cell is edited into an inconsistent sheet. ``also``: more
        blocks (first_row, first_col, last_row, last_col) under the same rule
        (one rule for the whole sheet's checks keeps the file small).
        """
        options = {
            "type": "cell",
            "criteria": "not between",
            "minimum": -tolerance,
            "maximum": tolerance,
            "format": self.workbook.styles.conditional(style),
        }
        if also:
            blocks = [(first_row, first_col, last_row, last_col), *also]
            options["multi_range"] = " ".join(
                range_ref(*block, absolute=False) for block in blocks
            )
        code = self._ws.conditional_format(
            first_row, first_col, last_row, last_col, options
        )
        if code is not None and code < 0:
            where = f"{self._where(first_row, first_col, last_row, last_col)}"
            raise WorkbookError(
                f"{where}: XlsxWriter refused the conditional format (code {code})"
            )

    def insert_chart(
        self, row: int, col: int, chart: Any, *, x_offset: int = 0, y_offset: int = 0
    ) -> None:
        """Place a chart's top-left corner in cell ``(row, col)``."""
        self._ws.insert_chart(
            row,
            col,
            chart,
            {"x_offset": x_offset, "y_offset": y_offset, "object_position": 1},
        )


def _escape_header(text: str) -> str:
    """Header text is a little language where ``&`` starts a code."""
    return text.replace("&", "&&")


def _width_px(width: float) -> int:
    """Pixels of a column ``width`` characters wide (Excel's own conversion)."""
    if width < 1:
        return int(width * (_DIGIT_PX + _PADDING_PX) + 0.5)
    return int(width * _DIGIT_PX + 0.5) + _PADDING_PX
