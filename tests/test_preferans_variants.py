"""Preferans as other programs play it, as options whose defaults change nothing.

- ``Rules(consolation_whists=0)``: no consolation on a failed contract, as
  preferans-score (rostiktc2-star/preferans-score) scores one. Expected values:
  its engine tests ("calcola fallimento su 8", "gestisce il contratto 10") and
  deals worked by hand below.
- ``Rules(half_whist="played")``: a half-whist played out, scored as a lone
  whist for half the obligation, as that engine's "polvist" test does.
- ``settle(method="average", rounding="multiple")``: method 2's adjustment as
  PrefCount (mrzhenya/prefcount, ``ResultServiceTest``) makes it: the
  mountains' total to the nearest multiple of the number of players.

Every expected value is either another program's record or worked by hand in
the comment beside it; none is read off the code under test.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import numpy as np
import openpyxl
import pandas as pd
import pytest
from excel.test_excel_libreoffice import recalculate_all

import cardscore_frames as csf
from cardscore_frames.errors import LogValidationError, RulesError
from cardscore_frames.excel import read_metadata
from cardscore_frames.games import preferans
from cardscore_frames.games.preferans import Rules

NAMES = ("A", "B", "C", "D")
SEATS = range(1, 5)
PAIRS = [(i, j) for i in SEATS for j in SEATS if i != j]
NO_CONSOLATION = Rules(consolation_whists=0)
PLAYED = Rules(half_whist="played")


def row(contract, declarer, calls, tricks=None, *, n=3, dealer=None, deal=1):
    """One log row: calls as {seat: call}, tricks as a list by seat (None: blank)."""
    r = {"game_id": 1, "deal": deal}
    for i in SEATS:
        r[f"player{i}"] = NAMES[i - 1] if i <= n else None
    r["dealer"] = NAMES[dealer - 1] if dealer else None
    r["declarer"] = NAMES[declarer - 1] if declarer else None
    r["contract"] = contract
    for i in SEATS:
        r[f"call{i}"] = calls.get(i)
        r[f"tricks{i}"] = tricks[i - 1] if tricks and i <= len(tricks) else None
    r["pool_target"] = 100
    return r


def written(scored: pd.DataFrame, k: int = 0) -> dict:
    """The non-zero pool, mountain and whists of deal k."""
    rec = scored.iloc[k]
    out = {}
    for i in SEATS:
        for kind in ("pool", "mountain"):
            if rec[f"{kind}_{i}"]:
                out[(kind, i)] = int(rec[f"{kind}_{i}"])
    for i, j in PAIRS:
        if rec[f"whists_{i}_on_{j}"]:
            out[(i, j)] = int(rec[f"whists_{i}_on_{j}"])
    return out


def score_one(r: dict, rules: Rules) -> pd.DataFrame:
    return preferans.score(pd.DataFrame([r]), rules=rules)


# --- the options themselves ------------------------------------------------


def test_defaults_and_presets_are_unchanged():
    assert Rules().consolation_whists == 1 and Rules().half_whist == "standard"
    for name in ("sochi", "leningrad", "rostov"):
        assert Rules.preset(name).half_whist == "standard"
    assert Rules.leningrad().consolation_whists == 2


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param(
            {"consolation_whists": -1},
            "consolation_whists must be a whole number of 0 or more; got -1",
            id="negative",
        ),
        pytest.param(
            {"consolation_whists": 1.5},
            "consolation_whists must be a whole number of 0 or more; got 1.5",
            id="fraction",
        ),
        pytest.param(
            {"consolation_whists": False},
            "consolation_whists must be a whole number of 0 or more; got False",
            id="bool",
        ),
        pytest.param(
            {"half_whist": "play"},
            "half_whist must be one of standard, played; got 'play'",
            id="half-whist-typo",
        ),
        pytest.param(
            {"half_whist": None},
            "half_whist must be one of standard, played; got None",
            id="half-whist-none",
        ),
    ],
)
def test_bad_values_name_the_option_the_value_and_what_is_allowed(changes, message):
    with pytest.raises(RulesError) as err:
        Rules(**changes)
    assert str(err.value) == message


def test_the_new_fields_round_trip_as_plain_data():
    rules = Rules.rostov(consolation_whists=0, half_whist="played")
    data = rules.to_dict()
    assert (data["consolation_whists"], data["half_whist"]) == (0, "played")
    assert Rules.from_dict(data) == rules
    assert rules.changes() == {
        "whister_shortfall": 0.5,
        "lone_whist": "gentleman",
        "all_pass": "rostov",
        "consolation_whists": 0,
        "half_whist": "played",
    }


# --- no consolation ---------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "expected"),
    [
        # preferans-score, "calcola fallimento su 8": 8 by A, B passes, C whists,
        # tricks 6/1/3. V = 6, two tricks short: A's mountain 2·6 = 12; C whists
        # alone (greedy) for both hands' 4 tricks: 4·6 = 24; no consolation, so B
        # writes nothing and C nothing more.
        pytest.param(
            row("8s", 1, {2: "pass", 3: "whist"}, [6, 1, 3]),
            {("mountain", 1): 12, (3, 1): 24},
            id="preferans-score-failed-8",
        ),
        # preferans-score, "gestisce il contratto 10": 10 by A, tricks 9/0/1.
        # V = 10, one short: mountain 10; C writes 10 for the one trick.
        pytest.param(
            row("10nt", 1, {2: "pass", 3: "whist"}, [9, 0, 1]),
            {("mountain", 1): 10, (3, 1): 10},
            id="preferans-score-failed-10",
        ),
        # By hand: 7 by B, both whist, tricks A 3, B 5, C 2 (C is B's first
        # defender, A the second). V = 4, two short: B's mountain 8; A writes
        # 4·3 = 12 and C 4·2 = 8 for their own tricks, nothing for consolation.
        pytest.param(
            row("7d", 2, {1: "whist", 3: "whist"}, [3, 5, 2]),
            {("mountain", 2): 8, (1, 2): 12, (3, 2): 8},
            id="two-whisters",
        ),
        # By hand, 4 players, D deals: 6 by A, B whists, C passes, tricks
        # A 4, B 3, C 3. V = 2, two short: A's mountain 4; B writes 2·6 = 12 for
        # both hands; the dealer D would write consolation, and writes nothing.
        pytest.param(
            row("6h", 1, {2: "whist", 3: "pass"}, [4, 3, 3], n=4, dealer=4),
            {("mountain", 1): 4, (2, 1): 12},
            id="four-players-dealer-writes-nothing",
        ),
        # By hand: a made 6 is the same with or without consolation: tricks
        # 6/2/2, both whist: pool 2, B and C write 2·2 = 4 each.
        pytest.param(
            row("6s", 1, {2: "whist", 3: "whist"}, [6, 2, 2]),
            {("pool", 1): 2, (2, 1): 4, (3, 1): 4},
            id="made-unchanged",
        ),
        # By hand: an unplayed half-whist on a six still pays: the trick rate
        # (trick_whists = 1) takes the consolation rate's place: V·O/2 = 2·2 = 4.
        pytest.param(
            row("6c", 1, {2: "pass", 3: "half"}),
            {("pool", 1): 2, (3, 1): 4},
            id="half-whist-still-paid",
        ),
    ],
)
def test_no_consolation(deal, expected):
    assert written(score_one(deal, NO_CONSOLATION)) == expected


def test_no_consolation_differs_from_sochi_by_the_consolation_alone():
    # The failed 8 above by the Sochi defaults: consolation V·u = 6·2 = 12 from
    # both defenders: B 12, C 24 + 12 = 36 (the rules file's greedy whist).
    deal = row("8s", 1, {2: "pass", 3: "whist"}, [6, 1, 3])
    assert written(score_one(deal, Rules())) == {
        ("mountain", 1): 12,
        (2, 1): 12,
        (3, 1): 36,
    }


def test_no_consolation_on_a_failed_misere_either():
    # misère failed with 2 tricks: mountain 10·2 = 20; misere_consolation would
    # add 10·2 times consolation_whists from each other player: 0 here.
    deal = row("misere", 1, {}, [2, 4, 4])
    rules = Rules(consolation_whists=0, misere_consolation=True)
    assert written(score_one(deal, rules)) == {("mountain", 1): 20}
    with_it = written(score_one(deal, Rules(misere_consolation=True)))
    assert with_it == {("mountain", 1): 20, (2, 1): 20, (3, 1): 20}


def test_leningrad_without_consolation():
    # Leningrad's failed 8 of preferans-score's record: doubled undertricks and
    # trick whists: mountain 2·6·2 = 24, C writes 2·6·4 = 48; gentleman lone
    # whist: C and B share the 48 trick whists, 24 each.
    deal = row("8s", 1, {2: "pass", 3: "whist"}, [6, 1, 3])
    rules = Rules.leningrad(consolation_whists=0)
    assert written(score_one(deal, rules)) == {
        ("mountain", 1): 24,
        (2, 1): 24,
        (3, 1): 24,
    }


# --- a half-whist played out ------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "rules", "expected", "outcome", "shortfall"),
    [
        # preferans-score "calcola polvist con tetto e deficit", first case: 6 by
        # A, B passes, C half-whists and is asked to play; tricks 6/0/4. Half the
        # obligation is 4/2 = 2 tricks; C writes V = 2 a trick up to 2: 4.
        pytest.param(
            row("6s", 1, {2: "pass", 3: "half"}, [6, 0, 4]),
            Rules(half_whist="played", consolation_whists=0),
            {("pool", 1): 2, (3, 1): 4},
            "made",
            0,
            id="preferans-score-polvist-capped",
        ),
        # Its second case: tricks 9/0/1: C writes 2·1 = 2 and, one trick short
        # of his 2, writes 2 in his mountain.
        pytest.param(
            row("6s", 1, {2: "pass", 3: "half"}, [9, 0, 1]),
            Rules(half_whist="played", consolation_whists=0),
            {("pool", 1): 2, (3, 1): 2, ("mountain", 3): 2},
            "made",
            1,
            id="preferans-score-polvist-short",
        ),
        # By hand, Sochi with consolation: 7 by A played out, tricks A 6, B 1,
        # C 3. V = 4, A one short: mountain 4 and consolation 4 from B and C;
        # C's half of O = 2 is 1 trick: 4·1 = 4 more. C writes 8, B 4.
        pytest.param(
            row("7h", 1, {2: "pass", 3: "half"}, [6, 1, 3]),
            PLAYED,
            {("mountain", 1): 4, (2, 1): 4, (3, 1): 8},
            "failed",
            0,
            id="seven-failed-with-consolation",
        ),
        # By hand, 4 players, A deals: 6 by B; C first defender passes, D
        # half-whists and plays; tricks B 7, C 1, D 2. Made: pool 2; D writes
        # 2·2 = 4 (his 2 tricks reached); the dealer writes nothing.
        pytest.param(
            row("6d", 2, {3: "pass", 4: "half"}, [None, 7, 1, 2], n=4, dealer=1),
            PLAYED,
            {("pool", 2): 2, (4, 2): 4},
            "made",
            0,
            id="four-players",
        ),
        # By hand, Leningrad: 6 by A, tricks 7/0/3: trick_whists = 2, so C
        # writes 2·2 a trick up to 2 tricks: 8.
        pytest.param(
            row("6s", 1, {2: "pass", 3: "half"}, [7, 0, 3]),
            Rules.leningrad(half_whist="played"),
            {("pool", 1): 2, (3, 1): 8},
            "made",
            0,
            id="leningrad",
        ),
        # By hand, Rostov: a missing whister trick costs V/2: 6 by A, tricks
        # 10/0/0: C writes nothing and 2 tricks · 1 = 2 in his mountain.
        pytest.param(
            row("6s", 1, {2: "pass", 3: "half"}, [10, 0, 0]),
            Rules.rostov(half_whist="played"),
            {("pool", 1): 2, ("mountain", 3): 2},
            "made",
            2,
            id="rostov-shortfall",
        ),
        # Not played (no tricks): the half-whist as always, V·O/2 = 4.
        pytest.param(
            row("6s", 1, {2: "pass", 3: "half"}),
            PLAYED,
            {("pool", 1): 2, (3, 1): 4},
            "half_whist",
            0,
            id="not-asked-to-play",
        ),
    ],
)
def test_half_whist_played(deal, rules, expected, outcome, shortfall):
    scored = score_one(deal, rules)
    assert written(scored) == expected
    rec = scored.iloc[0]
    assert (rec["outcome"], int(rec["shortfall"])) == (outcome, shortfall)
    assert int(rec["whisters"]) == (0 if outcome == "half_whist" else 1)


def test_tricks_on_a_half_whist_are_refused_by_default_with_the_way_out():
    deal = row("6s", 1, {2: "pass", 3: "half"}, [6, 0, 4])
    with pytest.raises(LogValidationError) as err:
        score_one(deal, Rules())
    fc = err.value.failure_cases
    assert fc["column"].tolist() == ["tricks1", "tricks2", "tricks3"]
    assert set(fc["reason"]) == {"tricks_without_play"}
    assert "Rules(half_whist='played')" in str(err.value)
    assert "got 6" in str(err.value)


def test_a_played_half_whist_needs_every_trick_summing_to_ten():
    missing = row("6s", 1, {2: "pass", 3: "half"}, [6, None, 4])
    wrong = row("6s", 1, {2: "pass", 3: "half"}, [6, 1, 4], deal=2)
    with pytest.raises(LogValidationError) as err:
        preferans.score(pd.DataFrame([missing, wrong]), rules=PLAYED)
    fc = err.value.failure_cases
    got = set(zip(fc["deal"], fc["column"], fc["reason"], strict=True))
    assert got == {(1, "tricks2", "tricks_missing"), (2, "tricks", "tricks_sum")}


def test_played_half_whists_still_only_on_six_and_seven():
    deal = row("8s", 1, {2: "pass", 3: "half"}, [8, 0, 2])
    with pytest.raises(LogValidationError) as err:
        score_one(deal, PLAYED)
    assert "half_level" in set(err.value.failure_cases["reason"])


# --- every path that carries the rules --------------------------------------


def _game(rules_tricks: bool = True) -> pd.DataFrame:
    """A short game of both variants: a played half-whist, a failed contract,
    an unplayed half-whist, an all-pass deal."""
    rows = [
        row("6s", 1, {2: "pass", 3: "half"}, [9, 0, 1]),
        row("8s", 2, {3: "pass", 1: "whist"}, [3, 6, 1], deal=2),
        row("7h", 3, {1: "pass", 2: "half"}, deal=3),
        row("pass", None, {}, [2, 5, 3], deal=4),
    ]
    return pd.DataFrame(rows).assign(pool_target=10)


def test_the_ledger_and_the_sheet_add_up_to_the_settlement():
    rules = Rules(consolation_whists=0, half_whist="played")
    scored = preferans.score(_game(), rules=rules)
    # deal 1 (by hand): A pool 2, C 2 whists on A and 2 in his mountain; deal 2:
    # 8 by B, 2 short: mountain 12, A writes 6·(3 + 1) = 24; deal 3: B's
    # half-whist 4 on C, C pool 4; deal 4: mountains 2, 5, 3.
    sheet = preferans.sheet(scored)
    assert sheet["pool"].tolist() == [2, 0, 4]
    assert sheet["mountain"].tolist() == [2, 17, 5]
    assert sheet["whists_on_1"].fillna(0).tolist() == [0, 0, 2]
    assert sheet["whists_on_2"].fillna(0).tolist() == [24, 0, 0]
    assert sheet["whists_on_3"].fillna(0).tolist() == [0, 4, 0]
    # exact: a(P - mean P) + b(mean M - M) + pairs, with mean P = 2, mean M = 8:
    # A: 0 + 60 + 24 - 2 = 82; B: -20 - 90 - 24 + 4 = -130; C: 20 + 30 - 4 + 2 = 48
    settled = preferans.settle(sheet)
    assert settled["whists"].tolist() == [82.0, -130.0, 48.0]
    ledger = preferans.to_ledger(scored)
    totals = ledger.groupby("player", observed=True)["score"].sum()
    assert totals.to_dict() == {"A": 82.0, "B": -130.0, "C": 48.0}
    assert np.allclose(scored[[f"net_{i}" for i in SEATS]].sum(axis=1), 0)


def test_excel_export_keeps_the_rules_and_reads_back(tmp_path):
    rules = Rules(consolation_whists=0, half_whist="played")
    log = csf.validate(_game(), game="preferans", rules=rules)
    scored = preferans.score(log)
    path = csf.to_excel(scored, tmp_path / "variants.xlsx", method="average")
    assert read_metadata(path)["rules"] == rules.to_dict()
    back = csf.read_excel(path, game="preferans", kind="deals")
    assert back.cardscore.rules == rules
    pd.testing.assert_frame_equal(back, log)
    again = preferans.score(back)
    pd.testing.assert_frame_equal(again, scored)


def test_a_template_with_the_new_rules_keeps_them(tmp_path):
    rules = Rules(consolation_whists=0, half_whist="played")
    path = csf.write_template(
        tmp_path / "blank.xlsx", game="preferans", players=["A", "B", "C"], rules=rules
    )
    assert read_metadata(path)["rules"] == rules.to_dict()


# --- method 2's adjustment as PrefCount makes it -------------------------------


def sheet_of(rows, **extra) -> pd.DataFrame:
    """A sheet from (player, pool, mountain, whists on seats 1..n)."""
    out = []
    for seat, (player, pool, mountain, on) in enumerate(rows, start=1):
        r = {"game_id": 1, "seat": seat, "player": player}
        r.update(pool=pool, mountain=mountain)
        for j in range(4):
            r[f"whists_on_{j + 1}"] = on[j] if j < len(on) else None
        out.append(r)
    return pd.DataFrame(out).assign(**extra)


def prefcount_four(north_mountain: int) -> pd.DataFrame:
    """PrefCount ``testGenerateFinalResults4`` (Leningrad, 4 players): seats
    EAST, SOUTH, WEST, NORTH; pools 76, 74, 32, 22 (the largest stands for the
    target); each row's whists on seats 1..4."""
    return sheet_of(
        [
            ("Bob", 76, 74, [None, 172, 84, 236]),
            ("Dodge", 74, 60, [234, None, 60, 88]),
            ("Anya", 32, 34, [108, 220, None, 192]),
            ("Tim", 22, north_mountain, [180, 132, 48, None]),
        ]
    )


