"""Run every benchmark in this folder, one after another, each in its own process.

    python benchmarks/run.py              # full sizes
    python benchmarks/run.py --quick      # a tenth of the sizes, for a fast look

The issues' targets are stated for the full sizes; on a quick run fixed costs weigh
more and the ratios come out lower. Lines marked "for information" (validation
included, say) have no target.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUICK_SIZES = {"bench_preferans_settle.py": 10_000}


def main() -> int:
    quick = "--quick" in sys.argv[1:]
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        args = [sys.executable, str(script)]
        if quick:
            args += ["--n", str(QUICK_SIZES.get(script.name, 100_000))]
        print(f"\n### {script.name}", flush=True)
        status |= subprocess.call(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
