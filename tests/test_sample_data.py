"""The bundled sample logs are exactly what their seeded generators write."""

from __future__ import annotations

import importlib.util
import io
import unicodedata
import zipfile
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
import xlsxwriter

import cardscore_frames as csf
from cardscore_frames.datasets import example_path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_data"


def load(script: str):
    path = ROOT / "scripts" / f"{script}.py"
    spec = importlib.util.spec_from_file_location(script, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "script, sample",
    [
        ("make_tarot_sample", "tarot_season.csv"),
        ("make_preferans_season", "preferans_season.csv"),
    ],
)
def test_season_regenerates_byte_for_byte(script, sample):
    buffer = io.StringIO()
    load(script).season().to_csv(buffer, index=False, float_format="%g")
    assert buffer.getvalue() == (SAMPLES / sample).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "script, sample",
    [
        ("make_belot_sample", "belot_season.csv"),
        ("make_preferans_sheets", "preferans_sheets.csv"),
    ],
)
def test_sample_script_rewrites_the_same_file(tmp_path, script, sample):
    out = tmp_path / sample
    load(script).main(["--out", str(out)])
    assert out.read_bytes() == (SAMPLES / sample).read_bytes()


# -- the club league (scripts/make_league.py) -------------------------------------

LEAGUE_FILES = sorted(
    p.relative_to(SAMPLES).as_posix()
    for folder in ("league", "broken")
    for p in (SAMPLES / folder).glob("*")
)


@pytest.fixture(scope="module")
def make_league():
    return load("make_league")


def same_xlsxwriter(make_league) -> bool:
    """Whether this XlsxWriter is the one the bundled score sheet was written
    with (another orders some of the workbook's XML otherwise)."""
    return xlsxwriter.__version__ == make_league.SHEET_XLSXWRITER


def test_league_script_rewrites_the_same_files(tmp_path, make_league):
    make_league.main(["--out", str(tmp_path)])
    written = sorted(
        p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()
    )
    assert written == LEAGUE_FILES
    for name in written:
        if name.endswith(".xlsx") and not same_xlsxwriter(make_league):
            continue  # its cells are checked below, whatever the version
        assert (tmp_path / name).read_bytes() == (SAMPLES / name).read_bytes(), name


def test_league_stays_small():
    sizes = [(SAMPLES / name).stat().st_size for name in LEAGUE_FILES]
    assert sum(sizes) < 3_000_000


LEAGUE_LOGS = {
    "tarot": "league/tarot.csv",
    "belot": "league/belot.csv",
    "preferans": "league/preferans.csv",
}


@pytest.fixture(scope="module")
def league():
    """Each game's league log, read and scored by the package."""
    logs = {g: csf.read_log(SAMPLES / f, game=g) for g, f in LEAGUE_LOGS.items()}
    return {g: csf.get_game(g).score(d) for g, d in logs.items()}


def test_league_logs_score_into_one_checked_ledger(league):
    ledger = csf.check_ledger(
        csf.concat([csf.get_game(g).to_ledger(s) for g, s in league.items()])
    )
    assert set(ledger["game"]) == {"tarot", "belot", "preferans"}
    table = csf.results(ledger)
    assert table["place"].notna().all()  # every belot match and pool finished
    games = table.groupby("game", observed=True)["game_id"].nunique().to_dict()
    assert games == {"tarot": 172, "belot": 198, "preferans": 98}
    assert csf.belot.matches(league["belot"])["finished"].to_numpy(dtype=bool).all()


def test_league_metadata_is_filled_and_consistent(league):
    for game, scored in league.items():
        assert set(scored["league"]) == {"Cercle des Trois Jeux"}, game
        assert set(scored["season"]) == {"2024-25", "2025-26"}, game
        date = scored["date"]
        assert (date.dt.day_of_week == 4).all(), game  # club nights are Fridays
        first_year = date.dt.year - (date.dt.month < 8)
        season = first_year.astype(str) + "-" + (first_year + 1).astype(str).str[2:]
        assert (season == scored["season"].astype(str)).all(), game
        table = scored["table"].astype(str)
        assert table.str.fullmatch(game[0].upper() + r"\d").all(), game
        prefix = date.dt.strftime("%Y-%m-%d") + "/" + table
        gid = scored["game_id"].astype(str)
        if game == "belot":
            assert (gid.str.rsplit("-", n=1).str[0] == prefix).all()
        else:
            assert (gid == prefix).all(), game


