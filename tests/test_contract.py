"""Every registered game keeps the same contract: signatures, rules, ledger,
results, errors that cross a process, and frames checked once."""

from __future__ import annotations

import inspect
import json
import pickle

import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.checking import check as check_module
from cardscore_frames.contract import GAMES, RulesBase

NAMES = list(GAMES)


def _edit(game) -> tuple:
    """A log column, a value no log may hold there, and another valid value with
    a different score: the game's own ``Game.probes``, so that a new game brings
    its own; read when a test runs, so that a game registered after this module
    was imported (the tests' toy game, tests/test_toy_game.py) is checked too."""
    probe = game.probes["deals"]
    return probe.column, probe.invalid, probe.valid


#: Per bundled game: :func:`_edit`.
EDITS = {name: _edit(GAMES[name]) for name in NAMES}


@pytest.fixture(scope="module", params=NAMES)
def game(request):
    return GAMES[request.param]


@pytest.fixture(scope="module")
def deals(game):
    return csf.load_example(next(iter(game.examples)))


def test_signatures(game):
    def shape(fn):
        return [
            (p.name, p.kind.name) for p in inspect.signature(fn).parameters.values()
        ]

    assert shape(game.score) == [
        ("deals", "POSITIONAL_OR_KEYWORD"),
        ("rules", "KEYWORD_ONLY"),
        ("validate", "KEYWORD_ONLY"),
    ]
    assert shape(game.to_ledger) == [
        ("scored", "POSITIONAL_OR_KEYWORD"),
        ("rules", "KEYWORD_ONLY"),
    ]
    assert shape(game.results) == [("scored", "POSITIONAL_OR_KEYWORD")]
    assert shape(game.report) == [
        ("deals", "POSITIONAL_OR_KEYWORD"),
        ("rules", "KEYWORD_ONLY"),
    ]
    assert issubclass(game.rules, RulesBase) and game.rules.GAME == game.name
    assert "deals" in game.logs and game.unit
    assert set(game.probes) == set(game.logs) - {"sheet"}
    assert game.examples and next(iter(game.examples.values())).kind == "deals"


def test_ledger_columns_and_dtypes(game, deals):
    ledger = game.to_ledger(game.score(deals))
    own = list(game.ledger_columns)
    assert list(ledger.columns) == [*csf.LEDGER_COLUMNS, *own]
    dtypes = {**csf.LEDGER_DTYPES, **game.ledger_columns}
    assert {c: str(ledger[c].dtype) for c in ledger} == dtypes
    # every registered game's: so that every game's ledgers concatenate
    assert list(ledger["game"].cat.categories) == list(GAMES)
    assert set(ledger["role"].dropna().unique()) <= set(game.roles)
    assert (ledger["game"] == game.name).all()
    pd.testing.assert_frame_equal(csf.check_ledger(ledger), ledger)
    if game.zero_sum:
        sums = ledger.groupby(["game_key", "deal"], observed=True)["score"].sum()
        assert sums.abs().max() < 1e-9


def test_results_table(game, deals):
    scored = game.score(deals)
    table = game.results(scored)
    assert list(table.columns[: len(csf.RESULT_COLUMNS)]) == list(csf.RESULT_COLUMNS)
    assert not table.duplicated(["game_key", "player"]).any()
    ledger = game.to_ledger(scored)
    assert len(table) == len(ledger.drop_duplicates(["game_key", "player"]))
    pd.testing.assert_frame_equal(game.results(ledger), table)
    decided = table.dropna(subset=["place"])
    assert (decided["won"].astype(bool) == (decided["place"] == 1)).all()
    assert (table.groupby("game_key", observed=True)["players"].nunique() == 1).all()
    assert (decided.groupby("game_key", observed=True)["won"].sum() >= 1).all()


