"""The season workbook, charts and command: read back, never compared by bytes."""

from __future__ import annotations

import subprocess
import sys
import zipfile

import matplotlib
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.excel import read_metadata, read_sheet, sheet_names

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def season():
    scored = [getattr(csf, g).score(csf.load_example(g)) for g in ("tarot", "belot")]
    ledger = csf.concat([s.cardscore.to_ledger() for s in scored])
    return ledger, scored


def test_workbook_sheets_cells_charts_and_links(season, tmp_path):
    ledger, scored = season
    path = csf.season.to_excel(ledger, tmp_path / "season.xlsx", scored=scored)
    names = sheet_names(path)
    assert names[:3] == ["Standings", "Head to head", "Ratings"]
    table = csf.season.standings(ledger)
    assert set(names[3:]) == set(table["player"].astype(str))
    cells = read_sheet(path, "Standings").values
    header = next(i for i, row in enumerate(cells) if row[0] == "rank")
    first = dict(zip(cells[header], cells[header + 1], strict=False))
    top = table.iloc[0]  # belot comes first
    assert first["player"] == top["player"] and first["total"] == top["total"]
    assert first["tiebreak_2"] == top["tiebreak_2"]
    with zipfile.ZipFile(path) as archive:
        files = archive.namelist()
        links = archive.read("xl/worksheets/sheet1.xml").decode()
    assert sum(f.startswith("xl/charts/chart") for f in files) >= 2 + len(names) - 3
    assert 'location="Ani!A1" display="Ani"' in links  # a name links to his page
    page = read_sheet(path, "Hayk").values
    assert page[0][0] == "Hayk"
    flat = [v for row in page for v in row if isinstance(v, str)]
    assert "belot: partnerships" in flat and "Opponents" in flat
    meta = read_metadata(path)
    assert meta["kind"] == "season" and meta["games"] == ["belot", "tarot"]


def test_workbook_is_atomic(season, tmp_path):
    ledger, _ = season
    path = tmp_path / "season.xlsx"
    path.write_bytes(b"old")
    with pytest.raises(csf.CardscoreError):
        csf.season.to_excel(ledger, path, by=["nowhere"])
    assert path.read_bytes() == b"old"


def test_charts_are_figures_and_save_writes_png(season, tmp_path):
    ledger, _ = season
    fig = csf.season.plot_progress(ledger, game="tarot", season="2026")
    assert type(fig).__name__ == "Figure"
    assert len(fig.axes[0].get_lines()) >= 10
    ratings = csf.season.ratings(ledger)
    out = csf.season.save(
        csf.season.plot_ratings(ratings, game="belot"), tmp_path / "r.png"
    )
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    box = csf.season.plot_distribution(ledger, game="belot", top=4)
    assert len(box.axes[0].get_xticklabels()) == 4
    with pytest.raises(csf.CardscoreError, match="choose one with game="):
        csf.season.plot_progress(ledger)
    with pytest.raises(csf.CardscoreError, match="season '1999' is not in"):
        csf.season.plot_progress(ledger, game="tarot", season="1999")


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "cardscore_frames", "season", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_command_mixed_games_csv_and_png(tmp_path):
    out = tmp_path / "standings.csv"
    got = run(
        "tarot:sample_data/tarot_season.csv",
        "preferans:sample_data/preferans_seas*.csv",  # a glob
        "--whist-price",
        "0.5",
        "--out",
        str(out),
        "--png",
        str(tmp_path),
    )
    assert got.returncode == 0, got.stderr
    assert "== preferans / Tuesday preferans club / 2025 autumn ==" in got.stdout
    table = pd.read_csv(out)
    assert set(table["game"]) == {"tarot", "preferans"}
    assert table.loc[table["game"] == "preferans", "money"].sum() == pytest.approx(0)
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert "tarot-progress-2026.png" in pngs and "preferans-ratings.png" in pngs


def test_command_errors(tmp_path):
    got = run("sample_data/tarot_season.csv")
    assert got.returncode == 1 and "name its game as GAME:PATH" in got.stderr
    got = run("tarot:nowhere/*.csv")
    assert got.returncode == 1 and "no log matches" in got.stderr
    got = run("--game", "tarot", "sample_data/tarot_season.csv", "--out", "x.txt")
    assert got.returncode == 1 and "--out must end in" in got.stderr


def test_command_writes_parquet_and_a_workbook_in_process(tmp_path, capsys):
    from cardscore_frames.cli import main

    out = tmp_path / "standings.parquet"
    log = "belot:sample_data/belot_season.csv"
    assert main(["season", log, "--out", str(out), "--rank-by", "mean"]) == 0
    table = pd.read_parquet(out)
    assert table["ranking"].iloc[0].startswith("win rate")
    assert (
        "== belot / Yerevan Bazar-Belot Club / 2025-2026 ==" in capsys.readouterr().out
    )
    book = tmp_path / "season.xlsx"
    assert main(["season", log, "--out", str(book), "--no-ratings"]) == 0
    assert "Ratings" not in sheet_names(book)
