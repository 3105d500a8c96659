"""One vocabulary per game: every reader takes a choice column's values, the codes
of the game's paper sheet and the words clubs write, in any case and with or
without accents; errors about a sheet's cell name the sheet's codes.

Expected values come from the rules documents: the sheets' codes from
docs/guide/excel.md (tarot 3.2: P, G, GS, GC, passe; PaB A or D; poignée S,
D or T; the chelem's words; belot 2.2: A/B, ♠ ♣ ♦ ♥ or БК, К/РК; the preferans
protocol's 7♠, мизер, распасы and вист/пас), the words from the games' own
languages (tarot.md "Terms"; preferans.md: полвиста, распасы, мизер).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from test_belot import BASE as BELOT_DEAL

import cardscore_frames as csf
from cardscore_frames.checking.schema import normalise_token, normalise_value

ROOT = Path(__file__).resolve().parents[1]

# --- the logs the words are read in ----------------------------------------------

TAROT = dict(
    game_id=1,
    deal=1,
    player1="Anne",
    player2="Bruno",
    player3="Chloé",
    player4="Denis",
    player5=None,
    taker="Bruno",
    contract="garde",
    oudlers=2,
    card_points=49,
    petit_au_bout="none",
    poignee_attack="none",
    poignee_defence="none",
    chelem="none",
)
BELOT = BELOT_DEAL  # a plain made hearts deal of the belot tests
BELOT_POINTS = dict(
    game_id=1,
    deal=1,
    a1="Aram",
    a2="Ani",
    b1="Davit",
    b2="Gayane",
    points_a=17,
    points_b=7,
    declarer="a",
    bait="none",
)
PREF_NAMES = ("Zoya", "Kira", "Anna")


def preferans(contract: str, canonical: str, **calls: str) -> dict:
    """A valid 3-player deal of ``canonical`` (seat 1 declares), the contract
    written as ``contract``; ``calls`` replace the defenders' calls."""
    row = dict(game_id=1, deal=1, dealer=None, pool_target=30, contract=contract)
    for i, name in enumerate((*PREF_NAMES, None), start=1):
        row[f"player{i}"] = name
        row[f"call{i}"] = None
        row[f"tricks{i}"] = None
    row["declarer"] = PREF_NAMES[0]
    if canonical == "pass":  # all pass: no declarer, each trick a mountain point
        row["declarer"] = None
        row.update(tricks1=3, tricks2=3, tricks3=4)
    elif canonical == "misere":
        row.update(tricks1=0, tricks2=5, tricks3=5)
    elif canonical == "correction":
        row.update(declarer=None, pool1=3)
    else:
        level = int(canonical.rstrip("schdnt"))
        row.update(call2="whist", call3="whist")
        row.update(tricks1=level, tricks2=10 - level, tricks3=0)
    row.update(calls)
    return row


def tarot(column: str, word: str, canonical: str) -> dict:
    """A valid tarot deal whose ``column`` holds ``word``."""
    row = dict(TAROT, **{column: word})
    if column == "contract" and canonical == "pass":
        row.update(taker=None, oudlers=None, card_points=None)
    if column == "chelem" and canonical in ("announced_made", "unannounced_made"):
        row.update(oudlers=3, card_points=91)
    if "+" in canonical:  # two poignées in one camp of two: taker and partner
        row.update(player5="Élise", partner="Chloé")  # 5 players: the pack allows it
    return row


def belot(column: str, word: str, canonical: str) -> dict:
    row = dict(BELOT, **{column: word})
    if column == "bela":  # a Бэла is 20 whists of the marked pair's declarations
        side = "declarer" if canonical == "a" else "defender"
        row[f"{side}_declarations"] = 20
    return row


def belot_points(column: str, word: str, canonical: str) -> dict:
    row = dict(BELOT_POINTS, **{column: word})
    if column == "bait" and canonical != "none":  # marked on a pair with nothing
        row.update(points_a=0, points_b=24) if canonical == "a" else row.update(
            points_a=30, points_b=0
        )
    return row


def rules_for(game: str, column: str, canonical: str):
    if game == "tarot" and canonical.startswith("petit_"):
        return csf.tarot.Rules(petit_chelem=True)
    return None