def test_results_of_a_mixed_ledger_are_each_games_own():
    parts = [g.to_ledger(g.score(csf.load_example(n))) for n, g in GAMES.items()]
    mixed = csf.results(csf.concat(parts))
    for name, part in zip(GAMES, parts, strict=True):
        own = GAMES[name].results(part)
        got = mixed.loc[mixed["game"] == name, list(own.columns)]
        pd.testing.assert_frame_equal(
            got.reset_index(drop=True), own, check_dtype=False, check_categorical=False
        )


def test_rules_presets_and_plain_data(game):
    presets = game.rules.presets()
    assert presets and all(isinstance(doc, str) and doc for doc in presets.values())
    for name in presets:
        rules = game.rules.preset(name)
        data = json.loads(json.dumps(rules.to_dict()))
        assert data["game"] == game.name
        assert game.rules.from_dict(data) == rules
    assert game.rules.preset(next(iter(presets))) == game.rules()
    with pytest.raises(csf.RulesError, match="did you mean"):
        game.rules.preset(next(iter(presets))[:-1])
    with pytest.raises(csf.RulesError, match="have no field"):
        game.rules.from_dict({"game": game.name, "no_such_rule": 1})


def test_another_games_rules_are_refused(game, deals):
    other = next(g for g in GAMES.values() if g is not game)
    with pytest.raises(csf.RulesError, match=f"rules must be {game.name} rules"):
        game.score(deals, rules=other.rules())
    with pytest.raises(csf.RulesError, match="not of"):
        game.rules.from_dict(other.rules().to_dict())


def test_validation_errors_cross_a_process(game, deals):
    column, bad, _ = _edit(game)
    raw = csf.load_example(game.name, validate=False)
    raw[column] = raw[column].astype(object)
    raw.loc[3, column] = bad
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(raw, game=game.name)
    again = pickle.loads(pickle.dumps(caught.value))
    assert type(again) is csf.LogValidationError
    assert str(again) == str(caught.value)
    pd.testing.assert_frame_equal(again.failure_cases, caught.value.failure_cases)
    assert (again.game, again.kind) == (game.name, "deals")


def test_a_checked_frame_is_not_checked_again(game, monkeypatch):
    deals = csf.load_example(next(iter(game.examples)))
    calls = []
    real = check_module.check_log
    monkeypatch.setattr(
        "cardscore_frames.contract.check_log",
        lambda *a, **k: calls.append(1) or real(*a, **k),
    )
    scored = game.score(deals)
    game.to_ledger(scored)
    assert calls == []
    assert scored.cardscore.rules == deals.cardscore.rules
    game.score(deals.copy())  # a copy has buffers of its own: checked
    assert calls == [1]


def test_an_edited_frame_is_checked_again(game):
    column, bad, good = _edit(game)
    deals = csf.load_example(next(iter(game.examples)))
    before = game.score(deals)
    assert deals.cardscore.checked
    edited = deals.copy(deep=False)
    edited[column] = edited[column].astype(object)
    edited.loc[edited.index[3], column] = bad
    assert not edited.cardscore.checked
    with pytest.raises(csf.LogValidationError):
        game.score(edited)
    # an edit in place, with a value the column's dtype holds
    fixed = csf.load_example(next(iter(game.examples)))
    if isinstance(fixed[column].dtype, pd.CategoricalDtype) and good not in (
        fixed[column].cat.categories
    ):
        fixed[column] = fixed[column].cat.add_categories([good])
    rows = fixed.index[3]
    if game.probes["deals"].whole_game:  # a per-game value: the row's whole game
        rows = fixed["game_id"] == fixed.loc[fixed.index[3], "game_id"]
    fixed.loc[rows, column] = good
    assert not fixed.cardscore.checked
    rescored = game.score(fixed)
    assert not rescored.drop(columns=[column]).equals(before.drop(columns=[column]))


def test_validate_false_checks_the_dtypes(game):
    raw = csf.load_example(game.name, validate=False)
    with pytest.raises(csf.LogValidationError, match="validate=False needs a typed"):
        game.score(raw, validate=False)
    typed = csf.load_example(next(iter(game.examples)))
    pd.testing.assert_frame_equal(
        game.score(typed.copy(), validate=False), game.score(typed)
    )


