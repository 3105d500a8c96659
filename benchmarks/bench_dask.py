"""Scoring an archive larger than one worker's memory with Dask: time, and the
workers' peak memory at two sizes (flat: bounded by the partition, not by the
dataset).

    python benchmarks/bench_dask.py              # 5,000,000 then 20,000,000 deals
    python benchmarks/bench_dask.py --n 400000   # 100,000 then 400,000

Tarot deals (3, 4 and 5 tables, 4-player tables with player5 blank, accented and
Cyrillic names, text game ids such as ``club-7/2025-10-03-1234``, league, season,
date and table) are generated into Parquet files of whole games, ``--per-file``
deals each, in out/bench/ (kept between runs; generation is not timed). Each
size runs on a fresh ``distributed.LocalCluster(n_workers=2, threads_per_worker=1,
memory_limit="2GB")`` reading the first files of the folder:

- the check pass of ``read_logs`` (every file read and validated on the
  workers; problems, game keys and dtypes come back),
- then ``totals(to_ledger(score(deals)))`` computed: every file read, validated
  once, scored, turned into ledger rows and aggregated, streaming.

Peak memory is each worker process's resident set (psutil), sampled every 20 ms;
the last line compares the largest size's peak with the smallest's. The CPU
time of the workers (user + system) shows the work done whatever else the
machine is running.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from common import bench_parser, limit_line, rate_line  # noqa: E402

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.distributed import read_logs  # noqa: E402
from cardscore_frames.games.tarot.generate import random_deals  # noqa: E402

DATA = ROOT / "out" / "bench"
NAMES = [
    "Amélie", "Bastien", "Chloé", "Élodie", "François", "Gaëlle", "Hugo", "Inès",
    "Jérôme", "Léa", "Maëlys", "Noël", "Océane", "Raphaël", "Sébastien", "Zoé",
    "Алексей", "Борис", "Вера", "Галина", "Дмитрий", "Елена", "Жанна", "Зоя",
    "Игорь", "Кира", "Лев", "Мария", "Никита", "Ольга",
]  # fmt: skip
DEALS_PER_GAME = 20
MB = 1024 * 1024
#: The workers' peak at the largest size over the peak at a quarter of it: at
#: most this (flat, up to what the aggregation's per-player rows add).
MEMORY_GROWTH = 1.25


def one_file(number: int, deals: int) -> pd.DataFrame:
    """File ``number``: whole games, numbered after the files before it."""
    frame = random_deals(
        deals, seed=2026 + number, names=NAMES, deals_per_game=DEALS_PER_GAME
    )
    games = deals // DEALS_PER_GAME
    g = frame["game_id"].to_numpy() - 1 + number * games  # dataset-wide, from 0
    first = np.unique(g)
    days = (np.datetime64("2025-09-01") + first // 40).astype(str)  # 40 a day
    ids = np.array(
        [f"club-{k % 12}/{d}-{k}" for k, d in zip(first, days, strict=True)],
        dtype=object,
    )
    frame["game_id"] = ids[g - first[0]]
    day = days[g - first[0]]
    frame.insert(0, "league", "Fédération de tarot")
    frame.insert(1, "season", "2025-2026")
    frame.insert(2, "date", day)
    frame.insert(3, "table", (g % 6 + 1).astype(str))
    return frame


def dataset(n: int, per_file: int) -> list[str]:
    """The first ``n / per_file`` files of the benchmark folder, made if absent."""
    folder = DATA / f"dask-tarot-{per_file}"
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for number in range(-(-n // per_file)):
        path = folder / f"part-{number:05d}.parquet"
        if not path.exists():
            part = path.with_suffix(".tmp")
            one_file(number, per_file).to_parquet(part, index=False)
            part.replace(path)
        files.append(str(path))
    return files


class Workers:
    """The largest resident set of each worker process, sampled in a thread, and
    the CPU time they used (which other load on the machine does not inflate)."""

    def __init__(self, pids: list[int], every: float = 0.02) -> None:
        import psutil

        self.procs = [psutil.Process(p) for p in pids]
        self.peak = [p.memory_info().rss for p in self.procs]
        self.idle = list(self.peak)
        self.cpu = 0.0
        self.every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            for i, p in enumerate(self.procs):
                self.peak[i] = max(self.peak[i], p.memory_info().rss)
            time.sleep(self.every)

    def _cpu(self) -> float:
        return sum(sum(p.cpu_times()[:2]) for p in self.procs)

    @staticmethod
    def _here() -> float:
        return sum(os.times()[:2])  # this process: client and scheduler

    def __enter__(self) -> Workers:
        self.cpu, self.client = -self._cpu(), -self._here()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.cpu += self._cpu()
        self.client += self._here()


def _warm_up() -> None:
    import pyarrow.parquet  # noqa: F401

    csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))


def run(files: list[str], deals: int) -> dict:
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            memory_limit="2GB",
            processes=True,
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        pids = list(client.run(os.getpid).values())
        client.run(_warm_up)  # imports on the workers are not timed
        with Workers(pids) as workers:
            t0 = time.perf_counter()
            log = read_logs(files, game="tarot")
            t1 = time.perf_counter()
            ledger = csf.tarot.to_ledger(csf.tarot.score(log))
            table = csf.totals(ledger).compute()
            t2 = time.perf_counter()
    assert int(table["deals"].sum()) > deals  # every seat of every deal counted
    assert abs(float(table["score"].sum())) < 1e-6  # tarot is zero-sum
    return {
        "check": t1 - t0,
        "compute": t2 - t1,
        "peak": workers.peak,
        "idle": workers.idle,
        "cpu": workers.cpu,
        "client": workers.client,
        "players": len(table),
        "partitions": len(files),
    }


def main() -> None:
    parser = bench_parser(__doc__, n=20_000_000, sample=0, repeat=1)
    parser.add_argument("--per-file", type=int, default=250_000, help="deals a file")
    args = parser.parse_args()
    per_file = min(args.per_file, max(args.n // 8, DEALS_PER_GAME))
    per_file -= per_file % DEALS_PER_GAME
    sizes = sorted({max(per_file, args.n // 4), args.n})
    t0 = time.perf_counter()
    files = dataset(max(sizes), per_file)
    made = time.perf_counter() - t0
    on_disk = sum(os.path.getsize(f) for f in files) / MB
    print(
        f"dask: tarot, {per_file:,} deals a Parquet file ({on_disk:,.0f} MB for "
        f"{len(files)} files; ready in {made:.0f} s, not timed); LocalCluster of "
        "2 workers x 1 thread, 2 GB each"
    )
    peaks = [report(n, run(files[: -(-n // per_file)], n)) for n in sizes]
    if len(peaks) > 1:  # memory bounded by the partition: flat from size to size
        print(
            limit_line(
                f"peak {sizes[-1] // sizes[0]}x the deals",
                peaks[-1] / peaks[0],
                MEMORY_GROWTH,
                "the smaller run's peak",
            )
        )


def report(n: int, got: dict) -> float:
    """Print one size's lines; return the largest worker peak, in MB."""
    tag = f"{n / 1e6:g}M"
    total = got["check"] + got["compute"]
    peak = max(got["peak"]) / MB
    print(f"{n:,} deals in {got['partitions']} partitions, {got['players']} players")
    print(rate_line(f"{tag}: check pass (read + validate)", n, got["check"]))
    print(rate_line(f"{tag}: read+check+score+ledger+totals", n, got["compute"]))
    print(rate_line(f"{tag}: whole pipeline", n, total, peak=peak))
    peaks = ", ".join(f"{p / MB:,.0f} MB" for p in got["peak"])
    idle = ", ".join(f"{p / MB:,.0f} MB" for p in got["idle"])
    print(f"  workers' peak memory: {peaks} (idle: {idle})")
    cpu = got["cpu"] / n * 1e6
    print(
        f"  CPU time: workers {got['cpu']:,.1f} s ({cpu:.2f} s per million), "
        f"client and scheduler {got['client']:,.1f} s"
    )
    return peak


if __name__ == "__main__":
    main()
