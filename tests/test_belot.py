"""Bazar-Belot scoring: the rules file's worked examples, every option, the protocol,
the oracle on generated logs, the ledger, bad input, and reading CSV and Excel."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from belot_reference import ledger_rows, score_log
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardscore_frames as csf
from cardscore_frames.checking import game_index
from cardscore_frames.errors import LogValidationError, RulesError
from cardscore_frames.games import belot
from cardscore_frames.games.belot.arithmetic import protocol
from cardscore_frames.games.belot.generate import random_deals

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "belot_season.csv"

BASE = dict(
    game_id=1,
    deal=1,
    a1="Aram",
    a2="Ani",
    b1="Davit",
    b2="Gayane",
    declarer="a",
    contract="hearts",
    bid=8,
    capo=False,
    capo_bid=None,
    doubling="none",
    declarer_tricks=5,
    declarer_card_points=97,
    declarer_declarations=0,
    defender_declarations=0,
    bela="none",
)


def log(*changes: dict, game_per_deal: bool = True) -> pd.DataFrame:
    """A log of one deal per change (pair a declares unless changed)."""
    rows = []
    for i, change in enumerate(changes, start=1):
        where = {"game_id": i, "deal": 1} if game_per_deal else {"deal": i}
        rows.append({**BASE, **where, **change})
    return pd.DataFrame(rows)


CAPO = dict(capo=True, bid=None)

# docs/games/belot.md, "Worked examples" (suit contract; pair a declares, so the
# БТ of the declarers is "a" and that of the defenders "b").
WORKED = {
    "bid8-VTp97": (dict(bid=8, declarer_card_points=97), 17, 7, "none"),
    "bid12-bela-Vp115-failed": (
        dict(bid=12, declarer_card_points=95, declarer_declarations=20, bela="a"),
        0,
        30,
        "a",
    ),
    "bid12-bela-Vp120-made-exactly": (
        dict(bid=12, declarer_card_points=100, declarer_declarations=20, bela="a"),
        24,
        6,
        "none",
    ),
    "bid10-contra-defenders-terz": (
        dict(
            bid=10,
            doubling="contra",
            declarer_tricks=6,
            declarer_card_points=110,
            defender_declarations=20,
        ),
        38,
        0,
        "b",
    ),
    "capo-K0-made-terz-vs-50": (
        dict(
            **CAPO,
            capo_bid=0,
            declarer_tricks=8,
            declarer_card_points=162,
            declarer_declarations=20,
            defender_declarations=50,
        ),
        52,
        5,
        "none",
    ),
    "bid8-no-trick-bela": (
        dict(
            bid=8,
            declarer_tricks=0,
            declarer_card_points=0,
            declarer_declarations=20,
            bela="a",
        ),
        0,
        26,
        "a",
    ),
}
# Deals the options concern, computed by hand from the rules file:
EXTRA = {
    # Vv 62 -> Pv 6, Pp (162 - 60) div 10 = 10; made: 9 + 10 and 6.
    "nt-bid9-made": (
        dict(contract="no_trump", bid=9, declarer_card_points=100),
        19,
        6,
        "none",
    ),
    # Vp 100 < 110; PC 22, Pp 10, Pv 6: the defenders get 38.
    "nt-bid11-contra-failed": (
        dict(contract="no_trump", bid=11, doubling="contra", declarer_card_points=100),
        0,
        38,
        "a",
    ),
    # PC 25 + 2, Pp 25 + 2, Pv 5: the defenders get 59.
    "capo-K2-failed-bela": (
        dict(
            **CAPO,
            capo_bid=2,
            declarer_tricks=7,
            declarer_card_points=150,
            declarer_declarations=20,
            defender_declarations=50,
            bela="a",
        ),
        0,
        59,
        "a",
    ),
    # PC (25 + 3) x 4 = 112, Pp 25, Pv 0; made under recontra: 137 and БТ defenders.
    "nt-capo-K3-recontra-made": (
        dict(
            **CAPO,
            contract="no_trump",
            capo_bid=3,
            doubling="recontra",
            declarer_tricks=8,
            declarer_card_points=162,
        ),
        137,
        0,
        "b",
    ),
    # Vp 182, Vv 0: Pv 0, Pp 18; made: 10 + 18.
    "all-tricks-bid10": (
        dict(
            bid=10,
            declarer_tricks=8,
            declarer_card_points=162,
            declarer_declarations=20,
        ),
        28,
        0,
        "none",
    ),
}
EXAMPLES = {**WORKED, **EXTRA}
# What each option changes among EXAMPLES (declarers, defenders); nothing else moves.
OPTIONS = {
    # Vv 65 rounds to 60: Pv 6, Pp 10.
    "trailing_five_down": (belot.Rules(trailing_five="down"), {"bid8-VTp97": (18, 6)}),
    # N twice: PC 18; under contra PC 44. K of a capo is never doubled.
    "no_trump_double": (
        belot.Rules(no_trump_double=True),
        {"nt-bid9-made": (28, 6), "nt-bid11-contra-failed": (0, 60)},
    ),
    # Trickless declarers: Vv 252 + 20 -> Pv 27, Pp 0. All 8 tricks: Vp 272 -> Pp 27.
    "all_tricks_bonus": (
        belot.Rules(all_tricks_bonus=True),
        {"bid8-no-trick-bela": (0, 35), "all-tricks-bid10": (37, 0)},
    ),
    # Failed declarers with their Бэла keep 2; with no trick the Бэла stays with
    # them: Vp 20, Vv 162 -> Pv 16, Pp 2, PC 8 = 26, of which they keep 2.
    "bela_kept": (
        belot.Rules(bela_kept=True),
        {
            "bid12-bela-Vp115-failed": (2, 28),
            "bid8-no-trick-bela": (2, 24),
            "capo-K2-failed-bela": (2, 57),
        },
    ),
    # Pp 16 + 2 on the failed capo: 27 + 18 + 5.
    "failed_capo_base_16": (
        belot.Rules(failed_capo_base=16),
        {"capo-K2-failed-bela": (0, 50)},
    ),
    "target_151": (belot.Rules(target=151), {}),
    "min_bid_8_explicit": (belot.Rules(min_bid=8), {}),
}


def _points(rules: belot.Rules | None = None) -> pd.DataFrame:
    names = list(EXAMPLES)
    scored = belot.score(log(*(EXAMPLES[k][0] for k in names)), rules=rules)
    return scored.set_index(pd.Index(names, name="example"))


@pytest.mark.parametrize(
    ("change", "declarers", "defenders", "bait"),
    [pytest.param(*v, id=k) for k, v in EXAMPLES.items()],
)
def test_worked_example(change, declarers, defenders, bait):
    scored = belot.score(log(change))
    got = scored.iloc[0]
    assert (got["points_declarer"], got["points_defender"]) == (declarers, defenders)
    assert (got["points_a"], got["points_b"]) == (declarers, defenders)
    assert got["bait"] == bait
    assert got["made"] == (declarers > 0)
    ref = score_log(log(change)).iloc[0]
    assert (ref["points_a"], ref["points_b"], ref["bait"]) == (
        declarers,
        defenders,
        bait,
    )


@pytest.mark.parametrize("option", [pytest.param(k, id=k) for k in OPTIONS])
def test_option_flips_what_it_should_and_nothing_else(option):
    rules, changes = OPTIONS[option]
    before, after = _points(), _points(rules)
    cols = ["points_declarer", "points_defender"]
    moved = before.index[(before[cols] != after[cols]).any(axis=1)]
    assert sorted(moved) == sorted(changes)
    for name, expected in changes.items():
        assert tuple(after.loc[name, cols]) == expected
    assert (before["bait"] == after["bait"]).all()
    ref = score_log(log(*(EXAMPLES[k][0] for k in EXAMPLES)), rules)
    assert ref[["points_declarer", "points_defender"]].to_numpy().tolist() == (
        after[cols].to_numpy().tolist()
    )


def test_rules_defaults_follow_the_seed():
    r = belot.Rules()
    assert (r.trailing_five, r.no_trump_double, r.all_tricks_bonus, r.bela_kept) == (
        "up",
        False,
        False,
        False,
    )
    assert (r.failed_capo_base, r.target, r.min_bid) == (25, 301, 8)
    assert belot.Rules.preset("seed") == r


@pytest.mark.parametrize(
    "bad",
    [
        dict(trailing_five="sideways"),
        dict(target=0),
        dict(min_bid=-1),
        dict(bela_kept="yes"),
        dict(failed_capo_base=16.5),
    ],
)
def test_rules_reject_bad_options(bad):
    with pytest.raises(RulesError):
        belot.Rules(**bad)


# --- the protocol ----------------------------------------------------------------


def _match(n: int) -> pd.DataFrame:
    """``n`` deals of one match, pair a declaring bid 8 with VTp 97 (17 to 7)."""
    return log(*({} for _ in range(n)), game_per_deal=False)


def test_match_ends_at_the_deal_that_reaches_the_target():
    # 17 a deal for pair a: 17 x 18 = 306 >= 301 at deal 18.
    scored = belot.score(_match(18))
    assert scored["total_a"].tolist() == [17 * k for k in range(1, 19)]
    assert scored["total_b"].tolist() == [7 * k for k in range(1, 19)]
    assert scored["match_over"].tolist() == [False] * 17 + [True]
    assert scored["winner"].tolist()[-1] == "a" and scored["winner"].isna().sum() == 17
    m = belot.matches(scored)
    assert m.loc[1, ["deals", "total_a", "total_b", "winner", "margin"]].tolist() == [
        18,
        306,
        126,
        "a",
        180,
    ]
    assert m.loc[1, "winning_pair"] == "Ani & Aram"  # names in order
    with pytest.raises(LogValidationError) as err:
        belot.score(_match(20))
    fc = err.value.failure_cases
    assert fc[["game_id", "deal", "column", "reason"]].values.tolist() == [
        [1, 19, "deal", "after_match"],
        [1, 20, "deal", "after_match"],
    ]
    assert "decided at deal 18 (306 to 126, target 301)" in fc["message"].iloc[0]


def test_target_is_a_rule():
    scored = belot.score(_match(9), rules=belot.Rules(target=151))
    assert scored["match_over"].tolist() == [False] * 8 + [True]  # 153 at deal 9


def _one_match(n):
    """The game index of one match of ``n`` deals in order."""
    return game_index(pd.DataFrame({"game_id": [1] * n, "deal": range(1, n + 1)}))


def test_equal_totals_at_the_target_play_on():
    pa, pb = np.array([300, 10, 0, 5]), np.array([290, 20, 5, 0])
    proto = protocol(_one_match(4), pa, pb, 301)
    assert proto.total_a.tolist() == [300, 310, 310, 315]
    assert proto.total_b.tolist() == [290, 310, 315, 315]
    assert proto.ends.tolist() == [False, False, True, False]
    assert proto.after.tolist() == [False, False, False, True]


def test_both_reach_the_target_higher_total_wins():
    proto = protocol(_one_match(2), np.array([290, 20]), np.array([280, 40]), 301)
    assert proto.ends.tolist() == [False, True]
    assert (proto.total_a[1], proto.total_b[1]) == (310, 320)


# --- the oracle on generated logs --------------------------------------------------

RULESETS = {
    "default": belot.Rules(),
    "trailing_five_down": belot.Rules(trailing_five="down"),
    "no_trump_double": belot.Rules(no_trump_double=True),
    "all_tricks_bonus": belot.Rules(all_tricks_bonus=True),
    "bela_kept": belot.Rules(bela_kept=True),
    "failed_capo_base_16": belot.Rules(failed_capo_base=16),
    "target_151_min_bid_10": belot.Rules(target=151, min_bid=10),
    "every_option": belot.Rules(
        trailing_five="down",
        no_trump_double=True,
        all_tricks_bonus=True,
        bela_kept=True,
        failed_capo_base=16,
        target=501,
        min_bid=9,
    ),
}
COMPARED = list(belot.SCORE_COLUMNS)  # every column score adds


def _assert_like_reference(scored: pd.DataFrame, ref: pd.DataFrame) -> None:
    """Every column score adds holds the reference's values (blanks alike)."""
    for col in COMPARED:
        got = scored[col].astype(object).where(scored[col].notna(), None)
        want = ref[col].astype(object).where(ref[col].notna(), None)
        assert got.tolist() == want.tolist(), col


