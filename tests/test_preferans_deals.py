"""Preferans deal scoring: the rules file's examples, every outcome by hand, pool
overflow, bad input, and the vectorised scorer against the row-by-row reference
(tests/preferans_reference.py) on thousands of generated games.

Expected values in the tables are worked out by hand from docs/games/preferans.md;
the reference scorer and the exact-settlement oracle share no code with the package.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from preferans_reference import exact_settlement, ledger_reference, score_reference

import cardscore_frames as csf
from cardscore_frames.errors import LogValidationError, RulesError
from cardscore_frames.games import preferans
from cardscore_frames.games.preferans import Rules

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "preferans_season.csv"
NAMES = ("A", "B", "C", "D")
SEATS = range(1, 5)
PAIRS = [(i, j) for i in SEATS for j in SEATS if i != j]
SHEET_COLUMNS = (
    [f"pool_{i}" for i in SEATS]
    + [f"mountain_{i}" for i in SEATS]
    + [f"whists_{i}_on_{j}" for i, j in PAIRS]
)


def row(
    contract,
    declarer=None,
    calls=None,
    tricks=None,
    *,
    n=3,
    dealer=None,
    deal=1,
    game=1,
    target=100,
):
    """One log row: calls as {seat: call}, tricks as a list by seat (None: blank)."""
    r = {"game_id": game, "deal": deal}
    for i in SEATS:
        r[f"player{i}"] = NAMES[i - 1] if i <= n else None
    r["dealer"] = NAMES[dealer - 1] if dealer else None
    r["declarer"] = NAMES[declarer - 1] if declarer else None
    r["contract"] = contract
    for i in SEATS:
        r[f"call{i}"] = (calls or {}).get(i)
        t = (tricks or [])[i - 1] if i <= len(tricks or []) else None
        r[f"tricks{i}"] = t
    r["pool_target"] = target
    return r


def frame(*rows) -> pd.DataFrame:
    return pd.DataFrame(list(rows))


def written(scored: pd.DataFrame, k: int = 0) -> dict:
    """The non-zero pool, mountain and whists of deal k, keyed like the tables."""
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


W, P, H = "whist", "pass", "half"
SOCHI, LEN, ROS = Rules(), Rules.leningrad(), Rules.rostov()

# (deal row, rules, expected: ("pool"|"mountain", seat) -> points, (i, j) -> whists)
DEALS = [
    pytest.param(
        row("7S", 1, {2: W, 3: W}, [7, 2, 1]),
        SOCHI,
        {("pool", 1): 4, (2, 1): 8, (3, 1): 4},
        id="rules-example-seven-made",
    ),
    pytest.param(
        row("6H", 1, {2: W, 3: P}, [5, 3, 2]),
        SOCHI,
        {("mountain", 1): 2, (2, 1): 12, (3, 1): 2},
        id="rules-example-six-failed-lone-greedy",
    ),
    pytest.param(row("6S", 1, {2: P, 3: P}), SOCHI, {("pool", 1): 2}, id="both-pass-6"),
    pytest.param(
        row("10NT", 1, {2: P, 3: P}), SOCHI, {("pool", 1): 10}, id="both-pass-10"
    ),
    pytest.param(
        row("6C", 1, {2: P, 3: H}),
        SOCHI,
        {("pool", 1): 2, (3, 1): 4},
        id="half-whist-6",
    ),
    pytest.param(
        row("7D", 1, {2: P, 3: H}),
        SOCHI,
        {("pool", 1): 4, (3, 1): 4},
        id="half-whist-7",
    ),
    pytest.param(
        row("6C", 1, {2: P, 3: H}),
        LEN,
        {("pool", 1): 2, (3, 1): 8},
        id="half-whist-6-leningrad",
    ),
    pytest.param(
        row("6S", 1, {2: P, 3: W}, [6, 1, 3]),
        SOCHI,
        {("pool", 1): 2, (3, 1): 8},
        id="lone-whist-made",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: W}, [6, 2, 2]),
        SOCHI,
        {("pool", 1): 2, (2, 1): 4, (3, 1): 4},
        id="double-whist-made",
    ),
    pytest.param(
        row("8H", 1, {2: W, 3: W}, [6, 3, 1]),
        SOCHI,
        {("mountain", 1): 12, (2, 1): 30, (3, 1): 18},
        id="eight-failed-by-two-double-whist",
    ),
    pytest.param(
        row("10S", 1, {2: W, 3: P}, [9, 1, 0]),
        SOCHI,
        {("mountain", 1): 10, (2, 1): 20, (3, 1): 10},
        id="ten-failed-lone",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: P}, [7, 2, 1]),
        SOCHI,
        {("pool", 1): 2, ("mountain", 2): 2, (2, 1): 6},
        id="shortfall-6-lone",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: W}, [8, 0, 2]),
        SOCHI,
        {("pool", 1): 2, ("mountain", 2): 4, (3, 1): 4},
        id="shortfall-6-double-first-short",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: W}, [8, 1, 1]),
        SOCHI,
        {("pool", 1): 2, ("mountain", 2): 2, ("mountain", 3): 2, (2, 1): 2, (3, 1): 2},
        id="shortfall-6-double-shared",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: W}, [7, 3, 0]),
        SOCHI,
        {("pool", 1): 2, ("mountain", 3): 2, (2, 1): 6},
        id="shortfall-6-double-capped-at-shortfall",
    ),
    pytest.param(
        row("7S", 1, {2: W, 3: W}, [9, 1, 0]),
        SOCHI,
        {("pool", 1): 4, ("mountain", 3): 4, (2, 1): 4},
        id="shortfall-7-double-second-short",
    ),
    pytest.param(
        row("8S", 1, {2: W, 3: W}, [10, 0, 0]),
        SOCHI,
        {("pool", 1): 6, ("mountain", 3): 6},
        id="shortfall-8-second-whister",
    ),
    pytest.param(
        row("8S", 1, {2: W, 3: P}, [10, 0, 0]),
        SOCHI,
        {("pool", 1): 6, ("mountain", 2): 6},
        id="shortfall-8-lone",
    ),
    pytest.param(
        row("9NT", 3, {1: W, 2: W}, [0, 0, 10]),
        SOCHI,
        {("pool", 3): 8, ("mountain", 2): 8},
        id="shortfall-9-second-is-later-in-turn",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: P}, [7, 2, 1]),
        Rules(responsible_whist=False),
        {("pool", 1): 2, (2, 1): 6},
        id="not-responsible",
    ),
    pytest.param(
        row("misere", 1, tricks=[0, 4, 6]), SOCHI, {("pool", 1): 10}, id="misere-made"
    ),
    pytest.param(
        row("misere", 1, {2: P, 3: P}, [2, 5, 3]),
        SOCHI,
        {("mountain", 1): 20},
        id="misere-failed",
    ),
    pytest.param(
        row("misere", 1, tricks=[2, 5, 3]),
        LEN,
        {("mountain", 1): 40},
        id="misere-failed-leningrad",
    ),
    pytest.param(
        row("misere", 1, tricks=[2, 5, 3]),
        Rules(misere_consolation=True),
        {("mountain", 1): 20, (2, 1): 20, (3, 1): 20},
        id="misere-failed-consolation",
    ),
    pytest.param(
        row("pass", tricks=[0, 4, 6]),
        SOCHI,
        {("pool", 1): 1, ("mountain", 2): 4, ("mountain", 3): 6},
        id="all-pass",
    ),
    pytest.param(
        row("pass", tricks=[2, 3, 5]),
        ROS,
        {(1, 2): 15, (1, 3): 25},
        id="all-pass-rostov",
    ),
    pytest.param(
        row("pass", tricks=[2, 2, 6]),
        ROS,
        {(1, 3): 30, (2, 3): 30},
        id="all-pass-rostov-tie",
    ),
    pytest.param(
        row("pass", tricks=[0, 4, 6]),
        ROS,
        {("pool", 1): 1, (1, 2): 20, (1, 3): 30},
        id="all-pass-rostov-blank",
    ),
    pytest.param(
        row("6H", 1, {2: W, 3: P}, [5, 3, 2]),
        ROS,
        {("mountain", 1): 2, (2, 1): 7, (3, 1): 7},
        id="gentleman-failed",
    ),
    pytest.param(
        row("6H", 1, {2: W, 3: P}, [6, 3, 1]),
        ROS,
        {("pool", 1): 2, (2, 1): 8},
        id="gentleman-made-is-greedy",
    ),
    pytest.param(
        row("6H", 1, {2: W, 3: P}, [5, 3, 2]),
        LEN,
        {("mountain", 1): 4, (2, 1): 14, (3, 1): 14},
        id="gentleman-failed-leningrad",
    ),
    pytest.param(
        row("7H", 1, {2: W, 3: W}, [7, 2, 1]),
        LEN,
        {("pool", 1): 4, (2, 1): 16, (3, 1): 8},
        id="double-whist-leningrad",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: P}, [7, 2, 1]),
        ROS,
        {("pool", 1): 2, ("mountain", 2): 1, (2, 1): 6},
        id="shortfall-rostov-half-v",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: W}, [5, 3, 2, None], n=4, dealer=4),
        SOCHI,
        {("mountain", 1): 2, (2, 1): 8, (3, 1): 6, (4, 1): 2},
        id="four-dealer-consoles",
    ),
    pytest.param(
        row("6S", 1, {2: W, 3: W}, [5, 3, 2, None], n=4, dealer=4),
        Rules(dealer_consolation=False),
        {("mountain", 1): 2, (2, 1): 8, (3, 1): 6},
        id="four-dealer-silent",
    ),
    pytest.param(
        row("7S", 3, {4: P, 2: H}, n=4, dealer=1),
        SOCHI,
        {("pool", 3): 4, (2, 3): 4},
        id="four-defenders-skip-dealer",
    ),
    pytest.param(
        row("pass", tricks=[0, None, 4, 6], n=4, dealer=2),
        SOCHI,
        {("pool", 1): 1, ("mountain", 3): 4, ("mountain", 4): 6},
        id="four-all-pass-dealer-out",
    ),
]


@pytest.mark.parametrize("deal, rules, expected", DEALS)
def test_one_deal(deal, rules, expected):
    scored = preferans.score(frame(deal), rules=rules)
    assert written(scored) == expected
    ref = score_reference(csf.validate(frame(deal), game="preferans"), rules)
    assert written(ref) == expected


def test_outcome_and_counts():
    deals = frame(
        row("6S", 1, {2: W, 3: P}, [7, 2, 1]),
        row("pass", tricks=[0, 4, 6], deal=2),
        row("6C", 1, {2: P, 3: H}, deal=3),
        row("8H", 1, {2: W, 3: W}, [6, 3, 1], deal=4),
    )
    scored = preferans.score(deals)
    assert scored["outcome"].tolist() == ["made", "all_pass", "half_whist", "failed"]
    assert scored["whisters"].tolist() == [1, 0, 0, 2]
    assert scored["shortfall"].tolist() == [1, 0, 0, 0]
    assert scored["undertricks"].tolist() == [0, 0, 0, 2]
    assert scored["value"].tolist() == [2, 1, 2, 6]
    assert scored["declarer_seat"].fillna(0).tolist() == [1, 0, 1, 1]
    assert scored["declarer_seat"].isna().tolist() == [False, True, False, False]


def test_all_pass_progression():
    rules = Rules(all_pass_price=(1, 2, 3))
    deals = frame(
        *(row("pass", tricks=[1, 4, 5], deal=k) for k in range(1, 5)),
        row("6S", 1, {2: P, 3: P}, deal=5),
        row("pass", tricks=[1, 4, 5], deal=6),
    )
    scored = preferans.score(deals, rules=rules)
    assert scored["value"].tolist() == [1, 2, 3, 3, 2, 1]
    assert scored["mountain_2"].tolist() == [4, 8, 12, 12, 0, 4]


# --- the pools: cap, overflow, end of game -----------------------------------------


def both_pass(declarer, contract, deal, **kw):
    return row(
        contract,
        declarer,
        {s: P for s in (1, 2, 3) if s != declarer},
        deal=deal,
        target=10,
        **kw,
    )


def test_overflow_to_smallest_shortfall():
    deals = frame(
        both_pass(1, "7S", 1),
        both_pass(1, "7S", 2),
        both_pass(2, "6S", 3),
        both_pass(1, "7S", 4),
    )
    last = preferans.score(deals).iloc[3]
    assert (last["pool_1"], last["pool_2"], last["overflow"]) == (2, 2, 2)
    assert last["whists_1_on_2"] == 20
    assert [last[f"pool_sheet_{i}"] for i in (1, 2, 3)] == [10, 4, 0]


@pytest.mark.parametrize(
    "donor, taker",
    [(3, 1), (2, 3), (1, 2)],
    ids=["wraps-to-seat-1", "next-clockwise", "seat-2-after-1"],
)
def test_overflow_tie_goes_clockwise(donor, taker):
    deals = frame(both_pass(donor, "10NT", 1), both_pass(donor, "6S", 2))
    last = preferans.score(deals).iloc[1]
    assert last[f"pool_{taker}"] == 2
    assert last[f"whists_{donor}_on_{taker}"] == 20


def test_overflow_split_then_off_the_mountain_then_end():
    deals = frame(
        both_pass(1, "10NT", 1),
        both_pass(2, "7S", 2),
        both_pass(2, "7S", 3),
        both_pass(3, "6S", 4),
        both_pass(3, "6S", 5),
        both_pass(1, "10NT", 6),
    )
    scored = preferans.score(deals)
    last = written(scored, 5)
    assert last == {
        ("pool", 2): 2,
        ("pool", 3): 6,
        ("mountain", 1): -2,
        (1, 2): 20,
        (1, 3): 60,
    }
    assert scored["game_over"].tolist() == [False] * 5 + [True]
    assert scored["overflow"].iloc[5] == 10


def test_running_sheets_stay_exact_when_the_log_s_sum_wraps():
    # The running sheets are one cumulative sum over the whole log (int32), less
    # its value before each game's first deal. Over a long log that sum wraps
    # around; each game's own totals, which fit, must still come out exact, in a
    # log in game order and in a shuffled one.
    from cardscore_frames.checking import game_index
    from cardscore_frames.games.preferans.arithmetic.arrays import _running
    from cardscore_frames.games.preferans.arithmetic.pools import walk

    big = 10**9
    log = pd.DataFrame({"game_id": [1, 1, 2, 2, 3, 3], "deal": [1, 2, 1, 2, 1, 2]})
    values = np.zeros((4, 6), np.int32)
    values[0] = [big, big, big, big, big, -big]  # the log's sum passes 2**31
    values[1] = [5, -3, 7, 1, -big, big]
    want = np.zeros((4, 6), np.int64)
    want[0] = [big, 2 * big, big, 2 * big, big, 0]
    want[1] = [5, 2, 7, 8, -big, 0]
    for order in ([0, 1, 2, 3, 4, 5], [5, 2, 0, 4, 3, 1]):
        lay = walk(game_index(log.iloc[order].reset_index(drop=True), "deal"))
        out = np.empty((4, 6), np.int32)
        _running(values[:, order], lay, out=out)
        np.testing.assert_array_equal(out, want[:, order])


def test_deal_after_the_end():
    deals = frame(
        both_pass(1, "10NT", 1),
        both_pass(2, "10NT", 2),
        both_pass(3, "10NT", 3),
        both_pass(3, "6S", 4),
    )
    with pytest.raises(LogValidationError) as err:
        preferans.score(deals)
    fc = err.value.failure_cases
    assert fc[["game_id", "deal", "column", "value", "reason"]].values.tolist() == [
        [1, 4, "deal", 4, "after_end"]
    ]
    assert "over after deal 3" in fc["message"].iloc[0]
    scored = preferans.score(deals, rules=Rules(after_end="score"))
    assert written(scored, 3) == {("mountain", 3): -2}
    assert scored["after_end"].tolist() == [False, False, False, True]


def test_dealer_takes_overflow_at_four():
    deals = frame(
        row("6S", 4, {2: P, 3: P}, n=4, dealer=1, deal=1, target=4),
        row("7S", 1, {3: P, 4: P}, n=4, dealer=2, deal=2, target=4),
        row("6S", 1, {2: P, 3: P}, n=4, dealer=4, deal=3, target=4),
    )
    assert written(preferans.score(deals), 2) == {("pool", 4): 2, (1, 4): 20}


def test_leningrad_no_cap_ends_at_pool_sum():
    deals = frame(both_pass(1, "7S", 1), both_pass(2, "7S", 2), both_pass(1, "7S", 3))
    rules = Rules.leningrad(pool_target=8)
    with pytest.raises(LogValidationError, match="after the end"):
        preferans.score(deals.drop(columns="pool_target"), rules=rules)
    scored = preferans.score(deals.assign(pool_target=12), rules=rules)
    assert scored["pool_sheet_1"].tolist() == [4, 4, 8]
    assert scored["game_over"].tolist() == [False, False, True]


def test_pool_target_from_rules_fills_blanks():
    deals = frame(both_pass(1, "7S", 1), both_pass(1, "7S", 2))
    deals = deals.drop(columns="pool_target")
    scored = preferans.score(deals, rules=Rules(pool_target=6))
    assert scored["pool_target"].tolist() == [6, 6]
    assert scored["pool_sheet_1"].tolist() == [4, 6]


# --- the sheet, the ledger and the settlement --------------------------------------


def oracle_settlement(scored: pd.DataFrame, rules: Rules) -> dict:
    """The exact formula on each game's summed deals, written out plainly."""
    out = {}
    for game, deals in scored.groupby("game_id"):
        n = int(deals["players"].iloc[0])
        pool = [int(deals[f"pool_{i}"].sum()) for i in range(1, n + 1)]
        mountain = [int(deals[f"mountain_{i}"].sum()) for i in range(1, n + 1)]
        w = [
            [
                int(deals[f"whists_{i}_on_{j}"].sum()) if i != j else 0
                for j in range(1, n + 1)
            ]
            for i in range(1, n + 1)
        ]
        final = exact_settlement(
            pool, mountain, w, rules.pool_whists, rules.mountain_whists
        )
        for i in range(n):
            out[(game, deals[f"player{i + 1}"].iloc[0])] = final[i]
    return out


