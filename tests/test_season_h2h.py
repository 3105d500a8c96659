"""Head to head: the pairwise split of a deal, checked by hand and against the
row-by-row oracle; belot partnerships."""

from __future__ import annotations

import pandas as pd
import pytest
from season_reference import pairwise_net
from test_season_standings import belot_matches, oracle_rows, zero_sum_games

import cardscore_frames as csf


def test_a_five_player_deal_splits_winners_from_losers_in_proportion():
    # taker +60 (2S), partner +30 (S), three defenders -30 (S = 30): the taker
    # takes 60 x 30 / 90 = 20 from each defender, the partner 10; the partners
    # and the defenders exchange nothing
    deal = {"T": 60, "P": 30, "D1": -30, "D2": -30, "D3": -30}
    h2h = csf.season.head_to_head(zero_sum_games("tarot", [(1, "2026-01-08", [deal])]))
    net = h2h.set_index(["player", "opponent"])["net"]
    assert net["T", "D1"] == 20 and net["D1", "T"] == -20
    assert net["P", "D3"] == 10 and net["T", "P"] == 0 and net["D1", "D2"] == 0
    assert h2h.groupby("player", observed=True)["net"].sum().to_dict() == deal
    assert (h2h["games"] == 1).all() and (h2h["deals"] == 1).all()


def test_a_player_sitting_out_exchanges_nothing_but_met_the_others():
    deal = {"T": 90, "D1": -30, "D2": -30, "D3": -30, "Out": 0}
    h2h = csf.season.head_to_head(zero_sum_games("tarot", [(1, "2026-01-08", [deal])]))
    out = h2h[h2h["player"] == "Out"]
    assert (out["net"] == 0).all() and len(out) == 4 and (out["games"] == 1).all()


def test_matches_the_oracle_on_a_season():
    frame = zero_sum_games(
        "tarot",
        [
            (
                1,
                "2026-01-08",
                [
                    {"A": 90, "B": -30, "C": -30, "D": -30},
                    {"A": -40, "B": 120, "C": -40, "D": -40},
                ],
            ),
            (2, "2026-01-15", [{"A": 40, "B": -20, "C": -20}]),
            (3, "2026-01-22", [{"A": 60, "B": 30, "C": -30, "D": -30, "E": -30}]),
        ],
    )
    h2h = csf.season.head_to_head(frame)
    expected = pairwise_net(oracle_rows(frame))
    got = h2h.set_index([h2h["player"].astype(str), h2h["opponent"].astype(str)])
    assert set(got.index) == set(expected)
    for key, value in expected.items():
        assert got.loc[key, "net"] == pytest.approx(value), key
    # game totals: 1: A 50, B 90; 2: A 40, B and C -20 (level); 3: A 60, B 30
    assert got.loc[("A", "B"), ["games", "wins", "draws", "losses"]].tolist() == [
        3,
        2,
        0,
        1,
    ]
    assert got.loc[("B", "C"), ["wins", "draws", "losses"]].tolist() == [2, 1, 0]


def test_belot_players_face_only_their_opponents_and_pairs_have_a_record():
    frame = belot_matches(
        [
            (1, "2026-01-08", ("A", "B"), ("C", "D"), [(200, 120), (110, 80)], "a"),
            (2, "2026-01-15", ("C", "D"), ("A", "B"), [(310, 290)], "a"),
            (3, "2026-01-22", ("A", "B"), ("C", "D"), [(150, 100)], None),
        ]
    )
    h2h = csf.season.head_to_head(frame)
    assert set(h2h.loc[h2h["player"] == "A", "opponent"].astype(str)) == {"C", "D"}
    row = h2h.set_index(["player", "opponent"]).loc[("A", "C")]
    assert row[["games", "wins", "draws", "losses"]].tolist() == [3, 1, 0, 1]
    assert row["net"] == (200 - 120) + (110 - 80) + (290 - 310) + (150 - 100)
    expected = pairwise_net(oracle_rows(frame))
    assert row["net"] == expected[("A", "C")]
    teams = csf.season.head_to_head(frame, teams=True)
    record = teams.set_index(["team", "opponent"]).loc[("A & B", "C & D")]
    assert record[["games", "wins", "losses", "unfinished"]].tolist() == [3, 1, 1, 1]
    assert record["points_for"] == 310 + 290 + 150 and record["difference"] == 140


def test_teams_need_a_game_with_teams_and_by_splits_seasons():
    frame = zero_sum_games("tarot", [(1, "2026-01-08", [{"A": 2, "B": -1, "C": -1}])])
    with pytest.raises(csf.LedgerError, match="teams=True needs a game"):
        csf.season.head_to_head(frame, teams=True)
    other = zero_sum_games(
        "tarot", [(1, "2025-01-08", [{"A": -2, "B": 1, "C": 1}])], season="2025"
    )
    both = pd.concat([frame, other], ignore_index=True)
    split = csf.season.head_to_head(both, by=["season"])
    assert split.groupby("season", observed=True).size().to_dict() == {
        "2025": 6,
        "2026": 6,
    }
    whole = csf.season.head_to_head(both)
    assert whole.set_index(["player", "opponent"]).loc[("A", "B"), "net"] == 0
