"""A game defined in the tests alone goes the whole way through the package.

Duel (tests/toy_game.py) is registered for this module only, with no change to
the package: read, score, ledger, results, standings, head to head, Excel export
and read-back, a blank template filled in as a scorekeeper would (recalculated
by LibreOffice where it is installed), a bad log's report; then the package's
own contract tests (tests/test_contract.py) run on it.

Every expected value is worked out by hand from
tests/fixtures/toy/duel_evenings.csv (10 points a bid trick; made when tricks
>= bid; the bidder's score is +-10 x bid and the opponent's the opposite):

- game 1, 2026-01-08, table T1, Ann v Bob: Ann bids 3 takes 4 (Ann +30); Bob
  2 takes 1, fails (Ann +20); Bob 5 takes 5 (Ann -50); Ann 1 takes 0, fails
  (Ann -10). Ann -10, Bob +10: Bob wins.
- game 2, 2026-01-08, T2, Cid v Dee: Cid 2/3 (Cid +20); Dee 4/2 fails (Cid
  +40); Cid 1/1 (Cid +10); Dee 3/3 (Cid -30). Cid +40, Dee -40: Cid wins.
- game 3, 2026-01-15, T1, Ann v Cid: Ann 4/5 (Ann +40); Cid 2/0 fails (Ann
  +20); Ann 2/1 fails (Ann -20); Cid 3/4 (Ann -30). Ann +10, Cid -10: Ann wins.
- The season: Cid +30 (2 games, 1 won), Bob +10 (1, 1), Ann 0 (2, 1), Dee -40
  (1, 0).
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
import test_contract as contract
import toy_game

import cardscore_frames as csf
from cardscore_frames.contract import GAMES, register, unregister
from cardscore_frames.excel import sheet_names

sys.path.insert(0, str(Path(__file__).parent / "excel"))
from test_excel_libreoffice import recalculate_all, soffice  # noqa: E402

BUNDLED = ["tarot", "belot", "preferans"]
#: Player 1's points on each deal of the example, in log order (player 2's are
#: the opposite).
POINTS1 = [30, 20, -50, -10, 20, 40, 10, -30, 40, 20, -20, -30]
MADE = [True, False, True, False, True, False, True, True, True, False, False, True]


@pytest.fixture(scope="module", autouse=True)
def duel():
    """Duel in the registry for this module's tests, and out of it afterwards
    (the other modules know the three bundled games only)."""
    assert list(GAMES) == BUNDLED
    register(toy_game.GAME)
    try:
        yield toy_game.GAME
    finally:
        unregister(toy_game.NAME)
        assert list(GAMES) == BUNDLED


@pytest.fixture(scope="module")
def deals():
    return csf.read_log(toy_game.EXAMPLE, game="duel")


@pytest.fixture(scope="module")
def scored(deals):
    return toy_game.score(deals)


@pytest.fixture(scope="module")
def ledger(scored):
    return toy_game.to_ledger(scored)


def test_the_registry_lists_duel_beside_the_bundled_games():
    assert csf.game_names() == [*BUNDLED, "duel"]
    assert csf.list_examples()["duel"].startswith("two evenings of a toy club")
    assert len(csf.load_example("duel")) == 12


def test_read_log_types_and_stamps_the_log(deals):
    assert (deals.cardscore.game, deals.cardscore.kind) == ("duel", "deals")
    assert deals.cardscore.rules == toy_game.Rules()
    assert str(deals["bid"].dtype) == "Int64"
    assert str(deals["date"].dtype) == "datetime64[ns]"
    assert list(deals["bidder"].cat.categories) == ["Ann", "Bob", "Cid", "Dee"]
    assert deals["game_id"].tolist() == [1] * 4 + [2] * 4 + [3] * 4


def test_score_is_each_deal_by_hand(scored):
    assert scored["made"].tolist() == MADE
    assert scored["points1"].tolist() == POINTS1
    assert scored["points2"].tolist() == [-p for p in POINTS1]
    assert scored["bidder_seat"].tolist() == [1, 2, 2, 1, 1, 2, 1, 2, 1, 2, 1, 2]
    # running totals restart with each game
    assert scored["total1"].tolist() == [30, 50, 0, -10, 20, 60, 70, 40, 40, 60, 40, 10]


def test_house_rules_travel_with_the_frame(deals):
    high = toy_game.Rules.preset("high")
    scored = toy_game.score(deals, rules=high)
    assert scored.cardscore.rules == high
    assert scored["points1"].tolist() == [2 * p for p in POINTS1]  # 20 a trick


def test_the_ledger_has_one_row_per_deal_and_player(ledger):
    assert list(ledger.columns) == list(csf.LEDGER_COLUMNS)
    assert len(ledger) == 24
    first = ledger.iloc[:2]
    assert first["player"].tolist() == ["Ann", "Bob"]
    assert first["role"].tolist() == ["bidder", "opponent"]
    assert first["score"].tolist() == [30.0, -30.0]
    assert first["game_key"].iat[0] == "duel / Toy Club / 2026 / 1"
    per_deal = ledger.groupby(["game_key", "deal"], observed=True)["score"].sum()
    assert (per_deal == 0).all()
    per_player = ledger.groupby("player", observed=True)["score"].sum()
    assert per_player.to_dict() == {"Ann": 0.0, "Bob": 10.0, "Cid": 30.0, "Dee": -40.0}


def test_results_name_each_games_winner(ledger):
    table = csf.results(ledger)
    got = table[["game_id", "player", "score", "place", "won"]]
    want = pd.DataFrame(
        {
            "game_id": ["1", "1", "2", "2", "3", "3"],
            "player": ["Bob", "Ann", "Cid", "Dee", "Ann", "Cid"],
            "score": [10.0, -10.0, 40.0, -40.0, 10.0, -10.0],
            "place": [1, 2, 1, 2, 1, 2],
            "won": [True, False, True, False, True, False],
        }
    )
    pd.testing.assert_frame_equal(
        got.astype({"game_id": str, "player": str}), want, check_dtype=False
    )
    assert (table["players"] == 2).all() and (table["deals"] == 4).all()


def test_standings_rank_the_season_by_total_score(ledger):
    table = csf.season.standings(ledger)
    assert table["player"].astype(str).tolist() == ["Cid", "Bob", "Ann", "Dee"]
    assert table["rank"].tolist() == [1, 2, 3, 4]
    assert table["total"].tolist() == [30.0, 10.0, 0.0, -40.0]
    assert table["games"].tolist() == [2, 1, 2, 1]
    assert table["wins"].tolist() == [1, 1, 1, 0]
    assert table["deals"].tolist() == [8, 4, 8, 4]
    assert table["ranking"].iat[0] == "total score, then games won"


def test_head_to_head_is_each_game_between_two(ledger):
    h2h = csf.season.head_to_head(ledger)
    got = h2h[["player", "opponent", "games", "deals", "wins", "losses", "net"]]
    want = pd.DataFrame(
        [
            ("Ann", "Bob", 1, 4, 0, 1, -10.0),
            ("Ann", "Cid", 1, 4, 1, 0, 10.0),
            ("Bob", "Ann", 1, 4, 1, 0, 10.0),
            ("Cid", "Ann", 1, 4, 0, 1, -10.0),
            ("Cid", "Dee", 1, 4, 1, 0, 40.0),
            ("Dee", "Cid", 1, 4, 0, 1, -40.0),
        ],
        columns=got.columns,
    )
    pd.testing.assert_frame_equal(
        got.astype({"player": str, "opponent": str}), want, check_dtype=False
    )


def test_report_gives_the_player_totals(deals):
    tables = toy_game.report(deals)
    totals = tables["Player totals"]["score"]
    assert totals.to_dict() == {"Cid": 30.0, "Bob": 10.0, "Ann": 0.0, "Dee": -40.0}


def test_the_season_profile_counts_each_players_bids(scored):
    table = csf.season.profile(scored)["bidder"]
    got = table[["player", "bids", "made", "points"]].astype({"player": str})
    assert got.values.tolist() == [
        ["Ann", 4, 2, 40],  # 3/4 +30, 1/0 -10, 4/5 +40, 2/1 -20
        ["Bob", 2, 1, 30],  # 2/1 -20, 5/5 +50
        ["Cid", 4, 3, 40],  # 2/3 +20, 1/1 +10, 2/0 -20, 3/4 +30
        ["Dee", 2, 1, -10],  # 4/2 -40, 3/3 +30
    ]


def test_the_command_line_offers_duel(capsys):
    from cardscore_frames.cli import main

    assert main(["validate", "--game", "duel", str(toy_game.EXAMPLE)]) == 0
    assert "ok, 12 deals in 3 games" in capsys.readouterr().out
    assert main(["season", "--game", "duel", str(toy_game.EXAMPLE)]) == 0
    table = capsys.readouterr().out
    assert "== duel / Toy Club / 2026 ==" in table
    order = sorted(("Ann", "Bob", "Cid", "Dee"), key=table.index)
    assert order == ["Cid", "Bob", "Ann", "Dee"]  # ranked by total score


# --- Excel ------------------------------------------------------------------------


def _rows(ws) -> list[list]:
    return [list(row) for row in ws.iter_rows(values_only=True)]


def test_score_sheets_read_back_as_the_log(tmp_path, deals, scored):
    path = csf.to_excel(scored, tmp_path / "duels.xlsx")
    assert sheet_names(path) == ["Duels", "Duel 1", "Duel 2", "Duel 3"]
    back = csf.read_excel(path, game="duel")
    pd.testing.assert_frame_equal(back, deals)
    assert back.equals(deals)
    book = openpyxl.load_workbook(path, data_only=True)
    index = _rows(book["Duels"])
    head = index[3]
    winners = [dict(zip(head, row, strict=True)) for row in index[4:7]]
    assert [(w["Game"], w["Winner"], w["Score"]) for w in winners] == [
        (1, "Bob", "-10 : 10"),
        (2, "Cid", "40 : -40"),
        (3, "Ann", "10 : -10"),
    ]
    sheet = _rows(book["Duel 3"])
    total = next(row for row in sheet if row[0] == "Total")
    assert (total[5], total[7]) == (10, -10)  # Total 1 (Ann), Total 2 (Cid)


#: Game 3 as the scorekeeper writes it into the blank sheet: bidder, bid, tricks.
TYPED = [("Ann", 4, 5), ("Cid", 2, 0), ("Ann", 2, 1), ("Cid", 3, 4)]


def _fill(template: Path, out: Path) -> Path:
    """Type game 3's deals under the headings, as a scorekeeper would."""
    book = openpyxl.load_workbook(template)
    ws = book["Duel"]
    head = next(
        row for row in ws.iter_rows(max_row=20) if row[1].value == "Bidder"
    )  # the heading row: Deal, Bidder, Bid, Tricks, ...
    first = head[0].row + 1
    for i, values in enumerate(TYPED):
        for j, value in enumerate(values, start=2):
            ws.cell(first + i, j, value)
    book.save(out)
    return out


