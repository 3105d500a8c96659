"""Reading score sheets back: problems named by sheet and cell, all at once,
collected on demand; plain tables; names that look like formulas; text no cell
can hold; and files that are no workbook at all.
"""

from __future__ import annotations

import zipfile

import openpyxl
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.excel import sheet_names

MIB = 1 << 20


def first_games(name: str, n: int) -> pd.DataFrame:
    log = csf.load_example(name)
    part = log[log["game_id"] <= n].reset_index(drop=True).astype(object)
    return csf.validate(part, game=log.cardscore.game)


@pytest.fixture(scope="module")
def tarot_book(tmp_path_factory):
    path = tmp_path_factory.mktemp("import") / "tarot.xlsx"
    return csf.to_excel(csf.tarot.score(first_games("tarot", 4)), path)


def edited(path, out, changes: dict[tuple[str, str], object]):
    """A copy of ``path`` with some cells typed over, as a user would."""
    book = openpyxl.load_workbook(path)
    for (sheet, cell), value in changes.items():
        book[sheet][cell] = value
    book.save(out)
    return out


def test_problems_name_their_sheet_and_cell_all_at_once(tarot_book, tmp_path):
    # deal 5 of partie 1 is on row 10 (column C: Contrat); partie 3's deal 2 on
    # row 7 (column D: Bouts)
    path = edited(
        tarot_book,
        tmp_path / "typos.xlsx",
        {("Partie 1", "C10"): "gard", ("Partie 3", "D7"): "deux"},
    )
    with pytest.raises(csf.LogValidationError) as info:
        csf.read_excel(path, game="tarot")
    fc = info.value.failure_cases.set_index("cell")
    assert fc.loc["Partie 1!C10", "reason"] == "not_allowed"
    assert fc.loc["Partie 1!C10", "message"] == (  # in the feuille's own codes
        "contract must be one of passe, P, G, GS, GC; got 'gard' (did you mean 'G'?)"
    )
    assert fc.loc["Partie 3!D7", "column"] == "oudlers"
    assert "(cell Partie 1!C10): contract must be one of" in str(info.value)
    assert "(cell Partie 3!D7)" in str(info.value)
    with pytest.raises(csf.LogValidationError):  # read_log reads it the same way
        csf.read_log(path, game="tarot")


def test_collect_mode_keeps_the_good_deals(tarot_book, tmp_path):
    path = edited(tarot_book, tmp_path / "typo.xlsx", {("Partie 2", "C6"): "gard"})
    got = csf.read_excel(path, game="tarot", errors="collect")
    assert isinstance(got, csf.Collected)
    assert len(got.rejected) == 1 and len(got.deals) == 70 - 1  # 23+14+13+20
    assert got.rejected["contract"].tolist() == ["gard"]
    assert got.failure_cases["cell"].tolist() == ["Partie 2!C6"]


def test_a_sheet_without_our_metadata_is_found_by_its_headings(tarot_book, tmp_path):
    book = openpyxl.load_workbook(tarot_book)
    del book["_cardscore"]
    path = tmp_path / "plain.xlsx"
    book.save(path)
    log = first_games("tarot", 4)
    one = log[log["game_id"] == 4].reset_index(drop=True).astype(object)
    got = csf.read_excel(path, game="tarot", sheet="Partie 4")
    pd.testing.assert_frame_equal(got, csf.validate(one, game="tarot"))


def test_the_workbook_says_which_game_and_rules(tmp_path):
    rules = csf.tarot.Rules.preset("house")
    scored = csf.tarot.score(first_games("tarot", 2), rules=rules)
    path = csf.to_excel(scored, tmp_path / "house.xlsx")
    assert csf.read_excel(path, game="tarot").cardscore.rules == rules
    with pytest.raises(csf.WorkbookError, match="holds tarot score sheets, not belot"):
        csf.read_excel(path, game="belot")


def plain_table(tmp_path, frame: pd.DataFrame, blank_rows=()) -> object:
    """A deal table as someone would type it: headings, then a deal a row."""
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Deals"
    ws.append(list(frame.columns))
    for k, row in enumerate(frame.itertuples(index=False)):
        if k in blank_rows:
            ws.append([])
        ws.append([None if pd.isna(v) else v for v in row])
    path = tmp_path / "deals.xlsx"
    book.save(path)
    return path


def test_a_plain_deal_table(tmp_path):
    raw = csf.load_example("belot", validate=False)
    path = plain_table(tmp_path, raw, blank_rows=(3,))
    expected = csf.load_example("belot")
    got = csf.read_excel(path, game="belot")
    pd.testing.assert_frame_equal(got, expected, check_dtype=False)
    assert got["game_id"].tolist() == expected["game_id"].tolist()
    pd.testing.assert_frame_equal(csf.read_log(path, game="belot"), got)
    broken = raw.copy()
    broken.loc[3, "contract"] = "spadez"  # row 5 of the sheet (row 1: headings)
    path = plain_table(tmp_path, broken)
    with pytest.raises(csf.LogValidationError) as info:
        csf.read_excel(path, game="belot")
    letter = openpyxl.utils.get_column_letter(list(raw.columns).index("contract") + 1)
    cells = info.value.failure_cases["cell"].dropna().unique().tolist()
    assert f"Deals!{letter}5" in cells


FORMULA_LIKE = ["=1+1", "+SUM(A1:A9)", "-2", "@cmd"]


