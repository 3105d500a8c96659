"""Templates that score by themselves: filled as a scorekeeper would, computed by
spreadsheet engines that are not the package (the ``formulas`` package, and
LibreOffice where it is installed), every scored cell compared with
``score``/``settle`` and with the rules files' worked examples.

LibreOffice keeps an .xlsx file's stored values unless its profile says
``OOXMLRecalcMode=0``; the helper of tests/excel/test_excel_libreoffice.py
sets it in a private profile.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.excel import cell_ref, read_metadata
from cardscore_frames.games.belot import paper as belot_paper
from cardscore_frames.games.preferans.paper import export as pulka
from cardscore_frames.games.preferans.paper.settlement import table as pulka_table
from cardscore_frames.games.tarot.paper.layout import FIRST_ROW as TAROT_FIRST
from cardscore_frames.games.tarot.paper.layout import table as tarot_table

sys.path.insert(0, str(Path(__file__).parent / "excel"))
from fill import computed, fill, layout_of  # noqa: E402
from test_excel_export import belot_deals  # noqa: E402
from test_excel_libreoffice import recalculate_all, soffice  # noqa: E402

SEATS = ("player1", "player2", "player3", "player4", "player5")
DETAILS = ("game_id", "date", "league", "season", "table")


def fresh(frame: pd.DataFrame, game: str, kind: str = "deals") -> pd.DataFrame:
    """A part of a log, checked on its own (its own categories)."""
    return csf.validate(
        frame.reset_index(drop=True).astype(object), game=game, kind=kind
    )


def tarot_examples() -> pd.DataFrame:
    """The five FFT examples of docs/games/tarot.md, 4 players, then a pass."""
    rows = [
        ("garde", 2, 49, "attack", "simple", "none", "none"),
        ("garde_sans", 2, 45, "defence", "none", "none", "none"),
        ("petite", 2, 34, "attack", "simple", "none", "none"),
        ("garde", 2, 52, "none", "none", "simple", "none"),
        ("garde", 2, 87, "attack", "simple", "none", "announced_made"),
        ("pass", None, None, "none", "none", "none", "none"),
    ]
    cols = [
        "contract",
        "oudlers",
        "card_points",
        "petit_au_bout",
        "poignee_attack",
        "poignee_defence",
        "chelem",
    ]
    frame = pd.DataFrame(rows, columns=cols)
    frame.insert(0, "deal", range(1, 7))
    frame["taker"] = ["Bruno"] * 5 + [None]
    return frame.assign(
        game_id=7,
        player1="Anne",
        player2="Bruno",
        player3="Chloé",
        player4="Denis",
        date="2026-03-01",
        table="3",
    )


def tarot_filled(folder: Path, deals: pd.DataFrame, name: str) -> tuple[Path, list]:
    players = [p for p in deals.loc[0, list(SEATS)] if isinstance(p, str)]
    k = len(players)
    path = csf.write_template(
        folder / f"{name}.xlsx", game="tarot", players=players, rows=len(deals) + 1
    )
    columns = tarot_table(players, mort=k == 5, partner=k == 5, template=True).columns
    details = {c: deals.loc[0, c] for c in DETAILS if c in deals}
    return fill(path, folder / f"{name}-filled.xlsx", deals, columns, details), players


def tarot_scores(values: dict, sheet: str, deals: pd.DataFrame, players) -> np.ndarray:
    layout = tarot_table(
        players, mort=len(players) == 5, partner=len(players) == 5, template=True
    )
    return np.array(
        [
            [
                values.get(
                    (sheet, cell_ref(TAROT_FIRST + i, layout.col(f"donne_{p + 1}")))
                )
                for p in range(len(players))
            ]
            for i in range(len(deals))
        ]
    )


def expected_tarot(deals: pd.DataFrame, players) -> np.ndarray:
    ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
    wide = ledger.pivot(index="deal", columns="player", values="score")
    return wide[players].to_numpy()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("templates")


@pytest.mark.parametrize("game_id", [24, 29], ids=["5-partner", "5-dealer-out"])
def test_tarot_template_scores_like_the_package(folder, game_id):
    log = csf.load_example("tarot")
    deals = fresh(log[log["game_id"] == game_id], "tarot")
    path, players = tarot_filled(folder, deals, f"tarot{game_id}")
    pd.testing.assert_frame_equal(csf.read_excel(path, game="tarot"), deals)
    values = computed(path)
    got = tarot_scores(values, "FEUILLE DE MARQUE", deals, players)
    np.testing.assert_array_equal(got.astype(float), expected_tarot(deals, players))


def test_tarot_template_gives_the_rules_files_examples(folder):
    deals = fresh(tarot_examples(), "tarot")
    path, players = tarot_filled(folder, deals, "fft")
    got = tarot_scores(computed(path), "FEUILLE DE MARQUE", deals, players)
    takers = got[:, 1].tolist()
    assert takers == [318, 228, -126, 276, 1746, 0]  # tarot.md, worked examples
    assert got[:, 0].tolist() == [-106, -76, 42, -92, -582, 0]
    np.testing.assert_array_equal(got.astype(float), expected_tarot(deals, players))


def belot_filled(
    folder: Path, deals: pd.DataFrame, name: str, rows: int | None = None
) -> Path:
    players = list(deals.loc[0, ["a1", "a2", "b1", "b2"]])
    path = csf.write_template(
        folder / f"{name}.xlsx",
        game="belot",
        players=players,
        rows=rows or len(deals) + 1,
    )
    columns = belot_paper.table(bela=False, template=True).columns
    details = {c: deals.loc[0, c] for c in DETAILS if c in deals}
    return fill(path, folder / f"{name}-filled.xlsx", deals, columns, details)


def belot_values(values: dict, deals: pd.DataFrame) -> pd.DataFrame:
    layout = belot_paper.table(bela=False, template=True)
    keys = ("points_A", "points_B", "total_A", "total_B", "bait_A", "bait_B")
    return pd.DataFrame(
        {
            key: [
                values.get(
                    ("ПРОТОКОЛ", cell_ref(belot_paper.FIRST_ROW + i, layout.col(key)))
                )
                for i in range(len(deals))
            ]
            for key in keys
        }
    )


def expected_belot(deals: pd.DataFrame) -> pd.DataFrame:
    scored = csf.belot.score(deals)
    marks = {f"bait_{p.upper()}": np.where(scored["bait"] == p, "БТ", "") for p in "ab"}
    return pd.DataFrame(
        {
            "points_A": scored["points_a"],
            "points_B": scored["points_b"],
            "total_A": scored["total_a"],
            "total_B": scored["total_b"],
            **marks,
        }
    )


@pytest.mark.parametrize("which", ["match-1", "worked-examples"])
def test_belot_template_scores_like_the_package(folder, which):
    if which == "match-1":
        log = csf.load_example("belot")
        deals = fresh(log[log["game_id"] == 1].assign(bela="none"), "belot")
    else:
        deals = fresh(belot_deals(), "belot")
    path = belot_filled(folder, deals, f"belot-{which}")
    pd.testing.assert_frame_equal(csf.read_excel(path, game="belot"), deals)
    values = computed(path)
    got = belot_values(values, deals).fillna("")
    expected = expected_belot(deals)
    pd.testing.assert_frame_equal(got, expected, check_dtype=False)
    last = belot_paper.FIRST_ROW + len(deals) + 2  # Σ row, then the winner line
    line = values[("ПРОТОКОЛ", cell_ref(last, 0))]
    if which == "match-1":
        assert line == "Победа: пара B — 156 : 317"
    else:
        assert line == "Матч не окончен (игра до 301)"


def preferans_filled(folder: Path, sheet: pd.DataFrame, name: str) -> Path:
    names = sheet["player"].astype(str).tolist()
    path = csf.write_template(folder / f"{name}.xlsx", game="preferans", players=names)
    columns = pulka_table(len(names), pulka.RIGHT, template=True).columns
    details = {c: sheet.loc[0, c] for c in (*DETAILS, "pool_target", "whist_price")}
    return fill(path, folder / f"{name}-filled.xlsx", sheet, columns, details)


def settlement_cells(values: dict, n: int) -> dict[str, list]:
    """Each block's results (итог) and money, as the template computed them."""
    out = {}
    start = pulka.TOP + n + 2
    for k, method in enumerate(("paper", "exact")):
        col = pulka.RIGHT + k * (n + 4)
        totals = start + 8  # title, names, 4 mountain rows, correction, written
        money = totals + n + 1 + 6  # matrix, Σ, hidden working rows
        out[method] = [
            values[("ПУЛЬКА", cell_ref(totals + 1 + i, col + 2 + n))] for i in range(n)
        ]
        out[f"{method} money"] = [
            values[("ПУЛЬКА", cell_ref(money, col + 2 + i))] for i in range(n)
        ]
    return out