# --- raw word -> value, per game and column (rules documents) --------------------

TAROT_WORDS = [
    # sheets.md 3.2: Contrat P (prise/petite), G, GS, GC; a passed donne "passe"
    ("contract", "G", "garde"),
    ("contract", "g", "garde"),
    ("contract", "GS", "garde_sans"),
    ("contract", "gs", "garde_sans"),
    ("contract", "GC", "garde_contre"),
    ("contract", "P", "petite"),
    ("contract", "p", "petite"),
    ("contract", "passe", "pass"),
    ("contract", "Passe", "pass"),
    ("contract", "PASSÉ", "pass"),
    # tarot.md rule 6: "petite (also called prise)", "garde sans", "garde contre"
    ("contract", "prise", "petite"),
    ("contract", "Prise", "petite"),
    ("contract", "petite", "petite"),
    ("contract", "Garde", "garde"),
    ("contract", "Garde sans", "garde_sans"),
    ("contract", "garde-sans", "garde_sans"),
    ("contract", "GARDE_SANS", "garde_sans"),
    ("contract", "garde-contre", "garde_contre"),
    ("contract", "Garde Contre", "garde_contre"),
    ("contract", "garde sans le chien", "garde_sans"),
    ("contract", "Garde contre le chien", "garde_contre"),
    ("contract", "guard", "garde"),
    ("contract", "guard without", "garde_sans"),
    ("contract", "guard against", "garde_contre"),
    # sheets.md 3.2: PaB A or D, for the camp that took it; tarot.md "Terms"
    ("petit_au_bout", "A", "attack"),
    ("petit_au_bout", "a", "attack"),
    ("petit_au_bout", "D", "defence"),
    ("petit_au_bout", "d", "defence"),
    ("petit_au_bout", "attaque", "attack"),
    ("petit_au_bout", "Attaque", "attack"),
    ("petit_au_bout", "attack", "attack"),
    ("petit_au_bout", "défense", "defence"),
    ("petit_au_bout", "Défense", "defence"),
    ("petit_au_bout", "DÉFENSE", "defence"),
    ("petit_au_bout", "defense", "defence"),
    ("petit_au_bout", "def", "defence"),
    ("petit_au_bout", "Déf.", "defence"),
    ("petit_au_bout", "defence", "defence"),
    # sheets.md 3.2: Poignée S, D or T
    ("poignee_attack", "S", "simple"),
    ("poignee_attack", "D", "double"),
    ("poignee_attack", "T", "triple"),
    ("poignee_attack", "s", "simple"),
    ("poignee_attack", "simple", "simple"),
    ("poignee_attack", "Simple poignée", "simple"),
    ("poignee_attack", "poignée double", "double"),
    ("poignee_attack", "Triple Poignée", "triple"),
    ("poignee_attack", "simple poignee", "simple"),
    ("poignee_attack", "S+S", "simple+simple"),
    ("poignee_attack", "S+D", "simple+double"),
    ("poignee_attack", "D+S", "simple+double"),
    ("poignee_attack", "s + d", "simple+double"),
    ("poignee_attack", "D+D", "double+double"),
    ("poignee_attack", "S+T", "simple+triple"),
    ("poignee_attack", "simple+double", "simple+double"),
    ("poignee_defence", "S", "simple"),
    ("poignee_defence", "Poignée simple", "simple"),
    ("poignee_defence", "D", "double"),
    # sheets.md 3.2: Chelem "annoncé réussi", "non annoncé", "annoncé chuté",
    # "défense"
    ("chelem", "annoncé réussi", "announced_made"),
    ("chelem", "Annonce reussi", "announced_made"),
    ("chelem", "ANNONCÉ RÉUSSI", "announced_made"),
    ("chelem", "non annoncé", "unannounced_made"),
    ("chelem", "Non-annoncé", "unannounced_made"),
    ("chelem", "annoncé chuté", "announced_failed"),
    ("chelem", "défense", "defence"),
    ("chelem", "Defense", "defence"),
    ("chelem", "announced_made", "announced_made"),
    ("chelem", "unannounced made", "unannounced_made"),
    ("chelem", "petit annoncé réussi", "petit_announced_made"),
    ("chelem", "petit annoncé chuté", "petit_announced_failed"),
]
BELOT_WORDS = [
    # sheets.md 2.2: заказ = the declaring pair A or B; Cyrillic А, Б, В typed
    ("declarer", "A", "a"),
    ("declarer", "B", "b"),
    ("declarer", "а", "a"),  # Cyrillic
    ("declarer", "А", "a"),  # Cyrillic
    ("declarer", "Б", "b"),
    ("declarer", "В", "b"),  # Cyrillic, looks like B
    # sheets.md 2.2: the suit ♠ ♣ ♦ ♥, or БК for no-trump; Russian suit names
    ("contract", "♠", "spades"),
    ("contract", "♣", "clubs"),
    ("contract", "♦", "diamonds"),
    ("contract", "♥", "hearts"),
    ("contract", "БК", "no_trump"),
    ("contract", "бк", "no_trump"),
    ("contract", "без козыря", "no_trump"),
    ("contract", "Без козыря", "no_trump"),
    ("contract", "пики", "spades"),
    ("contract", "Пики", "spades"),
    ("contract", "трефы", "clubs"),
    ("contract", "бубны", "diamonds"),
    ("contract", "черви", "hearts"),
    ("contract", "no_trump", "no_trump"),
    ("contract", "No trump", "no_trump"),
    ("contract", "NT", "no_trump"),
    # sheets.md 2.2: К/РК, contra or recontra
    ("doubling", "К", "contra"),
    ("doubling", "к", "contra"),
    ("doubling", "РК", "recontra"),
    ("doubling", "рк", "recontra"),
    ("doubling", "контра", "contra"),
    ("doubling", "Контра", "contra"),
    ("doubling", "реконтра", "recontra"),
    ("doubling", "Реконтра", "recontra"),
    ("doubling", "ре", "recontra"),
    ("doubling", "K", "contra"),  # Latin K, as a Latin keyboard types it
    ("doubling", "RK", "recontra"),
    ("doubling", "contra", "contra"),
    ("bela", "A", "a"),
    ("bela", "Б", "b"),
    # Armenian Bazar-Blot programs name the suits Պիկ, Սիրտ, Ագուռ, Խաչ, call a
    # no-trump bid ԲՈՅ, contra Քուանշ (x2) and recontra Սուր (x4)
    ("contract", "Պիկ", "spades"),
    ("contract", "պիկ", "spades"),
    ("contract", "Սիրտ", "hearts"),
    ("contract", "Ագուռ", "diamonds"),
    ("contract", "Խաչ", "clubs"),
    ("contract", "ԲՈՅ", "no_trump"),
    ("contract", "բոյ", "no_trump"),
    ("doubling", "Քուանշ", "contra"),
    ("doubling", "ՍՈՒՐ", "recontra"),
    ("declarer", "Ա", "a"),  # the first two letters of the Armenian alphabet
    ("declarer", "Բ", "b"),
    ("bela", "Ոչ", "none"),
]
PREFERANS_WORDS = [
    # sheets.md / the protocol: 7♠, 6БК; preferans.md: мизер, распасы
    ("contract", "7♠", "7s"),
    ("contract", "6♠", "6s"),
    ("contract", "8♣", "8c"),
    ("contract", "9♦", "9d"),
    ("contract", "10♥", "10h"),
    ("contract", "6БК", "6nt"),
    ("contract", "6 бк", "6nt"),
    ("contract", "7S", "7s"),
    ("contract", "6NT", "6nt"),
    ("contract", "6 пик", "6s"),
    ("contract", "шесть пик", "6s"),
    ("contract", "Шесть пик", "6s"),
    ("contract", "6 без козыря", "6nt"),
    ("contract", "шесть без козыря", "6nt"),
    ("contract", "семь червей", "7h"),
    ("contract", "7 черви", "7h"),
    ("contract", "8 бубен", "8d"),
    ("contract", "9 треф", "9c"),
    ("contract", "десять пик", "10s"),
    ("contract", "мизер", "misere"),
    ("contract", "Мизер", "misere"),
    ("contract", "misère", "misere"),
    ("contract", "распасы", "pass"),
    ("contract", "Распасы", "pass"),
    ("contract", "all pass", "pass"),
    ("contract", "поправка", "correction"),
    # the protocol's calls: вист, пас, пол; preferans.md "Half-whist (полвиста)"
    ("call2", "вист", "whist"),
    ("call2", "Вист", "whist"),
    ("call2", "ВИСТ", "whist"),
    ("call3", "вист", "whist"),
]
PREFERANS_PASSES = [
    ("call3", "пас", "pass"),
    ("call3", "Пас", "pass"),
    ("call3", "pass", "pass"),
]
PREFERANS_HALVES = [
    ("call3", "пол", "half"),
    ("call3", "полвиста", "half"),
    ("call3", "пол-виста", "half"),
    ("call3", "Полвиста", "half"),
    ("call3", "half", "half"),
]


