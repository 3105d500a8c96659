"""Score sheets written as on paper: cells read back through openpyxl (formulas,
formats, page set-up) and python-calamine (the values stored beside the
formulas), never bytes. Expected values come from the rules files' worked
examples (docs/games/tarot.md, belot.md, preferans.md) and the samples.
"""

from __future__ import annotations

import zipfile

import openpyxl
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.excel import read_metadata, read_sheet, sheet_names

PLAYERS = ["Anne", "Bruno", "Chloé", "Denis"]


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """Each sample exported once: name -> (path, the log as read_log reads it)."""
    folder = tmp_path_factory.mktemp("books")
    out = {}
    for name in ("tarot", "belot", "preferans", "preferans_sheets"):
        log = csf.load_example(name)
        game = csf.get_game(log.cardscore.game)
        frame = game.score(log) if log.cardscore.kind == "deals" else log
        method = {"method": "paper"} if game.name == "preferans" else {}
        path = csf.to_excel(frame, folder / f"{name}.xlsx", **method)
        out[name] = (path, log)
    return out


@pytest.mark.parametrize("name", ["tarot", "belot", "preferans", "preferans_sheets"])
def test_export_then_import_gives_back_the_log(books, name):
    path, log = books[name]
    kind = log.cardscore.kind
    game = log.cardscore.game
    back = csf.read_excel(path, game=game, kind=kind)
    pd.testing.assert_frame_equal(back, log)
    assert back.cardscore.rules == log.cardscore.rules
    pd.testing.assert_frame_equal(csf.read_log(path, game=game, kind=kind), log)


def test_metadata_says_what_the_workbook_holds(books):
    meta = read_metadata(books["preferans"][0])
    assert (meta["game"], meta["kind"], meta["layout"]) == (
        "preferans",
        "deals",
        "export",
    )
    assert meta["rules"] == csf.preferans.Rules().to_dict()
    kinds = {s["name"]: s["kind"] for s in meta["sheets"]}
    assert kinds["Пулька 1"] == "sheet" and kinds["Пулька 1 · сдачи"] == "deals"
    assert kinds["Правила"] is None


def test_index_sheet_lists_the_games_with_links(books):
    path, log = books["tarot"]
    names = sheet_names(path)
    assert names[0] == "Parties" and names[1:4] == ["Partie 1", "Partie 2", "Partie 3"]
    ws = openpyxl.load_workbook(path)["Parties"]
    assert [c.value for c in ws[4]] == [
        "Partie",
        "Date",
        "Table",
        "Joueurs",
        "Donnes",
        "Résultat",
        "Feuille",
    ]
    first = [c.value for c in ws[5]]
    assert first[0] == 1 and first[1].date().isoformat() == "2026-01-08"
    assert first[3] == "Amélie, Bastien, Gaëlle, Julien" and first[4] == 23
    assert first[5].startswith("Gaëlle +899 · Amélie +31")
    assert ws["G5"].hyperlink.location == "'Partie 1'!A1"
    assert ws.max_row == 4 + log["game_id"].nunique()


def tarot_deals() -> pd.DataFrame:
    """tarot.md worked example 1 (4 players), then a passed deal."""
    base = {
        "game_id": 1,
        "player1": "Anne",
        "player2": "Bruno",
        "player3": "Chloé",
        "player4": "Denis",
        "date": "2026-03-01",
        "table": "3",
    }
    return pd.DataFrame(
        [
            {
                **base,
                "deal": 1,
                "taker": "Bruno",
                "contract": "garde",
                "oudlers": 2,
                "card_points": 49,
                "petit_au_bout": "attack",
                "poignee_attack": "simple",
            },
            {
                **base,
                "deal": 2,
                "taker": None,
                "contract": "pass",
                "oudlers": None,
                "card_points": None,
            },
        ]
    )