def test_oracle_formula_on_the_seed_example():
    # С, З, В, Ю: mountains 4, 10, 21, 16, pools closed, whists netted by pairs
    balance = {(0, 1): 2, (0, 2): -10, (0, 3): -42, (1, 2): -50, (1, 3): -78, (2, 3): 0}
    w = [[0] * 4 for _ in range(4)]
    for (i, j), v in balance.items():
        w[i][j], w[j][i] = max(v, 0), max(-v, 0)
    got = exact_settlement([30] * 4, [4, 10, 21, 16], w, 10, 10)
    assert got == [37.5, -102.5, -22.5, 87.5]


def test_sheet_is_what_settle_takes():
    deals = preferans.random_games(40, seed=11)
    scored = preferans.score(deals)
    sheet = preferans.sheet(scored)
    checked = csf.validate(
        sheet, game="preferans", kind="sheet"
    )  # the settlement's schema
    assert len(checked) == len(sheet)
    assert sheet["whists_on_1"].isna().tolist() == (sheet["seat"] == 1).tolist()
    three = sheet.groupby("game_id")["seat"].transform("size") == 3
    assert sheet.loc[three, "whists_on_4"].isna().all()
    result = preferans.settle(sheet)
    got = dict(zip(zip(result["game_id"], result["player"]), result["whists"]))
    want = oracle_settlement(scored, Rules())
    assert got.keys() == want.keys()
    assert max(abs(got[k] - want[k]) for k in want) < 1e-9


