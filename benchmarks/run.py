"""Run every benchmark, each in its own process, and print one table.

    python benchmarks/run.py                   # full sizes (about half an hour)
    python benchmarks/run.py --quick           # a tenth of the sizes, for a fast look
    python benchmarks/run.py --only pipeline,tarot

The table has, per benchmark and stage: the work size, time, rows per second,
peak memory (the stage's own process where the benchmark runs stages apart, else
the benchmark process's peak), the ratio against its baseline (or the limit it
must stay under) and the verdict. The same rows are written as CSV to
``benchmarks/results/latest.csv`` and ``benchmarks/results/<commit>.csv``, so
that runs can be compared from one commit to the next
(``python benchmarks/compare.py <commit>``: that run against the latest, stage
by stage).

The issues' targets are stated for the full sizes; on a quick run fixed costs weigh
more and the ratios come out lower. Rows marked "info" have no target.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pandas as pd
from common import commit

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
#: Sizes for --quick, by benchmark (default: a tenth of a million deals).
QUICK = {
    "bench_preferans_settle": 10_000,
    "bench_dask": 1_000_000,
    "bench_excel": 5_000,
}
#: Benchmarks too long for a routine run: only with --only.
SLOW = {"bench_dask"}
COLUMNS = [
    "benchmark",
    "stage",
    "size",
    "unit",
    "seconds",
    "per_second",
    "peak_mb",
    "ratio",
    "target",
    "verdict",
]


def run_one(script: Path, quick: bool) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "records.json"
        args = [sys.executable, str(script), "--json", str(out)]
        if quick:
            args += ["--n", str(QUICK.get(script.stem, 100_000))]
        print(f"\n### {script.name}", flush=True)
        code = subprocess.call(args)
        if code or not out.exists():
            return [{"benchmark": script.stem, "stage": "(failed)", "verdict": "ERROR"}]
        return json.loads(out.read_text(encoding="utf-8"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", default=None, help="comma-separated names")
    args = parser.parse_args()
    scripts = sorted(HERE.glob("bench_*.py"))
    if args.only:
        wanted = {f"bench_{n.strip()}" for n in args.only.split(",")}
        scripts = [s for s in scripts if s.stem in wanted]
    else:
        scripts = [s for s in scripts if s.stem not in SLOW]
    records = [rec for s in scripts for rec in run_one(s, args.quick)]
    table = pd.DataFrame(records)
    if "process_peak_mb" in table:  # a stage without its own process: the run's
        table["peak_mb"] = table.get("peak_mb", pd.Series(dtype=float)).fillna(
            table["process_peak_mb"]
        )
    table = table.reindex(columns=COLUMNS)
    table.insert(0, "commit", commit())
    RESULTS.mkdir(exist_ok=True)
    for name in ("latest.csv", f"{table['commit'].iloc[0]}.csv"):
        table.to_csv(RESULTS / name, index=False, float_format="%.4g")
    shown = table.drop(columns=["commit", "unit"])
    with pd.option_context("display.width", 200, "display.max_rows", 500):
        print("\n" + shown.to_string(index=False, na_rep="", float_format="%.3g"))
    print(f"\nwritten to {RESULTS / 'latest.csv'}")
    return int(bool((table["verdict"] == "ERROR").any()))


if __name__ == "__main__":
    sys.exit(main())
