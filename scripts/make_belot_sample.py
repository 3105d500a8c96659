"""Write sample_data/belot_season.csv: one season of a Bazar-Belot club.

Usage::

    python scripts/make_belot_sample.py [--deals 300] [--seed 2025] [--out PATH]

Six fixed pairs of a club of twelve (Aram & Ani, Davit & Gayane, ...) meet on a
weekly club night at three tables; every match is played to 301 under the default
rules (docs/games/belot.md) and stops at the deal that decides it. The season is
``--deals`` deals long, so its last match may still be in progress. Columns: the
log of the rules (game_id, deal, a1, a2, b1, b2, declarer, contract, bid, capo,
capo_bid, doubling, declarer_tricks, declarer_card_points, declarer_declarations,
defender_declarations, bela) plus league, season, date and table. The same seed
gives the same file; the deals come from
:func:`cardscore_frames.games.belot.generate.random_deals`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardscore_frames.games.belot.generate import NAMES, random_deals  # noqa: E402

PAIRS = tuple(zip(NAMES[:12:2], NAMES[1:12:2], strict=True))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument(
        "--out", type=Path, default=ROOT / "sample_data" / "belot_season.csv"
    )
    args = parser.parse_args(argv)
    deals = random_deals(args.deals, seed=args.seed, pairs=PAIRS)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    deals.to_csv(args.out, index=False)
    games = deals["game_id"].nunique()
    print(f"wrote {len(deals)} deals of {games} matches to {args.out}")


if __name__ == "__main__":
    main()
