"""The checks shared by every game, through the behaviours the review found
broken: stale derived columns, blind trust, half games in collect mode, game ids
reused across seasons, metadata that changes inside a game."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import cardscore_frames as csf


def test_a_corrected_taker_is_paid_not_the_old_one():
    scored = csf.tarot.score(csf.load_example("tarot"))
    row = scored.index[1]  # Bastien took a petite made by 5: S = 30, taker +90
    assert scored.loc[row, "taker"] == "Bastien"
    assert scored.loc[row, "deal_value"] == 30
    scored.loc[row, "taker"] = "Amélie"  # a name of the table: the typo corrected
    ledger = csf.tarot.to_ledger(scored)
    deal = ledger[(ledger["game_id"] == "1") & (ledger["deal"] == 2)]
    got = dict(zip(deal["player"].astype(str), deal["score"], strict=True))
    assert got == {"Amélie": 90.0, "Bastien": -30.0, "Gaëlle": -30.0, "Julien": -30.0}


def test_a_corrected_taker_outside_the_table_is_reported():
    scored = csf.tarot.score(csf.load_example("tarot"))
    scored["taker"] = scored["taker"].cat.add_categories(["Zoé"])
    scored.loc[scored.index[1], "taker"] = "Zoé"
    with pytest.raises(csf.LogValidationError, match="taker must be one of the deal"):
        csf.tarot.to_ledger(scored)


def test_belot_alias_for_contra_is_never_scored_blindly():
    raw = csf.load_example("belot", validate=False)
    raw.loc[raw["doubling"] == "contra", "doubling"] = "x"  # the documented alias
    with pytest.raises(csf.LogValidationError, match="not a categorical"):
        csf.belot.score(raw, validate=False)
    scored = csf.belot.score(raw)  # validated: 'x' read as contra
    want = csf.belot.score(csf.load_example("belot"))
    pd.testing.assert_series_equal(
        scored["points_a"].reset_index(drop=True),
        want["points_a"].reset_index(drop=True),
    )


def test_upper_case_tarot_contract_with_validate_false_is_a_clear_error():
    raw = csf.load_example("tarot", validate=False)
    raw["contract"] = raw["contract"].str.upper()
    with pytest.raises(csf.LogValidationError, match="contract is"):
        csf.tarot.score(raw, validate=False)
    assert csf.tarot.score(raw)["contract"].iloc[1] == "petite"


def test_collect_rejects_a_whole_belot_match_and_keeps_the_others_winners():
    raw = csf.load_example("belot", validate=False)
    raw.loc[2, "bid"] = "lots"  # deal 3 of match 1
    good, rejected, failures = csf.read_log(raw, game="belot", errors="collect")
    match_1 = raw["game_id"] == raw.loc[2, "game_id"]
    assert sorted(rejected.index) == list(raw.index[match_1])
    assert rejected.loc[2, "bid"] == "lots"  # as given
    assert "deal 3 of this game has a problem" in rejected.loc[0, "problems"]
    assert set(failures["reason"]) == {"not_a_number", "game_rejected"}
    matches = csf.belot.matches(csf.belot.score(good))
    full = csf.belot.matches(csf.belot.score(csf.load_example("belot")))
    pd.testing.assert_frame_equal(matches, full.drop(index=1))


def test_collect_rejects_a_preferans_pool_with_a_deal_after_its_end():
    raw = csf.load_example("preferans", validate=False)
    first = raw[raw["game_id"] == raw["game_id"].iloc[0]]
    extra = first.iloc[[-1]].assign(deal=str(len(first) + 1))  # a deal after the end
    log = pd.concat([raw, extra], ignore_index=True)
    with pytest.raises(csf.LogValidationError, match="comes after the end"):
        csf.read_log(log, game="preferans")
    good, rejected, failures = csf.read_log(log, game="preferans", errors="collect")
    assert len(rejected) == len(first) + 1 and len(good) == len(raw) - len(first)
    assert failures.loc[failures["reason"] == "after_end", "deal"].tolist() == [
        len(first) + 1
    ]


def test_two_seasons_may_reuse_game_ids():
    deals = csf.load_example("tarot", validate=False)
    again = deals.assign(season="2027")
    both = csf.validate(pd.concat([deals, again], ignore_index=True), game="tarot")
    ledger = csf.tarot.to_ledger(csf.tarot.score(both))
    per_season = ledger.groupby("season", observed=True)["game_key"].nunique()
    assert per_season.to_dict() == {"2026": 33, "2027": 33}
    assert (
        csf.totals(ledger)["games"].sum()
        == 2 * csf.totals(csf.tarot.to_ledger(csf.tarot.score(deals)))["games"].sum()
    )


@pytest.mark.parametrize("order", ["in order", "reversed"])
def test_metadata_must_be_the_games_own(order):
    # a log in game order compares neighbours; any other order each row with
    # its game's first: the same row is reported either way
    raw = csf.load_example("tarot", validate=False)
    raw.loc[3, "table"] = "9"
    if order == "reversed":
        raw = raw.iloc[::-1]
    with pytest.raises(csf.LogValidationError) as err:
        csf.validate(raw, game="tarot")
    fc = err.value.failure_cases
    assert fc[["game_id", "deal", "column", "reason"]].values.tolist() == [
        [1, 4, "table", "changes_in_game"]
    ]
    assert "the game's first row has 1" in fc["message"].iloc[0]


def test_running_sums_of_a_log_in_order_and_shuffled_agree():
    from cardscore_frames.checking import game_index, running_sum

    frame = pd.DataFrame({"game_id": [1, 1, 1, 2, 2, 3], "deal": [1, 2, 3, 1, 2, 1]})
    values = np.array([5, -2, 4, 10, 1, 7])
    expected = [5, 3, 7, 10, 11, 7]  # each game's totals deal by deal
    index = game_index(frame)
    assert running_sum(values, index).tolist() == expected
    shuffled = frame.iloc[[4, 0, 5, 2, 3, 1]].reset_index(drop=True)
    index = game_index(shuffled)
    got = running_sum(values[[4, 0, 5, 2, 3, 1]], index)
    assert got.tolist() == [expected[i] for i in [4, 0, 5, 2, 3, 1]]
    # a row of no game (blank id) has no running sum
    blank = frame.assign(game_id=frame["game_id"].astype("Int64"))
    blank.loc[5, "game_id"] = pd.NA
    assert running_sum(values, game_index(blank)).tolist() == [5, 3, 7, 10, 11, 0]


def test_each_rows_first_deal_in_order_shuffled_and_blank():
    from cardscore_frames.checking import game_index

    frame = pd.DataFrame({"game_id": [1, 1, 1, 2, 2, 3], "deal": [1, 2, 3, 1, 2, 1]})
    index = game_index(frame)
    assert index.first_of().tolist() == [0, 0, 0, 3, 3, 5]
    # rows 0..5 hold (game, deal) (2, 2), (1, 3), (3, 1), (1, 1), (2, 1), (1, 2)
    shuffled = frame.iloc[[4, 1, 5, 0, 3, 2]].reset_index(drop=True)
    index = game_index(shuffled)
    assert index.first_of().tolist() == [4, 3, 2, 3, 4, 3]
    # a row of no game is its own first
    blank = frame.assign(game_id=frame["game_id"].astype("Int64"))
    blank.loc[1, "game_id"] = pd.NA
    assert game_index(blank).first_of().tolist() == [0, 1, 0, 3, 3, 5]


@pytest.mark.parametrize("blank_is_value", [True, False])
@pytest.mark.parametrize(
    "values",
    [
        [None, None, None],
        [],
        ["Cercle", "Cercle"],
        ["Cercle", None],
        ["Cercle", "Club 7", "Cercle"],
        [None, "Cercle", "Cercle"],
    ],
)
def test_game_codes_of_a_categorical_column_are_pandas_factorize(
    values, blank_is_value
):
    """A column of one league (or none named) is numbered without hashing:
    the same codes, and the same count, as pandas' factorize."""
    from cardscore_frames.checking.groups import _factorize

    for categories in (None, sorted({v for v in values if v}) or ["Cercle"], []):
        if categories == [] and any(values):
            continue
        column = pd.Series(
            pd.Categorical(values, categories=categories and pd.Index(categories))
            if categories is not None
            else pd.Categorical(values)
        )
        codes, count = _factorize(column, blank_is_value)
        want, uniques = pd.factorize(column, use_na_sentinel=not blank_is_value)
        assert codes.tolist() == want.tolist()
        assert count == len(uniques)


