"""``cardscore validate``: many logs and globs checked without scoring, every
problem of every file reported, written to a table on request; run as a process."""

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


def test_good_logs_and_a_glob_exit_0_with_their_counts():
    got = run(
        "validate",
        "sample_data/league/tarot.csv",
        "sample_data/tarot*.csv",
        "--game",
        "tarot",
    )
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert lines == [
        "sample_data/league/tarot.csv: ok, 3,208 deals in 172 games",
        "sample_data/tarot_season.csv: ok, 568 deals in 33 games",
    ]


def test_every_problem_of_every_file_exits_1(tmp_path):
    bad = pd.read_csv("sample_data/tarot_season.csv")
    bad.loc[2, "contract"] = "gard"
    bad.to_csv(tmp_path / "a.csv", index=False)
    bad.loc[7, "oudlers"] = 9
    bad.to_csv(tmp_path / "b.csv", index=False)
    out = tmp_path / "problems.xlsx"
    got = run("validate", str(tmp_path / "*.csv"), "--game", "tarot", "--out", str(out))
    assert got.returncode == 1
    assert "a.csv: 1 problem in 1 deal" in got.stderr
    assert "b.csv: 2 problems in 2 deals" in got.stderr
    assert "got 'gard' (did you mean 'garde'?)" in got.stderr
    table = pd.read_excel(out, engine="calamine")
    assert table[["file", "line", "column", "reason"]].values.tolist() == [
        [str(tmp_path / "a.csv"), 4, "contract", "not_allowed"],
        [str(tmp_path / "b.csv"), 4, "contract", "not_allowed"],
        [str(tmp_path / "b.csv"), 9, "oudlers", "out_of_range"],
    ]


def test_misuse_exits_2_and_a_glob_of_nothing_exits_1():
    assert run("validate", "x.csv").returncode == 2  # --game is required
    got = run("validate", "nowhere/*.csv", "--game", "belot")
    assert got.returncode == 1 and "no file matches 'nowhere/*.csv'" in got.stderr


def test_a_sheet_log_and_csv_output(tmp_path):
    out = tmp_path / "problems.csv"
    got = run(
        "validate",
        "sample_data/preferans_sheets.csv",
        "--game",
        "preferans",
        "--kind",
        "sheet",
        "--out",
        str(out),
    )
    assert got.returncode == 0, got.stderr
    assert "ok, " in got.stdout and "rows in" in got.stdout
    assert list(pd.read_csv(out).columns)[:2] == ["file", "game_id"]  # no problem
    assert csf.load_example("preferans_sheets").cardscore.kind == "sheet"