@pytest.mark.parametrize(
    ("north", "seat", "rounding", "adjustment", "whists"),
    [
        # Mountains with the pools moved in (2 points a pool point short of 76):
        # 74, 64, 122, 185; amnesty 10, 0, 58, 121 = 189 = 4·47 + 1.
        # PrefCount writes a point off EAST (188: mean 47) and the others write
        # 3 whists each on him: its record 341, 331, 221, -893.
        pytest.param(
            77, 1, "multiple", [-1, 0, 0, 0], [341, 331, 221, -893], id="prefcount-4k+1"
        ),
        # The seed's way adds a point instead (189 is odd: 188 and 190 tie,
        # the tie adds): mean 47.5; EAST 10·(47.5 - 11) + 9 - 30 = 344,
        # SOUTH 475 - 3 - 142 = 330, WEST -105 - 3 + 328 = 220,
        # NORTH -735 - 3 - 156 = -894.
        pytest.param(
            77, 1, "nearest", [1, 0, 0, 0], [344, 330, 220, -894], id="seed-4k+1"
        ),
        # 190 = 4·47 + 2: 10·190/4 is whole; nothing moves (PrefCount's record
        # 345, 333, 223, -901), either way.
        pytest.param(
            78, 1, "multiple", [0, 0, 0, 0], [345, 333, 223, -901], id="prefcount-4k+2"
        ),
        pytest.param(
            78, 1, "nearest", [0, 0, 0, 0], [345, 333, 223, -901], id="seed-4k+2"
        ),
        # 191 = 4·47 + 3, SOUTH adjusted: a point added either way (PrefCount's
        # record 347, 337, 225, -909).
        pytest.param(
            79, 2, "multiple", [0, 1, 0, 0], [347, 337, 225, -909], id="prefcount-4k+3"
        ),
        pytest.param(
            79, 2, "nearest", [0, 1, 0, 0], [347, 337, 225, -909], id="seed-4k+3"
        ),
    ],
)
def test_prefcount_records(north, seat, rounding, adjustment, whists):
    res = preferans.settle(
        prefcount_four(north),
        method="average",
        rules=Rules.leningrad(),
        adjust_seat=seat,
        rounding=rounding,
    )
    assert res["adjustment"].tolist() == adjustment
    assert res["whists"].tolist() == whists


