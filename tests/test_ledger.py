"""The common ledger: its checks and totals, on hand-made tables."""

from __future__ import annotations

import pandas as pd
import pytest

import cardscore_frames as csf


def ledger(scores, zero_sum=True):
    frame = pd.DataFrame(
        {
            "game_id": [1, 1, 1, 1],
            "deal": [1, 1, 2, 2],
            "player": ["A", "B", "A", "B"],
            "score": scores,
        }
    )
    frame.attrs["zero_sum"] = zero_sum
    return frame


def test_zero_sum_ledger_passes_and_unbalanced_deal_is_named():
    csf.check_ledger(ledger([5, -5, 3, -3]))
    with pytest.raises(csf.LedgerError, match=r"game 1, deal 2: 1"):
        csf.check_ledger(ledger([5, -5, 3, -2]))


def test_race_games_are_not_held_to_zero_sum():
    csf.check_ledger(ledger([5, 5, 3, 0], zero_sum=False))


def test_missing_columns():
    with pytest.raises(csf.LedgerError, match="score"):
        csf.check_ledger(ledger([1, -1, 0, 0]).drop(columns="score"))


def test_totals_by_group():
    frame = ledger([5, -5, 3, -3]).assign(season=["s1", "s1", "s2", "s2"])
    got = csf.totals(frame, by=["season"])
    assert got.loc[("s1", "A"), "score"] == 5
    assert got.loc[("s2", "B"), "score"] == -3
    assert got["deals"].tolist() == [1, 1, 1, 1]
