"""csf.season.luck: hand computations on small leagues, the permutation
null checked by enumerating every shuffle, and leagues of known truth
(tests/season_truth.py)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import season_truth as truth
from scipy.stats import f

import cardscore_frames as csf


def _ledger(games: list[dict[str, float]]):
    """A ledger of one-deal games from {player: result} per game."""
    evening, game, player, result = [], [], [], []
    names = sorted({p for g in games for p in g})
    for g, table in enumerate(games):
        for name, value in table.items():
            evening.append(g)
            game.append(g)
            player.append(names.index(name))
            result.append(value)
    return truth.to_ledger(
        np.array(evening), np.array(game), np.array(player), np.array(result)
    )


def test_three_players_two_games_by_hand():
    # game 1: A +2, B 0, C -2 (spread s^2 = (4 + 0 + 4) / 2 = 4)
    # game 2: A +4, B -2, C -2 (s^2 = (16 + 4 + 4) / 2 = 12)
    # means A 3, B -1, C -2; var_obs = (9 + 1 + 4) / 2 = 7
    # luck L: each result's variance s^2 (m-1)/m over n^2 = 4: game 1 gives
    # 3 x 4 x 2/3 / 4 = 2, game 2 3 x 12 x 2/3 / 4 = 6; equal weights 1/2 add
    # nothing; L = 8 / (k-1) = 4. With s^2 = 1: c = (0.5 + 0.5) / 2 = 0.5.
    # skill t = (7 - 4) / (1 - 0.5) = 6; share 6 / 7; luck part of the spread
    # L - t c = 1, per game (x 2 games) 2: games to even 2 / 6.
    ledger = _ledger([{"A": 2, "B": 0, "C": -2}, {"A": 4, "B": -2, "C": -2}])
    row = csf.season.luck(ledger, mixed=False, permutations=0).iloc[0]
    assert row["players"] == 3 and row["games"] == 2
    assert row["games_per_player"] == pytest.approx(2.0)
    assert row["spread"] == pytest.approx(np.sqrt(7))
    assert row["skill_share"] == pytest.approx(6 / 7)
    assert row["skill_sd"] == pytest.approx(np.sqrt(6))
    assert row["luck_sd"] == pytest.approx(1.0)
    assert row["games_to_even"] == pytest.approx(1 / 3)
    assert row["reliability"] == pytest.approx(6 / (6 + 1))
    # interval: q = L / var_obs = 4/7 over its truth is F(4 games' df, 2)
    q = 4 / 7
    low = (1 - q / f.ppf(0.05, 4, 2)) / 0.5
    high = (1 - q / f.ppf(0.95, 4, 2)) / 0.5
    assert row["skill_share_low"] == pytest.approx(np.clip(low, 0, 1))
    assert row["skill_share_high"] == pytest.approx(np.clip(high, 0, 1))


# Every game's results spread exactly 1 (three players -1, 0, 1; two players
# -1/sqrt2, +1/sqrt2), so the luck expected under shuffling is the design
# constant c itself; unequal games: A 3, B 3, C 3, D 2.
_UNEQUAL = [
    {"A": 1.0, "B": 0.0, "C": -1.0},
    {"A": 1.0, "B": -1.0, "D": 0.0},
    {"A": -1.0, "C": 1.0, "D": 0.0},
    {"B": 2**-0.5, "C": -(2**-0.5)},
]


def _spread(games):
    totals, counts = {}, {}
    for table in games:
        for name, value in table.items():
            totals[name] = totals.get(name, 0.0) + value
            counts[name] = counts.get(name, 0) + 1
    return np.var([totals[p] / counts[p] for p in totals], ddof=1)


def _every_shuffle(games):
    """Every way of handing each game's results to its players."""
    options = [
        [dict(zip(t, perm, strict=True)) for perm in itertools.permutations(t.values())]
        for t in games
    ]
    return [_spread(list(choice)) for choice in itertools.product(*options)]


def test_luck_part_is_the_mean_spread_over_every_shuffle():
    shuffles = _every_shuffle(_UNEQUAL)  # 6 x 6 x 6 x 2 = 432 assignments
    assert len(shuffles) == 432
    c = np.mean(shuffles)  # spreads are 1: L = c
    v = _spread(_UNEQUAL)
    row = csf.season.luck(_ledger(_UNEQUAL), mixed=False, permutations=0).iloc[0]
    expected = max((v - c) / (1 - c), 0) / v
    assert row["skill_share"] == pytest.approx(expected)
    # the exact permutation p: the share of the 432 at least as spread
    exact = np.mean(np.array(shuffles) >= v - 1e-12)
    found = csf.season.luck(_ledger(_UNEQUAL), mixed=False, permutations=4000)
    p = found["p_luck"].iat[0]
    assert abs(p - exact) < 3 * np.sqrt(exact * (1 - exact) / 4000) + 1e-3


def test_p_luck_is_seeded():
    ledger = _ledger(_UNEQUAL)
    one = csf.season.luck(ledger, mixed=False, permutations=300, seed=5)
    two = csf.season.luck(ledger, mixed=False, permutations=300, seed=5)
    assert one["p_luck"].iat[0] == two["p_luck"].iat[0]


