"""The whole README pipeline, file on disk to totals, against pandas reading the file.

    python benchmarks/bench_pipeline.py              # 1,000,000 deals of each game
    python benchmarks/bench_pipeline.py --n 200000 --games tarot
    python benchmarks/bench_pipeline.py --warm --repeat 7 --formats csv,parquet

For each game and format (CSV, Parquet, JSON lines), 1,000,000 generated deals
with realistic text (game ids like ``club-7/2025-10-03/4``, accented French and
Cyrillic names, 4-player tarot tables with ``player5`` blank, league, season, date
and table) are written once to ``out/bench/`` (reused on later runs). Each stage
then runs in a fresh process, so that its peak memory is its own:

- the reader alone: ``pd.read_csv(engine="pyarrow")``, ``pd.read_parquet`` or
  ``pd.read_json(lines=True, engine="pyarrow")``;
- the README pipeline: ``read_log`` -> ``score`` -> ``to_ledger`` -> ``totals``.

The reader and the pipeline run ``--repeat`` times each (5), taking turns, and
each keeps its best time and its largest peak: one fresh process of the reader
took from 0.13 to 0.4 s for the same Parquet file on a shared 2-core machine, too
much for a ratio of one run against one run, and the best of three still moved
from 0.18 to 0.28 s from one full run to the next. The pipeline with numpy's
huge-page advice off (for information) runs as often, after them.

Each of these processes starts right after one that wrote and freed more memory
than either stage takes (:func:`level`), so that both start from the same state.
On a virtual machine whose kernel gives freed memory back to its host, memory a
process writes first can cost several times what memory freed a moment ago
does (432 MB of arrays: up to 0.77 s, against 0.10 to 0.13 s right after they
were freed), and run back to back each stage inherits what the one before it
freed: the reader the pipeline's 760 MB (preferans), the pipeline the reader's
400 MB.

With ``--warm``, for information and instead of the above: in one fresh
process per game and format, the reader and each step of the pipeline run
``--repeat`` times over, each keeping its best time. The process then writes
memory it has written before, so what is left is the work itself: how far a
ratio is from its limit when nothing else is in the way.

Targets (issue "Speed of the whole pipeline"): the pipeline within 5x the reader
(preferans from Parquet within 8x, the walk of its pools its rules require),
its peak memory within 2x the reader's, and ``score`` on a frame ``read_log``
returned at most 1.3x ``score(..., validate=False)``. The issue sets them for
CSV and Parquet; JSON lines is shown beside them, its ratios for information.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from common import (  # noqa: E402
    bench_parser,
    limit_line,
    peak_mb,
    rate_line,
)

DATA = ROOT / "out" / "bench"
#: numpy's documented switch for its huge-page advice (read when numpy loads).
NO_HUGE_PAGES = {"NUMPY_MADVISE_HUGEPAGE": "0"}
NAMES = (
    "Amélie", "Bastien", "Chloé", "Élodie", "François", "Gaëlle", "Hugo", "Inès",
    "Зоя", "Дмитрий", "Анна", "Борис", "Ирина", "Павел", "Julien", "Léa", "Noël",
    "Søren", "Zoé", "Արամ",
)  # fmt: skip


def generate(game: str, n: int) -> pd.DataFrame:
    """``n`` valid deals of ``game`` with club-like text."""
    if game == "tarot":
        from cardscore_frames.games.tarot.generate import random_deals

        deals = random_deals(
            n, seed=7, table_sizes=(4,), names=list(NAMES), deals_per_game=24
        )
    elif game == "belot":
        from cardscore_frames.games.belot.generate import random_deals

        pairs = list(zip(NAMES[::2], NAMES[1::2], strict=True))
        deals = random_deals(n, seed=7, pairs=pairs, metadata=False)
    else:
        from cardscore_frames.games.preferans import random_deals

        deals = random_deals(n, seed=7, deal_range=(20, 60), names=NAMES)
    codes = pd.factorize(deals["game_id"])[0]
    ids = np.array(
        [f"club-{g % 9}/2025-10-{g % 28 + 1:02d}/{g}" for g in range(codes.max() + 1)],
        dtype=object,
    )
    deals["game_id"] = ids[codes]
    meta = {"league": "Cercle", "season": "2025-26", "date": "2025-10-03", "table": "1"}
    for i, (column, value) in enumerate(meta.items()):
        if column in deals:
            deals = deals.drop(columns=column)
        deals.insert(i, column, value)
    return deals


#: The formats measured, and the limits on the pipeline's time and peak memory
#: against the reader's (None: for information).
FORMATS = {"csv": (5, 2), "parquet": (5, 2), "jsonl": (None, None)}
#: Games whose pipeline has a limit of its own from a format: preferans from
#: Parquet walks every pool deal by deal, as its rules require, where reading
#: Parquet costs next to nothing (8x).
OWN_LIMITS = {("preferans", "parquet"): 8}


def files(game: str, n: int, formats=tuple(FORMATS)) -> dict[str, Path]:
    """The game's log in each format, written once."""
    DATA.mkdir(parents=True, exist_ok=True)
    out = {fmt: DATA / f"{game}_{n}.{fmt}" for fmt in formats}
    missing = [fmt for fmt, p in out.items() if not p.exists()]
    if missing:
        deals = generate(game, n)
        for fmt in missing:
            if fmt == "csv":
                deals.to_csv(out[fmt], index=False)
            elif fmt == "parquet":
                deals.to_parquet(out[fmt], index=False)
            else:
                deals.to_json(out[fmt], orient="records", lines=True, force_ascii=False)
    return out


