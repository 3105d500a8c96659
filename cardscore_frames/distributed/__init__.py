"""Archives larger than memory: the same public functions on Dask DataFrames.

``score`` and ``to_ledger`` of every game, preferans ``sheet`` and ``settle``,
:func:`~cardscore_frames.totals` and :func:`~cardscore_frames.season.standings`
accept a Dask DataFrame and return a lazy Dask result, built from the pandas
functions with Dask's own machinery (``map_partitions`` with ``meta``, groupby
aggregations, ``from_map`` over a folder of files, ``dask.delayed``); they import
Dask only then (``pip install 'cardscore-frames[dask]'``). Standings work out
each game's results on the workers and rank the table from them (one row per
game and player), a ``dask.delayed`` of the pandas table.

Whole games
    Every per-game step runs partition by partition, so each game (league,
    season, game_id) must sit whole in one partition: read a folder where each
    game's rows are in one file (:func:`read_logs`, one partition per file), or
    hash-partition any frame with :func:`partition_by_game`. A frame whose games
    are split is refused with a :class:`GamesSplitError` naming the games and
    partitions: row-chunked partitions would give wrong running totals and
    settlements, silently.

One check, one report
    A log is checked by a pass over every partition on the workers that brings
    back only the problems, game keys and dtypes: every problem of every
    partition comes back in one :class:`PartitionedValidationError` (``row``
    counted across the dataset, ``line`` and ``file`` where the partition came
    from a file). The data is read again and scored lazily when computed, each
    partition checked once, so memory stays bounded by a partition.

Dtypes
    Partitions agree with each other and with pandas: categories are united by
    the check pass (player names, leagues, contracts), so player names are
    categoricals with known categories, the same as pandas gives for the whole
    log. Columns with one value per game (``game_id`` given as text, a ledger's
    ``game_key`` and ``game_id``) are categoricals whose categories are left
    unknown (carried in every partition they would cost more than the data):
    Dask unites them when computed, in order of appearance rather than sorted.
    ``.compute()`` gives the pandas dtypes.

Work done once
    ``read_logs(..., persist=True)`` keeps each file's checked deals on the
    workers (read and checked once); a scored frame or a ledger ``.persist()``-ed
    is still known as the frame it was, so totals and standings of a persisted
    ledger read, check and score nothing again. Without ``persist`` every
    ``.compute()`` starts again from the files, one partition at a time.

Frames made here are trusted
    Attrs do not travel through Dask. A Dask frame this package returned is
    remembered (by its graph name) with its game, rules and check, so the next
    step does not check or score it again; any other frame, or one changed
    since, is checked first.

The hook for further functions: :func:`dask_aware` (``@dask_aware("per_game")``
for any function that works game by game) and :func:`map_games`.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardscore_frames.dispatch import dask_aware, is_dask, register_handler

#: Each public name and the module that defines it, imported on first use (the
#: modules import Dask).
_EXPORTS = {
    "read_logs": "io",
    "log_files": "io",
    "partition_by_game": "partitions",
    "map_games": "apply",
    "GamesSplitError": "errors",
    "PartitionChangedError": "errors",
    "PartitionedValidationError": "errors",
}

__all__ = ["dask_aware", "is_dask", *_EXPORTS]

#: Where each Dask handler lives: the public functions of the core hand a Dask
#: frame to these (``cardscore_frames.dispatch``).
_HANDLERS = {
    "score": "apply",
    "to_ledger": "apply",
    "sheet": "apply",
    "settle": "apply",
    "totals": "apply",
    "per_game": "apply",
    "standings": "season",
}


def _lazy(module: str, name: str):
    def handler(*args: Any, **kwargs: Any) -> Any:
        found = importlib.import_module(f"{__name__}.{module}")
        return getattr(found, name)(*args, **kwargs)

    handler.__name__ = name
    return handler


for _name, _module in _HANDLERS.items():
    register_handler(_name, _lazy(_module, _name))


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{_EXPORTS[name]}")
    return getattr(module, name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