def test_the_split_is_within_its_interval_in_nine_runs_of_ten():
    # fixed skills and habits; each run a new season (tables, luck)
    _, skills, attend = truth.league(1, players=12)
    share = truth.true_skill_share(skills, attend, 3.0, 30, reps=400)
    inside = []
    for seed in range(40):
        ledger, _, _ = truth.league(100 + seed, skills=skills, attend=attend)
        row = csf.season.luck(ledger, mixed=False, permutations=0).iloc[0]
        inside.append(row["skill_share_low"] <= share <= row["skill_share_high"])
    assert np.mean(inside) >= 0.9


def test_equal_players_are_judged_luck_as_often_as_the_level_says():
    # no skill at all: p_luck below 0.1 in about 10% of leagues (60 leagues:
    # expected 6; 1 to 13 holds with probability 0.99 under a fair test)
    small = []
    for seed in range(60):
        ledger, _, _ = truth.league(
            500 + seed, players=8, evenings=12, skill_sd=0.0, luck_sd=2.0
        )
        row = csf.season.luck(ledger, mixed=False, permutations=199, seed=seed)
        small.append(row["p_luck"].iat[0] <= 0.1)
    assert 1 <= sum(small) <= 13


def test_a_skilled_league_is_not_luck():
    ledger, _, _ = truth.league(7, players=10, evenings=30, skill_sd=2.0, luck_sd=2.0)
    row = csf.season.luck(ledger, permutations=199).iloc[0]
    assert row["p_luck"] == pytest.approx(1 / 200)
    assert row["skill_share"] > 0.7 and row["reliability"] > 0.7


def test_place_points_and_wins_by_hand():
    # one game of three: places 1, 2, 3 give 10, 6, 2 place points; wins 1, 0, 0
    ledger = _ledger([{"A": 2, "B": 0, "C": -2}, {"A": 4, "B": -2, "C": -2}])
    # game 2: B and C share 2nd: (6 + 2) / 2 = 4 each. Means: A 10, B 5, C 3
    # relative to the table mean 6: A 4, B -1, C -3 -> var_obs = (16+1+9)/2 = 13
    row = csf.season.luck(ledger, measure="place_points", permutations=0, mixed=False)
    assert row["spread"].iat[0] == pytest.approx(np.sqrt(13))
    wins = csf.season.luck(ledger, measure="wins", permutations=0, mixed=False)
    # wins 1, 0, 0 twice: A 1, B 0, C 0 -> relative 2/3, -1/3, -1/3: var 1/3
    assert wins["spread"].iat[0] == pytest.approx(np.sqrt(1 / 3))


@pytest.mark.parametrize(
    "option, message",
    [
        ({"measure": "points"}, "measure must be one of score, place_points, wins"),
        ({"permutations": -1}, "permutations must be 0 or more"),
        ({"permutations": 1.5}, "permutations must be a whole number"),
        ({"seed": "x"}, "seed must be a whole number"),
        ({"level": 1.2}, "level must be a number between 0 and 1"),
    ],
)
def test_bad_options_are_said(option, message):
    ledger = _ledger(_UNEQUAL)
    with pytest.raises(csf.RulesError, match=message):
        csf.season.luck(ledger, **option)


def test_by_splits_and_unknown_columns_are_said():
    ledger = _ledger(_UNEQUAL)
    out = csf.season.luck(ledger, by="league", permutations=0, mixed=False)
    assert out[["game", "season", "league"]].iloc[0].tolist() == ["tarot", "S", "Truth"]
    with pytest.raises(csf.LedgerError, match="by= names columns"):
        csf.season.luck(ledger, by="nowhere")


def test_one_game_each_cannot_split_luck_from_skill():
    # every player one game: his mean is his one result, all of it could be
    # luck: the split, its interval and the reliability stay blank
    ledger = _ledger([{"A": 1, "B": 0, "C": -1}])
    row = csf.season.luck(ledger, permutations=50).iloc[0]
    assert row["spread"] == pytest.approx(1.0)
    for column in ("skill_share", "skill_share_low", "games_to_even", "reliability"):
        assert np.isnan(row[column])
    assert row["p_luck"] == 1.0  # every shuffle spreads them as much


def test_random_intercept_reliability_of_a_balanced_league_by_hand():
    # three games of the same three players: A 3, 1, 2; B 0, 1, -1; C -3, -2, -1
    # means 2, 0, -2: between mean square 3 x (4 + 0 + 4) / 2 = 12; within
    # squares 2 + 2 + 2 over 9 - 3: 1. Balanced REML: skill (12 - 1) / 3,
    # noise 1, reliability of a mean of 3 games 1 - 1/12 = 11/12
    ledger = _ledger(
        [
            {"A": 3, "B": 0, "C": -3},
            {"A": 1, "B": 1, "C": -2},
            {"A": 2, "B": -1, "C": -1},
        ]
    )
    row = csf.season.luck(ledger, permutations=0).iloc[0]
    assert row["reliability"] == pytest.approx(11 / 12, abs=1e-4)


def test_row_order_does_not_change_the_figures():
    ledger, _, _ = truth.league(21, players=9, evenings=8)
    shuffled = ledger.sample(frac=1.0, random_state=3).reset_index(drop=True)
    one = csf.season.luck(ledger, permutations=200, mixed=False)
    two = csf.season.luck(shuffled, permutations=200, mixed=False)
    numbers = one.select_dtypes("number").columns
    np.testing.assert_allclose(one[numbers], two[numbers], rtol=1e-9)