def test_names_that_look_like_formulas_stay_names(tmp_path):
    deals = pd.DataFrame(
        {
            "game_id": [1, 1],
            "deal": [1, 2],
            **{f"player{i + 1}": [n, n] for i, n in enumerate(FORMULA_LIKE)},
            "taker": ["=1+1", "@cmd"],
            "contract": ["garde", "petite"],
            "oudlers": [2, 1],
            "card_points": [49, 40],
        }
    )
    log = csf.validate(deals, game="tarot")
    path = csf.to_excel(csf.tarot.score(log), tmp_path / "names.xlsx")
    with zipfile.ZipFile(path) as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
        xml = "".join(archive.read(n).decode() for n in sheets)
    formulas = xml.split("<f>")[1:]
    assert formulas and not any(
        bad in f.split("</f>")[0] for f in formulas for bad in ("1+1", "SUM(A1", "cmd")
    )
    ws = openpyxl.load_workbook(path)["Partie 1"]
    assert ws["B6"].value == "=1+1" and ws["B6"].data_type == "s"
    assert ws["B6"].quotePrefix
    back = csf.read_excel(path, game="tarot")
    pd.testing.assert_frame_equal(back, log)


def test_text_no_cell_can_hold_is_refused_by_its_cell(tmp_path):
    deals = csf.load_example("belot")
    deals = deals[deals["game_id"] == 1].astype(object)
    deals["a1"] = "Ara\x07m"
    deals["league"] = "x" * 40_000
    scored = csf.belot.score(csf.validate(deals, game="belot"))
    path = tmp_path / "bad.xlsx"
    path.write_bytes(b"the old file")
    with pytest.raises(csf.WorkbookError) as info:
        csf.to_excel(scored, path)
    fc = info.value.failure_cases
    assert set(fc["reason"]) == {"control_character", "text_too_long"}
    assert "Матч 1!C3" in fc["cell"].tolist()  # a1, in the pairs' row
    assert "32,767" in str(info.value) and "U+0007" in str(info.value)
    assert path.read_bytes() == b"the old file"  # nothing saved over it


def zip_with(path, members):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(
            lambda p: p.write_text("game_id;deal\n1;1\n"),
            "text file",
            id="csv-named-xlsx",
        ),
        pytest.param(
            lambda p: p.write_bytes(b"PK\x03\x04" + b"\0" * 40),
            "damaged zip",
            id="damaged",
        ),
        pytest.param(
            lambda p: p.write_bytes(
                bytes.fromhex("D0CF11E0A1B11AE1")
                + b"\0" * 504
                + "EncryptedPackage".encode("utf-16-le")
            ),
            "password-protected",
            id="password",
        ),
        pytest.param(
            lambda p: zip_with(
                p,
                {
                    "[Content_Types].xml": "<Types/>",
                    "xl/workbook.xml": "<workbook/>",
                    "xl/worksheets/sheet1.xml": b"\0" * (20 * MIB),
                },
            ),
            "zip bomb",
            id="zip-bomb",
        ),
    ],
)
def test_files_that_are_no_workbook(tmp_path, make, message):
    path = tmp_path / "club.xlsx"
    make(path)
    for read in (
        lambda: csf.read_excel(path, game="tarot"),
        lambda: csf.read_log(path, game="tarot"),
    ):
        with pytest.raises(csf.CardscoreError, match=message):
            read()


def test_an_empty_log_makes_an_index_and_no_game(tmp_path):
    empty = csf.load_example("belot").iloc[0:0]
    path = csf.to_excel(csf.belot.score(empty), tmp_path / "empty.xlsx")
    assert sheet_names(path) == ["Матчи"]
    assert len(csf.read_excel(path, game="belot")) == 0


def test_sheets_stacked_whether_a_value_is_read_once_or_on_every_row():
    """A game's value read once above its table (one value for the sheet) and a
    column read row by row stack into the same log column, the sheets in order;
    an empty cell ("" as calamine reads it) is blank, codes are decoded."""
    import numpy as np

    from cardscore_frames.excel.paper import Column, PaperRows, stack

    contract = Column("contract", "Contrat", codes={"garde": "G"}, blank="—")
    once = PaperRows("Partie 1", {"deal": [1.0, 2.0], "contract": ["G", "—"]}, 2)
    once.coded["contract"] = contract
    once.set_constant("date", "2025-10-03", (2, 1))
    once.set_constant("table", "", (2, 4))
    once.set_constant("league", "Cercle", None)
    by_row = PaperRows(
        "Partie 2", {"deal": [1.0], "date": ["2025-10-04"], "table": [""]}, 1
    )
    empty = PaperRows("Partie 3", {}, 0)
    empty.set_constant("date", "2025-10-05", (2, 1))
    only_once = PaperRows("Partie 4", {"deal": [1.0, ""]}, 2)
    only_once.set_constant("date", "2025-10-06", (2, 1))
    only_once.set_constant("league", "", None)
    raw = stack([once, by_row, empty, only_once])
    assert list(raw.columns) == ["deal", "contract", "date", "table", "league"]
    assert raw.to_dict("list") == {
        "deal": [1.0, 2.0, 1.0, 1.0, None],
        "contract": ["garde", None, None, None, None],
        "date": ["2025-10-03"] * 2 + ["2025-10-04", "2025-10-06", "2025-10-06"],
        "table": [None] * 5,
        "league": ["Cercle", "Cercle", None, None, None],
    }
    assert all(raw[c].dtype == np.dtype(object) for c in raw)
    # a value read once stays one value for its sheet, whose rows cannot be
    # changed one by one
    with pytest.raises(TypeError):
        once.data["date"][0] = "2025-10-09"
    assert once.cell(1, "date") == "Partie 1!B3"
