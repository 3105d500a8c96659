"""Expected results on a large log: ``season.expected`` of a million deals.

    python benchmarks/bench_expected.py            # 1,000,000 deals of each game
    python benchmarks/bench_expected.py --n 100000

Each game's deals are drawn by its ``generate.random_deals`` and scored once;
``expected`` is then timed on the scored frame, best of ``--repeat``: the
ledger it builds, the fit per role and the running sums are all part of the
cost. Target: under 10 seconds for a million deals of each game.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from common import bench_parser, best_of, limit_line, rate_line  # noqa: E402

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.games.belot.generate import random_deals as belot  # noqa: E402
from cardscore_frames.games.preferans.generate import (  # noqa: E402
    random_deals as preferans,
)
from cardscore_frames.games.tarot.generate import random_deals as tarot  # noqa: E402

TARGET_SECONDS = 10.0
GENERATORS = {"tarot": tarot, "belot": belot, "preferans": preferans}


def main() -> None:
    args = bench_parser(__doc__, n=1_000_000, sample=0, repeat=3).parse_args()
    for game, generate in GENERATORS.items():
        scored = csf.get_game(game).score(generate(args.n, seed=1))
        seconds, frame = best_of(lambda s=scored: csf.season.expected(s), args.repeat)
        print(rate_line(f"expected, {game}", len(scored), seconds))
        print(
            limit_line(
                f"expected, {game} / {TARGET_SECONDS:g} s per million",
                seconds / (len(scored) / 1e6) / TARGET_SECONDS,
                1.0,
                f"of {TARGET_SECONDS:g} s a million",
            )
        )
        del frame


if __name__ == "__main__":
    main()
