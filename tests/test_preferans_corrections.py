"""Preferans corrections (``contract = correction``) and the per-deal all-pass
price: worked examples from docs/games/preferans.md by hand, every problem at
once, and the vectorised scorer against the row-by-row reference
(tests/preferans_reference.py) on generated logs with corrections; every
settlement still sums to zero."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from preferans_reference import score_reference

import cardscore_frames as csf
from cardscore_frames.games import preferans
from cardscore_frames.games.preferans import Rules

NAMES = ("A", "B", "C", "D")
SEATS = range(1, 5)


def row(deal, contract, *, n=3, target=10, game=1, **cells):
    """One log row; ``cells`` are the log's own columns (pool1=3, call2="whist")."""
    r = {"game_id": game, "deal": deal, "contract": contract, "pool_target": target}
    r["declarer"] = None
    for i in SEATS:
        r[f"player{i}"] = NAMES[i - 1] if i <= n else None
    r.update(cells)
    return r


def scored_of(*rows, rules=None):
    deals = csf.validate(pd.DataFrame(list(rows)), game="preferans", rules=rules)
    return preferans.score(deals)


def written(scored: pd.DataFrame, k: int) -> dict:
    """The non-zero pool, mountain and whists of row k."""
    rec, out = scored.iloc[k], {}
    for i in SEATS:
        for kind in ("pool", "mountain"):
            if rec[f"{kind}_{i}"]:
                out[(kind, i)] = int(rec[f"{kind}_{i}"])
        for j in SEATS:
            if i != j and rec[f"whists_{i}_on_{j}"]:
                out[(i, j)] = int(rec[f"whists_{i}_on_{j}"])
    return out


def nets(scored: pd.DataFrame, k: int, n: int = 3) -> list[float]:
    return [round(float(scored.iloc[k][f"net_{i}"]), 6) for i in range(1, n + 1)]


# --- worked examples ---------------------------------------------------------------


def test_a_correction_writes_its_amounts():
    # Pool A +3, mountain B +5, whists A on C 7 and B on C 2 (a = b = 10, n = 3):
    #   mean P = 1, mean M = 5/3
    #   A: 10(3 - 1) + 10(5/3 - 0) + 7       = 20 + 16.667 + 7 = +43.667
    #   B: 10(0 - 1) + 10(5/3 - 5) + 2       = -10 - 33.333 + 2 = -41.333
    #   C: 10(0 - 1) + 10(5/3 - 0) - (7 + 2) = -10 + 16.667 - 9 = -2.333
    scored = scored_of(
        row(1, "correction", pool1=3, mountain2=5, whists_on="C", whists1=7, whists2=2)
    )
    assert written(scored, 0) == {
        ("pool", 1): 3,
        ("mountain", 2): 5,
        (1, 3): 7,
        (2, 3): 2,
    }
    assert nets(scored, 0) == [43.666667, -41.333333, -2.333333]
    assert scored["outcome"].tolist() == ["correction"]
    assert scored[["value", "whisters", "undertricks", "shortfall"]].eq(0).all().all()
    assert scored["declarer_seat"].isna().all()
    ledger = preferans.to_ledger(scored)
    assert ledger["role"].tolist() == ["correction"] * 3


def test_a_correction_s_pool_points_are_capped_and_overflow():
    # Target 10, A writes 12: he keeps 10, the surplus 2 closes the smallest
    # shortfall, B and C both 10 short, the tie to the first clockwise from A: B,
    # and A writes a = 10 whists a point on B (rules file, "Pool overflow").
    #   mean P = 4: A 10(10 - 4) + 20 = +80; B 10(2 - 4) - 20 = -40; C 10(0 - 4) = -40
    scored = scored_of(row(1, "correction", pool1=12))
    assert written(scored, 0) == {("pool", 1): 10, ("pool", 2): 2, (1, 2): 20}
    assert scored["overflow"].tolist() == [2]
    assert nets(scored, 0) == [80.0, -40.0, -40.0]