def test_prefcount_pairs():
    # PrefCount's saldo of EAST against SOUTH, WEST, NORTH with 77: -65, -27, 53
    # (whists netted, then the 3 whists each wrote on EAST for his point).
    pairs = preferans.pairwise(
        prefcount_four(77),
        method="average",
        rules=Rules.leningrad(),
        adjust_seat=1,
        rounding="multiple",
    )
    east = pairs[pairs["seat"] == 1]
    assert (east["balance"] + east["compensation"]).tolist() == [-65, -27, 53]


def test_prefcount_three_players_agree_with_the_seed():
    # PrefCount testGenerateFinalResults3 (Leningrad, 3 players, EAST adjusted):
    # mountains with pools 62, 41, 60; amnesty 21, 0, 19 = 40 = 3·13 + 1: both
    # ways write a point off EAST; its record 8, -81, 73.
    sheet = sheet_of(
        [
            ("Zhenya", 14, 38, [None, 148, 10]),
            ("Petya", 26, 41, [28, None, 0]),
            ("Vitya", 10, 28, [46, 94, None]),
        ]
    )
    for rounding in ("multiple", "nearest"):
        res = preferans.settle(
            sheet,
            method="average",
            rules=Rules.leningrad(),
            adjust_seat=1,
            rounding=rounding,
        )
        assert res["adjustment"].tolist() == [-1, 0, 0]
        assert res["whists"].tolist() == [8, -81, 73]


