"""Belot scoring throughput against the row-by-row baseline, measured in one run.

    python benchmarks/bench_belot.py            # 1,000,000 deals (about a minute)
    python benchmarks/bench_belot.py --n 100000

The baseline is what an analyst writes by hand: the plain row-by-row scorer of
tests/belot_reference.py applied with ``DataFrame.apply(axis=1)``, the running
totals as a per-match cumulative sum, then one row per player. It is timed on a
sample of the same deals and scaled to the full count. The vectorised figure is
``score`` + ``to_ledger`` on a validated log; the second figure adds validation
(which scores the log once more to find deals after a decided match).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

from belot_reference import PLAYER_COLS, deal_result  # noqa: E402
from common import bench_parser, best_of, rate_line, ratio_line  # noqa: E402

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.games import belot  # noqa: E402
from cardscore_frames.games.belot.generate import random_deals  # noqa: E402

TARGET = 100


def baseline(deals: pd.DataFrame) -> pd.DataFrame:
    """Row by row: each deal's points, running totals per match, one row per player."""
    res = deals.apply(deal_result, axis=1, result_type="expand")
    for pair in ("a", "b"):
        res[f"total_{pair}"] = res.groupby(deals["game_id"])[f"points_{pair}"].cumsum()
    parts = [
        deals[["game_id", "deal"]].assign(
            player=deals[col], seat=i, score=res[f"points_{col[0]}"]
        )
        for i, col in enumerate(PLAYER_COLS, start=1)
    ]
    return pd.concat(parts).sort_index(kind="stable")


def main() -> None:
    args = bench_parser(__doc__, n=1_000_000, sample=20_000).parse_args()

    raw = random_deals(args.n, seed=2026)
    deals = csf.validate(raw, game="belot")
    # scored from scratch each time: the work validation keeps for the first
    # score of a log (see "validate + score") is let go here
    deals.attrs["cardscore"].memo.clear()
    sample = deals.iloc[: min(args.sample, args.n)]

    def fast() -> pd.DataFrame:
        return belot.to_ledger(belot.score(deals, validate=False))

    def with_validation() -> pd.DataFrame:
        return belot.to_ledger(belot.score(raw))

    t_fast, ledger = best_of(fast, args.repeat)
    t_valid, _ = best_of(with_validation, 1)
    t_base, base = best_of(lambda: baseline(sample), 1)

    # the two agree on the sample, row for row
    head = ledger.iloc[: len(base)]
    assert np.array_equal(
        head["score"].to_numpy(), base["score"].to_numpy(dtype=np.int64)
    )
    assert head["player"].astype(str).tolist() == base["player"].astype(str).tolist()

    per_fast, per_valid = t_fast / args.n, t_valid / args.n
    per_base = t_base / len(sample)
    print(
        f"belot: {args.n:,} generated deals in {deals['game_id'].nunique():,} matches, "
        f"{len(ledger):,} ledger rows; baseline timed on {len(sample):,} deals"
    )
    print(rate_line("score + to_ledger", args.n, t_fast))
    print(rate_line("validate + score + to_ledger", args.n, t_valid))
    print(rate_line("baseline apply(axis=1) (scaled)", args.n, per_base * args.n))
    print(ratio_line("score + to_ledger", per_fast, per_base, TARGET))
    print(ratio_line("validate + score + to_ledger", per_valid, per_base, None))


if __name__ == "__main__":
    main()
