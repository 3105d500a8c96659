"""A club's own workbook (and its CSV export) read as the club laid it out:
a title above the heading row, totals rows, placeholder rows, a last and a
first name column, a sheet per evening beside a list of members.

The workbooks are real ones, written cell by cell with openpyxl. Every
expected value comes from the rows the test writes: the columns read back are
those rows, and the scores are worked out here from the FFT scale for four
players (docs/games/tarot.md, "Scores": the base is 25 plus the margin over the
points the oudlers ask, 56, 51, 41 or 36, times 1 for a petite, 2 a garde, 4 a
garde sans, 6 a garde contre; the taker gets three times it, each defender
loses it, or the reverse when the contract fails).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

import cardscore_frames as csf

HEAD = [
    "game",
    "Donne",
    "player1",
    "player2",
    "player3",
    "player4",
    "Preneur",
    "contract",
    "Bouts",
    "Points",
]
COLUMNS = [
    "game_id",
    "deal",
    "player1",
    "player2",
    "player3",
    "player4",
    "taker",
    "contract",
    "oudlers",
    "card_points",
]
TABLE = ["Anne", "Bruno", "Chloé", "Denis"]
#: (taker, contract, oudlers, card points) of each deal of two evenings
EVENINGS = {
    "Scores 2024": [
        ("Anne", "garde", 2, 45),
        ("Bruno", "petite", 1, 52),
        ("Chloé", "garde_sans", 3, 30),
        ("Denis", "petite", 0, 60),
        ("Anne", "garde_contre", 2, 41),
    ],
    "Scores 2025": [
        ("Bruno", "garde", 1, 49),
        ("Denis", "petite", 2, 40),
        ("Chloé", "petite", 1, 51),
        ("Anne", "garde", 3, 70),
    ],
}
NEEDED = {0: 56, 1: 51, 2: 41, 3: 36}
TIMES = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}


def rows_of(game: int, deals) -> list[list]:
    """The log rows of one evening, as the club types them."""
    return [[game, k, *TABLE, *deal] for k, deal in enumerate(deals, start=1)]


def expected_scores(*evenings) -> dict[str, float]:
    """Each player's total by the FFT scale (see the module's docstring)."""
    total = dict.fromkeys(TABLE, 0.0)
    for deals in evenings:
        for taker, contract, oudlers, points in deals:
            margin = points - NEEDED[oudlers]
            each = (25 + abs(margin)) * TIMES[contract] * (1 if margin >= 0 else -1)
            for player in TABLE:
                total[player] += 3 * each if player == taker else -each
    return total


def scores_of(deals: pd.DataFrame) -> dict[str, float]:
    ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
    return ledger.groupby("player", observed=True)["score"].sum().to_dict()


def evening_sheet(ws, title: str, game: int, deals, *, head=HEAD, total=None):
    """A sheet as a club lays it out: the title in row 1 (the evening's date in
    it), row 2 blank, the headings in row 3, a deal a row from row 4, a totals
    row (the sums of Bouts and Points unless ``total`` says otherwise), then
    rows numbered in advance, their formulas giving 0 or nothing."""
    ws.append([title])
    ws.append([])
    ws.append(head)
    rows = rows_of(game, deals)
    for row in rows:
        ws.append(row)
    sums = [sum(r[8] for r in rows), sum(r[9] for r in rows)]
    ws.append(["Total", *[None] * 7, *(total or sums)])
    for k in range(len(rows) + 1, len(rows) + 6):
        # a placeholder: a running number, 0 where a formula gave 0, and a
        # formula openpyxl stores without a value (read as blank)
        ws.append([game, k, None, None, None, None, None, None, 0, f"=J{k}*0"])
    return rows


def club_book(path: Path, *, totals=None, after=(), members=True, heads=None):
    """Two evenings' sheets and a list of members; ``after``: rows typed below
    the first sheet's placeholders; ``heads``: each sheet's headings."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for k, (name, deals) in enumerate(EVENINGS.items()):
        ws = book.create_sheet(name)
        head = (heads or {}).get(name, HEAD)
        total = (totals or {}).get(name)
        title = f"Club de tarot du jeudi — soirée du {12 + k}/03/2024"
        evening_sheet(ws, title, k + 1, deals, head=head, total=total)
        if k == 0:
            ws.append([])
            ws.append([])
            for row in after:
                ws.append(row)
    if members:
        ws = book.create_sheet("Membres")
        ws.append(["Nom", "Prénom", "Téléphone", "Cotisation"])
        ws.append(["Martin", "Anne", "06 12 34 56 78", 20])
        ws.append(["Durand", "Bruno", "06 98 76 54 32", 20])
    book.save(path)
    return path


