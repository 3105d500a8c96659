"""Preferans settlement: the seed's example, an independent per-game oracle,
properties, and every kind of bad sheet.

The oracle below follows the seed's text step by step on one game at a time, with
exact fractions and a full whist matrix netted pair by pair; it shares no code with
the package.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardscore_frames as csf
from cardscore_frames.checking import METADATA_COLUMNS
from cardscore_frames.errors import LogValidationError, RulesError
from cardscore_frames.games import preferans
from cardscore_frames.games.preferans import Rules

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "preferans_sheets.csv"
KOPECK = Fraction(1, 100)

# --- the oracle: one game at a time, as a person settles it on paper ---------------


def oracle_whists(
    game: dict, method: str, a: int = 10, b: int = 10, adjust: int = -1
) -> list[Fraction]:
    """The balance of each seat, in whists (Fractions), by the rules file and seed."""
    pool, mountain, w = game["pool"], game["mountain"], game["W"]
    n = len(pool)
    if method == "exact":
        mean_p, mean_m = Fraction(sum(pool), n), Fraction(sum(mountain), n)
        return [
            a * (pool[i] - mean_p)
            + b * (mean_m - mountain[i])
            + sum(w[i][j] - w[j][i] for j in range(n))
            for i in range(n)
        ]
    target = max(pool)  # any target: it cancels in the amnesty
    m = [mountain[i] + (a // b) * (target - pool[i]) for i in range(n)]
    low = min(m)
    m = [x - low for x in m]  # the amnesty
    paper = [list(row) for row in w]  # whists as written, compensation added below

    def compensate(i: int, moved: int) -> None:
        for j in range(n):
            if j != i:  # written on him for a point off, taken off for a point added
                paper[j][i] -= 3 * moved

    if method == "paper":
        for i in range(n):
            target_m = _nearest(m[i], lambda x: (b * x) % n == 0, tie_down=True)
            compensate(i, target_m - m[i])
            m[i] = target_m
        for i in range(n):  # each mountain x 10 / n, written on its owner by the others
            for j in range(n):
                if j != i:
                    paper[j][i] += Fraction(b * m[i], n)
        from_mountain = [0] * n
    else:
        total = sum(m)
        k = adjust % n
        new_total = _nearest(total, lambda x: (b * x) % n == 0, tie_down=False)
        compensate(k, new_total - total)
        m[k] += new_total - total
        mean = Fraction(sum(m), n)
        from_mountain = [b * (mean - m[i]) for i in range(n)]
    return [
        from_mountain[i] + sum(paper[i][j] - paper[j][i] for j in range(n))
        for i in range(n)
    ]


def _nearest(x: int, divides, tie_down: bool) -> int:
    for d in range(0, 100):
        first, second = (x - d, x + d) if tie_down else (x + d, x - d)
        if divides(first):
            return first
        if divides(second):
            return second
    raise AssertionError("no divisible value")


def oracle_money(
    whists: list[Fraction], names: list[str], price, unit=KOPECK
) -> list[int]:
    """Largest remainder in minor units: floor, then +1 by remainder, amount, name."""
    amounts = [x * Fraction(str(price)) / unit for x in whists]
    floors = [floor(x) for x in amounts]
    missing = -sum(floors)
    order = sorted(
        range(len(amounts)),
        key=lambda i: (-(amounts[i] - floors[i]), -amounts[i], names[i]),
    )
    return [
        floors[i] + (1 if order.index(i) < missing else 0) for i in range(len(amounts))
    ]


def games_of(sheet: pd.DataFrame) -> list[dict]:
    """The sheet as one dict per game, seats in order (tests only: a loop is fine)."""
    out = []
    for gid, rows in sheet.groupby("game_id", sort=False):
        rows = rows.sort_values("seat")
        n = len(rows)
        w = [
            [
                0
                if pd.isna(rows.iloc[i][f"whists_on_{j + 1}"]) or i == j
                else int(rows.iloc[i][f"whists_on_{j + 1}"])
                for j in range(n)
            ]
            for i in range(n)
        ]
        out.append(
            {
                "game_id": gid,
                "names": list(rows["player"]),
                "pool": [int(x) for x in rows["pool"]],
                "mountain": [int(x) for x in rows["mountain"]],
                "W": w,
            }
        )
    return out


def make_sheet(games: list[dict]) -> pd.DataFrame:
    """Sheet rows from oracle-style game dicts (W as an n x n list)."""
    rows = []
    for g, game in enumerate(games, start=1):
        n = len(game["pool"])
        names = game.get("names") or [f"p{i}" for i in range(1, n + 1)]
        for i in range(n):
            row = {
                "game_id": game.get("game_id", g),
                "seat": i + 1,
                "player": names[i],
                "pool": game["pool"][i],
                "mountain": game["mountain"][i],
            }
            for j in range(4):
                written = j < n and j != i
                row[f"whists_on_{j + 1}"] = game["W"][i][j] if written else None
            rows.append(row)
    frame = pd.DataFrame(rows)
    for j in range(1, 5):
        frame[f"whists_on_{j}"] = frame[f"whists_on_{j}"].astype("Int64")
    return frame


SEED_GAME = {
    "names": ["С", "З", "В", "Ю"],
    "pool": [20] * 4,
    "mountain": [4, 10, 21, 16],
    # pair balances of the rules file: С–З +2, С–В −10, С–Ю −42, З–В −50, З–Ю −78, В–Ю 0
    "W": [[0, 34, 20, 12], [32, 0, 8, 6], [30, 58, 0, 40], [54, 84, 40, 0]],
}


def by_game(result: pd.DataFrame, column: str) -> list[list]:
    return [list(v) for _, v in result.groupby("game_id", sort=False)[column]]


# --- the seed's example -------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "whists", "kopecks"),
    [
        pytest.param(
            "exact",
            [37.5, -102.5, -22.5, 87.5],
            [38, -103, -23, 88],
            id="exact-rules-file",
        ),
        pytest.param(
            "paper", [38, -102, -24, 88], [38, -102, -24, 88], id="method1-amnesty"
        ),
        pytest.param(
            "average",
            [37, -103, -23, 89],
            [37, -103, -23, 89],
            id="method2-average-mountain",
        ),
    ],
)
def test_seed_example(method, whists, kopecks):
    result = preferans.settle(make_sheet([SEED_GAME]), method=method, whist_price=0.01)
    assert result["player"].tolist() == ["С", "З", "В", "Ю"]
    assert result["whists"].tolist() == whists
    assert result["twelfths"].tolist() == [int(12 * x) for x in whists]
    assert result["money_units"].tolist() == kopecks
    assert result["money"].tolist() == [k / 100 for k in kopecks]
    assert tuple(result.columns) == (*preferans.SETTLE_COLUMNS, *METADATA_COLUMNS)
    pairs = preferans.pairwise(make_sheet([SEED_GAME]), method=method)
    assert tuple(pairs.columns) == (*preferans.PAIR_COLUMNS, *METADATA_COLUMNS)


def test_seed_method1_pairs_and_steps():
    """Seed step 5: С: +17-12+33, З: -17-22-63, В: -33+22-13, Ю: +63+12+13."""
    sheet = make_sheet([SEED_GAME])
    pairs = preferans.pairwise(sheet, method="paper")
    totals = {(r.player, r.opponent): r.total for r in pairs.itertuples()}
    assert [totals["С", o] for o in "ЗЮВ"] == [17, -12, 33]
    assert [totals["З", o] for o in "СВЮ"] == [-17, -22, -63]
    assert [totals["В", o] for o in "СЗЮ"] == [-33, 22, -13]
    assert [totals["Ю", o] for o in "ЗСВ"] == [63, 12, 13]
    steps = preferans.settle(sheet, method="paper")
    assert steps["mountain_amnesty"].tolist() == [0, 6, 17, 12]  # seed step 2
    assert steps["adjustment"].tolist() == [0, 0, -1, 0]  # one point off В's mountain


def test_seed_method2_steps():
    """Seed: 6+17+13 = 36, 36/4 = 9; С: +90 +2-45-10, Ю: -40 +81+45+3."""
    steps = preferans.settle(make_sheet([SEED_GAME]), method="average")
    assert steps["adjustment"].tolist() == [0, 0, 0, 1]  # a point added to Ю (last)
    assert steps["mountain_whists"].tolist() == [90, 30, -80, -40]
    paper_whists = steps["compensation"] + steps["pair_whists"]
    assert paper_whists.tolist() == [-53, -133, 57, 129]


def test_seed_game_in_sample_file():
    sheet = csf.read_log(SAMPLE, game="preferans", kind="sheet")
    seed = sheet[sheet["game_id"] == 1]
    assert preferans.settle(seed)["whists"].tolist() == [37.5, -102.5, -22.5, 87.5]
    assert preferans.settle(seed)["money"].tolist() == [0.38, -1.03, -0.23, 0.88]


def test_sample_file_is_the_generator_output():
    """The bundled file is regenerated only by scripts/make_preferans_sheets.py."""
    import importlib.util

    path = ROOT / "scripts" / "make_preferans_sheets.py"
    spec = importlib.util.spec_from_file_location("make_preferans_sheets", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fresh = module.sample_sheets().to_csv(index=False)
    assert fresh == SAMPLE.read_text(encoding="utf-8")


# --- hand-worked 3-player cases and the rules' options -------------------------------


def three(mountain, pool=(10, 10, 10), names=("A", "B", "C"), w=None):
    return {
        "pool": list(pool),
        "mountain": list(mountain),
        "names": list(names),
        "W": w or [[0] * 3 for _ in range(3)],
    }


@pytest.mark.parametrize(
    ("method", "mountain", "twelfths"),
    [
        # 10 x (1/3 - 0), 10 x (1/3 - 1): thirds of a whist, exact in twelfths
        pytest.param("exact", (0, 1, 0), [40, -80, 40], id="exact-thirds"),
        # method 1: 10/3 leaves a remainder; the point is written off B, and A and C
        # each write 3 whists on him: +3 -6 +3
        pytest.param("paper", (0, 1, 0), [36, -72, 36], id="paper-point-off"),
        # 20/3: B's 2 points move up to 3 (nearest): 10 each written on B, less 3
        # each for the point added: A 10-3, C 10-3, B -14
        pytest.param("paper", (0, 2, 0), [84, -168, 84], id="paper-point-added"),
        # method 2: total 1 -> 0 by writing a point off the last seat, C, which goes
        # below zero: mountains 0 1 -1, mean 0; C gains 10 and pays 2 x 3
        pytest.param("average", (0, 1, 0), [36, -84, 48], id="average-below-zero"),
    ],
)
def test_three_players(method, mountain, twelfths):
    result = preferans.settle(make_sheet([three(mountain)]), method=method)
    assert result["twelfths"].tolist() == twelfths


def test_average_adjust_seat_parameter():
    result = preferans.settle(make_sheet([SEED_GAME]), method="average", adjust_seat=3)
    assert result["adjustment"].tolist() == [0, 0, 1, 0]
    # В pays a point more (10·(9-18) = -90) and gets 9 whists back: -90+60+9 = -21
    assert result["whists"].tolist() == [37, -103, -21, 87]


def test_money_ties_go_to_the_larger_amount_then_the_name():
    # exact: +3 1/3, -6 2/3, +3 1/3 kopecks; every remainder is 1/3 and one kopeck is
    # missing: A and C tie on amount, A comes first by name
    sheet = make_sheet([three((0, 1, 0), names=("C", "B", "A"))])
    result = preferans.settle(sheet, whist_price=0.01)
    money = result.set_index("player")["money_units"].to_dict()
    assert money == {"A": 4, "B": -7, "C": 3}


def test_money_at_a_price_that_does_not_divide():
    # 37.5 whists at 0.003 = 0.1125 -> 11.25 kopecks; sums to 0 whatever the price
    result = preferans.settle(make_sheet([SEED_GAME]), whist_price=0.003)
    exact = [
        Fraction(x) * Fraction("0.003") / KOPECK
        for x in ("37.5", "-102.5", "-22.5", "87.5")
    ]
    assert result["money_units"].tolist() == oracle_money(
        [Fraction(x) for x in ("37.5", "-102.5", "-22.5", "87.5")],
        SEED_GAME["names"],
        "0.003",
    )
    assert sum(result["money_units"]) == 0
    units = result["money_units"]
    assert all(abs(u - x) < 1 for u, x in zip(units, exact, strict=True))


def test_price_from_the_sheet_wins_and_blank_means_no_money():
    sheet = make_sheet([SEED_GAME, dict(SEED_GAME, game_id=2)])
    sheet["whist_price"] = [0.1] * 4 + [None] * 4
    with_arg = preferans.settle(sheet, whist_price=0.01)
    assert by_game(with_arg, "money_units") == [
        [375, -1025, -225, 875],
        [38, -103, -23, 88],
    ]
    without = preferans.settle(sheet)
    assert without["money"].isna().tolist() == [False] * 4 + [True] * 4


def test_unfinished_pools_exact_and_paper():
    # pools 10, 6, 8 of 10; no mountains, no whists. Exact: 10·(P - 8) = 20 -20 0.
    # Paper: shortfalls 0, 4, 2 go to the mountain, amnesty leaves 0 4 2: 40/3 and
    # 20/3 leave remainders; 4 -> 3 (a point off B: A and C write 3 on him), 2 -> 3
    # (a point added to C: A and B take 3 off him). 10 a point of 3 from B and C:
    # A +10 +10 +3 -3 = 20; B +10 -20 -6 -3 = -19; C +10 -20 +3 +6 = -1
    game = three((0, 0, 0), pool=(10, 6, 8))
    sheet = make_sheet([game])
    assert preferans.settle(sheet)["whists"].tolist() == [20, -20, 0]
    paper = preferans.settle(sheet, method="paper")
    assert paper["mountain_amnesty"].tolist() == [0, 4, 2]
    assert paper["adjustment"].tolist() == [0, -1, 1]
    assert paper["whists"].tolist() == [20, -19, -1]
    assert paper["whists"].tolist() == [int(x) for x in oracle_whists(game, "paper")]


def test_leningrad_twenty_whists_a_pool_point():
    game = three((0, 0, 0), pool=(12, 6, 9))  # no cap at Leningrad
    sheet = make_sheet([game])
    result = preferans.settle(sheet, rules=Rules.leningrad())
    assert result["whists"].tolist() == [60, -60, 0]  # 20·(P - 9)
    with pytest.raises(LogValidationError) as err:
        preferans.settle(sheet.assign(pool_target=10))  # Sochi caps pools
    assert err.value.failure_cases["reason"].tolist()[:1] == ["above_target"]


def test_pool_whists_not_a_multiple_of_mountain_whists():
    sheet = make_sheet([three((0, 0, 0), pool=(10, 7, 10))])
    rules = Rules(pool_whists=15)
    assert preferans.settle(sheet, rules=rules)["whists"].tolist() == [15, -30, 15]
    with pytest.raises(RulesError, match="multiple of mountain_whists"):
        preferans.settle(sheet, rules=rules, method="paper")


def test_row_order_and_game_ids_do_not_matter():
    sheet = csf.read_log(SAMPLE, game="preferans", kind="sheet")
    shuffled = sheet.sample(frac=1, random_state=3).assign(
        game_id=lambda f: "g" + f["game_id"].astype(str)
    )
    for method in preferans.METHODS:
        a = preferans.settle(sheet, method=method, whist_price=0.01)
        b = preferans.settle(shuffled, method=method, whist_price=0.01)
        assert str(b["game_id"].dtype) == "category"  # text ids are labels
        a = a.set_index(["game_id", "player"])[["twelfths", "money_units"]]
        b = b.assign(game_id=b["game_id"].str[1:].astype("Int64")).set_index(
            ["game_id", "player"]
        )[["twelfths", "money_units"]]
        pd.testing.assert_frame_equal(a.sort_index(), b.sort_index())


def test_report_tables():
    sheet = csf.read_log(SAMPLE, game="preferans", kind="sheet")
    tables = preferans.settle_report(sheet, method="paper", whist_price=0.01)
    assert list(tables) == ["Settlement (paper)", "Pairs", "Games"]
    games = tables["Games"]
    assert len(games) == sheet["game_id"].nunique()
    assert (games["whists_sum"] == 0).all() and (games["money_sum"] == 0).all()
    first = tables["Settlement (paper)"].head(4)
    assert first["whists"].tolist() == [38, -102, -24, 88]


@pytest.mark.parametrize("method", list(preferans.METHODS))
@pytest.mark.parametrize(
    "reorder",
    [
        pytest.param(lambda f: f.iloc[::-1], id="ids-descending"),
        pytest.param(
            lambda f: f.sort_values(["game_id", "player"]), id="seats-shuffled-in-game"
        ),
        pytest.param(lambda f: f.sample(frac=1, random_state=11), id="shuffled"),
        pytest.param(lambda f: f.set_index(f.index * 3 + 7), id="other-index"),
    ],
)
def test_sheet_order_gives_the_same_rows(method, reorder):
    """A sheet already in (game, seat) order takes a shortcut; any other order
    must give the same rows, games in order of first appearance."""
    sheet = csf.read_log(SAMPLE, game="preferans", kind="sheet")
    a = preferans.settle(sheet, method=method, whist_price=0.01)
    b = preferans.settle(reorder(sheet), method=method, whist_price=0.01)
    order = pd.unique(reorder(sheet)["game_id"])
    a = a.set_index("game_id").loc[order].reset_index()
    pd.testing.assert_frame_equal(a, b)


def test_result_shares_no_memory_with_the_sheet():
    sheet = csf.read_log(SAMPLE, game="preferans", kind="sheet")
    before = sheet.copy()
    result = preferans.settle(sheet, method="paper", whist_price=0.01, validate=False)
    # names and dates are categorical: write values known to them
    other, day = result.loc[1, "player"], result["date"].iloc[-1]
    result.loc[0, ["game_id", "player", "pool", "date"]] = [99, other, 7, day]
    result.loc[0, ["whists", "money_units"]] = [5, pd.NA]
    pd.testing.assert_frame_equal(sheet, before)
    assert result.loc[0, "twelfths"] == 12 * 38  # columns share no buffer either
    assert result.loc[0, "money"] == 0.38


def _game_values_full_and_sparse() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Two games' sheet with pool_target and whist_price on every row, and the
    same with them on one or two rows of each game only."""
    full = make_sheet([SEED_GAME, three((0, 1, 2), pool=(10, 6, 8))])
    full["pool_target"] = [20] * 4 + [10] * 3
    full["whist_price"] = [0.05] * 4 + [0.003] * 3
    sparse = full.copy()
    sparse.loc[[0, 1, 3, 4, 6], ["pool_target", "whist_price"]] = None
    return full, sparse


