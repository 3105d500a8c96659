"""The checks of a deal log that walk its pools: deals after the end of their
game, and pools a correction would take below 0.

Both score the games that have no other problem (the pools of a game depend on
every deal before), with the arithmetic of :mod:`.arrays`, so that the check and
the scorer cannot disagree.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import Problems, game_index
from cardscore_frames.games.preferans.arithmetic.arrays import WALK, game_ends, walked
from cardscore_frames.games.preferans.arithmetic.corrections import POOL_COLUMNS
from cardscore_frames.games.preferans.arithmetic.seats import (
    CORRECTION,
    PLAYERS,
    Seats,
    contract_codes,
)
from cardscore_frames.games.preferans.rules import Rules

__all__ = ["check_after_end"]


def _negative_pools(deals: pd.DataFrame, correction: np.ndarray) -> bool:
    """Whether a correction takes pool points back (else no pool can go below 0)."""
    rows = np.flatnonzero(correction)
    return any(
        (deals[c].to_numpy(dtype=np.float64, na_value=0)[rows] < 0).any()
        for c in POOL_COLUMNS
        if c in deals
    )


def check_after_end(deals, problems: Problems, rules: Rules, st: Seats) -> None:
    """No deal after the one that ended its game (every pool closed; Leningrad:
    the pools' sum reached), corrections excepted; no pool below 0."""
    correction = contract_codes(deals) == CORRECTION
    reject = rules.after_end == "reject"
    negative = bool(correction.any()) and _negative_pools(deals, correction)
    if not (reject or negative):
        return
    index = problems.cached("games", lambda: game_index(deals, "deal"))
    codes = index.codes
    bad_game = np.zeros(codes.max(initial=-1) + 2, dtype=bool)
    bad_game[codes[problems.bad]] = True  # a blank game id (-1): the last slot
    rows = np.flatnonzero(~bad_game[codes] & (codes >= 0))
    if not len(rows):
        return
    if len(rows) == len(deals):  # every row: the scorer may reuse the walk
        walk = walked(deals, rules, st, index)
        problems.keep(WALK, rules, walk)
        ends = game_ends(deals, rules, walk)
    else:
        ends = game_ends(deals.iloc[rows], rules)
    after = np.zeros(len(deals), dtype=bool)
    after[rows] = ends.after & reject
    end = np.zeros(len(deals), dtype=np.int64)
    end[rows] = ends.end
    below = np.zeros((len(POOL_COLUMNS), len(deals)), dtype=bool)
    below[:, rows] = ends.below_zero
    problems.add(
        after & ~correction,
        "deal",
        "after_end",
        "deal {value} comes after the end of its game (over after deal {end}); "
        "Rules(after_end='score') scores it",
        end=end,
    )
    for i, col in enumerate(POOL_COLUMNS):
        problems.add(
            below[i],
            col,
            "pool_below_zero",
            f"{col} takes back more than the pool of {{who}} holds (a pool never "
            "goes below 0); got {value}",
            who=deals[PLAYERS[i]],
        )
