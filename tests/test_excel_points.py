"""Points-only logs and preferans corrections on score sheets.

A points-only log (``kind="points"``) is drawn as the game's sheet without the
columns of the contract, and reads back as the same log; a preferans deal log
with corrections and per-deal all-pass prices keeps them through the protocol.
Expected values are worked by hand in the comments (running totals, places),
never computed by the code under test.
"""

from __future__ import annotations

import openpyxl
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.errors import WorkbookError

TAROT_POINTS = pd.DataFrame(
    {
        "game_id": [1, 1, 1],
        "deal": [1, 2, 3],
        "player1": ["Amélie"] * 3,
        "player2": ["Bastien"] * 3,
        "player3": ["Gaëlle"] * 3,
        "player4": ["Julien"] * 3,
        # a garde won by Amélie (+186 = 3 x 62), a petite lost by Bastien, a pass
        "score1": [186, 25, 0],
        "score2": [-62, -75, 0],
        "score3": [-62, 25, 0],
        "score4": [-62, 25, 0],
    }
)

BELOT_POINTS = pd.DataFrame(
    {
        "game_id": [1] * 3,
        "deal": [1, 2, 3],
        "a1": ["Tigran"] * 3,
        "a2": ["Anush"] * 3,
        "b1": ["Davit"] * 3,
        "b2": ["Gayane"] * 3,
        "points_a": [10, 0, 14],
        "points_b": [6, 16, 2],
        "declarer": ["a", "a", "b"],
        "bait": ["none", "a", "none"],
    }
)

PREFERANS_POINTS = pd.DataFrame(
    {
        "game_id": [7, 7],
        "deal": [1, 2],
        "player1": ["Zoya"] * 2,
        "player2": ["Kira"] * 2,
        "player3": ["Anna"] * 2,
        "score1": [12.5, -20.0],
        "score2": [-6.25, 30.0],
        "score3": [-6.25, -10.0],
    }
)


def _write(tmp_path, frame, game):
    path = tmp_path / f"{game}_points.xlsx"
    csf.to_excel(frame, path, game=game)
    return path


def _table(ws):
    """Every row of a sheet as a tuple of cell values."""
    return [tuple(r) for r in ws.iter_rows(values_only=True)]


def _row_starting(rows, first):
    """The first row whose first non-empty cell is ``first``."""
    for r in rows:
        values = [v for v in r if v is not None]
        if values and values[0] == first:
            return values
    raise AssertionError(f"no row starts with {first!r}")


@pytest.mark.parametrize(
    ("game", "frame"),
    [
        ("tarot", TAROT_POINTS),
        ("belot", BELOT_POINTS),
        ("preferans", PREFERANS_POINTS),
    ],
)
def test_a_points_log_reads_back_as_itself(tmp_path, game, frame):
    path = _write(tmp_path, frame, game)
    back = csf.read_excel(path, game=game, kind="points")
    expected = csf.read_log(frame, game=game, kind="points")
    pd.testing.assert_frame_equal(
        back[expected.columns].reset_index(drop=True),
        expected.reset_index(drop=True),
        check_dtype=False,
        check_categorical=False,
    )
    # and it scores to the very same ledger
    entry = getattr(csf, game)
    assert (
        entry.to_ledger(entry.score(back))["score"].tolist()
        == entry.to_ledger(entry.score(frame))["score"].tolist()
    )


def test_tarot_points_sheet_keeps_running_totals_and_places(tmp_path):
    path = _write(tmp_path, TAROT_POINTS, "tarot")
    book = openpyxl.load_workbook(path, data_only=True)
    ws = book[[n for n in book.sheetnames if n != book.sheetnames[0]][0]]
    rows = _table(ws)
    # deal 2: each player's donne then cumul (186-62+... by hand), the check 0
    assert _row_starting(rows, 2)[:10] == [2, 25, 211, -75, -137, 25, -37, 25, -37, 0]
    # after three deals: 211, -137, -37, -37; places 1, 4, 2=, 2=
    total = _row_starting(rows, "Total")
    assert [v for v in total if isinstance(v, int | float)][:4] == [211, -137, -37, -37]
    place = _row_starting(rows, "Place")
    assert place[1:] == [1, 4, 2, 2]


