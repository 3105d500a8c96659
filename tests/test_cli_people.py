"""The command line as an organiser meets it: workbooks that say their own game,
a file sent to the command that reads it, optional extras that degrade, folders
created, counts that agree with their nouns, and output that says how it is
ranked."""

from __future__ import annotations

import argparse
import io

import openpyxl
import pytest

import cardscore_frames as csf
from cardscore_frames.cli import demo, main
from cardscore_frames.cli import season as season_command


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    got = capsys.readouterr()
    return status, got.out, got.err


@pytest.fixture(scope="module")
def tarot_book(tmp_path_factory):
    deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    first = deals[deals["game_id"] == deals["game_id"].iloc[0]]
    path = tmp_path_factory.mktemp("books") / "feuille.xlsx"
    return csf.to_excel(csf.tarot.score(first), path), first


def test_a_workbook_of_the_package_needs_no_game(capsys, tarot_book):
    path, first = tarot_book
    status, out, err = run(capsys, "validate", str(path))
    assert status == 0, err
    assert out.strip() == f"{path}: ok, {len(first)} deals in 1 game"
    status, out, err = run(capsys, "score", str(path))
    assert status == 0, err
    assert "== Player totals ==" in out


def test_a_plain_log_without_its_game_says_what_to_add(capsys):
    status, _, err = run(capsys, "score", "sample_data/tarot_season.csv")
    assert status == 2
    assert "which game is it? Add --game (tarot or belot or preferans)" in err
    assert "cardscore score sample_data/tarot_season.csv --game tarot" in err


def test_end_of_game_sheets_given_to_score_are_sent_to_settle(capsys, tmp_path):
    sheet = csf.load_example("preferans_sheets")
    path = csf.to_excel(sheet, tmp_path / "pulka.xlsx", method="paper")
    status, _, err = run(capsys, "score", str(path))
    assert status == 1
    assert f"cardscore settle {path}" in err
    status, out, err = run(capsys, "settle", str(path))
    assert status == 0, err
    assert out.splitlines()[3].split() == ["game", "date", "player", "whists", "money"]


def test_settle_prints_money_to_the_cent(capsys):
    # the paper method of the second sample game at 0.05 a whist: Борис 116
    # whists, 5.80 (not 5.8); Лев 323 whists, 16.15
    status, out, err = run(
        capsys, "settle", "sample_data/preferans_sheets.csv", "--method", "paper"
    )
    assert status == 0, err
    rows = [line.split() for line in out.splitlines()]
    assert ["2", "2026-01-18", "Борис", "116", "5.80"] in rows
    assert ["2", "2026-01-18", "Лев", "323", "16.15"] in rows
    assert ["1", "2026-01-10", "С", "38", "0.38"] in rows


def test_season_tables_say_how_they_are_ranked_and_charts_make_their_folder(
    capsys, tmp_path
):
    charts = tmp_path / "new" / "charts"
    status, out, err = run(
        capsys,
        "season",
        "belot:sample_data/belot_season.csv",
        "--by",
        "--png",
        str(charts),
        "--no-ratings",
    )
    assert status == 0, err
    lines = out.splitlines()
    at = lines.index("== belot ==")
    # belot's own language, and its rule (matches won, then direct encounter,
    # then point difference, then points for), as the wall sheet prints it
    assert lines[at + 1] == (
        "Порядок мест: победы, затем личные встречи, затем разница, затем набрано"
    )
    assert lines[at + 2].split() == [
        "Место",
        "Игрок",
        "Партии",
        "Победы",
        "Личные",
        "встречи",
        "Разница",
        "Набрано",
    ]
    assert sorted(p.name for p in charts.iterdir()) == [
        "belot-distribution.png",
        "belot-progress-2025-2026.png",
    ]


def test_season_tables_in_a_chosen_language(capsys):
    status, out, err = run(
        capsys,
        "season",
        "tarot:sample_data/tarot_season.csv",
        "--by",
        "--no-ratings",
        "--language",
        "en",
    )
    assert status == 0, err
    lines = out.splitlines()
    at = lines.index("== tarot ==")
    assert lines[at + 1] == "Ranked by: place points, then total"
    assert lines[at + 2].split() == [
        "Rank",
        "Player",
        "Games",
        "Place",
        "points",
        "Total",
        "Wins",
    ]
    # whole figures print whole: the first row is rank 1 with its games played
    assert lines[at + 3].split()[0] == "1" and "." not in lines[at + 3].split()[2]


def test_season_without_openskill_writes_the_workbook_without_ratings(
    capsys, tmp_path, monkeypatch
):
    real = season_command.find_spec
    monkeypatch.setattr(
        season_command,
        "find_spec",
        lambda name: None if name == "openskill" else real(name),
    )
    target = tmp_path / "folder" / "season.xlsx"
    status, out, err = run(
        capsys, "season", "tarot:sample_data/tarot_season.csv", "--out", str(target)
    )
    assert status == 0, err
    assert "ratings left out: they need openskill (pip install " in out
    book = openpyxl.load_workbook(target, read_only=True)
    assert not any("atings" in name for name in book.sheetnames)


def test_demo_prints_a_few_lines_a_sample_and_everything_when_verbose(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(demo, "seasons", lambda: ["belot"])
    short, full = io.StringIO(), io.StringIO()
    demo.run(argparse.Namespace(out_dir=str(tmp_path)), out=short)
    demo.run(argparse.Namespace(out_dir=str(tmp_path), verbose=True), out=full)
    # the bundled belot season: 300 deals in 22 matches (its description says so)
    lines = short.getvalue().splitlines()
    assert lines[1] == "belot: Bazar-Belot, 300 deals in 22 games"
    assert lines[2].startswith("  leading by games won: ")
    assert lines[3] == f"  written: {tmp_path / 'belot.xlsx'}"
    assert "== Match results ==" not in short.getvalue()
    assert len(full.getvalue().splitlines()) > 3 * len(lines)
    assert "every table" not in full.getvalue().lower().split("\n")[-2]


def test_counts_agree_with_their_nouns():
    from cardscore_frames.cli.common import plural

    assert [plural(1, "game"), plural(2, "game"), plural(1208, "deal")] == [
        "1 game",
        "2 games",
        "1,208 deals",
    ]