def written(*names: str) -> pd.DataFrame:
    """The deals as written on the named sheets, under the log's columns."""
    rows = []
    for game, (name, deals) in enumerate(EVENINGS.items(), start=1):
        if name in names:
            rows += rows_of(game, deals)
    return pd.DataFrame(rows, columns=COLUMNS)


def assert_read(got: pd.DataFrame, expected: pd.DataFrame) -> None:
    """Every column written, value for value, and nothing more read."""
    assert len(got) == len(expected)
    for column in COLUMNS:
        assert got[column].astype(object).tolist() == expected[column].tolist(), column
    assert got["player5"].isna().all() and got["partner"].isna().all()


READERS = {
    "read_log": lambda path, **kw: csf.read_log(path, game="tarot", **kw),
    "read_excel": lambda path, **kw: csf.read_excel(path, game="tarot", **kw),
}


@pytest.mark.parametrize("read", READERS.values(), ids=READERS)
def test_a_club_workbook_reads_every_evening_and_names_the_other_sheets(tmp_path, read):
    path = club_book(tmp_path / "club.xlsx")
    with pytest.warns(UserWarning, match=r"sheet 'Membres' holds no tarot log"):
        deals = read(path)
    expected = written("Scores 2024", "Scores 2025")
    assert_read(deals, expected)
    assert deals["card_points"].sum() == expected["card_points"].sum()
    assert scores_of(deals) == expected_scores(*EVENINGS.values())


def test_one_sheet_given_is_the_only_one_read(tmp_path):
    path = club_book(tmp_path / "club.xlsx")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no note: the sheet was asked for
        deals = csf.read_excel(path, game="tarot", sheet="Scores 2025")
        again = csf.read_log(path, game="tarot", sheet="Scores 2025")
    assert_read(deals, written("Scores 2025"))
    pd.testing.assert_frame_equal(deals, again)
    assert scores_of(deals) == expected_scores(EVENINGS["Scores 2025"])


def test_sheets_headed_in_other_words_stack_into_one_log(tmp_path):
    # the second evening heads its deal column N° and its taker Preneuse
    other = [{"Donne": "N°", "Preneur": "Preneuse"}.get(h, h) for h in HEAD]
    path = club_book(tmp_path / "club.xlsx", heads={"Scores 2025": other})
    with pytest.warns(UserWarning, match="Membres"):
        deals = csf.read_log(path, game="tarot")
    assert_read(deals, written("Scores 2024", "Scores 2025"))


def test_problems_name_the_sheet_and_the_cell_past_the_title_rows(tmp_path):
    path = club_book(tmp_path / "club.xlsx", members=False)
    book = openpyxl.load_workbook(path)
    book["Scores 2025"]["H5"] = "gadre"  # the 2nd deal of game 2: row 3 + 2
    book["Scores 2024"]["G7"] = "Zoé"  # the 4th deal of game 1: not at the table
    book.save(path)
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(path, game="tarot")
    fc = caught.value.failure_cases
    assert sorted(fc["cell"]) == ["Scores 2024!G7", "Scores 2025!H5"]
    assert fc.set_index("cell").loc["Scores 2025!H5", "value"] == "gadre"
    good, rejected, problems = csf.read_excel(path, game="tarot", errors="collect")
    assert len(good) == 9 - 2 and len(rejected) == 2
    assert sorted(problems["cell"]) == ["Scores 2024!G7", "Scores 2025!H5"]