@pytest.mark.parametrize(
    "rules", [SOCHI, LEN, ROS], ids=["sochi", "leningrad", "rostov"]
)
def test_ledger_sums_to_the_exact_settlement(rules):
    deals = preferans.random_games(60, seed=5, rules=rules)
    scored = preferans.score(deals, rules=rules)
    ledger = csf.check_ledger(preferans.to_ledger(scored))
    assert (ledger["game"] == "preferans").all()
    ids = ledger["game_id"].astype(int)
    per_game = ledger.groupby([ids, "player"], observed=True)["score"].sum()
    want = ledger_reference(deals, rules)
    assert max(abs(per_game[k] - v) for k, v in want.items()) < 1e-9
    assert len(per_game) == len(want)


def test_names_that_differ_only_in_case_are_two_players():
    # "nan" and "NAN" sit in seats 1 and 2; in deal 2 "NAN" deals and sits out,
    # "nan" whists alone on "0"'s 6 of diamonds (a case found by hypothesis:
    # the reference once looked the dealer up by lowered name, seat 1)
    deals = frame(
        row("6D", 2, {3: W, 4: P}, [None, 7, 1, 2], n=4, dealer=1),
        row("6D", 4, {1: W, 3: P}, [3, None, 1, 6], n=4, dealer=2, deal=2),
    )
    names = dict(zip(NAMES, ["nan", "NAN", "00", "0"], strict=False))
    for column in ("player1", "player2", "player3", "player4", "dealer", "declarer"):
        deals[column] = deals[column].map(names)
    ledger = preferans.to_ledger(preferans.score(deals))
    got = ledger.groupby("player", observed=True)["score"].sum().to_dict()
    want = {p: v for (_, p), v in ledger_reference(deals, Rules()).items()}
    assert got == pytest.approx(want)
    # the lone whister writes 4 tricks x 2 on the declarer: 10 x (2 - 2/4) - 8
    assert ledger.loc[ledger["deal"] == 2].set_index("player")["score"].to_dict() == {
        "nan": 3.0,
        "NAN": -5.0,
        "00": -5.0,
        "0": 7.0,
    }