def test_game_values_given_on_one_row_only():
    full, sparse = _game_values_full_and_sparse()
    for method in preferans.METHODS:
        pd.testing.assert_frame_equal(
            preferans.settle(sparse, method=method).drop(columns=["whist_price"]),
            preferans.settle(full, method=method).drop(columns=["whist_price"]),
        )
        assert preferans.settle(sparse, method=method)["whist_price"].tolist() == (
            [0.05] * 4 + [0.003] * 3
        )


def test_game_values_given_on_one_row_only_in_any_row_order():
    full, sparse = _game_values_full_and_sparse()
    shuffled = sparse.iloc[[5, 2, 0, 6, 3, 1, 4]]
    result = preferans.settle(shuffled, whist_price=0.01)
    assert result["game_id"].tolist() == [2] * 3 + [1] * 4  # by first appearance
    assert result["whist_price"].tolist() == [0.003] * 3 + [0.05] * 4
    expected = preferans.settle(full).set_index(["game_id", "seat"])["money"]
    assert result.set_index(["game_id", "seat"])["money"].to_dict() == (
        expected.to_dict()
    )
    shuffled.loc[3, "pool_target"] = 25  # two targets in one game: reported
    with pytest.raises(LogValidationError) as err:
        preferans.settle(shuffled)
    fc = err.value.failure_cases
    assert set(fc["reason"]) == {"differs_in_game"}
    assert sorted(fc["seat"]) == [3, 4]  # the rows that give a target


