"""Properties of every log, on logs drawn from the schemas (tests/strategies.py).

For every game (and the preferans settlement sheet): a valid log scores without
error; zero-sum games sum to zero per deal and per settlement; shuffling the rows
changes nothing; the vectorised scorers agree with the row-by-row references of
tests/*_reference.py; CSV, Parquet and Excel round trips give the same frame;
validating twice is validating once. A failure shrinks to a short log of plain
deals, which hypothesis prints.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from belot_reference import score_log
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from preferans_reference import exact_settlement, ledger_reference
from strategies import (
    belot_logs,
    canonical,
    preferans_logs,
    schema_of,
    sheet_logs,
    tarot_logs,
)
from tarot_reference import PLAYER_COLS, deal_value, seat_scores

import cardscore_frames as csf
from cardscore_frames.games import preferans

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: name: (strategy, game, kind)
LOGS = {
    "tarot": (tarot_logs(), "tarot", "deals"),
    "belot": (belot_logs(), "belot", "deals"),
    "preferans": (preferans_logs(), "preferans", "deals"),
    "sheet": (sheet_logs(), "preferans", "sheet"),
}


def _shuffled(frame: pd.DataFrame, seed: int) -> pd.DataFrame:
    return frame.sample(frac=1, random_state=seed)


# --- every valid log scores, and zero-sum games sum to zero ----------------------------


@SETTINGS
@given(tarot_logs())
def test_tarot_scores_every_deal_to_zero_as_the_reference_does(log):
    deals = csf.validate(log, game="tarot")
    scored = csf.tarot.score(deals)
    records = deals.to_dict("records")
    assert scored["deal_value"].tolist() == [deal_value(r) for r in records]
    ledger = csf.check_ledger(csf.tarot.to_ledger(scored))
    wide = np.array([seat_scores(r) for r in records])
    seated = deals[PLAYER_COLS].notna().to_numpy()
    np.testing.assert_array_equal(ledger["score"].to_numpy(), wide[seated])
    sums = ledger.groupby(["game_key", "deal"], observed=True)["score"].sum()
    assert (sums == 0).all()


@SETTINGS
@given(belot_logs())
def test_belot_scores_every_match_as_the_reference_does(log):
    deals = csf.validate(log, game="belot")
    scored = csf.belot.score(deals)
    rows = [canonical(r, schema_of("belot")) for r in log.to_dict("records")]
    ref = score_log(pd.DataFrame(rows))
    for column in ("points_a", "points_b", "total_a", "total_b", "match_over"):
        assert scored[column].tolist() == ref[column].tolist(), column
    ledger = csf.check_ledger(csf.belot.to_ledger(scored))
    assert len(ledger) == 4 * len(deals)
    assert set(csf.results(ledger)["game_id"].astype(str)) == set(
        deals["game_id"].astype(str)
    )


@SETTINGS
@given(preferans_logs())
def test_preferans_games_settle_to_zero_as_the_reference_does(log):
    deals = csf.validate(log, game="preferans")
    rules = preferans.Rules()
    scored = preferans.score(deals)
    nets = scored[[f"net_{i}" for i in range(1, 5)]].sum(axis=1)
    assert np.abs(nets.to_numpy(dtype=float)).max() < 1e-9  # every deal
    ledger = csf.check_ledger(preferans.to_ledger(scored))
    per_game = ledger.groupby(["game_key", "player"], observed=True)["score"].sum()
    assert np.abs(per_game.groupby(level=0).sum()).max() < 1e-9  # every game
    ids = ledger["game_id"].astype(str)
    got = ledger.groupby([ids, "player"], observed=True)["score"].sum()
    want = ledger_reference(deals.assign(game_id=deals["game_id"].astype(str)), rules)
    assert len(got) == len(want)
    assert max(abs(got[k] - v) for k, v in want.items()) < 1e-9


@SETTINGS
@given(sheet_logs(), st.sampled_from(preferans.METHODS))
def test_sheets_settle_to_zero_in_whists_and_money(log, method):
    sheet = csf.validate(log, game="preferans", kind="sheet")
    settled = preferans.settle(sheet, method=method)
    sums = settled.groupby("game_id")[["twelfths", "money_units"]].sum()
    assert (sums == 0).all().all()
    if method == "exact":  # the formula, written out plainly, on each game
        rules = preferans.Rules()
        for _, game in sheet.groupby("game_id", sort=False):
            game = game.sort_values("seat")
            n = len(game)
            w = [
                [
                    0 if i == j else int(game[f"whists_on_{j + 1}"].iloc[i] or 0)
                    for j in range(n)
                ]
                for i in range(n)
            ]
            want = exact_settlement(
                game["pool"].astype(int).tolist(),
                game["mountain"].astype(int).tolist(),
                w,
                rules.pool_whists,
                rules.mountain_whists,
            )
            got = settled.loc[settled["game_id"] == game["game_id"].iloc[0], "whists"]
            np.testing.assert_allclose(got.to_numpy(dtype=float), want, atol=1e-6)


# --- row order, validation twice, round trips ------------------------------------------


def _score(frame: pd.DataFrame, game: str, kind: str) -> pd.DataFrame:
    if kind == "sheet":
        return preferans.settle(frame)
    return csf.get_game(game).score(frame)


@SETTINGS
@pytest.mark.parametrize("name", list(LOGS))
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_shuffling_rows_changes_nothing(name, data, seed):
    strategy, game, kind = LOGS[name]
    log = data.draw(strategy)
    a = _score(csf.validate(log, game=game, kind=kind), game, kind)
    b = _score(csf.validate(_shuffled(log, seed), game=game, kind=kind), game, kind)
    if kind == "sheet":  # one row per (game, seat), in order of first appearance
        key = ["game_id", "seat"]
        a, b = (
            a.sort_values(key, ignore_index=True),
            b.sort_values(key, ignore_index=True),
        )
        b = b.astype(a.dtypes.to_dict())
    else:
        b = b.loc[a.index]
    pd.testing.assert_frame_equal(a, b, check_categorical=False)


@SETTINGS
@pytest.mark.parametrize("name", list(LOGS))
@given(data=st.data())
def test_validating_twice_is_validating_once(name, data):
    strategy, game, kind = LOGS[name]
    once = csf.validate(data.draw(strategy), game=game, kind=kind)
    twice = csf.validate(once, game=game, kind=kind)
    pd.testing.assert_frame_equal(twice, once)


def _export(frame: pd.DataFrame, path) -> None:
    if path.suffix == ".csv":
        frame.to_csv(path, index=False)
    elif path.suffix == ".parquet":
        frame.to_parquet(path, index=False)
    else:  # text stays text: no formula, number or link made of a name
        options = {"strings_to_formulas": False, "strings_to_numbers": False}
        options["strings_to_urls"] = False
        frame.to_excel(
            path, index=False, engine="xlsxwriter", engine_kwargs={"options": options}
        )


@settings(SETTINGS, max_examples=10)
@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".xlsx"])
@pytest.mark.parametrize("name", list(LOGS))
@given(data=st.data())
def test_round_trips_give_the_same_frame(name, suffix, data, tmp_path_factory):
    strategy, game, kind = LOGS[name]
    deals = csf.validate(data.draw(strategy), game=game, kind=kind)
    path = tmp_path_factory.mktemp("round") / f"log{suffix}"
    _export(deals, path)
    again = csf.read_log(path, game=game, kind=kind)
    pd.testing.assert_frame_equal(again, deals)
