"""The season workbook's page "What the numbers say": one per game in the game's
language, its cells holding what the public functions give (read back with
openpyxl), its charts drawn from the right ranges, and the bundled league's
workbook printing on at most 30 pages."""

from __future__ import annotations

import argparse
import html
import io
import re
import shutil
import subprocess
import zipfile

import numpy as np
import openpyxl
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.cli import demo, main
from cardscore_frames.cli import season as season_command

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

GAMES = ("tarot", "belot", "preferans")
SEASON = "2025-26"  # the bundled league's latest season
REMAINING = 3


@pytest.fixture(scope="module")
def league():
    scored = [csf.get_game(g).score(csf.load_example(f"league_{g}")) for g in GAMES]
    ledger = csf.concat([s.cardscore.to_ledger() for s in scored])
    return scored, ledger


@pytest.fixture(scope="module")
def book(league, tmp_path_factory):
    scored, ledger = league
    path = tmp_path_factory.mktemp("numbers") / "season.xlsx"
    csf.season.to_excel(ledger, path, scored=scored, remaining=REMAINING)
    return path


@pytest.fixture(scope="module")
def sheets(book):
    return openpyxl.load_workbook(book)


def _table(ws, title: str, first: str) -> pd.DataFrame:
    """The table under the heading ``title`` whose first header is ``first``:
    headers on two merged rows, then rows until a blank first cell."""
    top = next(
        c for row in ws.iter_rows() for c in row if c.value == title
    )  # the block's heading
    for r in range(top.row + 1, top.row + 8):
        if ws.cell(r, top.column).value == first:
            break
    else:
        raise AssertionError(f"no header {first!r} under {title!r}")
    heads, col = [], top.column
    while ws.cell(r, col).value is not None:
        heads.append(ws.cell(r, col).value)
        col += 1
    rows, at = [], r + 2
    while ws.cell(at, top.column).value is not None:
        rows.append([ws.cell(at, top.column + k).value for k in range(len(heads))])
        at += 1
    return pd.DataFrame(rows, columns=heads)


def _tarot(ledger):
    return ledger[(ledger["game"] == "tarot").to_numpy()]


def test_a_page_per_game_in_its_language(sheets):
    names = sheets.sheetnames
    for name, title in [
        ("Les chiffres · Tarot", "Ce que disent les chiffres · Tarot"),
        ("Цифры · Базар-Белот", "Что говорят цифры · Базар-Белот"),
        ("Цифры · Преферанс", "Что говорят цифры · Преферанс"),
    ]:
        assert name in names
        assert sheets[name]["A1"].value == f"{title} · Cercle des Trois Jeux · {SEASON}"
    # after each game's head to head, before the ratings
    assert names.index("Les chiffres · Tarot") < names.index("Рейтинг")


def test_the_page_in_a_chosen_language(league, tmp_path):
    scored, ledger = league
    tarot = _tarot(ledger)
    path = csf.season.to_excel(
        tarot, tmp_path / "en.xlsx", scored=[scored[0]], language="en"
    )
    ws = openpyxl.load_workbook(path)["The numbers · French tarot"]
    assert (
        ws["A1"].value
        == f"What the numbers say · French tarot · Cercle des Trois Jeux · {SEASON}"
    )
    assert _table(ws, "Who beat his cards?", "Player").shape[0] == 22


def test_skill_and_luck_are_luck_s_figures(league, sheets):
    _, ledger = league
    truth = csf.season.luck(_tarot(ledger), by="league", mixed=False)
    page = _table(sheets["Les chiffres · Tarot"], "Talent ou chance ?", "Saison")
    assert page["Saison"].tolist() == truth["season"].tolist()
    assert page["Parties"].tolist() == truth["games"].tolist()
    for head, column in [
        ("Part du talent", "skill_share"),
        ("au moins", "skill_share_low"),
        ("au plus", "skill_share_high"),
        ("Hasard seul", "p_luck"),
    ]:
        np.testing.assert_allclose(page[head].astype(float), truth[column], atol=1e-9)
    # the sentence says the latest season's share in whole percents
    last = truth.iloc[-1]
    ws = sheets["Les chiffres · Tarot"]
    said = next(
        c.value
        for row in ws.iter_rows()
        for c in row
        if isinstance(c.value, str) and c.value.startswith("Après")
    )
    share = f"{last['skill_share']:.0%}"
    assert said.startswith(f"Après {int(last['games'])} parties, environ {share} des")
    assert f"après {last['games_to_even']:.0f} parties" in said


def test_above_expected_is_the_season_s_and_sums_to_the_deals(league, sheets):
    scored, _ = league
    frame = csf.season.expected(scored[0], by=["league", "season"])
    frame = frame[(frame["season"] == SEASON).to_numpy()]
    truth = csf.season.above_expected(frame)
    page = _table(sheets["Les chiffres · Tarot"], "Qui a battu ses cartes ?", "Joueur")
    assert page["Joueur"].tolist() == truth["player"].astype(str).tolist()
    assert page["Donnes"].tolist() == truth["deals"].tolist()
    np.testing.assert_allclose(
        page["Au-dessus de l'attendu"].astype(float), truth["above_expected"].round(0)
    )
    # every tarot deal of the season counted once per player in it
    assert page["Donnes"].sum() == len(frame)