@pytest.mark.parametrize("game_id", [1, 3], ids=["seed-4-players", "3-players"])
def test_preferans_template_settles_like_the_package(folder, game_id):
    sheets = csf.load_example("preferans_sheets")
    sheet = fresh(sheets[sheets["game_id"] == game_id], "preferans", "sheet")
    path = preferans_filled(folder, sheet, f"pulka{game_id}")
    back = csf.read_excel(path, game="preferans", kind="sheet")
    pd.testing.assert_frame_equal(back, sheet)
    got = settlement_cells(computed(path), len(sheet))
    for method in ("paper", "exact"):
        settled = csf.preferans.settle(sheet, method=method)
        np.testing.assert_allclose(got[method], settled["whists"], atol=1e-9)
        np.testing.assert_allclose(got[f"{method} money"], settled["money"], atol=1e-9)
    if game_id == 1:  # the seed (preferans.md)
        assert got["paper"] == [38, -102, -24, 88]
        np.testing.assert_allclose(got["exact"], [37.5, -102.5, -22.5, 87.5])
        np.testing.assert_allclose(got["exact money"], [0.38, -1.03, -0.23, 0.88])


def test_templates_have_drop_downs_checks_and_the_rules(folder):
    path = csf.write_template(
        folder / "blank.xlsx",
        game="tarot",
        players=["Anne", "Bruno", "Chloé", "Denis", "Émile"],
    )
    book = openpyxl.load_workbook(path)
    ws = book["Feuille de marque"]
    lists = {
        str(dv.sqref)[:1]: dv.formula1
        for dv in ws.data_validations.dataValidation
        if dv.type == "list"
    }
    assert lists["D"] == '"passe,P,G,GS,GC"'  # Contrat, after N°, Mort, Preneur
    assert '"Anne,Bruno,Chloé,Denis,Émile"' in lists.values()
    numbers = [
        dv
        for dv in ws.data_validations.dataValidation
        if dv.type in ("whole", "decimal")
    ]
    assert {(dv.type, dv.formula1, dv.formula2) for dv in numbers} == {
        ("whole", "0", "3"),
        ("decimal", "0", "91"),
    }
    rules = book["Barème"]
    table = {rules.cell(r, 1).value: rules.cell(r, 3).value for r in range(5, 10)}
    assert table == {"passe": 0, "P": 1, "G": 2, "GS": 4, "GC": 6}
    hidden = [k for k, d in ws.column_dimensions.items() if d.hidden]
    assert hidden  # the working columns
    meta = read_metadata(path)
    assert (meta["layout"], meta["players"][-1]) == ("template", "Émile")
    assert len(csf.read_excel(path, game="tarot")) == 0  # unused rows: no deal


