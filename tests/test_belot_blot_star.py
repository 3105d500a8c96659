"""Bazar-Belot as Blot Star scores it: ``belot.Rules.preset("blot_star")``.

The expected values of the fixtures come from another program's own record:
levonbars/bazar-blot-rl, ``tests/test_deal_fixtures.py`` (the worked examples of its
``docs/01-rules.md`` §7.5), which scores Blot Star's rules. Each option alone is
checked on hand-worked deals, and the preset against a plain row-by-row scorer
written here from that document's §7.2 algorithm.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.errors import LogValidationError, RulesError
from cardscore_frames.excel import cell_ref
from cardscore_frames.games import belot
from cardscore_frames.games.belot import paper as belot_paper
from cardscore_frames.games.belot.generate import random_deals

BLOT_STAR = belot.Rules.preset("blot_star")

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
)


def log(*changes: dict) -> pd.DataFrame:
    """A log of one deal (one match) per change; pair a declares."""
    return pd.DataFrame(
        [{**BASE, "game_id": i, **c} for i, c in enumerate(changes, start=1)]
    )


def one(change: dict, rules: belot.Rules) -> pd.Series:
    return belot.score(log(change), rules=rules).iloc[0]


def capo(level: int, **change) -> dict:
    """A capo bid of ``level`` (Blot Star's "27 Capot"): its level in capo_bid."""
    return dict(capo=True, bid=None, capo_bid=level, **change)


# --- the six deal fixtures of levonbars/bazar-blot-rl tests/test_deal_fixtures.py --
# Their deal in our log: the attackers are pair a; ``cards_attackers`` (card points
# with the last hand) is declarer_card_points, ``combo_attackers`` and
# ``combo_defenders`` the two declarations columns. Each expected value is the
# fixture's own assert: made, raw_attackers / raw_defenders (our declarer_whists /
# defender_whists) and attackers_score / defenders_score (our points_declarer /
# points_defender). None: the fixture does not assert it.
FIXTURES = {
    # test_fixture_a_made: trump hearts, bid 11, 96 card points + the last hand =
    # 106, the attackers' Blot-Reblot 20, the defenders' Fifty 50.
    "A-made": (
        dict(
            bid=11,
            declarer_card_points=106,
            declarer_declarations=20,
            defender_declarations=50,
        ),
        (True, 126, 106, 24, 11),
    ),
    # test_fixture_a_failed: the same deal with 80 card points (100 raw < 110).
    "A-failed": (
        dict(
            bid=11,
            declarer_tricks=3,
            declarer_card_points=80,
            declarer_declarations=20,
            defender_declarations=50,
        ),
        (False, 100, None, 0, 32),
    ),
    # test_fixture_a_failed_under_notrump: the same failure in no-trump (2 × 11).
    "A-failed-no-trump": (
        dict(
            bid=11,
            contract="no_trump",
            declarer_tricks=3,
            declarer_card_points=80,
            declarer_declarations=20,
            defender_declarations=50,
        ),
        (False, None, None, None, 43),
    ),
    # test_fixture_b_high_bid_carried_by_combinations: spades, bid 26, a carré of
    # jacks and a Fifty (250), 40 card points + the last hand.
    "B-bid-26-carried-by-declarations": (
        dict(
            bid=26,
            contract="spades",
            declarer_tricks=3,
            declarer_card_points=50,
            declarer_declarations=250,
        ),
        (True, 300, None, 56, 11),
    ),
    # test_fixture_c_the_capot_trap: 27 Capot, 290 raw, but the defenders took a
    # trick: lost.
    "C-capot-trap": (
        capo(
            27,
            contract="spades",
            declarer_tricks=7,
            declarer_card_points=40,
            declarer_declarations=250,
        ),
        (False, None, None, 0, 43),
    ),
    # test_defenders_capot_on_failed_contract_replaces_sixteen_with_twenty_five:
    # bid 14 in hearts, the attackers shut out: 14 + 25, not 14 + 16.
    "defenders-capot-25": (
        dict(bid=14, declarer_tricks=0, declarer_card_points=0),
        (False, None, 252, None, 39),
    ),
}

# The same file's other deals assert less; the points beside them are ours, worked
# by hand from docs/games/belot.md ("Blot Star").
MORE = {
    # test_plain_bid_on_the_same_deal_would_have_made: fixture C without the capot
    # flag is made. Ours: 27 + round(290) = 56; the defenders 122 -> 12.
    "C-as-a-plain-27": (
        dict(
            bid=27,
            contract="spades",
            declarer_tricks=7,
            declarer_card_points=40,
            declarer_declarations=250,
        ),
        (True, 290, 122, 56, 12),
    ),
    # test_capot_plus_combinations_distinguishes_set_from_add: 27 Capot in hearts,
    # every trick (252) + Blot-Reblot 20 = 272, made. Ours: 27 + 27 = 54, 0.
    "capot-252-plus-bela": (
        capo(27, declarer_tricks=8, declarer_card_points=162, declarer_declarations=20),
        (True, 272, 0, 54, 0),
    ),
    # test_maximum_bid_deal_totals_802_raw_80_scaled: 80 Capot in spades, every
    # trick, carrés of jacks, nines, aces and tens (550): 802 raw, made.
    # Ours: 80 + 80 = 160, 0.
    "maximum-bid-80-capot": (
        capo(
            80,
            contract="spades",
            declarer_tricks=8,
            declarer_card_points=162,
            declarer_declarations=550,
        ),
        (True, 802, 0, 160, 0),
    ),
}


@pytest.mark.parametrize("name", [*FIXTURES, *MORE])
def test_blot_star_fixtures(name):
    change, expected = {**FIXTURES, **MORE}[name]
    row = one(change, BLOT_STAR)
    columns = (
        "made",
        "declarer_whists",
        "defender_whists",
        "points_declarer",
        "points_defender",
    )
    for column, want in zip(columns, expected, strict=True):
        if want is not None:
            assert row[column] == want, column
    assert (row["points_a"], row["points_b"]) == (
        row["points_declarer"],
        row["points_defender"],
    )


def test_the_fixtures_in_one_log_and_the_protocol():
    deals = log(*(c for c, _ in FIXTURES.values()))
    deals["game_id"] = 1
    deals["deal"] = range(1, len(deals) + 1)
    scored = belot.score(deals, rules=BLOT_STAR)
    # the fixtures' points in a row: pair a 24 + 56, pair b 11 + 32 + 43 + 11 + 43 + 39
    assert scored["total_a"].tolist() == [24, 24, 24, 80, 80, 80]
    assert scored["total_b"].tolist() == [11, 43, 86, 97, 140, 179]
    assert not scored["match_over"].any()


# --- each option alone, on hand-worked deals ---------------------------------------


def test_whist_rounding_each_side_on_its_own():
    # bid 8; 106 card whists, the defenders 56. The seed: Pv = 60/10 = 6, Pp =
    # (162 - 60) div 10 = 10: 18 and 6. Each side rounded: 106 -> 11, 56 -> 6,
    # 17 points of whists where the deck is 16: 8 + 11 = 19 and 6.
    deal = dict(declarer_card_points=106)
    seed = one(deal, belot.Rules())
    each = one(deal, belot.Rules(whist_rounding="each"))
    assert (seed["points_declarer"], seed["points_defender"]) == (18, 6)
    assert (each["points_declarer"], each["points_defender"]) == (19, 6)
    # A trailing 5 (the two sides' whists add up to 162 plus tens, so only one
    # side can end in 5). 115 and 47: up, 12 and 5 (8 + 12 = 20); down, 11 and 5.
    # 97 and 65: up, 10 and 7 (8 + 10 = 18); down, 10 and 6.
    for vtp, up_points, down_points in (
        (115, (20, 5), (19, 5)),
        (97, (18, 7), (18, 6)),
    ):
        deal = dict(declarer_card_points=vtp)
        up = one(deal, belot.Rules(whist_rounding="each"))
        down = one(deal, belot.Rules(whist_rounding="each", trailing_five="down"))
        assert (up["points_declarer"], up["points_defender"]) == up_points
        assert (down["points_declarer"], down["points_defender"]) == down_points


def test_trickless_declarers_keep_their_declarations():
    # bid 8, no trick, a carré of jacks (200). The seed moves the 200 to the
    # defenders: Vp 0 < 80, failed; Vv 362 -> Pv 36, Pp 0 (capped at 16 + 20 - 36):
    # 0 and 8 + 0 + 36 = 44. Kept: Vp 200 >= 80, made; Pv 162 -> 16, Pp = (362 -
    # 160) div 10 = 20 (the cap 16 + 20 - 16 = 20): 8 + 20 = 28 and 16.
    deal = dict(declarer_tricks=0, declarer_card_points=0, declarer_declarations=200)
    seed = one(deal, belot.Rules())
    kept = one(deal, belot.Rules(trickless_transfer=False))
    assert (seed["made"], seed["points_declarer"], seed["points_defender"]) == (
        False,
        0,
        44,
    )
    assert (kept["made"], kept["points_declarer"], kept["points_defender"]) == (
        True,
        28,
        16,
    )
    assert (kept["declarer_whists"], kept["defender_whists"]) == (200, 162)


def test_a_doubled_make_leaves_the_defenders_theirs():
    # The seed's worked example: bid 10 under contra, 110 card whists, the
    # defenders' terz 20: PC 20, Pp 11, Pv 7; the declarers take all, 38 and 0.
    # Without: 20 + 11 = 31 and 7. The БТ mark stays on the defenders.
    deal = dict(
        bid=10,
        doubling="contra",
        declarer_tricks=6,
        declarer_card_points=110,
        defender_declarations=20,
    )
    seed = one(deal, belot.Rules())
    theirs = one(deal, belot.Rules(contra_takes_all=False))
    assert (seed["points_declarer"], seed["points_defender"]) == (38, 0)
    assert (theirs["points_declarer"], theirs["points_defender"]) == (31, 7)
    assert theirs["bait"] == "b"


@pytest.mark.parametrize(
    ("contract", "doubling", "pc"),
    [
        pytest.param("no_trump", "none", 16, id="no-trump-8x2"),
        pytest.param("no_trump", "contra", 24, id="no-trump-contra-8x3"),
        pytest.param("no_trump", "recontra", 40, id="no-trump-recontra-8x5"),
        pytest.param("spades", "contra", 16, id="suit-contra-8x2"),
    ],
)
def test_no_trump_adds_the_bid_once_more(contract, doubling, pc):
    # bid 8 made with 97 card whists (Pp 9, Pv 7): PC as Blot Star's table,
    # trump x1/x2/x4, no-trump x2/x3/x5; the seed's no_trump_double gives x2/x4/x8.
    deal = dict(contract=contract, doubling=doubling)
    row = one(deal, belot.Rules(no_trump_adds_bid=True))
    assert row["contract_points"] == pc
    doubled = doubling != "none"
    assert row["points_declarer"] == pc + 9 + (7 if doubled else 0)


def test_failed_payout_base():
    # The seed's worked example: bid 12, 95 card whists + the declarers' Бэла 20 =
    # 115 < 120, failed: 12 + Pp 11 + Pv 7 = 30. The base payout: 12 + 16 + the
    # defenders' own declarations, none: 28 (the declarers' 20 count for nobody).
    deal = dict(bid=12, declarer_card_points=95, declarer_declarations=20)
    assert one(deal, belot.Rules())["points_defender"] == 30
    base = belot.Rules(failed_payout="base")
    assert one(deal, base)["points_defender"] == 28
    # with the defenders' Fifty: 12 + 16 + 5 = 33 (the seed: Vv 117 -> Pv 12,
    # Pp (232 - 120) div 10 = 11 capped at 16 + 7 - 12 = 11: 12 + 11 + 12 = 35)
    deal = {**deal, "defender_declarations": 50}
    assert one(deal, belot.Rules())["points_defender"] == 35
    assert one(deal, base)["points_defender"] == 33
    # the defenders took every trick: 14 + 16 without the all-tricks bonus, 14 +
    # 25 with it (the "NOT 30" of the fixture defenders-capot-25)
    deal = dict(bid=14, declarer_tricks=0, declarer_card_points=0)
    assert one(deal, base)["points_defender"] == 30
    with_bonus = belot.Rules(failed_payout="base", all_tricks_bonus=True)
    assert one(deal, with_bonus)["points_defender"] == 39


def test_failed_payout_base_gives_16_when_the_declarers_took_every_trick():
    # 27 Capot, every trick (252 + nothing) < 270: failed, and the 16 is not 25,
    # since the defenders took no trick: 27 + 16 = 43.
    row = one(capo(27, declarer_tricks=8, declarer_card_points=162), BLOT_STAR)
    assert (row["made"], row["points_declarer"], row["points_defender"]) == (
        False,
        0,
        43,
    )


def test_capo_scoring_bid():
    # capo_bid 17 is a capo bid of level 17, no all-tricks bonus. Every trick and
    # a terz: Vp 182 >= 170, made; Pv 0, Pp 18 (cap 16 + 2 - 0): 17 + 18 = 35.
    # The seed reads capo_bid 17 as K: PC = 25 + 17 = 42, Pp = 25 + 2: 69.
    by_bid = belot.Rules(capo_scoring="bid")
    made = capo(17, declarer_tricks=8, declarer_card_points=162)
    made["declarer_declarations"] = 20
    row = one(made, by_bid)
    assert (row["made"], row["contract_points"], row["points_declarer"]) == (
        True,
        17,
        35,
    )
    assert one(made, belot.Rules())["points_declarer"] == 42 + 27
    # seven tricks, 150 + 20 = 170 >= 170, but not every trick: failed. Vv 12:
    # Pv 1, Pp (182 - 10) div 10 = 17: the defenders 17 + 17 + 1 = 35.
    short = {**made, "declarer_tricks": 7, "declarer_card_points": 150}
    row = one(short, by_bid)
    assert (row["made"], row["points_declarer"], row["points_defender"]) == (
        False,
        0,
        35,
    )
    # under contra in no-trump with no_trump_adds_bid, the level is N: 17 × 3
    nt = {**made, "contract": "no_trump", "doubling": "contra"}
    both = belot.Rules(capo_scoring="bid", no_trump_adds_bid=True)
    assert one(nt, both)["contract_points"] == 51


# --- the rules object -----------------------------------------------------------


def test_defaults_are_unchanged_and_the_preset_sets_the_options():
    r = belot.Rules()
    assert (
        r.whist_rounding,
        r.trickless_transfer,
        r.contra_takes_all,
        r.no_trump_adds_bid,
        r.failed_payout,
        r.capo_scoring,
    ) == ("complement", True, True, False, "whists", "base")
    assert r.changes() == {}
    assert BLOT_STAR.changes() == {
        "trailing_five": "down",
        "all_tricks_bonus": True,
        "whist_rounding": "each",
        "trickless_transfer": False,
        "contra_takes_all": False,
        "no_trump_adds_bid": True,
        "failed_payout": "base",
        "capo_scoring": "bid",
    }
    assert list(belot.Rules.presets()) == ["seed", "blot_star"]
    assert belot.Rules.preset("blot_star", target=101).target == 101


def test_unknown_preset_lists_the_known_ones():
    with pytest.raises(RulesError, match="one of seed, blot_star for belot") as info:
        belot.Rules.preset("blotstar")
    assert "blot_star" in str(info.value)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (dict(whist_rounding="nearest"), "whist_rounding must be 'complement' or"),
        (dict(failed_payout=16), "failed_payout must be 'whists' or 'base'; got 16"),
        (dict(capo_scoring=None), "capo_scoring must be 'base' or 'bid'; got None"),
        (dict(trickless_transfer="no"), "trickless_transfer must be True or False"),
        (dict(contra_takes_all=1), "contra_takes_all must be True or False; got 1"),
        (dict(no_trump_adds_bid=None), "no_trump_adds_bid must be True or False"),
        (
            dict(no_trump_double=True, no_trump_adds_bid=True),
            "no_trump_double and no_trump_adds_bid cannot both be True",
        ),
        (
            dict(bela_kept=True, failed_payout="base"),
            "bela_kept needs failed_payout='whists'",
        ),
        (
            dict(capo_scoring="bid", failed_capo_base=16),
            "failed_capo_base applies to capo_scoring='base' only",
        ),
    ],
)
def test_bad_option_values(bad, message):
    with pytest.raises(RulesError, match=message):
        belot.Rules(**bad)