@pytest.mark.parametrize("given", ["every row", "some rows"])
@pytest.mark.parametrize("order", ["in order", "shuffled"])
def test_two_values_in_one_game_are_reported_at_the_rows_that_give_them(given, order):
    # a sheet in game order is checked value against next value; any other
    # order game by game: the same rows are reported either way
    full, sparse = _game_values_full_and_sparse()
    sheet = full if given == "every row" else sparse
    sheet.loc[3, "pool_target"] = 25  # game 1, seat 4: 20 elsewhere in the game
    sheet.loc[6, "whist_price"] = 0.004  # game 2, seat 3
    if order == "shuffled":
        sheet = sheet.iloc[[5, 2, 0, 6, 3, 1, 4]]
    with pytest.raises(LogValidationError) as err:
        preferans.settle(sheet)
    fc = err.value.failure_cases
    assert set(fc["reason"]) == {"differs_in_game"}
    found = sorted(zip(fc["column"], fc["game_id"], fc["seat"]))
    if given == "every row":
        assert found == [("pool_target", 1, s) for s in (1, 2, 3, 4)] + [
            ("whist_price", 2, s) for s in (1, 2, 3)
        ]
    else:  # only the rows that give a value: seats 3 and 4 of game 1, 2 and 3
        assert found == [("pool_target", 1, 3), ("pool_target", 1, 4)] + [
            ("whist_price", 2, 2),
            ("whist_price", 2, 3),
        ]