@pytest.mark.parametrize(
    "values, dtype, blank, expected",
    [
        # whatever a nullable array holds under its mask is never read
        (
            pd.arrays.IntegerArray(np.array([5, 7, -3]), np.array([1, 0, 0], bool)),
            np.int64,
            0,
            [0, 7, -3],
        ),
        (
            pd.arrays.IntegerArray(np.array([5, 7, -3]), np.array([0, 0, 1], bool)),
            float,
            np.nan,
            [5.0, 7.0, np.nan],
        ),
        (
            pd.arrays.IntegerArray(np.array([5, 7, -3]), np.array([1, 0, 1], bool)),
            np.int64,
            -1,
            [-1, 7, -1],
        ),
        (
            pd.arrays.FloatingArray(
                np.array([np.nan, 2.5, np.inf]), np.array([1, 0, 1], bool)
            ),
            float,
            0.0,
            [0.0, 2.5, 0.0],
        ),
        (pd.array([1, 2, 3], dtype="Int64"), float, np.nan, [1.0, 2.0, 3.0]),
        (np.array([4, 5]), np.int64, 0, [4, 5]),  # not nullable: pandas' own way
        (pd.array([1.5, None], dtype="float64[pyarrow]"), float, 9.0, [1.5, 9.0]),
    ],
    ids=["int-0", "int-nan", "int-other", "float-0", "no-blank", "numpy", "arrow"],
)
def test_filled_reads_a_number_column_its_blanks_as_given(
    values, dtype, blank, expected
):
    from cardscore_frames.checking import filled

    got = filled(pd.Series(values), dtype, blank)
    assert got.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(got, np.array(expected, dtype=dtype))