@pytest.mark.parametrize("name", list(RULESETS))
def test_vectorised_scorer_matches_the_reference(name):
    rules = RULESETS[name]
    deals = random_deals(3000, seed=len(name), rules=rules)
    scored = belot.score(deals, rules=rules)
    _assert_like_reference(scored, score_log(deals, rules))
    # the generated logs reach every branch
    assert scored["capo"].any() and (~scored["made"]).any()
    assert (scored["doubling"] == "recontra").any()
    assert (scored["declarer_tricks"] == 0).any() and scored["match_over"].any()


def test_generated_log_covers_trailing_fives():
    scored = belot.score(random_deals(3000, seed=3))
    assert (scored.loc[~scored["capo"], "defender_whists"] % 10 == 5).any()


def test_whist_points_sum_to_base_plus_constructions():
    """Pv + Pp = C + (VCp + VCv)/10 on every ordinary deal (default rules)."""
    scored = belot.score(random_deals(5000, seed=11))
    ordinary = scored.loc[~scored["capo"]]
    lhs = ordinary["declarer_whist_points"] + ordinary["defender_whist_points"]
    rhs = (
        16
        + (ordinary["declarer_declarations"] + ordinary["defender_declarations"]) // 10
    )
    assert (lhs == rhs).all()


DEAL = st.fixed_dictionaries(
    {
        "declarer": st.sampled_from("ab"),
        "contract": st.sampled_from(belot.CONTRACTS),
        "bid": st.integers(8, 40),
        "doubling": st.sampled_from(belot.DOUBLINGS),
        "declarer_tricks": st.integers(0, 8),
        "declarer_card_points": st.integers(0, 162),
        "declarer_declarations": st.integers(0, 40).map(lambda k: 10 * k),
        "defender_declarations": st.integers(0, 40).map(lambda k: 10 * k),
    }
)


