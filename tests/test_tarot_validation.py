"""Every way a tarot log can be wrong is reported, all at once, naming the culprit."""

from __future__ import annotations

import pandas as pd
import pytest

import cardscore_frames as csf

FOUR = dict(player1="A", player2="B", player3="C", player4="D")
THREE = dict(player1="A", player2="B", player3="C")
FIVE = dict(player1="A", player2="B", player3="C", player4="D", player5="E")
GOOD = dict(
    game_id=7, deal=3, **FOUR, taker="A", contract="garde", oudlers=2, card_points=49
)


def problems(*rows: dict) -> pd.DataFrame:
    with pytest.raises(csf.LogValidationError) as err:
        csf.validate(pd.DataFrame(list(rows)), game="tarot")
    assert isinstance(err.value, ValueError)  # also the builtin it resembles
    return err.value.failure_cases


def bad(**changes) -> dict:
    row = dict(GOOD)
    row.update(changes)
    return row


CASES = [
    pytest.param(
        bad(contract="gard"),
        "contract",
        "not_allowed",
        "gard",
        "one of pass, petite, garde",
        id="unknown-contract",
    ),
    pytest.param(
        bad(oudlers=4), "oudlers", "out_of_range", 4, "from 0 to 3", id="oudlers-4"
    ),
    pytest.param(
        bad(oudlers="two"),
        "oudlers",
        "not_a_number",
        "two",
        "whole number",
        id="oudlers-text",
    ),
    pytest.param(
        bad(card_points=91.5),
        "card_points",
        "out_of_range",
        91.5,
        "from 0 to 91",
        id="points-over-91",
    ),
    pytest.param(
        bad(**THREE, player4=None, card_points=40.3),
        "card_points",
        "not_in_steps",
        40.3,
        "steps of 0.5",
        id="points-not-half",
    ),
    pytest.param(
        bad(card_points=40.5),
        "card_points",
        "half_point_at_4",
        40.5,
        "whole when 4 play",
        id="half-point-at-4",
    ),
    pytest.param(
        bad(oudlers=3, card_points=10),
        "card_points",
        "points_vs_oudlers",
        10,
        "from 13.5 to 91 with 3 oudlers",
        id="too-few-points-for-3-oudlers",
    ),
    pytest.param(
        bad(oudlers=0, card_points=80),
        "card_points",
        "points_vs_oudlers",
        80,
        "from 0 to 77.5 with 0 oudlers",
        id="too-many-points-for-0-oudlers",
    ),
    pytest.param(
        bad(card_points=86, chelem="announced_made"),
        "card_points",
        "chelem_points",
        86,
        "91 (3 oudlers) or 87",
        id="chelem-not-91-or-87",
    ),
    pytest.param(
        # the dog (6 cards, 3 to 27 points) is the defence's in a garde contre:
        # 91 - 3 = 88 at the most, 91 - 27 = 64 at the least with 3 oudlers
        bad(
            oudlers=3, card_points=91, contract="garde_contre", chelem="announced_made"
        ),
        "card_points",
        "chelem_points",
        91,
        "chelem made in a garde contre must be from 64 to 88 with 3 oudlers",
        id="contre-chelem-keeps-no-dog",
    ),
    pytest.param(
        bad(oudlers=0, card_points=30, petit_au_bout="attack"),
        "petit_au_bout",
        "pab_no_petit",
        "attack",
        "0 oudlers",
        id="petit-au-bout-without-petit",
    ),
    pytest.param(
        bad(oudlers=3, card_points=60, petit_au_bout="defence"),
        "petit_au_bout",
        "pab_no_petit",
        "defence",
        "all 3 oudlers",
        id="defence-petit-au-bout-3",
    ),
    pytest.param(
        bad(**THREE, player4=None, poignee_attack="simple", poignee_defence="simple"),
        "poignee_defence",
        "too_many_trumps",
        "simple / simple",
        "need 26 trumps",
        id="two-simple-at-3",
    ),
    pytest.param(
        bad(poignee_attack="simple+simple"),
        "poignee_attack",
        "too_many_poignees",
        "simple+simple",
        "more than the 1 players",
        id="two-poignees-one-taker",
    ),
    pytest.param(
        bad(poignee_attack="huge"),
        "poignee_attack",
        "not_allowed",
        "huge",
        "simple, double, triple",
        id="unknown-poignee",
    ),
    pytest.param(
        bad(taker="Z"),
        "taker",
        "not_seated",
        "Z",
        "one of the deal's players",
        id="taker-not-seated",
    ),
    pytest.param(
        bad(partner="B"),
        "partner",
        "partner_not_five",
        "B",
        "5 play",
        id="partner-at-4",
    ),
    pytest.param(
        bad(**FIVE, partner="Z", card_points=49.5),
        "partner",
        "not_seated",
        "Z",
        "one of the deal's players",
        id="partner-not-seated",
    ),
    pytest.param(
        bad(player4="A"),
        "player4",
        "duplicate_player",
        "A",
        "also player1",
        id="same-player-twice",
    ),
    pytest.param(
        bad(player3=None),
        "player3",
        "blank",
        None,
        "must not be blank",
        id="player3-blank",
    ),
    pytest.param(
        bad(player4=None, player5="E", card_points=49.5),
        "player4",
        "seat_gap",
        "A/B/C//E",
        "without a blank seat",
        id="seat-gap",
    ),
    pytest.param(
        bad(**THREE, player4=None, sits_out="C", card_points=49.5),
        "sits_out",
        "sits_out_small_table",
        "C",
        "table of 4 or 5",
        id="sits-out-at-3",
    ),
    pytest.param(
        bad(**FIVE, sits_out="A"),
        "taker",
        "sitting_out",
        "A",
        "sits it out",
        id="taker-sits-out",
    ),
    pytest.param(
        bad(contract="pass"),
        "taker",
        "set_on_pass",
        "A",
        "blank on a passed",
        id="pass-with-taker",
    ),
    pytest.param(
        bad(taker=None),
        "taker",
        "blank",
        None,
        "given on a played deal",
        id="played-without-taker",
    ),
    pytest.param(bad(deal=0), "deal", "out_of_range", 0, "at least 1", id="deal-0"),
]