def test_tarot_feuille_de_marque_cells(tmp_path):
    path = csf.to_excel(
        csf.tarot.score(csf.validate(tarot_deals(), game="tarot")), tmp_path / "t.xlsx"
    )
    ws = openpyxl.load_workbook(path)["Partie 1"]
    cached = openpyxl.load_workbook(path, data_only=True)["Partie 1"]
    heading = [c.value for c in ws[5]]  # the band above names groups
    assert heading[:7] == [
        "N°",
        "Preneur",
        "Contrat",
        "Bouts",
        "Points",
        "Résultat",
        "PaB",
    ]
    band = [c.value for c in ws[4]]
    assert band[7] == "Poignée" and band[10:17:2] == PLAYERS
    assert heading[7:10] == ["att.", "déf.", "Chelem"]
    made = [c.value for c in ws[6]][:10]
    assert made == [1, "Bruno", "G", 2, 49, 8, "A", "S", None, None]
    passed = [c.value for c in ws[7]][:6]
    assert passed == [2, "—", "passe", None, None, None]
    # each player's donne (a number) and cumul (a formula with its value)
    donnes = [cached.cell(6, c).value for c in (11, 13, 15, 17)]
    assert donnes == [-106, 318, -106, -106]
    assert ws["L7"].value == "=L6+K7" and cached["L7"].value == -106
    assert ws["S6"].value == "=SUM(K6,M6,O6,Q6)" and cached["S6"].value == 0
    assert ws["T6"].value == "=SUM(L6,N6,P6,R6)" and cached["T6"].value == 0
    assert [ws.cell(8, 1).value, ws.cell(9, 1).value] == ["Total", "Place"]
    assert [cached.cell(8, c).value for c in (12, 14, 16, 18)] == [
        -106,
        318,
        -106,
        -106,
    ]
    assert [cached.cell(9, c).value for c in (12, 14, 16, 18)] == [2, 1, 2, 2]
    flags = [r.sqref for r in ws.conditional_formatting]
    assert any("S6:S7" in str(s) for s in flags)
    assert ws.freeze_panes == "B6"
    assert ws.page_setup.orientation == "landscape"
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws.page_setup.fitToWidth in (None, 1)  # 1 is the default, left out
    assert "[Red]" in ws["K6"].number_format
    assert [ws["B2"].value.strip(), ws["L2"].value.strip()] == ["Club", "Date"]
    assert ws["M2"].value.date().isoformat() == "2026-03-01" and ws["M2"].is_date
    with zipfile.ZipFile(path) as archive:
        assert any(n.startswith("xl/charts/chart") for n in archive.namelist())


def test_a_seated_dealer_is_grey_and_scores_nothing(books):
    path, log = books["tarot"]
    game = log.loc[log["sits_out"].notna(), "game_id"].iloc[0]
    ws = openpyxl.load_workbook(path)[f"Partie {game}"]
    assert ws["B5"].value == "Mort"
    rules = [r for cf in ws.conditional_formatting for r in cf.rules]
    assert any(r.type == "expression" and "$B6=" in r.formula[0] for r in rules)


def belot_deals() -> pd.DataFrame:
    """belot.md worked examples as one match (pair a declares the odd deals)."""
    rows = [
        (8, False, None, "none", 5, 97, 0, 0),
        (12, False, None, "none", 4, 95, 20, 0),
        (12, False, None, "none", 5, 100, 20, 0),
        (10, False, None, "contra", 6, 110, 0, 20),
        (None, True, 0, "none", 8, 162, 20, 50),
        (8, False, None, "none", 0, 0, 20, 0),
    ]
    cols = [
        "bid",
        "capo",
        "capo_bid",
        "doubling",
        "declarer_tricks",
        "declarer_card_points",
        "declarer_declarations",
        "defender_declarations",
    ]
    frame = pd.DataFrame(rows, columns=cols)
    frame.insert(0, "deal", range(1, 7))
    return frame.assign(
        game_id=1,
        a1="Арам",
        a2="Ани",
        b1="Давид",
        b2="Гаяне",
        declarer=["a", "b", "a", "b", "a", "b"],
        contract="hearts",
    )


