"""Club scoring rules in the league table: best N evenings, points per game won
or lost (Seeger-Fabian), caps on a game's and an evening's gain. Small ledgers
worked by hand in the comments, and a plain-Python oracle on the bundled
preferans league."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pandas as pd
import pytest
from test_season_standings import belot_matches, zero_sum_games

import cardscore_frames as csf
from cardscore_frames.distributed import partition_by_game
from cardscore_frames.season.club_rules import compressed

# --- best N evenings ---------------------------------------------------------------


def three_evenings():
    # evenings (a player's games of one date summed):
    #        01-08  01-15 (games 2 + 3)   01-22    season
    # A        90   -60 + 30 = -30         -100      -40
    # B       -30   120 - 50 =  70          -40        0
    # C       -30   -30 + 40 =  10          160      140
    # D       -30   -30 - 20 = -50          -20     -100
    return zero_sum_games(
        "tarot",
        [
            (1, "2026-01-08", [{"A": 90, "B": -30, "C": -30, "D": -30}]),
            (2, "2026-01-15", [{"A": -60, "B": 120, "C": -30, "D": -30}]),
            (3, "2026-01-15", [{"A": 30, "B": -50, "C": 40, "D": -20}]),
            (4, "2026-01-22", [{"A": -100, "B": -40, "C": 160, "D": -20}]),
        ],
    )


def test_best_two_evenings_count_and_say_which():
    season = csf.season.standings(three_evenings()).set_index("player")
    assert season.loc["B", "rank"] == 2 and season.loc["A", "rank"] == 3  # 0 v -40
    table = csf.season.standings(three_evenings(), best_evenings=2)
    row = table.set_index("player")
    # best two: A 90 - 30 = 60 (games 1-3); B 70 - 30 = 40 (games 1-3);
    # C 160 + 10 = 170 (games 2-4); D -20 - 30 = -50 (games 1 and 4)
    assert table["player"].tolist() == ["C", "A", "B", "D"]
    assert row["total"].to_dict() == {"C": 170.0, "A": 60.0, "B": 40.0, "D": -50.0}
    assert row["games"].to_dict() == {"C": 3, "A": 3, "B": 3, "D": 2}
    # wins in the counted games: A game 1; B game 2; C games 3 and 4
    assert row["wins"].to_dict() == {"C": 2, "A": 1, "B": 1, "D": 0}
    assert row["evenings"].tolist() == [3, 3, 3, 3]
    assert row["evenings_counted"].to_dict() == {
        "C": "2026-01-15, 2026-01-22",
        "A": "2026-01-08, 2026-01-15",
        "B": "2026-01-08, 2026-01-15",
        "D": "2026-01-08, 2026-01-22",
    }
    # rank_by="mean": per counted game; C 170 / 3, A 60 / 3, B 40 / 3, D -50 / 2
    by_mean = csf.season.standings(three_evenings(), best_evenings=2, rank_by="mean")
    assert by_mean.set_index("player")["rank_points"].to_dict() == pytest.approx(
        {"C": 170 / 3, "A": 20.0, "B": 40 / 3, "D": -25.0}
    )


def test_more_evenings_than_played_counts_them_all():
    table = csf.season.standings(three_evenings(), best_evenings=9)
    plain = csf.season.standings(three_evenings())
    cols = ["player", "rank", "total", "wins", "games", "best", "worst"]
    pd.testing.assert_frame_equal(table[cols], plain[cols])
    assert table["evenings_counted"].iat[0] == "2026-01-08, 2026-01-15, 2026-01-22"


def mixed_tables():
    # place points (12-8-5-3-2 / 11-7-4-2 / 10-6-2; a shared place shares):
    #   game 1 (3 players) A 40, B -20, C -20: A 10, B and C (6 + 2) / 2 = 4
    #   game 2 (4 players) A 30, B 30, C -20, D -40: A, B (11 + 7) / 2 = 9,
    #          C 4, D 2
    #   game 3 (4 players) A -100, B 10, C 20, D 70: D 11, C 7, B 4, A 2
    return zero_sum_games(
        "tarot",
        [
            (1, "2026-02-01", [{"A": 40, "B": -20, "C": -20}]),
            (2, "2026-02-08", [{"A": 30, "B": 30, "C": -20, "D": -40}]),
            (3, "2026-02-15", [{"A": -100, "B": 10, "C": 20, "D": 70}]),
        ],
    )


def test_best_evenings_follow_the_rule_place_points_and_keep_shared_places():
    table = csf.season.standings(mixed_tables(), best_evenings=2)
    row = table.set_index("player")
    # the best two evenings by place points (the mixed tables' rule):
    #   A: 10 and 9 (19; score 40 + 30 = 70)
    #   B: 9, then 4 on 02-01 (-20) or 4 on 02-15 (+10): the larger score,
    #      02-15 (13; score 30 + 10 = 40)
    #   C: 7, then 4 and 4 with -20 each: the earlier, 02-01 (11; score 0);
    #      B's game 1 is left out, but C still shares 2nd place with him: 4
    #   D: both his evenings (13; score 30)
    assert row["place_points"].to_dict() == {"A": 19.0, "B": 13.0, "D": 13.0, "C": 11.0}
    assert row["total"].to_dict() == {"A": 70.0, "B": 40.0, "D": 30.0, "C": 0.0}
    assert table["player"].tolist() == ["A", "B", "D", "C"]  # B above D on score
    assert row.loc["B", "evenings_counted"] == "2026-02-08, 2026-02-15"
    assert row.loc["C", "evenings_counted"] == "2026-02-01, 2026-02-15"
    # A's first shared with B in game 2 counts half in wins_shared
    assert row.loc["A", "wins_shared"] == 1.5 and row.loc["B", "wins_shared"] == 0.5


# --- caps --------------------------------------------------------------------------


def preferans_evenings():
    # evening 03-01: pulka 1 Z 250, K -100, A -150; pulka 2 Z -30, K 60, A -30
    # evening 03-08: pulka 3 Z 20, K 150, A -170
    return zero_sum_games(
        "preferans",
        [
            (1, "2026-03-01", [{"Z": 250, "K": -100, "A": -150}]),
            (2, "2026-03-01", [{"Z": -30, "K": 60, "A": -30}]),
            (3, "2026-03-08", [{"Z": 20, "K": 150, "A": -170}]),
        ],
    )


def test_an_evening_adds_at_most_the_cap():
    table = csf.season.standings(preferans_evenings(), evening_cap=100)
    row = table.set_index("player")
    # Z on 03-01: 250 - 30 = 220, 120 over the cap: his winning pulka is scaled
    # to 250 - 120 = 130, the evening adds 100; 03-08 adds 20: 120, cut 120.
    # K: 03-01 -40 (under); 03-08 150 -> 100, cut 50: 60. A: losses in full.
    assert row["total"].to_dict() == {"Z": 120.0, "K": 60.0, "A": -350.0}
    assert row["cut"].to_dict() == {"Z": 120.0, "K": 50.0, "A": 0.0}
    assert row.loc["Z", "best"] == pytest.approx(130.0)
    assert row.loc["Z", "worst"] == -30.0  # a losing pulka counts in full
    # an evening exactly at the cap is not touched
    same = csf.season.standings(preferans_evenings(), evening_cap=220)
    assert same.set_index("player").loc["Z", "cut"] == 0.0


def test_a_pulka_gain_goes_through_the_whist_cap_bands():
    # gambler: 1:1 to 200, 1/10 above, nothing from 650: 250 -> 205;
    # 700 -> 200 + 45 = 245. elephant: 1/2 from 50, 1/10 from 100:
    # 80 -> 65, 100 -> 75, 150 -> 80
    assert compressed(
        np.array([100, 200, 250, 650, 700.0]), ((200, 0.1), (650, 0))
    ) == (pytest.approx([100, 200, 205, 245, 245]))
    table = csf.season.standings(preferans_evenings(), whist_cap="elephant")
    row = table.set_index("player")
    # Z: 250 -> 75 + 15 = 90, -30, 20 -> 20: 80; K: -100, 60 -> 55, 150 -> 80
    assert row["total"].to_dict() == {"Z": 80.0, "K": 35.0, "A": -350.0}
    assert row["cut"].to_dict() == {"Z": 160.0, "K": 75.0, "A": 0.0}
    custom = csf.season.standings(
        preferans_evenings(), whist_cap=[(200, 0.1), (650, 0)]
    )
    assert custom.set_index("player").loc["Z", "total"] == 205 - 30 + 20


# --- points per game ---------------------------------------------------------------


def test_seeger_points_per_game_won_and_lost():
    frame = zero_sum_games(
        "preferans",
        [
            (1, "2026-02-01", [{"Z": 20, "K": -8, "A": -12}]),
            (2, "2026-02-02", [{"Z": -10, "K": 22, "A": -12, "I": 0}]),
        ],
    )
    table = csf.season.standings(frame, points="seeger")
    row = table.set_index("player")
    # game 1 (3 players, Z won): Z 20 + 50 + 2 x 40 = 150; K -8 - 50 + 40 (A
    # lost) = -18; A -12 - 50 + 40 = -22.
    # game 2 (4 players, K won): K 22 + 50 + 3 x 30 = 162; Z -10 - 50 + 2 x 30
    # = 0; A -12 - 50 + 60 = -2; I 0 - 50 + 60 = 10.
    assert row["points"].to_dict() == {"Z": 150.0, "K": 144.0, "I": 10.0, "A": -24.0}
    assert row["total"].to_dict() == {"Z": 10.0, "K": 14.0, "I": 0.0, "A": -24.0}
    assert table["player"].tolist() == ["Z", "K", "I", "A"]  # by whists: K first
    assert table["ranking"].iat[0].startswith("club points, then total score")


def test_pair_points_with_a_bonus_per_beaten_opponent():
    frame = belot_matches(
        [
            (1, "2026-02-01", ("A", "B"), ("C", "D"), [(310, 150)], "a"),
            (2, "2026-02-02", ("C", "D"), ("A", "B"), [(305, 250)], "a"),
            (3, "2026-02-03", ("A", "C"), ("B", "D"), [(302, 200)], "a"),
            (4, "2026-02-04", ("A", "B"), ("C", "D"), [(100, 50)], None),
        ]
    )
    points = {"win": 1, "loss": -1, "opponent_loss": 0.5}
    table = csf.season.standings(frame, points=points)
    row = table.set_index("player")
    # a win 1 + 2 beaten opponents x 0.5 = 2, a loss -1, match 4 unfinished 0:
    # A 2 - 1 + 2 = 3; B 2 - 1 - 1 = 0; C -1 + 2 + 2 = 3; D -1 + 2 - 1 = 0.
    # A and C: 2 wins each, 1 - 1 in direct encounter; point difference
    # A 160 - 55 + 102 + 50 = 257, C -160 + 55 + 102 - 50 = -53.
    # B and D likewise: B 160 - 55 - 102 + 50 = 53, D -257.
    assert row["points"].to_dict() == {"A": 3.0, "C": 3.0, "B": 0.0, "D": 0.0}
    assert table["player"].tolist() == ["A", "C", "B", "D"]
    assert row["difference"].to_dict() == {
        "A": 257.0,
        "C": -53.0,
        "B": 53.0,
        "D": -257.0,
    }
    football = csf.season.standings(frame, points={"win": 3})  # win 3, loss 0
    assert football.set_index("player")["points"].to_dict() == {
        "A": 6.0,
        "C": 6.0,
        "B": 3.0,
        "D": 3.0,
    }


def test_points_then_best_evenings_choose_by_points():
    # one evening each of 3-player preferans, seeger points:
    # 03-01 Z wins: Z 10 + 50 + 80 = 140, K -5 - 50 + 40 = -15, A -5 - 50 + 40
    # = -15; 03-02 K wins by 1 whist: K 1 + 130 = 131, Z -1 - 10 = -11, A 0 - 10
    # = -10 (A 2nd at 0 ... both lost); 03-03 A wins: A 2 + 130 = 132, Z -1 - 10
    # = -11, K -1 - 10 = -11.
    frame = zero_sum_games(
        "preferans",
        [
            (1, "2026-03-01", [{"Z": 10, "K": -5, "A": -5}]),
            (2, "2026-03-02", [{"Z": -1, "K": 1, "A": 0}]),
            (3, "2026-03-03", [{"Z": -1, "K": -1, "A": 2}]),
        ],
    )
    table = csf.season.standings(frame, points="seeger", best_evenings=1)
    row = table.set_index("player")
    # each player's best evening by points: Z 140 (03-01), K 131 (03-02),
    # A 132 (03-03); by whists K's best would be 03-02 too, A's 03-03
    assert row["points"].to_dict() == {"Z": 140.0, "A": 132.0, "K": 131.0}
    assert row["evenings_counted"].to_dict() == {
        "Z": "2026-03-01",
        "A": "2026-03-03",
        "K": "2026-03-02",
    }
    assert table["player"].tolist() == ["Z", "A", "K"]


# --- the oracle: the bundled preferans league, row by row --------------------------


def plain_gain(gain, bands):
    """A gain through (from, rate) bands, band by band."""
    counted, below, rate = 0.0, 0.0, 1.0
    for start, next_rate in [*bands, (float("inf"), None)]:
        counted += rate * max(0.0, min(gain, start) - below)
        below, rate = start, next_rate
        if gain <= start:
            break
    return counted


def plain_club(ledger, best, cap=None, bands=None, seeger=False):
    """{(season, player): (total, points)} of each player's ``best`` evenings
    (by Seeger points when ``seeger``, else by whists; then whists, then the
    earlier date), each pulka's gain through ``bands``, each evening capped at
    ``cap``: dicts, loops and sorted, from the ledger's rows."""
    pulkas = defaultdict(lambda: defaultdict(float))
    for r in ledger.to_dict("records"):
        pulkas[(r["season"], r["date"], r["game_key"])][r["player"]] += r["score"]
    evenings = defaultdict(lambda: [0.0, 0.0])
    for (season, date, _), totals in pulkas.items():
        for player, total in totals.items():
            better = sum(1 for t in totals.values() if t > total + 1e-9)
            lost = sum(
                1
                for p, t in totals.items()
                if p != player and any(u > t + 1e-9 for u in totals.values())
            )
            if bands is not None and total > 0:
                total = plain_gain(total, bands)
            night = evenings[(season, player, date)]
            night[0] += total
            won = better == 0
            bonus = {3: 40, 4: 30}[len(totals)] * lost
            night[1] += (50 if won else -50) + bonus
    per_player = defaultdict(list)
    for (season, player, date), (score, bonus) in evenings.items():
        if cap is not None and score > cap:
            score = cap
        points = score + bonus
        worth = round(points, 9) if seeger else round(score, 9)
        per_player[(season, player)].append(
            (-worth, -round(score, 9), date, score, points)
        )
    out = {}
    for key, nights in per_player.items():
        kept = sorted(nights)[:best]
        out[key] = (sum(n[3] for n in kept), sum(n[4] for n in kept))
    return out


