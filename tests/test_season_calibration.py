"""Ratings that know how good they are: win chances and expected places before
each game, provisional and inactive flags, and their calibration.

Truths from outside the code under test: openskill's own ``predict_win`` and
``predict_rank`` called game by game (a plain replay here, the oracle of the
vectorised formulas); Brier scores and log-losses worked by hand; a simulated
league of known skills (tests/ratings_truth.py) where a well-specified model
must come out close to the truth's own Brier score.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd
import pytest
import ratings_truth
import toy_game

import cardscore_frames as csf
from cardscore_frames.contract import GAMES, register, unregister
from cardscore_frames.errors import CardscoreError, RulesError
from cardscore_frames.season import Ratings

openskill = pytest.importorskip("openskill")
from openskill.models import (  # noqa: E402
    PlackettLuce,
    ThurstoneMostellerFull,
)

BUNDLED = ["tarot", "belot", "preferans"]


@pytest.fixture(scope="module", autouse=True)
def duel():
    assert list(GAMES) == BUNDLED
    register(dataclasses.replace(toy_game.GAME))
    try:
        yield
    finally:
        unregister(toy_game.NAME)
        assert list(GAMES) == BUNDLED


def ledger_of(game: str) -> pd.DataFrame:
    module = getattr(csf, game)
    return module.to_ledger(module.score(csf.load_example(game)))


def oracle(history: pd.DataFrame, model) -> pd.DataFrame:
    """openskill's predictions game by game, from a plain replay of the same
    teams and ranks (the sides of ``history``), with its ratings carried."""
    current: dict[str, object] = {}
    rows = []
    for _, game in history.groupby("step", sort=True):  # a plain loop: an oracle
        sides = [g for _, g in game.groupby("side", sort=True)]
        teams = [
            [current.setdefault(p, model.rating()) for p in s["player"]] for s in sides
        ]
        win = model.predict_win(teams)
        rank = model.predict_rank(teams)
        for side, p, (r, _) in zip(sides, win, rank, strict=True):
            rows += [(pl, side["step"].iat[0], p, r) for pl in side["player"]]
        new = model.rate(teams, ranks=[int(s["rank"].iat[0]) for s in sides])
        for side, team in zip(sides, new, strict=True):
            for player, rating in zip(side["player"], team, strict=True):
                current[player] = rating
    return pd.DataFrame(
        rows, columns=["player", "step", "win_chance", "expected_place"]
    )


@pytest.mark.parametrize(
    ("game", "name", "model"),
    [
        ("tarot", "PlackettLuce", PlackettLuce()),
        ("belot", "PlackettLuce", PlackettLuce()),
        ("preferans", "ThurstoneMostellerFull", ThurstoneMostellerFull()),
        ("belot", "balanced", PlackettLuce(balance=True)),
        ("tarot", "per deal", PlackettLuce()),
    ],
)
def test_predictions_are_openskills_own(game, name, model):
    per = "deal" if name == "per deal" else "game"
    rated = csf.season.ratings(ledger_of(game), model=model, per=per)
    history = rated.history.assign(player=rated.history["player"].astype(str))
    want = oracle(history, model)
    got = history[["player", "step", "win_chance", "expected_place"]]
    merged = got.merge(want, on=["player", "step"], suffixes=("", "_openskill"))
    assert len(merged) == len(got)
    np.testing.assert_allclose(
        merged["win_chance"], merged["win_chance_openskill"], rtol=1e-9, atol=1e-12
    )
    assert (merged["expected_place"] == merged["expected_place_openskill"]).all()
    sums = history.drop_duplicates(["step", "side"]).groupby("step")["win_chance"].sum()
    np.testing.assert_allclose(sums, 1.0)


def test_the_column_lists_are_extended_deliberately():
    rated = csf.season.ratings(ledger_of("tarot"))
    assert list(rated.history.columns)[-4:] == [
        "side",
        "expected_place",
        "win_chance",
        "provisional",
    ]
    assert list(rated.final.columns)[-3:] == ["last_date", "provisional", "inactive"]
    assert rated.model["per"] == "game"


def hand_ratings(games: list[list[tuple[float, int]]]) -> Ratings:
    """Ratings whose history holds the given (win chance, rank) of each side."""
    rows = [
        {
            "game": "tarot",
            "game_key": f"g{g}",
            "step": g + 1,
            "player": f"p{s}",
            "side": s + 1,
            "rank": rank,
            "win_chance": p,
        }
        for g, sides in enumerate(games)
        for s, (p, rank) in enumerate(sides)
    ]
    history = pd.DataFrame(rows)
    return Ratings(history, pd.DataFrame(), {"model": "by hand"})


def test_brier_and_log_loss_of_three_games_by_hand():
    # game 1: A 0.6 won, B 0.4 lost; game 2: A 0.7 lost, B 0.3 won; game 3:
    # three sides 0.5 (won), 0.3, 0.2.
    # Brier: 0.4^2 + 0.4^2 + 0.7^2 + 0.7^2 + 0.5^2 + 0.3^2 + 0.2^2
    #      = 0.16 + 0.16 + 0.49 + 0.49 + 0.25 + 0.09 + 0.04 = 1.68; / 7 = 0.24
    # log-loss: -ln 0.6 - ln 0.6 - ln 0.3 - ln 0.3 - ln 0.5 - ln 0.7 - ln 0.8
    #         = 0.5108 + 0.5108 + 1.2040 + 1.2040 + 0.6931 + 0.3567 + 0.2231
    #         = 4.7026; / 7 = 0.6718
    # uniform: game 1, 2: (0.5 - o)^2 = 0.25 each side; game 3: (1/3 - 1)^2 =
    # 4/9, (1/3)^2 = 1/9 twice: (4 x 0.25 + 6/9) / 7 = 0.2381
    rated = hand_ratings(
        [[(0.6, 1), (0.4, 2)], [(0.7, 2), (0.3, 1)], [(0.5, 1), (0.3, 2), (0.2, 3)]]
    )
    cal = csf.season.calibration(rated, bins=2)
    row = cal.summary.iloc[0]
    assert (row["games"], row["sides"], row["model"]) == (3, 7, "by hand")
    assert row["brier"] == pytest.approx(0.24)
    want = -sum(math.log(p) for p in (0.6, 0.6, 0.3, 0.3, 0.5, 0.7, 0.8)) / 7
    assert row["log_loss"] == pytest.approx(want)
    assert row["log_loss"] == pytest.approx(0.6718, abs=1e-4)
    assert row["brier_uniform"] == pytest.approx((1 + 6 / 9) / 7)
    # bins of 0-50 % (0.4, 0.3, 0.3, 0.2: won once) and 50-100 % (0.6, 0.7,
    # 0.5: won twice)
    table = cal.table
    assert table["bin"].tolist() == ["0%-50%", "50%-100%"]
    assert table["sides"].tolist() == [4, 3]
    assert table["predicted"].tolist() == pytest.approx([0.3, 0.6])
    assert table["observed"].tolist() == pytest.approx([0.25, 2 / 3])


def test_a_shared_first_place_scores_a_share():
    # two sides share first: each outcome 1/2; Brier (0.5-0.5)^2 + (0.5-0.5)^2
    # + (0 - 0)^2 = 0 with chances 0.5, 0.5, 0
    rated = hand_ratings([[(0.5, 1), (0.5, 1), (0.0, 3)]])
    assert csf.season.calibration(rated).summary["brier"].iat[0] == pytest.approx(0)


def test_a_well_specified_rating_is_calibrated_on_a_league_of_known_skill():
    league = ratings_truth.heads_up_league(games=3000, seed=0)
    ledger = toy_game.to_ledger(toy_game.score(league.log))
    rated = csf.season.ratings(ledger, model="ThurstoneMostellerFull")
    cal = csf.season.calibration(rated)
    truth = ratings_truth.truth_brier(league)  # 0.158 for this seed
    brier = cal.summary["brier"].iat[0]
    # learning the skills costs a little: within 0.012 of the truth's own score
    # (0.166 here), far from knowing nothing (0.25)
    assert truth <= brier < truth + 0.012
    assert cal.summary["brier_uniform"].iat[0] == pytest.approx(0.25)
    big = cal.table[cal.table["sides"] >= 300]
    assert len(big) == 10
    assert (big["observed"] - big["predicted"]).abs().max() < 0.07
    # and the comparison picks the model the league was drawn from
    compared = csf.season.compare_models(ledger)
    assert compared.loc[compared["best"], "model"].tolist() == [
        "ThurstoneMostellerFull"
    ]
    assert sorted(compared["model"]) == sorted(csf.season.MODELS)
    assert compared["log_loss"].is_monotonic_increasing


def test_provisional_and_inactive_by_hand():
    # Ann and Bob duel on 1 January, 2 January and 1 September; Cid meets Ann
    # on 1 February only. With 2 games to be established and a sigma limit no
    # one reaches: the first game of each is provisional, the rest not. The
    # last game is 1 September: Cid (1 February, 212 days before) is inactive
    # after 180 days, not after 365.
    log = pd.DataFrame(
        {
            "league": "Club",
            "season": "1",
            "date": ["2026-01-01", "2026-01-02", "2026-02-01", "2026-09-01"],
            "table": "T1",
            "game_id": [1, 2, 3, 4],
            "deal": 1,
            "player1": ["Ann", "Ann", "Ann", "Ann"],
            "player2": ["Bob", "Bob", "Cid", "Bob"],
            "bidder": ["Ann", "Bob", "Cid", "Ann"],
            "bid": 1,
            "tricks": 1,
        }
    )
    ledger = toy_game.to_ledger(toy_game.score(log))
    rated = csf.season.ratings(ledger, provisional_games=2, provisional_sigma=100.0)
    h = rated.history.assign(player=rated.history["player"].astype(str))
    flags = h.set_index(["step", "player"])["provisional"]
    assert flags[(1, "Ann")] and flags[(1, "Bob")] and flags[(3, "Cid")]
    assert not flags[(2, "Ann")] and not flags[(3, "Ann")] and not flags[(4, "Bob")]
    final = rated.final.set_index(rated.final["player"].astype(str))
    assert final["inactive"].to_dict() == {"Ann": False, "Bob": False, "Cid": True}
    assert final["provisional"].to_dict() == {"Ann": False, "Bob": False, "Cid": True}
    later = csf.season.ratings(ledger, inactive_days=365).final
    assert not later["inactive"].any()
    # the default sigma limit is 3/4 of the starting sigma: 6.25
    default = csf.season.ratings(ledger, provisional_games=0).history
    assert (default["provisional"] == (default["sigma"] > 6.25)).all()


def test_bad_options():
    ledger = ledger_of("tarot")
    with pytest.raises(RulesError) as caught:
        csf.season.ratings(
            ledger, provisional_games=-1, provisional_sigma="wide", inactive_days=1.5
        )
    message = str(caught.value)
    assert "provisional_games must be a whole number >= 0; got -1" in message
    assert "provisional_sigma must be a number > 0; got 'wide'" in message
    assert "inactive_days must be a whole number >= 0 or None; got 1.5" in message
    with pytest.raises(CardscoreError, match="takes what ratings returned"):
        csf.season.calibration(ledger)
    with pytest.raises(RulesError, match="bins must be a whole number"):
        csf.season.calibration(csf.season.ratings(ledger), bins=0)
    with pytest.raises(RulesError, match="models must be a non-empty list"):
        csf.season.compare_models(ledger, models="PlackettLuce")


def test_the_chart_draws_the_table():
    pytest.importorskip("matplotlib")
    cal = csf.season.calibration(csf.season.ratings(ledger_of("tarot")))
    fig = csf.season.plot_calibration(cal)
    points = fig.axes[0].collections[0].get_offsets()
    np.testing.assert_allclose(points[:, 0], cal.table["predicted"])
    np.testing.assert_allclose(points[:, 1], cal.table["observed"])