def test_filled_never_hands_out_a_column_to_be_changed():
    from cardscore_frames.checking import filled

    column = pd.Series(pd.array([3, 4, 5], dtype="Int64"))
    got = filled(column, np.int64, 0)  # no blank: the column's own values
    with pytest.raises(ValueError, match="read-only"):
        got[0] = 99
    assert column.tolist() == [3, 4, 5]


def test_seating_codes_count_and_pick_the_seats_taken():
    from cardscore_frames.checking.seats import codes_where, seating, seats_in

    frame = pd.DataFrame(
        {
            "p1": ["a", "a", None, "a"],
            "p2": ["b", None, "b", "b"],
            "p3": ["c", "c", "c", "c"],
        }
    )
    code = seating(frame, ["p1", "p2", "p3", "p4"])  # p4: no such column
    assert code.tolist() == [0b111, 0b101, 0b110, 0b111]
    assert seats_in(code).tolist() == [3, 2, 2, 3]
    gap = codes_where(code, lambda c: (c & (c + 1)) != 0)  # a blank seat before
    assert gap.tolist() == [False, True, True, False]
    assert codes_where(code[:0], lambda c: True).tolist() == []


@pytest.mark.parametrize(
    "ids, categories, expected",
    [
        # each game's rows one after another: the runs number the games
        (["g2", "g2", "g1", "g3", "g3"], ["g1", "g2", "g3"], [0, 0, 1, 2, 2]),
        # a game back after another: by first appearance all the same
        (["g2", "g1", "g2", "g3"], ["g1", "g2", "g3"], [0, 1, 0, 2]),
        # as many runs as categories, one of them unused: a run is a game again
        (["g1", "g2", "g1"], ["g1", "g2", "g9"], [0, 1, 0]),
        (["g1", None, "g2"], ["g1", "g2"], [0, -1, 1]),  # a blank id: no game
    ],
    ids=["runs", "interleaved", "unused-category", "blank"],
)
def test_text_game_ids_are_numbered_by_first_appearance(ids, categories, expected):
    from cardscore_frames.checking import game_codes

    frame = pd.DataFrame({"game_id": pd.Categorical(ids, categories=categories)})
    assert game_codes(frame).tolist() == expected


