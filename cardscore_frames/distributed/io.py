"""Reading a folder of logs into a Dask frame, one partition per file, checked
per partition.

Each file is read by the package's own reader
(:func:`cardscore_frames.io.read_table`: text cells, the encoding found from the
bytes, blank lines skipped but counted), through ``dask.dataframe.from_map``, so
that a partition is exactly what :func:`~cardscore_frames.read_log` makes of the
file, line numbers included. Keep each game's rows in one file (one file per
club night, month or season): a game found in two files is refused.
"""

from __future__ import annotations

import glob
import os
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd

from cardscore_frames.checking import Collected, Errors
from cardscore_frames.contract import get_game
from cardscore_frames.dispatch import need_dask
from cardscore_frames.distributed.partitions import game_keys
from cardscore_frames.distributed.plan import (
    Plan,
    Summary,
    build_plan,
    conform_part,
    no_failures,
    partition_error,
    summary,
)
from cardscore_frames.distributed.registry import Known, remember
from cardscore_frames.errors import LogReadError, LogValidationError, RulesError
from cardscore_frames.io import read_log, read_table

__all__ = ["read_logs", "log_files"]

#: The files a folder's logs may be (what read_log reads).
SUFFIXES = (
    ".csv",
    ".txt",
    ".tsv",
    ".parquet",
    ".pq",
    ".jsonl",
    ".ndjson",
    ".json",
    ".xlsx",
    ".xlsm",
)


def log_files(source: str | os.PathLike | list | tuple) -> list[str]:
    """The files of ``source``: a folder (its log files, by name), a glob
    pattern (``"logs/2025-*.parquet"``), one file, or a list of files."""
    if isinstance(source, (list, tuple)):
        files, where = [os.fspath(p) for p in source], "the list given"
    else:
        text = os.fspath(source)
        path, where = Path(text), text
        if path.is_dir():
            files = sorted(
                str(p)
                for p in path.iterdir()
                if p.is_file()
                and p.suffix.lower() in SUFFIXES
                and not p.name.startswith((".", "~$"))
            )
        elif any(ch in text for ch in "*?["):
            files = sorted(glob.glob(text))
        else:
            files = [text]
    if not files:
        raise LogReadError(
            f"no log files in {where} (a log file ends in {', '.join(SUFFIXES)})"
        )
    missing = [f for f in files if not Path(f).is_file()]
    if missing:
        raise FileNotFoundError(f"no such log file: {', '.join(missing[:5])}")
    return files


