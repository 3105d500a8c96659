"""Championship points by the place at each evening (``points="place"``): a
tarot club's weekly challenge, where each evening's place gives n - place + 1
points and the season counts each player's best N evenings.

The ledgers come from deal logs scored by the package (a small tarot log
built here, the bundled belot and tarot leagues); every figure is checked
against a plain-Python oracle that reads the ledger's rows (dicts, loops and
sorted), never the code under test.
"""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
import pandas as pd
import pytest
from test_season_standings import belot_matches

import cardscore_frames as csf

# --- a small tarot club: 6 evenings, 9 players, tables of 4 and 5 -------------------

A, B, C, D, E, F, G, H, J = (
    "Amélie",
    "Bastien",
    "Céline",
    "Damien",
    "Élodie",
    "Fanny",
    "Gaspard",
    "Hugo",
    "Jules",
)

#: Each evening's tables: (table name, players, seed of its deals). Tables of
#: the same seed play the same deals seat for seat, so that players in the same
#: seat tie across the tables. Hugo and Jules miss evenings.
EVENINGS = {
    "2026-01-08": [("1", [A, B, C, D], 1), ("2", [E, F, G, H, J], 2)],
    "2026-01-15": [("1", [A, B, C, D], 3), ("2", [E, F, G, H], 4)],
    "2026-01-22": [("1", [A, C, E, G, J], 5)],
    "2026-01-29": [("1", [A, B, C, D], 6), ("2", [E, F, G, J], 6)],
    "2026-02-05": [("1", [B, D, F, H, J], 7), ("2", [A, C, E, G], 8)],
    "2026-02-12": [("1", [A, B, C, D, E], None)],
}
CONTRACTS = ("pass", "petite", "garde", "garde_sans", "garde_contre")


def seat_deals(seed: int, seats: int) -> list[dict]:
    """Eight deals drawn from ``seed``: seats (0-based) for the taker and his
    partner, and cards the oudlers allow (docs/games/tarot.md)."""
    rng = np.random.default_rng(seed)
    deals = []
    for _ in range(8):
        contract = CONTRACTS[rng.choice(5, p=[0.1, 0.4, 0.3, 0.1, 0.1])]
        if contract == "pass":
            deals.append({"contract": "pass"})
            continue
        oudlers = int(rng.integers(0, 4))
        low, high = math.ceil(4.5 * oudlers), math.floor(91 - 4.5 * (3 - oudlers))
        deal = {
            "contract": contract,
            "taker": int(rng.integers(seats)),
            "oudlers": oudlers,
            "card_points": float(rng.integers(low, high + 1)),
        }
        if seats == 5:
            deal["partner"] = int(rng.integers(seats))  # the taker's own: alone
        deals.append(deal)
    return deals


def tarot_log() -> pd.DataFrame:
    rows, game_id = [], 0
    for date, tables in EVENINGS.items():
        for table, players, seed in tables:
            game_id += 1
            if seed is None:
                # one deal: Amélie takes with Bastien, the three defenders pay
                # alike and share 3rd place (taker 2S, partner S, defenders -S)
                deals = [{"contract": "garde", "taker": 0, "partner": 1}]
                deals[0] |= {"oudlers": 2, "card_points": 50.0}
            else:
                deals = seat_deals(seed, len(players))
            for d, deal in enumerate(deals, start=1):
                row = {"league": "Club", "season": "2026", "date": date}
                row |= {"table": table, "game_id": game_id, "deal": d}
                row |= {f"player{k + 1}": p for k, p in enumerate(players)}
                row |= deal
                for role in ("taker", "partner"):
                    if role in deal:
                        row[role] = players[deal[role]]
                rows.append(row)
    log = pd.DataFrame(rows)
    log["date"] = pd.to_datetime(log["date"])
    return log


@pytest.fixture(scope="module")
def tarot_ledger() -> pd.DataFrame:
    return csf.tarot.to_ledger(csf.tarot.score(tarot_log()))


# --- the oracle ------------------------------------------------------------------


