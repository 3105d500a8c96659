"""Properties of standings and head to head on random ledgers (hypothesis)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardscore_frames as csf
from cardscore_frames._compat import TEXT

NAMES = ["Anne", "Bea", "Cyril", "Dora", "Eve", "Fred"]
SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def zero_sum_ledgers(draw, seasons=("2025", "2026"), game="tarot"):
    rows = []
    n_games = draw(st.integers(1, 5))
    for g in range(1, n_games + 1):
        season = draw(st.sampled_from(seasons))
        players = draw(
            st.lists(st.sampled_from(NAMES), min_size=3, max_size=5, unique=True)
        )
        for deal in range(1, draw(st.integers(1, 3)) + 1):
            scores = draw(
                st.lists(
                    st.integers(-200, 200),
                    min_size=len(players) - 1,
                    max_size=len(players) - 1,
                )
            )
            scores.append(-sum(scores))
            for name, score in zip(players, scores, strict=True):
                rows.append(
                    {
                        "game": game,
                        # a ledger's own key (check_ledger mints it when absent)
                        "game_key": f"{game} / Club / {season} / {g}",
                        "league": "Club",
                        "season": season,
                        "date": f"{season}-01-{g:02d}",
                        "game_id": g,
                        "deal": deal,
                        "player": name,
                        "score": float(score),
                    }
                )
    return pd.DataFrame(rows)


def comparable(table: pd.DataFrame) -> pd.DataFrame:
    out = table.copy()
    for c in out.columns:
        # text either way: a concat of categoricals with other categories is
        # text already (pandas 2.3's astype(str) would give object)
        if isinstance(out[c].dtype, pd.CategoricalDtype | pd.StringDtype):
            out[c] = out[c].astype(TEXT)
    keys = ["game", "league", "season", "player"]
    return out.sort_values(keys).reset_index(drop=True)


@SETTINGS
@given(zero_sum_ledgers())
def test_totals_are_the_ledgers_sums(frame):
    table = csf.season.standings(frame)
    sums = frame.groupby(["season", "player"])["score"].sum()
    got = table.set_index([table["season"].astype(str), table["player"].astype(str)])
    assert np.allclose(got["total"].sort_index(), sums.sort_index())
    deals = frame.groupby(["season", "player"]).size()
    assert (got["deals"].sort_index().to_numpy() == deals.sort_index().to_numpy()).all()


@SETTINGS
@given(zero_sum_ledgers(), st.randoms(use_true_random=False))
def test_row_order_changes_nothing(frame, rnd):
    order = list(range(len(frame)))
    rnd.shuffle(order)
    shuffled = frame.iloc[order].reset_index(drop=True)
    pd.testing.assert_frame_equal(
        comparable(csf.season.standings(frame)),
        comparable(csf.season.standings(shuffled)),
    )
    h2h = csf.season.head_to_head(frame)
    again = csf.season.head_to_head(shuffled)
    pd.testing.assert_frame_equal(h2h, again)


@SETTINGS
@given(zero_sum_ledgers(seasons=("2025",)), zero_sum_ledgers(seasons=("2026",)))
def test_two_seasons_together_are_each_season_alone(first, second):
    both = csf.season.standings(pd.concat([first, second], ignore_index=True))
    alone = pd.concat(
        [csf.season.standings(first), csf.season.standings(second)],
        ignore_index=True,
    )
    alone = alone.reindex(columns=both.columns)  # a column one season lacks
    pd.testing.assert_frame_equal(comparable(both), comparable(alone))


@SETTINGS
@given(zero_sum_ledgers())
def test_pairwise_nets_add_up_to_each_players_score(frame):
    h2h = csf.season.head_to_head(frame, by=["season"])
    nets = h2h.groupby([h2h["season"].astype(str), h2h["player"].astype(str)])[
        "net"
    ].sum()
    sums = frame.groupby(["season", "player"])["score"].sum()
    assert np.allclose(nets.reindex(sums.index, fill_value=0.0), sums)
    back = h2h.set_index(["season", "opponent", "player"])["net"]
    there = h2h.set_index(["season", "player", "opponent"])["net"]
    assert np.allclose(
        there.sort_index(), -back.rename_axis(there.index.names).sort_index()
    )