@pytest.mark.parametrize("order", ["in order", "reversed"])
@pytest.mark.parametrize("games", [2, 400], ids=["few-names", "many-names"])
def test_a_name_twice_in_a_game_is_found_among_many_names(games, order):
    # a sheet in game order compares each row's name with the next rows' of its
    # game; in any other order (game, name) pairs are counted, or, for 400 games
    # of 3 distinct names each (more pairs than the rows count them by),
    # hashed: the answer is the same
    names = [[f"n{3 * g + i}" for i in range(3)] for g in range(games)]
    names[-1][2] = names[-1][0]  # the last game: its first player twice
    names[0][1] = None  # a blank name is its own problem, not a duplicate
    sheet = make_sheet([three((0, 0, 0), names=tuple(n)) for n in names]).assign(
        pool_target=10
    )
    if order == "reversed":
        sheet = sheet.iloc[::-1]
    with pytest.raises(LogValidationError) as err:
        preferans.settle(sheet)
    fc = err.value.failure_cases
    twice = fc[fc["reason"] == "duplicate_player"]
    assert sorted(twice[["game_id", "seat"]].values.tolist()) == [
        [games, 1],
        [games, 3],
    ]
    assert set(fc["reason"]) == {"duplicate_player", "blank"}


def test_games_found_by_validation_serve_only_the_sheet_as_checked():
    # validation keeps the sheet's game codes for settle; a sheet whose game ids
    # changed in place afterwards (its stamp and what it kept still attached) is
    # settled by its own games
    games = [three((0, 1, 2), pool=(10, 6, 8)), three((3, 0, 0), pool=(4, 10, 2))]
    sheet = make_sheet(games).assign(pool_target=10)
    checked = csf.validate(sheet, game="preferans", kind="sheet")
    assert preferans.settle(checked).equals(preferans.settle(sheet))
    checked = csf.validate(sheet, game="preferans", kind="sheet")
    # seats 1 3 2 in game 1, 2 1 3 in game 2
    checked["game_id"] = pd.array([1, 2, 1, 2, 1, 2], dtype="Int64")
    by_hand = make_sheet(
        [three((0, 0, 2), pool=(10, 10, 8)), three((3, 1, 0), pool=(4, 6, 2))]
    ).assign(pool_target=10)
    settled = preferans.settle(checked, validate=False)
    assert settled.sort_values(["game_id", "seat"])["twelfths"].tolist() == (
        preferans.settle(by_hand)["twelfths"].tolist()
    )