@pytest.mark.parametrize("word", ["Total", "TOTAUX", "Итого", "всего", "Ընդամենը", "Σ"])
def test_a_totals_row_is_checked_not_read(tmp_path, word):
    path = club_book(tmp_path / "club.xlsx", members=False)
    book = openpyxl.load_workbook(path)
    ws = book["Scores 2024"]
    at = 4 + len(EVENINGS["Scores 2024"])  # the totals row
    assert ws[f"A{at}"].value == "Total"
    ws[f"A{at}"] = word
    book.save(path)
    deals = csf.read_excel(path, game="tarot")
    assert_read(deals, written("Scores 2024", "Scores 2025"))


def test_a_totals_row_that_disagrees_names_its_cell(tmp_path):
    first = written("Scores 2024")
    points = int(first["card_points"].sum())
    totals = {"Scores 2024": [int(first["oudlers"].sum()), points + 2]}
    path = club_book(tmp_path / "club.xlsx", totals=totals, members=False)
    book = openpyxl.load_workbook(path)
    book["Scores 2025"]["H5"] = "gadre"  # a problem of a deal, reported with it
    book.save(path)
    # the totals row is row 9 (title, blank, headings, 5 deals); Points is in J
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(path, game="tarot")
    fc = caught.value.failure_cases.set_index("cell")
    assert sorted(fc.index) == ["Scores 2024!J9", "Scores 2025!H5"]
    total = fc.loc["Scores 2024!J9"]
    assert total["reason"] == "totals_mismatch" and total["column"] == "card_points"
    assert total["message"].startswith(
        f"the totals row gives {points + 2}; the rows above sum to {points}"
    )
    assert "rows 4 to 8" in total["message"]
    assert "(cell Scores 2024!J9)" in str(caught.value)
    # collected: the rows the totals row disputes go with it, not scored unseen
    good, rejected, problems = csf.read_excel(path, game="tarot", errors="collect")
    assert good["game_id"].tolist() == [2, 2, 2]  # game 2 less its deal 2
    assert len(rejected) == len(first) + 1
    assert rejected["problems"].iloc[0].startswith("the totals row gives")
    assert sorted(problems["cell"]) == ["Scores 2024!J9", "Scores 2025!H5"]


def test_a_row_typed_after_the_placeholders_is_not_lost(tmp_path):
    late = [1, 6, *TABLE, "Bruno", "garde", 1, 55]  # a deal after empty rows
    path = club_book(tmp_path / "club.xlsx", after=[late], members=False)
    deals = csf.read_excel(path, game="tarot")
    expected = pd.concat(
        [written("Scores 2024"), pd.DataFrame([late], columns=COLUMNS)]
    )
    expected = pd.concat([expected, written("Scores 2025")], ignore_index=True)
    assert_read(deals, expected)
    evenings = [*EVENINGS["Scores 2024"], tuple(late[6:]), *EVENINGS["Scores 2025"]]
    assert scores_of(deals) == expected_scores(evenings)
    # a row below that is no deal is reported by its cell, not left out
    junk = [None, None, "Anne", None, None, None, None, None, None, None]
    path = club_book(tmp_path / "junk.xlsx", after=[late, junk], members=False)
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_excel(path, game="tarot")
    # title 1, blank 2, headings 3, deals 4-8, totals 9, placeholders 10-14,
    # blank 15-16, the late deal 17, the junk 18
    fc = caught.value.failure_cases
    assert set(fc["cell"].str.extract(r"(\d+)$")[0]) == {"18"}
    assert fc["column"].isin(["game_id", "deal", "player2", "taker"]).any()