def _consistent(d: dict) -> dict:
    tricks = d["declarer_tricks"]
    if tricks in (0, 8):
        d["declarer_card_points"] = 0 if tricks == 0 else 162
    return d


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(DEAL.map(_consistent), min_size=1, max_size=30))
def test_property_whists_and_reference_on_any_ordinary_deal(changes):
    deals = log(*changes)
    scored = belot.score(deals)
    lhs = scored["declarer_whist_points"] + scored["defender_whist_points"]
    rhs = 16 + (scored["declarer_declarations"] + scored["defender_declarations"]) // 10
    assert (lhs == rhs).all()
    assert (scored["points_a"] >= 0).all() and (scored["points_b"] >= 0).all()
    ref = score_log(deals)
    assert scored["points_a"].tolist() == ref["points_a"].tolist()
    assert scored["points_b"].tolist() == ref["points_b"].tolist()


def test_running_totals_are_cumulative_sums_and_first_to_target_wins():
    rules = belot.Rules()
    scored = belot.score(random_deals(4000, seed=5))
    ordered = scored.sort_values(["game_id", "deal"])
    for pair in "ab":
        cum = ordered.groupby("game_id")[f"points_{pair}"].cumsum()
        assert (cum == ordered[f"total_{pair}"]).all()
    reached = (ordered[["total_a", "total_b"]].max(axis=1) >= rules.target) & (
        ordered["total_a"] != ordered["total_b"]
    )
    first = reached & (reached.groupby(ordered["game_id"]).cumsum() == 1)
    assert (first == ordered["match_over"]).all()
    ends = ordered.loc[ordered["match_over"]]
    leader = np.where(ends["total_a"] > ends["total_b"], "a", "b")
    assert (ends["winner"].astype(str) == leader).all()
    # a match has no deal after its deciding one
    last = ordered.groupby("game_id")["deal"].transform("max")
    assert (ends["deal"] == last.loc[ends.index]).all()


