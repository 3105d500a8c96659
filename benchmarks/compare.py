"""Compare two runs of ``benchmarks/run.py``, stage by stage.

    python benchmarks/compare.py ffc4dd8              # that commit's run against latest
    python benchmarks/compare.py ffc4dd8 1ad0761
    python benchmarks/compare.py old.csv new.csv

A run is named by the commit it ran at, or by the path of a CSV file that
``run.py`` wrote; the second defaults to ``latest.csv``. A commit's run is looked
for in ``benchmarks/results/<commit>.csv`` (``run.py`` writes one beside
``latest.csv``, kept on the machine that ran it), then in the history of
``latest.csv``, the file the repository keeps.

For each stage both runs have, the table shows the seconds of each and the
second's time over the first's, the ratio each measured against its baseline,
and each verdict; a stage only one of them has is listed after the table. Times
of two runs on a shared machine differ by a tenth or more with no change in the
code: read a ratio against a baseline measured in the same run before a time
against another run's.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

import pandas as pd

RESULTS = Path(__file__).resolve().parent / "results"
KEY = ["benchmark", "stage"]


def load(name: str) -> pd.DataFrame:
    """A run's rows, by commit or by path."""
    path = Path(name)
    if path.suffix:
        if not path.is_file():
            raise SystemExit(f"no such file: {name}")
        return _read(path)
    if (RESULTS / f"{name}.csv").is_file():
        return _read(RESULTS / f"{name}.csv")
    for commit, text in _committed():  # newest first: the first that matches
        if commit.startswith(name) or name.startswith(commit):
            return _read(io.StringIO(text))
    runs = {commit for commit, _ in _committed()}
    known = sorted({p.stem for p in RESULTS.glob("*.csv")} | runs)
    raise SystemExit(f"no results for {name!r}; runs kept: {', '.join(known)}")


def _read(source) -> pd.DataFrame:
    return pd.read_csv(source, dtype={"commit": str})


def _committed():
    """(the run's commit, the file's text) of each version of ``latest.csv`` in
    the repository's history, newest first (nothing outside a repository)."""
    path = RESULTS / "latest.csv"

    def git(*args: str, cwd: Path = RESULTS) -> str:
        return subprocess.run(
            ["git", *args], cwd=cwd, capture_output=True, text=True, check=True
        ).stdout

    try:
        top = Path(git("rev-parse", "--show-toplevel").strip())
        where = path.relative_to(top).as_posix()
        revisions = git("log", "--format=%H", "--", where, cwd=top).split()
    except (OSError, ValueError, subprocess.CalledProcessError):
        return
    for revision in revisions:
        lines = git("show", f"{revision}:{where}", cwd=top).splitlines()
        commit = lines[1].split(",", 1)[0] if len(lines) > 1 else ""
        if commit:
            yield commit, "\n".join(lines)


def compare(old: pd.DataFrame, new: pd.DataFrame) -> pd.DataFrame:
    """One row a stage both runs have, in the second run's order: seconds,
    ratio and verdict of each, and ``change``, the second's seconds over the
    first's."""
    keep = [*KEY, "seconds", "ratio", "verdict"]
    both = new[keep].merge(
        old[keep], on=KEY, how="inner", suffixes=("_new", "_old"), sort=False
    )
    both["change"] = both["seconds_new"] / both["seconds_old"]
    order = [
        *KEY,
        "seconds_old",
        "seconds_new",
        "change",
        "ratio_old",
        "ratio_new",
        "verdict_old",
        "verdict_new",
    ]
    return both[order]


def only_in(first: pd.DataFrame, second: pd.DataFrame) -> list[str]:
    """The stages of ``first`` that ``second`` lacks."""
    seen = set(map(tuple, second[KEY].to_numpy()))
    return [f"{b}: {s}" for b, s in first[KEY].to_numpy() if (b, s) not in seen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="a commit with a kept run, or a CSV path")
    parser.add_argument("new", nargs="?", default="latest", help="(latest)")
    args = parser.parse_args(argv)
    old, new = load(args.old), load(args.new)
    names = [str(run["commit"].iloc[0]) if len(run) else "?" for run in (old, new)]
    table = compare(old, new).rename(
        columns=lambda c: c.replace("_old", f" {names[0]}").replace(
            "_new", f" {names[1]}"
        )
    )
    for column in KEY if len(table) else ():  # text read from the left
        table[column] = table[column].str.ljust(int(table[column].str.len().max()))
    with pd.option_context("display.width", 250, "display.max_rows", 500):
        print(
            table.to_string(index=False, na_rep="", float_format="%.3g", justify="left")
        )
    for label, rows in (
        (f"only in {names[0]}", only_in(old, new)),
        (f"only in {names[1]}", only_in(new, old)),
    ):
        if rows:
            print(f"\n{label}:\n  " + "\n  ".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