def test_ledger_roles():
    deals = frame(
        row("6S", 1, {2: W, 3: P}, [7, 2, 1, None], n=4, dealer=4),
        row("7S", 3, {4: P, 2: H}, n=4, dealer=1, deal=2),
        row("pass", tricks=[0, None, 4, 6], n=4, dealer=2, deal=3),
        row("misere", 2, tricks=[3, 0, 7, None], n=4, dealer=4, deal=4),
    )
    ledger = preferans.to_ledger(preferans.score(deals))
    roles = ledger.pivot(index="deal", columns="seat", values="role")
    assert roles.astype(str).values.tolist() == [
        ["declarer", "whister", "passer", "dealer"],
        ["dealer", "half_whister", "declarer", "passer"],
        ["all_pass", "dealer", "all_pass", "all_pass"],
        ["defender", "declarer", "defender", "dealer"],
    ]


# --- the reference on thousands of generated games ---------------------------------

VARIANTS = [
    pytest.param(Rules(), 2000, id="sochi"),
    pytest.param(Rules.leningrad(), 1000, id="leningrad"),
    pytest.param(Rules.rostov(), 1000, id="rostov"),
    pytest.param(
        Rules(
            all_pass_price=(1, 2, 3),
            misere_consolation=True,
            dealer_consolation=False,
            responsible_whist=False,
        ),
        1000,
        id="options",
    ),
    pytest.param(
        Rules.rostov(all_pass_whists=3, all_pass_price=(2, 4)), 800, id="rostov-prices"
    ),
]


