"""Tarot scoring throughput against the row-by-row baseline, measured in one run.

    python benchmarks/bench_tarot.py            # 1,000,000 deals (about a minute)
    python benchmarks/bench_tarot.py --n 100000

The baseline is what an analyst writes by hand: the plain row-by-row scorer of
tests/tarot_reference.py applied with ``DataFrame.apply(axis=1)``, returning each
seat's score, then the frame melted to one row per player. It is timed on a
sample of the same deals and scaled to the full count.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.games.tarot.generate import random_deals  # noqa: E402
from common import bench_parser, best_of, rate_line, ratio_line  # noqa: E402
from tarot_reference import PLAYER_COLS, seat_scores  # noqa: E402

TARGET = 100


def baseline(deals: pd.DataFrame) -> pd.DataFrame:
    """Row by row: every seat's score per deal, then one row per seated player."""
    wide = deals.apply(seat_scores, axis=1, result_type="expand")
    wide.columns = PLAYER_COLS
    names = deals[PLAYER_COLS].melt(ignore_index=False, value_name="player")
    scores = wide.melt(ignore_index=False, value_name="score")
    long = names.assign(score=scores["score"].to_numpy()).dropna(subset=["player"])
    return long.join(deals[["game_id", "deal"]])


def main() -> None:
    args = bench_parser(__doc__, n=1_000_000, sample=20_000).parse_args()

    raw = random_deals(args.n, seed=2026)
    deals = csf.validate(raw, game="tarot")
    sample = deals.iloc[: min(args.sample, args.n)]

    def fast() -> pd.DataFrame:
        return csf.tarot.to_ledger(csf.tarot.score(deals, validate=False))

    def with_validation() -> pd.DataFrame:
        return csf.tarot.to_ledger(csf.tarot.score(raw))

    t_fast, ledger = best_of(fast, args.repeat)
    t_valid, _ = best_of(with_validation, 1)
    t_base, base = best_of(lambda: baseline(sample), 1)

    # the two agree on the sample: same scores for the same (game, deal, player)
    head = ledger[ledger["game_id"].astype(int) <= sample["game_id"].max()]
    assert np.array_equal(
        np.sort(head["score"].to_numpy()),
        np.sort(base["score"].to_numpy(dtype=np.int64)),
    )

    per_fast, per_valid = t_fast / args.n, t_valid / args.n
    per_base = t_base / len(sample)
    print(f"tarot: {args.n:,} generated deals, {len(ledger):,} ledger rows")
    print(rate_line("score + to_ledger", args.n, t_fast))
    print(rate_line("validate + score + to_ledger", args.n, t_valid))
    print(rate_line("baseline apply(axis=1) (scaled)", args.n, per_base * args.n))
    print(ratio_line("score + to_ledger", per_fast, per_base, TARGET))
    print(ratio_line("validate + score + to_ledger", per_valid, per_base, None))


if __name__ == "__main__":
    main()
