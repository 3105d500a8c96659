"""Preferans settlement throughput against a per-game Python baseline, in one run.

    python benchmarks/bench_preferans_settle.py             # 100,000 games
    python benchmarks/bench_preferans_settle.py --n 20000 --method paper

Games come from scripts/make_preferans_sheets.py (``random_sheets``: 60% at 3
players, 40% at 4, one in five with unfinished pools). The reference is the plain
per-game settlement a person writes by hand: the sheet's rows as plain dicts,
grouped by game without pandas, each game settled in Python integers (whists in
twelfths, so thirds and quarters stay exact) by the chosen method, then money by
largest remainder: the fastest a per-game Python loop gets, and the figure the
target is judged on. A second, slower baseline runs the same per-game code on a
pandas groupby. Both are timed on a sample of the games and scaled; all must give
the same twelfths and money units on that sample. The vectorised code (with and
without the sheets' validation) and the plain reference each run once to warm
up, then are timed best of ``--repeat``.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts"), str(ROOT / "benchmarks")]

from common import bench_parser, best_of, rate_line, ratio_line  # noqa: E402
from make_preferans_sheets import random_sheets  # noqa: E402

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.games import preferans  # noqa: E402

TARGET = 100  # settling alone
#: Settling with the sheets' validation included, against the same loop.
TARGET_VALIDATED = 50
PRICE, UNIT = 0.01, Fraction(1, 100)  # the price for games without one; kopecks


def _nearest(x: int, step: int, tie_down: bool) -> int:
    """The multiple of ``step`` nearest to ``x``; a tie goes down or up."""
    r = x % step
    if r == 0:
        return x
    if 2 * r < step or (2 * r == step and tie_down):
        return x - r
    return x + step - r


def settle_game(rows: list[dict], method: str, a: int = 10, b: int = 10) -> list[int]:
    """One game, seats in order: each player's balance in twelfths of a whist."""
    n = len(rows)
    pool = [r["pool"] for r in rows]
    mountain = [r["mountain"] for r in rows]
    w = [
        [0 if i == j else int(rows[i].get(f"whists_on_{j + 1}") or 0) for j in range(n)]
        for i in range(n)
    ]
    pair = [sum(w[i][j] - w[j][i] for j in range(n)) for i in range(n)]
    if method == "exact":
        sp, sm = sum(pool), sum(mountain)
        return [
            (12 // n) * (a * (n * pool[i] - sp) + b * (sm - n * mountain[i]))
            + 12 * pair[i]
            for i in range(n)
        ]
    top = max(pool)
    m = [mountain[i] + (a // b) * (top - pool[i]) for i in range(n)]
    low = min(m)
    m = [x - low for x in m]
    step = n // math.gcd(b, n)
    moved = [0] * n
    if method == "paper":
        for i in range(n):
            moved[i] = _nearest(m[i], step, tie_down=True) - m[i]
    else:
        moved[-1] = _nearest(sum(m), step, tie_down=False) - sum(m)
    m = [m[i] + moved[i] for i in range(n)]
    total, shift = sum(m), sum(moved)
    return [
        12 * (b * total // n - b * m[i] + 3 * (n * moved[i] - shift) + pair[i])
        for i in range(n)
    ]


def money(twelfths: list[int], names: list[str], p: int, q: int) -> list[int]:
    """Largest remainder in minor units (ties: larger amount, then name)."""
    num = [t * p for t in twelfths]
    floors = [x // (12 * q) for x in num]
    rem = [x - f * 12 * q for x, f in zip(num, floors, strict=True)]
    order = sorted(range(len(num)), key=lambda i: (-rem[i], -num[i], names[i]))
    bonus = set(order[: -sum(floors)])
    return [f + (i in bonus) for i, f in enumerate(floors)]


def _settle_rows(rows: list[dict], method: str) -> list[tuple]:
    rows = sorted(rows, key=lambda r: r["seat"])
    tw = settle_game(rows, method)
    price = rows[0]["whist_price"]
    price = Fraction(str(PRICE if pd.isna(price) else price)) / UNIT
    units = money(tw, [r["player"] for r in rows], price.numerator, price.denominator)
    return [
        (r["game_id"], r["seat"], t, u) for r, t, u in zip(rows, tw, units, strict=True)
    ]


def baseline(sheet: pd.DataFrame, method: str) -> pd.DataFrame:
    """Per game, as an analyst writes it: groupby, then each game in Python."""
    out = []
    for _, game in sheet.groupby("game_id", sort=False):
        out += _settle_rows(game.to_dict("records"), method)
    return pd.DataFrame(out, columns=["game_id", "seat", "twelfths", "money_units"])


def baseline_records(sheet: pd.DataFrame, method: str) -> pd.DataFrame:
    """Per game in plain Python on the rows as dicts, grouped without pandas."""
    games: dict = {}
    for row in sheet.to_dict("records"):
        games.setdefault(row["game_id"], []).append(row)
    out = []
    for rows in games.values():
        out += _settle_rows(rows, method)
    return pd.DataFrame(out, columns=["game_id", "seat", "twelfths", "money_units"])


def main() -> None:
    parser = bench_parser(
        __doc__, n=100_000, sample=5_000, repeat=5, unit="games to settle"
    )
    parser.add_argument("--method", default="exact", choices=preferans.METHODS)
    args = parser.parse_args()

    raw = random_sheets(args.n, seed=2026)
    sheet = csf.validate(raw, game="preferans", kind="sheet")
    sample = sheet[sheet["game_id"] <= min(args.sample, args.n)]
    n_sample = sample["game_id"].nunique()

    def fast() -> pd.DataFrame:
        return preferans.settle(
            sheet, method=args.method, whist_price=PRICE, validate=False
        )

    def with_validation() -> pd.DataFrame:
        return preferans.settle(raw, method=args.method, whist_price=PRICE)

    def plain_python() -> pd.DataFrame:
        return baseline_records(sample, args.method)

    # warm-up: the process's memory and caches, for each timed path alike
    fast(), with_validation(), plain_python()
    t_fast, result = best_of(fast, args.repeat)
    t_valid, _ = best_of(with_validation, args.repeat)
    t_plain, plain = best_of(plain_python, args.repeat)
    t_base, base = best_of(lambda: baseline(sample, args.method), 1)

    head = result[result["game_id"] <= sample["game_id"].max()]
    for ref in (plain, base):
        for col in ("twelfths", "money_units"):
            assert np.array_equal(
                head[col].to_numpy(dtype=np.int64), ref[col].to_numpy(dtype=np.int64)
            ), col

    per_fast, per_valid = t_fast / args.n, t_valid / args.n
    per_plain, per_base = t_plain / n_sample, t_base / n_sample
    print(
        f"preferans settle --method {args.method}: {args.n:,} generated games, "
        f"{len(result):,} player rows; baselines on {n_sample:,} games"
    )
    print(rate_line("settle", args.n, t_fast, unit="games"))
    print(rate_line("validate + settle", args.n, t_valid, unit="games"))
    print(
        rate_line(
            "plain Python per game (scaled)", args.n, per_plain * args.n, unit="games"
        )
    )
    print(
        rate_line(
            "pandas groupby per game (scaled)", args.n, per_base * args.n, unit="games"
        )
    )
    print(ratio_line("settle vs plain Python", per_fast, per_plain, TARGET))
    print(
        ratio_line(
            "validate + settle vs plain Python", per_valid, per_plain, TARGET_VALIDATED
        )
    )
    print(ratio_line("settle vs groupby (secondary)", per_fast, per_base, TARGET))


if __name__ == "__main__":
    main()