def _players(scored, columns):
    return {p for c in columns for p in scored[c].dropna().astype(str)}


def test_league_club_has_20_to_30_members_who_play_several_games(league):
    seats = {
        "tarot": [f"player{i}" for i in range(1, 6)],
        "belot": ["a1", "a2", "b1", "b2"],
        "preferans": [f"player{i}" for i in range(1, 5)],
    }
    plays = {g: _players(league[g], seats[g]) for g in seats}
    club = set().union(*plays.values())
    assert 20 <= len(club) <= 30
    assert all(sum(p in plays[g] for g in plays) >= 2 for p in club)
    text = "".join(club)
    assert any("\u0400" <= ch <= "\u04ff" for ch in text)  # Cyrillic
    assert any("\u0530" <= ch <= "\u058f" for ch in text)  # Armenian
    assert any(unicodedata.decomposition(ch) for ch in text)  # é, ï, ë...
    # clean names: no two that differ only by case, accents or spaces
    plain = {
        "".join(
            c for c in unicodedata.normalize("NFKD", p) if not unicodedata.combining(c)
        )
        .casefold()
        .replace(" ", "")
        for p in club
    }
    assert len(plain) == len(club)


def test_league_tables_have_the_sizes_of_a_club(league):
    tarot = league["tarot"]
    seats = tarot[[f"player{i}" for i in range(1, 6)]].notna().sum(axis=1)
    sitting = tarot["sits_out"].notna()
    per_game = pd.DataFrame({"seats": seats, "sitting": sitting}).groupby(
        tarot["game_id"].to_numpy()
    )
    tables = per_game.agg({"seats": "first", "sitting": "all"})
    assert set(tables["seats"]) == {3, 4, 5}
    fives = tables.loc[tables["seats"] == 5, "sitting"]
    assert fives.any() and not fives.all()  # both ways of playing at 5
    pools = league["preferans"].groupby("game_id", sort=False)["players"].first()
    assert set(pools) == {3, 4}
    belot = league["belot"].groupby("game_id", sort=False)[["a1", "a2"]].first()
    partners = (
        pd.concat(
            [
                belot.set_axis(["p", "q"], axis=1),
                belot.set_axis(["q", "p"], axis=1),
            ]
        )
        .astype(str)
        .groupby("p")["q"]
        .nunique()
    )
    assert (partners >= 2).all()  # changing pairs


def test_league_sheets_settle_to_the_deal_logs_results(league):
    sheets = csf.load_example("league_preferans_sheets")
    settled = csf.preferans.settle(sheets, method="exact")
    results = csf.preferans.results(league["preferans"])
    both = settled.merge(
        results[["game_id", "player", "score"]],
        on=["game_id", "player"],
        validate="1:1",
    )
    assert len(both) == len(settled) == len(results) == 347
    twelfths = np.rint(both["score"].to_numpy() * 12).astype(np.int64)
    assert (both["twelfths"].to_numpy() == twelfths).all()
    assert (sheets["whist_price"] == 0.1).all()
    assert (sheets["pool"] == sheets["pool_target"]).all()  # every pool closed
    money = settled.groupby("game_id", sort=False)["money"].sum()
    assert np.allclose(money.to_numpy(dtype=float), 0)


def test_league_skill_shows_in_the_results(league, make_league):
    for game, scored in league.items():
        table = csf.get_game(game).results(scored)
        table = table.assign(won=table["won"].astype(float))
        per = table.groupby(table["player"].astype(str))[["won"]].mean()
        per["skill"] = per.index.map(make_league.SKILL)
        rho = per["skill"].rank().corr(per["won"].rank())  # Spearman, no SciPy
        assert rho > 0.5, game