def _param(game: str, kind: str, column: str, word: str, canonical: str, row):
    return pytest.param(
        game, kind, column, row, canonical, id=f"{game}-{column}-{word}->{canonical}"
    )


def _preferans_row(column: str, word: str, canonical: str) -> dict:
    if column == "contract":
        return preferans(word, canonical)
    if canonical == "pass":  # seat 2 whists alone, seat 3 passes
        return preferans("6s", "6s", call2="whist", call3=word)
    if canonical == "half":  # seat 2 passes, seat 3 half-whists: no play
        return preferans(
            "6s", "6s", call2="pass", call3=word, tricks1=None, tricks2=None
        ) | {"tricks3": None}
    return preferans("6s", "6s", **{column: word})


ROWS = [
    *(_param("tarot", "deals", c, w, v, tarot(c, w, v)) for c, w, v in TAROT_WORDS),
    *(_param("belot", "deals", c, w, v, belot(c, w, v)) for c, w, v in BELOT_WORDS),
    *(
        _param("belot", "points", c, w, v, belot_points(c, w, v))
        for c, w, v in [
            ("declarer", "А", "a"),
            ("bait", "A", "a"),
            ("bait", "Б", "b"),
            ("bait", "нет", "none"),
        ]
    ),
    *(
        _param("preferans", "deals", c, w, v, _preferans_row(c, w, v))
        for c, w, v in (*PREFERANS_WORDS, *PREFERANS_PASSES, *PREFERANS_HALVES)
    ),
]