def plain_evenings(ledger: pd.DataFrame) -> dict:
    """{(league, season, date): {player: [total, {game: side}]}} from the
    ledger's rows: a player's side in a game is his pair where the game has
    pairs (belot), else himself."""
    nights: dict = defaultdict(dict)
    for r in ledger.to_dict("records"):
        key = (r["league"], r["season"], pd.Timestamp(r["date"]).strftime("%Y-%m-%d"))
        mine = nights[key].setdefault(r["player"], [0.0, {}])
        mine[0] += r["score"]
        pair = r.get("pair")
        side = pair if isinstance(pair, str) and pair else r["player"]
        mine[1][r["game_key"]] = side
    return nights


def plain_place_points(ledger: pd.DataFrame, scale=None) -> dict:
    """{(league, season, date, player): (points, total, games)}: players who
    were on one side in every game of the evening are one side, which takes
    one place; place = 1 + sides with a larger total (1, 2, 2, 4); points
    n - place + 1 at an evening of n sides, or ``scale[place]`` (0 if absent)."""
    out = {}
    for key, players in plain_evenings(ledger).items():
        sides = {}
        for total, games in players.values():
            signature = frozenset(games.items())
            sides[signature] = total  # partners all evening have one total
        n = len(sides)
        for player, (total, games) in players.items():
            place = 1 + sum(1 for t in sides.values() if t > total + 1e-9)
            points = n - place + 1 if scale is None else scale.get(place, 0)
            out[(*key, player)] = (points, total, len(games))
    return out


def plain_season(ledger: pd.DataFrame, best=None, scale=None) -> dict:
    """{(league, season, player): figures} over each player's ``best``
    evenings (by points, then total, then the earlier date): ``points``,
    ``total``, ``games``, ``evenings`` and ``evenings_counted``."""
    per_player = defaultdict(list)
    for (league, season, date, player), (points, total, games) in plain_place_points(
        ledger, scale
    ).items():
        worth = (-points, -round(total, 9), date)
        per_player[(league, season, player)].append((*worth, points, total, games))
    out = {}
    for key, nights in per_player.items():
        kept = sorted(nights)[:best]
        out[key] = {
            "points": sum(n[3] for n in kept),
            "total": sum(n[4] for n in kept),
            "games": sum(n[5] for n in kept),
            "evenings": len(nights),
            "evenings_counted": ", ".join(sorted(n[2] for n in kept)),
        }
    return out


def check_table(table: pd.DataFrame, expected: dict) -> None:
    """Every figure as the oracle has it, and ranks by points first: a
    player's rank is below every player with more points and not below any
    with fewer."""
    got = {(r["league"], r["season"], r["player"]): r for r in table.to_dict("records")}
    assert got.keys() == expected.keys()
    for key, figures in expected.items():
        for name, value in figures.items():
            assert got[key][name] == pytest.approx(value, abs=1e-9), (key, name)
    for key, row in got.items():
        group = [r for k, r in got.items() if k[:2] == key[:2]]
        above = sum(1 for r in group if r["points"] > row["points"])
        level = sum(1 for r in group if r["points"] >= row["points"])
        assert above < row["rank"] <= level, key


# --- tarot -----------------------------------------------------------------------


def test_the_log_has_what_the_tests_need(tarot_ledger):
    got = plain_place_points(tarot_ledger)
    sizes = tarot_ledger.groupby("game_key", observed=True)["player"].nunique()
    assert set(sizes) == {4, 5}
    players = {k[:3]: 0 for k in got}
    for k in got:
        players[k[:3]] += 1
    assert min(players.values()) == 5 and max(players.values()) == 9
    # ties: the three defenders of 02-12; the mirrored tables of 01-29
    night = {p: v for (_, _, d, p), v in got.items() if d == "2026-02-12"}
    assert night[C][0] == night[D][0] == night[E][0] == 3  # 3rd of 5: 5 - 3 + 1
    tied = {v[1] for (_, _, d, p), v in got.items() if d == "2026-01-29"}
    assert len(tied) < 8
    evenings = defaultdict(int)
    for _, _, _, player in got:
        evenings[player] += 1
    assert evenings[H] == 3 and evenings[J] == 4 and evenings[A] == 6


def test_each_evening_place_points(tarot_ledger):
    expected = plain_place_points(tarot_ledger)
    for date in EVENINGS:
        one = tarot_ledger[tarot_ledger["date"] == pd.Timestamp(date)]
        table = csf.season.standings(one, points="place")
        got = table.set_index("player")["points"].to_dict()
        want = {k[3]: v[0] for k, v in expected.items() if k[2] == date}
        assert got == pytest.approx(want), date