def _compare(scored: pd.DataFrame, ref: pd.DataFrame) -> None:
    for col in ref.columns:
        got, want = scored[col].to_numpy(), ref[col].to_numpy()
        if col.startswith("net"):
            np.testing.assert_allclose(got.astype(float), want.astype(float), atol=1e-9)
        else:
            assert (got.astype(str) == want.astype(str)).all(), col


@pytest.mark.parametrize("rules, games", VARIANTS)
def test_against_reference(rules, games):
    # drawn past each game's end, so that surplus nobody takes is common too
    deals = preferans.random_games(
        games,
        seed=games,
        rules=rules,
        to_end=False,
        max_deals=30,
        pool_targets=(8, 12, 20),
    )
    scored = preferans.score(deals, rules=replace(rules, after_end="score"))
    _compare(scored, score_reference(deals, rules))
    assert scored["after_end"].any()
    assert scored["overflow"].gt(0).any() == rules.pool_cap
    assert scored[[f"mountain_{i}" for i in SEATS]].lt(0).any().any() == rules.pool_cap


def test_against_reference_games_played_to_the_end():
    deals = preferans.random_games(500, seed=3)
    _compare(preferans.score(deals), score_reference(deals, Rules()))


# --- properties --------------------------------------------------------------------

RULES = st.sampled_from(
    [
        SOCHI,
        LEN,
        ROS,
        Rules(all_pass_price=(1, 2)),
        Rules(dealer_consolation=False, misere_consolation=True),
    ]
)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), rules=RULES, to_end=st.booleans())
def test_properties(seed, rules, to_end):
    deals = preferans.random_games(
        8, seed=seed, rules=rules, to_end=to_end, max_deals=40, pool_targets=(6, 10, 20)
    )
    rules = replace(rules, after_end="score")
    scored = preferans.score(deals, rules=rules)
    nets = scored[[f"net_{i}" for i in SEATS]].sum(axis=1)
    assert np.abs(nets).max() < 1e-9  # every deal sums to zero
    if rules.pool_cap:  # no pool passes its target
        sheets = scored[[f"pool_sheet_{i}" for i in SEATS]].to_numpy()
        assert (sheets <= scored["pool_target"].to_numpy()[:, None]).all()
    ledger = preferans.to_ledger(scored)
    ids = ledger["game_id"].astype(int)
    ledger = ledger.groupby([ids, "player"], observed=True)["score"].sum()
    want = oracle_settlement(scored, rules)
    assert max(abs(ledger[k] - v) for k, v in want.items()) < 1e-9
    # row order does not change what each deal wrote
    shuffled = deals.sample(frac=1, random_state=seed % 1000)
    again = preferans.score(shuffled, rules=rules)
    pd.testing.assert_frame_equal(again.loc[scored.index], scored)