def _read(how: str, row: dict, game: str, kind: str, folder: Path, rules=None):
    frame = pd.DataFrame([row])
    if how == "dataframe":
        return csf.read_log(frame, game=game, kind=kind, rules=rules)
    if how == "csv":
        path = folder / "log.csv"
        frame.to_csv(path, index=False, encoding="utf-8")
    else:  # a plain table in a workbook of no package
        path = folder / "log.xlsx"
        frame.to_excel(path, index=False, engine="openpyxl")
    return csf.read_log(path, game=game, kind=kind, rules=rules)


@pytest.mark.parametrize("how", ["csv", "dataframe", "excel"])
@pytest.mark.parametrize(("game", "kind", "column", "row", "canonical"), ROWS)
def test_every_reader_reads_the_word_as_its_value(
    tmp_path, how, game, kind, column, row, canonical
):
    deals = _read(how, row, game, kind, tmp_path, rules_for(game, column, canonical))
    assert deals[column].tolist() == [canonical]
    # the typed frame holds the canonical values (categories unchanged)
    field = csf.contract.get_game(game).schema(kind).field(column)
    assert list(deals[column].cat.categories)[: len(field.choices)] == list(
        field.choices
    )


# --- the templates' drop-downs read back through a CSV ---------------------------

#: What each drop-down code means (sheets.md), by the heading of its column.
DROP_DOWNS = {
    "tarot": {
        "Contrat": {
            "passe": "pass",
            "P": "petite",
            "G": "garde",
            "GS": "garde_sans",
            "GC": "garde_contre",
        },
        "PaB": {"A": "attack", "D": "defence"},
        "att.": {
            "S": "simple",
            "D": "double",
            "T": "triple",
            "S+S": "simple+simple",
            "S+D": "simple+double",
            "D+D": "double+double",
            "S+T": "simple+triple",
        },
        "Chelem": {
            "annoncé réussi": "announced_made",
            "non annoncé": "unannounced_made",
            "annoncé chuté": "announced_failed",
            "défense": "defence",
            "annoncé, défense": "announced_defence",
            "petit annoncé réussi": "petit_announced_made",
            "petit annoncé chuté": "petit_announced_failed",
        },
    },
    "belot": {
        "пара": {"A": "a", "B": "b"},
        "масть": {
            "♣": "clubs",
            "♦": "diamonds",
            "♥": "hearts",
            "♠": "spades",
            "БК": "no_trump",
        },
        "К/РК": {"К": "contra", "РК": "recontra"},
        "бэла": {"A": "a", "B": "b"},
    },
}
DROP_DOWNS["tarot"]["déf."] = DROP_DOWNS["tarot"]["att."]
#: The log column each heading holds.
HEADINGS = {
    "Contrat": "contract",
    "PaB": "petit_au_bout",
    "att.": "poignee_attack",
    "déf.": "poignee_defence",
    "Chelem": "chelem",
    "пара": "declarer",
    "масть": "contract",
    "К/РК": "doubling",
    "бэла": "bela",
}
TEMPLATE_PLAYERS = {
    "tarot": ["Anne", "Bruno", "Chloé", "Denis", "Élise"],
    "belot": ["Aram", "Ani", "Davit", "Gayane"],
}
TEMPLATE_RULES = {
    "tarot": lambda: csf.tarot.Rules(petit_chelem=True),
    "belot": lambda: csf.belot.Rules(bela_kept=True),
}