def test_a_shared_place_scores_in_full_and_the_next_place_is_skipped(tarot_ledger):
    one = tarot_ledger[tarot_ledger["date"] == pd.Timestamp("2026-02-12")]
    table = csf.season.standings(one, points="place").set_index("player")
    # garde, 2 oudlers, 50 card points: S = (25 + 9) x 2 = 68; the taker
    # 2 x 68, the partner 68, each defender -68 (1224: 1, 2, 3, 3, 3)
    assert table["total"].to_dict() == {A: 136, B: 68, C: -68, D: -68, E: -68}
    assert table["points"].to_dict() == {A: 5, B: 4, C: 3, D: 3, E: 3}
    below = csf.season.standings(one, points={"place": {1: 10, 2: 6, 4: 1}})
    # a shared 3rd takes the 3rd's points (none here), and no one is 4th
    assert below.set_index("player")["points"].to_dict() == {
        A: 10,
        B: 6,
        C: 0,
        D: 0,
        E: 0,
    }


@pytest.mark.parametrize("best", [None, 1, 3, 4, 15])
def test_best_evenings_by_place_match_the_oracle(tarot_ledger, best):
    table = csf.season.standings(tarot_ledger, points="place", best_evenings=best)
    check_table(table, plain_season(tarot_ledger, best))
    assert table["ranking"].iat[0].startswith("club points, then ")


def test_fewer_evenings_counted_than_played(tarot_ledger):
    table = csf.season.standings(tarot_ledger, points="place", best_evenings=3)
    row = table.set_index("player")
    assert (row["evenings"] > 3).any() and (row["evenings"] < 3).sum() == 0
    assert row["evenings_counted"].str.count(",").max() == 2
    plain = csf.season.standings(tarot_ledger, points="place")
    assert (
        row["points"] <= plain.set_index("player")["points"].reindex(row.index)
    ).all()


def test_a_mapping_scale_matches_the_oracle(tarot_ledger):
    scale = {1: 25, 2: 18, 3: 15, 4: 12, 5: 10}
    table = csf.season.standings(tarot_ledger, points={"place": scale}, best_evenings=4)
    check_table(table, plain_season(tarot_ledger, 4, scale))
    everyone = csf.season.standings(tarot_ledger, points={"place": "n-place+1"})
    check_table(everyone, plain_season(tarot_ledger))


def test_row_order_does_not_change_the_table(tarot_ledger):
    shuffled = tarot_ledger.sample(frac=1.0, random_state=3).reset_index(drop=True)
    options = {"points": "place", "best_evenings": 4}
    pd.testing.assert_frame_equal(
        csf.season.standings(shuffled, **options),
        csf.season.standings(tarot_ledger, **options),
    )


def test_the_bundled_tarot_league_matches_the_oracle():
    log = csf.load_example("league_tarot")
    ledger = csf.tarot.to_ledger(csf.tarot.score(log))
    table = csf.season.standings(ledger, points="place", best_evenings=15)
    check_table(table, plain_season(ledger, 15))


# --- belot: a pair takes one place -------------------------------------------------


def test_belot_pairs_kept_all_evening_take_one_place():
    frame = belot_matches(
        [
            (1, "2026-02-01", ("A", "B"), ("C", "D"), [(310, 150)], "a"),
            (2, "2026-02-01", ("E", "F"), ("G", "H"), [(305, 250)], "a"),
            (3, "2026-02-01", ("A", "B"), ("E", "F"), [(100, 302)], "b"),
            (4, "2026-02-01", ("C", "D"), ("G", "H"), [(200, 303)], "b"),
            (5, "2026-02-08", ("A", "C"), ("B", "D"), [(302, 200)], "a"),
            (6, "2026-02-08", ("A", "B"), ("C", "D"), [(100, 50)], None),
        ]
    )
    table = csf.season.standings(frame, points="place")
    row = table.set_index("player")
    # 02-01, four pairs kept all evening: E & F 305 + 302 = 607, G & H 553,
    # A & B 410, C & D 350: 4, 3, 2, 1 each player.
    # 02-08, partners changed: each player alone, his pairs' points summed:
    # A 302 + 100 = 402, C 352, B 300, D 250: 4, 3, 2, 1.
    assert row["points"].to_dict() == {
        "A": 6,
        "E": 4,
        "F": 4,
        "B": 4,
        "C": 4,
        "G": 3,
        "H": 3,
        "D": 2,
    }
    assert row["total"].to_dict() == {
        "A": 812,
        "E": 607,
        "F": 607,
        "B": 710,
        "C": 702,
        "G": 553,
        "H": 553,
        "D": 600,
    }
    # then the belot rule: matches won (E, F 2; B, C 1), then direct encounter
    assert table["player"].tolist()[:5] == ["A", "E", "F", "B", "C"]
    assert row.loc["E", "rank"] == row.loc["F", "rank"] == 2
    check_table(table, plain_season(frame))
    best = csf.season.standings(frame, points="place", best_evenings=1)
    check_table(best, plain_season(frame, 1))


