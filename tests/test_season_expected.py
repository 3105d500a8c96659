"""Expected results from the deal's features: ``season.expected``.

Truths from outside the code under test:

- a hand-worked duel log (the tests' toy game, tests/toy_game.py: the bidder
  scores +10 x bid when he makes it, -10 x bid when not; the opponent the
  opposite), where the expected result of a role on a bid is the mean of that
  role's results on that bid;
- a simulated duel league where the chance of making bid b is known, so the
  bidder's true expected result is 10 b (2 p_b - 1);
- statsmodels' OLS on the long form, for the coefficients and standard errors
  (another program's least squares on every row).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd
import pytest
import toy_game

import cardscore_frames as csf
from cardscore_frames.contract import GAMES, register, unregister
from cardscore_frames.errors import CardscoreError, RulesError

BUNDLED = ["tarot", "belot", "preferans"]


@pytest.fixture(scope="module", autouse=True)
def duel():
    """Duel with one deal feature (its bid), for this module only."""
    assert list(GAMES) == BUNDLED
    register(dataclasses.replace(toy_game.GAME, deal_features={"bid": "category"}))
    try:
        yield
    finally:
        unregister(toy_game.NAME)
        assert list(GAMES) == BUNDLED


def duel_log(bidders, bids, tricks, games=None, dates=None) -> pd.DataFrame:
    n = len(bids)
    games = games if games is not None else [1] * n
    return pd.DataFrame(
        {
            "league": "Toy Club",
            "season": "2026",
            "date": dates if dates is not None else ["2026-01-08"] * n,
            "table": "T1",
            "game_id": games,
            "deal": pd.Series(games).groupby(games).cumcount().to_numpy() + 1,
            "player1": "Ann",
            "player2": "Bob",
            "bidder": bidders,
            "bid": bids,
            "tricks": tricks,
        }
    )


def test_a_hand_worked_log():
    # deal 1: Ann bids 2, takes 3: made, Ann +20.  deal 2: Bob bids 2, takes 1:
    # failed, Bob -20 (Ann +20).  deals 3, 4: Ann bids 3 and makes it, +30.
    # Bidder on bid 2: results +20, -20, mean 0; on bid 3: +30, +30, mean 30.
    # Opponent: bid 2: -20, +20, mean 0; bid 3: -30, -30, mean -30.
    scored = toy_game.score(
        duel_log(["Ann", "Bob", "Ann", "Ann"], [2, 2, 3, 3], [3, 1, 3, 4])
    )
    frame = csf.season.expected(scored)
    assert frame["player"].astype(str).tolist() == ["Ann", "Bob"] * 4
    assert frame["score"].tolist() == [20, -20, 20, -20, 30, -30, 30, -30]
    np.testing.assert_allclose(frame["expected"], [0, 0, 0, 0, 30, -30, 30, -30])
    np.testing.assert_allclose(frame["above_expected"], [20, -20, 20, -20, 0, 0, 0, 0])
    # Ann: +20 (bidder), +20 (opponent), 0, 0; Bob the opposite
    np.testing.assert_allclose(
        frame["cumulative_above_expected"], [20, -20, 40, -40, 40, -40, 40, -40]
    )
    assert frame["bid"].tolist() == [2, 2, 2, 2, 3, 3, 3, 3]
    table = csf.season.above_expected(frame)
    assert table["player"].tolist() == ["Ann", "Bob"]
    assert table["above_expected"].tolist() == pytest.approx([40.0, -40.0])
    assert table["deals"].tolist() == [4, 4]
    assert table["above_per_deal"].tolist() == pytest.approx([10.0, -10.0])


def test_the_running_sum_follows_the_dates_not_the_rows():
    # game 2 (played on the 1st) is logged after game 1 (played on the 8th)
    log = duel_log(
        ["Ann", "Ann", "Ann", "Ann"],
        [2, 2, 2, 2],
        [2, 0, 2, 0],
        games=[1, 1, 2, 2],
        dates=["2026-01-08", "2026-01-08", "2026-01-01", "2026-01-01"],
    )
    frame = csf.season.expected(toy_game.score(log))
    ann = frame[frame["player"] == "Ann"]
    # every above_expected is +-20 (mean 0): game 2 first: +20, 0; then game 1
    np.testing.assert_allclose(ann["above_expected"], [20, -20, 20, -20])
    np.testing.assert_allclose(ann["cumulative_above_expected"], [20, 0, 20, 0])
    ann_order = ann.sort_values(["date", "deal"])["cumulative_above_expected"]
    assert ann_order.tolist() == [20, 0, 20, 0]


#: The simulated league: the chance of making each bid, and so the bidder's
#: true expected result 10 b (2 p_b - 1) = 8, 12, 12, 8, 0 for b = 1..5.
MAKE = {1: 0.9, 2: 0.8, 3: 0.7, 4: 0.6, 5: 0.5}
TRUTH = {b: 10 * b * (2 * p - 1) for b, p in MAKE.items()}


def simulated(n: int = 6000, seed: int = 4) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    bid = rng.integers(1, 6, n)
    made = rng.random(n) < np.array([MAKE[b] for b in range(1, 6)])[bid - 1]
    tricks = np.where(made, bid, bid - 1)
    bidder = np.where(rng.random(n) < 0.5, "Ann", "Bob")
    return toy_game.score(
        duel_log(bidder, bid, tricks, games=list(np.arange(n) // 100 + 1))
    )


def test_the_coefficients_of_a_known_truth_are_recovered():
    model = csf.season.expected_model(simulated())
    coef = model.coefficients.set_index(["role", "term"])
    bidder = {
        b: coef.loc[("bidder", "intercept"), "coefficient"]
        + (coef.loc[("bidder", f"bid={b}"), "coefficient"] if b > 1 else 0.0)
        for b in TRUTH
    }
    for b, truth in TRUTH.items():
        se = coef.loc[("bidder", "intercept" if b == 1 else f"bid={b}"), "std_error"]
        assert abs(bidder[b] - truth) < 4 * se * (2 if b > 1 else 1), (b, bidder[b])
    # the opponent's results are the bidder's, negated: so are the coefficients
    opponent = model.coefficients[model.coefficients["role"] == "opponent"]
    np.testing.assert_allclose(
        opponent["coefficient"].to_numpy(),
        -model.coefficients[model.coefficients["role"] == "bidder"][
            "coefficient"
        ].to_numpy(),
    )
    fit = model.fit.set_index("role")
    assert fit.loc["bidder", "rows"] == 6000 and fit.loc["bidder", "terms"] == 5


def test_coefficients_match_statsmodels_ols_on_every_row():
    sm = pytest.importorskip("statsmodels.api")
    scored = csf.belot.score(csf.load_example("league_belot"))
    features = {"contract": "category", "bid": "number", "doubling": "category"}
    model = csf.season.expected_model(scored, features=features)
    frame = csf.season.expected(scored, features=features)
    rows = frame[(frame["role"] == "declarer").to_numpy()]
    bid = rows["bid"].astype("float64")
    x = pd.concat(
        [
            pd.get_dummies(rows["contract"].astype(str), dtype=float)
            .reindex(columns=list(scored["contract"].cat.categories), fill_value=0.0)
            .iloc[:, 1:],
            bid.fillna(0.0).rename("bid"),
            bid.isna().astype(float).rename("bid=blank"),
            pd.get_dummies(rows["doubling"].astype(str), dtype=float)
            .reindex(columns=list(scored["doubling"].cat.categories), fill_value=0.0)
            .iloc[:, 1:],
        ],
        axis=1,
    )
    ols = sm.OLS(rows["score"].to_numpy(), sm.add_constant(x.to_numpy())).fit()
    ours = model.coefficients[model.coefficients["role"] == "declarer"]
    np.testing.assert_allclose(ours["coefficient"], ols.params, rtol=1e-8)
    np.testing.assert_allclose(ours["std_error"], ols.bse, rtol=1e-6)
    np.testing.assert_allclose(rows["expected"], ols.fittedvalues, atol=1e-8)
    fit = model.fit.set_index("role")
    assert fit.loc["declarer", "r2"] == pytest.approx(ols.rsquared, rel=1e-9)


@pytest.mark.parametrize("game", BUNDLED)
def test_every_bundled_game_has_features_and_its_roles_balance(game):
    scored = csf.get_game(game).score(csf.load_example(f"league_{game}"))
    frame = csf.season.expected(scored)
    assert len(frame) == len(scored.cardscore.to_ledger())
    for column in csf.get_game(game).deal_features:
        assert column in frame
    # least squares with an intercept: each role's residuals sum to 0
    per_role = frame.groupby("role", observed=True)["above_expected"].sum()
    assert np.abs(per_role.to_numpy()).max() < 1e-6
    table = csf.season.above_expected(frame, by="season")
    assert table["above_expected"].sum() == pytest.approx(0.0, abs=1e-6)


def test_a_tarot_taker_with_more_oudlers_is_expected_more():
    scored = csf.tarot.score(csf.load_example("league_tarot"))
    coef = csf.season.expected_model(scored).coefficients.set_index(["role", "term"])
    taker = coef.loc["taker", "coefficient"]
    assert taker["oudlers=3"] > taker["oudlers=2"] > 0
    # the 'blank' of 'alone' (tables of 3 and 4) is the players columns over
    # again: left out as collinear, NaN
    assert np.isnan(taker["alone=blank"])


def test_bad_input():
    scored = csf.tarot.score(csf.load_example("tarot"))
    bare = pd.DataFrame(scored).drop(columns=["oudlers", "players"])
    with pytest.raises(CardscoreError, match="lacks oudlers, players"):
        csf.season.expected(bare, game="tarot")
    with pytest.raises(RulesError, match=r"oudlers: 'numeric'"):
        csf.season.expected(scored, features={"oudlers": "numeric"})
    with pytest.raises(CardscoreError, match="carries no game"):
        csf.season.expected(pd.DataFrame(scored))
    with pytest.raises(CardscoreError, match="does not have: month"):
        csf.season.expected(scored, by="month")
    with pytest.raises(CardscoreError, match="lacks expected"):
        csf.season.above_expected(scored.cardscore.to_ledger())


def test_the_chart_draws_each_players_running_sum():
    pytest.importorskip("matplotlib")
    scored = csf.tarot.score(csf.load_example("league_tarot"))
    frame = csf.season.expected(scored)
    fig = csf.season.plot_expected(frame, top=3)
    lines = fig.axes[0].get_lines()
    best = csf.season.above_expected(frame)["player"].head(3).tolist()
    assert [line.get_label() for line in lines[:3]] == best
    last = lines[0].get_ydata()[-1]
    assert last == pytest.approx(
        csf.season.above_expected(frame)["above_expected"].iat[0]
    )


# --- par from table strength ------------------------------------------------


def par_oracle(ledger: pd.DataFrame, rated) -> pd.DataFrame:
    """Par row by row (a plain loop over games and sides: the oracle of the
    vectorised one): strengths before each game from the history's previous
    rows, pairwise chances with math.erf, the slope by its sums."""
    beta, start = rated.model["beta"], rated.model["mu"]
    start_sigma = rated.model["sigma"]
    results = csf.results(ledger).astype({"game_key": str, "player": str})
    score = results.set_index(["game_key", "player"])["score"]
    place = results.set_index(["game_key", "player"])["place"]
    h = rated.history.astype({"game_key": str, "player": str})
    now: dict[str, tuple[float, float]] = {}
    rows = []
    for _, game in h.groupby("step", sort=True):
        sides = {}
        for r in game.itertuples():
            mu, sigma = now.get(r.player, (start, start_sigma))
            s = sides.setdefault(r.side, [0.0, 0.0, []])
            s[0] += mu
            s[1] += sigma**2
            s[2].append(r.player)
        mean_mu = sum(s[0] for s in sides.values()) / len(sides)
        key = game["game_key"].iat[0]
        table_mean = np.mean([score[(key, p)] for p in game["player"]])
        for k, (mu, var, players) in sides.items():
            chance_above = sum(
                0.5
                * (
                    1
                    + math.erf(
                        (other[0] - mu)
                        / math.sqrt(2 * beta**2 + var + other[1])
                        / 2**0.5
                    )
                )
                for j, other in sides.items()
                if j != k
            )
            for p in players:
                rows.append(
                    (
                        key,
                        p,
                        mu - mean_mu,
                        1 + chance_above,
                        score[(key, p)],
                        table_mean,
                        place[(key, p)],
                    )
                )
        for r in game.itertuples():
            now[r.player] = (r.mu, r.sigma)
    out = pd.DataFrame(
        rows,
        columns=["game_key", "player", "edge", "par_place", "score", "mean", "place"],
    )
    slope = (out["edge"] * (out["score"] - out["mean"])).sum() / (
        out["edge"] ** 2
    ).sum()
    out["par_score"] = out["mean"] + slope * out["edge"]
    return out, slope


@pytest.mark.parametrize("game", ["tarot", "belot"])
def test_par_matches_a_row_by_row_oracle(game):
    module = getattr(csf, game)
    ledger = module.to_ledger(module.score(csf.load_example(game)))
    rated = csf.season.ratings(ledger)
    got = csf.season.par(ledger, rated)
    want, slope = par_oracle(ledger, rated)
    assert got.slope[game] == pytest.approx(slope, rel=1e-9)
    games = got.games.astype({"game_key": str, "player": str})
    merged = games.merge(want, on=["game_key", "player"], suffixes=("", "_oracle"))
    assert len(merged) == len(games) == len(want)
    for column in ("edge", "par_place", "par_score"):
        np.testing.assert_allclose(
            merged[column], merged[f"{column}_oracle"], rtol=1e-9, atol=1e-9
        )
    np.testing.assert_allclose(
        merged["above_par"], merged["score"] - merged["par_score"]
    )
    np.testing.assert_allclose(
        merged["places_above_par"], merged["par_place"] - merged["place"]
    )


def test_par_for_one_table_by_hand():
    # the first game of the league: everyone starts at mu 25, so every edge is
    # 0 and par is the table's mean (0 in zero-sum tarot); each other player
    # is above you with chance 1/2: at a table of 4, par place 1 + 3/2 = 2.5.
    ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    result = csf.season.par(ledger)
    first = result.games[result.games["game_key"] == result.games["game_key"].iat[0]]
    assert len(first) == 4
    assert first["edge"].tolist() == [0.0] * 4
    assert first["par_score"].tolist() == pytest.approx([0.0] * 4)
    assert first["par_place"].tolist() == [2.5] * 4
    assert first["above_par"].tolist() == first["score"].tolist()
    # a zero-sum game's pars add up to 0 at every table
    per_table = result.games.groupby("game_key", observed=True)["par_score"].sum()
    assert per_table.abs().max() < 1e-9
    # the season table adds up each player's games
    season = result.season.set_index("player")
    for player, rows in result.games.groupby("player", observed=True):
        assert season.loc[player, "games"] == len(rows)
        assert season.loc[player, "above_par"] == pytest.approx(rows["above_par"].sum())


def test_par_bad_ratings():
    ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    with pytest.raises(CardscoreError, match="per='game'"):
        csf.season.par(ledger, csf.season.ratings(ledger, per="deal"))
    other = csf.belot.to_ledger(csf.belot.score(csf.load_example("belot")))
    with pytest.raises(CardscoreError, match="the ledger does not"):
        csf.season.par(ledger, csf.season.ratings(other))
    with pytest.raises(CardscoreError, match="takes what ratings returned"):
        csf.season.par(ledger, ratings=ledger)


def test_by_season_is_each_season_fitted_alone():
    scored = csf.tarot.score(csf.load_example("league_tarot"))
    both = csf.season.expected(scored, by="season")
    for season in ("2024-25", "2025-26"):
        alone = csf.season.expected(scored[(scored["season"] == season).to_numpy()])
        part = both[(both["season"] == season).to_numpy()]
        np.testing.assert_allclose(part["expected"], alone["expected"], atol=1e-8)
    fit = csf.season.expected_model(scored, by="season").fit
    assert set(fit["season"]) == {"2024-25", "2025-26"}