def test_games_found_by_validation_serve_every_settlement_of_the_sheet(monkeypatch):
    # settle by each method, and pairwise, on one checked sheet: none finds the
    # games again, and the codes they share cannot be changed by any of them
    from cardscore_frames.games.preferans.settlement import layout

    games = [three((0, 1, 2), pool=(10, 6, 8)), three((3, 0, 0), pool=(4, 10, 2))]
    sheet = make_sheet(games).assign(pool_target=10)
    expected = {m: preferans.settle(sheet, method=m) for m in preferans.METHODS}
    checked = csf.validate(sheet, game="preferans", kind="sheet")

    def found_again(*args, **kwargs):
        raise AssertionError("the sheet's games were found again")

    monkeypatch.setattr(layout, "game_codes", found_again)
    for method in (*preferans.METHODS, "exact"):
        got = preferans.settle(checked, method=method, validate=False)
        pd.testing.assert_frame_equal(got, expected[method])
    preferans.pairwise(checked, validate=False)
    with pytest.raises(AssertionError, match="found again"):  # a copy keeps none
        preferans.settle(checked.copy(), validate=False)


def test_report_is_settle_and_pairwise():
    sheet = csf.read_log(SAMPLE, game="preferans", kind="sheet")
    tables = preferans.settle_report(sheet, method="average", whist_price=0.05)
    res = preferans.settle(sheet, method="average", whist_price=0.05)
    pd.testing.assert_frame_equal(
        tables["Settlement (average)"], res.drop(columns=["twelfths", "money_units"])
    )
    pd.testing.assert_frame_equal(
        tables["Pairs"], preferans.pairwise(sheet, method="average")
    )