@pytest.mark.parametrize("as_category", [True, False], ids=["categorical", "text"])
def test_is_in_finds_the_rows_holding_the_values(as_category):
    from cardscore_frames.checking.values import is_in

    values = ["garde", None, "petite", "garde_sans", "garde"]
    column = pd.Series(values, dtype="category" if as_category else "str")
    assert is_in(column, ("garde", "petite")).tolist() == [1, 0, 1, 0, 1]
    assert is_in(column, ("prise",)).tolist() == [0, 0, 0, 0, 0]  # not there


@pytest.mark.parametrize(
    "field",
    [
        dict(default=False),  # belot's capo: a blank is no capo
        dict(blank=True),
        dict(),  # a blank is a problem
    ],
    ids=["default", "blank allowed", "required"],
)
def test_flags_given_as_booleans_type_as_their_text_does(field):
    # a Parquet or DataFrame column of true and false is taken as it is, not
    # value by value; it must type and report exactly as the same cells as text
    from cardscore_frames.checking.conform import conform
    from cardscore_frames.checking.problems import Problems
    from cardscore_frames.checking.schema import Field

    f = Field("capo", "flag", **field)
    flags = [True, False, None, False, True, None]
    as_text = pd.Series(
        ["true" if v else "false" if v is False else None for v in flags],
        dtype="category",
    )
    plain = pd.concat([as_text.iloc[:2]] * 3, ignore_index=True)
    for given, text in (
        (pd.Series(flags, dtype="boolean"), as_text),  # nullable: blanks
        (pd.Series(flags[:2] * 3), plain),  # numpy's bool: none
    ):
        want_problems = Problems("belot", pd.DataFrame({"capo": text}))
        want = conform(f, text, want_problems)
        problems = Problems("belot", pd.DataFrame({"capo": given}))
        got = conform(f, given, problems)
        pd.testing.assert_series_equal(got, want)
        assert problems.bad.tolist() == want_problems.bad.tolist()
        before = given.copy()
        got.iloc[0] = False  # the typed column is its own, not the raw one's
        pd.testing.assert_series_equal(given, before)
        # a blank is a problem only where the field wants a value and has no default
        required = given.hasnans and field == {}
        assert problems.bad.tolist() == [required and v is None for v in flags]
    if "default" in field:
        assert want.tolist() == [True, False] * 3


@pytest.mark.parametrize("far", [7, 10**17])
def test_game_index_orders_deals_near_or_far_apart_blank_last(far):
    # deal numbers close together sort by one key; far apart, by rank
    from cardscore_frames.checking import game_index

    frame = pd.DataFrame(
        {
            "game_id": [2, 1, 2, 1, 2, 1],
            "deal": pd.array([far, None, 3, 1, None, far], dtype="Int64"),
        }
    )
    index = game_index(frame)
    # game 2 (code 0): deals 3 (row 2), far (row 0), blank (row 4);
    # game 1 (code 1): deals 1 (row 3), far (row 5), blank (row 1)
    assert index.order.tolist() == [2, 0, 4, 3, 5, 1]
    assert index.starts.tolist() == [0, 3, 6]
    assert index.first_of().tolist() == [2, 3, 2, 3, 2, 3]


def test_a_date_changed_in_place_voids_the_stamp():
    # a column of numpy's dtype (the date) is a new wrapper at each access: the
    # stamp holds while its memory is the checked one, not after a write
    deals = csf.load_example("tarot")
    assert str(deals["date"].dtype).startswith("datetime64")
    assert deals.cardscore.checked
    deals.loc[deals.index[2], "date"] = pd.Timestamp("2030-01-01")
    assert not deals.cardscore.checked
    with pytest.raises(csf.LogValidationError, match="date must be the same"):
        csf.tarot.score(deals)