# --- bad input: every problem at once ----------------------------------------------


def test_every_problem_at_once():
    bad = frame(
        row("6S", 1, {2: W, 3: W}, [5, 3, 1], deal=1),  # tricks sum to 9
        {**row("7S", 1, {2: W, 3: W}, [7, 2, 1], deal=2), "declarer": "Zed"},
        row("6S", 1, {2: W, 3: P, 4: P}, [6, 3, 1], deal=3),  # no seat 4
        row("8S", 1, {2: P, 3: H}, deal=4),  # half on an eight
        row("6S", 1, {2: H, 3: P}, deal=5),  # half by the first defender
        row("6S", 1, {2: W, 3: H}, [6, 4, 0], deal=6),  # half beside a whist
        row("6S", 1, {2: W}, [6, 4, 0], deal=7),  # call3 missing
        row("6X", 1, {2: P, 3: P}, deal=8),  # unknown contract
        row("6S", 1, {2: W, 3: P}, [6, None, 4], deal=9),  # tricks2 missing
        row("6S", 1, {2: P, 3: P}, [6, 4, 0], deal=10),  # tricks without play
        row("misere", 1, {2: W, 3: P}, [0, 4, 6], deal=11),  # whist on a misère
        row("pass", 1, tricks=[2, 4, 4], deal=12),  # declarer on all-pass
        row("6S", 1, {1: W, 2: W, 3: P}, [6, 4, 0], deal=13),  # the declarer calls
        row("6S", 1, {2: P, 3: P}, n=4, dealer=1, game=2),  # the dealer declares
        row(
            "6S", 1, {2: W, 3: W, 4: P}, [6, 2, 2, None], n=4, dealer=4, game=2, deal=2
        ),  # the dealer calls
        row("6S", 1, {2: P, 3: P}, n=4, game=2, deal=3),  # dealer blank at 4
        row("6S", 1, {2: P, 3: P}, game=2, deal=4),  # the table changed
        row("6S", 1, {2: P, 3: P}, game=3, target=20),
        row("6S", 1, {2: P, 3: P}, game=3, deal=2, target=25),  # target changed
    )
    with pytest.raises(LogValidationError) as err:
        preferans.score(bad)
    fc = err.value.failure_cases
    got = set(map(tuple, fc[["game_id", "deal", "column", "reason"]].values.tolist()))
    assert got == {
        (1, 1, "tricks", "tricks_sum"),
        (1, 2, "declarer", "not_seated"),
        (1, 3, "call4", "not_seated"),
        (1, 4, "call3", "half_level"),
        (1, 5, "call2", "half_first_defender"),
        (1, 6, "call3", "half_beside_whist"),
        (1, 7, "call3", "call_missing"),
        (1, 8, "contract", "not_allowed"),
        (1, 9, "tricks2", "tricks_missing"),
        (1, 10, "tricks1", "tricks_without_play"),
        (1, 10, "tricks2", "tricks_without_play"),
        (1, 10, "tricks3", "tricks_without_play"),
        (1, 11, "call2", "no_whist"),
        (1, 12, "declarer", "set_on_pass"),
        (1, 13, "call1", "declarer_call"),
        (2, 1, "declarer", "is_dealer"),
        (2, 2, "call4", "dealer_call"),
        (2, 3, "dealer", "blank"),
        (2, 4, "player4", "players_change"),
        (3, 2, "pool_target", "pool_target_changes"),
    }
    by = fc.set_index(["game_id", "deal", "column"])
    assert by.loc[(1, 1, "tricks"), "value"] == "5+3+1"
    assert by.loc[(1, 8, "contract"), "value"] == "6X"
    assert "got 'Zed'" in by.loc[(1, 2, "declarer"), "message"]
    assert "one of 6s, 6c" in by.loc[(1, 8, "contract"), "message"]
    assert "A is the declarer" in by.loc[(1, 13, "call1"), "message"]
    assert "got 'half' on 8s" in by.loc[(1, 4, "call3"), "message"]
    assert "B is the first defender" in by.loc[(1, 5, "call2"), "message"]
    assert "beside whist" in by.loc[(1, 6, "call3"), "message"]