@pytest.fixture
def filled(tmp_path):
    template = csf.write_template(
        tmp_path / "duel.xlsx",
        game="duel",
        players=["Ann", "Cid"],
        date=dt.date(2026, 1, 15),
        table="T1",
        game_id=3,
        league="Toy Club",
        season="2026",
    )
    assert len(csf.read_excel(template, game="duel")) == 0  # nothing typed yet
    return _fill(template, tmp_path / "duel-filled.xlsx")


def test_a_filled_template_reads_back_as_game_3(filled, deals):
    back = csf.read_excel(filled, game="duel")
    assert back["player1"].astype(str).tolist() == ["Ann"] * 4
    assert back["player2"].astype(str).tolist() == ["Cid"] * 4
    assert back["bidder"].astype(str).tolist() == [b for b, _, _ in TYPED]
    assert back["deal"].tolist() == [1, 2, 3, 4]
    assert back["game_id"].tolist() == [3] * 4
    assert back["date"].tolist() == [pd.Timestamp("2026-01-15")] * 4
    scored = toy_game.score(back)
    assert scored["points1"].tolist() == [40, 20, -20, -30]
    table = csf.results(toy_game.to_ledger(scored))
    assert table[["player", "score", "won"]].values.tolist() == [
        ["Ann", 10.0, True],
        ["Cid", -10.0, False],
    ]
    game3 = deals[deals["game_id"] == 3]
    for column in ("bidder", "bid", "tricks", "table", "league", "season"):
        assert back[column].astype(str).tolist() == game3[column].astype(str).tolist()