def test_a_correction_closes_the_last_pool_and_ends_the_game():
    # Target 4. Deal 1 closes A's and B's pools, deal 2 (a correction) closes C's:
    # the game is over after deal 2. Deal 3, a correction after the end (a penalty
    # agreed after the last deal), is accepted: its pool point finds every pool
    # closed, so it comes off C's own mountain, a/b = 1 point a pool point.
    rows = [
        row(1, "correction", target=4, pool1=4, pool2=4),
        row(2, "correction", target=4, pool3=4),
        row(3, "correction", target=4, pool3=1, mountain1=2),
    ]
    scored = scored_of(*rows)
    assert scored["game_over"].tolist() == [False, True, True]
    assert scored["after_end"].tolist() == [False, False, True]
    assert written(scored, 2) == {("mountain", 1): 2, ("mountain", 3): -1}
    # a deal played after the end is still a problem of the log
    played = row(3, "6s", target=4, declarer="A", call2="pass", call3="pass")
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(pd.DataFrame([*rows[:2], played]), game="preferans")
    fc = caught.value.failure_cases
    assert fc["reason"].tolist() == ["after_end"]
    assert "over after deal 2" in fc["message"][0]


def test_a_correction_takes_pool_points_back_but_never_below_zero():
    # A has 4 (a six and a seven both passed: 2 + 4... here one seven, V = 4);
    # taking back 3 leaves 1; taking back 5 would leave -1: a problem.
    seven = row(1, "7s", declarer="A", call2="pass", call3="pass")
    scored = scored_of(seven, row(2, "correction", pool1=-3))
    assert scored["pool_sheet_1"].tolist() == [4, 1]
    # -3 pool points: 10(-3 - (-1)) = -20 for A, +10 for B and C
    assert nets(scored, 1) == [-20.0, 10.0, 10.0]
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(
            pd.DataFrame([seven, row(2, "correction", pool1=-5)]), game="preferans"
        )
    fc = caught.value.failure_cases
    assert fc[["deal", "column", "reason"]].values.tolist() == [
        [2, "pool1", "pool_below_zero"]
    ]
    assert "the pool of A" in fc["message"][0]


def test_four_players_a_correction_needs_no_dealer_and_names_every_seat():
    # At 4 the dealer is a party to the settlement: a correction may write on him.
    # Mountain D +4: mean M = 1: A, B, C 10(1 - 0) = +10 each, D 10(1 - 4) = -30.
    scored = scored_of(row(1, "correction", n=4, mountain4=4))
    assert nets(scored, 0, n=4) == [10.0, 10.0, 10.0, -30.0]
    ledger = preferans.to_ledger(scored)
    assert ledger["role"].tolist() == ["correction"] * 4


def test_all_pass_price_overrides_the_progression_for_its_deal():
    # Progression (1, 2, 3). Three all-pass deals in a row, the second priced 5 by
    # the log: prices 1, 5, 3 (the run still counts the second deal). A correction
    # between two all-pass deals neither continues nor breaks the run: 1 then 2.
    # Tricks 0/4/6: A writes the price in his pool, B 4 x price and C 6 x price
    # in their mountains.
    rules = Rules(all_pass_price=(1, 2, 3))
    ap = {"tricks1": 0, "tricks2": 4, "tricks3": 6}
    scored = scored_of(
        row(1, "pass", target=100, **ap),
        row(2, "pass", target=100, all_pass_price=5, **ap),
        row(3, "pass", target=100, **ap),
        row(4, "correction", target=100, mountain1=1),
        row(5, "pass", target=100, **ap),
        rules=rules,
    )
    # deal 5 is the 4th all-pass deal of the run: the last price repeats
    assert scored["value"].tolist() == [1, 5, 3, 0, 3]
    assert written(scored, 1) == {
        ("pool", 1): 5,
        ("mountain", 2): 20,
        ("mountain", 3): 30,
    }
    again = scored_of(
        row(1, "pass", target=100, **ap),
        row(2, "correction", target=100, mountain1=1),
        row(3, "pass", target=100, **ap),
        rules=rules,
    )
    assert again["value"].tolist() == [1, 0, 2]