def test_collect_gives_failure_cases_as_a_field(game):
    column, bad, _ = _edit(game)
    raw = csf.load_example(game.name, validate=False)
    raw[column] = raw[column].astype(object)
    raw.loc[3, column] = bad
    got = csf.validate(raw, game=game.name, errors="collect")
    assert isinstance(got, csf.Collected)
    assert len(got.deals) + len(got.rejected) == len(raw)
    own = got.failure_cases["reason"] != "game_rejected"
    assert got.failure_cases.loc[own, "row"].tolist() == [3]
    assert not got.rejected.attrs  # nothing fragile rides in attrs
    rejected_rows = set(got.rejected.index)
    if game.logs["deals"].reject == "game":  # the whole game of row 3 goes
        same_game = raw["game_id"] == raw.loc[3, "game_id"]
        assert rejected_rows == set(raw.index[same_game])
        reasons = got.failure_cases["reason"].unique().tolist()
        assert "game_rejected" in reasons
    else:
        assert rejected_rows == {3}


# --- points-only logs (kind="points"): the same contract --------------------------

#: Per game with a points log: a points-log column and a value no points log may
#: hold there.
POINTS_EDITS = {
    name: (GAMES[name].probes["points"].column, GAMES[name].probes["points"].invalid)
    for name in NAMES
    if "points" in GAMES[name].logs
}


def _points_raw(name: str) -> pd.DataFrame:
    """The example's points-only log, as a score keeper would export it."""
    game = GAMES[name]
    scored = game.score(csf.load_example(name))
    if name == "belot":
        return csf.belot.to_points(scored)
    return getattr(csf, name).to_points(game.to_ledger(scored))


@pytest.fixture(scope="module")
def points(game):
    return csf.validate(_points_raw(game.name), game=game.name, kind="points")


def test_every_game_has_a_points_log(game, points):
    schema = game.schema("points")
    assert schema.kind == "points" and schema.game == game.name
    assert points.cardscore.kind == "points"


def test_points_ledger_columns_dtypes_and_scores(game, deals, points):
    ledger = game.to_ledger(game.score(points))
    assert list(ledger.columns) == [*csf.LEDGER_COLUMNS, *game.ledger_columns]
    dtypes = {**csf.LEDGER_DTYPES, **game.ledger_columns}
    assert {c: str(ledger[c].dtype) for c in ledger} == dtypes
    assert set(ledger["role"].dropna().unique()) <= set(game.roles)
    pd.testing.assert_frame_equal(csf.check_ledger(ledger), ledger)
    full = game.to_ledger(game.score(deals))
    key = ["game_key", "deal", "player"]
    got = ledger.sort_values(key)[[*key, "score"]].reset_index(drop=True)
    want = full.sort_values(key)[[*key, "score"]].reset_index(drop=True)
    pd.testing.assert_frame_equal(got, want, check_categorical=False, atol=1e-9)


def test_points_results_table(game, deals, points):
    scored = game.score(points)
    table = game.results(scored)
    assert list(table.columns[: len(csf.RESULT_COLUMNS)]) == list(csf.RESULT_COLUMNS)
    pd.testing.assert_frame_equal(game.results(game.to_ledger(scored)), table)
    full = game.results(game.score(deals))
    cols = ["game_key", "player", "score", "place", "won"]
    pd.testing.assert_frame_equal(
        table[cols], full[cols], check_categorical=False, atol=1e-9
    )


def test_points_validation_errors_cross_a_process(game):
    column, bad = POINTS_EDITS[game.name]
    raw = _points_raw(game.name).astype({column: object})
    raw.loc[3, column] = bad
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(raw, game=game.name, kind="points")
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == str(caught.value)
    assert (again.game, again.kind) == (game.name, "points")
    assert str(again).startswith(f"{game.name} points log: ")