def test_row_order_does_not_change_results():
    deals = random_deals(2000, seed=8)
    scored = belot.score(deals)
    shuffled = belot.score(deals.sample(frac=1, random_state=1)).loc[deals.index]
    pd.testing.assert_frame_equal(scored, shuffled)


# --- ledger and match table ---------------------------------------------------------


def test_ledger_gives_each_player_his_pairs_points():
    deals = random_deals(1000, seed=2)
    scored = belot.score(deals)
    ledger = belot.to_ledger(scored)
    assert (ledger["game"] == "belot").all() and not csf.get_game("belot").zero_sum
    assert len(ledger) == 4 * len(deals)
    csf.check_ledger(ledger)  # not zero-sum: no per-deal sum check
    results = score_log(deals).to_dict("records")
    rows = deals.to_dict("records")
    ref = pd.DataFrame(
        [
            r
            for row, res in zip(rows, results, strict=True)
            for r in ledger_rows(row, res)
        ]
    )
    ref["game_id"] = ref["game_id"].astype(str)  # the ledger's ids are text
    for col in ("game_id", "deal", "player", "seat", "role", "score", "opponent_score"):
        assert (
            ledger[col].astype(object).tolist() == ref[col].astype(object).tolist()
        ), col
    assert set(ledger["role"].unique()) == {"declarer", "defender"}
    assert (
        ledger["pair"].astype(str) == np.tile(["a", "a", "b", "b"], len(deals))
    ).all()
    for meta in ("league", "season", "date", "table"):
        assert meta in ledger
    # match wins: two winners and two losers on each deciding deal
    m = belot.matches(scored)
    decided = ledger.dropna(subset=["match_won"])
    assert len(decided) == 4 * int(m["finished"].sum())
    wins = decided.groupby("player", observed=True)["match_won"].sum()
    per_pair = m.loc[m["finished"], "winning_pair"].str.split(" & ").explode()
    assert (
        wins[wins > 0].sort_index().to_dict()
        == per_pair.value_counts().sort_index().to_dict()
    )
    # a player's points over a match are his pair's final total
    by_match = ledger.groupby(["game_id", "pair"], observed=True)["score"].sum() / 2
    totals_a = by_match.unstack()["a"].rename(index=int).sort_index()
    assert (totals_a.to_numpy() == m.sort_index()["total_a"].to_numpy()).all()


