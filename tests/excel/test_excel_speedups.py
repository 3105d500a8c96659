"""The speed-ups of writing give XlsxWriter's own output, byte for byte."""

import gc
import io
import zipfile

import pytest
import xlsxwriter
from xlsxwriter.chart_line import ChartLine
from xlsxwriter.worksheet import Worksheet

from cardscore_frames.excel import CellRange, Workbook, line_chart
from cardscore_frames.excel.charts import _quick
from cardscore_frames.excel.quick import CLASSIC, QuickWorksheet
from cardscore_frames.excel.workbook import gc_paused

FORMULAS = [
    "=SUM(K6,M6,O6,Q6)",
    "=L6+K7",
    "=1+(N8>L8)+(P8>L8)",
    "=IF(AND(A1>0,NOT(B1)),ROUND(C1*2,0),0)",
    "={SUM(A1:A3)}",
    '=IF(A1="x(",1,0)',  # a "(" inside text: XlsxWriter decides
    "=XLOOKUP(A1,B:B,C:C)",
    "=FILTER(A1:A9,B1:B9>0)",
    "=x.FILTER(A1)",
    "=1INGLE(A1)",  # XlsxWriter's pattern \SINGLE\( matches this
    "=XSINGLE(A1)",
    "=sum(A1)",
    "=_xlfn.STDEV.S(A1:A9)",
    "=STDEV.S(A1:A9)",
    "=Лист!A1+SUM(Лист!B1:B2)",
    "=TRUE",
    "-0.0",
]


@pytest.mark.parametrize("formula", FORMULAS)
@pytest.mark.parametrize("future", [False, True])
def test_quick_formulas_are_xlsxwriters(formula, future):
    plain, quick = Worksheet(), QuickWorksheet()
    assert quick._prepare_formula(formula, future) == plain._prepare_formula(
        formula, future
    )


def test_every_classic_function_is_left_alone_by_xlsxwriter():
    assert {"SUM", "IF", "ROUND", "VLOOKUP", "INDEX", "MATCH"} <= CLASSIC
    for name in CLASSIC:
        assert Worksheet()._prepare_formula(f"={name}(1)", True) == f"{name}(1)"


@pytest.mark.parametrize(
    "data",
    [
        [1, 2.5, None, -3],
        ["1", "-2.5", "1e3", " 4", "\x1c5", "text", "", None],
        [True, False],
        [],
        None,
    ],
)
def test_quick_chart_cache_is_xlsxwriters(data):
    def cache(chart):
        chart.fh = io.StringIO()
        chart._write_num_cache(data)
        return chart.fh.getvalue()

    assert cache(_quick(ChartLine())) == cache(ChartLine())


def test_a_workbook_is_the_same_with_and_without_the_speed_ups(tmp_path, monkeypatch):
    def write(path):
        with Workbook(path) as book:
            sheet = book.add_sheet("Partie 1")
            for r in range(5):
                sheet.write(r, 0, r * 10)
                sheet.write_formula(r, 1, f"=A{r + 1}*2+SUM($A$1:A{r + 1})", r)
            sheet.flag_nonzero(0, 1, 4, 1, also=[(0, 0, 4, 0)])
            line_chart(
                sheet,
                7,
                0,
                categories=5,
                series={"B": CellRange("Partie 1", 0, 1, 4, 1)},
            )
        with zipfile.ZipFile(path) as z:
            return {n: z.read(n) for n in z.namelist() if n != "docProps/core.xml"}

    quick = write(tmp_path / "quick.xlsx")
    import cardscore_frames.excel.charts as charts
    import cardscore_frames.excel.workbook as workbook

    monkeypatch.setattr(workbook, "QuickWorksheet", xlsxwriter.worksheet.Worksheet)
    monkeypatch.setattr(charts, "_quick", lambda chart: chart)
    assert write(tmp_path / "plain.xlsx") == quick


def test_the_collector_is_paused_only_inside_and_comes_back_after_an_error():
    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError), gc_paused():
        assert not gc.isenabled()
        1 / 0  # noqa: B018
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()