@pytest.mark.parametrize(
    ("game", "players", "rules", "message"),
    [
        ("tarot", ["A", "B"], None, "3, 4 or 5 players"),
        ("belot", ["A", "B", "C"], None, "4 players"),
        ("preferans", ["A", "B"], None, "3 or 4 players"),
        ("tarot", ["A", "B", "C", "D"], csf.tarot.Rules(misere=True), "misère"),
        ("tarot", ["A", "B", "A"], None, "A is twice"),
    ],
)
def test_templates_refuse_what_they_cannot_score(folder, game, players, rules, message):
    with pytest.raises(csf.RulesError, match=message):
        csf.write_template(folder / "no.xlsx", game=game, players=players, rules=rules)
    assert not (folder / "no.xlsx").exists()


@pytest.mark.skipif(soffice is None, reason="LibreOffice is not installed")
def test_libreoffice_recalculates_filled_templates_to_the_packages_scores(tmp_path):
    examples = fresh(tarot_examples(), "tarot")
    tarot_path, players = tarot_filled(tmp_path, examples, "fft")
    belot = fresh(belot_deals(), "belot")
    belot_path = belot_filled(tmp_path, belot, "belot")
    sheets = csf.load_example("preferans_sheets")
    seed = fresh(sheets[sheets["game_id"] == 1], "preferans", "sheet")
    pulka_path = preferans_filled(tmp_path, seed, "pulka")
    recalculated = {}
    paths = (tarot_path, belot_path, pulka_path)
    for again in recalculate_all(paths, tmp_path / "out", tmp_path / "profile"):
        book = openpyxl.load_workbook(again, data_only=True)
        recalculated[again.stem] = {
            (ws.title.upper(), cell.coordinate): cell.value
            for ws in book.worksheets
            for row in ws.iter_rows()
            for cell in row
        }
    got = tarot_scores(
        recalculated["fft-filled"], "FEUILLE DE MARQUE", examples, players
    )
    np.testing.assert_array_equal(got.astype(float), expected_tarot(examples, players))
    got = belot_values(recalculated["belot-filled"], belot).fillna("")
    pd.testing.assert_frame_equal(got, expected_belot(belot), check_dtype=False)
    settled = settlement_cells(recalculated["pulka-filled"], 4)
    assert settled["paper"] == [38, -102, -24, 88]
    np.testing.assert_allclose(settled["exact money"], [0.38, -1.03, -0.23, 0.88])