def read_logs(
    source: str | os.PathLike | list | tuple,
    *,
    game: str,
    kind: str = "deals",
    errors: Errors = "raise",
    rules: Any = None,
    sheet: str | int = 0,
    encoding: str | None = None,
    persist: bool = False,
) -> Any:
    """Read a folder of logs as one Dask DataFrame, one partition per file,
    every file checked on the workers before this returns.

    Parameters
    ----------
    source : folder, glob pattern, file or list of files
        Every file :func:`~cardscore_frames.read_log` reads (CSV, Parquet, JSON
        lines, Excel), taken in name order. Each game's rows must all be in one
        file.
    game, kind, rules, sheet, encoding
        As for :func:`~cardscore_frames.read_log`, for every file.
    errors : {"raise", "collect"}
        ``"raise"``: the problems of every file in one
        :class:`~cardscore_frames.distributed.PartitionedValidationError`
        (``row`` counted across the files in order, ``line`` in the file, plus
        ``partition`` and ``file``). ``"collect"``: a
        :class:`~cardscore_frames.Collected` whose ``deals`` is the Dask frame
        of the valid rows, ``rejected`` (pandas, indexed by dataset row) the
        rejected rows as given with their ``problems``, and ``failure_cases``
        (pandas) every problem.
    persist : bool
        Keep each file's checked deals in the workers' memory from the check
        pass on, and return the frame persisted: every file is read and
        checked once, where by default it is read again when computed. Memory
        then holds the whole log (spread over the workers), not a file at a
        time: for an archive that fits in the cluster's memory, to be scored
        and persisted.

    Returns
    -------
    dask.dataframe.DataFrame or Collected
        The typed log, lazily: each partition is read and checked again when
        computed (the check pass keeps no data, so memory stays bounded by a
        file), unless ``persist``. Its dtypes are those
        :func:`~cardscore_frames.read_log` gives the files together: player
        names, leagues and enumerations are categoricals with every file's
        categories (known to Dask); ``game_id``
        is whole numbers only if every file's are, and as text ids its
        categories are left unknown to Dask (one per game). The game's
        ``score`` of this frame does not check it again.

    Raises
    ------
    GamesSplitError
        When a game's rows are in several files.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.distributed import read_logs
    >>> deals = read_logs("sample_data/tarot_season.csv", game="tarot")
    >>> deals.npartitions, deals["taker"].cat.known
    (1, True)
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
    >>> int(ledger["score"].abs().sum().compute())
    239242
    """
    need_dask()
    import dask
    import dask.dataframe as dd

    if errors not in ("raise", "collect"):
        raise RulesError(f"errors must be 'raise' or 'collect'; got {errors!r}")
    entry = get_game(game)
    schema = entry.schema(kind)
    rules = entry.rules.ensure(rules)
    files = log_files(source)
    options = {
        "game": entry.name,
        "kind": kind,
        "rules": rules,
        "sheet": sheet,
        "encoding": encoding,
        "errors": errors,
    }
    one = partial(_survey_file, **options)
    if persist:  # each file's checked deals kept where they were read
        kept = dask.persist(*[dask.delayed(one)(f, keep=True) for f in files])
        summaries = dask.compute(*[k[1] for k in kept])
    else:
        summaries = dask.compute(*[dask.delayed(one)(f) for f in files])
    plan, failures, rejected = build_plan(
        summaries, schema, rules, files=files, errors=errors, label=_label(source)
    )
    # the frame keeps pandas' own dtypes ("str" text, not Dask's pyarrow strings)
    with dask.config.set({"dataframe.convert-string": False}):
        if persist:
            parts = [dask.delayed(_kept_part)(k, plan, i) for i, k in enumerate(kept)]
            typed = dd.from_delayed(
                parts, meta=plan.meta, verify_meta=False, prefix=f"read-{game}-{kind}"
            ).persist()
        else:
            typed = dd.from_map(
                partial(_typed_file, plan=plan, **options),
                files,
                range(len(files)),
                meta=plan.meta,
                label=f"read-{game}-{kind}",
                enforce_metadata=False,
            )
    remember(typed, Known(entry.name, kind, rules, plan))
    if errors == "collect":
        return Collected(typed, rejected, failures)
    return typed


def _label(source: Any) -> str:
    if isinstance(source, (list, tuple)):
        return f"{len(source)} files"
    return os.fspath(source)


def _survey_file(
    path: str, *, errors: str, keep: bool = False, **options: Any
) -> Summary | tuple[pd.DataFrame | None, Summary]:
    """One file as :func:`~cardscore_frames.read_log` reads and checks it, for
    the check pass (with ``keep``, and its checked deals)."""

    if errors == "collect":
        got = read_log(path, errors="collect", **options)
        keys = pd.concat([game_keys(got.deals), game_keys(got.rejected)])
        rows = len(got.deals) + len(got.rejected)
        found = summary(rows, got, keys.drop_duplicates(ignore_index=True))
        return (got.deals, found) if keep else found
    try:
        typed = read_log(path, **options)
    except LogValidationError as err:
        # the keys as given: a game split between files is the first problem
        raw, _ = read_table(path, sheet=options["sheet"], encoding=options["encoding"])
        failed = Collected(None, None, err.failure_cases)
        found = summary(len(raw), failed, game_keys(raw))
        return (None, found) if keep else found

    schema = get_game(options["game"]).schema(options["kind"])
    found = summary(
        len(typed), Collected(typed, None, no_failures(schema)), game_keys(typed)
    )
    return (typed, found) if keep else found


def _kept_part(kept: tuple, plan: Plan, number: int) -> pd.DataFrame:
    """A file's deals kept by the check pass, in the plan's dtypes."""
    return conform_part(kept[0], plan, number)


def _typed_file(path: str, number: int, *, plan: Plan, **options: Any) -> pd.DataFrame:
    if options.pop("errors") == "collect":
        typed = read_log(path, errors="collect", **options).deals
    else:
        try:
            typed = read_log(path, **options)
        except LogValidationError as err:
            raise partition_error(plan, err.failure_cases, number) from None
    return conform_part(typed, plan, number)