@pytest.mark.parametrize(
    ("best", "cap", "bands", "seeger"),
    [
        (3, None, None, False),
        (5, 40.0, None, False),
        (100, 25.0, None, False),
        (4, None, "gambler", True),
        (6, 60.0, "elephant", True),
        (100, None, None, True),
    ],
)
def test_club_rules_match_a_plain_oracle(best, cap, bands, seeger):
    ledger = csf.preferans.to_ledger(
        csf.preferans.score(csf.load_example("league_preferans"))
    )
    options = {"best_evenings": best, "evening_cap": cap, "whist_cap": bands}
    if seeger:
        options["points"] = "seeger"
    table = csf.season.standings(ledger, by=["season"], **options)
    bands = None if bands is None else csf.season.WHIST_CAPS[bands]
    expected = plain_club(ledger, best, cap, bands, seeger)
    got = {(r["season"], r["player"]): r for r in table.to_dict("records")}
    assert got.keys() == expected.keys()
    for key, (total, points) in expected.items():
        assert got[key]["total"] == pytest.approx(total, abs=1e-9), key
        if seeger:
            assert got[key]["points"] == pytest.approx(points, abs=1e-9), key


# --- bad options -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"best_evenings": 0}, "best_evenings must be a whole number from 1; got 0"),
        (
            {"best_evenings": 2.5},
            "best_evenings must be a whole number from 1; got 2.5",
        ),
        (
            {"best_evenings": True},
            "best_evenings must be a whole number from 1; got True",
        ),
        ({"evening_cap": -5}, "evening_cap must be a number from 0 .*; got -5"),
        ({"evening_cap": "100"}, "evening_cap must be a number from 0 .*; got '100'"),
        (
            {"points": "skat"},
            "points must be one of 'seeger' or a mapping .*; got 'skat'",
        ),
        (
            {"points": {"win": 3, "draw": 1}},
            "points takes the keys score, win, loss, opponent_loss; got 'draw'",
        ),
        ({"points": {"win": "3"}}, r"points\['win'\] must be a finite number; got '3'"),
        ({"points": {"opponent_loss": {1: 5}}}, "takes table sizes .* got {1: 5}"),
        (
            {"whist_cap": "rostov"},
            "whist_cap must be one of 'gambler', 'elephant' .*; got 'rostov'",
        ),
        ({"whist_cap": [(200, 0.1), (100, 0)]}, "from above 0 and rising"),
        ({"whist_cap": [(200, -1)]}, "rate from 0"),
        ({"whist_cap": [("200", 0.1)]}, "from above 0 and rising"),
        ({"whist_cap": 200}, "whist_cap bands are .*; got 200"),
    ],
    ids=lambda v: " ".join(f"{k}={v[k]!r}" for k in v) if isinstance(v, dict) else None,
)
def test_bad_club_options_are_named(options, message):
    with pytest.raises(csf.RulesError, match=message):
        csf.season.standings(three_evenings(), **options)