def test_money_ties_in_many_games_match_the_oracle():
    """Mountains of 0 and 1 point and no whists give equal amounts in most games:
    the units still missing go by remainder, amount, then name, in every game."""
    rng = np.random.default_rng(5)
    games = []
    for _ in range(300):
        n = int(rng.choice([3, 4]))
        games.append(
            dict(
                three([int(m) for m in rng.integers(0, 2, n)], pool=[10] * n),
                names=[f"p{x}" for x in rng.permutation(6)[:n]],
                W=[[0] * n for _ in range(n)],
            )
        )
    sheet = make_sheet(games)
    for method in preferans.METHODS:
        for price in ("0.01", "0.003", "0.07"):
            got = by_game(
                preferans.settle(sheet, method=method, whist_price=float(price)),
                "money_units",
            )
            for game, units in zip(games, got, strict=True):
                exact = oracle_whists(game, method)
                assert units == oracle_money(exact, game["names"], price), game


# --- the oracle on many games -------------------------------------------------------


def random_games(count: int, seed: int) -> list[dict]:
    rng = np.random.default_rng(seed)
    games = []
    for g in range(count):
        n = int(rng.choice([3, 4]))
        target = int(rng.choice([10, 20]))
        closed = rng.random() < 0.7
        pool = (
            [target] * n if closed else [int(x) for x in rng.integers(0, target + 1, n)]
        )
        games.append(
            {
                "game_id": g + 1,
                "names": [f"n{x}" for x in rng.permutation(9)[:n]],
                "pool": pool,
                "mountain": [int(x) for x in rng.integers(-5, 60, n)],
                "W": [
                    [0 if i == j else int(rng.integers(0, 150)) for j in range(n)]
                    for i in range(n)
                ],
            }
        )
    return games


@pytest.mark.parametrize("method", list(preferans.METHODS))
@pytest.mark.parametrize(
    ("rules", "a"),
    [
        pytest.param(Rules.sochi(), 10, id="sochi"),
        pytest.param(Rules.leningrad(), 20, id="leningrad"),
    ],
)
def test_matches_oracle_on_many_games(method, rules, a):
    games = random_games(800, seed=7 + a)
    sheet = make_sheet(games)
    sizes = [len(g["pool"]) for g in games]
    prices = np.resize([0.01, 0.05, 0.3, 1.0], len(games))
    sheet["whist_price"] = np.repeat(prices, sizes)
    result = preferans.settle(sheet, method=method, rules=rules)
    got_twelfths = by_game(result, "twelfths")
    got_money = by_game(result, "money_units")
    for g, game in enumerate(games):
        expected = oracle_whists(game, method, a=a)
        assert got_twelfths[g] == [int(12 * x) for x in expected], game
        price = str(float(prices[g]))
        assert got_money[g] == oracle_money(expected, game["names"], price), game


@pytest.mark.parametrize("method", list(preferans.METHODS))
def test_sample_file_matches_oracle(method):
    sheet = csf.read_log(SAMPLE, game="preferans", kind="sheet")
    result = preferans.settle(sheet, method=method, whist_price=0.01)
    for game, got in zip(games_of(sheet), by_game(result, "twelfths"), strict=True):
        assert got == [int(12 * x) for x in oracle_whists(game, method)]


# --- properties ---------------------------------------------------------------------

whist = st.integers(0, 300)


@st.composite
def game_dicts(draw):
    n = draw(st.sampled_from([3, 4]))
    return {
        "pool": draw(st.lists(st.integers(0, 30), min_size=n, max_size=n)),
        "mountain": draw(st.lists(st.integers(-20, 200), min_size=n, max_size=n)),
        "names": draw(st.permutations(["Ann", "Bob", "Cy", "Dee"]))[:n],
        "W": [[draw(whist) for _ in range(4)] for _ in range(4)],
    }


FAST = settings(max_examples=40, deadline=None)


def _settle(games, method, **kw):
    return preferans.settle(make_sheet(games), method=method, whist_price=0.01, **kw)


@FAST
@given(
    st.lists(game_dicts(), min_size=1, max_size=6), st.sampled_from(preferans.METHODS)
)
def test_every_game_sums_to_zero(games, method):
    result = _settle(games, method)
    sums = result.groupby("game_id")[["twelfths", "money_units"]].sum()
    assert (sums == 0).all().all()


@FAST
@given(game_dicts(), st.integers(-50, 50), st.sampled_from(preferans.METHODS))
def test_amnesty_adding_to_every_mountain_changes_nothing(game, k, method):
    moved = dict(game, mountain=[m + k for m in game["mountain"]])
    a, b = _settle([game], method), _settle([moved], method)
    assert a["twelfths"].tolist() == b["twelfths"].tolist()
    assert a["money_units"].tolist() == b["money_units"].tolist()


