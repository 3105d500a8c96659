"""The formats of a sheet's cells, and the widths their contents ask for.

:class:`SheetLooks` is a part of :class:`~cardscore_frames.excel.sheet.Sheet`:
a cell's Format from its style names and kind of value (a date gets a date
format, formula-like text a quote prefix), and the width each column needs,
noted as values are written (``autofit`` in
:mod:`cardscore_frames.excel.layout` sets them). Both are looked up once per
style: a season writes the same few styles hundreds of thousands of times.
"""

from __future__ import annotations

from typing import Any

from xlsxwriter.format import Format

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel import cells
from cardscore_frames.excel.styles import STYLES, Style, text_width

__all__ = ["SheetLooks", "is_format"]

#: Number formats given to dates when the style names none.
_DATE_FORMATS = {kind: STYLES[kind]["num_format"] for kind in cells.DATE_KINDS}


def is_format(style: Style) -> bool:
    """Whether ``style`` is a ready XlsxWriter Format (not style names)."""
    return isinstance(style, Format)


class SheetLooks:
    """Cell formats by style and kind of value; column widths by content."""

    name: str
    workbook: Any
    _widths: dict[int, float]

    def _cell_format(self, style: Style, kind: str, quote: bool) -> Any:
        if style.__class__ not in (str, tuple) and style is not None:
            return self._new_format(style, kind, quote)
        # Style names: the same few styles, kinds and quotes over and over.
        known = self.workbook.styles.by_use
        fmt = known.get((style, kind, quote), False)
        if fmt is False:
            fmt = known[style, kind, quote] = self._new_format(style, kind, quote)
        return fmt

    def _new_format(self, style: Style, kind: str, quote: bool) -> Any:
        if is_format(style):  # a ready Format is used as it is...
            if kind in _DATE_FORMATS and getattr(style, "num_format", 0) in (
                0,
                "",
                "General",
            ):
                # ...but without a number format a date would show as 45352.
                raise WorkbookError(
                    f"{self.name}: a date needs a number format, which this Format "
                    "lacks; pass style names (the date format is then added)"
                )
            return style
        styles = self.workbook.styles
        extra: dict[str, Any] = {"quote_prefix": True} if quote else {}
        if kind in _DATE_FORMATS and "num_format" not in styles.properties(style):
            extra["num_format"] = _DATE_FORMATS[kind]
        return styles.format(style, **extra)

    def _note_width(
        self, col: int, width: float, style: Style, value: Any = None
    ) -> None:
        if width <= self._widths.get(col, 0):
            return
        wraps, scale = self._width_rule(style)
        if wraps:
            # Wrapped text grows downwards; the column needs its longest word.
            words = value.split() if isinstance(value, str) else []
            width = max((text_width(w) for w in words), default=0)
        self._widths[col] = max(self._widths.get(col, 0), width * scale)

    def _width_rule(self, style: Style) -> tuple[bool, float]:
        """Whether ``style`` wraps text, and how much wider its font writes."""
        named = style.__class__ in (str, tuple)
        known = self.workbook.styles.by_use
        if named and ("width", style) in known:
            return known["width", style]
        props = (
            self.workbook.styles.properties(style)
            if style is not None and not is_format(style)
            else {}
        )
        scale = props.get("font_size", 10) / 10 * (1.1 if props.get("bold") else 1.0)
        rule = bool(props.get("text_wrap")), scale
        if named:
            known["width", style] = rule
        return rule