def test_every_clash_is_named_at_once():
    with pytest.raises(RulesError) as info:
        belot.Rules.preset("blot_star", bela_kept=True, no_trump_double=True)
    assert "no_trump_double and no_trump_adds_bid" in str(info.value)
    assert "bela_kept needs" in str(info.value)


def test_capo_bids_in_the_log_are_checked():
    deals = log(
        capo(5),  # below the minimum bid
        capo(None),  # no level
        dict(capo=True, bid=27, capo_bid=27),  # the level in bid too
        capo(8),  # the smallest: fine
    )
    with pytest.raises(LogValidationError) as info:
        csf.read_log(deals, game="belot", rules=BLOT_STAR)
    cases = info.value.failure_cases
    got = sorted(zip(cases["game_id"], cases["column"], cases["reason"], strict=True))
    assert got == [
        (1, "capo_bid", "below_minimum"),
        (2, "capo_bid", "blank"),
        (3, "bid", "set_on_capo"),
    ]
    assert "capo_bid is the capo bid's level" in str(info.value)
    # the seed's K may be 0
    csf.read_log(log(capo(0)), game="belot")


# --- the preset against a plain scorer of Blot Star's own algorithm --------------


def _tens_half_down(raw: int) -> int:
    """Blot Star's round10: to the nearest ten, a half down (85 -> 8, 86 -> 9)."""
    return raw // 10 + (1 if raw % 10 > 5 else 0)


