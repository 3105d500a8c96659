"""The command line's workbooks: ``score --out``, ``template`` and ``demo``."""

from __future__ import annotations

import argparse
import io

import openpyxl
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.cli import demo, main
from cardscore_frames.datasets import example_path


def test_score_writes_the_score_sheets(tmp_path, capsys):
    out = tmp_path / "belot.xlsx"
    log = str(example_path("belot"))
    assert main(["score", log, "--game", "belot", "--out", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    pd.testing.assert_frame_equal(
        csf.read_excel(out, game="belot"), csf.load_example("belot")
    )


def test_score_writes_the_scored_deals_as_a_table(tmp_path):
    out = tmp_path / "scored.csv"
    log = str(example_path("tarot"))
    assert main(["score", log, "--game", "tarot", "--out", str(out)]) == 0
    table = pd.read_csv(out)
    assert len(table) == 568 and {"deal_value", "taker_score"} <= set(table.columns)


def test_score_refuses_an_unknown_output(tmp_path, capsys):
    log = str(example_path("tarot"))
    out = tmp_path / "scores.txt"
    assert main(["score", log, "--game", "tarot", "--out", str(out)]) == 1
    assert "--out must end in .xlsx, .csv, .parquet" in capsys.readouterr().err
    assert not out.exists()


def test_template_command(tmp_path, capsys):
    out = tmp_path / "evening.xlsx"
    args = [
        "template",
        str(out),
        "--game",
        "belot",
        "--players",
        "Арам,Ани,Давид,Гаяне",
    ]
    assert main(args) == 0
    assert len(csf.read_excel(out, game="belot")) == 0
    assert main([*args[:4], "--players", "Арам,Ани"]) == 1
    assert "4 players" in capsys.readouterr().err


def test_demo_writes_the_sample_seasons_workbooks(tmp_path, monkeypatch):
    monkeypatch.setattr(demo, "seasons", lambda: ["belot", "preferans_sheets"])
    text = io.StringIO()
    demo.run(argparse.Namespace(out_dir=str(tmp_path / "out")), out=text)
    assert f"Score sheets written to {(tmp_path / 'out').resolve()}" in text.getvalue()
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "belot.xlsx",
        "preferans_sheets.xlsx",
    ]


def test_demo_knows_the_sample_seasons():
    assert "tarot" in demo.seasons() and not any(
        name.startswith("broken") for name in demo.seasons()
    )


@pytest.mark.parametrize("flag", ["--out-dir"])
def test_demo_option(flag):
    from cardscore_frames.cli import build_parser

    args = build_parser().parse_args(["demo", flag, "x"])
    assert args.out_dir == "x"


def test_demo_writes_the_league_season_workbook(tmp_path, monkeypatch):
    monkeypatch.setattr(demo, "seasons", lambda: ["league_belot"])
    demo.run(argparse.Namespace(out_dir=str(tmp_path)), out=io.StringIO())
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "league_belot.xlsx",
        "league_season.xlsx",
    ]
    # every player of the league's belot log has a row in the standings
    raw = pd.read_csv(example_path("league_belot"))
    players = set(raw[["a1", "a2", "b1", "b2"]].stack())
    book = openpyxl.load_workbook(tmp_path / "league_season.xlsx", read_only=True)
    standings = book["Таблица · Базар-Белот"]  # in the game's language
    cells = {v for row in standings.iter_rows(values_only=True) for v in row}
    assert players <= cells
    assert "Рейтинг" in book.sheetnames


def test_demo_without_openskill_writes_the_season_book_without_ratings(
    tmp_path, monkeypatch
):
    # the README's main job installs the package without its extras
    monkeypatch.setattr(demo, "seasons", lambda: ["league_belot"])
    monkeypatch.setattr(demo, "find_spec", lambda name: None)
    text = io.StringIO()
    demo.run(argparse.Namespace(out_dir=str(tmp_path)), out=text)
    assert "no ratings: pip install 'cardscore-frames[season]'" in text.getvalue()
    book = openpyxl.load_workbook(tmp_path / "league_season.xlsx", read_only=True)
    assert "Таблица · Базар-Белот" in book.sheetnames
    assert "Рейтинг" not in book.sheetnames