def test_bad_rows_and_deals_after_the_end_reported_together():
    good_game = [both_pass(s, "10NT", k, game=2) for k, s in enumerate((1, 2, 3, 1), 1)]
    deals = frame(row("6S", 1, {2: W, 3: W}, [5, 3, 1]), *good_game)
    with pytest.raises(LogValidationError) as err:
        preferans.score(deals)
    fc = err.value.failure_cases
    assert fc[["game_id", "deal", "reason", "row"]].values.tolist() == [
        [1, 1, "tricks_sum", 0],
        [2, 4, "after_end", 4],
    ]


def test_a_deal_with_no_game_is_reported_even_unvalidated():
    # validate=False trusts a typed log; a blank game_id still cannot be scored
    # (a game's pools run from deal to deal): the same report as validation's,
    # naming the row, not an IndexError from the walk
    deals = csf.read_log(SAMPLE, game="preferans")
    bad = deals.copy()
    bad.loc[[3, 40], "game_id"] = None
    with pytest.raises(LogValidationError) as got:
        preferans.score(bad, validate=False)
    cases = got.value.failure_cases
    assert cases["row"].tolist() == [3, 40]
    assert cases["deal"].tolist() == deals["deal"].iloc[[3, 40]].tolist()
    assert set(cases["column"]) == {"game_id"} and set(cases["reason"]) == {"blank"}
    with pytest.raises(LogValidationError, match="game_id"):
        preferans.score(bad)  # validation says the same


