"""Shared timing helpers for the benchmarks: best-of-N wall time and ratio lines."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any


def best_of(fn: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    """The fastest of ``repeat`` runs, in seconds, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def rate_line(label: str, n: int, seconds: float, unit: str = "deals") -> str:
    return f"{label:<44} {n:>10,} {unit} in {seconds:8.3f} s = {n / seconds:>14,.0f} {unit}/s"


def ratio_line(
    label: str, fast_per_item: float, slow_per_item: float, target: float | None
) -> str:
    """The speed-up over the baseline; with a target, whether it is met.

    Figures the issues set no target for (validation included, say) pass None.
    """
    ratio = slow_per_item / fast_per_item
    line = f"{label:<44} {ratio:>10,.0f}x faster than the baseline"
    if target is None:
        return line + " (for information)"
    verdict = "meets" if ratio >= target else "MISSES"
    return f"{line} ({verdict} target {target:g}x)"


def bench_parser(
    doc: str, *, n: int, sample: int, repeat: int = 3, unit: str = "deals to score"
) -> argparse.ArgumentParser:
    """The options every benchmark takes: --n, --sample (baseline) and --repeat."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--n", type=int, default=n, help=unit)
    parser.add_argument("--sample", type=int, default=sample, help="baseline sample")
    parser.add_argument("--repeat", type=int, default=repeat)
    return parser