def read_plain(path: Path) -> pd.DataFrame:
    """The file read by pandas' own reader: the baseline."""
    if path.suffix == ".csv":
        return pd.read_csv(path, engine="pyarrow")
    if path.suffix == ".jsonl":
        return pd.read_json(path, lines=True, engine="pyarrow")
    return pd.read_parquet(path)


def stage_reader(path: Path) -> dict:
    t0 = time.perf_counter()
    frame = read_plain(path)
    return {"seconds": time.perf_counter() - t0, "rows": len(frame), "peak": peak_mb()}


def stage_pipeline(path: Path, game: str) -> dict:
    import cardscore_frames as csf

    module = csf.get_game(game)
    times = {}
    t0 = time.perf_counter()
    deals = csf.read_log(path, game=game)
    times["read_log"] = time.perf_counter() - t0
    t = time.perf_counter()
    scored = module.score(deals)
    times["score"] = time.perf_counter() - t
    t = time.perf_counter()
    ledger = module.to_ledger(scored)
    times["to_ledger"] = time.perf_counter() - t
    t = time.perf_counter()
    csf.totals(ledger)
    times["totals"] = time.perf_counter() - t
    times["seconds"] = time.perf_counter() - t0
    times["peak"] = peak_mb()
    # score on the frame read_log returned, against validate=False, best of 3
    trusted = min(_timed(lambda: module.score(deals)) for _ in range(3))
    blind = min(_timed(lambda: module.score(deals, validate=False)) for _ in range(3))
    times["score_after_read"], times["score_unchecked"] = trusted, blind
    return times


def _timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def stage_warm(path: Path, game: str, repeat: int) -> dict:
    """The reader and each step of the pipeline ``repeat`` times over in one
    process, the best time of each: what the work itself costs once the
    process has written its memory before (``--warm``, for information).

    ``read_log`` and ``score`` are timed together, as the pipeline runs them:
    ``score`` takes over the work the log's validation kept for it.
    """
    import cardscore_frames as csf

    module = csf.get_game(game)

    def fastest(fn) -> float:
        return min(_timed(fn) for _ in range(repeat))

    reader = fastest(lambda: read_plain(path))
    read = fastest(lambda: csf.read_log(path, game=game))
    scored = fastest(lambda: module.score(csf.read_log(path, game=game)))
    result = module.score(csf.read_log(path, game=game))
    ledger = fastest(lambda: module.to_ledger(result))
    result = module.to_ledger(result)
    totals = fastest(lambda: csf.totals(result))
    return {
        "reader": reader,
        "read_log": read,
        "read_log+score": scored,
        "to_ledger": ledger,
        "totals": totals,
        "seconds": scored + ledger + totals,
    }


#: MB a million deals that :func:`level` writes: more than any stage's peak
#: (1.2 GB, the tarot pipeline from JSON lines).
LEVEL_MB = 2048