def test_every_problem_of_corrections_at_once():
    rows = [
        row(1, "6s", declarer="A", call2="pass", call3="pass", mountain1=2),
        row(2, "correction", call2="whist", tricks1=3, mountain1=1),
        row(3, "correction"),
        row(4, "correction", whists2=5),
        row(5, "correction", whists_on="B", whists2=5),
        row(6, "6s", declarer="A", call2="pass", call3="pass", all_pass_price=2),
        row(7, "correction", pool4=2),
        row(8, "correction", declarer="A", mountain1=1),
    ]
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(pd.DataFrame(rows), game="preferans", rules=Rules(pool_target=10))
    fc = caught.value.failure_cases
    own = fc[fc["reason"] != "game_rejected"]
    got = own[["deal", "column", "reason"]].values.tolist()
    assert got == [
        [1, "mountain1", "correction_only"],
        [2, "call2", "set_on_correction"],
        [2, "tricks1", "set_on_correction"],
        [3, "contract", "empty_correction"],
        [4, "whists_on", "blank"],
        [5, "whists_on", "whists_on_self"],
        [6, "all_pass_price", "not_all_pass"],
        [7, "pool4", "no_such_seat"],
        [8, "declarer", "set_on_correction"],
    ]
    assert str(caught.value).startswith("preferans log: 9 problems in 8 deals")


def test_the_sheet_shows_the_corrections_and_settles_to_zero():
    scored = scored_of(
        row(1, "correction", pool1=3, mountain2=5, whists_on="C", whists1=7, whists2=2),
        row(
            2,
            "7s",
            declarer="A",
            call2="whist",
            call3="whist",
            tricks1=7,
            tricks2=2,
            tricks3=1,
        ),
    )
    sh = preferans.sheet(scored)
    # deal 2 (seven made, both whist): pool A +4, B writes 2 x 4 = 8, C 4 on A
    assert sh["pool"].tolist() == [7, 0, 0]
    assert sh["mountain"].tolist() == [0, 5, 0]
    assert sh["pool_corrections"].tolist() == [3, 0, 0]
    assert sh["mountain_corrections"].tolist() == [0, 5, 0]
    assert sh["whists_corrections"].tolist() == [7, 2, 0]
    for method in ("exact", "paper", "average"):
        assert preferans.settle(sh, method=method)["twelfths"].sum() == 0
    ledger = preferans.to_ledger(scored)
    by_player = ledger.groupby("player", observed=True)["score"].sum()
    exact = preferans.settle(sh).set_index("player")["whists"]
    np.testing.assert_allclose(by_player[exact.index], exact, atol=1e-9)
    plain = preferans.sheet(preferans.score(csf.load_example("preferans")))
    assert "pool_corrections" not in plain  # a log without corrections: no columns


# --- generated logs with corrections against the reference --------------------------


def with_corrections(deals: pd.DataFrame, seed: int, share: float = 0.1):
    """A generated log with correction rows slipped in before random deals (deals
    renumbered) and a log price on some all-pass deals."""
    rng = np.random.default_rng(seed)
    log = deals.astype(object).where(deals.notna(), None)
    pick = rng.random(len(log)) < share
    fix = log.loc[pick].copy()
    fix["contract"] = "correction"
    for c in ("declarer", *(f"call{i}" for i in SEATS), *(f"tricks{i}" for i in SEATS)):
        fix[c] = None
    fix.loc[rng.random(len(fix)) < 0.5, "dealer"] = None
    seated = np.column_stack([fix[f"player{i}"].notna() for i in SEATS])
    on = (rng.random(len(fix)) * seated.sum(axis=1)).astype(int)  # a seated seat
    fix["whists_on"] = [r[f"player{k + 1}"] for (_, r), k in zip(fix.iterrows(), on)]
    for i in SEATS:
        here = seated[:, i - 1]
        for name, low, high, p in (("pool", 0, 7, 0.3), ("mountain", -4, 9, 0.4)):
            amount = rng.integers(low, high, len(fix))
            fix[f"{name}{i}"] = np.where(
                here & (rng.random(len(fix)) < p), amount, None
            )
        amount = rng.integers(1, 30, len(fix))
        writes = here & (on != i - 1) & (rng.random(len(fix)) < 0.4)
        fix[f"whists{i}"] = np.where(writes, amount, None)
    fix["mountain1"] = [v if v else 1 for v in fix["mountain1"]]  # never empty
    log["all_pass_price"] = np.where(
        (log["contract"] == "pass") & (rng.random(len(log)) < 0.3),
        rng.integers(1, 5, len(log)),
        None,
    )
    both = pd.concat([fix.assign(_o=0), log.assign(_o=1)], ignore_index=True)
    both = both.sort_values(["game_id", "deal", "_o"], kind="stable")
    both["deal"] = both.groupby("game_id").cumcount() + 1
    return both.drop(columns="_o").reset_index(drop=True)