def test_the_bundled_belot_seasons_match_the_oracle():
    for name in ("belot", "league_belot"):
        ledger = csf.belot.to_ledger(csf.belot.score(csf.load_example(name)))
        for best in (None, 5):
            table = csf.season.standings(ledger, points="place", best_evenings=best)
            check_table(table, plain_season(ledger, best))


# --- errors ----------------------------------------------------------------------


def test_evenings_by_place_need_dates(tarot_ledger):
    frame = tarot_ledger.copy()
    frame.loc[frame["game_id"].astype(str) == "3", "date"] = pd.NaT
    with pytest.raises(
        csf.RulesError,
        match="points by the evening's place counts evenings by the games' dates; "
        "these games have none: tarot / Club / 2026 / 3",
    ):
        csf.season.standings(frame, points="place")
    with pytest.raises(csf.RulesError, match="place and best_evenings count"):
        csf.season.standings(frame, points={"place": {1: 3}}, best_evenings=2)


@pytest.mark.parametrize(
    ("points", "message"),
    [
        pytest.param(
            {"place": {0: 5, 1: 3}},
            r"points\['place'\] takes places \(whole numbers from 1\) to finite "
            r"numbers; got {0: 5}",
            id="place-0",
        ),
        pytest.param(
            {"place": {"1": 25, 2: "18", 3: float("nan")}},
            r"got {'1': 25, 2: '18', 3: nan}",
            id="text-and-nan",
        ),
        pytest.param({"place": {True: 25}}, r"got {True: 25}", id="bool-place"),
        pytest.param(
            {"place": {}},
            r"points\['place'\] must be 'n-place\+1' or a mapping of places .*; "
            r"got {}",
            id="empty",
        ),
        pytest.param({"place": [25, 18, 15]}, r"got \[25, 18, 15\]", id="list"),
        pytest.param({"place": "n+1-place"}, r"got 'n\+1-place'", id="other-formula"),
        pytest.param(
            {"place": {1: 25}, "win": 3},
            r"points=\{'place': \.\.\.\} .* takes no other key; got 'win'",
            id="mixed-keys",
        ),
        pytest.param("places", r"or 'place' or .*; got 'places'", id="preset"),
    ],
)
def test_a_bad_place_scale_is_named(tarot_ledger, points, message):
    with pytest.raises(csf.RulesError, match=message):
        csf.season.standings(tarot_ledger, points=points)


def test_every_bad_option_is_said_at_once(tarot_ledger):
    with pytest.raises(csf.RulesError) as caught:
        csf.season.standings(
            tarot_ledger,
            points={"place": {0: 1, 2: "x"}, "loss": 1},
            best_evenings=0,
        )
    said = str(caught.value)
    for part in ("takes no other key; got 'loss'", "{0: 1, 2: 'x'}", "best_evenings"):
        assert part in said


def test_a_dask_ledger_ranks_by_place_as_pandas_does(tarot_ledger):
    dd = pytest.importorskip("dask.dataframe")
    from cardscore_frames.distributed import partition_by_game

    chunks = partition_by_game(dd.from_pandas(tarot_ledger, npartitions=3))
    options = {"points": "place", "best_evenings": 4}
    got = csf.season.standings(chunks, **options).compute()
    pd.testing.assert_frame_equal(got, csf.season.standings(tarot_ledger, **options))
    with pytest.raises(csf.RulesError, match=r"points\['place'\]"):
        csf.season.standings(chunks, points={"place": {0: 1}})