def level(n: int) -> None:
    """Write and free memory in a process of its own (``LEVEL_MB`` a million
    deals, at most half of the machine's free memory), so that the stage run
    next starts from memory just freed, whichever stage ran before it."""
    free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20
    mb = max(256, min(int(LEVEL_MB * n / 1e6), free // 2))
    code = f"import numpy; numpy.ones({mb} * 2**17)"  # 2**17 floats a MB
    subprocess.run([sys.executable, "-c", code], check=True)


def in_process(
    *stage: str, n: int, env: dict | None = None, args: tuple[str, ...] = ()
) -> dict:
    """Run one stage of this script in a fresh Python process, right after
    :func:`level` for ``n`` deals (``env``: added to the environment; ``args``:
    options of this script given to it)."""
    level(n)
    got = subprocess.run(
        [sys.executable, __file__, *args, "--stage", *stage],
        capture_output=True,
        text=True,
        check=True,
        env=None if env is None else {**os.environ, **env},
    )
    return json.loads(got.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = bench_parser(__doc__, n=1_000_000, sample=0, repeat=5)
    parser.add_argument("--games", default="tarot,belot,preferans")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument(
        "--warm",
        action="store_true",
        help="instead: each step best of --repeat in one process (for information)",
    )
    parser.add_argument("--stage", nargs="*", help=argparse_hidden())
    args = parser.parse_args()
    if args.stage:
        kind, path, game = args.stage
        if kind == "reader":
            result = stage_reader(Path(path))
        elif kind == "warm":
            result = stage_warm(Path(path), game, args.repeat)
        else:
            result = stage_pipeline(Path(path), game)
        print(json.dumps(result))
        return
    for game in args.games.split(","):
        for fmt, path in files(game, args.n, args.formats.split(",")).items():
            if args.warm:
                report_warm(game, fmt, path, args.n, args.repeat)
            else:
                report(game, fmt, path, args.n, args.repeat)


def argparse_hidden() -> str:
    return "internal: run one stage (reader|pipeline|warm PATH GAME)"


def best(runs: list[dict]) -> dict:
    """The run of the best time, with the largest peak of all the runs."""
    fastest = min(runs, key=lambda r: r["seconds"])
    return {**fastest, "peak": max(r["peak"] for r in runs)}


def report(game: str, fmt: str, path: Path, n: int, repeat: int) -> None:
    readers, runs, plain_runs = [], [], []
    for _ in range(max(repeat, 1)):  # taking turns: a slow spell hits both
        readers.append(in_process("reader", str(path), game, n=n))
        runs.append(in_process("pipeline", str(path), game, n=n))
    # numpy advises the kernel to back large arrays with huge pages (see the
    # README on what a fresh huge page may cost). The same pipeline with the
    # advice off runs after the timed turns, not among them: a process right
    # after one of these took up to three times as long to build its ledger (belot,
    # to_ledger 0.50 to 0.63 s against 0.17 to 0.42 s after the reader or the
    # pipeline), the memory it freed being slow to give huge pages again.
    for _ in range(max(repeat, 1)):
        plain_runs.append(
            in_process("pipeline", str(path), game, env=NO_HUGE_PAGES, n=n)
        )
    reader, run, plain_pages = best(readers), best(runs), best(plain_runs)
    name = f"{game} {fmt}"
    steps = ", ".join(
        f"{k} {run[k]:.2f}" for k in ("read_log", "score", "to_ledger", "totals")
    )
    print(f"\n{name}: {n:,} deals, {path.stat().st_size / 1e6:,.0f} MB ({steps} s)")
    print(rate_line(f"{name}: reader alone", n, reader["seconds"], peak=reader["peak"]))
    print(rate_line(f"{name}: README pipeline", n, run["seconds"], peak=run["peak"]))
    print(
        limit_line(
            f"{name}: pipeline / reader (time)",
            run["seconds"] / reader["seconds"],
            OWN_LIMITS.get((game, fmt), FORMATS[fmt][0]),
            "the reader's time",
        )
    )
    print(
        rate_line(
            f"{name}: README pipeline, NUMPY_MADVISE_HUGEPAGE=0",
            n,
            plain_pages["seconds"],
            peak=plain_pages["peak"],
        )
    )
    print(
        limit_line(
            f"{name}: pipeline, NUMPY_MADVISE_HUGEPAGE=0 / reader (time)",
            plain_pages["seconds"] / reader["seconds"],
            None,
            "the reader's time",
        )
    )
    print(
        limit_line(
            f"{name}: pipeline / reader (peak memory)",
            run["peak"] / reader["peak"],
            FORMATS[fmt][1],
            "the reader's peak",
        )
    )
    print(
        limit_line(
            f"{name}: score after read_log / validate=False",
            run["score_after_read"] / run["score_unchecked"],
            1.3,
            "score(validate=False)",
        )
    )


def report_warm(game: str, fmt: str, path: Path, n: int, repeat: int) -> None:
    repeat = max(repeat, 1)
    got = in_process("warm", str(path), game, n=n, args=("--repeat", str(repeat)))
    name = f"{game} {fmt}"
    steps = ", ".join(
        f"{k} {got[k]:.3f}"
        for k in ("reader", "read_log", "read_log+score", "to_ledger", "totals")
    )
    print(f"\n{name}, warm: {n:,} deals, best of {repeat} in one process ({steps} s)")
    print(
        limit_line(
            f"{name}: warm pipeline / reader (time)",
            got["seconds"] / got["reader"],
            None,
            "the reader's time",
        )
    )


if __name__ == "__main__":
    main()