def _swap(game, i, j):
    perm = list(range(len(game["pool"])))
    perm[i], perm[j] = perm[j], perm[i]
    n = len(perm)
    return {
        "pool": [game["pool"][p] for p in perm],
        "mountain": [game["mountain"][p] for p in perm],
        "names": [game["names"][p] for p in perm],
        "W": [
            [game["W"][perm[r]][perm[c]] for c in range(n)] + [0] * (4 - n)
            for r in range(n)
        ],
    }


@FAST
@given(game_dicts(), st.data(), st.sampled_from(preferans.METHODS))
def test_exchanging_two_seats_permutes_the_result(game, data, method):
    n = len(game["pool"])
    movable = n - 1 if method == "average" else n  # method 2 adjusts the last seat
    i = data.draw(st.integers(0, movable - 1))
    j = data.draw(st.integers(0, movable - 1))
    before = _settle([game], method).set_index("player")
    after = _settle([_swap(game, i, j)], method).set_index("player")
    for col in ("twelfths", "money_units"):
        assert after[col].to_dict() == before[col].to_dict()


@FAST
@given(
    st.lists(game_dicts(), min_size=1, max_size=6),
    st.sampled_from(["paper", "average"]),
)
def test_paper_methods_are_whole_and_close_to_exact(games, method):
    paper = _settle(games, method)
    exact = _settle(games, "exact")
    assert (paper["twelfths"] % 12 == 0).all()
    assert str(paper["whists"].dtype) == "int64"
    moved = paper.groupby("game_id")["adjustment"].transform(lambda s: s.abs().sum())
    off = (paper["twelfths"] - exact["twelfths"]).abs() / 12
    assert (off <= 1.5 * moved).all()


# --- bad input ----------------------------------------------------------------------


def _bad_sheet() -> pd.DataFrame:
    rows = make_sheet([SEED_GAME, three((0, 1, 2))]).to_dict("records")
    rows += [  # game 3: five players
        {"game_id": 3, "seat": k, "player": f"x{k}", "pool": 0, "mountain": 0}
        for k in range(1, 6)
    ]
    rows += [  # game 4: seats 1, 2, 4 (3 empty)
        {"game_id": 4, "seat": k, "player": f"y{k}", "pool": 0, "mountain": 0}
        for k in (1, 2, 4)
    ]
    rows += [  # game 5: seat 2 twice
        {"game_id": 5, "seat": k, "player": f"z{i}", "pool": 0, "mountain": 0}
        for i, k in enumerate((1, 2, 2))
    ]
    frame = pd.DataFrame(rows)
    frame["pool_target"] = 20
    frame["whist_price"] = 0.01
    at = frame.index[(frame["game_id"] == 1)]
    frame.loc[at[0], "whists_on_2"] = -5  # С: negative whists
    frame.loc[at[1], "whists_on_2"] = 7  # З: whists on himself
    frame.loc[at[2], "pool"] = 25  # В: pool above the target
    frame.loc[at[3], "whist_price"] = 0  # Ю: not a positive price
    at2 = frame.index[(frame["game_id"] == 2)]
    frame.loc[at2[0], "whists_on_4"] = 3  # A: seat 4 in a 3-player game
    return frame.astype({f"whists_on_{j}": "Int64" for j in range(1, 5)})


def test_every_problem_at_once():
    with pytest.raises(LogValidationError) as err:
        preferans.settle(_bad_sheet())
    fc = err.value.failure_cases
    found = {(r.game_id, r.column, r.reason) for r in fc.itertuples()}
    assert {
        (1, "whists_on_2", "negative_whists"),
        (1, "whists_on_2", "whists_on_self"),
        (1, "pool", "above_target"),
        (1, "whist_price", "not_positive"),
        (1, "whist_price", "differs_in_game"),
        (2, "whists_on_4", "no_such_seat"),
        (3, "game_id", "players"),
        (3, "seat", "out_of_range"),
        (4, "seat", "seat_gap"),
        (5, "seat", "duplicate_key"),
    } <= found
    msg = dict(((r.game_id, r.reason), r.message) for r in fc.itertuples())
    assert "С" in msg[1, "negative_whists"] and "-5" in msg[1, "negative_whists"]
    assert "З" in msg[1, "whists_on_self"]
    assert "target 20" in msg[1, "above_target"] and "В" in msg[1, "above_target"]
    assert "Ю" in msg[1, "not_positive"]
    assert "seat 3 is empty" in msg[4, "seat_gap"] and "y4" in msg[4, "seat_gap"]
    assert "5 rows" in msg[3, "players"]
    assert "A" in msg[2, "no_such_seat"] and "3 players" in msg[2, "no_such_seat"]
    # sheet problems are named by game and seat (a sheet has no deals)
    assert list(fc.columns[:3]) == ["game_id", "seat", "column"]
    assert (
        fc.loc[(fc["game_id"] == 1) & (fc["reason"] == "negative_whists"), "seat"]
        .notna()
        .all()
    )


