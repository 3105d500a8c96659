"""csf.season.title_odds: chances that add up, sure outcomes, and the odds
against a plain row-by-row simulation of the same evenings."""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest
import season_truth as truth

import cardscore_frames as csf


def _ledger(games):
    """One-deal games from {player: result}, one evening each."""
    evening, game, player, result = [], [], [], []
    names = sorted({p for g in games for p in g})
    for g, table in enumerate(games):
        for name, value in table.items():
            evening.append(g)
            game.append(g)
            player.append(names.index(name))
            result.append(value)
    return truth.to_ledger(*map(np.array, (evening, game, player, result)))


#: The ledger's names of players A, B, C (sorted order: P01, P02, P03).
NAME = {"A": "P01", "B": "P02", "C": "P03"}


def test_chances_add_up_per_season():
    ledger, _, _ = truth.league(3, players=9, evenings=10)
    for strength in ("ratings", "means"):
        odds = csf.season.title_odds(
            ledger, remaining=4, simulations=3000, strength=strength
        )
        assert odds["p_first"].sum() == pytest.approx(1.0)
        assert odds["p_top3"].sum() == pytest.approx(3.0)
        assert (odds["p_top3"] >= odds["p_first"]).all()
        assert odds["player"].nunique() == 9


def test_no_evening_left_crowns_the_leader():
    ledger, _, _ = truth.league(4, players=8, evenings=6)
    table = csf.season.standings(ledger)
    odds = csf.season.title_odds(ledger, remaining=0, simulations=200)
    leader = table.loc[table["rank"] == 1, "player"].iat[0]
    assert odds.set_index("player").loc[leader, "p_first"] == 1.0
    assert set(odds.loc[odds["p_top3"] == 1.0, "player"]) == set(
        table.loc[table["rank"] <= 3, "player"]
    )


def test_a_lead_no_evening_can_close_is_sure():
    # A 40, B -20, C -20; a game hands out +10, 0 and -10 and one game is
    # played an evening: after 2 evenings A has 20 or more, the others 0 or less
    games = [{"A": 10, "B": 0, "C": -10}] * 2 + [{"A": 10, "B": -10, "C": 0}] * 2
    odds = csf.season.title_odds(_ledger(games), remaining=2, simulations=500)
    assert odds.set_index("player").loc[NAME["A"], "p_first"] == 1.0


def _oracle(totals, values, remaining, simulations, seed):
    """Row by row: equal players, each evening one past game whose results
    are handed out in a random order; the leader at the end wins (ties
    shared at random)."""
    rng = random.Random(seed)
    first = dict.fromkeys(totals, 0)
    for _ in range(simulations):
        end = dict(totals)
        for _ in range(remaining):
            earned = list(rng.choice(values))
            rng.shuffle(earned)
            for name, value in zip(totals, earned, strict=True):
                end[name] += value
        best = max(end.values())
        leaders = [p for p in end if end[p] == best]
        first[rng.choice(leaders)] += 1
    return {p: n / simulations for p, n in first.items()}


def test_odds_match_a_plain_simulation_of_the_same_evenings():
    # every player had the same results, in turn, so all are equally strong
    # (shrunk means equal, no skill shows); B leads after a fourth game
    games = [
        {"A": 3, "B": 0, "C": -3},
        {"A": 0, "B": -3, "C": 3},
        {"A": -3, "B": 3, "C": 0},
        {"A": -1, "B": 2, "C": -1},
    ]
    totals = {"A": -1.0, "B": 2.0, "C": -1.0}
    values = [(3, 0, -3), (3, 0, -3), (3, 0, -3), (2, -1, -1)]
    expected = _oracle(totals, values, remaining=3, simulations=40_000, seed=1)
    odds = csf.season.title_odds(
        _ledger(games), remaining=3, simulations=40_000, strength="means", seed=2
    ).set_index("player")
    for name, p in expected.items():
        # two independent estimates of p from 40,000 runs each
        tolerance = 4 * np.sqrt(2 * p * (1 - p) / 40_000) + 1e-3
        assert odds.loc[NAME[name], "p_first"] == pytest.approx(p, abs=tolerance)


