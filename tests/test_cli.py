"""The cardscore command, run as a real process."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd

import cardscore_frames as csf


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardscore_frames", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_score_tarot_prints_player_totals():
    got = run("score", "sample_data/tarot_season.csv", "--game", "tarot")
    assert got.returncode == 0, got.stderr
    ledger = csf.tarot.to_ledger(
        csf.tarot.score(csf.read_log("sample_data/tarot_season.csv", game="tarot"))
    )
    best = ledger.groupby("player", observed=True)["score"].sum().idxmax()
    lines = got.stdout.splitlines()
    assert "== Player totals ==" in lines
    first = lines[lines.index("== Player totals ==") + 3]
    assert first.split()[0] == best


def test_bad_log_exits_1_with_the_report(tmp_path):
    frame = pd.read_csv("sample_data/tarot_season.csv")
    frame.loc[3, "contract"] = "gard"
    frame.loc[5, "oudlers"] = 9
    path = tmp_path / "bad.csv"
    frame.to_csv(path, index=False)
    errors = tmp_path / "problems.csv"
    got = run("score", str(path), "--game", "tarot", "--errors-csv", str(errors))
    assert got.returncode == 1
    assert "2 problems in 2 deals" in got.stderr
    assert "(line 5)" in got.stderr and "got 'gard'" in got.stderr
    assert pd.read_csv(errors)["line"].tolist() == [5, 7]


def test_help_and_usage_errors():
    got = run("--help")
    assert got.returncode == 0 and "score" in got.stdout and "demo" in got.stdout
    assert run("score", "x.csv").returncode == 2  # --game is required
    missing = run("score", "nowhere.csv", "--game", "tarot")
    assert missing.returncode == 1 and "no such log file" in missing.stderr


def test_settle_prints_the_seed_example_by_method_1():
    got = run(
        "settle",
        "sample_data/preferans_sheets.csv",
        "--method",
        "paper",
        "--price",
        "0.01",
    )
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert lines[1:3] == [
        "== Settlement (paper) ==",
        "each player's whists and money (every step: --all)",
    ]
    table = lines[3:]  # the only table printed
    header, rows = table[0].split(), [line.split() for line in table[1:]]
    assert header == ["game", "date", "player", "whists", "money"]
    # game 1 of the sample sheet is the seed's game: method 1 gives +38 -102 -24 +88
    whists = [float(r[3]) for r in rows if r[0] == "1"]
    assert whists == [38, -102, -24, 88]
    money = [float(r[4]) for r in rows if r[0] == "1"]
    assert money == [0.38, -1.02, -0.24, 0.88]
    every = run("settle", "sample_data/preferans_sheets.csv", "--all")
    assert "mountain_amnesty" in every.stdout and "mountain" not in got.stdout


def test_every_command_has_help_with_an_example():
    from cardscore_frames.cli import COMMANDS

    for command in COMMANDS:
        name = command.__name__.rsplit(".", 1)[-1]
        got = run(name, "--help")
        assert got.returncode == 0, name
        assert "examples:" in got.stdout and f"cardscore {name}" in got.stdout, name


def test_score_reads_many_logs_as_one(tmp_path):
    raw = pd.read_csv("sample_data/tarot_season.csv")
    first = raw["game_id"] <= 10
    raw[first].to_csv(tmp_path / "a.csv", index=False)
    raw[~first].to_csv(tmp_path / "b.csv", index=False)
    out = tmp_path / "scored.parquet"
    got = run("score", str(tmp_path / "*.csv"), "--game", "tarot", "--out", str(out))
    assert got.returncode == 0, got.stderr
    scored = pd.read_parquet(out)
    whole = csf.tarot.score(csf.read_log("sample_data/tarot_season.csv", game="tarot"))
    assert len(scored) == len(whole)
    assert scored["deal_value"].tolist() == whole["deal_value"].tolist()


def test_settle_writes_its_table(tmp_path):
    out = tmp_path / "settled.csv"
    got = run(
        "settle",
        "sample_data/preferans_sheets.csv",
        "--method",
        "paper",
        "--out",
        str(out),
    )
    assert got.returncode == 0, got.stderr
    table = pd.read_csv(out)
    assert table.loc[table["game_id"] == 1, "whists"].tolist() == [38, -102, -24, 88]