def test_every_bad_club_option_is_said_at_once():
    with pytest.raises(csf.RulesError) as caught:
        csf.season.standings(three_evenings(), best_evenings=0, evening_cap=-1)
    assert "best_evenings" in str(caught.value) and "evening_cap" in str(caught.value)


def test_seeger_needs_points_for_a_table_of_five():
    frame = zero_sum_games(
        "tarot",
        [(7, "2026-02-01", [{"A": 60, "B": -15, "C": -15, "D": -15, "E": -15}])],
    )
    with pytest.raises(
        csf.RulesError,
        match=r"tables of 3, 4 players; these games have 5 \(tarot / Club / 2026 / 7\)",
    ):
        csf.season.standings(frame, points="seeger")
    own = {"win": 50, "loss": -50, "opponent_loss": {5: 20}}
    row = csf.season.standings(frame, points=own).set_index("player")
    assert row.loc["A", "points"] == 50 + 4 * 20  # score counts 0 unless given
    assert row.loc["B", "points"] == -50 + 3 * 20


def test_evenings_need_dates():
    frame = three_evenings()
    frame.loc[frame["game_id"] == 4, "date"] = None
    with pytest.raises(
        csf.RulesError, match="these games have none: tarot / Club / 2026 / 4"
    ):
        csf.season.standings(frame, best_evenings=2)
    table = csf.season.standings(frame, points={"win": 1})  # points need no date
    assert table.set_index("player")["points"].to_dict() == {
        "A": 1.0,
        "B": 1.0,
        "C": 2.0,
        "D": 0.0,
    }


