"""The season functions share one check of a ledger and its results: a ledger
asked twice (standings, then ratings, records...) is checked once, whatever the
dtypes of its columns; a ledger changed in between is checked again."""

from __future__ import annotations

import importlib

import pandas as pd
import pytest

import cardscore_frames as csf

frames = importlib.import_module("cardscore_frames.season.frames")


def totals(standings: pd.DataFrame) -> pd.Series:
    return standings.groupby("player", observed=True)["total"].sum()


@pytest.fixture
def counted(monkeypatch):
    """How many times a ledger was checked and its results worked out."""
    calls = []
    real = frames._prepare

    def counting(ledger):
        calls.append(len(ledger))
        return real(ledger)

    monkeypatch.setattr(frames, "_prepare", counting)
    return calls


@pytest.mark.parametrize("game", ["tarot", "belot", "preferans"])
def test_a_ledger_is_prepared_once(counted, game):
    module = getattr(csf, game)
    ledger = module.to_ledger(module.score(csf.load_example(game)))
    # categorical and nullable columns (player, role, pair, match_won): the
    # memo must know the ledger by its own arrays, not a copy's
    assert any(isinstance(d, pd.CategoricalDtype) for d in ledger.dtypes)
    first = csf.season.standings(ledger)
    csf.season.head_to_head(ledger)
    again = csf.season.standings(ledger)
    assert counted == [len(ledger)]
    pd.testing.assert_frame_equal(first, again)


def test_a_changed_ledger_is_prepared_again(counted):
    ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    before = totals(csf.season.standings(ledger))
    # written in place (pandas 2.3 without copy-on-write writes into the very
    # array): one game's scores doubled, still zero-sum
    first = ledger["game_key"] == ledger["game_key"].iloc[0]
    ledger.loc[first, "score"] = ledger.loc[first, "score"] * 2
    after = totals(csf.season.standings(ledger))
    assert len(counted) == 2
    gained = ledger[first].groupby("player", observed=True)["score"].sum() / 2
    pd.testing.assert_series_equal(
        (after - before).loc[gained.index],
        gained,
        check_names=False,
        check_index_type=False,
        check_categorical=False,
    )
    # a categorical column given again: one player renamed
    old = str(ledger["player"].iloc[0])
    ledger["player"] = ledger["player"].cat.rename_categories({old: "Zoé"})
    renamed = csf.season.standings(ledger)
    assert len(counted) == 3
    assert "Zoé" in set(renamed["player"]) and old not in set(renamed["player"])
    csf.season.standings(ledger)
    assert len(counted) == 3
