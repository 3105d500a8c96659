"""Leagues whose truth is known, for the season's luck, uncertainty and odds
tests.

Each player has a skill (normal, known standard deviation) and every game adds
luck (normal, known standard deviation): a player's raw result is skill plus
luck, and his result is the raw result less the table's mean, so every game
sums to zero, as tarot and preferans do. Every evening each player comes with
his own chance, and those present are dealt at random to tables of 3 to 5.
A game is one deal of the common ledger (game "tarot", role "player"), so
every season function reads it as it reads a club's.

Nothing here uses the code under test: the truths are worked out from the
generator's own parameters, by simulation where no formula is at hand.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

import cardscore_frames as csf


def tables(rng: np.random.Generator, n: int, sizes=(3, 4, 5)) -> list[int]:
    """Table sizes (each in ``sizes``) for ``n`` players present; [] below 3."""
    out: list[int] = []
    while n >= min(sizes):
        fits = [s for s in sizes if n - s == 0 or n - s >= min(sizes)]
        if not fits:
            break
        s = int(rng.choice(fits))
        out.append(s)
        n -= s
    return out


def season_arrays(
    rng: np.random.Generator,
    skills: np.ndarray,
    attend: np.ndarray,
    luck_sd: float,
    evenings: int,
    sizes=(3, 4, 5),
):
    """One season as arrays: per result its evening, game, player, result."""
    evening, game, player, result = [], [], [], []
    g = 0
    for e in range(evenings):
        present = np.flatnonzero(rng.random(len(skills)) < attend)
        present = rng.permutation(present)
        start = 0
        for size in tables(rng, len(present), sizes):
            who = present[start : start + size]
            start += size
            raw = skills[who] + luck_sd * rng.standard_normal(size)
            evening += [e] * size
            game += [g] * size
            player += list(who)
            result += list(raw - raw.mean())
            g += 1
    return (
        np.array(evening),
        np.array(game),
        np.array(player, dtype=np.int64),
        np.array(result),
    )


def to_ledger(evening, game, player, result, season: str = "S") -> pd.DataFrame:
    """The arrays as a ledger: one deal per game, players P01, P02 ..."""
    seat = pd.Series(np.ones(len(game), dtype=np.int64)).groupby(game).cumsum()
    dates = pd.Timestamp("2026-01-02") + pd.to_timedelta(evening * 7, unit="D")
    frame = pd.DataFrame(
        {
            "game": "tarot",
            "game_key": [f"tarot / Truth / {season} / {g}" for g in game],
            "league": "Truth",
            "season": season,
            "date": dates,
            "table": "T",
            "game_id": [str(g) for g in game],
            "deal": 1,
            "player": [f"P{p + 1:02d}" for p in player],
            "seat": seat.to_numpy(dtype=np.int8),
            "role": "player",
            "score": np.asarray(result, dtype=float),
            "misere_points": 0.0,
        }
    )
    return csf.check_ledger(frame)


def league(
    seed: int,
    *,
    players: int = 12,
    evenings: int = 30,
    skill_sd: float = 1.0,
    luck_sd: float = 3.0,
    skills: np.ndarray | None = None,
    attend: np.ndarray | None = None,
    sizes=(3, 4, 5),
):
    """A seeded league: (ledger, skills, attend)."""
    rng = np.random.default_rng(seed)
    if skills is None:
        skills = skill_sd * rng.standard_normal(players)
    if attend is None:
        attend = rng.uniform(0.5, 0.95, len(skills))
    arrays = season_arrays(rng, skills, attend, luck_sd, evenings, sizes)
    return to_ledger(*arrays), skills, attend


def true_skill_share(
    skills, attend, luck_sd: float, evenings: int, reps: int = 400, seed: int = 99
) -> float:
    """The share of the spread of players' means that is skill, by brute
    simulation of many seasons with these skills: the variance over players
    of their expected result per game (each one's mean over every simulated
    game), over the average variance of the players' season means."""
    rng = np.random.default_rng(seed)
    k = len(skills)
    total, count, spreads = np.zeros(k), np.zeros(k), []
    for _ in range(reps):
        _, _, player, result = season_arrays(rng, skills, attend, luck_sd, evenings)
        s = np.bincount(player, weights=result, minlength=k)
        n = np.bincount(player, minlength=k)
        total += s
        count += n
        means = s[n > 0] / n[n > 0]
        spreads.append(means.var(ddof=1))
    expected = total / count
    return float(expected.var(ddof=1) / np.mean(spreads))