@pytest.mark.skipif(soffice is None, reason="LibreOffice is not installed")
def test_libreoffice_scores_the_filled_template_by_hand(filled, tmp_path):
    (again,) = recalculate_all([filled], tmp_path / "out", tmp_path / "profile")
    ws = openpyxl.load_workbook(again, data_only=True)["Duel"]
    rows = _rows(ws)
    first = next(i for i, row in enumerate(rows) if row[1] == "Bidder") + 1
    deals = [row[4:8] for row in rows[first : first + 4]]
    # Points 1, Total 1, Points 2, Total 2 of each deal
    assert deals == [[40, 40, -40, -40], [20, 60, -20, -60], [-20, 40, 20, -40]] + [
        [-30, 10, 30, -10]
    ]
    unused = rows[first + 4]
    assert unused[0] == 5 and all(v in (None, "") for v in unused[4:8])
    total = next(row for row in rows if row[0] == "Total")
    assert (total[5], total[7]) == (10, -10)


# --- a bad log --------------------------------------------------------------------


def test_a_bad_log_names_the_game_deal_column_and_value(tmp_path):
    lines = toy_game.EXAMPLE.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace(",Bob,Bob,2,1", ",Bob,Zed,2,1")  # game 1, deal 2
    lines[7] = lines[7].replace(",Cid,1,1", ",Cid,9,1")  # game 2, deal 3
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(bad, game="duel")
    err = caught.value
    assert err.game == "duel" and err.kind == "deals"
    fc = err.failure_cases
    got = fc[["game_id", "deal", "column", "value", "reason", "line"]]
    assert got.values.tolist() == [
        [1, 2, "bidder", "Zed", "not_seated", 3],
        [2, 3, "bid", "9", "out_of_range", 8],
    ]
    assert "bidder must be one of the deal's players (Ann, Bob); got 'Zed'" in str(err)
    assert "bid must be a whole number from 1 to 5; got '9'" in str(err)
    assert str(err).startswith("duel log")