def drop_downs(path: Path) -> dict[str, list[str]]:
    """Each drop-down of a template's score sheet by its column's heading (a
    player's name drop-down under its own heading)."""
    book = openpyxl.load_workbook(path)
    out = {}
    for ws in book.worksheets:
        for dv in ws.data_validations.dataValidation:
            if dv.type != "list":
                continue
            formula = dv.formula1
            if formula.startswith('"'):
                codes = formula.strip('"').split(",")
            else:  # a range on the hidden lists sheet
                sheet, ref = formula.lstrip("=").split("!")
                cells = book[sheet.strip("'")][ref.replace("$", "")]
                codes = [c[0].value if isinstance(c, tuple) else c.value for c in cells]
            first = str(dv.sqref).split()[0].split(":")[0]
            col = openpyxl.utils.cell.column_index_from_string(
                "".join(ch for ch in first if ch.isalpha())
            )
            row = int("".join(ch for ch in first if ch.isdigit()))
            heading = ws.cell(row - 1, col).value
            out[str(heading)] = [c for c in codes if c]
    return out


@pytest.mark.parametrize("game", ["tarot", "belot"])
def test_every_template_code_reads_back_through_a_csv(tmp_path, game):
    path = csf.write_template(
        tmp_path / "blank.xlsx",
        game=game,
        players=TEMPLATE_PLAYERS[game],
        rules=TEMPLATE_RULES[game](),
    )
    offered = {
        h: codes for h, codes in drop_downs(path).items() if h in HEADINGS
    }  # the players' names aside
    assert set(offered) == set(DROP_DOWNS[game])
    rules = TEMPLATE_RULES[game]()
    for heading, codes in offered.items():
        column = HEADINGS[heading]
        assert set(codes) == set(DROP_DOWNS[game][heading]), heading
        for code in codes:
            expected = DROP_DOWNS[game][heading][code]
            row = (tarot if game == "tarot" else belot)(column, code, expected)
            deals = _read("csv", row, game, "deals", tmp_path, rules)
            assert deals[column].tolist() == [expected], (heading, code)