def test_missing_pool_target():
    deals = frame(both_pass(1, "7S", 1)).drop(columns="pool_target")
    with pytest.raises(LogValidationError, match="pool_target must be given") as err:
        preferans.score(deals)
    assert err.value.failure_cases["reason"].tolist() == ["blank"]


def test_collect_keeps_the_good_rows():
    deals = frame(
        row("6S", 1, {2: W, 3: W}, [5, 3, 1]),
        row("6S", 1, {2: P, 3: P}, deal=2, game=2),
    )
    good, rejected, failures = csf.read_log(deals, game="preferans", errors="collect")
    assert good["game_id"].tolist() == [2]
    assert "must sum to 10" in rejected["problems"].iloc[0]
    assert failures["reason"].tolist() == ["tricks_sum"]
    assert preferans.score(good)["pool_1"].tolist() == [2]


@pytest.mark.parametrize(
    "options, match",
    [
        ({"rules": "sochi"}, "rules must be preferans rules"),
        ({"rules": Rules(whister_shortfall=0.25)}, "whister_shortfall"),
        ({"rules": Rules(pool_whists=15)}, "multiple of mountain_whists"),
    ],
)
def test_bad_options(options, match):
    with pytest.raises(RulesError, match=match):
        preferans.score(frame(both_pass(1, "7S", 1)), **options)


def test_aliases_and_case():
    deals = frame(
        row("7nt", 1, {2: "Вист", 3: "w"}, [7, 2, 1]),
        row("Мизер", 2, tricks=[4, 0, 6], deal=2),
        row("6♠", 3, {1: "пас", 2: "P"}, deal=3),
    )
    scored = preferans.score(deals)
    assert scored["contract"].astype(str).tolist() == ["7nt", "misere", "6s"]
    assert scored["outcome"].astype(str).tolist() == [
        "made",
        "misere_made",
        "both_pass",
    ]


# --- the sample season and the report ----------------------------------------------


def test_sample_season_is_its_generator_output():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_preferans_season", ROOT / "scripts" / "make_preferans_season.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    buffer = io.StringIO()
    module.season().to_csv(buffer, index=False, float_format="%g")
    assert buffer.getvalue() == SAMPLE.read_text(encoding="utf-8")


def test_sample_season_games_end_on_their_last_deal():
    deals = csf.read_log(SAMPLE, game="preferans")
    scored = preferans.score(deals)
    last = scored.groupby("game_id")["deal"].transform("max") == scored["deal"]
    assert scored["game_over"].tolist() == last.tolist()
    assert set(scored["players"]) == {3, 4}
    assert {"league", "season", "date"} <= set(preferans.to_ledger(scored).columns)
    sheet = preferans.sheet(scored)
    assert (sheet["pool"] == sheet["pool_target"]).all()


def test_report():
    deals = csf.read_log(SAMPLE, game="preferans")
    tables = preferans.report(deals)
    assert list(tables) == ["Pool sheets", "Settlement"]
    settlement = tables["Settlement"]
    assert np.abs(settlement.groupby(level="game_id")["whists"].sum()).max() < 1e-9
    assert settlement["paper"].groupby(level="game_id").sum().eq(0).all()