def test_the_two_roundings_by_hand():
    # Four players, pools closed, mountains 0, 0, 0, 1, no whists. Exact: mean
    # 1/4, so 2.5, 2.5, 2.5, -7.5. Seed: 1 is odd, 0 and 2 tie, a point is added
    # to the last seat: mean 1/2, mountain whists 5, 5, 5, -15; he gets 3 from
    # each: 2, 2, 2, -6. PrefCount: to 0, a point written off: nobody owes the
    # mountain anything; each writes 3 on him: 3, 3, 3, -9.
    sheet = sheet_of(
        [("p1", 10, 0, []), ("p2", 10, 0, []), ("p3", 10, 0, []), ("p4", 10, 1, [])]
    ).assign(**{f"whists_on_{j}": pd.NA for j in SEATS})
    exact = preferans.settle(sheet)["whists"].tolist()
    seed = preferans.settle(sheet, method="average")
    multiple = preferans.settle(sheet, method="average", rounding="multiple")
    assert exact == [2.5, 2.5, 2.5, -7.5]
    assert seed["whists"].tolist() == [2, 2, 2, -6]
    assert multiple["whists"].tolist() == [3, 3, 3, -9]
    assert multiple["adjustment"].tolist() == [0, 0, 0, -1]


def test_the_seed_example_is_the_same_either_way():
    # Seed method 2: amnesty 0, 6, 17, 12 = 35 = 4·8 + 3: a point added to Ю
    # either way: +37, -103, -23, +89.
    sheet = sheet_of(
        [
            ("С", 20, 4, [None, 34, 20, 12]),
            ("З", 20, 10, [32, None, 8, 6]),
            ("В", 20, 21, [30, 58, None, 40]),
            ("Ю", 20, 16, [54, 84, 40, None]),
        ]
    )
    for rounding in ("nearest", "multiple"):
        res = preferans.settle(sheet, method="average", rounding=rounding)
        assert res["whists"].tolist() == [37, -103, -23, 89]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        pytest.param(
            {"method": "average", "rounding": "down"},
            "rounding must be one of nearest, multiple; got 'down'",
            id="unknown",
        ),
        pytest.param(
            {"method": "paper", "rounding": "multiple"},
            "rounding='multiple' is an option of method='average' (method 2) only; "
            "got method='paper'",
            id="not-method-2",
        ),
    ],
)
def test_bad_rounding(options, message):
    with pytest.raises(RulesError) as err:
        preferans.settle(prefcount_four(77), rules=Rules.leningrad(), **options)
    assert str(err.value) == message


