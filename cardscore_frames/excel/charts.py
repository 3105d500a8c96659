"""Native Excel charts drawn from ranges of a sheet: running totals as lines,
totals as columns or bars.

The charts refer to cells (``'Evening 3'!$F$2:$F$30``), so they follow the
sheet when someone corrects a score; the sheet names are quoted by XlsxWriter
from the list form of each range.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel.refs import CellRange
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.styles import BASE_FONT

__all__ = ["line_chart", "table_chart", "column_chart", "chart_size"]

#: One colour per player, distinguishable in print and for colour-blind readers
#: (Okabe–Ito palette), then Excel's own colours for the rest.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")

Series = Mapping[str, CellRange] | Sequence[tuple[CellRange | str, CellRange]]


def chart_size(
    points: int, *, min_width: int = 480, max_width: int = 1100, height: int = 300
) -> tuple[int, int]:
    """Width and height in pixels for a chart of ``points`` categories.

    Returns
    -------
    tuple of int
        About 18 pixels a category, kept between the bounds.

    Examples
    --------
    >>> chart_size(5), chart_size(40), chart_size(500)
    ((480, 300), (840, 300), (1100, 300))
    """
    return max(min_width, min(max_width, 120 + 18 * points)), height


def line_chart(
    sheet: Sheet,
    row: int,
    col: int,
    *,
    categories: CellRange | int,
    series: Series,
    title: str | None = None,
    x_title: str | None = None,
    y_title: str | None = None,
    size: tuple[int, int] | None = None,
    markers: bool | None = None,
    colours: Sequence[str] | None = None,
    stop_at_na: bool = False,
) -> Any:
    """A line chart of running totals, one line per player, placed at ``(row, col)``.

    Parameters
    ----------
    sheet : Sheet
        The sheet the chart is drawn on (the data may be on another sheet).
    row, col : int
        Cell of the chart's top-left corner.
    categories : CellRange or int
        Deal or game numbers (the x axis); a number n says the axis is 1..n,
        which a spreadsheet draws by itself (no category data is stored with
        every line: a workbook of thousands of charts is smaller and faster).
    series : mapping of name to CellRange, or sequence of (name, CellRange)
        One range of values per line, as long as ``categories``. A name may
        be a CellRange (the header cell of the column), so that the legend
        follows a renamed player.
    title, x_title, y_title : str, optional
    size : (width, height), optional
        Pixels; by default :func:`chart_size` of the number of categories.
    markers : bool, optional
        Dots on each point; by default when there are at most 30 categories.
    colours : sequence of str, optional
        One colour per line (``#RRGGBB``), so that a player keeps his colour
        from chart to chart; by default :data:`PALETTE` in turn.
    stop_at_na : bool
        For a sheet still being filled in: ``categories`` (a range) holds the
        deal number where a deal is scored and #N/A where none is, and the
        lines join only the points of scored deals, ending at the last one.
        The chart is then an XY chart with straight lines, because LibreOffice
        draws the #N/A of a line chart's values as 0 while every spreadsheet
        leaves out a point whose x is #N/A.

    Returns
    -------
    xlsxwriter.chart.Chart
        Already inserted; adjust it further if needed.
    """
    if stop_at_na and isinstance(categories, int):
        raise WorkbookError("a chart that stops at #N/A needs its x values as a range")
    chart = sheet.workbook.add_chart(
        {"type": "scatter", "subtype": "straight"} if stop_at_na else {"type": "line"}
    )
    points = categories if isinstance(categories, int) else categories.rows
    show_markers = points <= 30 if markers is None else markers
    for k, (name, values) in enumerate(_pairs(series, categories)):
        colour = colours[k] if colours else PALETTE[k % len(PALETTE)]
        axis = (
            {} if isinstance(categories, int) else {"categories": categories.as_list()}
        )
        chart.add_series(
            {
                "name": name,
                **axis,
                "values": values.as_list(),
                "line": {"color": colour, "width": 2.0},
                **({"smooth": False} if stop_at_na else {}),
                "marker": {
                    "type": "circle",
                    "size": 4,
                    "fill": {"color": colour},
                    "border": {"color": colour},
                }
                if show_markers
                else {"type": "none"},
            }
        )
    interval = max(1, points // 25)  # about 25 labels on the x axis at most
    x_extra = (
        {"min": 1, "major_unit": interval, "major_gridlines": {"visible": False}}
        if stop_at_na
        else {"interval_unit": interval, "interval_tick": interval}
    )
    if stop_at_na:
        chart.show_blanks_as("gap")
        chart.show_na_as_empty_cell()
    _finish(chart, title, x_title, y_title, x_extra)
    width, height = size or chart_size(points)
    chart.set_size({"width": width, "height": height})
    sheet.insert_chart(row, col, chart)
    return chart


def table_chart(
    sheet: Sheet,
    first: int,
    last: int,
    last_col: int,
    lines: Sequence[tuple[str | int, int]],
    *,
    gap: int,
    title: str,
    x_title: str,
    y_title: str,
    height: int = 300,
    numbered: bool = False,
) -> Any:
    """The line chart under a score sheet's table: one line per running-total
    column of rows ``first`` to ``last`` (0-based), the deal numbers of column A
    on the x axis, ``gap`` rows below the table and as wide as it (480 pixels at
    least).

    ``lines`` gives each line's name and column: a name that is a column number
    is the heading two rows above ``first`` (so the legend follows a renamed
    player). ``numbered``: the deals are 1..n, an axis the spreadsheet draws by
    itself (see :func:`line_chart`).
    """
    categories = (
        last - first + 1 if numbered else CellRange(sheet.name, first, 0, last, 0)
    )
    series = [
        (
            CellRange(sheet.name, first - 2, name, first - 2, name)
            if isinstance(name, int)
            else name,
            CellRange(sheet.name, first, col, last, col),
        )
        for name, col in lines
    ]
    return line_chart(
        sheet,
        last + gap,
        0,
        categories=categories,
        series=series,
        title=title,
        x_title=x_title,
        y_title=y_title,
        size=(max(480, sheet.columns_px(0, last_col)), height),
    )


def column_chart(
    sheet: Sheet,
    row: int,
    col: int,
    *,
    categories: CellRange,
    series: Series,
    title: str | None = None,
    x_title: str | None = None,
    y_title: str | None = None,
    horizontal: bool = False,
    size: tuple[int, int] | None = None,
) -> Any:
    """A column chart (bars with ``horizontal=True``): totals per player or game.

    Parameters are those of :func:`line_chart`; each series is one colour,
    its bars over the categories.

    Returns
    -------
    xlsxwriter.chart.Chart
        Already inserted.
    """
    chart = sheet.workbook.add_chart({"type": "bar" if horizontal else "column"})
    for k, (name, values) in enumerate(_pairs(series, categories)):
        colour = PALETTE[k % len(PALETTE)]
        chart.add_series(
            {
                "name": name,
                "categories": categories.as_list(),
                "values": values.as_list(),
                "fill": {"color": colour},
                "border": {"none": True},
                "gap": 60,
            }
        )
    _finish(chart, title, x_title, y_title, {})
    width, height = size or chart_size(categories.rows * 2)
    chart.set_size({"width": width, "height": height})
    sheet.insert_chart(row, col, chart)
    return chart


def _pairs(series: Series, categories: CellRange | int) -> list[tuple[Any, CellRange]]:
    items = list(series.items()) if isinstance(series, Mapping) else list(series)
    if not items:
        raise WorkbookError("a chart needs at least one series")
    if isinstance(categories, int):
        count, where = categories, f"1..{categories}"
    else:
        count, where = categories.rows * categories.cols, categories.ref()
    pairs = []
    for name, values in items:
        if values.rows * values.cols != count:
            raise WorkbookError(
                f"series {name!r} has {values.rows * values.cols} values for "
                f"{count} categories ({values.ref()} vs {where})"
            )
        shown = name.as_list()[:3] if isinstance(name, CellRange) else str(name)
        pairs.append((shown, values))
    return pairs


def _font(size: int, bold: bool = False) -> dict[str, Any]:
    # Charts default to Calibri; the sheet's font keeps them alike in print.
    return {"name": BASE_FONT["font_name"], "size": size, "bold": bold}


def _finish(
    chart: Any,
    title: str | None,
    x_title: str | None,
    y_title: str | None,
    x_extra: dict,
) -> None:
    if title:
        chart.set_title({"name": title, "name_font": _font(12, bold=True)})
    else:
        chart.set_title({"none": True})
    # Running totals go below 0: labels sit at the bottom, not on the 0 line.
    x_axis = {"num_font": _font(8), "label_position": "low", **x_extra}
    if x_title:
        x_axis.update({"name": x_title, "name_font": _font(9)})
    chart.set_x_axis(x_axis)
    y_axis = {
        "major_gridlines": {"visible": True, "line": {"color": "#D9D9D9"}},
        "num_font": _font(8),
    }
    if y_title:
        y_axis.update({"name": y_title, "name_font": _font(9)})
    chart.set_y_axis(y_axis)
    chart.set_legend({"position": "bottom", "font": _font(9)})
