"""A league whose truth is known, for the ratings' calibration tests.

Heads-up duel games (the tests' toy game, tests/toy_game.py: one deal a game,
the winner bids 1 and makes it, +10 to him, -10 to the loser) between players
of known skill. Each game's winner is drawn from the Thurstone-Mosteller model
openskill assumes: a player's performance is his skill plus normal noise of
standard deviation ``beta``, the better performance wins, so

    P(a beats b) = Phi((skill_a - skill_b) / sqrt(2 beta^2)).

The ratings are then well specified: openskill's ``predict_win`` for two sides
is this formula with each side's rating in place of its skill (and its sigma
added to the spread).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy.special import ndtr

BETA = 25 / 6  # openskill's default beta


class League(NamedTuple):
    log: pd.DataFrame  # the duel deal log, one deal a game
    skill: dict[str, float]  # each player's true skill
    chance: np.ndarray  # per game: the true chance that player1 wins
    won: np.ndarray  # per game: player1 won


def heads_up_league(
    games: int = 3000, players: int = 16, spread: float = 5.0, seed: int = 0
) -> League:
    """``games`` heads-up games between ``players`` players of skill 25 +
    N(0, spread^2), one game a day, opponents drawn at random."""
    rng = np.random.default_rng(seed)
    names = np.array([f"P{i:02d}" for i in range(players)])
    skill = 25.0 + spread * rng.standard_normal(players)
    a = rng.integers(0, players, games)
    b = (a + rng.integers(1, players, games)) % players  # never a itself
    chance = ndtr((skill[a] - skill[b]) / np.sqrt(2.0 * BETA**2))
    won = rng.random(games) < chance
    log = pd.DataFrame(
        {
            "league": "Truth",
            "season": "1",
            "date": pd.Timestamp("2026-01-01") + pd.to_timedelta(np.arange(games), "D"),
            "table": "T1",
            "game_id": np.arange(1, games + 1),
            "deal": 1,
            "player1": names[a],
            "player2": names[b],
            "bidder": np.where(won, names[a], names[b]),
            "bid": 1,
            "tricks": 1,
        }
    )
    return League(log, dict(zip(names, skill, strict=True)), chance, won)


def truth_brier(league: League) -> float:
    """The Brier score of the true chances, per side (both sides of a game
    score the same squared error)."""
    return float(np.mean((league.chance - league.won) ** 2))