def test_default_tables_gain_no_club_columns():
    table = csf.season.standings(three_evenings())
    assert not {"points", "cut", "evenings", "evenings_counted"} & set(table.columns)


def test_a_points_tiebreak_needs_a_points_scheme():
    with pytest.raises(csf.RulesError, match="the tie-break 'points' needs points="):
        csf.season.standings(three_evenings(), tiebreaks=["points"])


def test_a_dask_ledger_takes_the_club_rules_as_pandas_does():
    dd = pytest.importorskip("dask.dataframe")
    ledger = csf.preferans.to_ledger(csf.preferans.score(csf.load_example("preferans")))
    chunks = partition_by_game(dd.from_pandas(ledger, npartitions=3, sort=False))
    options = {"points": "seeger", "best_evenings": 6, "evening_cap": 40.0}
    got = csf.season.standings(chunks, **options).compute()
    pd.testing.assert_frame_equal(got, csf.season.standings(ledger, **options))
    with pytest.raises(csf.RulesError, match="best_evenings must be"):
        csf.season.standings(chunks, best_evenings=-1)  # said before any compute


def test_row_order_does_not_change_a_club_table():
    ledger = csf.preferans.to_ledger(csf.preferans.score(csf.load_example("preferans")))
    options = {"points": "seeger", "best_evenings": 5, "evening_cap": 30.0}
    shuffled = ledger.sample(frac=1.0, random_state=7).reset_index(drop=True)
    pd.testing.assert_frame_equal(
        csf.season.standings(shuffled, **options),
        csf.season.standings(ledger, **options),
    )


def test_points_per_game_rank_a_mid_season_joiner_by_mean():
    frame = pd.concat(
        [
            three_evenings(),
            zero_sum_games(
                "tarot",
                [(5, "2026-02-05", [{"E": 150, "A": -50, "B": -50, "C": -50}])],
            ),
        ],
        ignore_index=True,
    )
    table = csf.season.standings(frame, points={"win": 3}, rank_by="mean")
    row = table.set_index("player")
    # wins: A game 1, B game 2, C games 3 and 4, E game 5; games A, B, C 5,
    # D 4, E 1: E 3 a game, C 6 / 5, A and B 3 / 5, D 0
    assert row["rank_points"].to_dict() == pytest.approx(
        {"E": 3.0, "C": 1.2, "A": 0.6, "B": 0.6, "D": 0.0}
    )
    assert table["ranking"].iat[0].startswith("club points per game, then mean score")