BROKEN = [
    pytest.param(
        "broken/tarot_typos.csv",
        "tarot",
        [
            ("2024-09-13/T1", 2, "card_points", "79", "points_vs_oudlers", 3),
            ("2024-09-13/T1", 4, "contract", "gard", "not_allowed", 5),
            ("2024-09-13/T2", 6, "taker", "Noémie", "not_seated", 31),
        ],
        id="tarot",
    ),
    pytest.param(
        "broken/belot_after_end.csv",
        "belot",
        [("2024-09-13/B1-1", 19, "deal", "19", "after_match", 20)],
        id="belot",
    ),
    pytest.param(
        "broken/preferans_typos.csv",
        "preferans",
        [
            ("2024-09-13/P1", 3, "tricks", "1+8+2", "tricks_sum", 4),
            ("2024-09-13/P1", 4, "call3", "half", "half_level", 5),
        ],
        id="preferans",
    ),
]


@pytest.mark.parametrize("name, game, expected", BROKEN)
def test_broken_log_has_exactly_the_problems_its_script_lists(
    make_league, name, game, expected
):
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(SAMPLES / name, game=game)
    fc = caught.value.failure_cases
    got = list(
        zip(
            fc["game_id"],
            fc["deal"].astype(int),
            fc["column"],
            fc["value"],
            fc["reason"],
            fc["line"].astype(int),
            strict=True,
        )
    )
    assert got == expected
    doc = " ".join(make_league.__doc__.split())
    assert name in doc
    for game_id, deal, column, value, reason, line in expected:
        assert f"{game_id}" in doc and f"deal {deal} (line {line})" in doc
        for text in (column, value, reason):
            assert f"``{text}``" in doc


# -- the filled Excel score sheet (league/score_sheet.xlsx) ----------------------

SCORE_SHEET = SAMPLES / "league" / "score_sheet.xlsx"
SHEET_GAME = "2025-04-25/T2"
#: The slips the script's docstring lists: deal, column, reason, cell, as typed.
SHEET_SLIPS = [
    (6, "contract", "not_allowed", "Feuille de marque!D11", "gard"),
    (16, "card_points", "out_of_range", "Feuille de marque!G21", 555),
    (17, "taker", "not_seated", "Feuille de marque!C22", "Gaëlle"),
]


def _sheet_deals() -> pd.DataFrame:
    """The table's deals in the league's CSV log, read with plain pandas."""
    log = pd.read_csv(SAMPLES / "league" / "tarot.csv")
    return log.loc[log["game_id"] == SHEET_GAME].reset_index(drop=True)


def _per_deal(scored: pd.DataFrame) -> pd.DataFrame:
    """Each deal's score per player, one row a deal."""
    ledger = csf.tarot.to_ledger(scored)
    wide = ledger.pivot(index="deal", columns="player", values="score")
    wide.columns = wide.columns.astype(str)
    return wide.sort_index(axis=1).astype(float)


