"""French tarot: the rules file's worked examples, splits, house rules, bad input and
the vectorised scorer against the row-by-row reference (tests/tarot_reference.py)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_reference import PLAYER_COLS, deal_value, seat_scores

import cardscore_frames as csf
from cardscore_frames.games.tarot.generate import random_deals

FOUR = dict(player1="A", player2="B", player3="C", player4="D")
THREE = dict(player1="A", player2="B", player3="C")
FIVE = dict(player1="A", player2="B", player3="C", player4="D", player5="E")


def deal(**cells) -> dict:
    row = dict(game_id=1, taker="A")
    row.update(cells)
    return row


def frame(*rows: dict) -> pd.DataFrame:
    rows = [dict(r, deal=r.get("deal", i + 1)) for i, r in enumerate(rows)]
    return pd.DataFrame(rows)


def scored_one(row: dict, rules=None) -> pd.Series:
    return csf.tarot.score(frame(row), rules=rules).iloc[0]


# --- the rules file's worked examples (FFT 2012) and half points ------------------

EXAMPLES = [
    pytest.param(
        deal(
            **FOUR,
            contract="garde",
            oudlers=2,
            card_points=49,
            poignee_attack="simple",
            petit_au_bout="attack",
        ),
        106,
        318,
        id="fft1-garde-49-poignee-petit-au-bout",
    ),
    pytest.param(
        deal(
            **FOUR,
            contract="garde_sans",
            oudlers=2,
            card_points=45,
            petit_au_bout="defence",
        ),
        76,
        228,
        id="fft2-garde-sans-by-4",
    ),
    pytest.param(
        deal(
            **FOUR,
            contract="petite",
            oudlers=2,
            card_points=34,
            poignee_attack="simple",
            petit_au_bout="attack",
        ),
        -42,
        -126,
        id="fft3-petite-failed-by-7",
    ),
    pytest.param(
        deal(
            **FOUR,
            contract="garde",
            oudlers=2,
            card_points=52,
            poignee_defence="simple",
        ),
        92,
        276,
        id="fft4-defence-poignee",
    ),
    pytest.param(
        deal(
            **FOUR,
            contract="garde",
            oudlers=2,
            card_points=87,
            poignee_attack="simple",
            petit_au_bout="attack",
            chelem="announced_made",
        ),
        582,
        1746,
        id="fft5-chelem-87",
    ),
    pytest.param(
        deal(**THREE, contract="petite", oudlers=2, card_points=40.5),
        -26,
        -52,
        id="3p-40.5-loses-by-1",
    ),
    pytest.param(
        deal(**THREE, contract="petite", oudlers=2, card_points=41.5),
        26,
        52,
        id="3p-41.5-wins-by-1",
    ),
    pytest.param(
        deal(**THREE, contract="petite", oudlers=3, card_points=35.5),
        -26,
        -52,
        id="3p-35.5-3-oudlers-loses-by-1",
    ),
    pytest.param(
        deal(**THREE, contract="petite", oudlers=3, card_points=36.5),
        26,
        52,
        id="3p-36.5-3-oudlers-wins-by-1",
    ),
    pytest.param(
        deal(**THREE, contract="petite", oudlers=0, card_points=55.5),
        -26,
        -52,
        id="3p-55.5-0-oudlers-loses-by-1",
    ),
    pytest.param(
        deal(**THREE, contract="petite", oudlers=0, card_points=56),
        25,
        50,
        id="3p-56-juste-fait",
    ),
    pytest.param(
        deal(**THREE, contract="petite", oudlers=0, card_points=56.5),
        26,
        52,
        id="3p-56.5-wins-by-1",
    ),
    pytest.param(
        deal(
            **FOUR,
            contract="petite",
            oudlers=3,
            card_points=91,
            chelem="unannounced_made",
        ),
        280,
        840,
        id="chelem-unannounced",
    ),
    pytest.param(
        deal(**FOUR, contract="garde", oudlers=0, card_points=0, chelem="defence"),
        -362,
        -1086,
        id="chelem-by-defence",
    ),
    pytest.param(
        deal(
            **FOUR,
            contract="garde",
            oudlers=0,
            card_points=0,
            chelem="announced_defence",
        ),
        -562,
        -1686,
        id="announced-chelem-made-by-defence",
    ),
    pytest.param(
        deal(
            **FOUR,
            contract="garde",
            oudlers=2,
            card_points=60,
            chelem="announced_failed",
        ),
        -112,
        -336,
        id="chelem-announced-failed",
    ),
    pytest.param(
        deal(
            **FOUR,
            contract="petite",
            oudlers=2,
            card_points=34,
            poignee_defence="simple",
        ),
        -52,
        -156,
        id="defence-poignee-goes-to-defence",
    ),
    pytest.param(
        deal(**FOUR, contract="garde_contre", oudlers=1, card_points=51),
        150,
        450,
        id="garde-contre-juste-fait",
    ),
]


@pytest.mark.parametrize(("row", "value", "taker"), EXAMPLES)
def test_worked_examples(row, value, taker):
    got = scored_one(row)
    assert got["deal_value"] == value
    assert got["taker_score"] == taker
    assert deal_value(row) == value  # the oracle agrees with the rules file too


# --- how a deal's value is shared ----------------------------------------------------

SPLITS = [
    pytest.param(
        deal(**THREE, contract="petite", oudlers=2, card_points=40.5),
        [-52, 26, 26],
        id="3-players",
    ),
    pytest.param(
        deal(**FOUR, contract="garde", oudlers=1, card_points=55),
        [174, -58, -58, -58],
        id="4-players",
    ),
    pytest.param(
        deal(**FIVE, partner="C", contract="garde", oudlers=1, card_points=55.5),
        [120, -60, 60, -60, -60],
        id="5-players-partner",
    ),
    pytest.param(
        deal(**FIVE, partner="A", contract="garde", oudlers=1, card_points=55.5),
        [240, -60, -60, -60, -60],
        id="5-players-alone-own-king",
    ),
    pytest.param(
        deal(**FIVE, partner=None, contract="garde", oudlers=1, card_points=55.5),
        [240, -60, -60, -60, -60],
        id="5-players-alone-blank-partner",
    ),
    pytest.param(
        deal(**FIVE, sits_out="E", contract="garde", oudlers=1, card_points=55),
        [174, -58, -58, -58, 0],
        id="5-seated-dealer-sits-out",
    ),
    pytest.param(
        deal(**FIVE, taker=None, contract="pass", oudlers=None, card_points=None),
        [0, 0, 0, 0, 0],
        id="passed-deal",
    ),
]


@pytest.mark.parametrize(("row", "scores"), SPLITS)
def test_splits(row, scores):
    ledger = csf.tarot.to_ledger(csf.tarot.score(frame(row)))
    assert ledger["score"].tolist() == scores
    assert ledger["player"].astype(str).tolist() == list("ABCDE")[: len(scores)]


def test_passed_deal_is_kept_with_blank_results():
    rows = frame(
        deal(**FOUR, contract="garde", oudlers=1, card_points=55),
        deal(**FOUR, taker=None, contract="pass"),
    )
    got = csf.tarot.score(rows)
    assert len(got) == 2
    assert got["deal_value"].tolist() == [58, 0]
    assert got["made"].isna().tolist() == [False, True]
    ledger = csf.tarot.to_ledger(got)
    assert (ledger.loc[ledger["deal"] == 2, "role"] == "passed").all()


def test_roles_and_metadata_flow_into_ledger():
    row = deal(
        **FIVE,
        partner="C",
        contract="garde",
        oudlers=1,
        card_points=55.5,
        league="L1",
        season="2026",
        date="2026-03-05",
        table=2,
        note="x",
    )
    ledger = csf.tarot.to_ledger(csf.tarot.score(frame(row)))
    assert ledger["role"].astype(str).tolist() == [
        "taker",
        "defender",
        "partner",
        "defender",
        "defender",
    ]
    assert ledger["league"].unique().tolist() == ["L1"]
    assert ledger["table"].unique().tolist() == ["2"]  # text, whatever the file
    assert ledger["date"].unique().tolist() == [pd.Timestamp("2026-03-05")]
    assert ledger["game_key"].unique().tolist() == ["tarot / L1 / 2026 / 1"]
    assert (ledger["game"] == "tarot").all()


def test_score_keeps_original_columns_and_does_not_mutate():
    raw = frame(deal(**FOUR, contract="garde", oudlers=2, card_points=49, extra="keep"))
    before = raw.copy()
    got = csf.tarot.score(raw)
    pd.testing.assert_frame_equal(raw, before)
    assert got["extra"].tolist() == ["keep"]
    assert set(csf.tarot.SCORE_COLUMNS) <= set(got.columns)


# --- house rules ----------------------------------------------------------------------

HOUSE = [
    pytest.param(
        csf.tarot.Rules(poignee_values=(20, 40, 60)),
        deal(
            **FOUR,
            contract="garde",
            oudlers=2,
            card_points=49,
            poignee_attack="double",
            petit_au_bout="attack",
        ),
        126,
        116,
        id="poignee-values-20-40-60",
    ),
    pytest.param(
        csf.tarot.Rules(margin_round_to=10),
        deal(
            **FOUR,
            contract="garde",
            oudlers=2,
            card_points=49,
            poignee_attack="simple",
            petit_au_bout="attack",
        ),
        110,
        106,
        id="margin-rounded-to-10",
    ),
    pytest.param(
        csf.tarot.Rules(margin_round_to=10),
        deal(**FOUR, contract="petite", oudlers=2, card_points=46),
        35,
        30,
        id="margin-5-rounds-up-to-10",
    ),
    pytest.param(
        csf.tarot.Rules(half_points=False),
        deal(**THREE, contract="petite", oudlers=2, card_points=41.5),
        25,
        26,
        id="half-point-dropped",
    ),
    pytest.param(
        csf.tarot.Rules(petit_chelem=True),
        deal(
            **FOUR,
            contract="petite",
            oudlers=3,
            card_points=80,
            chelem="petit_announced_made",
        ),
        369,
        None,
        id="petit-chelem-made",
    ),
]


@pytest.mark.parametrize(("rules", "row", "value", "fft_value"), HOUSE)
def test_house_rules(rules, row, value, fft_value):
    assert scored_one(row, rules)["deal_value"] == value
    if fft_value is not None:
        assert scored_one(row)["deal_value"] == fft_value


def test_misere_house_rule():
    rules = csf.tarot.Rules(misere=True)
    row = deal(**FOUR, contract="garde", oudlers=1, card_points=55, misere="B")
    ledger = csf.tarot.to_ledger(csf.tarot.score(frame(row), rules=rules), rules=rules)
    assert ledger["score"].tolist() == [174 - 10, -58 + 30, -58 - 10, -58 - 10]
    assert ledger["misere_points"].tolist() == [-10, 30, -10, -10]
    two = deal(**FOUR, contract="garde", oudlers=1, card_points=55, misere="B+C")
    ledger = csf.tarot.to_ledger(csf.tarot.score(frame(two), rules=rules), rules=rules)
    assert ledger["misere_points"].tolist() == [-20, 20, 20, -20]


def test_house_rules_off_by_default_reject_their_data():
    with pytest.raises(csf.LogValidationError) as err:
        csf.tarot.score(
            frame(
                deal(
                    **FOUR,
                    contract="petite",
                    oudlers=3,
                    card_points=80,
                    chelem="petit_announced_made",
                    misere="B",
                )
            )
        )
    assert set(err.value.failure_cases["reason"]) == {"house_rule_off"}


@pytest.mark.parametrize(
    "bad",
    [dict(poignee_values=(20, 30)), dict(margin_round_to=0), dict(misere_value=-1)],
)
def test_bad_rules_are_refused(bad):
    with pytest.raises(csf.RulesError):
        csf.tarot.Rules(**bad)


# --- the vectorised scorer against the row-by-row reference ---------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_matches_reference_on_generated_deals(seed):
    raw = random_deals(3000, seed=seed, deals_per_game=15)
    got = csf.tarot.score(raw)
    expected = [deal_value(r) for r in raw.to_dict("records")]
    np.testing.assert_array_equal(got["deal_value"].to_numpy(), expected)
    wide = np.array([seat_scores(r) for r in raw.to_dict("records")])
    seated = raw[PLAYER_COLS].notna().to_numpy()
    ledger = csf.tarot.to_ledger(got)
    np.testing.assert_array_equal(ledger["score"].to_numpy(), wide[seated])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 400))
def test_every_deal_sums_to_zero(seed, n):
    ledger = csf.tarot.to_ledger(csf.tarot.score(random_deals(n, seed=seed)))
    sums = ledger.groupby(["game_id", "deal"])["score"].sum()
    assert (sums == 0).all()
    csf.check_ledger(ledger)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_row_order_does_not_change_results(seed):
    raw = random_deals(200, seed=seed)
    shuffled = raw.sample(frac=1, random_state=seed % 1000)
    a = csf.tarot.score(raw)["deal_value"]
    b = csf.tarot.score(shuffled)["deal_value"]
    pd.testing.assert_series_equal(a, b.loc[a.index])
