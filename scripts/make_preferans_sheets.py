"""Write sample_data/preferans_sheets.csv: end-of-game preferans sheets to settle.

Usage::

    python scripts/make_preferans_sheets.py [--games 36] [--seed 2026] [--out PATH]

The file holds the seed's worked example as game 1 (players С, З, В, Ю; mountains
4, 10, 21, 16; all pools closed at 20; one kopeck a whist; whists chosen to give
the pair balances of docs/games/preferans.md), then ``--games`` generated games
of a club of ten: about 60% at 3 players and 40% at 4, pool targets of 10 to 30,
about one game in five ended early with unfinished pools, mountains and whists of
the sizes such games reach, a whist price on most games (blank on about one in
five, to be given at settlement) and a date. The same seed gives the same file.

:func:`random_sheets` is also the generator of the settlement benchmark.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
CLUB = (
    "Андрей",
    "Борис",
    "Вера",
    "Глеб",
    "Дина",
    "Егор",
    "Жанна",
    "Илья",
    "Кира",
    "Лев",
)
TARGETS = (10, 15, 20, 30)
PRICES = (0.01, 0.05, 0.1, 0.5, 1.0)
SEATS = 4
OUT_NAME = "preferans_sheets.csv"

#: The seed's example: (player, mountain, whists written on seats 1-4).
#: Pair balances: С–З +2, С–В −10, С–Ю −42, З–В −50, З–Ю −78, В–Ю 0.
SEED_GAME = (
    ("С", 4, (None, 34, 20, 12)),
    ("З", 10, (32, None, 8, 6)),
    ("В", 21, (30, 58, None, 40)),
    ("Ю", 16, (54, 84, 40, None)),
)


def seed_game(game_id: int = 1) -> pd.DataFrame:
    """The seed's example game as sheet rows (pools closed at 20, 1 kopeck a whist)."""
    rows = [
        {
            "game_id": game_id,
            "seat": k,
            "player": name,
            "pool": 20,
            "mountain": m,
            **{f"whists_on_{j}": w for j, w in enumerate(ws, start=1)},
            "pool_target": 20,
            "whist_price": 0.01,
            "date": "2026-01-10",
        }
        for k, (name, m, ws) in enumerate(SEED_GAME, start=1)
    ]
    return _typed(pd.DataFrame(rows))


def random_sheets(
    n_games: int,
    *,
    seed: int = 2026,
    first_id: int = 1,
    p_four: float = 0.4,
    p_unfinished: float = 0.2,
) -> pd.DataFrame:
    """``n_games`` end-of-game sheets, one row per (game, player), vectorised.

    Closed games have every pool at the target; unfinished ones a pool from half
    the target up, at least one short. Mountains run 0 to 3 x target, whists
    written on each opponent 0 to 12 x target (more on a big mountain's owner).
    """
    rng = np.random.default_rng(seed)
    n = np.where(rng.random(n_games) < p_four, 4, 3)
    target = rng.choice(TARGETS, n_games)[:, None]
    valid = np.arange(SEATS)[None, :] < n[:, None]
    unfinished = (rng.random(n_games) < p_unfinished)[:, None]
    pool = np.where(
        unfinished, rng.integers(target // 2, target + 1, (n_games, SEATS)), target
    )
    pool[:, 0] = np.where(
        unfinished[:, 0], np.minimum(pool[:, 0], target[:, 0] - 1), pool[:, 0]
    )
    mountain = rng.integers(0, 3 * target + 1, (n_games, SEATS))
    on = rng.integers(0, 12 * target[:, :, None] + 1, (n_games, SEATS, SEATS))
    on = on + (mountain[:, None, :] * rng.random((n_games, SEATS, SEATS))).astype(int)
    players = np.argsort(rng.random((n_games, len(CLUB))), axis=1)[:, :SEATS]
    price = np.where(rng.random(n_games) < 0.8, rng.choice(PRICES, n_games), np.nan)
    day = pd.Timestamp("2026-01-01") + pd.to_timedelta(
        np.sort(rng.integers(0, 365, n_games)), unit="D"
    )
    g, s = np.nonzero(valid)
    frame = pd.DataFrame(
        {
            "game_id": first_id + g,
            "seat": s + 1,
            "player": np.asarray(CLUB, dtype=object)[players[g, s]],
            "pool": pool[g, s],
            "mountain": mountain[g, s],
        }
    )
    for j in range(SEATS):
        written = pd.array(on[g, s, j], dtype="Int64")
        written[(s == j) | ~valid[g, j]] = pd.NA
        frame[f"whists_on_{j + 1}"] = written
    frame["pool_target"] = target[g, 0]
    frame["whist_price"] = price[g]
    frame["date"] = day[g].strftime("%Y-%m-%d")
    return _typed(frame)


def _typed(frame: pd.DataFrame) -> pd.DataFrame:
    for j in range(1, SEATS + 1):
        frame[f"whists_on_{j}"] = frame[f"whists_on_{j}"].astype("Int64")
    return frame


def sample_sheets(n_games: int = 36, seed: int = 2026) -> pd.DataFrame:
    """The bundled sample: the seed's game, then ``n_games`` generated ones."""
    return pd.concat(
        [seed_game(1), random_sheets(n_games, seed=seed, first_id=2)], ignore_index=True
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=36)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=str(ROOT / "sample_data" / OUT_NAME))
    args = parser.parse_args(argv)
    sheets = sample_sheets(args.games, args.seed)
    sheets.to_csv(args.out, index=False)
    games = sheets["game_id"].nunique()
    print(f"wrote {games} games, {len(sheets)} rows to {args.out}")


if __name__ == "__main__":
    main()