def test_belot_protocol_cells(tmp_path):
    scored = csf.belot.score(csf.validate(belot_deals(), game="belot"))
    path = csf.to_excel(scored, tmp_path / "b.xlsx")
    cells = read_sheet(path, "Матч 1")
    ws = openpyxl.load_workbook(path)["Матч 1"]
    heading = {ws.cell(6, c).value: c for c in range(1, 20)}
    above = {ws.cell(5, c).value: c for c in range(1, 20)}
    col = {
        k: heading.get(k) or above[k]
        for k in ("A: очки", "B: очки", "A: БТ", "B: БТ", "всего", "✓", "A: Σ")
    }
    got = [
        [cells.cell(r, col[k] - 1) for k in ("A: очки", "B: очки")]
        for r in range(6, 12)
    ]
    # declarers/defenders of belot.md's table, by the pair that declared
    assert got == [[17, 7], [30, 0], [24, 6], [0, 38], [52, 5], [26, 0]]
    marks = [
        [cells.cell(r, col[k] - 1) for k in ("A: БТ", "B: БТ")] for r in range(6, 12)
    ]
    assert marks == [
        [None, None],
        [None, "БТ"],
        [None, None],
        ["БТ", None],
        [None, None],
        [None, "БТ"],
    ]
    assert [cells.cell(r, col["✓"] - 1) for r in range(6, 12)] == [0] * 6
    letter = openpyxl.utils.get_column_letter(col["A: Σ"])
    assert ws[f"{letter}8"].value.startswith(f"={letter}7+")
    assert ws.cell(13, 1).value == "Σ"
    assert ws.cell(14, 1).value == "Матч не окончен (игра до 301)"
    assert (ws["B3"].value or ws["C3"].value) == "Арам"


def test_preferans_pulka_and_settlement(books):
    path, sheets = books["preferans_sheets"]
    cells = read_sheet(path, "Пулька 1")
    grid = cells.to_frame()
    text = [str(t).replace("\u200b", "") for t in grid.stack()]
    # the drawing: each zone's running entry (a sheet log has only the last)
    assert "на З\n58." in text
    # method 1 beside the exact one, as the seed (preferans.md) settles it
    right = grid.iloc[:, 25 - cells.first_col :]  # right of the drawing
    rows = {r: [v for v in right.loc[r].tolist() if v is not None] for r in grid.index}

    def row_of(label: str) -> list:
        return next(v for v in rows.values() if v and v[0] == label and "·" in v)

    # the seed's netted whists (method 1): С +17 +33 -12 = +38, ...; then exact
    assert row_of("С") == ["С", "·", 17, 33, -12, 38, "С", "·", 17, 32.5, -12, 37.5]
    assert row_of("Ю")[1:6] == [12, 63, 13, "·", 88]
    money = next(v for v in rows.values() if v and v[0] == "деньги")
    assert money[1:5] == [0.38, -1.02, -0.24, 0.88]  # method 1, 1 kopeck
    assert money[7:11] == [0.38, -1.03, -0.23, 0.88]  # exact


def test_preferans_running_entries_are_the_paper_sheets(books):
    path, deals = books["preferans"]
    scored = csf.preferans.score(deals)
    game = scored[scored["game_id"] == 1]
    entries = [str(v) for v in read_sheet(path, "Пулька 1").to_frame().stack()]
    pools = game["pool_sheet_3"].to_numpy()
    changed = [
        int(p) for p, before in zip(pools, [0, *pools[:-1]], strict=True) if p != before
    ]
    expected = "пуля  " + "".join(f"{p}." for p in changed)
    assert expected in [e.replace("\u200b", "") for e in entries]


def test_names_stay_intact(books):
    path, _ = books["preferans"]
    ws = openpyxl.load_workbook(path)["Пулька 1"]
    names = {ws.cell(r, 27).value for r in range(6, 9)}
    assert names == {"Zoya", "Kira", "Anna"}
    sheets = openpyxl.load_workbook(books["tarot"][0]).sheetnames
    assert "Partie 1" in sheets