def test_a_missing_column_lists_the_columns_found(tmp_path):
    head = [h for h in HEAD if h != "Preneur"]
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Scores 2024"
    ws.append(["Soirée du 12/03/2024"])
    ws.append([])
    ws.append(head)
    for row in rows_of(1, EVENINGS["Scores 2024"]):
        ws.append(row[:6] + row[7:])
    book.save(tmp_path / "club.xlsx")
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(tmp_path / "club.xlsx", game="tarot")
    fc = caught.value.failure_cases
    missing = fc[fc["reason"] == "missing_column"]
    assert missing["column"].tolist() == ["taker"]
    found = ", ".join(repr(h) for h in head)
    assert f"the log's columns: {found}" in missing["message"].iloc[0]


#: Headings no game knows: the club says what they are.
ODD = ["Match", "Hand", "North", "East", "South", "West", "Who", "Bid", "Ends", "Pts"]
ODD_COLUMNS = dict(zip(ODD[:7], COLUMNS[:7], strict=True))


def odd_book(path: Path) -> Path:
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Scores 2024"
    evening_sheet(ws, "Thursday club", 1, EVENINGS["Scores 2024"], head=ODD)
    book.save(path)
    return path


def test_columns_given_name_headings_and_find_the_heading_row(tmp_path):
    path = odd_book(tmp_path / "odd.xlsx")
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_excel(path, game="tarot")  # no heading row found: row 1 taken
    assert "Thursday club" in caught.value.failure_cases["message"].iloc[0]
    for read in READERS.values():
        deals = read(path, columns=ODD_COLUMNS)
        assert_read(deals, written("Scores 2024"))
    # case and accents aside, as every heading
    deals = csf.read_log(
        path,
        game="tarot",
        columns={"MATCH": "game_id"}
        | {k: v for k, v in ODD_COLUMNS.items() if k != "Match"},
    )
    assert_read(deals, written("Scores 2024"))


def test_validate_takes_columns_too():
    frame = written("Scores 2024").rename(columns={"taker": "Who"})
    deals = csf.validate(frame, game="tarot", columns={"Who": "taker"})
    assert deals["taker"].astype(object).tolist() == frame["Who"].tolist()


CSV_TITLE = "Club de tarot du jeudi;;;;;;;;;\nSoirée du 12/03/2024;;;;;;;;;\n"