def test_matches_table():
    scored = belot.score(random_deals(1500, seed=4))
    m = belot.matches(scored)
    assert m["deals"].sum() == len(scored)
    assert {
        "league",
        "season",
        "date",
        "table",
        "pair_a",
        "pair_b",
        "total_a",
        "total_b",
        "bait_a",
        "bait_b",
        "finished",
        "winner",
        "margin",
    } <= set(m)
    fin = m.loc[m["finished"]]
    assert (fin[["total_a", "total_b"]].max(axis=1) >= 301).all()
    assert m.loc[~m["finished"], "winner"].isna().all()
    assert (m["bait_a"] + m["bait_b"]).sum() == (scored["bait"] != "none").sum()


def test_report_and_cli():
    deals = csf.read_log(SAMPLE, game="belot")
    tables = belot.report(deals)
    assert list(tables) == ["Matches", "Pair totals"]
    totals = tables["Pair totals"]
    assert totals["won"].sum() == (tables["Matches"]["winner"] != "in progress").sum()
    from cardscore_frames.cli import main
    from cardscore_frames.cli.score import score_log

    assert main(["score", str(SAMPLE), "--game", "belot"]) == 0
    # cli's out=sys.stdout default is bound at import, so capsys may miss main's
    # output; ask for it explicitly
    out = io.StringIO()
    score_log(str(SAMPLE), "belot", out=out)
    assert "== Matches ==" in out.getvalue() and "== Pair totals ==" in out.getvalue()


