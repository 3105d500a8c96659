"""The common ledger: its declared columns, its checks, totals and concat."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import cardscore_frames as csf

ROOT = Path(__file__).resolve().parents[1]


def ledger(scores, game="tarot", **extra):
    frame = pd.DataFrame(
        {
            "game": game,
            "game_id": [1, 1, 1, 1],
            "deal": [1, 1, 2, 2],
            "player": ["A", "B", "A", "B"],
            "score": scores,
            **extra,
        }
    )
    return frame


def test_zero_sum_ledger_passes_and_unbalanced_deal_is_named():
    csf.check_ledger(ledger([5, -5, 3, -3]))
    with pytest.raises(csf.LedgerError, match=r"tarot / 1, deal 2: \+1"):
        csf.check_ledger(ledger([5, -5, 3, -2]))


def test_race_games_are_not_held_to_zero_sum():
    csf.check_ledger(ledger([5, 5, 3, 0], game="belot"))


def test_missing_columns_are_named():
    with pytest.raises(csf.LedgerError, match="needs the columns score"):
        csf.check_ledger(ledger([1, -1, 0, 0]).drop(columns="score"))
    with pytest.raises(csf.LedgerError, match="cannot be told apart"):
        csf.check_ledger(ledger([1, -1, 0, 0]).drop(columns="game"))


def test_unknown_game_and_duplicate_rows():
    with pytest.raises(csf.LedgerError, match="game must be one of tarot"):
        csf.check_ledger(ledger([1, -1, 0, 0], game="bridge"))
    twice = pd.concat([ledger([1, -1, 0, 0])] * 2, ignore_index=True)
    with pytest.raises(csf.LedgerError, match="8 rows repeat one"):
        csf.check_ledger(twice)


def test_a_hand_made_ledger_gets_the_declared_dtypes():
    got = csf.check_ledger(ledger([1, -1, 0, 0], season=["s1"] * 4))
    assert list(got.columns) == list(csf.LEDGER_COLUMNS)
    for column, dtype in csf.LEDGER_DTYPES.items():
        assert str(got[column].dtype) == dtype, column
    assert got["game_key"].unique().tolist() == ["tarot / s1 / 1"]
    assert got["game_id"].cat.categories.tolist() == ["1"]


def test_totals_count_games_by_key_across_seasons():
    frame = pd.concat(
        [
            ledger([5, -5, 3, -3], season=["s1"] * 4),
            ledger([2, -2, 1, -1], season=["s2"] * 4),  # game 1 again
        ],
        ignore_index=True,
    )
    got = csf.totals(frame)
    assert got.loc[("tarot", "A"), "games"] == 2
    assert got.loc[("tarot", "A"), "score"] == 11
    by = csf.totals(frame, by=["season"])
    assert by.loc[("tarot", "s2", "B"), "score"] == -3
    assert by["deals"].tolist() == [2, 2, 2, 2]


def test_names_differing_in_case_are_reported_not_merged():
    frame = ledger([1, -1, 0, 0])
    frame["player"] = ["Anna", "anna ", "Anna", "anna "]
    with pytest.warns(UserWarning, match="'Anna' / 'anna '"):
        got = csf.check_ledger(frame)
    assert got["player"].nunique() == 2


def sample_ledgers():
    t = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    b = csf.belot.to_ledger(csf.belot.score(csf.load_example("belot")))
    p = csf.preferans.to_ledger(csf.preferans.score(csf.load_example("preferans")))
    return t, b, p


def next_season(frame: pd.DataFrame) -> pd.DataFrame:
    """The same ledger as if played again in another season (same game ids)."""
    season = frame["season"].astype(str) + " (again)"
    return frame.drop(columns="game_key").assign(season=season)  # key minted anew


def test_three_games_of_two_seasons_make_one_ledger():
    parts = sample_ledgers()
    again = [next_season(p) for p in parts]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no name is close to another here
        both = csf.concat([*parts, *again])
    assert len(both) == 2 * sum(len(p) for p in parts)
    assert both["game_key"].nunique() == 2 * sum(p["game_key"].nunique() for p in parts)
    for column, dtype in csf.LEDGER_DTYPES.items():
        assert str(both[column].dtype) == dtype, column
    # each game's own columns are kept, blank on the other games' rows
    is_belot = (both["game"] == "belot").to_numpy()
    assert both.loc[is_belot, "match_won"].notna().any()
    assert both.loc[~is_belot, "match_won"].isna().all()
    assert both.loc[both["game"] == "preferans", "mountain"].notna().all()
    totals = csf.totals(both)
    games = {g: p["game_key"].nunique() for g, p in zip(GAMES, parts, strict=True)}
    for game, n in games.items():
        assert totals.loc[game, "games"].max() <= 2 * n
        per_season = csf.totals(both, by=["season"]).loc[game]
        seasons = per_season.index.get_level_values("season").unique()
        assert len(seasons) == 2
    # sums per player are the parts' sums, twice
    t = parts[0].groupby("player", observed=True)["score"].sum()
    assert np.allclose(totals.loc["tarot", "score"].loc[t.index], 2 * t)


GAMES = ("tarot", "belot", "preferans")


def test_plain_pandas_concat_is_a_ledger_again():
    both = pd.concat(sample_ledgers(), ignore_index=True)
    got = csf.check_ledger(both)
    assert str(got["player"].dtype) == "category"
    assert set(got["game"].unique()) == set(GAMES)


def test_excel_and_csv_logs_give_the_same_ledger(tmp_path):
    deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    deals.to_excel(tmp_path / "log.xlsx", index=False)
    from_excel = csf.read_log(tmp_path / "log.xlsx", game="tarot")
    a = csf.tarot.to_ledger(csf.tarot.score(deals))
    b = csf.tarot.to_ledger(csf.tarot.score(from_excel))
    pd.testing.assert_frame_equal(a, b)


def _grouped(ledger: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """totals as a pandas groupby gives it, for comparison."""
    keys = ["game", *by, "player"]
    out = ledger.groupby(keys, observed=True, sort=True).agg(
        score=("score", "sum"), deals=("deal", "size"), games=("game_key", "nunique")
    )
    order, asc = ["game", *by, "score"], [True] * (len(by) + 1) + [False]
    out = out.reset_index().sort_values(order, ascending=asc, kind="stable")
    return out.set_index(keys)


@pytest.mark.parametrize("by", [[], ["season"], ["season", "role"]])
def test_totals_are_the_groupby_of_the_ledger_exactly(by):
    parts = sample_ledgers()  # whole-number scores, and preferans' thirds of whists
    both = csf.concat([*parts, *(next_season(p) for p in parts)])
    pd.testing.assert_frame_equal(
        csf.totals(both, by=by), _grouped(both, by), check_exact=True
    )
    # a blank in a column grouped by: pandas leaves its rows out
    blank = both.assign(season=both["season"].where(both["game"] != "belot"))
    pd.testing.assert_frame_equal(
        csf.totals(blank, by=by), _grouped(blank, by), check_exact=True
    )
    # no rows at all
    none = both.iloc[0:0]
    pd.testing.assert_frame_equal(csf.totals(none, by=by), _grouped(none, by))
    # a score that is not a number at all: summed as pandas sums it
    odd = both.assign(score=both["score"].where(both.index != 5))
    pd.testing.assert_frame_equal(
        csf.totals(odd, by=by), _grouped(odd, by), check_exact=True
    )


@pytest.mark.parametrize("by", [[], ["season"], ["season", "role"]])
def test_totals_of_one_game_and_season_are_the_groupby_of_its_ledger(by):
    # one game's ledger: the game (and the season) is the same on every row, a
    # key the counting leaves out, and must still label every total
    for ledger in sample_ledgers():
        assert ledger["game"].nunique() == ledger["season"].nunique() == 1
        pd.testing.assert_frame_equal(
            csf.totals(ledger, by=by), _grouped(ledger, by), check_exact=True
        )
        # one player on every row: no key left to count on but the games
        alone = ledger[ledger["player"] == ledger["player"].iloc[0]]
        got = csf.totals(alone, by=by)
        pd.testing.assert_frame_equal(got, _grouped(alone, by), check_exact=True)
        assert got["deals"].sum() == len(alone)
        assert got["games"].max() == alone["game_key"].nunique()


def test_totals_counted_a_chunk_of_rows_at_a_time_are_the_groupby(monkeypatch):
    from cardscore_frames.ledger import combine

    parts = sample_ledgers()
    both = csf.concat([*parts, *(next_season(p) for p in parts)])
    # chunks of 7 rows: a game's deals and a player's rows fall in many chunks
    monkeypatch.setattr(combine, "_CHUNK", 7)
    for by in ([], ["season", "role"]):
        pd.testing.assert_frame_equal(
            csf.totals(both, by=by), _grouped(both, by), check_exact=True
        )


def test_whole_scores_are_looked_at_a_chunk_at_a_time():
    from cardscore_frames.ledger.combine import _whole_and_small

    whole = np.array([3.0, -2.0, 0.0, 7.0, 1.0])
    assert _whole_and_small(whole, chunk=2)
    # a fraction, or NaN, in the last (short) chunk
    assert not _whole_and_small(np.r_[whole, 0.5], chunk=2)
    assert not _whole_and_small(np.r_[whole, np.nan], chunk=2)
    # sizes that add up to 2**53 across chunks, though each chunk is below it
    big = np.array([2.0**52, -(2.0**52), 1.0])
    assert not _whole_and_small(big, chunk=1)
    assert _whole_and_small(big[1:], chunk=1)
    assert _whole_and_small(np.array([], dtype=float))


def test_a_ledger_column_given_as_a_function_is_its_array():
    # preferans gives its ledger's per-seat columns as functions that make them:
    # games of 3 and 4 players mixed, every value lands on its own (deal, seat) row
    from cardscore_frames.checking.seats import seated, seats_taken
    from cardscore_frames.ledger import from_wide

    scored = csf.preferans.score(csf.load_example("preferans"))
    columns = [f"player{i}" for i in range(1, 5)]
    n = len(scored)
    block = np.arange(n * 4, dtype=np.float64).reshape(n, 4)  # cell d*4 + s
    whole = from_wide(scored, columns, block, game="preferans")
    made = from_wide(
        scored,
        columns,
        lambda: block.copy(),
        game="preferans",
        extra={"again": lambda: block + 0.5},
    )
    assert 0 < len(whole) < n * 4  # some seats are empty
    np.testing.assert_array_equal(made["score"], whole["score"])
    deal_row = np.repeat(np.arange(n), seats_taken(seated(scored, columns)))
    # each ledger row's value is its own deal's cell of its own seat
    np.testing.assert_array_equal(
        made["score"].to_numpy(), deal_row * 4 + made["seat"].to_numpy() - 1
    )
    np.testing.assert_array_equal(made["again"], whole["score"] + 0.5)


def test_an_array_given_as_it_is_stays_the_callers():
    # every seat taken (belot): the ledger's column is the array's own values,
    # copied, so that writing to the ledger leaves the caller's array alone
    from cardscore_frames.ledger import from_wide

    scored = csf.belot.score(csf.load_example("belot"))
    n = len(scored)
    block = np.arange(n * 4, dtype=np.float64).reshape(n, 4)
    ledger = from_wide(scored, ["a1", "a2", "b1", "b2"], block, game="belot")
    np.testing.assert_array_equal(ledger["score"], np.arange(n * 4))
    ledger.loc[:, "score"] = -1.0
    np.testing.assert_array_equal(block.ravel(), np.arange(n * 4))


@pytest.mark.parametrize("game", ["tarot", "belot", "preferans"])
def test_a_ledger_of_deals_in_any_order_has_the_same_rows(game):
    # a log whose games run one after the other and the same log shuffled
    module = csf.get_game(game)
    deals = csf.load_example(game)
    mixed = deals.sample(frac=1, random_state=3)

    def rows(frame):  # by game (its key's text: codes follow first appearance)
        ledger = module.to_ledger(module.score(frame))
        key = ledger["game_key"].astype(str).rename("key")
        order = pd.concat([key, ledger[["deal", "seat"]]], axis=1)
        return ledger.loc[order.sort_values(list(order)).index].reset_index(drop=True)

    in_order, shuffled = rows(deals), rows(mixed)
    # the same values; categories listed in another order do not count
    pd.testing.assert_frame_equal(in_order, shuffled, check_categorical=False)
    # each row's date and table are its own deal's (a game's are the same)
    first = deals.groupby("game_id", sort=False).first()
    first.index = first.index.astype(str)
    for column in ("date", "table"):
        want = first[column].reindex(in_order["game_id"].astype(str))
        assert want.notna().all()
        assert (in_order[column].to_numpy() == want.to_numpy()).all(), column


@pytest.mark.parametrize(
    "deals",
    [
        [1, 1, 2, 2, 3, 3],
        [-5, 0, 7, 7, 2**40, 3],  # deals far apart
        [-(2**62), 0, 1, 1, 2**62, 3],  # too far apart for one number a row
    ],
)
@pytest.mark.parametrize("repeat", [None, 0, 4])
def test_a_repeated_player_row_is_found_however_the_deals_are_numbered(deals, repeat):
    """A (game, deal, player) given twice is found, whether the deal numbers fit
    in one number a row with the game and player or not, and a blank player
    twice is one player twice (as pandas' duplicated has it); a ledger without
    one passes."""
    frame = pd.DataFrame(
        {
            "game": "belot",
            "game_id": ["1", "1", "2", "2", "2", "2"],
            "deal": deals,
            "player": ["A", "B", "A", "B", None, "A"],
            "score": [0.0] * 6,
        }
    )
    if repeat is not None:
        frame = pd.concat([frame, frame.iloc[[repeat]]], ignore_index=True)
    expected = frame.duplicated(["game_id", "deal", "player"], keep=False)
    if repeat is None:
        assert not expected.any()
        csf.check_ledger(frame)
        return
    assert expected.sum() == 2
    with pytest.raises(csf.LedgerError, match="2 rows repeat one"):
        csf.check_ledger(frame)


#: Per sample season: digests of its ledger and results (the CSV text, every
#: column's dtype, and each categorical's code width and categories), as the
#: ledger was built by the hand-written reshape this package had before the plain
#: one: the plain one must give exactly the same frames.
LEDGER_DIGESTS = [
    ("sample_data/tarot_season.csv", "b85e02bc191eb8a3", "eb29764326dcb300"),
    ("sample_data/league/tarot.csv", "a6fc320272c66ac5", "7671ec947cd9434c"),
    ("sample_data/belot_season.csv", "ab360e0084652c15", "e00e90c097f027bb"),
    ("sample_data/league/belot.csv", "98f52224c20e4719", "e1d35953d2de11bd"),
    ("sample_data/preferans_season.csv", "b0e58d750653beec", "cc9dd20951be123d"),
    ("sample_data/league/preferans.csv", "7278fa7a3f593bd0", "afa7e578d1d225b3"),
]


def _digest(frame: pd.DataFrame) -> str:
    import hashlib

    kinds = []
    for c in frame:
        kind = str(frame[c].dtype)
        if isinstance(frame[c].dtype, pd.CategoricalDtype):
            cats = ",".join(map(str, frame[c].cat.categories))
            kind += f":{frame[c].cat.codes.dtype}:{cats}"
        kinds.append(kind)
    text = frame.to_csv(index=False, lineterminator="\n") + "|".join(kinds)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("path, ledger_digest, results_digest", LEDGER_DIGESTS)
def test_sample_ledgers_are_those_built_before(path, ledger_digest, results_digest):
    game = next(g for g in ("tarot", "belot", "preferans") if g in path)
    module = csf.get_game(game)
    ledger = module.to_ledger(module.score(csf.read_log(ROOT / path, game=game)))
    assert _digest(ledger) == ledger_digest
    assert _digest(csf.results(ledger)) == results_digest
