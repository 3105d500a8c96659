"""The Excel code uses XlsxWriter through its public API only.

Behaviour first: sheets and charts are XlsxWriter's own classes, formulas are
stored as XlsxWriter prepares them (newer functions prefixed), numbers and
chart caches read back as written. Then a scan of the package's sources for
anything private of XlsxWriter: a subclass, a swapped ``__class__``, an
attribute whose name is one of XlsxWriter's private ones.
"""

import ast
import functools
import gc
import inspect
import pkgutil
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import openpyxl
import pytest
import xlsxwriter
from python_calamine import CalamineWorkbook

import cardscore_frames
from cardscore_frames.excel import CellRange, Workbook, line_chart
from cardscore_frames.excel.workbook import gc_paused

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
PACKAGE = Path(cardscore_frames.__file__).parent


def _book(path):
    """A small score sheet: numbers, formulas of old and new functions, a chart."""
    with Workbook(path) as book:
        sheet = book.add_sheet("Partie 1")
        sheet.write_row(0, 0, ["Donne", "Zoя"], "header")
        for r in range(1, 6):
            sheet.write(r, 0, r)
            # running total of 10, 20, ... : 10, 30, 60, 100, 150
            sheet.write_formula(r, 1, f"=A{r + 1}*10+SUM(B$1:B{r})", 5 * r * (r + 1))
        sheet.write_formula(6, 0, "=XLOOKUP(3,A2:A6,B2:B6)", 60)
        sheet.write(7, 0, 140 / 3)
        sheet.write(7, 1, -0.1)
        line_chart(
            sheet,
            9,
            0,
            categories=5,
            series={"Zoя": CellRange("Partie 1", 1, 1, 5, 1)},
        )
        kinds = (type(sheet.worksheet), type(book.add_chart({"type": "line"})))
    return kinds


def test_sheets_and_charts_are_xlsxwriters_own(tmp_path):
    sheet_kind, chart_kind = _book(tmp_path / "b.xlsx")
    assert sheet_kind is xlsxwriter.worksheet.Worksheet
    assert chart_kind.__module__ == "xlsxwriter.chart_line"


def test_formulas_are_stored_as_xlsxwriter_prepares_them(tmp_path):
    path = tmp_path / "b.xlsx"
    _book(path)
    ws = openpyxl.load_workbook(path)["Partie 1"]
    assert ws["B2"].value == "=A2*10+SUM(B$1:B1)"
    assert ws["B6"].value == "=A6*10+SUM(B$1:B5)"
    # Excel 365's functions carry their prefix in the file (a
    # dynamic array function is stored as a one-cell array formula)
    assert ws["A7"].value.text == "=_xlfn.XLOOKUP(3,A2:A6,B2:B6)"


def test_values_read_back_as_written(tmp_path):
    path = tmp_path / "b.xlsx"
    _book(path)
    rows = CalamineWorkbook.from_path(str(path)).get_sheet_by_name("Partie 1")
    rows = rows.to_python()
    assert [r[1] for r in rows[1:6]] == [10, 30, 60, 100, 150]
    assert rows[6][0] == 60
    # XlsxWriter writes 16 significant digits: as Excel shows them (15) and more
    assert rows[7][0] == pytest.approx(46.666666666666664, rel=1e-15, abs=0)
    assert f"{rows[7][0]:.15g}" == "46.6666666666667"
    assert rows[7][1] == -0.1


def test_charts_keep_the_values_they_draw(tmp_path):
    """Each series carries its values, so a viewer that does not recalculate
    (a preview, a phone) draws the chart as written."""
    path = tmp_path / "b.xlsx"
    _book(path)
    with zipfile.ZipFile(path) as archive:
        chart = ElementTree.fromstring(archive.read("xl/charts/chart1.xml"))
    (values,) = chart.iter(f"{C}val")
    assert values.find(f"{C}numRef/{C}f").text == "'Partie 1'!$B$2:$B$6"
    cache = values.find(f"{C}numRef/{C}numCache")
    assert cache.find(f"{C}ptCount").get("val") == "5"
    points = {
        int(p.get("idx")): float(p.find(f"{C}v").text) for p in cache.iter(f"{C}pt")
    }
    assert points == {0: 10, 1: 30, 2: 60, 3: 100, 4: 150}


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


# --- nothing private of XlsxWriter ------------------------------------------------


@functools.cache
def _xlsxwriter_classes() -> tuple[type, ...]:
    found = []
    for info in pkgutil.iter_modules(xlsxwriter.__path__, "xlsxwriter."):
        module = __import__(info.name, fromlist=["_"])
        found += [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if c.__module__.startswith("xlsxwriter")
        ]
    return tuple(found)


#: A named tuple's own methods, public despite their underscore.
_NAMED_TUPLE = {"_replace", "_asdict", "_fields", "_make"}


@functools.cache
def _private_names() -> set[str]:
    """XlsxWriter's private attribute and method names (``_write_rows``,
    ``_prepare_formula``, ``_xml_number_element``...), and those its objects
    set on themselves."""
    names = set()
    for cls in _xlsxwriter_classes():
        names |= {n for n in vars(cls) if n.startswith("_") and not n.startswith("__")}
        try:
            source = inspect.getsource(cls)
        except (OSError, TypeError):
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
                if not node.attr.startswith("__"):
                    names.add(node.attr)
    return frozenset(names - _NAMED_TUPLE)


def _sources() -> dict[str, ast.AST]:
    return {
        str(p.relative_to(PACKAGE)): ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted(PACKAGE.rglob("*.py"))
    }


def _findings(trees: dict[str, ast.AST]) -> list[str]:
    """Where ``trees`` subclass XlsxWriter, swap a ``__class__``, import a
    private name of XlsxWriter or use one of its private attributes (a private
    name the code defines or sets itself is its own)."""
    classes = {c.__name__ for c in _xlsxwriter_classes()} - {"Exception"}
    private = _private_names()
    own = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                own.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                own.add(node.attr)
    bad = []
    for name, tree in trees.items():
        for node in ast.walk(tree):
            where = f"{name}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.ClassDef):
                bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases}
                if bases & classes:
                    bad.append(f"{where}: class {node.name} derives from XlsxWriter")
            elif isinstance(node, ast.Attribute):
                if node.attr == "__class__" and isinstance(node.ctx, ast.Store):
                    bad.append(f"{where}: assigns __class__")
                elif node.attr in private and node.attr not in own:
                    bad.append(f"{where}: .{node.attr}")
            elif isinstance(node, ast.ImportFrom):
                if (node.module or "").startswith("xlsxwriter"):
                    bad += [
                        f"{where}: imports {a.name}"
                        for a in node.names
                        if a.name.startswith("_")
                    ]
    return bad


def test_nothing_private_of_xlsxwriter_in_the_package():
    assert not _findings(_sources()), "\n".join(_findings(_sources()))


def test_the_scan_catches_overrides_of_xlsxwriter():
    assert {"_prepare_formula", "_xml_number_element", "_write_num_cache"} <= (
        _private_names()
    )
    quick = ast.parse(
        "from xlsxwriter.worksheet import Worksheet\n"
        "class Quick(Worksheet):\n"
        "    def _prepare_formula(self, formula):\n"
        "        return formula\n"
        "def swap(chart, kind):\n"
        "    chart.__class__ = kind\n"
        "    chart._write_num_cache([1])\n"
    )
    found = _findings({"quick.py": quick})
    assert [f.split(": ", 1)[1] for f in found] == [
        "class Quick derives from XlsxWriter",
        "assigns __class__",
        "._write_num_cache",
    ]