def test_settle_report_takes_the_rounding():
    tables = preferans.settle_report(
        prefcount_four(77),
        method="average",
        rules=Rules.leningrad(),
        adjust_seat=1,
        rounding="multiple",
    )
    assert tables["Settlement (average)"]["whists"].tolist() == [341, 331, 221, -893]
    assert tables["Games"]["points_moved"].tolist() == [1]


def test_excel_export_lays_out_the_prefcount_adjustment(tmp_path):
    # The block's adjustment row is a formula of the amnesty row; the value
    # stored beside it and the whists are the package's (-1 on the last seat,
    # as the sheet's method 2 always adjusts the last seat).
    sheet = prefcount_four(77)
    # seed order of the method-2 seat is the last: move the 4k+1 case there
    res = preferans.settle(
        sheet, method="average", rules=Rules.leningrad(), rounding="multiple"
    )
    # by hand, NORTH's point written off: 10·(47 - 120) = -730, and 9 whists on
    # him: -730 - 9 - 156 = -895; the others 370 + 3 - 30 = 343,
    # 470 + 3 - 142 = 331, -110 + 3 + 328 = 221.
    assert res["whists"].tolist() == [343, 331, 221, -895]
    rules = Rules.leningrad()
    log = csf.validate(sheet, game="preferans", kind="sheet", rules=rules)
    path = csf.to_excel(
        log, tmp_path / "pc.xlsx", method="average", rounding="multiple"
    )
    assert read_metadata(path)["options"]["rounding"] == "multiple"
    values = openpyxl.load_workbook(path, data_only=True)["Пулька 1"]
    formulas = openpyxl.load_workbook(path)["Пулька 1"]
    found = [
        (cell.coordinate, cell.value)
        for row in formulas.iter_rows()
        for cell in row
        if isinstance(cell.value, str)
        and "MOD(SUM(" in cell.value
        and ",4)" in cell.value
    ]
    assert len(found) == 1  # the last seat's adjustment, rounding to a multiple
    assert values[found[0][0]].value == -1
    titles = [
        cell.value
        for row in values.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith("Расчёт: метод 2")
    ]
    assert titles == ["Расчёт: метод 2 (средняя гора, сумма гор кратна числу игроков)"]