def test_a_checked_points_log_is_not_checked_again(game, monkeypatch):
    points = csf.validate(_points_raw(game.name), game=game.name, kind="points")
    calls = []
    real = check_module.check_log
    monkeypatch.setattr(
        "cardscore_frames.contract.check_log",
        lambda *a, **k: calls.append(1) or real(*a, **k),
    )
    game.to_ledger(game.score(points))
    assert calls == []
    game.score(points.copy())  # a copy: checked again, as a points log
    assert calls == [1]


def test_points_collect_keeps_the_good_rows(game):
    column, bad = POINTS_EDITS[game.name]
    raw = _points_raw(game.name).astype({column: object})
    raw.loc[3, column] = bad
    got = csf.validate(raw, game=game.name, kind="points", errors="collect")
    assert len(got.deals) + len(got.rejected) == len(raw)
    if game.logs["points"].reject == "game":
        same_game = raw["game_id"] == raw.loc[3, "game_id"]
        assert set(got.rejected.index) == set(raw.index[same_game])
    else:
        assert set(got.rejected.index) == {3}


def test_a_subset_of_whole_games_gives_their_part_of_the_ledger(game):
    # a scored frame cut to some games (an evening, a table) is a new frame: it is
    # scored again from its log columns, and its games settle as in the whole log
    scored = game.score(csf.load_example(next(iter(game.examples))))
    keep = scored["game_id"].isin(scored["game_id"].unique()[:2])
    part = game.to_ledger(scored[keep])
    whole = game.to_ledger(scored)
    whole = whole[whole["game_id"].isin(part["game_id"].unique())]
    assert len(part) == len(whole) > 0
    assert part["score"].tolist() == whole["score"].tolist()


#: The work a game's validation keeps for its scorer (scoring the log, or walking
#: its pools), by game.
KEPT = {"belot": "belot_arrays", "preferans": "preferans_walk"}


@pytest.mark.parametrize("name", sorted(KEPT))
def test_the_work_validation_did_is_reused_once_for_the_same_rules(name):
    game = GAMES[name]
    deals = csf.load_example(name)
    kept = deals.attrs["cardscore"].memo
    assert KEPT[name] in kept
    # a frame derived from it (a few rows) does not keep the whole log's work alive
    assert KEPT[name] not in deals.head(3).attrs["cardscore"].memo
    # the same log, not stamped as checked: scored from scratch
    fresh = game.score(deals.copy(), validate=False)
    assert KEPT[name] in kept  # the copy took nothing of this frame's work
    pd.testing.assert_frame_equal(game.score(deals), fresh)
    assert KEPT[name] not in kept  # given once, then let go
    pd.testing.assert_frame_equal(game.score(deals), fresh)


@pytest.mark.parametrize("name", sorted(KEPT))
def test_work_kept_for_some_rules_is_not_given_for_others(name):
    from cardscore_frames.checking.stamp import take_kept

    game = GAMES[name]
    deals = csf.load_example(name)
    change = {"belot": {"target": 501}, "preferans": {"pool_whists": 20}}[name]
    other = game.rules(**change)
    assert other != deals.cardscore.rules
    assert take_kept(deals, KEPT[name], other) is None
    assert take_kept(deals, KEPT[name], deals.cardscore.rules) is None  # let go


@pytest.mark.parametrize("name", sorted(KEPT))
def test_no_work_is_kept_when_a_row_was_rejected(name):
    column, bad, _ = EDITS[name]
    raw = csf.load_example(name, validate=False)
    raw[column] = raw[column].astype(object)
    raw.loc[3, column] = bad
    game = GAMES[name]
    got = csf.validate(raw, game=name, errors="collect")
    assert len(got.rejected)
    assert KEPT[name] not in got.deals.attrs["cardscore"].memo
    clean = csf.validate(raw.drop(index=got.rejected.index), game=name)
    pd.testing.assert_frame_equal(
        game.score(got.deals).reset_index(drop=True),
        game.score(clean).reset_index(drop=True),
    )