# --- the package's contract tests, on duel ----------------------------------------


@pytest.fixture(scope="module")
def game(duel):
    """The game the contract tests below check (theirs check each bundled game)."""
    return duel


# pytest collects these here, where they take this module's ``game`` and
# ``deals``; the mixed-ledger test runs on the three bundled games and duel
# together. Duel has a deal log only: the points-log tests, and those of the
# work a bundled game's validation keeps for its scorer, do not apply.
test_signatures = contract.test_signatures
test_ledger_columns_and_dtypes = contract.test_ledger_columns_and_dtypes
test_results_table = contract.test_results_table
test_results_of_a_mixed_ledger_are_each_games_own = (
    contract.test_results_of_a_mixed_ledger_are_each_games_own
)
test_rules_presets_and_plain_data = contract.test_rules_presets_and_plain_data
test_another_games_rules_are_refused = contract.test_another_games_rules_are_refused
test_validation_errors_cross_a_process = contract.test_validation_errors_cross_a_process
test_a_checked_frame_is_not_checked_again = (
    contract.test_a_checked_frame_is_not_checked_again
)
test_an_edited_frame_is_checked_again = contract.test_an_edited_frame_is_checked_again
test_validate_false_checks_the_dtypes = contract.test_validate_false_checks_the_dtypes
test_collect_gives_failure_cases_as_a_field = (
    contract.test_collect_gives_failure_cases_as_a_field
)
test_a_subset_of_whole_games_gives_their_part_of_the_ledger = (
    contract.test_a_subset_of_whole_games_gives_their_part_of_the_ledger
)