def test_the_protocol_codes_read_back_through_a_csv(tmp_path):
    # the пулька's protocol writes 7♠, 6БК, мизер, распасы and вист, пас, пол
    from cardscore_frames.games.preferans.paper.protocol import (
        CALL_CODES,
        CONTRACT_CODES,
    )

    signs = {"s": "♠", "c": "♣", "d": "♦", "h": "♥", "nt": "БК"}
    expected = {f"{lv}{signs[s]}": f"{lv}{s}" for lv in range(6, 11) for s in signs}
    expected |= {"мизер": "misere", "распасы": "pass", "поправка": "correction"}
    assert {v: k for k, v in CONTRACT_CODES.items()} == expected
    rows = [preferans(code, value) for code, value in expected.items()]
    frame = pd.DataFrame(rows).assign(game_id=range(1, len(rows) + 1))
    frame.to_csv(tmp_path / "log.csv", index=False)
    deals = csf.read_log(tmp_path / "log.csv", game="preferans")
    assert deals["contract"].tolist() == list(expected.values())
    assert CALL_CODES == {"whist": "вист", "pass": "пас", "half": "пол"}


# --- unknown words ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "row", "column", "word", "allowed", "hint"),
    [
        pytest.param(
            "tarot",
            dict(TAROT, contract="gard"),
            "contract",
            "gard",
            "pass, petite, garde, garde_sans, garde_contre",
            "garde",
            id="tarot-gard",
        ),
        pytest.param(
            "tarot",
            dict(TAROT, petit_au_bout="défens"),
            "petit_au_bout",
            "défens",
            "none, attack, defence",
            "defence",
            id="tarot-défens",
        ),
        pytest.param(
            "belot",
            dict(BELOT, doubling="контрa"),  # a Latin a at the end
            "doubling",
            "контрa",
            "none, contra, recontra",
            "contra",
            id="belot-контрa-latin-a",
        ),
        pytest.param(
            "preferans",
            preferans("мизр", "misere"),
            "contract",
            "мизр",
            "6s, 6c",
            "misere",
            id="preferans-мизр",
        ),
    ],
)
def test_an_unknown_word_names_game_deal_column_value_and_what_is_allowed(
    tmp_path, game, row, column, word, allowed, hint
):
    pd.DataFrame([row]).assign(deal=7, game_id=12).to_csv(
        tmp_path / "log.csv", index=False
    )
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(tmp_path / "log.csv", game=game)
    err = caught.value
    assert err.game == game
    fc = err.failure_cases
    bad = fc[fc["column"] == column]
    assert len(bad) == 1
    got = bad.iloc[0]
    assert (got["game_id"], got["deal"], got["value"]) == (12, 7, word)
    assert got["line"] == 2
    message = got["message"]
    assert message.startswith(f"{column} must be one of ")
    assert allowed in message
    assert f"got {word!r}" in message
    assert f"(did you mean {hint!r}?)" in message
    assert "deal 7" in str(err) and "12" in str(err)


# --- a sheet's cells: errors in the sheet's codes --------------------------------


def _type_in(path: Path, values: dict[str, object]) -> tuple[Path, dict[str, str]]:
    """Type one deal into a template's first row, as a scorekeeper would;
    returns the filled file and each column's cell address."""
    from cardscore_frames.excel import read_metadata

    meta = read_metadata(path)
    sheet = next(s for s in meta["sheets"] if s.get("layout") is not None)
    layout = meta["layouts"][sheet["layout"]]
    book = openpyxl.load_workbook(path)
    ws = book[sheet["name"]]
    row = layout["row"] + 2  # 1-based: the row under the headings
    cells = {}
    for field, value in values.items():
        col = layout["cols"][field] + 1
        ws.cell(row, col, value)
        cells[field] = f"{sheet['name']}!{ws.cell(row, col).coordinate}"
    out = path.with_name("filled.xlsx")
    book.save(out)
    return out, cells


