"""Native charts: series that point at the sheet's cells, legend at the bottom."""

import zipfile
from xml.etree import ElementTree

import pytest

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel import (
    CellRange,
    Workbook,
    chart_size,
    column_chart,
    line_chart,
)

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def chart_xml(path, number=1):
    with zipfile.ZipFile(path) as archive:
        return ElementTree.fromstring(archive.read(f"xl/charts/chart{number}.xml"))


def running_totals(path, players=("Зоя", "Élodie", "Anne")):
    with Workbook(path) as book:
        sheet = book.add_sheet("Evening 3")
        sheet.write_row(0, 0, ["Donne", *players], "header")
        sheet.write_column(1, 0, list(range(1, 8)))
        for k in range(len(players)):
            sheet.write_column(1, k + 1, [(k - 1) * d * 10 for d in range(1, 8)])
        series = {
            CellRange("Evening 3", 0, k + 1, 0, k + 1): CellRange(
                "Evening 3", 1, k + 1, 7, k + 1
            )
            for k in range(len(players))
        }
        categories = CellRange("Evening 3", 1, 0, 7, 0)
        line_chart(
            sheet,
            9,
            0,
            categories=categories,
            series=series,
            title="Cumul",
            x_title="Donne",
            y_title="Points",
        )
        column_chart(
            sheet,
            9,
            8,
            categories=categories,
            series={"Зоя": CellRange("Evening 3", 1, 1, 7, 1)},
            horizontal=True,
        )


def test_line_chart_of_running_totals(tmp_path):
    path = tmp_path / "chart.xlsx"
    running_totals(path)
    root = chart_xml(path)
    (line,) = root.iter(f"{C}lineChart")
    series = list(line.iter(f"{C}ser"))
    assert len(series) == 3
    refs = [s.find(f"{C}val/{C}numRef/{C}f").text for s in series]
    assert refs == [f"'Evening 3'!${c}$2:${c}$8" for c in "BCD"]
    assert series[0].find(f"{C}tx/{C}strRef/{C}f").text == "'Evening 3'!$B$1"
    assert series[0].find(f"{C}cat/{C}numRef/{C}f").text == "'Evening 3'!$A$2:$A$8"
    assert root.find(f".//{C}legend/{C}legendPos").get("val") == "b"
    title = "".join(t.text for t in root.find(f"{C}chart/{C}title").iter(f"{A}t"))
    assert title == "Cumul"


def test_column_and_bar_charts(tmp_path):
    path = tmp_path / "chart.xlsx"
    running_totals(path)
    (bar,) = chart_xml(path, 2).iter(f"{C}barChart")
    assert bar.find(f"{C}barDir").get("val") == "bar"
    assert bar.find(f"{C}ser/{C}tx/{C}v").text == "Зоя"


def test_series_length_must_match_categories(tmp_path):
    with Workbook(tmp_path / "c.xlsx") as book:
        sheet = book.add_sheet("S")
        with pytest.raises(WorkbookError, match="has 3 values for 7 categories"):
            line_chart(
                sheet,
                0,
                0,
                categories=CellRange("S", 1, 0, 7, 0),
                series={"x": CellRange("S", 1, 1, 3, 1)},
            )


def test_a_chart_that_stops_at_na_is_xy_with_straight_lines(tmp_path):
    path = tmp_path / "c.xlsx"
    with Workbook(path) as book:
        sheet = book.add_sheet("S")
        sheet.write_column(1, 0, [1, 2, "=NA()"])
        sheet.write_column(1, 1, [10, -5, "=NA()"])
        line_chart(
            sheet,
            5,
            0,
            categories=CellRange("S", 1, 0, 3, 0),
            series={"Anne": CellRange("S", 1, 1, 3, 1)},
            stop_at_na=True,
        )
        with pytest.raises(WorkbookError, match="needs its x values as a range"):
            line_chart(
                sheet,
                0,
                0,
                categories=3,
                series={"x": CellRange("S", 1, 1, 3, 1)},
                stop_at_na=True,
            )
    root = chart_xml(path)
    assert root.find(f".//{C}scatterChart") is not None
    assert root.find(f".//{C}lineChart") is None
    series = root.find(f".//{C}ser")
    # the x values' cache holds text (#N/A) and the reference says so; every
    # engine reads the cells again
    assert series.find(f"{C}xVal/*/{C}f").text == "S!$A$2:$A$4"
    assert series.find(f"{C}yVal/*/{C}f").text == "S!$B$2:$B$4"
    assert series.find(f"{C}smooth") is None  # straight: no smoothing
    c16 = "{http://schemas.microsoft.com/office/drawing/2017/03/chart}"
    assert root.find(f".//{c16}dispNaAsBlank").get("val") == "1"
    # gaps for blank cells: the default, which needs no element
    assert root.find(f".//{C}dispBlanksAs") is None


def test_chart_size_grows_with_categories_within_bounds():
    assert chart_size(5)[0] == 480
    assert chart_size(20)[0] == 480
    assert chart_size(40)[0] == 840
    assert chart_size(10_000)[0] == 1100