# --- an evening typed as people type it ------------------------------------------

ssconvert = shutil.which("ssconvert")
#: Five donnes of tarot.md's examples, typed in the words a scorekeeper uses:
#: codes, the package's words in any case and accent, and one unknown word.
TYPED = [
    {"contract": "garde", "petit_au_bout": "Attaque", "poignee_attack": "Simple"},
    {"contract": "Garde sans", "petit_au_bout": "Défense"},
    {"contract": "P", "petit_au_bout": "a", "poignee_attack": "S"},
    {"contract": "gard", "poignee_defence": "simple"},
    {
        "contract": " G ",
        "petit_au_bout": "A",
        "poignee_attack": "s",
        "chelem": "annonce reussi",
    },
]
UNKNOWN_ROW = 3  # "gard"


def evening(folder: Path) -> tuple[Path, pd.DataFrame, list]:
    """A template of 12 rows, 5 donnes typed; the deals the package scores
    (all but the unknown word's)."""
    deals = fresh(tarot_examples().iloc[:5], "tarot")
    players = ["Anne", "Bruno", "Chloé", "Denis"]
    path = csf.write_template(
        folder / "evening.xlsx", game="tarot", players=players, rows=12
    )
    filled = fill(path, folder / "evening-filled.xlsx", deals, _tarot_columns(players))
    book = openpyxl.load_workbook(filled)
    sheet, layout = layout_of(filled)
    ws = book[sheet["name"]]
    for i, typed in enumerate(TYPED):
        for field, text in typed.items():
            ws.cell(layout["row"] + 2 + i, layout["cols"][field] + 1, text)
    book.save(filled)
    scored = deals.drop(index=UNKNOWN_ROW).reset_index(drop=True)
    return filled, scored, players


