"""Shared helpers for the benchmarks: best-of-N wall time, printed lines, and the
records that ``run.py`` gathers into one table and one CSV.

Every ``rate_line`` and ``ratio_line`` a benchmark prints is also recorded; run
with ``--json FILE`` (``run.py`` does), a benchmark writes its records there when
it ends: benchmark, stage, size, unit, seconds, per_second, peak_mb, ratio,
target and verdict.
"""

from __future__ import annotations

import argparse
import atexit
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The records of this process, in the order they were printed.
RECORDS: list[dict[str, Any]] = []
_OUT: dict[str, str] = {}


def commit() -> str:
    """The short hash of the checked-out commit, or "unknown" outside git."""
    try:
        got = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            check=True,
        )
        return got.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def best_of(fn: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    """The fastest of ``repeat`` runs, in seconds, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def interleaved(*runs: Callable[[], Any], repeat: int) -> tuple[list[float], list[Any]]:
    """Best of ``repeat`` wall times of each run, run in turns (a, b, a, b, ...)
    so that a machine whose speed drifts slows them alike; and each run's last
    result."""
    best = [float("inf")] * len(runs)
    results: list[Any] = [None] * len(runs)
    for _ in range(repeat):
        for k, run in enumerate(runs):
            t, results[k] = best_of(run, 1)
            best[k] = min(best[k], t)
    return best, results


def peak_mb() -> float:
    """This process's peak resident memory so far, in MB.

    On Linux, the high-water mark of the process's own memory (``VmHWM``):
    ``ru_maxrss`` of a process started by another keeps the starting process's
    peak when it is larger (the kernel carries it over on exec), so a stage run
    from a benchmark that had just generated a million deals reported that
    benchmark's peak, not its own. Elsewhere ``ru_maxrss`` (KiB on Linux).
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _record(stage: str) -> dict[str, Any]:
    for rec in RECORDS:
        if rec["stage"] == stage:
            return rec
    rec = {"benchmark": Path(sys.argv[0]).stem, "stage": stage}
    RECORDS.append(rec)
    return rec


def rate_line(
    label: str,
    n: int,
    seconds: float,
    unit: str = "deals",
    peak: float | None = None,
) -> str:
    """``label  n units in s = rate units/s``; recorded under ``label``."""
    rec = _record(label)
    rec.update(size=n, unit=unit, seconds=seconds, per_second=n / seconds)
    if peak is not None:
        rec["peak_mb"] = peak
    return (
        f"{label:<44} {n:>10,} {unit} in {seconds:8.3f} s = "
        f"{n / seconds:>14,.0f} {unit}/s"
    )


def ratio_line(
    label: str, fast_per_item: float, slow_per_item: float, target: float | None
) -> str:
    """The speed-up over the baseline; with a target, whether it is met.

    Figures the issues set no target for (validation included, say) pass None.
    """
    ratio = slow_per_item / fast_per_item
    line = f"{label:<44} {ratio:>10,.1f}x faster than the baseline"
    verdict = "info" if target is None else ("meets" if ratio >= target else "MISSES")
    _record(label).update(ratio=ratio, target=target, verdict=verdict)
    if target is None:
        return line + " (for information)"
    return f"{line} ({verdict} target {target:g}x)"


def limit_line(label: str, value: float, limit: float | None, what: str) -> str:
    """A figure that must stay at or under a limit (a cost ratio, a memory
    ratio): ``label  value (meets/MISSES at most limit)``; with no limit, for
    information."""
    if limit is None:
        _record(label).update(ratio=value, verdict="info", limit=True)
        return f"{label:<44} {value:>10,.2f}x {what} (for information)"
    verdict = "meets" if value <= limit else "MISSES"
    _record(label).update(ratio=value, target=limit, verdict=verdict, limit=True)
    return f"{label:<44} {value:>10,.2f}x {what} ({verdict} at most {limit:g}x)"


def bench_parser(
    doc: str, *, n: int, sample: int, repeat: int = 3, unit: str = "deals to score"
) -> argparse.ArgumentParser:
    """The options every benchmark takes: --n, --sample (baseline), --repeat and
    --json (where to write the records)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--n", type=int, default=n, help=unit)
    parser.add_argument("--sample", type=int, default=sample, help="baseline sample")
    parser.add_argument("--repeat", type=int, default=repeat)
    parser.add_argument("--json", default=None, help="write the records here")
    real_parse = parser.parse_args

    def parse_args(*a: Any, **k: Any) -> argparse.Namespace:
        args = real_parse(*a, **k)
        if args.json:
            _OUT["path"] = args.json
        return args

    parser.parse_args = parse_args  # type: ignore[method-assign]
    return parser


@atexit.register
def _write() -> None:
    path = _OUT.get("path")
    if not path:
        return
    whole = peak_mb()
    for rec in RECORDS:
        rec.setdefault("process_peak_mb", whole)
    Path(path).write_text(json.dumps(RECORDS, indent=1), encoding="utf-8")