@pytest.mark.skipif(
    shutil.which("soffice") is None, reason="LibreOffice is not installed"
)
def test_libreoffice_recalculates_the_prefcount_block_to_our_values(tmp_path):
    # The 4k + 1 case on the last seat, where the two roundings differ: every
    # formula a real spreadsheet recalculates gives the value stored beside it.
    log = csf.validate(
        prefcount_four(77), game="preferans", kind="sheet", rules=Rules.leningrad()
    )
    path = csf.to_excel(
        log, tmp_path / "pc.xlsx", method="average", rounding="multiple"
    )
    stored = openpyxl.load_workbook(path, data_only=True)["Пулька 1"]
    formulas = openpyxl.load_workbook(path)["Пулька 1"]
    (again,) = recalculate_all([path], tmp_path / "out", tmp_path / "profile")
    redone = openpyxl.load_workbook(again, data_only=True)["Пулька 1"]
    cells = [
        c.coordinate
        for r in formulas.iter_rows()
        for c in r
        if isinstance(c.value, str) and c.value.startswith("=")
    ]
    assert len(cells) > 50
    wrong = {
        ref: (stored[ref].value, redone[ref].value)
        for ref in cells
        if stored[ref].value != redone[ref].value
        and not (
            isinstance(stored[ref].value, int | float)
            and abs(stored[ref].value - (redone[ref].value or 0)) < 1e-9
        )
    }
    assert not wrong