VARIANTS = [
    pytest.param(Rules(), id="sochi"),
    pytest.param(Rules.leningrad(), id="leningrad"),
    pytest.param(Rules.rostov(), id="rostov"),
    pytest.param(
        Rules(all_pass_price=(1, 2, 3), dealer_consolation=False), id="options"
    ),
]


def _compare(scored: pd.DataFrame, ref: pd.DataFrame) -> None:
    for col in ref.columns:
        got, want = scored[col].to_numpy(), ref[col].to_numpy()
        if col.startswith("net"):
            np.testing.assert_allclose(got.astype(float), want.astype(float), atol=1e-9)
        else:
            assert (got.astype(str) == want.astype(str)).all(), col


@pytest.mark.parametrize("rules", VARIANTS)
def test_against_reference_with_corrections(rules):
    generated = preferans.random_games(
        400, seed=13, rules=rules, to_end=False, max_deals=30, pool_targets=(8, 12, 20)
    )
    log = with_corrections(generated, seed=13)
    rules = replace(rules, after_end="score")
    deals = csf.validate(log, game="preferans", rules=rules)
    assert (deals["contract"] == "correction").sum() > 500
    scored = preferans.score(deals)
    _compare(scored, score_reference(log, rules))
    assert scored["overflow"].gt(0).any() == rules.pool_cap


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), to_end=st.booleans())
def test_corrections_keep_every_settlement_zero_sum(seed, to_end):
    rules = Rules(after_end="score")
    generated = preferans.random_games(
        6, seed=seed, to_end=to_end, max_deals=30, pool_targets=(6, 10, 20)
    )
    scored = preferans.score(with_corrections(generated, seed, share=0.2), rules=rules)
    nets_ = scored[[f"net_{i}" for i in SEATS]].sum(axis=1)
    assert np.abs(nets_).max() < 1e-9  # every deal, corrections included
    sh = preferans.sheet(scored)
    for method in ("exact", "paper", "average"):
        sums = preferans.settle(sh, method=method).groupby("game_id")["twelfths"].sum()
        assert (sums == 0).all()
    ledger = preferans.to_ledger(scored)
    ids = ledger["game_id"].astype(int)
    got = ledger.groupby([ids, "player"], observed=True)["score"].sum()
    exact = preferans.settle(sh).set_index(["game_id", "player"])["whists"]
    exact.index = exact.index.set_levels(exact.index.levels[0].astype(int), level=0)
    np.testing.assert_allclose(got[exact.index].to_numpy(), exact.to_numpy(), atol=1e-9)


# --- settlement sheets: closed pools may be left out; messages name the player -------

SEED = csf.load_example("preferans_sheets", validate=False)
SEED = SEED[SEED["game_id"] == "1"].reset_index(drop=True)


def test_a_sheet_whose_pools_were_all_closed_may_leave_out_pool():
    # preferans.md "Settlement", the seed's example: every pool closed at 20;
    # method 1 gives +38 -102 -24 +88, the exact formula +37.5 -102.5 -22.5 +87.5.
    sheet = csf.validate(SEED.drop(columns=["pool"]), game="preferans", kind="sheet")
    paper = preferans.settle(sheet, method="paper")
    assert paper["whists"].tolist() == [38, -102, -24, 88]
    assert paper["pool"].tolist() == [20, 20, 20, 20]  # closed: at the target
    exact = preferans.settle(sheet)
    assert exact["whists"].tolist() == [37.5, -102.5, -22.5, 87.5]
    # no target either: the pools are all closed, equal, and cancel
    bare = SEED.drop(columns=["pool", "pool_target"])
    got = preferans.settle(csf.validate(bare, game="preferans", kind="sheet"))
    assert got["whists"].tolist() == [37.5, -102.5, -22.5, 87.5]
    assert got["pool"].isna().all()