@pytest.mark.parametrize(
    ("typed", "allowed", "hint"),
    [
        pytest.param("X", "one of passe, P, G, GS, GC;", "", id="X"),
        pytest.param("gard", "one of passe, P, G, GS, GC;", " (did you mean 'G'?)"),
        pytest.param("Gardee", "one of passe, P, G, GS, GC;", " (did you mean 'G'?)"),
    ],
)
def test_an_error_about_a_sheet_cell_names_the_sheet_codes(
    tmp_path, typed, allowed, hint
):
    path = csf.write_template(
        tmp_path / "blank.xlsx", game="tarot", players=["Anne", "Bruno", "Chloé"]
    )
    filled, cells = _type_in(
        path,
        dict(taker="Bruno", contract=typed, oudlers=2, card_points=49, chelem=None),
    )
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(filled, game="tarot")
    fc = caught.value.failure_cases
    bad = fc[fc["column"] == "contract"].iloc[0]
    assert bad["cell"] == cells["contract"]
    assert bad["message"] == f"contract must be {allowed} got {typed!r}{hint}"
    assert "pass, petite" not in str(caught.value)


def test_a_sheet_reads_words_that_are_not_its_codes(tmp_path):
    path = csf.write_template(
        tmp_path / "blank.xlsx", game="tarot", players=["Anne", "Bruno", "Chloé"]
    )
    filled, _ = _type_in(
        path,
        dict(
            taker="Bruno",
            contract="Garde sans",
            oudlers=2,
            card_points=49,
            petit_au_bout="Défense",
        ),
    )
    deals = csf.read_log(filled, game="tarot")
    assert deals[["contract", "petit_au_bout"]].values.tolist() == [
        ["garde_sans", "defence"]
    ]


# --- matching ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param("Garde-Sans", "garde_sans", id="hyphen-underscore"),
        pytest.param(" GARDE  SANS ", "garde sans", id="case-spaces"),
        pytest.param("Défense", "defense", id="accent"),
        pytest.param("ANNONCÉ, DÉFENSE", "annonce defense", id="comma"),
        pytest.param("Сдаёт", "сдает", id="cyrillic-yo"),
        pytest.param("Мизер", "мизер", id="cyrillic-case"),
    ],
)
def test_values_match_whatever_the_case_accents_and_separators(a, b):
    assert normalise_value(a) == normalise_value(b)


def test_short_i_stays_itself():
    assert normalise_value("Й") == "й" != normalise_value("и")
    assert normalise_value("бой") == normalise_value("БОЙ")


def test_column_names_still_match():
    assert normalise_token(" Game ID ") == "game_id"
    assert normalise_token("Poignée-Défense") == "poignee_defense"
    deals = csf.read_log(
        pd.DataFrame([TAROT]).rename(
            columns={"game_id": "Game ID", "poignee_defence": "Poignée défense"}
        ),
        game="tarot",
    )
    assert "poignee_defence" in deals and "game_id" in deals


# --- one declaration -------------------------------------------------------------


def test_each_game_sheet_codes_are_among_what_its_logs_read():
    from cardscore_frames.games.belot.paper import layout as belot_layout
    from cardscore_frames.games.preferans.paper import protocol
    from cardscore_frames.games.tarot.paper import layout as tarot_layout

    tables = [
        ("tarot", "contract", tarot_layout.CONTRACT_CODES),
        ("tarot", "petit_au_bout", tarot_layout.CAMP_CODES),
        ("tarot", "poignee_attack", tarot_layout.POIGNEE_CODES),
        ("tarot", "chelem", tarot_layout.CHELEM_CODES),
        ("belot", "contract", belot_layout.SUIT_CODES),
        ("belot", "doubling", belot_layout.DOUBLING_CODES),
        ("belot", "bela", belot_layout.PAIR_CODES),
        ("preferans", "contract", protocol.CONTRACT_CODES),
        ("preferans", "call1", protocol.CALL_CODES),
    ]
    for game, column, codes in tables:
        field = csf.contract.get_game(game).schema("deals").field(column)
        for value, code in codes.items():
            if code:
                assert field.value_aliases[normalise_value(code)] == value


def test_the_vocabulary_page_matches_the_declarations():
    spec = importlib.util.spec_from_file_location(
        "make_vocabulary_doc", ROOT / "scripts" / "make_vocabulary_doc.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = (ROOT / "docs" / "vocabulary.md").read_text(encoding="utf-8")
    assert page == module.render(), (
        "docs/vocabulary.md is out of date: run python scripts/make_vocabulary_doc.py"
    )
