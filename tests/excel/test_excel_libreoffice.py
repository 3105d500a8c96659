"""A real spreadsheet recalculates our formulas and gets the values we stored.

LibreOffice opens the workbook headless, recalculates every formula and saves
it again; openpyxl then reads the recalculated values (``data_only=True``).
They must equal the values the writer stored beside each formula, which is what
readers that do not recalculate show. Quoted sheet names (spaces, apostrophes,
Cyrillic) and defined names are resolved by LibreOffice, so references are right.
"""

import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

import cardscore_frames as csf
from cardscore_frames.excel import Workbook, cell_ref, excel_string, range_ref

soffice = shutil.which("soffice") or shutil.which("libreoffice")
pytestmark = pytest.mark.skipif(soffice is None, reason="LibreOffice is not installed")

SCORES = [318, -106, -106, -106, 120, -40]


def build(path):
    """Formulas with the values computed here, in Python."""
    expected = {}
    with Workbook(path) as book:
        sheet = book.add_sheet("Evening 3")
        zoya = book.add_sheet("Зоя")
        late = book.add_sheet("It's late")
        zoya.write(0, 0, 7)
        late.write(0, 0, 5)
        sheet.write_row(0, 0, ["donne", "cumul"], "header")
        sheet.write_column(1, 0, SCORES)
        running = 0
        for i, score in enumerate(SCORES):
            running += score
            above = f"+{cell_ref(i, 1)}" if i else ""
            sheet.write_formula(i + 1, 1, f"={cell_ref(i + 1, 0)}{above}", running)
            expected[cell_ref(i + 1, 1)] = running
        book.define_name("Scores", f"={range_ref(1, 0, 6, 0, True, sheet=sheet.name)}")
        queen = 'Anne "la Reine"'
        cases = {
            "D2": ("=SUM(Scores)", sum(SCORES)),
            "D3": (f"={zoya.ref(0, 0)}*{late.ref(0, 0)}", 35),
            "D4": ("=LEN(F1)", 4),  # F1 holds the text "=1+1", not a formula
            "D5": (f'=IF(B7=80,{excel_string(queen)},"no")', queen),
            "D6": ("=COUNTIF(A2:A7,-106)", 3),
        }
        sheet.write(0, 5, "=1+1")
        # A canary with a wrong stored value, written past our checks: it shows
        # that the spreadsheet really recalculated rather than kept what it read.
        sheet.worksheet.write_formula("H1", "=2+2", None, 0)
        for ref, (formula, value) in cases.items():
            row, col = int(ref[1:]) - 1, ord(ref[0]) - ord("A")
            sheet.write_formula(row, col, formula, value)
            expected[ref] = value
    return expected


#: LibreOffice keeps the stored values of an .xlsx by default (OOXMLRecalcMode 1,
#: "never recalculate"); the private profile asks it to always recalculate.
RECALCULATE_ALWAYS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
<prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""


def recalculate_all(paths, out, profile) -> list:
    """LibreOffice opens each workbook, recalculates every formula (the private
    profile asks it to) and saves it in ``out``: one start for all."""
    out.mkdir()
    (profile / "user").mkdir(parents=True)
    (profile / "user" / "registrymodifications.xcu").write_text(
        RECALCULATE_ALWAYS, encoding="utf-8"
    )
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--calc",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(out),
            *map(str, paths),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return [out / p.name for p in map(Path, paths)]


def recalculate(path, out, profile):
    return recalculate_all([path], out, profile)[0]


def test_libreoffice_recalculates_the_values_we_stored(tmp_path):
    path = tmp_path / "book.xlsx"
    expected = build(path)
    stored = openpyxl.load_workbook(path, data_only=True)["Evening 3"]
    assert {ref: stored[ref].value for ref in expected} == expected
    again = recalculate(path, tmp_path / "out", tmp_path / "profile")
    ws = openpyxl.load_workbook(again, data_only=True)["Evening 3"]
    assert {ref: ws[ref].value for ref in expected} == expected
    assert ws["F1"].value == "=1+1"
    assert (stored["H1"].value, ws["H1"].value) == (0, 4)


def _values(path):
    """{(sheet, cell): value} of every cell holding a value."""
    book = openpyxl.load_workbook(path, data_only=True)
    return {
        (ws.title, cell.coordinate): cell.value
        for ws in book.worksheets
        for row in ws.iter_rows()
        for cell in row
        if cell.value is not None
    }


def _same(a, b):
    if isinstance(a, int | float) and isinstance(b, int | float):
        return abs(a - b) <= 1e-9 * max(1.0, abs(a))
    return a == b


@pytest.mark.parametrize("game", ["tarot", "belot", "preferans"])
@pytest.mark.parametrize("kind", ["deals", "points"])
def test_libreoffice_agrees_with_every_value_of_our_score_sheets(tmp_path, game, kind):
    # A real season's first games, as deal logs and as points-only logs: every
    # formula LibreOffice recalculates (running totals, totals, places, checks,
    # settlements) gives the value the writer stored beside it.
    entry = getattr(csf, game)
    log = csf.load_example(game)
    log = log[log["game_id"].isin(log["game_id"].unique()[:2])]
    scored = entry.score(log)
    if kind == "points":
        scored = entry.to_points(scored if game == "belot" else entry.to_ledger(scored))
    path = tmp_path / f"{game}.xlsx"
    csf.to_excel(scored, path, game=game)
    stored = _values(path)
    again = _values(recalculate(path, tmp_path / "out", tmp_path / "profile"))
    formulas = {
        key
        for key, value in _values_with_formulas(path).items()
        if isinstance(value, str) and value.startswith("=")
    }
    assert formulas, "the sheets hold formulas"
    wrong = {
        key: (stored.get(key), again.get(key))
        for key in formulas
        if not _same(stored.get(key), again.get(key))
    }
    assert not wrong, list(wrong.items())[:10]


def _values_with_formulas(path):
    book = openpyxl.load_workbook(path)
    return {
        (ws.title, cell.coordinate): cell.value
        for ws in book.worksheets
        for row in ws.iter_rows()
        for cell in row
        if cell.value is not None
    }