def club_csv(path: Path, rows: list[list], total: list) -> Path:
    lines = [";".join(HEAD)]
    lines += [";".join(str(v) for v in row) for row in rows]
    lines.append(";".join(["Total", *[""] * 7, *map(str, total)]))
    lines += [f"1;{k};;;;;;;0;" for k in range(len(rows) + 1, len(rows) + 4)]
    path.write_text(CSV_TITLE + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_csv_export_with_title_lines_reads_from_its_header_line(tmp_path):
    rows = rows_of(1, EVENINGS["Scores 2024"])
    sums = [sum(r[8] for r in rows), sum(r[9] for r in rows)]
    path = club_csv(tmp_path / "club.csv", rows, sums)
    deals = csf.read_log(path, game="tarot")
    assert_read(deals, written("Scores 2024"))
    assert scores_of(deals) == expected_scores(EVENINGS["Scores 2024"])
    # the lines a problem names are the file's own: title lines 1-2, header 3
    rows[2][7] = "gadre"  # the 3rd deal: line 6
    path = club_csv(tmp_path / "typo.csv", rows, [sums[0], sums[1] + 1])
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(path, game="tarot")
    fc = caught.value.failure_cases
    assert fc[["column", "line"]].values.tolist() == [
        ["card_points", 4 + len(rows)],  # the totals line
        ["contract", 6],
    ]
    assert "lines 4 to 8" in fc["message"].iloc[0]


SHEET_HEAD = ["game_id", "seat", "Nom", "Prénom", "pool", "mountain"] + [
    f"whists_on_{j}" for j in (1, 2, 3)
]
#: (seat, last name, first name as typed, pool, mountain, whists on 1..3)
PULKA = [
    (1, " Petrova ", "Anna", 20, 4, (None, 34, 20)),
    (2, "Ivanova", "  Kira   Maria ", 20, 10, (32, None, 8)),
    (3, "Smirnova", "Zoya", 20, 21, (30, 58, None)),
]


@pytest.mark.parametrize(
    "last, first", [("Nom", "Prénom"), ("Фамилия", "Имя"), ("Surname", "First name")]
)
def test_last_and_first_name_columns_make_the_player(tmp_path, last, first):
    head = [{"Nom": last, "Prénom": first}.get(h, h) for h in SHEET_HEAD]
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Пулька 1"
    ws.append(["Пулька от 12.03.2024"])
    ws.append([])
    ws.append(head)
    for seat, surname, name, pool, mountain, whists in PULKA:
        ws.append([1, seat, surname, name, pool, mountain, *whists])
    book.save(tmp_path / "pulka.xlsx")
    sheet = csf.read_log(tmp_path / "pulka.xlsx", game="preferans", kind="sheet")
    # the same names joined by plain pandas: first name, last name, one space
    typed = pd.DataFrame(PULKA, columns=["seat", "last", "first", "p", "m", "w"])
    joined = (typed["first"] + " " + typed["last"]).str.split().str.join(" ")
    assert sheet["player"].astype(object).tolist() == joined.tolist()
    assert joined.tolist()[1] == "Kira Maria Ivanova"
    assert sheet["mountain"].tolist() == typed["m"].tolist()


def test_a_name_problem_names_the_last_name_cell(tmp_path):
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Пулька 1"
    ws.append(["Пулька"])
    ws.append(SHEET_HEAD)
    for seat, surname, name, pool, mountain, whists in PULKA:
        blank = seat == 2
        ws.append(
            [1, seat, None if blank else surname, None if blank else name, pool]
            + [mountain, *whists]
        )
    book.save(tmp_path / "pulka.xlsx")
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_excel(tmp_path / "pulka.xlsx", game="preferans", kind="sheet")
    fc = caught.value.failure_cases
    assert "Пулька 1!C4" in fc["cell"].tolist()  # Nom, the 2nd seat's row


def test_a_cp1251_csv_sheet_with_a_title_and_name_columns(tmp_path):
    head = ["Пулька", "Место", "Фамилия", "Имя", "Пуля", "Гора"] + [
        f"whists_on_{j}" for j in (1, 2, 3)
    ]
    lines = ["Клуб «Мизер»;;;;;;;;", ";".join(head)]
    for seat, surname, name, pool, mountain, whists in PULKA:
        cells = [1, seat, surname, name, pool, mountain, *whists]
        lines.append(";".join("" if v is None else str(v) for v in cells))
    path = tmp_path / "pulka.csv"
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1251"))
    sheet = csf.read_log(path, game="preferans", kind="sheet")
    typed = pd.DataFrame(PULKA, columns=["seat", "last", "first", "p", "m", "w"])
    joined = (typed["first"] + " " + typed["last"]).str.split().str.join(" ")
    assert sheet["player"].astype(object).tolist() == joined.tolist()
    assert sheet["seat"].tolist() == typed["seat"].tolist()
    assert sheet.cardscore.encoding == "cp1251"


def test_a_block_of_details_above_the_table_is_not_its_heading_row(tmp_path):
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Scores 2024"
    ws.append(["Club", "Saison", "Date"])  # the evening's details, headed
    ws.append(["Les Excusés", "2024", "12/03/2024"])
    ws.append([])
    ws.append(HEAD)
    for row in rows_of(1, EVENINGS["Scores 2024"]):
        ws.append(row)
    book.save(tmp_path / "club.xlsx")
    deals = csf.read_excel(tmp_path / "club.xlsx", game="tarot")
    assert_read(deals, written("Scores 2024"))
    assert deals["league"].isna().all()  # details above the table are not read


def test_two_headings_of_one_column_on_a_sheet_are_one_problem(tmp_path):
    head = [*HEAD, "Pts"]  # Points and Pts both head the card points
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Scores 2024"
    ws.append(["Soirée"])
    ws.append(head)
    for row in rows_of(1, EVENINGS["Scores 2024"]):
        ws.append([*row, row[-1]])
    book.save(tmp_path / "club.xlsx")
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_excel(tmp_path / "club.xlsx", game="tarot")
    fc = caught.value.failure_cases
    assert fc[["column", "reason", "cell"]].values.tolist() == [
        ["card_points", "duplicate_column", "Scores 2024!J2"]
    ]
    assert "'Points' (J2), 'Pts' (K2)" in fc["message"].iloc[0]
    collected = csf.read_excel(tmp_path / "club.xlsx", game="tarot", errors="collect")
    assert len(collected.deals) == 0 and len(collected.rejected) == 5


@pytest.mark.parametrize("game", ["tarot", "belot"])
def test_an_export_without_its_description_reads_whole_by_its_headings(tmp_path, game):
    deals = csf.load_example(game)
    first = deals[deals["game_id"].isin(deals["game_id"].unique()[:3])]
    first = csf.validate(first.reset_index(drop=True), game=game)
    path = csf.to_excel(getattr(csf, game).score(first), tmp_path / "export.xlsx")
    book = openpyxl.load_workbook(path)
    del book["_cardscore"]  # a copy saved by another program loses it
    book.save(tmp_path / "copy.xlsx")
    with pytest.warns(UserWarning, match="holds no"):  # the games' index sheet
        back = csf.read_excel(tmp_path / "copy.xlsx", game=game)
    pd.testing.assert_frame_equal(
        back[first.columns].astype(object), first.astype(object)
    )


# --- one column of points per player: a points-only log ------------------------


def test_one_column_per_player_reads_as_a_points_log(tmp_path):
    # a club's sheet: a title, the header in row 3, a column per player headed
    # by his name, the deals, a totals row; Élise comes in for the third deal
    players = ["Anne", "Bruno", "Chloé", "Denis", "Élise"]
    deals = [
        [60, -20, -20, -20, None],
        [-30, 90, -30, -30, None],
        [None, -40, 120, -40, -40],
        [-52, -52, -52, 156, None],
    ]
    wb = openpyxl.Workbook()
    sheet = wb.active
    sheet.title = "Mars"
    sheet["A1"] = "Tarot du jeudi · mars 2024"
    sheet.append([])
    sheet.append(["Partie", "Donne", *players])
    for k, row in enumerate(deals, start=1):
        sheet.append([1, k, *row])
    sums = [sum(r[j] or 0 for r in deals) for j in range(5)]
    sheet.append(["Total", None, *sums])
    path = tmp_path / "club.xlsx"
    wb.save(path)
    log = csf.read_log(path, game="tarot", kind="points")
    ledger = csf.tarot.to_ledger(csf.tarot.score(log))
    got = ledger.groupby(ledger["player"].astype(str))["score"].sum().to_dict()
    assert got == {p: float(s) for p, s in zip(players, sums, strict=True)}
    # each deal seats its players in the sheet's order, the absent one left out
    third = ledger[ledger["deal"] == 3]
    assert third["player"].astype(str).tolist() == ["Bruno", "Chloé", "Denis", "Élise"]
    # a slip in one player's cell is named by his column's cell
    sheet["D4"] = -25  # Bruno, deal 1: the deal sums to -5, his column -27
    wb.save(path)
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(path, game="tarot", kind="points")
    fc = caught.value.failure_cases.set_index("reason")
    assert fc.loc["totals_mismatch", "cell"] == "Mars!D8"
    assert (
        "gives -22; the rows above sum to -27" in fc.loc["totals_mismatch", "message"]
    )
    assert fc.loc["not_zero_sum", "cell"] == "Mars!C4"  # the deal's first seat
    assert "60 + -25 + -20 + -20 = -5" in fc.loc["not_zero_sum", "message"]


def test_a_column_of_words_beside_the_players_is_not_a_player():
    raw = pd.DataFrame(
        {"Donne": [1], "Anne": [30], "Bruno": [-10], "Chloé": [-20], "Note": ["ok"]}
    ).assign(game=1)
    with pytest.raises(csf.LogValidationError, match="column player1 is missing"):
        csf.read_log(raw, game="tarot", kind="points")