def test_score_sheet_is_typed_again_byte_for_byte(tmp_path, make_league):
    if not same_xlsxwriter(make_league):
        pytest.skip(
            f"the bundled sheet was written with XlsxWriter "
            f"{make_league.SHEET_XLSXWRITER}, this is {xlsxwriter.__version__}"
        )
    tarot = pd.read_csv(SAMPLES / "league" / "tarot.csv")
    path = make_league.write_filled_workbook(tmp_path, {"tarot.csv": tarot})
    assert path == tmp_path / "league" / "score_sheet.xlsx"
    assert path.read_bytes() == SCORE_SHEET.read_bytes()
    with zipfile.ZipFile(path) as book:
        assert {i.date_time for i in book.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert "xl/charts/chart1.xml" in book.namelist()  # the template's chart kept
        core = book.read("docProps/core.xml").decode("utf-8")
    assert core.count(">2025-04-25T23:30:00Z<") == 2  # created, modified
    assert "league/score_sheet.xlsx" in LEAGUE_FILES  # main() writes it too


def test_score_sheet_report_names_exactly_the_slipped_cells(make_league):
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_excel(SCORE_SHEET, game="tarot")
    fc = caught.value.failure_cases
    got = list(
        zip(fc["deal"].astype(int), fc["column"], fc["reason"], fc["cell"], strict=True)
    )
    assert got == [slip[:4] for slip in SHEET_SLIPS]
    assert set(fc["game_id"]) == {SHEET_GAME}
    report = str(caught.value)
    assert report.count("(cell ") == len(SHEET_SLIPS)
    for deal, _, _, cell, _ in SHEET_SLIPS:
        assert f"deal {deal} (cell {cell})" in report
    sheet = openpyxl.load_workbook(SCORE_SHEET, read_only=True)["Feuille de marque"]
    doc = " ".join(make_league.__doc__.split())
    for deal, column, reason, cell, typed in SHEET_SLIPS:
        assert sheet[cell.split("!")[1]].value == typed  # what the cell holds
        assert f"deal {deal} (cell ``{cell}``)" in doc
        for text in (column, typed, reason):
            assert f"``{text}``" in doc


def test_score_sheet_collects_the_other_deals_as_the_log_scores_them():
    got = csf.read_excel(SCORE_SHEET, game="tarot", errors="collect")
    log = _sheet_deals()
    slipped = [deal for deal, *_ in SHEET_SLIPS]
    good = log.loc[~log["deal"].isin(slipped)].reset_index(drop=True)
    assert got.rejected["deal"].astype(int).tolist() == slipped
    assert got.deals["deal"].astype(int).tolist() == good["deal"].tolist()
    assert len(good) == 17
    expected = csf.validate(good, game="tarot")
    pd.testing.assert_frame_equal(
        got.deals.reset_index(drop=True),
        expected.reset_index(drop=True),
        check_categorical=False,
        check_dtype=False,
    )
    scores = _per_deal(csf.tarot.score(got.deals))
    pd.testing.assert_frame_equal(scores, _per_deal(csf.tarot.score(expected)))
    # deal 1 by hand: Narek's petite with 1 oudler, 37 points of 51 (short by
    # 14): (25 + 14) x 1 = 39, paid twice by the taker, once by his partner
    first = {"Narek": -78, "Noémie": -39, "Raphaël": 39, "Jérôme": 39, "Benoît": 39}
    assert scores.loc[1].to_dict() == first


def test_score_sheet_is_an_example_that_raises_its_report():
    doc = csf.list_examples()["broken_score_sheet"]
    assert doc.startswith("broken on purpose") and "Excel score sheet" in doc
    assert example_path("broken_score_sheet").read_bytes() == SCORE_SHEET.read_bytes()
    with pytest.raises(csf.LogValidationError) as caught:
        csf.load_example("broken_score_sheet")
    fc = caught.value.failure_cases
    got = list(
        zip(fc["deal"].astype(int), fc["column"], fc["reason"], fc["cell"], strict=True)
    )
    assert got == [slip[:4] for slip in SHEET_SLIPS]  # read_log names cells too
    raw = csf.load_example("broken_score_sheet", validate=False)
    assert len(raw) == len(_sheet_deals()) == 20
    typed = raw.set_index(raw["deal"].astype(int))
    for deal, column, _, _, value in SHEET_SLIPS:
        assert typed.loc[deal, column] == value


def test_a_sheet_collected_says_each_rejected_row_in_the_sheet_codes():
    # the failure cases and the rejected rows' problems say the same, in the
    # codes the sheet's drop-down offers (G for garde), not the log's values
    got = csf.read_excel(
        example_path("broken_score_sheet"), game="tarot", errors="collect"
    )
    fc = got.failure_cases
    assert list(got.rejected["deal"].astype(int)) == [d for d, *_ in SHEET_SLIPS]
    assert list(got.rejected["problems"]) == list(fc["message"])
    gard = got.rejected["problems"].iloc[0]
    assert gard.startswith("contract must be one of passe, P, G, GS, GC; got 'gard'")
    assert "did you mean 'G'?" in gard and "garde_sans" not in gard
    assert len(got.deals) == 17