# --- bad input -----------------------------------------------------------------------


def test_every_problem_is_reported_at_once():
    bad = log(
        dict(declarer_tricks=9),  # game 1
        dict(declarer_card_points=170),  # 2
        dict(declarer_tricks=0, declarer_card_points=5),  # 3
        dict(declarer_tricks=8, declarer_card_points=150),  # 4
        dict(declarer_declarations=-20),  # 5
        dict(defender_declarations=25),  # 6
        dict(capo_bid=3),  # 7
        dict(bid=7),  # 8
        dict(b2="Aram"),  # 9
        dict(bid=None),  # 10
        dict(**CAPO, capo_bid=None, declarer_tricks=8, declarer_card_points=162),  # 11
        dict(capo=True, capo_bid=0),  # 12: bid on capo
        dict(contract="trumps"),  # 13
        dict(declarer="c"),  # 14
        dict(doubling="surcontra"),  # 15
    )
    with pytest.raises(LogValidationError) as err:
        belot.score(bad)
    fc = err.value.failure_cases
    got = fc[["game_id", "deal", "column", "reason"]].values.tolist()
    assert got == [
        [1, 1, "declarer_tricks", "out_of_range"],
        [2, 1, "declarer_card_points", "out_of_range"],
        [3, 1, "declarer_card_points", "points_without_tricks"],
        [4, 1, "declarer_card_points", "all_tricks_points"],
        [5, 1, "declarer_declarations", "out_of_range"],
        [6, 1, "defender_declarations", "not_in_steps"],
        [7, 1, "capo_bid", "capo_bid_without_capo"],
        [8, 1, "bid", "below_minimum"],
        [9, 1, "b2", "duplicate_player"],
        [10, 1, "bid", "blank"],
        [11, 1, "capo_bid", "blank"],
        [12, 1, "bid", "set_on_capo"],
        [13, 1, "contract", "not_allowed"],
        [14, 1, "declarer", "not_allowed"],
        [15, 1, "doubling", "not_allowed"],
    ]
    assert "bid must be at least 8 points" in fc["message"].iloc[7]
    assert "'Aram' is also a1" in fc["message"].iloc[8]
    # errors="collect": the one good deal scored, the rest rejected with reasons
    good, rejected, _ = csf.validate(
        pd.concat([bad, log(dict(game_id=99))], ignore_index=True),
        game="belot",
        errors="collect",
    )
    assert good["game_id"].tolist() == [99] and len(rejected) == 15


@pytest.mark.parametrize(
    "values, off",
    [
        ([0, 20, 25, 250], [3]),  # a few hundred from 0: looked up in a table
        ([0, 100_000, 70_005, 10], [3]),  # a span too wide for the table
        ([20, 0, 30, 1_000_000], []),
    ],
    ids=["narrow", "wide", "all-in-steps"],
)
def test_whole_numbers_off_their_step_are_reported_however_wide(values, off):
    # integer columns (as Parquet or a DataFrame gives them) are checked for
    # their step of 10 without a remainder per value when their span is small
    deals = log(*(dict(game_id=g) for g in range(1, 5)))
    deals["defender_declarations"] = np.array(values, dtype=np.int64)
    result = csf.validate(deals, game="belot", errors="collect")
    got = result.failure_cases[["game_id", "column", "reason"]].values.tolist()
    assert got == [[g, "defender_declarations", "not_in_steps"] for g in off]
    assert result.deals["defender_declarations"].tolist() == [
        v for g, v in enumerate(values, 1) if g not in off
    ]


