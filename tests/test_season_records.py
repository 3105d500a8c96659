"""Records, streaks, the most improved player, month-by-month tables, medals
and partnerships: hand-made ledgers whose answers are worked out by hand in the
comments, and simulated leagues whose truth is known."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from test_season_standings import belot_matches, zero_sum_games

import cardscore_frames as csf
from cardscore_frames.errors import RulesError


def _three_games():
    # Anne, Boris, Chloé at one table; scores per deal
    return zero_sum_games(
        "tarot",
        [
            (
                "1",
                "2026-01-09",
                [{"A": 50, "B": -25, "C": -25}, {"A": -60, "B": 30, "C": 30}],
            ),
            ("2", "2026-01-09", [{"A": 90, "B": -45, "C": -45}]),
            (
                "3",
                "2026-02-13",
                [{"A": -120, "B": 60, "C": 60}, {"A": 15, "B": -30, "C": 15}],
            ),
        ],
    )


def test_records_name_the_best_and_worst_deal_game_and_evening():
    got = csf.season.records(_three_games(), by=())
    table = {r: g for r, g in got.groupby("record", sort=False)}
    # deals: A's 90 in game 2 is the best; A's -120 in game 3 the worst
    best = table["best deal"].iloc[0]
    assert (best["player"], best["value"], best["game_id"], best["deal"]) == (
        "A",
        90,
        "2",
        1,
    )
    worst = table["worst deal"].iloc[0]
    assert (worst["player"], worst["value"], worst["game_id"]) == ("A", -120, "3")
    # games: A 50-60 = -10, 90; B 5, -45; C 5, -45; game 3: A -105, B 30, C 75
    assert table["best game"][["player", "value"]].values.tolist() == [["A", 90.0]]
    assert table["worst game"][["player", "value"]].values.tolist() == [["A", -105.0]]
    # evenings: 9 January A -10 + 90 = 80, B 5 - 45 = -40, C -40; 13 February
    # A -105, B 30, C 75
    assert table["best evening"][["player", "value"]].values.tolist() == [["A", 80.0]]
    worst_evening = table["worst evening"]
    assert worst_evening[["player", "value"]].values.tolist() == [["A", -105.0]]
    # winners: game 1 B and C share 5 (both win), game 2 A, game 3 C: streaks of
    # wins: A 1, B 1, C 1 (game 1) then C again in game 3 after losing game 2
    streak = table["longest winning streak"]
    assert sorted(streak["player"]) == ["A", "B", "C"] and set(streak["value"]) == {1}
    losing = table["longest losing streak"]  # B lost games 2 and 3
    assert losing[["player", "value"]].values.tolist() == [["B", 2.0]]
    assert list(got["record"].drop_duplicates()) == list(csf.season.RECORDS)


def test_streaks_run_in_date_order_and_the_current_one_is_signed():
    # A wins, loses, loses, wins, wins, wins (B the other way)
    games = [
        (str(i), f"2026-01-{i + 1:02d}", [{"A": s, "B": -s}])
        for i, s in enumerate([10, -10, -10, 10, 10, 10], start=1)
    ]
    got = csf.season.streaks(zero_sum_games("tarot", games), by=()).set_index("player")
    assert got.loc[
        "A", ["games", "longest_win", "longest_loss", "current"]
    ].tolist() == [6, 3, 2, 3]
    assert got.loc["B", ["longest_win", "longest_loss", "current"]].tolist() == [
        2,
        3,
        -3,
    ]
    assert got.loc["A", "current_since"] == pd.Timestamp("2026-01-05")


def test_improvement_is_the_change_of_mean_shrunk_by_its_uncertainty():
    # four games, the first two "before": A -10, -30 (mean -20) then 40, 20
    # (mean 30): change +50; B the opposite: -50; within-player variance per half: each
    # half's two games differ by 20 -> 2 x 10^2 over 4 halves of 2 games: pooled
    # (8 x 100) / (8 - 4) = 200; se^2 = 200 x (1/2 + 1/2) = 200
    games = [
        (str(i), f"2026-01-{i:02d}", [{"A": s, "B": -s}])
        for i, s in enumerate([-10, -30, 40, 20], start=1)
    ]
    got = csf.season.improvement(zero_sum_games("tarot", games), by=()).set_index(
        "player"
    )
    assert got.loc["A", "change"] == pytest.approx(50.0)
    assert got.loc["B", "change"] == pytest.approx(-50.0)
    assert got.loc["A", "change_se"] == pytest.approx(np.sqrt(200.0))
    # the changes' variance (sample, n-1) is 2 x 50^2 = 5000; less 200 of noise:
    # tau^2 = 4800; A keeps 4800 / 5000 of his change from the mean 0: 48
    assert got.loc["A", "change_shrunk"] == pytest.approx(48.0)
    assert got.loc["A", "rank"] == 1 and got.loc["B", "rank"] == 2


def test_improvement_finds_the_improver_of_a_simulated_league():
    rng = np.random.default_rng(7)
    players = [f"P{i}" for i in range(8)]
    games = []
    for g in range(120):
        table = rng.choice(8, size=4, replace=False)
        skill = np.zeros(8)
        skill[3] = 0 if g < 60 else 60  # P3 gets much better after mid-season
        raw = skill[table] + rng.normal(0, 40, 4)
        raw -= raw.mean()
        games.append(
            (
                str(g),
                str(pd.Timestamp("2025-09-01") + pd.Timedelta(days=g)),
                [{players[t]: float(v) for t, v in zip(table, raw, strict=True)}],
            )
        )
    got = csf.season.improvement(zero_sum_games("tarot", games), by=())
    assert got.iloc[0]["player"] == "P3"
    # centred at his table, P3's result rises by 60 - 60 / 4 = 45; his change
    # (standard error about 11) shows it, and is shrunk a little toward the
    # others' (who lose 15 a game when they meet him)
    top = got.iloc[0]
    assert abs(top["change"] - 45) < 3 * top["change_se"]
    assert 0 < top["change_shrunk"] < top["change"]


def test_periods_give_each_month_and_the_table_to_date_with_the_change_of_rank():
    ledger = _three_games()
    got = csf.season.periods(ledger, by=())
    jan = got[got["period"] == pd.Period("2026-01", "M")].set_index("player")
    feb = got[got["period"] == pd.Period("2026-02", "M")].set_index("player")
    # January: A -10 + 90 = 80, B and C -40 each (games won: A 1, B 1, C 1)
    assert jan.loc[
        "A", ["total", "rank", "total_to_date", "rank_to_date"]
    ].tolist() == [80, 1, 80, 1]
    assert bool(jan.loc["A", "winner"]) and not jan["winner"].drop("A").any()
    # February: C 75, B 30, A -105; to date C 35, B -10, A -25
    assert feb["rank"].to_dict() == {"C": 1, "B": 2, "A": 3}
    assert feb["total_to_date"].to_dict() == {"C": 35.0, "B": -10.0, "A": -25.0}
    assert feb["rank_to_date"].to_dict() == {"C": 1, "B": 2, "A": 3}
    # January to date: A 1, B and C tied at -40 and one win each -> 2, 2
    assert jan["rank_to_date"].to_dict() == {"A": 1, "B": 2, "C": 2}
    assert feb["rank_change"].to_dict() == {"C": 1, "B": 0, "A": -2}
    assert jan["rank_change"].isna().all()
    medals = csf.season.medals(got).set_index("player")
    assert medals.loc["A", ["gold", "silver", "bronze", "periods"]].tolist() == [
        1,
        0,
        1,
        2,
    ]
    assert medals.loc["C", ["gold", "silver", "bronze"]].tolist() == [1, 1, 0]
    assert list(medals.index[:2]) == ["C", "A"]  # a gold and a silver first


def test_periods_refuse_an_unknown_length_and_medals_a_foreign_table():
    with pytest.raises(RulesError, match="freq must be one of month, week, quarter"):
        csf.season.periods(_three_games(), freq="fortnight")
    with pytest.raises(RulesError, match="medals takes the table of season.periods"):
        csf.season.medals(pd.DataFrame({"player": ["A"]}))


def _belot_league(strength, bonus, matches=300, seed=3):
    """Belot matches of one deal each, margins from the players' strengths
    (and a bonus when the two named partners play together), with noise."""
    rng = np.random.default_rng(seed)
    names = list(strength)
    rows = []
    for m in range(matches):
        four = rng.choice(len(names), size=4, replace=False)
        a = (names[four[0]], names[four[1]])
        b = (names[four[2]], names[four[3]])
        margin = (strength[a[0]] + strength[a[1]]) / 2 - (
            strength[b[0]] + strength[b[1]]
        ) / 2
        margin += sum(
            bonus.get(frozenset(side), 0) * sign for side, sign in ((a, 1), (b, -1))
        )
        margin += rng.normal(0, 5)
        pa = 100 + margin / 2
        pb = 100 - margin / 2
        rows.append((str(m), "2026-01-10", a, b, [(pa, pb)], "a" if pa > pb else "b"))
    return belot_matches(rows)


def test_partnerships_solve_the_ridge_regression_of_margins_on_sides():
    # the oracle: the same fit written as a dense matrix, row by row
    ledger = _belot_league({"A": 10, "B": 0, "C": -5, "D": 0, "E": -5}, {}, matches=40)
    got = csf.season.partnerships(ledger, by=(), alpha=5.0)
    names = sorted(ledger["player"].unique())
    X, y = [], []
    for _, deal in ledger.groupby("game_id", sort=False):
        row = np.zeros(len(names))
        a = deal[deal["pair"] == "a"]
        b = deal[deal["pair"] == "b"]
        for p in a["player"]:
            row[names.index(p)] += 0.5
        for p in b["player"]:
            row[names.index(p)] -= 0.5
        X.append(row)
        y.append(a["score"].mean() - b["score"].mean())
    X, y = np.array(X), np.array(y)
    penalty = 5.0 * np.mean(X[X != 0] ** 2)
    want = np.linalg.solve(X.T @ X + penalty * np.eye(len(names)), X.T @ y)
    apm = got.players.set_index("player")["apm"].reindex(names).to_numpy()
    np.testing.assert_allclose(apm, want, rtol=1e-9, atol=1e-9)


def test_partnerships_recover_strengths_and_a_pair_that_plays_better_together():
    strength = {"A": 12, "B": 6, "C": 0, "D": 0, "E": -6, "F": -12}
    ledger = _belot_league(strength, {frozenset({"C", "D"}): 20}, matches=1500)
    got = csf.season.partnerships(ledger, by=(), alpha=1.0)
    apm = got.players.set_index("player")["apm"]
    # margins see only differences, so the fit is centred; C and D's bonus
    # lifts them too (as it does their results): the others keep their order
    # and their spacing
    others = ["A", "B", "E", "F"]
    truth = pd.Series(strength, dtype=float)[others]
    assert list(apm[others].sort_values(ascending=False).index) == others
    assert np.corrcoef(apm[others], truth)[0, 1] > 0.98
    # the bonus of 20 is shared between the pair's synergy and the two
    # players' ratings (they play most deals apart); the synergy stands out
    first, second = got.pairs.iloc[0], got.pairs.iloc[1]
    assert first["partners"] == "C & D"
    assert first["synergy"] > 5 > 2 * abs(second["synergy"])


def test_partnerships_of_a_tarot_league_at_five_pair_taker_and_partner():
    log = csf.load_example("league_tarot")
    ledger = csf.tarot.to_ledger(csf.tarot.score(log))
    got = csf.season.partnerships(ledger)
    assert {"apm", "rank", "deals"} <= set(got.players.columns)
    assert (got.pairs["deals"] > 0).all()
    with pytest.raises(RulesError, match="alpha must be a positive number of deals"):
        csf.season.partnerships(ledger, alpha=0)
