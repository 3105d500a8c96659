"""The season workbook, charts and command: read back, never compared by bytes."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile

import matplotlib
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.excel import read_metadata, read_sheet, sheet_names
from cardscore_frames.season.charts import PALETTE, player_colours

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def season():
    scored = [getattr(csf, g).score(csf.load_example(g)) for g in ("tarot", "belot")]
    ledger = csf.concat([s.cardscore.to_ledger() for s in scored])
    return ledger, scored


TAROT = "Classement · Tarot"
IDENTIFIERS = {"mean_per_game", "rank_points", "place_points", "below_min_games"}


def _blocks(cells, first_header):
    """Each table of a sheet read back: (header, rows) from a header row whose
    first cell is ``first_header`` down to the first empty row."""
    out = []
    for i, row in enumerate(cells):
        if row[0] == first_header:
            width = next((k for k, v in enumerate(row) if v is None), len(row))
            rows = []
            for body in cells[i + 1 :]:
                if body[0] is None:
                    break
                rows.append(list(body[:width]))
            out.append((list(row[:width]), rows))
    return out


def test_workbook_sheets_cells_charts_and_links(season, tmp_path):
    ledger, scored = season
    path = csf.season.to_excel(ledger, tmp_path / "season.xlsx", scored=scored)
    names = sheet_names(path)
    # each game's page in its own language: belot Russian, tarot French
    assert names[:2] == ["Таблица · Базар-Белот", TAROT]
    assert names[2:4] == ["Личные встречи · Базар-Белот", "Face-à-face · Tarot"]
    assert names[4:6] == ["Цифры · Базар-Белот", "Les chiffres · Tarot"]
    assert names[6:8] == ["Рейтинг", "Все показатели"]
    table = csf.season.standings(ledger)
    players = sorted(table["player"].astype(str).unique())
    # the players two to a sheet (one printed page), in alphabetical order
    assert names[8:] == [
        " · ".join(players[k : k + 2]) for k in range(0, len(players), 2)
    ]
    cells = read_sheet(path, TAROT).values
    (head, rows), *_ = _blocks(cells, "Place")
    # the tarot sample has tables of 4 and 5: place points, then total score
    assert head == [
        "Place",
        "Joueur",
        "Parties",
        "Points de place",
        "Total",
        "Victoires",
    ]
    assert cells[1][0] == "Classement par : points de place, puis total"
    belot = read_sheet(path, names[0]).values
    # belot's rule (standings.md §3): wins, direct encounter, point difference,
    # points for (a belot total is its points for: shown once)
    assert _blocks(belot, "Место")[0][0] == [
        "Место",
        "Игрок",
        "Партии",
        "Победы",
        "Личные встречи",
        "Разница",
        "Набрано",
    ]
    top = table[table["game"] == "tarot"].iloc[0]
    assert rows[0][1] == top["player"] and rows[0][4] == top["total"]
    assert rows[0][3] == top["place_points"]
    with zipfile.ZipFile(path) as archive:
        files = archive.namelist()
        links = archive.read("xl/worksheets/sheet1.xml").decode()
    assert sum(f.startswith("xl/charts/chart") for f in files) >= 2 + len(players)
    # a name links to his block: Ani's is the second on Amélie's sheet
    target = re.search(r'location="([^"]*)" display="Ani"', links).group(1)
    sheet, cell = target.rsplit("!", 1)
    assert sheet == "'Amélie · Ani'"
    page = read_sheet(path, "Amélie · Ani").values
    assert page[int(cell[1:]) - 1][0] == "Ani" and page[0][0] == "Amélie"
    page = read_sheet(path, "Gaëlle · Hayk").values
    flat = [v for row in page for v in row if isinstance(v, str)]
    assert "Hayk" in flat
    assert "Базар-Белот: пары" in flat and "Соперники" in flat
    meta = read_metadata(path)
    assert meta["kind"] == "season" and meta["games"] == ["belot", "tarot"]


def test_workbook_headers_are_words_never_identifiers(season, tmp_path):
    ledger, scored = season
    path = csf.season.to_excel(
        ledger, tmp_path / "season.xlsx", scored=scored, language="en", min_games=100
    )
    names = sheet_names(path)
    assert names[:2] == ["Standings · Bazar-Belot", "Standings · French tarot"]
    for name in names:
        text = {v for row in read_sheet(path, name).values for v in row}
        assert not text & IDENTIFIERS, name
        assert not {t for t in text if isinstance(t, str) and "tiebreak" in t}, name
    everything = read_sheet(path, "All figures").values
    heads = [h for h, _ in _blocks(everything, "Rank")]
    assert all("Mean per game" in h for h in heads)
    assert any("Too few games" in h for h in heads)
    with pytest.raises(csf.CardscoreError, match="language must be one of"):
        csf.season.to_excel(ledger, tmp_path / "x.xlsx", language="xx")


def test_no_column_repeats_another_and_figures_are_rounded(season, tmp_path):
    ledger, scored = season
    path = csf.season.to_excel(ledger, tmp_path / "season.xlsx", scored=scored)
    for name, first in ((TAROT, "Place"), ("Все показатели", "Место")):
        cells = read_sheet(path, name).values
        blocks = _blocks(cells, first) + _blocks(cells, "Place")
        assert blocks, name
        for head, rows in blocks:
            columns = list(zip(*rows, strict=True))
            assert len(set(head)) == len(head)
            for i in range(len(columns)):
                for j in range(i + 1, len(columns)):
                    assert columns[i] != columns[j], (name, head[i], head[j])
            for column in columns:
                for v in column:  # no 0.233333333333: at most two decimals
                    assert not isinstance(v, float) or round(v, 2) == v


def test_head_to_head_matrix_is_the_long_table(season, tmp_path):
    ledger, scored = season
    path = csf.season.to_excel(ledger, tmp_path / "season.xlsx", scored=scored)
    long = csf.season.head_to_head(ledger)
    long = long[long["game"] == "tarot"]
    (net, net_rows), (met, met_rows) = _blocks(
        read_sheet(path, "Face-à-face · Tarot").values, "Joueur"
    )
    players = sorted(set(long["player"].astype(str)))
    assert net[1:] == players and [r[0] for r in net_rows] == players
    expected = {
        (str(p), str(o)): (round(n), g)
        for p, o, n, g in long[["player", "opponent", "net", "games"]].itertuples(
            index=False
        )
    }
    for row, games in zip(net_rows, met_rows, strict=True):
        for col, opponent in enumerate(players, start=1):
            want = expected.get((row[0], opponent))
            if want is None:  # never met, or himself
                assert row[col] is None and games[col] is None
            else:
                assert (row[col], games[col]) == want


def test_players_keep_distinct_colours_in_every_chart(season):
    ledger, _ = season
    players = set(ledger["player"].astype(str))
    colours = player_colours(ledger["player"])
    assert len(set(colours.values())) == len(players) <= len(PALETTE)
    many = player_colours(f"player {k:02d}" for k in range(len(PALETTE)))
    assert len(set(many.values())) == len(PALETTE) >= 26  # the bundled league's 26
    progress = csf.season.plot_progress(ledger, game="tarot", top=None)
    rated = csf.season.plot_ratings(csf.season.ratings(ledger), game="tarot", top=None)
    drawn = {}
    for fig in (progress, rated):
        lines = (
            fig.axes[0].get_lines()[:-1] if fig is progress else fig.axes[0].get_lines()
        )
        seen = {
            line.get_label(): matplotlib.colors.to_hex(line.get_color())
            for line in lines
        }
        assert len(set(seen.values())) == len(seen)  # distinct within a chart
        for player, colour in seen.items():
            assert drawn.setdefault(player, colour) == colour  # same in both


def test_progress_of_one_evening_draws_its_deals(season):
    ledger, _ = season
    tarot = ledger[(ledger["game"] == "tarot").to_numpy()]
    first = tarot[(tarot["date"] == tarot["date"].min()).to_numpy()]
    fig = csf.season.plot_progress(first, top=None)
    ax = fig.axes[0]
    assert ax.get_xlabel() == "deal"
    lines = {
        line.get_label(): line for line in ax.get_lines() if line.get_label()[0] != "_"
    }
    # that evening two tables played side by side, each from its deal 1
    assert first["game_id"].nunique() == 2
    assert set(lines) == set(first["player"].astype(str))
    for player, line in lines.items():
        mine = first[(first["player"] == player).to_numpy()].sort_values("deal")
        assert list(line.get_xdata()) == list(mine["deal"])
        assert list(line.get_ydata()) == list(mine["score"].cumsum())
    assert list(lines["Amélie"].get_xdata()) == list(range(1, 24))
    assert all(float(t).is_integer() for t in ax.get_xticks())


@pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice")
def test_league_workbook_prints_on_few_pages(tmp_path):
    games = ("tarot", "belot", "preferans")
    scored = [csf.get_game(g).score(csf.load_example(f"league_{g}")) for g in games]
    ledger = csf.concat(
        csf.get_game(g).to_ledger(s) for g, s in zip(games, scored, strict=True)
    )
    book = csf.season.to_excel(ledger, tmp_path / "league.xlsx", scored=scored)
    subprocess.run(
        [
            "soffice",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path),
            str(book),
        ],
        capture_output=True,
        timeout=300,
        check=True,
    )
    pdf = (tmp_path / "league.pdf").read_bytes()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    # a page per two players (13), per game its standings (3) and head to
    # head (3), one of ratings and two of all the figures: 22 (it was 85,
    # then 35 with a page per player)
    assert pages <= 30


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
