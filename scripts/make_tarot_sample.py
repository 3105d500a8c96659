"""Write sample_data/tarot_season.csv: one season of a tarot club, from a fixed seed.

The club has 10 members and meets on Thursday evenings from January to June 2026.
Each evening seats one or two tables (4 or 5 players; at some 5-player tables the
dealer sits out and four play); each table is one game of 12 to 24 deals. Deals are
drawn by ``cardscore_frames.games.tarot.generate.random_deals``, so every deal is
valid. Run from the repository root:

    python scripts/make_tarot_sample.py

The output is byte-for-byte the same on every run (seed 2026).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from cardscore_frames.games.tarot.generate import random_deals

CLUB = [
    "Amélie",
    "Bastien",
    "Chloé",
    "Damien",
    "Élodie",
    "François",
    "Gaëlle",
    "Hugo",
    "Inès",
    "Julien",
]
SEED = 2026
OUT = Path(__file__).resolve().parents[1] / "sample_data" / "tarot_season.csv"


def season(seed: int = SEED) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    evenings = pd.date_range("2026-01-08", "2026-06-25", freq="7D")
    games, game_id = [], 0
    for date in evenings:
        present = rng.permutation(CLUB)[: rng.integers(4, 11)]
        tables = (
            [present]
            if len(present) < 8
            else [present[: len(present) // 2], present[len(present) // 2 :]]
        )
        for t, members in enumerate(tables, start=1):
            size = min(len(members), 5)
            game_id += 1
            deals = random_deals(
                int(rng.integers(12, 25)),
                seed=int(rng.integers(1 << 31)),
                table_sizes=(size,),
                deals_per_game=100,
                names=list(members[:size]),
                sits_out_share=0.3,
            )
            deals["game_id"] = game_id
            deals.insert(0, "table", t)
            deals.insert(0, "date", date.date().isoformat())
            games.append(deals)
    frame = pd.concat(games, ignore_index=True)
    frame.insert(0, "season", "2026")
    frame.insert(0, "league", "Club de tarot du jeudi")
    first = ["league", "season", "date", "table", "game_id", "deal"]
    return frame[first + [c for c in frame.columns if c not in first]]


if __name__ == "__main__":
    frame = season()
    OUT.parent.mkdir(exist_ok=True)
    frame.to_csv(OUT, index=False, float_format="%g")
    print(f"wrote {OUT.name}: {len(frame)} deals in {frame['game_id'].nunique()} games")