def test_belot_points_protocol_keeps_the_bait_and_winner(tmp_path):
    path = _write(tmp_path, BELOT_POINTS, "belot")
    book = openpyxl.load_workbook(path, data_only=True)
    ws = book[book.sheetnames[1]]
    rows = _table(ws)
    # deal 2: B takes all 16 and A is "в боте" (БТ in A's column)
    deal2 = _row_starting(rows, 2)
    assert deal2[:5] == [2, "A", 0, 10, "БТ"]
    assert deal2[5:7] == [16, 22]
    # Σ row: A 10 + 0 + 14 = 24, one БТ; B 6 + 16 + 2 = 24, none
    text = " ".join(str(v) for r in rows for v in r if v is not None)
    assert "24" in text and "Σ" in text


def test_preferans_points_sheet_balances_and_money(tmp_path):
    path = tmp_path / "pref.xlsx"
    csf.to_excel(PREFERANS_POINTS, path, game="preferans", whist_price=2)
    book = openpyxl.load_workbook(path, data_only=True)
    ws = book[book.sheetnames[1]]
    rows = _table(ws)
    # deal 2: Δ -20, Σ 12.5 - 20 = -7.5; Kira -6.25 + 30 = 23.75; Anna -16.25
    assert _row_starting(rows, 2)[:7] == [2, -20, -7.5, 30, 23.75, -10, -16.25]
    money = _row_starting(rows, "Деньги")
    # at 2 a whist: -15, 47.5, -32.5
    assert money[1:4] == [-15, 47.5, -32.5]


def test_reading_a_points_workbook_as_a_deal_log_says_how_to_read_it(tmp_path):
    path = _write(tmp_path, TAROT_POINTS, "tarot")
    with pytest.raises(WorkbookError, match="kind='points'"):
        csf.read_excel(path, game="tarot")


def _correction_log() -> pd.DataFrame:
    base = {"game_id": 1, "pool_target": 10, "whists_on": None}
    names = {"player1": "A", "player2": "B", "player3": "C"}
    rows = [
        {**base, **names, "deal": 1, "contract": "6s", "declarer": "A"}
        | {"call2": "whist", "call3": "pass", "tricks1": 6, "tricks2": 3, "tricks3": 1},
        {**base, **names, "deal": 2, "contract": "pass", "declarer": None}
        | {"tricks1": 2, "tricks2": 4, "tricks3": 4, "all_pass_price": 2},
        {**base, **names, "deal": 3, "contract": "correction", "declarer": None}
        | {"pool1": 3, "mountain2": 5, "whists_on": "C", "whists1": 7, "whists2": 2},
    ]
    return pd.DataFrame(rows)


def test_corrections_and_all_pass_prices_survive_the_protocol(tmp_path):
    log = csf.validate(_correction_log(), game="preferans")
    path = tmp_path / "corrections.xlsx"
    csf.to_excel(csf.preferans.score(log), path)
    back = csf.read_excel(path, game="preferans")
    for column in ["contract", "whists_on", "all_pass_price", "pool1", "mountain2"]:
        assert back[column].astype(object).where(
            back[column].notna(), None
        ).tolist() == (
            log[column].astype(object).where(log[column].notna(), None).tolist()
        ), column
    assert back["whists1"].tolist()[2] == 7 and back["whists2"].tolist()[2] == 2
    # the protocol writes the correction as on paper
    book = openpyxl.load_workbook(path, data_only=True)
    cells = [v for name in book.sheetnames for r in _table(book[name]) for v in r]
    assert "поправка" in cells and "висты на" in cells and "цена" in cells