def _tarot_columns(players):
    return tarot_table(players, mort=False, partner=False, template=True).columns


def gnumeric(path: Path, out: Path) -> Path:
    """Gnumeric recalculates the workbook and saves it in ``out``."""
    out.mkdir(exist_ok=True)
    again = out / path.name
    subprocess.run(
        [ssconvert, "--recalc", str(path), str(again)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return again


def cell_values(path: Path) -> dict:
    book = openpyxl.load_workbook(path, data_only=True)
    return {
        (ws.title.upper(), cell.coordinate): cell.value
        for ws in book.worksheets
        for row in ws.iter_rows()
        for cell in row
    }


def chart_ranges(path: Path, axis: str = "y") -> list[tuple[str, str]]:
    """The (sheet, range) of each line of the template's chart: its values
    (``axis="y"``) or its x values (``"x"``)."""
    with zipfile.ZipFile(path) as archive:
        xml = archive.read("xl/charts/chart1.xml").decode()
    # An XY chart: LibreOffice draws a line chart's #N/A values as 0, while
    # every engine leaves out a point whose x is #N/A.
    assert "<c:scatterChart>" in xml
    refs = re.findall(rf"<c:{axis}Val><c:(?:num|str)Ref><c:f>(.*?)</c:f>", xml)
    assert refs
    out = []
    for ref in refs:
        sheet, cells = ref.rsplit("!", 1)
        out.append((sheet.strip("'").upper(), cells.replace("$", "")))
    return out


def chart_column(values: dict, sheet: str, cells: str) -> list:
    """The values an engine computed in a range of one column."""
    first, last = cells.split(":")
    col = re.match(r"[A-Z]+", first).group()
    start, stop = int(first[len(col) :]), int(last[len(col) :])
    return [values.get((sheet, f"{col}{r}")) for r in range(start, stop + 1)]


def assert_points_stop_at_the_last_deal(values: dict, path: Path) -> None:
    """Each line's x is the deal's number where a deal is scored (the first
    five rows but the unknown word's) and #N/A on every other row."""
    for sheet, cells in chart_ranges(path, "x"):
        got = chart_column(values, sheet, cells)
        assert len(got) == 12
        numbers = [got[i] for i in range(5) if i != UNKNOWN_ROW]
        assert numbers == [i + 1 for i in range(5) if i != UNKNOWN_ROW]
        assert [got[UNKNOWN_ROW], *got[5:]] == ["#N/A"] * 8


def engines(folder: Path, path: Path) -> dict[str, dict]:
    """The filled evening as each spreadsheet engine here computes it."""
    out = {"formulas": computed(path)}
    if soffice is not None:
        again = recalculate_all([path], folder / "lo", folder / "profile")[0]
        out["libreoffice"] = cell_values(again)
    if ssconvert is not None:
        out["gnumeric"] = cell_values(gnumeric(path, folder / "gnumeric"))
    return out


@pytest.fixture(scope="module")
def typed_evening(tmp_path_factory):
    folder = tmp_path_factory.mktemp("evening")
    path, scored, players = evening(folder)
    return path, scored, players, engines(folder, path)


ENGINES = ["formulas", "libreoffice", "gnumeric"]


def _blank(value) -> bool:
    return value is None or value == ""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_typed_evening_scores_like_the_package(typed_evening, engine):
    path, scored, players, results = typed_evening
    if engine not in results:
        pytest.skip(f"{engine} is not installed")
    values = results[engine]
    layout = tarot_table(players, mort=False, partner=False, template=True)
    sheet = "FEUILLE DE MARQUE"

    def at(i, key):
        return values.get((sheet, cell_ref(TAROT_FIRST + i, layout.col(key))))

    expected = expected_tarot(scored, players)
    rows = [i for i in range(5) if i != UNKNOWN_ROW]
    for p in range(len(players)):
        donnes = [at(i, f"donne_{p + 1}") for i in rows]
        np.testing.assert_array_equal(np.array(donnes, float), expected[:, p])
        cumuls = [at(i, f"cumul_{p + 1}") for i in rows]
        np.testing.assert_array_equal(
            np.array(cumuls, float), np.cumsum(expected[:, p])
        )
        assert _blank(at(UNKNOWN_ROW, f"donne_{p + 1}"))
    message = at(UNKNOWN_ROW, "check")
    assert message == "Contrat « gard » inconnu"
    assert all(_blank(at(i, "check")) for i in rows)
    for i in range(5, 12):  # rows not typed: no value, no zero
        keys = ["sum_donne", "sum_cumul", "check"]
        keys += [f"{kind}_{p + 1}" for p in range(4) for kind in ("donne", "cumul")]
        assert all(_blank(at(i, key)) for key in keys), i
    assert [at(i, "sum_cumul") for i in rows] == [0, 0, 0, 0]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_chart_ends_at_the_last_donne_typed(typed_evening, engine):
    path, scored, players, results = typed_evening
    if engine not in results:
        pytest.skip(f"{engine} is not installed")
    values = results[engine]
    lines = chart_ranges(path.with_name("evening.xlsx"))  # as written
    assert len(lines) == len(players)
    expected = np.cumsum(expected_tarot(scored, players), axis=0)
    for p, (sheet, cells) in enumerate(lines):
        got = chart_column(values, sheet, cells)
        assert len(got) == 12
        numbers = [got[i] for i in range(5) if i != UNKNOWN_ROW]
        np.testing.assert_array_equal(np.array(numbers, float), expected[:, p])
        # #N/A on the unknown row and after the last donne typed
        assert [got[UNKNOWN_ROW], *got[5:]] == ["#N/A"] * 8
    assert_points_stop_at_the_last_deal(values, path.with_name("evening.xlsx"))


def test_the_template_and_its_reader_use_one_table(typed_evening):
    """Each typed word's code, as the sheet computed it in its working column,
    is the code the reader's check gives it."""
    from cardscore_frames.excel.words import code_of
    from cardscore_frames.games.tarot.paper import template
    from cardscore_frames.games.tarot.paper.layout import word_tables

    path, _, players, results = typed_evening
    layout = tarot_table(players, mort=False, partner=False, template=True)
    start = layout.last_col + 2
    tables = word_tables()
    for values in results.values():
        for i, typed in enumerate(TYPED):
            for field, text in typed.items():
                name = "chelem_code" if field == "chelem" else field
                col = start + template._WORK.index(name)
                got = values[("FEUILLE DE MARQUE", cell_ref(TAROT_FIRST + i, col))]
                words, multi = tables[field]
                assert got == code_of(text, words, multi), (field, text)


def test_validate_reports_the_cells_the_template_cannot_score(typed_evening):
    path, scored, *_ = typed_evening
    got = csf.read_excel(path, game="tarot", errors="collect")
    fc = got.failure_cases
    assert fc[["deal", "column", "value"]].values.tolist() == [[4, "contract", "gard"]]
    assert fc["cell"].tolist() == [f"Feuille de marque!C{TAROT_FIRST + 4}"]
    columns = ["deal", "taker", "contract", "oudlers", "card_points", "petit_au_bout"]
    columns += ["poignee_attack", "poignee_defence", "chelem"]
    kept = got.deals[columns].astype(object).reset_index(drop=True)
    assert kept.equals(scored[columns].astype(object)), kept


#: The belot words typed for each log value (the schema's Russian words).
BELOT_TYPED = {
    "declarer": {"a": "а", "b": "б"},  # Cyrillic letters
    "contract": {
        "clubs": "Трефы",
        "diamonds": "бубны",
        "hearts": "черви",
        "spades": "ПИКИ",
        "no_trump": "без козыря",
    },
    "doubling": {"contra": "контра", "recontra": "реконтра"},
}


@pytest.fixture(scope="module")
def belot_evening(tmp_path_factory):
    """Five deals of match 1 typed in words, the fourth with an unknown suit,
    in a template of 12 rows; the deals the package scores."""
    folder = tmp_path_factory.mktemp("belot-evening")
    log = csf.load_example("belot")
    deals = fresh(log[log["game_id"] == 1].iloc[:5].assign(bela="none"), "belot")
    path = belot_filled(folder, deals, "belot", rows=12)
    sheet, layout = layout_of(path)
    book = openpyxl.load_workbook(path)
    ws = book[sheet["name"]]
    for field, words in BELOT_TYPED.items():
        for i, value in enumerate(deals[field].astype(str)):
            if value in words:
                ws.cell(layout["row"] + 2 + i, layout["cols"][field] + 1, words[value])
    ws.cell(layout["row"] + 2 + UNKNOWN_ROW, layout["cols"]["contract"] + 1, "пикии")
    book.save(path)
    scored = deals.drop(index=UNKNOWN_ROW).reset_index(drop=True)
    return path, scored, engines(folder, path)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_typed_belot_evening_scores_like_the_package(belot_evening, engine):
    path, scored, results = belot_evening
    if engine not in results:
        pytest.skip(f"{engine} is not installed")
    values = results[engine]
    layout = belot_paper.table(bela=False, template=True)

    def at(i, key):
        return values.get(
            ("ПРОТОКОЛ", cell_ref(belot_paper.FIRST_ROW + i, layout.col(key)))
        )

    expected = expected_belot(scored)
    rows = [i for i in range(5) if i != UNKNOWN_ROW]
    for key in ("points_A", "points_B"):
        got = [at(i, key) for i in rows]
        np.testing.assert_array_equal(np.array(got, float), expected[key])
        totals = [at(i, key.replace("points", "total")) for i in rows]
        np.testing.assert_array_equal(np.array(totals, float), np.cumsum(expected[key]))
    assert at(UNKNOWN_ROW, "message") == "масть: «пикии» — неизвестное слово"
    assert all(_blank(at(i, "message")) for i in rows)
    keys = ["worth", "points_A", "points_B", "total_A", "total_B", "check", "message"]
    for i in [UNKNOWN_ROW, *range(5, 12)]:
        assert all(_blank(at(i, key)) for key in keys[:-1]), i
    for i in range(5, 12):
        assert _blank(at(i, "message"))
    lines = chart_ranges(path.with_name("belot.xlsx"))
    for key, (sheet, cells) in zip(("points_A", "points_B"), lines, strict=True):
        got = chart_column(values, sheet, cells)
        numbers = [got[i] for i in rows]
        np.testing.assert_array_equal(
            np.array(numbers, float), np.cumsum(expected[key])
        )
        assert [got[UNKNOWN_ROW], *got[5:]] == ["#N/A"] * 8
    assert_points_stop_at_the_last_deal(values, path.with_name("belot.xlsx"))


def test_validate_reports_the_belot_cell_the_template_cannot_score(belot_evening):
    path, _, _ = belot_evening
    got = csf.read_excel(path, game="belot", errors="collect")
    fc = got.failure_cases
    own = fc[fc["reason"] != "game_rejected"]  # a match is scored whole or not
    assert own[["deal", "column", "value"]].values.tolist() == [
        [4, "contract", "пикии"]
    ]
    col = belot_paper.table(bela=False, template=True).col("contract")
    row = belot_paper.FIRST_ROW + UNKNOWN_ROW
    assert own["cell"].tolist() == [f"Протокол!{cell_ref(row, col)}"]
    assert set(fc["reason"]) == {"not_allowed", "game_rejected"}