def test_a_blank_pool_is_a_closed_one():
    # 3 players, target 10: A's pool blank (closed, 10), B 6, C 10; no mountain or
    # whists. Exact, a = 10: mean P = 26/3; A 10(10 - 26/3) = +13.333,
    # B 10(6 - 26/3) = -26.667, C +13.333.
    rows = [
        {"game_id": 1, "seat": s, "player": p, "pool": v, "mountain": 0}
        for s, p, v in ((1, "A", None), (2, "B", 6), (3, "C", 10))
    ]
    sheet = pd.DataFrame(rows).assign(
        whists_on_1=None, whists_on_2=None, whists_on_3=None, pool_target=10
    )
    got = preferans.settle(csf.validate(sheet, game="preferans", kind="sheet"))
    np.testing.assert_allclose(got["whists"], [40 / 3, -80 / 3, 40 / 3])
    assert got["pool"].tolist() == [10, 6, 10]
    # without the target, a blank pool beside given ones cannot be placed
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(sheet.drop(columns="pool_target"), game="preferans", kind="sheet")
    err = caught.value
    assert err.failure_cases[
        ["seat", "column", "reason", "player"]
    ].values.tolist() == [[1, "pool", "no_target", "A"]]
    assert (
        str(err).splitlines()[1].startswith("  game 1, seat 1, player A: pool is blank")
    )


def test_sheet_messages_name_game_and_player_and_count_rows():
    bad = SEED.drop(columns=["mountain"])
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(bad, game="preferans", kind="sheet")
    assert str(caught.value).splitlines() == [
        "preferans sheet: 1 problem in the whole sheet",
        "  whole sheet: column mountain is missing (a whole number from "
        "-1,000,000,000 to 1,000,000,000; headed 'mountain', 'Гора'); the log's "
        "columns: 'game_id', 'seat', 'player', 'pool', 'whists_on_1', "
        "'whists_on_2', 'whists_on_3', 'whists_on_4', 'pool_target', "
        "'whist_price', 'date'",
    ]
    bad = SEED.astype(object)
    bad.loc[1, "mountain"] = "x"
    bad.loc[2, "whists_on_1"] = -5
    bad.loc[2, "whists_on_2"] = -1
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(bad, game="preferans", kind="sheet")
    lines = str(caught.value).splitlines()
    assert lines[0] == "preferans sheet: 3 problems in 2 player rows"
    assert lines[1].startswith("  game 1, seat 2, player З: mountain must be")
    assert lines[2].startswith("  game 1, seat 3, player В: whists_on_1 must be 0")
    got = csf.validate(bad, game="preferans", kind="sheet", errors="collect")
    rejected = got.failure_cases[got.failure_cases["reason"] == "game_rejected"]
    assert rejected[["seat", "player"]].values.tolist() == [[1, "С"], [4, "Ю"]]


def test_the_ledger_reads_the_seats_back_from_the_scored_log():
    # to_ledger takes each deal's seats from the scorer's players, declarer_seat
    # and dealer_seat: the same arrays as finding them from the players' names
    from cardscore_frames.games.preferans.arithmetic.seats import (
        Seats,
        scored_seats,
        seats,
    )

    generated = preferans.random_games(200, seed=29, to_end=False, max_deals=20)
    deals = csf.validate(
        with_corrections(generated, seed=29),
        game="preferans",
        rules=Rules(after_end="score"),
    )
    scored = preferans.score(deals)
    assert set(scored["players"]) == {3, 4}
    assert (scored["outcome"] == "correction").any()
    assert scored["declarer_seat"].isna().any() and scored["dealer_seat"].isna().any()
    want, got = seats(deals), scored_seats(scored)
    for name in Seats._fields:
        np.testing.assert_array_equal(getattr(got, name), getattr(want, name), name)