def test_calibration_par_and_odds_are_the_functions(league, sheets):
    _, ledger = league
    tarot = _tarot(ledger)
    rated = csf.season.ratings(ledger)
    cal = csf.season.calibration(rated)
    ws = sheets["Les chiffres · Tarot"]
    bins = _table(ws, "Les cotes savent-elles ?", "Chance donnée")
    truth = cal.table[(cal.table["game"] == "tarot") & (cal.table["sides"] > 0)]
    assert bins["Chance donnée"].tolist() == truth["bin"].astype(str).tolist()
    assert bins["Pronostics"].tolist() == truth["sides"].tolist()
    np.testing.assert_allclose(bins["Gagné"], truth["observed"].round(3))
    summary = cal.summary.set_index("game").loc["tarot"]
    said = next(
        c.value
        for row in ws.iter_rows()
        for c in row
        if isinstance(c.value, str) and c.value.startswith("Avant chaque")
    )
    assert f"{summary['brier']:.3f} contre {summary['brier_uniform']:.3f}" in said

    found = csf.season.par(ledger, rated, by=["league", "season"]).season
    found = found[(found["game"] == "tarot") & (found["season"] == SEASON)]
    page = _table(ws, "Au-dessus du par", "Joueur")
    assert page["Joueur"].tolist() == found["player"].astype(str).tolist()
    np.testing.assert_allclose(
        page["Au-dessus du par"].astype(float), found["above_par"].round(0)
    )
    final = rated.final[rated.final["game"] == "tarot"].set_index("player")
    marked = page["Provisoire"].fillna("") == "oui"
    assert marked.tolist() == [
        bool(final.loc[p, "provisional"]) for p in page["Joueur"]
    ]

    odds = csf.season.title_odds(tarot, remaining=REMAINING, by="league")
    odds = odds[odds["season"] == SEASON].head(5)
    page = _table(ws, "Chances de titre", "Joueur")
    assert page["Joueur"].tolist() == odds["player"].astype(str).tolist()
    np.testing.assert_allclose(page["Premier"], odds["p_first"].round(3))


def test_records_and_medals_of_the_latest_season(league, sheets):
    _, ledger = league
    tarot = _tarot(ledger)
    truth = csf.season.records(tarot)
    truth = truth[truth["season"] == SEASON]
    page = _table(sheets["Les chiffres · Tarot"], "Records", "Record")
    best = truth[truth["record"] == "best deal"].iloc[0]
    row = page[page["Record"] == "Meilleure donne"].iloc[0]
    assert (row["Joueur"], row["Valeur"]) == (best["player"], best["value"])
    runs = csf.season.streaks(tarot)
    runs = runs[runs["season"] == SEASON]
    on = runs[runs["current"] == runs["current"].max()]
    row = page[page["Record"] == "Série en cours"].iloc[0]
    assert row["Valeur"] == runs["current"].max() >= 2
    assert row["Joueur"] == ", ".join(on["player"].astype(str))
    medals = csf.season.medals(csf.season.periods(tarot))
    medals = medals[medals["season"] == SEASON].head(8)
    page = _table(sheets["Les chiffres · Tarot"], "Mois par mois", "Joueur")
    assert page["Joueur"].tolist() == medals["player"].astype(str).tolist()
    assert page["1er"].tolist() == medals["gold"].tolist()


def test_belot_partnerships_are_the_top_synergies(league, sheets):
    _, ledger = league
    belot = ledger[(ledger["game"] == "belot").to_numpy()]
    pairs = csf.season.partnerships(belot).pairs
    pairs = pairs[pairs["season"] == SEASON].head(5)
    page = _table(sheets["Цифры · Базар-Белот"], "Пары", "Партнёры")
    assert page["Партнёры"].tolist() == pairs["partners"].astype(str).tolist()
    np.testing.assert_allclose(page["Бонус пары"], pairs["synergy"].round(1))
    # preferans is played alone: no partnerships block
    ws = sheets["Цифры · Преферанс"]
    assert not any(c.value == "Пары" for row in ws.iter_rows() for c in row)


def _charts(book) -> dict[str, list[str]]:
    """Each chart's title and its series' references, from the file's XML."""
    found = {}
    with zipfile.ZipFile(book) as z:
        for name in z.namelist():
            if re.fullmatch(r"xl/charts/chart\d+\.xml", name):
                xml = z.read(name).decode()
                title = re.findall(r"<a:t>([^<]*)</a:t>", xml)[0]  # then axes
                refs = re.findall(r"<c:f>([^<]*)</c:f>", xml)
                found[html.unescape(title)] = [html.unescape(r) for r in refs]
    return found