def blot_star_deal(row: dict) -> tuple[bool, int, int]:
    """One deal (made, attackers, defenders) by docs/01-rules.md §7.2 of
    levonbars/bazar-blot-rl, written here row by row."""
    is_capot = bool(row["capo"])
    level = int(row["capo_bid"] if is_capot else row["bid"])
    tricks, cards = int(row["declarer_tricks"]), int(row["declarer_card_points"])
    if tricks == 8:
        cards_a, cards_d = 252, 0
    elif tricks == 0:
        cards_a, cards_d = 0, 252
    else:
        cards_a, cards_d = cards, 162 - cards
    raw_a = cards_a + int(row["declarer_declarations"])
    raw_d = cards_d + int(row["defender_declarations"])
    made = raw_a >= 10 * level and (tricks == 8 or not is_capot)
    no_trump = row["contract"] == "no_trump"
    m = {"none": (1, 2), "contra": (2, 3), "recontra": (4, 5)}[row["doubling"]]
    payout = m[1 if no_trump else 0] * level
    if made:
        return True, payout + _tens_half_down(raw_a), _tens_half_down(raw_d)
    base = 25 if tricks == 0 else 16
    own = _tens_half_down(int(row["defender_declarations"]))
    return False, 0, payout + base + own


def test_the_preset_scores_as_blot_stars_algorithm():
    deals = random_deals(3000, seed=7, rules=BLOT_STAR)
    scored = belot.score(deals, rules=BLOT_STAR)
    plain = [
        blot_star_deal(r)
        for r in deals.astype(object).to_dict("records")  # the oracle's own loop
    ]
    got = list(
        zip(
            scored["made"],
            scored["points_declarer"],
            scored["points_defender"],
            strict=True,
        )
    )
    assert got == plain
    # the generated log reaches every branch of the algorithm
    capos = scored["capo"]
    assert (capos & scored["made"]).any() and (capos & ~scored["made"]).any()
    assert (scored["declarer_tricks"] == 0).any() and (~scored["made"]).any()
    assert (scored["contract"] == "no_trump").any()
    assert (scored["doubling"] == "recontra").any() and scored["match_over"].any()


