"""Write sample_data/preferans_season.csv: one season of a preferans club, seeded.

The club has 9 members and meets on Tuesday evenings from September to December
2025. Each evening seats one or two tables of 3 or 4 players; each table plays one
pool (a game) of Sochi preferans to its end, with a pool target of 20, 25 or 30.
Deals are drawn by ``cardscore_frames.games.preferans.generate.random_games``, so
every deal is valid and every game ends on its last deal (every pool closed). Run
from the repository root:

    python scripts/make_preferans_season.py

The output is byte-for-byte the same on every run (seed 1905).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from cardscore_frames.games.preferans.generate import random_games

CLUB = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ilya", "Kira")
SEED = 1905
TARGETS = (20, 25, 30)
OUT = Path(__file__).resolve().parents[1] / "sample_data" / "preferans_season.csv"
FIRST = ["league", "season", "date", "table", "game_id", "deal"]


def _pool(rng: np.random.Generator, members, target: int) -> pd.DataFrame:
    """One finished game at this table (redrawn until it ends within 100 deals)."""
    while True:
        game = random_games(
            1,
            seed=int(rng.integers(1 << 31)),
            table_sizes=(len(members),),
            pool_targets=(target,),
            names=tuple(members),
        )
        if len(game):
            return game


def _tables(rng: np.random.Generator, present) -> list:
    """3 to 8 members present: one table of 3 or 4, or two tables."""
    if len(present) <= 4:
        return [present]
    if len(present) == 5:
        return [present[:4]]  # the fifth watches
    half = len(present) // 2
    return [present[:half], present[half:]]


def season(seed: int = SEED) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    evenings = pd.date_range("2025-09-02", "2025-12-23", freq="7D")
    games, game_id = [], 0
    for date in evenings:
        present = list(rng.permutation(CLUB)[: rng.integers(3, 9)])
        for t, members in enumerate(_tables(rng, present), start=1):
            game_id += 1
            deals = _pool(rng, members[:4], int(rng.choice(TARGETS)))
            deals["game_id"] = game_id
            deals.insert(0, "table", t)
            deals.insert(0, "date", date.date().isoformat())
            games.append(deals)
    frame = pd.concat(games, ignore_index=True)
    frame.insert(0, "season", "2025 autumn")
    frame.insert(0, "league", "Tuesday preferans club")
    contract = frame["contract"].astype(str)
    frame["contract"] = contract.where(
        contract.isin(["misere", "pass"]), contract.str.upper()
    )
    return frame[FIRST + [c for c in frame.columns if c not in FIRST]]


if __name__ == "__main__":
    frame = season()
    OUT.parent.mkdir(exist_ok=True)
    frame.to_csv(OUT, index=False, float_format="%g")
    print(f"wrote {OUT.name}: {len(frame)} deals in {frame['game_id'].nunique()} games")
