"""A tarot club's weekly challenge, as its organiser keeps it in Excel (one sheet
per evening named by its date, a title, a check row, the header in row 3,
placeholder rows, a template sheet and the members' list; built by
tests/club_books.py with openpyxl), read as it is and ranked by championship
points. Every figure is checked against a plain pandas computation of what the
workbook was written with.
"""

from __future__ import annotations

import openpyxl
import pandas as pd
import pytest
from club_books import SEASON, challenge, place_points

import cardscore_frames as csf


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    path = tmp_path_factory.mktemp("club") / "challenge.xlsx"
    return path, challenge(path)


def _read(path, **kw):
    with pytest.warns(UserWarning, match="'Membres'"):
        return csf.read_log(path, game="tarot", kind="results", season=SEASON, **kw)


def test_the_two_slips_are_named_by_sheet_column_and_sum(book):
    path, made = book
    with pytest.raises(csf.LogValidationError) as caught:
        _read(path)
    fc = caught.value.failure_cases
    assert fc["reason"].tolist() == ["not_zero_sum"] * 2
    for (day, session, sheet, amount), (_, problem) in zip(
        made["slips"], fc.iterrows(), strict=True
    ):
        assert problem["column"] == f"S{session}"
        assert problem["cell"].startswith(f"{sheet}!")
        assert f"session {session} of {day:%Y-%m-%d}" in problem["message"]
        assert f"they add up to {amount}:" in problem["message"]


def test_the_good_evenings_read_as_written(book):
    path, made = book
    got = _read(path, errors="collect")
    slipped = {day for day, *_ in made["slips"]}
    expected = made["results"][~made["results"]["date"].isin(slipped)]
    # every evening but the two slipped ones, each player's sessions as typed
    ledger = csf.tarot.to_ledger(got.deals)
    mine = ledger.assign(player=ledger["player"].astype(str))
    mine = mine.groupby(["date", "player"])["score"].sum()
    theirs = expected.groupby(["date", "player"])["score"].sum().astype(float)
    pd.testing.assert_series_equal(
        mine.sort_index(), theirs.sort_index(), check_names=False
    )
    assert set(ledger["season"].astype(str)) == {SEASON}
    # the name typed with a trailing space is the same person as elsewhere
    assert set(ledger["player"].astype(str)) <= set(made["results"]["player"])
    # the two slipped evenings are kept, with their problems, not lost
    assert got.rejected["problems"].str.contains("must add up to 0").any()
    assert len(got.rejected) == sum(
        len(made["results"][made["results"]["date"] == d]) // 3 for d in slipped
    )


@pytest.mark.parametrize("best", [5, 15])
def test_the_season_ranks_by_the_best_evenings_place_points(book, best):
    path, made = book
    got = _read(path, errors="collect")
    ledger = csf.tarot.to_ledger(got.deals)
    table = csf.season.standings(ledger, points="place", best_evenings=best)
    slipped = {day for day, *_ in made["slips"]}
    want = place_points(made["results"][~made["results"]["date"].isin(slipped)], best)
    got_table = table.set_index(table["player"].astype(str))
    assert got_table["points"].to_dict() == want["points"].astype(float).to_dict()
    assert got_table["total"].to_dict() == want["total"].astype(float).to_dict()
    assert got_table["evenings"].to_dict() == want["evenings"].to_dict()
    # ranked by the points first
    assert got_table["points"].is_monotonic_decreasing


def test_a_wrong_place_names_its_cell(book, tmp_path):
    path, made = book
    wb = openpyxl.load_workbook(path)
    sheet = wb["2 SEPTEMBRE"]
    sheet["I5"] = sheet["I5"].value + 1  # Classement of the second player
    wrong = tmp_path / "wrong.xlsx"
    wb.save(wrong)
    got = _read(wrong, errors="collect")
    fc = got.failure_cases
    bad = fc[fc["reason"] == "place_mismatch"]
    assert bad["cell"].tolist() == ["2 SEPTEMBRE!I5"]
    assert "ranks" in bad["message"].iat[0]
