"""Preferans deal scoring throughput against the row-by-row baseline, in one run.

    python benchmarks/bench_preferans_deals.py            # 1,000,000 deals
    python benchmarks/bench_preferans_deals.py --n 100000

The deals are whole generated Sochi games played to their end (3 and 4 players,
pool targets 20 to 30), those of 20 to 60 deals. The baseline is the plain
row-by-row scorer of tests/preferans_reference.py (records, one game at a time,
one deal at a time), timed on a sample of whole games and scaled to the full count;
the two must agree on that sample.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.games import preferans  # noqa: E402
from common import bench_parser, best_of, rate_line, ratio_line  # noqa: E402
from preferans_reference import score_reference  # noqa: E402

TARGET = 100
COMPARED = (
    "pool_1",
    "pool_2",
    "pool_3",
    "pool_4",
    "mountain_1",
    "mountain_2",
    "mountain_3",
    "mountain_4",
    "net_1",
    "net_2",
    "net_3",
    "net_4",
)


def whole_games(deals: pd.DataFrame, n: int) -> pd.DataFrame:
    """The first whole games holding at least ``n`` deals."""
    sizes = deals.groupby("game_id", sort=False).size()
    enough = np.searchsorted(np.cumsum(sizes.to_numpy()), n) + 1
    return deals[deals["game_id"].isin(sizes.index[:enough])]


def main() -> None:
    args = bench_parser(__doc__, n=1_000_000, sample=20_000).parse_args()

    raw = preferans.random_deals(args.n, seed=2026, deal_range=(20, 60))
    deals = csf.validate(raw, game="preferans")
    # scored from scratch each time: the work validation keeps for the first
    # score of a log (see "validate + score") is let go here
    deals.attrs["cardscore"].memo.clear()
    sample = whole_games(deals, min(args.sample, len(deals)))
    n, rules = len(deals), preferans.Rules()

    def fast() -> pd.DataFrame:
        return preferans.score(deals, validate=False)

    def with_outputs() -> tuple:
        scored = preferans.score(deals, validate=False)
        return preferans.sheet(scored), preferans.to_ledger(scored)

    t_fast, scored = best_of(fast, args.repeat)
    t_outputs, _ = best_of(with_outputs, 1)
    t_valid, _ = best_of(lambda: preferans.score(raw), 1)
    t_base, base = best_of(lambda: score_reference(sample, rules), 1)

    head = scored.loc[sample.index]
    for col in COMPARED:  # the two agree on the sample
        np.testing.assert_allclose(
            head[col].to_numpy(dtype=float), base[col].to_numpy(dtype=float), atol=1e-9
        )

    sizes = deals.groupby("game_id").size()
    per_base = t_base / len(sample)
    print(
        f"preferans: {n:,} generated deals in {len(sizes):,} games of "
        f"{sizes.min()} to {sizes.max()} deals (median {int(sizes.median())}); "
        f"baseline sample {len(sample):,} deals"
    )
    print(rate_line("score", n, t_fast))
    print(rate_line("score + sheet + to_ledger", n, t_outputs))
    print(rate_line("validate + score", n, t_valid))
    print(rate_line("baseline row by row (scaled)", n, per_base * n))
    print(ratio_line("score", t_fast / n, per_base, TARGET))
    print(ratio_line("score + sheet + to_ledger", t_outputs / n, per_base, None))
    print(ratio_line("validate + score", t_valid / n, per_base, None))


if __name__ == "__main__":
    main()