def test_min_bid_is_a_rule():
    with pytest.raises(LogValidationError, match="bid must be at least 10 points"):
        belot.score(log(dict(bid=9)), rules=belot.Rules(min_bid=10))
    assert belot.score(log(dict(bid=9)))["points_declarer"].iloc[0] == 18


@pytest.mark.parametrize("order", ["in order", "reversed"])
def test_pairs_must_not_change_inside_a_match(order):
    # a log in deal order compares neighbours first; any other order each deal
    # with the match's first: the same deals are reported
    deals = log(
        {},
        {},
        dict(a2="Lilit"),
        dict(a1="Ani", a2="Aram"),
        dict(a1="Davit", a2="Gayane", b1="Aram", b2="Ani"),
        game_per_deal=False,
    )
    if order == "reversed":
        deals = deals.iloc[::-1]
    with pytest.raises(LogValidationError) as err:
        belot.score(deals)
    fc = err.value.failure_cases.sort_values(["deal", "column"], kind="stable")
    assert fc[["deal", "column", "reason"]].values.tolist() == [
        [3, "a1", "pair_changed"],
        [5, "a1", "pair_changed"],
        [5, "b1", "pair_changed"],
    ]
    assert "it was Ani & Aram at deal 1, got 'Aram & Lilit'" in fc["message"].iloc[0]


def test_a_bad_deal_hides_the_end_it_might_have_made():
    """After-match deals are flagged only when every deal up to the end is valid."""
    deals = _match(20)
    deals.loc[4, "declarer_tricks"] = 12
    with pytest.raises(LogValidationError) as err:
        belot.score(deals)
    assert err.value.failure_cases["reason"].tolist() == ["out_of_range"]


def test_bela_column_checked_only_under_bela_kept():
    deals = log(
        dict(bela="a", declarer_declarations=0),
        dict(bela="b", defender_declarations=0),
        dict(bela="a", contract="no_trump", declarer_declarations=20),
    )
    belot.score(deals)  # ignored by the default rules
    with pytest.raises(LogValidationError) as err:
        belot.score(deals, rules=belot.Rules(bela_kept=True))
    assert err.value.failure_cases["reason"].tolist() == [
        "bela_without_declaration",
        "bela_without_declaration",
        "bela_no_trump",
    ]
    messages = err.value.failure_cases["message"].tolist()
    assert messages[0].endswith("in declarer_declarations; got 0")
    assert messages[1].endswith("in defender_declarations; got 0")


def test_missing_column_is_reported():
    with pytest.raises(LogValidationError) as err:
        belot.score(log({}).drop(columns=["declarer_tricks"]))
    assert err.value.failure_cases["reason"].tolist() == ["missing_column"]


def test_entirely_blank_columns(tmp_path):
    path = tmp_path / "no_capo.csv"
    log({}, dict(declarer="b")).assign(doubling=None, bela=None).to_csv(
        path, index=False
    )
    deals = csf.read_log(path, game="belot")  # capo_bid, doubling, bela all blank
    assert deals["doubling"].tolist() == ["none", "none"]
    assert deals["bela"].tolist() == ["none", "none"]
    assert belot.score(deals)["points_b"].tolist() == [7, 17]


def test_value_aliases():
    deals = log(
        dict(contract="БК", doubling="Контра", bid=9, declarer_card_points=100),
        dict(contract="NT", doubling="XX"),
        dict(contract="Пики", declarer="B"),
    )
    scored = belot.score(deals)
    assert scored["contract"].tolist() == ["no_trump", "no_trump", "spades"]
    assert scored["doubling"].tolist() == ["contra", "recontra", "none"]
    # PC 9 x 2 + Pp 10 + Pv 6; PC 8 x 4 + Pp 9 + Pv 7; pair b made 17 to 7
    assert scored["points_a"].tolist() == [34, 48, 7]