def test_charts_draw_the_page_s_ranges(league, book, sheets):
    charts = _charts(book)
    refs = charts["Au-dessus de l'attendu, cumulé"]
    data = sheets["Данные графиков"]  # the charts' figures (the book speaks Russian)
    assert data.sheet_state == "hidden"
    # the five leaders' names head the series, their running sums below
    scored, _ = league
    frame = csf.season.expected(scored[0], by=["league", "season"])
    frame = frame[(frame["season"] == SEASON).to_numpy()]
    leaders = csf.season.above_expected(frame)["player"].astype(str).head(5).tolist()
    series_names = [
        data[r.split("!")[1].replace("$", "")].value
        for r in refs
        if ":" not in r.split("!")[1]
    ]
    assert series_names == leaders
    values = [r for r in refs if ":" in r.split("!")[1]]
    # x (deal numbers) and y for each line, on the data sheet
    assert all(r.startswith(f"'{data.title}'!") for r in values)
    last = values[-1].split("!")[1].replace("$", "")
    cells = [c[0].value for c in data[last]]
    who = frame["player"].astype(str).to_numpy()
    mine = np.cumsum(frame["above_expected"].to_numpy()[who == leaders[-1]])
    deals = [c[0].value for c in data[values[-2].split("!")[1].replace("$", "")]]
    got = [(d, v) for d, v in zip(deals, cells, strict=True) if v is not None]
    for deal, value in got:
        assert value == pytest.approx(round(mine[deal - 1], 1))
    assert got[-1][0] == len(mine)  # the line ends at his last deal

    refs = charts["Chance donnée et réalisée"]
    ws = sheets["Les chiffres · Tarot"]
    assert all(r.startswith("'Les chiffres · Tarot'!") for r in refs)
    heads = [ws[r.split("!")[1].replace("$", "")].value for r in refs if ":" not in r]
    assert heads == ["Prévu", "Gagné"]


def test_the_command_leaves_the_page_out_in_one_line_without_scipy(
    capsys, tmp_path, monkeypatch
):
    real = season_command.find_spec
    monkeypatch.setattr(
        season_command,
        "find_spec",
        lambda name: None if name == "scipy" else real(name),
    )
    target = tmp_path / "season.xlsx"
    status = main(
        ["season", "tarot:sample_data/tarot_season.csv", "--out", str(target)]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert (
        "the pages 'What the numbers say' left out: they need scipy (pip install "
        in out
    )
    assert "Les chiffres · Tarot" not in openpyxl.load_workbook(target).sheetnames


def test_the_command_and_the_demo_write_the_page(capsys, tmp_path, monkeypatch):
    target = tmp_path / "season.xlsx"
    status = main(
        [
            "season",
            "tarot:sample_data/tarot_season.csv",
            "--out",
            str(target),
            "--remaining",
            "2",
        ]
    )
    capsys.readouterr()
    assert status == 0
    ws = openpyxl.load_workbook(target)["Les chiffres · Tarot"]
    # the five likeliest champions: chances of at most 1 in all (each rounded)
    assert _table(ws, "Chances de titre", "Joueur")["Premier"].sum() <= 1.003
    monkeypatch.setattr(demo, "seasons", lambda: ["league_belot"])
    demo.run(argparse.Namespace(out_dir=str(tmp_path / "demo")), out=io.StringIO())
    names = openpyxl.load_workbook(tmp_path / "demo" / demo.SEASON_BOOK).sheetnames
    assert "Цифры · Базар-Белот" in names


@pytest.mark.skipif(
    shutil.which("soffice") is None or shutil.which("pdfinfo") is None,
    reason="needs LibreOffice and poppler-utils",
)
def test_the_bundled_league_prints_on_30_pages_at_most(book, tmp_path):
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation=file://{tmp_path}/profile",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path),
            str(book),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    info = subprocess.run(
        ["pdfinfo", str(tmp_path / "season.pdf")],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages <= 30


def test_without_scored_deals_the_page_leaves_above_expected_out(league, tmp_path):
    _, ledger = league
    path = csf.season.to_excel(_tarot(ledger), tmp_path / "ledger.xlsx")
    ws = openpyxl.load_workbook(path)["Les chiffres · Tarot"]
    texts = {c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)}
    assert "Talent ou chance ?" in texts and "Au-dessus du par" in texts
    assert "Qui a battu ses cartes ?" not in texts
    assert "Chances de titre" not in texts  # no evenings left to play were given


def test_numbers_false_leaves_the_page_out(league, tmp_path):
    _, ledger = league
    path = csf.season.to_excel(_tarot(ledger), tmp_path / "plain.xlsx", numbers=False)
    assert "Les chiffres · Tarot" not in openpyxl.load_workbook(path).sheetnames


@pytest.mark.parametrize("remaining", [-2, 1.5, "3"])
def test_a_bad_number_of_evenings_left_is_refused(league, tmp_path, remaining):
    _, ledger = league
    target = tmp_path / "odds.xlsx"
    with pytest.raises(csf.RulesError, match="remaining"):
        csf.season.to_excel(_tarot(ledger), target, remaining=remaining)
    assert not target.exists()  # nothing half-written