def test_the_stronger_player_has_the_better_odds():
    ledger, skills, _ = truth.league(
        11,
        players=6,
        evenings=20,
        skills=np.array([3.0, 1, 0, 0, -1, -3]),
        attend=np.full(6, 0.9),
    )
    odds = csf.season.title_odds(ledger, remaining=10, simulations=4000)
    assert odds["player"].iat[0] == "P01"
    assert odds.set_index("player").loc["P06", "p_top3"] < 0.05


def test_seeded():
    ledger, _, _ = truth.league(5, players=6, evenings=5)
    one = csf.season.title_odds(ledger, remaining=3, simulations=500, seed=9)
    two = csf.season.title_odds(ledger, remaining=3, simulations=500, seed=9)
    assert one.equals(two)


@pytest.mark.parametrize(
    "option, message",
    [
        ({"remaining": -1}, "remaining must be a whole number of 0 or more"),
        ({"remaining": 2, "simulations": 0}, "simulations must be a whole number"),
        ({"remaining": 2, "seed": -3}, "seed must be a whole number"),
        ({"remaining": 2, "strength": "elo"}, "strength must be one of"),
    ],
)
def test_bad_options_are_said(option, message):
    ledger, _, _ = truth.league(5, players=6, evenings=3)
    with pytest.raises(csf.RulesError, match=message):
        csf.season.title_odds(ledger, **option)


def test_a_past_season_is_judged_on_the_ratings_of_its_time():
    # season S1 then S2; only S1's games may shape S1's odds: adding S2 (where
    # the order is turned round) leaves them as they were
    first, _, _ = truth.league(
        31,
        players=5,
        evenings=10,
        skills=np.array([2.0, 1, 0, -1, -2]),
        attend=np.ones(5),
    )
    later = first.copy()
    later["season"] = "S2"
    later["game_key"] = later["game_key"].astype(str).str.replace("/ S /", "/ S2 /")
    later["date"] = later["date"] + pd.Timedelta(days=400)
    later["score"] = -later["score"]
    both = csf.concat([first, csf.check_ledger(later)])
    alone = csf.season.title_odds(first, remaining=2, simulations=3000, seed=4)
    along = csf.season.title_odds(both, remaining=2, simulations=3000, seed=4)
    along = along[along["season"] == "S"].reset_index(drop=True)
    pd.testing.assert_frame_equal(
        alone[["player", "p_first", "p_top3"]], along[["player", "p_first", "p_top3"]]
    )


def test_odds_of_known_leagues_come_true_as_often_as_they_say():
    # 40 leagues of six players of known skill, two tables of three an evening,
    # 12 evenings played and 6 to come, played out by the true process: the
    # chance given to the eventual winner averages what calibrated odds would
    # give him (the sum of the squared chances), and far above chance (1/6)
    given, calibrated = [], []
    for seed in range(40):
        rng = np.random.default_rng(seed)
        skills, attend = 1.5 * rng.standard_normal(6), np.ones(6)
        played = truth.season_arrays(rng, skills, attend, 3.0, 12, sizes=(3,))
        odds = csf.season.title_odds(
            truth.to_ledger(*played), remaining=6, simulations=2000, seed=seed
        ).set_index("player")
        _, _, player, result = truth.season_arrays(
            rng, skills, attend, 3.0, 6, sizes=(3,)
        )
        final = np.bincount(played[2], weights=played[3], minlength=6)
        final += np.bincount(player, weights=result, minlength=6)
        given.append(odds.loc[f"P{np.argmax(final) + 1:02d}", "p_first"])
        calibrated.append((odds["p_first"] ** 2).sum())
    error = np.std(given) / np.sqrt(len(given))
    assert abs(np.mean(given) - np.mean(calibrated)) < 3 * error
    assert np.mean(given) > 0.4