def test_blank_optional_cells_mean_the_obvious():
    deals = log(
        dict(
            capo=None,
            doubling=None,
            declarer_declarations=None,
            defender_declarations=None,
        )
    ).drop(columns=["capo_bid", "bela"])
    got = belot.score(deals).iloc[0]
    assert (got["points_declarer"], got["points_defender"]) == (17, 7)


# --- reading --------------------------------------------------------------------------


def test_read_sample_csv_and_excel(tmp_path):
    from openpyxl import Workbook

    from_csv = csf.read_log(SAMPLE, game="belot")
    assert len(from_csv) >= 200 and from_csv["game_id"].nunique() >= 10
    assert str(from_csv["contract"].dtype) == "category"
    raw = pd.read_csv(SAMPLE, dtype=str, keep_default_na=False)
    wb = Workbook()
    ws = wb.active
    ws.title = "Season"
    ws.append(list(raw.columns))
    for row in raw.itertuples(index=False):
        ws.append([_cell(v) for v in row])
    path = tmp_path / "belot.xlsx"
    wb.save(path)
    from_xlsx = csf.read_log(path, game="belot")
    a, b = belot.score(from_csv), belot.score(from_xlsx)
    for col in COMPARED + ["game_id", "deal", "a1", "b2"]:
        assert a[col].astype(object).tolist() == b[col].astype(object).tolist(), col


def test_excel_problems_name_the_cell(tmp_path):
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    deals = log({}, dict(declarer_tricks=11)).drop(columns=["capo_bid"])
    ws.append(list(deals.columns))
    for row in deals.itertuples(index=False):
        ws.append([_cell(v) for v in row])
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    with pytest.raises(LogValidationError) as err:
        csf.read_log(path, game="belot")
    col = list(deals.columns).index("declarer_tricks")
    assert err.value.failure_cases["cell"].tolist() == [f"Sheet!{chr(65 + col)}3"]


def _cell(v):
    """A text cell as a spreadsheet holds it: numbers as numbers, blanks empty."""
    if v is None or (isinstance(v, float) and np.isnan(v)) or v == "":
        return None
    if isinstance(v, (bool, np.bool_, int, np.integer)):
        return v.item() if hasattr(v, "item") else v
    if v in ("True", "False"):
        return v == "True"
    try:
        return int(v)
    except (TypeError, ValueError):
        return v


@pytest.mark.parametrize("seed", range(4))
def test_match_ends_in_a_log_in_order_are_those_found_in_any_order(seed):
    # the ends and the deals after them do not depend on the log's row order.
    # Random points and invalid deals give matches that end early (deals after
    # the end), late, or never.
    from cardscore_frames.checking import game_index
    from cardscore_frames.games.belot.arithmetic import protocol

    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 30, 200)
    frame = pd.DataFrame(
        {
            "game_id": np.repeat(np.arange(200), sizes),
            "deal": np.concatenate([np.arange(1, s + 1) for s in sizes]),
        }
    )
    n = len(frame)
    pa, pb = rng.integers(0, 40, (2, n))
    valid = rng.random(n) > 0.02
    index = game_index(frame)
    got = protocol(index, pa, pb, 151, valid=valid)
    backwards = game_index(frame.iloc[::-1].reset_index(drop=True))
    want = protocol(backwards, pa[::-1], pb[::-1], 151, valid=valid[::-1])
    for name in ("total_a", "total_b", "ends", "after"):
        np.testing.assert_array_equal(getattr(got, name), getattr(want, name)[::-1])
    was = want.end_row[::-1]  # rows counted from the other end
    np.testing.assert_array_equal(got.end_row, np.where(was >= 0, n - 1 - was, -1))
    assert got.after.any() and got.ends.any() and (~got.ends & ~got.after).any()
    # every row after an end names that end, which is in its own game
    later = np.flatnonzero(got.after)
    ends = got.end_row[later]
    assert got.ends[ends].all() and (ends < later).all()
    assert (
        frame["game_id"].to_numpy()[ends] == frame["game_id"].to_numpy()[later]
    ).all()
