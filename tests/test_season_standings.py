"""League tables: checked against the plain-Python oracle (season_reference)
on small hand-made ledgers, and against hand computation."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from season_reference import ranked

import cardscore_frames as csf

# --- hand-made ledgers --------------------------------------------------------


def zero_sum_games(game, games, season="2026", league="Club"):
    """Ledger rows from ``[(game_id, date, [{player: score, ...} per deal])]``."""
    rows = []
    for game_id, date, deals in games:
        for d, scores in enumerate(deals, start=1):
            assert abs(sum(scores.values())) < 1e-9
            for player, score in scores.items():
                rows.append(
                    {
                        "game": game,
                        "game_key": f"{game} / {league} / {season} / {game_id}",
                        "league": league,
                        "season": season,
                        "date": date,
                        "game_id": game_id,
                        "deal": d,
                        "player": player,
                        "score": float(score),
                    }
                )
    return pd.DataFrame(rows)


def belot_matches(matches, season="2026", league="Club"):
    """Ledger rows from ``[(game_id, date, (a1, a2), (b1, b2), [(pa, pb)...],
    winner)]``: winner "a", "b" or None (unfinished)."""
    rows = []
    for game_id, date, a, b, deals, winner in matches:
        for d, (pa, pb) in enumerate(deals, start=1):
            last = d == len(deals) and winner is not None
            for pair, names, mine, theirs in (("a", a, pa, pb), ("b", b, pb, pa)):
                for name in names:
                    rows.append(
                        {
                            "game": "belot",
                            "game_key": f"belot / {league} / {season} / {game_id}",
                            "league": league,
                            "season": season,
                            "date": date,
                            "game_id": game_id,
                            "deal": d,
                            "player": name,
                            "score": float(mine),
                            "pair": pair,
                            "opponent_score": float(theirs),
                            "match_won": (winner == pair) if last else None,
                        }
                    )
    frame = pd.DataFrame(rows)
    frame["match_won"] = frame["match_won"].astype("boolean")
    return frame


def oracle_rows(frame):
    rows = []
    for r in frame.to_dict("records"):
        r["game_key"] = f"{r['game']}/{r['league']}/{r['season']}/{r['game_id']}"
        r["group"] = (r["league"], r["season"])
        r["order"] = int(r["game_id"])
        rows.append(r)
    return rows


def tarot_criteria(game, sizes):
    if len(sizes) > 1:
        return [("place_points", lambda f: f["pp"]), ("score", lambda f: f["total"])]
    top = max(sizes)
    out = [("score", lambda f: f["total"]), ("wins", lambda f: f["wins"])]
    for k in range(2, top):
        out.append((f"places_{k}", lambda f, k=k: f["places"][k]))
    return out


def preferans_criteria(game, sizes):
    return [
        ("score", lambda f: f["total"]),
        ("positive", lambda f: f["positive"]),
        ("mean", lambda f: f["total"] / f["games"]),
        ("best", lambda f: f["best"]),
    ]


def belot_criteria(game, sizes):
    return [
        ("wins", lambda f: f["wins"]),
        ("direct", None),
        ("difference", lambda f: f["for"] - f["against"]),
        ("points_for", lambda f: f["for"]),
    ]


def assert_matches_oracle(frame, criteria_of):
    table = csf.season.standings(frame)
    expected, figs = ranked(oracle_rows(frame), criteria_of)
    assert len(table) == len(expected)
    ties = sorted(c for c in table.columns if c.startswith("tiebreak_"))
    for row in table.to_dict("records"):
        key = (row["game"], (row["league"], row["season"]), row["player"])
        rank, values = expected[key]
        f = figs[key]
        assert row["rank"] == rank, key
        assert row["games"] == f["games"] and row["deals"] == f["deals"]
        assert row["total"] == pytest.approx(f["total"])
        assert row["wins"] == f["wins"]
        assert row["longest_streak"] == f["streak"]
        assert row["best"] == pytest.approx(f["best"])
        assert row["worst"] == pytest.approx(f["worst"])
        got = [row["rank_points"], *(row[c] for c in ties)][: len(values)]
        for g, v in zip(got, values, strict=True):
            assert np.isnan(g) if v is None else g == pytest.approx(v), key
    return table


# --- tarot --------------------------------------------------------------------

FOUR = ["Anne", "Bea", "Cyril", "Dora"]


def four_player_season():
    # Anne, Bea and Cyril all end on 60 points; Anne and Bea won two games
    # each (the fourth shared), Cyril one: Anne and Bea share first place.
    return zero_sum_games(
        "tarot",
        [
            (1, "2026-01-08", [{"Anne": 90, "Bea": -30, "Cyril": -30, "Dora": -30}]),
            (2, "2026-01-15", [{"Anne": -30, "Bea": 90, "Cyril": -30, "Dora": -30}]),
            (3, "2026-01-22", [{"Anne": -60, "Bea": -60, "Cyril": 180, "Dora": -60}]),
            (4, "2026-01-29", [{"Anne": 60, "Bea": 60, "Cyril": -60, "Dora": -60}]),
        ],
    )


def test_tarot_ties_share_a_place_and_match_the_oracle():
    table = assert_matches_oracle(four_player_season(), tarot_criteria)
    assert table["player"].tolist()[:2] == ["Anne", "Bea"]
    assert table["rank"].tolist() == [1, 1, 3, 4]
    # by hand: Anne 90 - 30 - 60 + 60 = 60; a shared first counts for each
    assert table["total"].tolist() == [60.0, 60.0, 60.0, -180.0]
    assert table["wins"].tolist() == [2, 2, 1, 0]
    assert table["wins_shared"].tolist() == [1.5, 1.5, 1.0, 0.0]
    assert table["ranking"].iat[0] == (
        "total score, then games won, then 2nd places, then 3rd places"
    )


def test_mid_season_joiner_ranks_by_total_or_by_mean():
    season = four_player_season()
    late = zero_sum_games(
        "tarot",
        [(5, "2026-02-05", [{"Eve": 150, "Anne": -50, "Bea": -50, "Cyril": -50}])],
    )
    frame = pd.concat([season, late], ignore_index=True)
    by_total = assert_matches_oracle(frame, tarot_criteria)
    assert by_total.set_index("player")["rank"]["Eve"] == 1  # 150 beats 10
    by_mean = csf.season.standings(frame, rank_by="mean", min_games=2)
    ranks = by_mean.set_index("player")
    assert ranks["rank"]["Eve"] == 1 and ranks["rank_points"]["Eve"] == 150.0
    assert ranks["rank_points"]["Anne"] == pytest.approx(10 / 5)
    assert ranks["below_min_games"]["Eve"] and not ranks["below_min_games"]["Anne"]
    assert by_mean["ranking"].iat[0].startswith("mean score per game, then win rate")


def test_three_to_five_player_tables_rank_by_place_points():
    games = [
        (1, "2026-01-08", [{"A": 40, "B": -20, "C": -20}]),
        (2, "2026-01-15", [{"A": -30, "B": 90, "C": -30, "D": -30}]),
        (3, "2026-01-22", [{"A": 60, "B": -30, "C": 30, "D": -30, "E": -30}]),
        (4, "2026-01-29", [{"A": -20, "B": -20, "D": 40}]),
    ]
    table = assert_matches_oracle(zero_sum_games("tarot", games), tarot_criteria)
    points = table.set_index("player")["place_points"]
    # by hand: A 10 + (7+4+2)/3 + 12 + (6+2)/2; B 4 + 11 + (3+2)/2 + 4; D 11/3+...
    assert points["A"] == pytest.approx(10 + 13 / 3 + 12 + 4)
    assert points["B"] == pytest.approx((6 + 2) / 2 + 11 + (5 + 3 + 2) / 3 + 4)
    assert points["E"] == pytest.approx((5 + 3 + 2) / 3)
    assert table["ranking"].iat[0] == "place points, then total score"
    same_size = csf.season.standings(zero_sum_games("tarot", games[1:2]))
    assert "place_points" not in same_size


def test_a_tie_on_score_goes_to_wins_then_countback():
    games = [
        (1, "2026-02-01", [{"A": 30, "B": 10, "C": -10, "D": -30}]),
        (2, "2026-02-02", [{"A": -30, "B": 10, "C": 20, "D": 0}]),
    ]
    table = assert_matches_oracle(zero_sum_games("tarot", games), tarot_criteria)
    # B and C: 20 and 10; A and D: 0 and -30 ... A 0, B 20, C 10, D -30
    assert table["player"].tolist() == ["B", "C", "A", "D"]
    tied = zero_sum_games(
        "tarot",
        [
            (1, "2026-02-01", [{"A": 40, "B": 10, "C": -20, "D": -30}]),
            (2, "2026-02-02", [{"A": -20, "B": 30, "C": 0, "D": -10}]),
            (3, "2026-02-03", [{"A": 10, "B": -10, "C": 20, "D": -20}]),
        ],
    )
    table = assert_matches_oracle(tied, tarot_criteria)
    row = table.set_index("player")
    # A and B: 30 points, one win and one 2nd place each; B was also 3rd once
    # (A was 4th): B is above A on the third tie-break, 3rd places
    assert row.loc["B", "rank"] == 1 and row.loc["A", "rank"] == 2
    assert row.loc["B", "tiebreak_2"] == row.loc["A", "tiebreak_2"] == 1
    assert row.loc["B", "tiebreak_3"] == 1 and row.loc["A", "tiebreak_3"] == 0


# --- belot ---------------------------------------------------------------------


def test_belot_counts_match_wins_then_direct_encounter():
    frame = belot_matches(
        [
            (1, "2026-02-01", ("A", "B"), ("C", "D"), [(200, 120), (110, 80)], "a"),
            (2, "2026-02-02", ("C", "D"), ("E", "F"), [(310, 290)], "a"),
            (3, "2026-02-03", ("E", "F"), ("A", "B"), [(305, 100)], "a"),
            (4, "2026-02-04", ("G", "H"), ("E", "F"), [(302, 301)], "a"),
            (5, "2026-02-05", ("A", "B"), ("G", "H"), [(150, 100)], None),
        ]
    )
    table = assert_matches_oracle(frame, belot_criteria)
    row = table.set_index("player")
    # A/B, C/D, E/F and G/H all won one match; among the eight tied players
    # (each opponent one encounter): A beat C and D, lost to E and F (0); C
    # likewise (0); E beat A and B, lost to C, D, G and H (-2); G beat E, F (+2)
    assert row.loc["G", "tiebreak_1"] == 2 and row.loc["E", "tiebreak_1"] == -2
    assert row.loc["A", "tiebreak_1"] == 0 and row.loc["C", "tiebreak_1"] == 0
    assert row.loc["G", "rank"] == 1 and row.loc["H", "rank"] == 1
    assert row.loc["A", "difference"] == 310 + 100 - 200 - 305 + 50
    assert row.loc["A", "rank"] == 3 and row.loc["C", "rank"] == 5  # -45 v -90
    assert row.loc["A", "unfinished"] == 1 and row.loc["A", "games"] == 3
    assert row.loc["A", "win_rate"] == pytest.approx(1 / 2)
    assert "ranking" in table and table["ranking"].iat[0].startswith("games won")


# --- preferans -----------------------------------------------------------------


def test_preferans_money_is_the_settlement_per_game_summed():
    scored = csf.preferans.score(csf.load_example("preferans"))
    ledger = csf.preferans.to_ledger(scored)
    table = csf.season.standings(ledger, by=(), whist_price=0.35, unit=0.01)
    settled = csf.preferans.settle(csf.preferans.sheet(scored), whist_price=0.35)
    money = settled.groupby(settled["player"].astype(str))["money"].sum()
    got = table.set_index(table["player"].astype(str))["money"]
    pd.testing.assert_series_equal(
        got.sort_index(), money.astype(float).sort_index(), check_names=False
    )
    whists = settled.groupby(settled["player"].astype(str))["whists"].sum()
    totals = table.set_index(table["player"].astype(str))["total"]
    assert np.allclose(totals.sort_index(), whists.sort_index())
    assert table["money"].sum() == pytest.approx(0.0, abs=1e-9)


def test_preferans_whists_ranking_matches_the_oracle():
    frame = zero_sum_games(
        "preferans",
        [
            (1, "2026-02-01", [{"Zoya": 20, "Kira": -8, "Anna": -12}]),
            (2, "2026-02-02", [{"Zoya": -10, "Kira": 22, "Anna": -12}]),
            (3, "2026-02-03", [{"Zoya": 4, "Kira": -4, "Anna": 0, "Ilya": 0}]),
        ],
    )
    table = assert_matches_oracle(frame, preferans_criteria)
    row = table.set_index("player")
    assert row.loc["Zoya", "total"] == 14 and row.loc["Kira", "total"] == 10
    assert row.loc["Zoya", "positive"] == 2
    assert "money" not in table  # no price: no money column


def test_a_whist_price_column_in_the_ledger_prices_its_game():
    frame = zero_sum_games(
        "preferans", [(1, "2026-02-01", [{"Z": 1 / 3, "K": -1 / 3}])]
    )
    frame["whist_price"] = 1.0
    table = csf.season.standings(frame)
    # 0.333... and -0.333... become 0.33 and -0.33 (floor, then the missing
    # cent to the largest remainder: -0.34 + 0.01)
    assert table.set_index("player")["money"].to_dict() == {"Z": 0.33, "K": -0.33}


# --- options and bad input -------------------------------------------------------


def test_unknown_options_are_refused():
    frame = four_player_season()
    with pytest.raises(csf.RulesError, match="rank_by must be"):
        csf.season.standings(frame, rank_by="average")
    with pytest.raises(csf.RulesError, match="ranking must be one of"):
        csf.season.standings(frame, ranking="elo")
    with pytest.raises(csf.RulesError, match="tiebreaks must be among"):
        csf.season.standings(frame, tiebreaks=("wins", "lots"))
    with pytest.raises(csf.LedgerError, match="by= names columns"):
        csf.season.standings(frame, by=["region"])


def test_tiebreaks_and_ranking_can_be_chosen():
    frame = four_player_season()
    table = csf.season.standings(frame, ranking="whists", tiebreaks={"tarot": ["best"]})
    assert table["ranking"].iat[0] == "total score, then best game"
    assert table["player"].tolist() == ["Cyril", "Anne", "Bea", "Dora"]
    assert table["tiebreak_1"].tolist() == [180.0, 90.0, 90.0, -30.0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: f.drop(columns="score"), "needs the columns score"),
        (lambda f: f.drop(columns="game"), "cannot be told apart"),
        (lambda f: f.assign(score=f["score"] + 1), "must sum to 0"),
        (lambda f: pd.concat([f, f.iloc[:1]]), "rows repeat one"),
        (lambda f: f.assign(game="bridge"), "game must be one of"),
    ],
    ids=["no-score", "no-game", "not-zero-sum", "duplicate", "unknown-game"],
)
def test_a_frame_that_is_not_a_ledger_is_refused(change, message):
    frame = change(four_player_season())
    for function in (csf.season.standings, csf.season.head_to_head):
        with pytest.raises(csf.CardscoreError, match=message):
            function(frame)


def test_belot_rows_need_the_belot_columns():
    frame = belot_matches([(1, "2026-02-01", ("A", "B"), ("C", "D"), [(310, 0)], "a")])
    with pytest.raises(
        csf.LedgerError,
        match="belot rows need the column .* pair, opponent_score, match_won",
    ):
        csf.season.standings(frame.drop(columns=["pair", "opponent_score"]))


def test_names_differing_by_case_warn_once_per_call():
    frame = four_player_season()
    frame.loc[frame["player"] == "Bea", "player"] = "bea "
    frame.loc[0, "player"] = "Anne"
    late = {"Bea": 5, "Dora": -5, "Cyril": 0, "Anne": 0}
    extra = zero_sum_games("tarot", [(9, "2026-02-09", [late])])
    frame = pd.concat([frame, extra], ignore_index=True)
    with pytest.warns(UserWarning, match="may be one player") as caught:
        csf.season.standings(frame)
    assert len([w for w in caught if "may be one player" in str(w.message)]) == 1
    with pytest.warns(UserWarning) as caught:
        csf.season.head_to_head(frame)  # the same frame: still said once
    assert len([w for w in caught if "may be one player" in str(w.message)]) == 1


def test_styled_table_escapes_names():
    frame = four_player_season()
    frame["player"] = frame["player"].replace({"Anne": "<img src=x onerror=alert(1)>"})
    html = csf.season.style(csf.season.standings(frame, min_games=9)).to_html()
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "<img" not in html
    assert "color: #8c8c8c" in html  # below min_games: greyed