def test_dask_settle_takes_the_rounding():
    dd = pytest.importorskip("dask.dataframe")
    dask = pytest.importorskip("dask")
    sheet = prefcount_four(77)
    with dask.config.set(scheduler="sync"):
        got = preferans.settle(
            dd.from_pandas(sheet, npartitions=1),
            method="average",
            rules=Rules.leningrad(),
            adjust_seat=1,
            rounding="multiple",
        ).compute()
    assert got["whists"].tolist() == [341, 331, 221, -893]


def test_command_line_settle_takes_the_rounding(tmp_path):
    path = tmp_path / "prefcount.csv"
    prefcount_four(77).to_csv(path, index=False)
    common = ["settle", str(path), "--rules", "leningrad", "--method", "average"]
    got = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardscore_frames",
            *common,
            "--adjust-seat",
            "1",
            "--rounding",
            "multiple",
            "--out",
            str(tmp_path / "out.csv"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert got.returncode == 0, got.stderr
    out = pd.read_csv(tmp_path / "out.csv")
    assert out["whists"].tolist() == [341, 331, 221, -893]


# --- the vectorised scorer against a plain deal-by-deal oracle ----------------

VALUE = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}


def _oracle_contract(rec, rules, seat_of):
    """One contract deal as the docs' rules say, written out plainly: returns
    {(kind, seat) or (i, j): amount}, seats 1-based."""
    out: dict = {}

    def add(key, amount):
        if amount:
            out[key] = out.get(key, 0) + int(amount)

    n = 4 if pd.notna(rec["player4"]) else 3
    declarer = seat_of[rec["declarer"]]
    dealer = seat_of.get(rec["dealer"]) if n == 4 else None
    order = [(declarer - 1 + k) % n + 1 for k in range(1, n)]
    first, second = [s for s in order if s != dealer]
    call = {s: rec[f"call{s}"] for s in (first, second)}
    tricks = {s: rec[f"tricks{s}"] for s in range(1, n + 1)}
    given = any(pd.notna(t) for t in tricks.values())
    tricks = {s: 0 if pd.isna(t) else int(t) for s, t in tricks.items()}
    level = int(str(rec["contract"]).rstrip("schdnt"))
    v, o = VALUE[level], OBLIGATION[level]
    others = [s for s in range(1, n + 1) if s != declarer]
    if not rules.dealer_consolation:
        others = [s for s in others if s != dealer]
    half = call[second] == "half"
    whisters = [s for s in (first, second) if call[s] == "whist"]
    if half and not (rules.half_whist == "played" and given):
        add(("pool", declarer), v)
        rate = rules.consolation_whists or rules.trick_whists
        add((second, declarer), rate * v * o // 2)
        return out
    if not whisters and not half:
        add(("pool", declarer), v)
        return out
    short = max(level - tricks[declarer], 0)
    if short:
        add(("mountain", declarer), rules.undertrick_mountain * v * short)
        for s in others:
            add((s, declarer), rules.consolation_whists * v * short)
    else:
        add(("pool", declarer), v)
    took = tricks[first] + tricks[second]
    cost = round(rules.whister_shortfall * v)
    if half:  # played out: a lone whist for O/2
        add((second, declarer), rules.trick_whists * v * min(took, o // 2))
        if rules.responsible_whist:
            add(("mountain", second), cost * max(o // 2 - took, 0))
        return out
    per = rules.trick_whists * v
    if len(whisters) == 2:
        for s in whisters:
            add((s, declarer), per * tricks[s])
    elif short and rules.lone_whist == "gentleman":
        add((first, declarer), per * took // 2)
        add((second, declarer), per * took // 2)
    else:
        add((whisters[0], declarer), per * took)
    missing = max(o - took, 0) if rules.responsible_whist else 0
    if len(whisters) == 1:
        add(("mountain", whisters[0]), cost * missing)
    elif level <= 7:
        for s in whisters:
            add(("mountain", s), cost * min(max(o // 2 - tricks[s], 0), missing))
    else:
        add(("mountain", second), cost * missing)
    return out


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(Rules(consolation_whists=0, half_whist="played"), id="both"),
        pytest.param(Rules(half_whist="played"), id="played"),
        pytest.param(Rules(consolation_whists=0), id="no-consolation"),
        pytest.param(
            Rules.rostov(consolation_whists=0, half_whist="played"), id="rostov"
        ),
        pytest.param(
            Rules(
                consolation_whists=2,
                trick_whists=2,
                half_whist="played",
                dealer_consolation=False,
                responsible_whist=False,
            ),
            id="doubled-no-dealer-not-responsible",
        ),
    ],
)
def test_every_contract_deal_as_the_plain_oracle_scores_it(rules):
    # uncapped pools (a target nobody reaches) so that each deal stands alone
    log = preferans.random_games(
        120, seed=11, rules=rules, pool_targets=(10_000,), max_deals=25, to_end=False
    )
    scored = preferans.score(log, rules=rules)
    contract = ~scored["contract"].isin(["pass", "misere"]).to_numpy()
    played_half = 0
    for k in np.flatnonzero(contract):
        rec = log.iloc[k]
        seat_of = {rec[f"player{s}"]: s for s in SEATS if pd.notna(rec[f"player{s}"])}
        expected = _oracle_contract(rec, rules, seat_of)
        assert written(scored, k) == expected, (k, rec.to_dict())
        played_half += scored["outcome"].iloc[k] in ("made", "failed") and any(
            rec[f"call{s}"] == "half" for s in SEATS
        )
    assert contract.sum() > 2000
    if rules.half_whist == "played":
        assert played_half > 50  # the generator plays about half of them out


def test_season_tables_of_a_log_scored_with_the_variants():
    # The season's standings and profiles take the log as scored with its
    # rules: each player's total is the sum of his games' exact settlements
    # (the sheet summed from the deals, then settled: another path).
    rules = Rules(half_whist="played", consolation_whists=0)
    log = csf.validate(
        preferans.random_games(6, seed=2, rules=rules), game="preferans", rules=rules
    )
    scored = preferans.score(log)
    halves = scored[[f"call{s}" for s in SEATS]].eq("half").any(axis=1)
    assert (halves & scored["outcome"].isin(["made", "failed"])).any()
    standings = csf.season.standings(preferans.to_ledger(scored), by=None)
    settled = preferans.settle(preferans.sheet(scored))
    expected = settled.groupby("player", observed=True)["whists"].sum().sort_index()
    got = standings.set_index("player")["total"].sort_index()
    assert np.allclose(got, expected)
    players = csf.season.profile(scored)["player"].set_index("player")
    assert (
        players["deals"].sum()
        == (scored["players"].clip(upper=3)).sum() + (scored["players"] == 4).sum()
    )