@pytest.mark.parametrize(("row", "column", "reason", "value", "says"), CASES)
def test_each_problem_names_game_deal_column_value(row, column, reason, value, says):
    fc = problems(row)
    hit = fc[fc["reason"] == reason]
    assert len(hit) >= 1, fc
    first = hit.iloc[0]
    assert first["game_id"] == 7
    assert first["deal"] == row["deal"]
    assert first["column"] == column
    if value is None:
        assert pd.isna(first["value"])
    else:
        assert first["value"] == value
    assert says in first["message"]


def test_every_problem_at_once():
    rows = [
        bad(deal=1, contract="gard"),
        bad(deal=2, oudlers=7),
        dict(GOOD, deal=3),
        bad(deal=4, taker="Z", card_points=40.5),
    ]
    fc = problems(*rows)
    assert fc[["deal", "reason"]].values.tolist() == [
        [1, "not_allowed"],
        [2, "out_of_range"],
        [4, "not_seated"],
        [4, "half_point_at_4"],
    ]
    with pytest.raises(csf.LogValidationError) as err:
        csf.validate(pd.DataFrame(rows), game="tarot")
    text = str(err.value)
    assert text.startswith("tarot log: 4 problems in 3 deals")
    assert "game 7, deal 1: contract must be one of" in text and "got 'gard'" in text


def test_duplicate_deal_numbers():
    fc = problems(dict(GOOD), dict(GOOD))
    assert fc["reason"].tolist() == ["duplicate_key", "duplicate_key"]
    assert fc["row"].tolist() == [0, 1]


def test_missing_columns_reported_together():
    frame = pd.DataFrame([GOOD]).drop(columns=["contract", "oudlers"])
    with pytest.raises(csf.LogValidationError) as err:
        csf.validate(frame, game="tarot")
    fc = err.value.failure_cases
    assert set(fc["column"]) == {"contract", "oudlers"}
    assert set(fc["reason"]) == {"missing_column"}
    assert fc["deal"].isna().all()


def test_collect_returns_good_rows_and_rejected_with_reasons():
    rows = pd.DataFrame(
        [bad(deal=1, contract="gard"), dict(GOOD, deal=2), bad(deal=3, oudlers=9)]
    )
    deals, rejected, failures = csf.validate(rows, game="tarot", errors="collect")
    assert deals["deal"].tolist() == [2]
    assert rejected["deal"].tolist() == [1, 3]
    assert rejected["contract"].tolist() == ["gard", "garde"]  # as given, not altered
    assert "contract must be one of" in rejected["problems"].iloc[0]
    assert len(failures) == 2 and not rejected.attrs
    scored = csf.tarot.score(deals)
    assert scored["deal_value"].tolist() == [
        66
    ]  # garde, 49 with 2 oudlers: (25 + 8) x 2


def test_aliases_and_case_are_understood():
    row = dict(GOOD, contract="Garde Sans", petit_au_bout="Defense")
    row["Bouts"] = row.pop("oudlers")
    got = csf.tarot.score(pd.DataFrame([row]))
    assert got["contract"].iloc[0] == "garde_sans"
    assert got["petit_au_bout"].iloc[0] == "defence"
    assert got["oudlers"].iloc[0] == 2


def test_unknown_game_is_a_key_error():
    with pytest.raises(csf.UnknownGameError, match="game must be one of") as err:
        csf.validate(pd.DataFrame([GOOD]), game="bridge")
    assert isinstance(err.value, KeyError)


def test_errors_argument_checked():
    with pytest.raises(csf.RulesError, match="errors must be"):
        csf.validate(pd.DataFrame([GOOD]), game="tarot", errors="ignore")
