"""Workbooks written by the machinery, read back with openpyxl and calamine."""

import datetime as dt
import time

import numpy as np
import pandas as pd
import pytest

from cardscore_frames.errors import FAILURE_COLUMNS, WorkbookError
from cardscore_frames.excel import Workbook, read_metadata, read_sheet, sheet_names

INJECTIONS = [
    "=1+1",
    "+7",
    "-3",
    "@SUM(A1)",
    '=HYPERLINK("http://x","y")',
    "=cmd|' /C calc'!A0",
    "{=A1}",
    "007",
    "1e5",
    "2024-03-01",
    "http://example.com",
    "_x0041_",
    "  spaced  ",
    "Зоя",
    "Élodie",
]


def hidden_files(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# --- text stays text -------------------------------------------------------------


def write_every_way(path):
    frame = pd.DataFrame(
        {
            "object": pd.Series(INJECTIONS, dtype=object),
            "str": pd.Series(INJECTIONS, dtype="str"),
            "category": pd.Categorical(INJECTIONS),
        }
    )
    with Workbook(path) as book:
        sheet = book.add_sheet("Names")
        for row, name in enumerate(INJECTIONS):
            sheet.write(row, 0, name)
        sheet.write_row(len(INJECTIONS), 0, INJECTIONS)
        sheet.write_column(0, 20, INJECTIONS)
        sheet.write_frame(frame, 0, 21)
        sheet.merge(40, 0, 40, 3, "=1+1", "title")
        sheet.link_to_sheet(41, 0, "Names", "=1+1")


def test_formula_looking_text_round_trips_as_text(tmp_path, formulas_in, full_openpyxl):
    path = tmp_path / "names.xlsx"
    write_every_way(path)
    assert formulas_in(path, "Names") == {}
    ws = full_openpyxl(path)["Names"]
    n = len(INJECTIONS)
    got = {
        "write": [ws.cell(r + 1, 1).value for r in range(n)],
        "write_row": [ws.cell(n + 1, c + 1).value for c in range(n)],
        "write_column": [ws.cell(r + 1, 21).value for r in range(n)],
        "frame object": [ws.cell(r + 2, 22).value for r in range(n)],
        "frame str": [ws.cell(r + 2, 23).value for r in range(n)],
        "frame category": [ws.cell(r + 2, 24).value for r in range(n)],
    }
    for how, values in got.items():
        assert values == INJECTIONS, how
    assert ws["A41"].value == "=1+1" and ws["A42"].value == "=1+1"
    assert all(ws.cell(r + 1, 1).data_type == "s" for r in range(n))
    # Editing such a cell in a spreadsheet keeps it text: the quote prefix is set.
    assert [ws.cell(r + 1, 1).quotePrefix for r in range(5)] == [True] * 5
    assert not ws["A14"].quotePrefix  # "Зоя"


def test_calamine_reads_the_same_text(tmp_path):
    path = tmp_path / "names.xlsx"
    write_every_way(path)
    cells = read_sheet(path, "Names")
    assert list(cells.values[: len(INJECTIONS), 0]) == INJECTIONS
    assert list(cells.values[1 : len(INJECTIONS) + 1, 23]) == INJECTIONS


# --- bad cells: all of them, once, and nothing saved ----------------------------------


def test_bad_cells_are_all_named_and_old_file_kept(tmp_path):
    path = tmp_path / "evening.xlsx"
    path.write_bytes(b"old workbook")
    frame = pd.DataFrame(
        {"player": ["Anne", "Bruno\x07", "x" * 32_768], "score": [1, 2, 3]}
    )
    with pytest.raises(WorkbookError) as caught:
        with Workbook(path) as book:
            sheet = book.add_sheet("Evening 3")
            sheet.write(13, 5, "bell\x07")
            sheet.write_frame(frame, 0, 0)
            book.add_sheet("Other").write_row(0, 0, ["ok", "\x1b[31m", float("inf")])
    message = str(caught.value)
    assert message.startswith("cannot write evening.xlsx: 5 cells cannot hold")
    for line in [
        "Evening 3!F14: text has a control character U+0007 at position 5",
        "Evening 3!A3: text has a control character U+0007 at position 6",
        "Evening 3!A4: text has 32,768 characters; a cell holds at most 32,767",
        "Other!B1: text has a control character U+001B at position 1",
        "Other!C1: inf is not a number a cell can hold",
    ]:
        assert line in message
    cases = caught.value.failure_cases
    assert list(cases.columns) == list(FAILURE_COLUMNS)
    assert cases["reason"].tolist() == [
        "control_character",
        "control_character",
        "text_too_long",
        "control_character",
        "not_finite",
    ]
    assert cases.loc[1, "column"] == "player" and cases.loc[1, "row"] == 1
    assert path.read_bytes() == b"old workbook"
    assert hidden_files(tmp_path) == []


def test_exception_inside_the_block_keeps_old_file(tmp_path):
    path = tmp_path / "evening.xlsx"
    with Workbook(path) as book:
        book.add_sheet("S").write(0, 0, "first version")
    before = path.read_bytes()
    with pytest.raises(RuntimeError, match="half-way"):
        with Workbook(path) as book:
            book.add_sheet("S").write(0, 0, "second version")
            raise RuntimeError("crashed half-way")
    assert path.read_bytes() == before
    assert read_sheet(path, "S").values[0, 0] == "first version"
    assert hidden_files(tmp_path) == []


def test_missing_directory_fails_before_any_work(tmp_path):
    with pytest.raises(
        WorkbookError, match=r"cannot write .*book\.xlsx.*does not exist"
    ):
        Workbook(tmp_path / "nowhere" / "book.xlsx")


# --- formulas keep their computed values --------------------------------------------


def test_cached_formula_values_are_what_readers_see(
    tmp_path, formulas_in, full_openpyxl
):
    path = tmp_path / "f.xlsx"
    with Workbook(path) as book:
        sheet = book.add_sheet("Evening 3")
        sheet.write_column(0, 0, [318, -106, -106, -106])
        sheet.write_formula(4, 0, "=SUM(A1:A4)", 0)
        sheet.write_formulas(
            0, 1, ["=A1", "=B1+A2", "=B2+A3", "=B3+A4"], [318, 212, 106, 0]
        )
        sheet.write_formula(5, 0, '=IF(A5=0,"ok","check")', "ok")
        sheet.write_formula(6, 0, "=A5=0", True)
        sheet.write_formula(7, 0, "=1/0", np.nan)
        sheet.write_formula(8, 0, "=A1*2", np.int64(636))
    assert formulas_in(path, "Evening 3")["B4"] == "B3+A4"
    cells = read_sheet(path, "Evening 3")
    assert list(cells.values[:4, 1]) == [318.0, 212.0, 106.0, 0.0]
    assert list(cells.values[5:9, 0]) == ["ok", True, None, 636.0]
    ws = full_openpyxl(path, data_only=True)["Evening 3"]
    assert [ws.cell(r, 2).value for r in range(1, 5)] == [318, 212, 106, 0]
    assert ws["A6"].value == "ok" and ws["A7"].value is True


def test_formula_without_value_or_equals_sign_is_refused(tmp_path):
    with Workbook(tmp_path / "f.xlsx") as book:
        sheet = book.add_sheet("S")
        with pytest.raises(WorkbookError, match="needs the value"):
            sheet.write_formula(0, 0, "=1+1", None)
        with pytest.raises(WorkbookError, match="starts with '='"):
            sheet.write_formula(0, 0, "SUM(A1)", 0)
        with pytest.raises(WorkbookError, match="one value per formula"):
            sheet.write_formulas(0, 0, ["=1", "=2"], [1])


# --- input checks and flags ----------------------------------------------------------


def test_dropdowns_inline_and_through_hidden_lists_sheet(tmp_path, full_openpyxl):
    path = tmp_path / "v.xlsx"
    long_names = [f"Joueur numéro {i:03d}" for i in range(40)]
    with Workbook(path) as book:
        sheet = book.add_sheet("Evening 3")
        sheet.dropdown(
            1, 1, 20, 1, ["Зоя", "Élodie", "=1+1"], title="Preneur", message="Who took?"
        )
        sheet.dropdown(1, 2, 20, 2, long_names, error="Not a club member")
        sheet.dropdown(1, 3, 20, 3, ["a,b", "c"])  # a comma cannot go inline
        sheet.dropdown(1, 4, 20, 4, long_names)  # the same list is stored once
        sheet.number_check(1, 5, 20, 5, minimum=0, maximum=91, message="Points 0-91")
        sheet.number_check(1, 6, 20, 6, integer=False)
    wb = full_openpyxl(path)
    rules = {
        str(dv.sqref): dv for dv in wb["Evening 3"].data_validations.dataValidation
    }
    assert rules["B2:B21"].type == "list"
    assert rules["B2:B21"].formula1 == '"Зоя,Élodie,=1+1"'
    assert (rules["B2:B21"].promptTitle, rules["B2:B21"].prompt) == (
        "Preneur",
        "Who took?",
    )
    assert rules["C2:C21"].formula1 == "Lists!$A$1:$A$40"
    assert rules["C2:C21"].error == "Not a club member"
    assert rules["D2:D21"].formula1 == "Lists!$B$1:$B$2"
    assert rules["E2:E21"].formula1 == "Lists!$A$1:$A$40"
    assert (
        rules["F2:F21"].type,
        rules["F2:F21"].formula1,
        rules["F2:F21"].formula2,
    ) == (
        "whole",
        "0",
        "91",
    )
    assert rules["G2:G21"].type == "decimal"
    assert wb["Lists"].sheet_state == "hidden"
    assert list(read_sheet(path, "Lists").values[:40, 0]) == long_names
    assert sheet_names(path) == ["Evening 3"]


def test_dropdown_refuses_unprintable_choices_and_long_messages(tmp_path):
    with Workbook(tmp_path / "v.xlsx") as book:
        sheet = book.add_sheet("S")
        with pytest.raises(
            WorkbookError, match=r"S!A1:A3: drop-down choices .*U\+0007"
        ):
            sheet.dropdown(0, 0, 2, 0, ["ok", "bell\x07"])
        with pytest.raises(WorkbookError, match="at most 255"):
            sheet.number_check(0, 0, 2, 0, message="x" * 256)


def test_nonzero_checks_are_flagged(tmp_path, full_openpyxl):
    path = tmp_path / "c.xlsx"
    with Workbook(path) as book:
        sheet = book.add_sheet("S")
        sheet.write_formulas(0, 0, ["=0", "=1"], [0, 1], "check")
        sheet.flag_nonzero(0, 0, 1, 0, tolerance=1e-9)
    ws = full_openpyxl(path)["S"]
    (rng,) = list(ws.conditional_formatting)
    (rule,) = rng.rules
    assert str(rng.sqref) == "A1:A2"
    assert (rule.type, rule.operator, rule.formula) == (
        "cellIs",
        "notBetween",
        ["-1e-09", "1e-09"],
    )
    assert rule.dxf.fill.fgColor.rgb.endswith(
        "FFC7CE"
    ) or rule.dxf.fill.bgColor.rgb.endswith("FFC7CE")


# --- metadata ------------------------------------------------------------------------


def test_metadata_round_trip(tmp_path):
    path = tmp_path / "m.xlsx"
    meta = {
        "game": "example",
        "rules": {"target": 301, "names": ["Зоя", "Élodie"], "price": 0.01},
        "date": dt.date(2024, 3, 1),
        "deals": np.int64(24),
        "long": "é" * 40_000,  # more than one cell holds
    }
    with Workbook(path, metadata=meta) as book:
        book.add_sheet("S").write(0, 0, "x")
        book.metadata["seed"] = 2026
    got = read_metadata(path)
    assert got == {**meta, "date": "2024-03-01", "deals": 24, "seed": 2026}
    assert sheet_names(path) == ["S"]
    assert "_cardscore" in sheet_names(path, hidden=True)


def test_metadata_is_also_in_document_properties(tmp_path):
    import openpyxl

    path = tmp_path / "m.xlsx"
    with Workbook(
        path, metadata={"game": "example", "players": 4, "rules": {}}
    ) as book:
        book.add_sheet("S")
    props = {
        p.name: p.value for p in openpyxl.load_workbook(path).custom_doc_props.props
    }
    assert props == {"cardscore_game": "example", "cardscore_players": 4}


def test_no_metadata_reads_as_none_and_bad_metadata_is_refused(tmp_path):
    path = tmp_path / "m.xlsx"
    with Workbook(path) as book:
        book.add_sheet("S")
    assert read_metadata(path) is None
    with pytest.raises(WorkbookError, match="JSON-serialisable"):
        with Workbook(path, metadata={"x": object()}) as book:
            book.add_sheet("S")


# --- frames, styles, layout ---------------------------------------------------------


def test_write_frame_layout_and_styles(tmp_path, full_openpyxl):
    path = tmp_path / "f.xlsx"
    frame = pd.DataFrame(
        {
            "player": pd.Categorical(["Зоя", "Élodie", None]),
            "score": pd.array([318, -106, None], dtype="Int64"),
            "money": [0.38, -1.02, np.nan],
            "date": pd.to_datetime(["2024-03-01", None, "2024-03-02"]),
        }
    )
    with Workbook(path) as book:
        sheet = book.add_sheet("Evening 3")
        sheet.write(0, 0, "Tarot — soirée du 1er mars, table 3", "title", fit=False)
        block = sheet.write_frame(
            frame, 2, 0, styles={"score": ("signed", "cumul"), "money": "signed_money"}
        )
        sheet.freeze(3, 1)
        sheet.landscape_fit_to_page(repeat_rows=2)
        widths = sheet.autofit()
        book.define_name("Scores", block.column("score"))
    assert (block.header_row, block.first_row, block.last_row) == (2, 3, 5)
    assert block.column("score").ref() == "'Evening 3'!$B$4:$B$6"
    assert widths[0] == pytest.approx(8.6)  # "player" header, bold: 6 x 1.1 + 2
    wb = full_openpyxl(path)
    ws = wb["Evening 3"]
    assert [ws.cell(4, c).value for c in range(1, 5)][:3] == ["Зоя", 318, 0.38]
    assert ws["D4"].value == dt.datetime(2024, 3, 1)
    assert ws["B4"].number_format == "+0;[Red]-0;0" and ws["B4"].font.b
    assert ws["C4"].number_format == "+0.00;[Red]-0.00;0.00"
    assert ws["D4"].number_format == "yyyy-mm-dd"
    assert ws["A6"].border.left.style == "thin"  # empty cells keep their box
    assert ws["A4"].font.name == "Arial"
    assert ws.freeze_panes == "B4"
    assert ws.page_setup.orientation == "landscape"
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws.page_setup.fitToWidth in (None, 1)  # 1 is the default, left unwritten
    assert ws.page_setup.fitToHeight == 0
    assert ws.print_title_rows == "$3:$3"
    assert ws.oddFooter.center.text == "&P / &N"
    assert wb.defined_names["Scores"].attr_text == "'Evening 3'!$B$4:$B$6"


def test_sheet_names_are_made_safe_and_unique(tmp_path):
    path = tmp_path / "n.xlsx"
    with Workbook(path) as book:
        first = book.add_sheet("Soirée 2024/03/01")
        second = book.add_sheet("soirée 2024/03/01")
        third = book.add_sheet("Lists")  # the name of the hidden lists sheet
    assert (first.name, second.name, third.name) == (
        "Soirée 2024-03-01",
        "soirée 2024-03-01 (2)",
        "Lists (2)",
    )
    assert sheet_names(path) == [first.name, second.name, third.name]


def test_links_to_sheets_and_missing_targets(tmp_path, full_openpyxl):
    path = tmp_path / "l.xlsx"
    with Workbook(path) as book:
        index = book.add_sheet("Index")
        index.link_to_sheet(0, 0, "Evening 3")
        index.link_to_sheet(1, 0, "It's late", "late", target="B2")
        book.add_sheet("Evening 3")
        book.add_sheet("It's late")
    ws = full_openpyxl(path)["Index"]
    assert ws["A1"].value == "Evening 3"
    assert ws["A1"].hyperlink.location == "'Evening 3'!A1"
    assert ws["A2"].hyperlink.location == "'It''s late'!B2"
    with pytest.raises(WorkbookError, match="Index!A1: link to sheet 'Nowhere'"):
        with Workbook(path) as book:
            book.add_sheet("Index").link_to_sheet(0, 0, "Nowhere")


def test_merged_block_and_overlap(tmp_path):
    path = tmp_path / "m.xlsx"
    with Workbook(path) as book:
        sheet = book.add_sheet("S")
        sheet.merge(4, 2, 5, 5, "гора P1", ("box", "centre"))
        with pytest.raises(WorkbookError, match=r"S!D5:D6: .*overlap"):
            sheet.merge(4, 3, 5, 3, "x")
    cells = read_sheet(path, "S")
    assert cells.address(0, 0) == "S!C5" and cells.values[0, 0] == "гора P1"
    assert cells.merged == [(4, 2, 5, 5)]


def test_rows_beyond_the_grid_are_refused(tmp_path):
    with Workbook(tmp_path / "g.xlsx") as book:
        with pytest.raises(WorkbookError, match="do not fit in a sheet"):
            book.add_sheet("S").write_column(1_048_575, 0, [1, 2])


def test_unknown_style_lists_the_known_ones(tmp_path):
    with Workbook(tmp_path / "s.xlsx") as book:
        with pytest.raises(
            WorkbookError, match=r"style must be one of .*header.*; got 'hedaer'"
        ):
            book.add_sheet("S").write(0, 0, "x", "hedaer")


def test_fifty_thousand_rows_are_written_fast(tmp_path):
    n = 50_000
    rng = np.random.default_rng(7)
    frame = pd.DataFrame(
        {
            "game_id": np.repeat(np.arange(n // 25), 25),
            "deal": np.tile(np.arange(1, 26), n // 25),
            "player": pd.Categorical(rng.choice(["Anne", "Bruno", "Зоя", "Élodie"], n)),
            "score": rng.integers(-400, 400, n),
            "money": rng.normal(size=n).round(2),
            "note": pd.Series([f"donne {i}" for i in range(n)], dtype="str"),
        }
    )
    path = tmp_path / "big.xlsx"
    start = time.perf_counter()
    with Workbook(path) as book:
        book.add_sheet("Ledger").write_frame(frame, styles={"score": "signed"})
    elapsed = time.perf_counter() - start
    assert elapsed < 10, f"{elapsed:.1f} s"
    cells = read_sheet(path, "Ledger")
    assert cells.values.shape == (n + 1, 6)
    assert cells.values[1:, 3].astype(float).sum() == frame["score"].sum()
    assert cells.values[n, 5] == f"donne {n - 1}"


def test_columns_px_follows_set_and_fitted_widths(tmp_path):
    with Workbook(tmp_path / "w.xlsx") as book:
        sheet = book.add_sheet("S")
        sheet.set_widths([10, 20])
        sheet.write(0, 2, "x" * 8)
        sheet.autofit()
        # Excel: 7 pixels a digit plus 5 of padding; untouched columns are 64 px.
        assert sheet.columns_px(0, 1) == 75 + 145
        assert sheet.columns_px(2, 3) == 75 + 64


def test_ready_formats_and_raw_properties_are_accepted(tmp_path, full_openpyxl):
    path = tmp_path / "f.xlsx"
    with Workbook(path) as book:
        sheet = book.add_sheet("S")
        italic = book.styles.format("italic")
        with pytest.raises(WorkbookError, match="a date needs a number format"):
            sheet.write(0, 0, dt.date(2024, 3, 1), italic)
        sheet.write(0, 0, dt.date(2024, 3, 1), book.styles.format(("italic", "date")))
        sheet.write(1, 0, -3, {"num_format": "0;[Blue]-0"})
        sheet.write_column(2, 0, ["a", "=b"], italic)
    ws = full_openpyxl(path)["S"]
    assert ws["A1"].font.i and ws["A1"].value == dt.datetime(2024, 3, 1)
    assert ws["A2"].number_format == "0;[Blue]-0"
    assert ws["A4"].value == "=b" and ws["A4"].font.i
