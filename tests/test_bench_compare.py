"""benchmarks/compare.py: two runs' results, stage by stage."""

import importlib.util
import subprocess
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location(
    "bench_compare", ROOT / "benchmarks" / "compare.py"
)
compare = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compare)

COLUMNS = (
    "commit,benchmark,stage,size,unit,seconds,per_second,peak_mb,ratio,target,verdict"
)
OLD = f"""{COLUMNS}
aaaaaaa,bench_tarot,score + to_ledger,1e+06,deals,0.2,5e+06,900,150,100,meets
aaaaaaa,bench_pipeline,belot parquet: README pipeline,1e+06,deals,1.26,7.9e+05,690,,,
aaaaaaa,bench_pipeline,belot parquet: pipeline / reader (time),,,,,102,6.27,5,MISSES
aaaaaaa,bench_season,gone since,1e+06,deals,3,3.3e+05,100,,,
"""
NEW = f"""{COLUMNS}
bbbbbbb,bench_pipeline,belot parquet: README pipeline,1e+06,deals,0.945,1.06e+06,680,,,
bbbbbbb,bench_pipeline,belot parquet: pipeline / reader (time),,,,,102,4.5,5,meets
bbbbbbb,bench_tarot,score + to_ledger,1e+06,deals,0.25,4e+06,900,120,100,meets
bbbbbbb,bench_excel,new stage,5e+04,deals,30,1.7e+03,1000,,,
"""


@pytest.fixture
def runs(tmp_path):
    (tmp_path / "old.csv").write_text(OLD, encoding="utf-8")
    (tmp_path / "new.csv").write_text(NEW, encoding="utf-8")
    return tmp_path / "old.csv", tmp_path / "new.csv"


def test_each_stage_of_both_runs_side_by_side_in_the_new_runs_order(runs):
    old, new = (compare.load(str(p)) for p in runs)
    got = compare.compare(old, new)
    assert got["stage"].tolist() == [
        "belot parquet: README pipeline",
        "belot parquet: pipeline / reader (time)",
        "score + to_ledger",
    ]
    # 0.945 / 1.26 and 0.25 / 0.2; a ratio row has no seconds
    assert got["change"].iloc[0] == pytest.approx(0.75)
    assert pd.isna(got["change"].iloc[1])
    assert got["change"].iloc[2] == pytest.approx(1.25)
    assert got.iloc[1][["ratio_old", "ratio_new"]].tolist() == [6.27, 4.5]
    assert got.iloc[1][["verdict_old", "verdict_new"]].tolist() == ["MISSES", "meets"]


def test_the_table_names_the_commits_and_lists_stages_only_one_run_has(runs, capsys):
    assert compare.main([str(p) for p in runs]) == 0
    out = capsys.readouterr().out
    assert "seconds aaaaaaa" in out and "seconds bbbbbbb" in out
    assert "only in aaaaaaa:\n  bench_season: gone since" in out
    assert "only in bbbbbbb:\n  bench_excel: new stage" in out


def test_a_run_not_kept_is_named_with_the_runs_that_are(monkeypatch, tmp_path):
    (tmp_path / "ffc4dd8.csv").write_text(OLD, encoding="utf-8")
    (tmp_path / "latest.csv").write_text(NEW, encoding="utf-8")
    monkeypatch.setattr(compare, "RESULTS", tmp_path)
    assert compare.load("ffc4dd8")["commit"].iloc[0] == "aaaaaaa"
    with pytest.raises(
        SystemExit, match="no results for 'abc1234'; runs kept: ffc4dd8, latest"
    ):
        compare.load("abc1234")


def test_a_run_is_found_in_the_history_of_the_kept_results(monkeypatch, tmp_path):
    """Only latest.csv is kept in the repository: an older run is the version
    of it that holds that commit's rows."""
    results = tmp_path / "benchmarks" / "results"
    results.mkdir(parents=True)

    def git(*args):
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
            cwd=tmp_path,
            check=True,
            capture_output=True,
        )

    git("init", "-q")
    for text in (OLD, NEW):
        (results / "latest.csv").write_text(text, encoding="utf-8")
        git("add", "benchmarks/results/latest.csv")
        git("commit", "-q", "-m", "a run")
    monkeypatch.setattr(compare, "RESULTS", results)
    old = compare.load("aaaaaaa")
    assert old["commit"].tolist() == ["aaaaaaa"] * 4
    assert old["seconds"].iloc[1] == 1.26
    assert compare.load("aaaa")["stage"].iloc[3] == "gone since"  # a short name
    assert compare.load("latest")["commit"].iloc[0] == "bbbbbbb"
    with pytest.raises(SystemExit, match="runs kept: aaaaaaa, bbbbbbb, latest"):
        compare.load("ccccccc")
