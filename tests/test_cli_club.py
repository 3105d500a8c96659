"""The command line on a club's own files: the tarot challenge workbook (one sheet
per evening named by its date, built by tests/club_books.py with openpyxl) read
with --kind results and --season, a heading mapped with --column, and the season
ranked by championship points (--points place --best-evenings N). Expected
figures come from a plain pandas computation of what the workbook was written
with; the command runs through ``main(argv)`` as an organiser's shell runs it.
"""

from __future__ import annotations

import re

import openpyxl
import pandas as pd
import pytest
from club_books import EVENINGS, SEASON, SIZES, SLIPS, challenge, place_points

from cardscore_frames.cli import main

RESULTS = ("--game", "tarot", "--kind", "results")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of one command; a usage
    error argparse finds exits 2 as in the shell."""
    try:
        status = main(list(argv))
    except SystemExit as exc:
        status = exc.code
    got = capsys.readouterr()
    return status, got.out, got.err


def _slip_cells() -> list[str]:
    """How the report names each slip's session: ``(cell 7 OCTOBRE!F4): S2: the
    scores of session 2 of 2025-10-07`` (S1..S3 are columns E..G; a sum does not
    say whose score slipped, so the cell is one of the session's column)."""
    return [
        rf"\(cell {re.escape(EVENINGS[e][1])}!{'EFG'[session - 1]}\d+\): "
        rf"S{session}: the scores of session {session} of {EVENINGS[e][0]:%Y-%m-%d} "
        rf"must add up to 0 \(tarot is zero-sum\); they add up to {amount}:"
        for e, session, _, amount in SLIPS
    ]


def _fixed(path, made, target):
    """The challenge with its slips put right, as the organiser would: the
    session's score, then the evening's totals, places and points. Returns the
    workbook's path and its results (date, session, player, score), put right
    the same way."""
    book = openpyxl.load_workbook(path)
    results = made["results"].copy()
    for e, session, player, amount in SLIPS:
        sheet = book[EVENINGS[e][1]]
        row = 4 + player
        sheet.cell(row, 4 + session).value -= amount
        name = f"{sheet.cell(row, 3).value} {str(sheet.cell(row, 2).value).strip()}"
        at = (
            (results["date"] == pd.Timestamp(EVENINGS[e][0]))
            & (results["session"] == session)
            & (results["player"] == name)
        )
        assert at.sum() == 1
        results.loc[at, "score"] -= amount
        rows = range(4, 4 + SIZES[e])
        totals = pd.Series(
            [sum(sheet.cell(r, c).value or 0 for c in (5, 6, 7)) for r in rows]
        )
        place = totals.rank(method="min", ascending=False).astype(int)
        for r, total, p in zip(rows, totals, place, strict=True):
            sheet.cell(r, 8).value = int(total)
            sheet.cell(r, 9).value = int(p)
            sheet.cell(r, 10).value = int(SIZES[e] - p + 1)
    book.save(target)
    return target, results


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("club")
    path = folder / "challenge.xlsx"
    made = challenge(path)
    fixed, results = _fixed(path, made, folder / "fixed.xlsx")
    return path, fixed, results


def _printed_table(out: str) -> pd.DataFrame:
    """The rows of the one league table printed: rank, player, games, club
    points, total, wins (names may hold a space)."""
    row = re.compile(r"^\s*(\d+)\s+(.+?)\s+(\d+)\s+(-?\d+)\s+(-?\d+)\s+(\d+)\s*$")
    found = [m.groups() for m in map(row.match, out.splitlines()) if m]
    table = pd.DataFrame(
        found, columns=["rank", "player", "games", "points", "total", "wins"]
    )
    return table.astype({c: int for c in table.columns if c != "player"})


# --- the slipped evenings ----------------------------------------------------------


def test_validate_names_both_slipped_sheets_and_cells(capsys, book):
    path, _, _ = book
    status, out, err = run(capsys, "validate", str(path), *RESULTS, "--season", SEASON)
    assert status == 1
    assert out == ""
    assert "2 problems in 2 player rows" in err
    for slip in _slip_cells():
        assert re.search(slip, err), slip
    # the members' list is said in one line, not as Python's warning
    assert "cardscore: warning: " in err and "'Membres'" in err
    assert "UserWarning" not in err and "read_excel(" not in err


@pytest.mark.parametrize("command", ["score", "season"])
def test_score_and_season_refuse_the_slipped_evenings(capsys, book, command):
    path, _, _ = book
    more = ("--points", "place", "--no-ratings") if command == "season" else ()
    status, out, err = run(
        capsys, command, str(path), *RESULTS, "--season", SEASON, *more
    )
    assert status == 1
    assert "==" not in out  # nothing ranked from a book with problems
    for slip in _slip_cells():
        assert re.search(slip, err), slip


def test_without_the_season_the_hint_is_a_command_to_paste(capsys, book):
    path, _, _ = book
    status, _, err = run(capsys, "validate", str(path), *RESULTS)
    assert status == 1
    assert "column date is missing" in err
    assert "need the season they belong to" in err
    hint = err.strip().splitlines()[-1].strip()
    assert re.fullmatch(
        rf"cardscore validate {re.escape(str(path))} --game tarot --kind results "
        r"--season \d{4}-\d{2}",
        hint,
    )


# --- the book put right --------------------------------------------------------------


def test_the_fixed_book_validates_with_its_counts(capsys, book):
    _, fixed, results = book
    status, out, err = run(capsys, "validate", str(fixed), *RESULTS, "--season", SEASON)
    assert status == 0, err
    sessions = results.groupby(["date", "session"]).ngroups
    evenings = results["date"].nunique()
    assert out.strip() == (
        f"{fixed}: ok, {len(results)} scores in {sessions} sessions of "
        f"{evenings} evenings"
    )


def test_score_prints_each_players_season_total(capsys, book):
    _, fixed, results = book
    status, out, err = run(capsys, "score", str(fixed), *RESULTS, "--season", SEASON)
    assert status == 0, err
    assert "== Player totals ==" in out
    totals = results.groupby("player")["score"].sum()
    leader = totals.idxmax()
    assert (totals == totals.max()).sum() == 1
    first = out.split("== Player totals ==")[1].splitlines()[3]
    assert first.split()[:-3] == leader.split()
    assert float(first.split()[-3]) == totals.max()


@pytest.mark.parametrize("best", [15, 5])
def test_season_ranks_by_championship_points(capsys, book, best):
    _, fixed, results = book
    status, out, err = run(
        capsys,
        "season",
        str(fixed),
        *RESULTS,
        "--season",
        SEASON,
        "--points",
        "place",
        "--best-evenings",
        str(best),
        "--no-ratings",
    )
    assert status == 0, err
    want = place_points(results, best)
    assert (want["points"] == want["points"].max()).sum() == 1  # a clear leader
    lines = out.splitlines()
    assert f"== tarot / {SEASON} ==" in lines
    # how the table is ranked, in the club's language
    assert "Classement par : points du club, puis total" in out
    table = _printed_table(out)
    assert table["rank"].iat[0] == 1
    assert table["player"].iat[0] == want["points"].idxmax()
    got = table.set_index("player")
    assert got["points"].to_dict() == want["points"].astype(int).to_dict()
    assert got["total"].to_dict() == want["total"].astype(int).to_dict()
    assert got["points"].is_monotonic_decreasing


def test_season_writes_the_workbook_ranked_by_points(capsys, book, tmp_path):
    _, fixed, results = book
    target = tmp_path / "saison.xlsx"
    status, _, err = run(
        capsys,
        "season",
        str(fixed),
        *RESULTS,
        "--season",
        SEASON,
        "--points",
        "place",
        "--best-evenings",
        "15",
        "--no-ratings",
        "--no-numbers",
        "--out",
        str(target),
    )
    assert status == 0, err
    book = openpyxl.load_workbook(target, read_only=True)
    sheet = book["Classement · Tarot"]
    rows = [r for r in sheet.iter_rows(values_only=True) if any(r)]
    book.close()  # read only: the file stays open until closed
    header = next(i for i, r in enumerate(rows) if "Points du club" in r)
    first = dict(zip(rows[header], rows[header + 1], strict=False))
    want = place_points(results, 15)
    assert first["Joueur"] == want["points"].idxmax()
    assert first["Points du club"] == want["points"].max()


# --- --column, --season on rows, --rules alone ------------------------------------


def test_column_maps_a_heading_the_game_does_not_know(capsys, book, tmp_path):
    _, fixed, _ = book
    wb = openpyxl.load_workbook(fixed)
    for _, name in EVENINGS:
        wb[name]["H3"] = "Tot. soirée"
    wb["4.11"]["H6"] = wb["4.11"]["H6"].value + 10
    renamed = tmp_path / "renamed.xlsx"
    wb.save(renamed)
    args = ("validate", str(renamed), *RESULTS, "--season", SEASON)
    status, _, err = run(capsys, *args)
    assert status == 0, err  # an unknown heading is kept, not checked
    status, _, err = run(capsys, *args, "--column", "Tot. soirée=total")
    assert status == 1
    assert "(cell 4.11!H6): total must be the sum of" in err


@pytest.mark.parametrize("command", ["validate", "score", "season"])
@pytest.mark.parametrize("given", ["Appel", "=partner", "Appel="])
def test_a_malformed_column_is_a_usage_error(capsys, command, given):
    status, _, err = run(capsys, command, "x.csv", "--game", "tarot", "--column", given)
    assert status == 2
    assert "expected HEADING=COLUMN" in err and repr(given) in err


def test_a_column_the_log_has_not_is_a_usage_error(capsys, book):
    _, fixed, _ = book
    status, _, err = run(
        capsys,
        "validate",
        str(fixed),
        *RESULTS,
        "--season",
        SEASON,
        "--column",
        "Payé=paid",
    )
    assert status == 2
    assert "cardscore: --column: 'Payé': 'paid' is not a column" in err
    assert "columns=" not in err


@pytest.mark.parametrize(
    "option", [("--best-evenings", "0"), ("--best-evenings", "x"), ("--points", "f1")]
)
def test_club_rules_given_wrong_are_usage_errors(capsys, option):
    status, _, err = run(capsys, "season", "x.csv", "--game", "tarot", *option)
    assert status == 2
    assert option[0] in err


def test_season_labels_rows_that_give_none(capsys, tmp_path):
    log = tmp_path / "soirees.csv"
    log.write_text(
        "Date,Joueur,S1,S2,Total\n"
        "2025-09-02,Amélie,30,-20,10\n2025-09-02,Bastien,-10,60,50\n"
        "2025-09-02,Céline,-10,-20,-30\n2025-09-02,Damien,-10,-20,-30\n"
        "2025-09-09,Amélie,20,,20\n2025-09-09,Bastien,20,10,30\n"
        "2025-09-09,Céline,-20,-5,-25\n2025-09-09,Élodie,-20,-5,-25\n",
        encoding="utf-8",
    )
    argv = ("season", str(log), *RESULTS, "--points", "place", "--no-ratings")
    status, out, err = run(capsys, *argv, "--season", SEASON)
    assert status == 0, err
    assert f"== tarot / {SEASON} ==" in out
    # the worked example of docs/guide/evening-results.md
    table = _printed_table(out)
    assert table[["player", "points", "total"]].values.tolist() == [
        ["Bastien", 8, 80],
        ["Amélie", 6, 30],
        ["Céline", 4, -55],
        ["Élodie", 2, -25],
        ["Damien", 2, -30],
    ]
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    assert "== tarot ==" in out


def test_rules_alone_reads_five_players_without_a_partner(capsys, tmp_path):
    deals = pd.read_csv("sample_data/league/tarot.csv")
    five = deals[deals["player5"].notna()].drop(columns=["partner"])
    log = tmp_path / "cinq.csv"
    five.to_csv(log, index=False)
    status, _, err = run(capsys, "validate", str(log), "--game", "tarot")
    assert status == 1
    assert "column partner is missing" in err and "--rules alone" in err
    status, out, err = run(
        capsys, "validate", str(log), "--game", "tarot", "--rules", "alone"
    )
    assert status == 0, err
    assert out.startswith(f"{log}: ok, {len(five):,} deals")