# --- where rules are stored --------------------------------------------------------


def test_the_rules_round_trip_as_plain_data():
    data = json.loads(json.dumps(BLOT_STAR.to_dict()))
    assert belot.Rules.from_dict(data) == BLOT_STAR
    scored = belot.score(log(*(c for c, _ in FIXTURES.values())), rules=BLOT_STAR)
    assert scored.cardscore.rules == BLOT_STAR


def test_a_workbook_keeps_the_rules_and_the_capo_bids(tmp_path):
    deals = random_deals(400, seed=2, rules=BLOT_STAR, metadata=False)
    scored = belot.score(deals, rules=BLOT_STAR)
    assert scored["capo"].any()
    path = csf.to_excel(scored, tmp_path / "blot_star.xlsx")
    back = csf.read_excel(path, game="belot")
    assert back.cardscore.rules == BLOT_STAR
    again = belot.score(back)  # the rules the workbook holds
    for column in ("capo", "capo_bid", "points_a", "points_b", "total_a", "total_b"):
        assert again[column].tolist() == scored[column].tolist(), column
    ledger = belot.to_ledger(again)
    assert ledger["score"].sum() == scored["points_a"].sum() * 2 + (
        scored["points_b"].sum() * 2
    )


def test_the_command_line_takes_the_preset(tmp_path):
    path = tmp_path / "fixtures.csv"
    log(*(c for c, _ in FIXTURES.values())).to_csv(path, index=False)
    out = tmp_path / "scored.csv"
    got = subprocess.run(
        [sys.executable, "-m", "cardscore_frames", "score", str(path)]
        + ["--game", "belot", "--rules", "blot_star", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert got.returncode == 0, got.stderr
    scored = pd.read_csv(out)
    assert scored["points_b"].tolist() == [11, 32, 43, 11, 43, 39]
    assert scored["points_a"].tolist() == [24, 0, 0, 56, 0, 0]


# --- the template that scores as it is typed ---------------------------------------

#: The preset, and its options split in two sets beside the seed's others (each
#: template computed by a spreadsheet engine takes seconds).
TEMPLATE_RULES = {
    "blot_star": BLOT_STAR,
    "transfer-contra-no-trump-capo": belot.Rules(
        trickless_transfer=False,
        contra_takes_all=False,
        no_trump_adds_bid=True,
        capo_scoring="bid",
    ),
    "rounding-payout": belot.Rules(
        whist_rounding="each", failed_payout="base", trailing_five="up"
    ),
}


#: Deals beside the fixtures that reach the other branches: doubled makes in a
#: suit and in no-trump, a trickless carré, a failed no-trump under recontra.
BRANCHES = (
    dict(bid=10, doubling="contra", declarer_tricks=6, declarer_card_points=110),
    dict(bid=8, contract="no_trump", doubling="recontra"),
    dict(declarer_tricks=0, declarer_card_points=0, declarer_declarations=200),
    dict(bid=16, contract="no_trump", doubling="recontra", defender_declarations=20),
)


def _one_match(rules: belot.Rules) -> pd.DataFrame:
    """Eight generated deals under ``rules``, then the fixtures and
    :data:`BRANCHES` as further deals of the same match, checked as a log."""
    deals = random_deals(8, seed=11, rules=rules, metadata=False)
    extra = log(*(c for c, _ in [*FIXTURES.values(), *MORE.values()]), *BRANCHES)
    extra[["a1", "a2", "b1", "b2"]] = deals[["a1", "a2", "b1", "b2"]].iloc[0].tolist()
    frame = pd.concat([deals.astype(object), extra.astype(object)])
    frame["game_id"] = 1
    frame["deal"] = range(1, len(frame) + 1)
    frame["bela"] = "none"
    return csf.validate(frame.reset_index(drop=True), game="belot", rules=rules)


def _template_values(folder, deals: pd.DataFrame, rules: belot.Rules) -> dict:
    """The template for ``rules`` filled with ``deals`` and computed by the
    ``formulas`` engine: each shown column's values, deal by deal."""
    sys.path.insert(0, str(Path(__file__).parent / "excel"))
    from fill import computed, fill

    players = list(deals.loc[0, ["a1", "a2", "b1", "b2"]])
    path = csf.write_template(
        folder / "blank.xlsx",
        game="belot",
        players=players,
        rules=rules,
        rows=len(deals) + 1,
    )
    layout = belot_paper.table(bela=False, template=True)
    path = fill(path, folder / "filled.xlsx", deals, layout.columns)
    values = computed(path)
    return {
        key: [
            values.get(
                ("ПРОТОКОЛ", cell_ref(belot_paper.FIRST_ROW + i, layout.col(key)))
            )
            for i in range(len(deals))
        ]
        for key in ("worth", "points_A", "points_B")
    }


@pytest.mark.parametrize("name", list(TEMPLATE_RULES))
def test_the_template_scores_as_the_package(tmp_path, name):
    # no match ends before the last deal: the target out of reach
    rules = belot.Rules(**{**TEMPLATE_RULES[name].changes(), "target": 10**6})
    deals = _one_match(rules)
    scored = belot.score(deals, rules=rules)
    values = _template_values(tmp_path, deals, rules)
    assert values["points_A"] == scored["points_a"].tolist()
    assert values["points_B"] == scored["points_b"].tolist()
    assert values["worth"] == (scored["points_a"] + scored["points_b"]).tolist()


def test_the_season_command_takes_the_preset(tmp_path):
    deals = random_deals(300, seed=5, rules=BLOT_STAR)
    path = tmp_path / "blot_star.csv"
    deals.to_csv(path, index=False)

    def season(*rules: str) -> subprocess.CompletedProcess:
        out = ["--no-ratings", "--out", str(tmp_path / "standings.csv")]
        return subprocess.run(
            [sys.executable, "-m", "cardscore_frames", "season", f"belot:{path}"]
            + list(rules)
            + out,
            capture_output=True,
            text=True,
            timeout=300,
        )

    got = season("--rules", "belot:blot_star")
    assert got.returncode == 0, got.stderr
    table = pd.read_csv(tmp_path / "standings.csv").set_index("player")
    ledger = belot.to_ledger(belot.score(deals, rules=BLOT_STAR))
    want = ledger.groupby("player", observed=True)["score"].sum()
    assert table["total"].sort_index().tolist() == want.sort_index().tolist()
    # under the seed's rules the same matches end elsewhere: the log is refused
    got = season()
    assert got.returncode == 1
    assert "comes after the match was decided" in got.stderr