def test_not_positive_price_named():
    sheet = make_sheet([SEED_GAME]).assign(whist_price=-1.0)
    with pytest.raises(LogValidationError) as err:
        preferans.settle(sheet)
    fc = err.value.failure_cases
    assert fc["reason"].tolist() == ["not_positive"] * 4
    assert "Ю" in fc["message"].iloc[3] and "positive" in fc["message"].iloc[3]


def test_collect_rejects_whole_games():
    deals, rejected, _ = csf.validate(
        _bad_sheet(), game="preferans", kind="sheet", errors="collect"
    )
    assert len(deals) == 0  # every game has a problem, game 2 in one row only
    assert set(rejected["game_id"]) == {1, 2, 3, 4, 5}
    ok = make_sheet([three((0, 1, 2))]).assign(game_id=9, pool_target=20)
    bad = _bad_sheet()
    mixed = pd.concat([ok, bad[bad["game_id"] == 4]], ignore_index=True)
    deals, rejected, failures = csf.validate(
        mixed, game="preferans", kind="sheet", errors="collect"
    )
    assert set(deals["game_id"]) == {9} and set(rejected["game_id"]) == {4}
    reasons = failures["reason"].tolist()
    assert reasons.count("game_rejected") == 2  # y1 and y2 go with y4's game


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"method": "amnesty"}, id="unknown-method"),
        pytest.param({"whist_price": 0}, id="zero-price"),
        pytest.param({"whist_price": "1"}, id="text-price"),
        pytest.param({"unit": -0.01}, id="negative-unit"),
        pytest.param({"adjust_seat": 0}, id="seat-zero"),
        pytest.param({"method": "average", "adjust_seat": 4}, id="seat-4-of-3"),
    ],
)
def test_bad_options_raise_rules_error(options):
    sheet = make_sheet([three((0, 1, 2))])
    with pytest.raises(RulesError):
        preferans.settle(sheet, **options)


def test_unknown_method_message():
    with pytest.raises(RulesError, match="method must be one of exact, paper, average"):
        preferans.settle(make_sheet([SEED_GAME]), method="amnesty")


@pytest.mark.parametrize("order", ["in order", "reversed"])
def test_tables_of_the_wrong_size_or_with_a_gap_are_found_in_any_row_order(order):
    # a sheet in game and seat order is checked game by game (its sizes, its
    # last seat), any other order row by row: the same rows are reported
    four = {**SEED_GAME, "names": ["a", "b", "c", "d"], "W": [[0] * 4] * 4}
    games = [three((0, 1, 2)), four, three((3, 0, 0)), four, three((1, 1, 1))]
    sheet = make_sheet(games).assign(pool_target=20)
    sheet = sheet.drop(index=sheet.index[sheet["game_id"] == 1][2:])  # 2 rows
    gap = sheet.index[(sheet["game_id"] == 4) & (sheet["seat"] == 3)]
    sheet = sheet.drop(index=gap)  # seats 1, 2, 4
    if order == "reversed":
        sheet = sheet.iloc[::-1]
    with pytest.raises(LogValidationError) as err:
        preferans.settle(sheet)
    fc = err.value.failure_cases
    found = sorted(zip(fc["reason"], fc["game_id"], fc["seat"]))
    assert found == [("players", 1, 1), ("players", 1, 2), ("seat_gap", 4, 4)]
    assert "seat 3 is empty" in fc.loc[fc["reason"] == "seat_gap", "message"].iloc[0]


def test_prices_in_lowest_terms_of_the_unit():
    from cardscore_frames.games.preferans.settlement.money import price_ratio

    # one price for every game, and several: 0.003 / 0.01 = 3/10, 0.05 / 0.01 =
    # 5/1, a game without a price 0/1
    p, q = price_ratio(np.full(3, 0.003), 0.01)
    assert p.tolist() == [3, 3, 3] and q.tolist() == [10, 10, 10]
    p, q = price_ratio(np.array([0.003, 0.05, np.nan]), 0.01)
    assert p.tolist() == [3, 5, 0] and q.tolist() == [10, 1, 1]
    p, q = price_ratio(np.full(2, np.nan), 0.01)
    assert p.tolist() == [0, 0] and q.tolist() == [1, 1]


@pytest.mark.parametrize("per_game", [False, True], ids=["one price", "per game"])
def test_a_price_too_large_to_settle_exactly_is_refused(per_game):
    # whists x price in minor units beyond 2**62 cannot be counted exactly
    sheet = csf.read_log(SAMPLE, game="preferans", kind="sheet")
    price = 10.0**9
    if per_game:  # every game its own price: one of them too large
        prices = sheet["game_id"].astype(int) % 7 + 1.0
        prices = prices.where(sheet["game_id"] != sheet["game_id"].iloc[0], price)
        sheet = sheet.assign(whist_price=prices)
        with pytest.raises(RulesError, match="too large to settle exactly"):
            preferans.settle(sheet, unit=1e-9)
        # the same prices counted in whole units: settled
        assert len(preferans.settle(sheet, unit=1.0)) == len(sheet)
    else:
        with pytest.raises(RulesError, match="too large to settle exactly"):
            preferans.settle(sheet, whist_price=price, unit=1e-9)
        assert len(preferans.settle(sheet, whist_price=price, unit=1.0)) == len(sheet)
