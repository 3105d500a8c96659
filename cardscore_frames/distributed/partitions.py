"""Whole games in one partition: how a Dask frame is partitioned, and the check
that refuses one whose games are split.

Every per-game step (a belot match's running totals, a preferans pool, a
settlement) is computed partition by partition, so each game (``league, season,
game_id``: :data:`~cardscore_frames.checking.GAME_KEY`) must sit whole in one
partition. There are two ways to get there:

- keep each game's rows in one file and read a folder of such files with
  :func:`~cardscore_frames.distributed.read_logs` (one partition per file), the
  way archives are usually kept (one file per club night, month or season);
- hash-partition any Dask frame on its game key with :func:`partition_by_game`
  (a Dask shuffle: rows of a game land in the same partition).

Either way the check runs: each partition's distinct game keys are collected
(a small frame per partition, from the pass that validates it, or from the key
columns alone), and a key found in two partitions refuses the frame with a
:class:`~cardscore_frames.distributed.GamesSplitError` naming the games and
their partitions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import GAME_KEY
from cardscore_frames.distributed.errors import GamesSplitError
from cardscore_frames.errors import CardscoreError

__all__ = ["partition_by_game", "game_keys", "check_whole", "split_games"]

_HASH = "_cardscore_game"
_SHOWN = 5


def key_columns(columns: Sequence[str]) -> list[str]:
    """The columns that name a game in a frame: ``game_key`` in a ledger, else
    those of (league, season, game_id) it has."""
    if "game_key" in columns:
        return ["game_key"]
    found = [c for c in GAME_KEY if c in columns]
    if "game_id" not in found:
        raise CardscoreError(
            "a frame of games needs a game_id column (or a ledger's game_key) to "
            f"keep each game in one partition; it has {', '.join(map(str, columns))}"
        )
    return found


def game_keys(frame: pd.DataFrame) -> pd.DataFrame:
    """The distinct game keys of a pandas frame (raw or typed), as validation
    reads them (text stripped, ``12.0`` as ``12``; "" for blank), one row per
    game in order of first appearance; rows without a game id are left out."""
    cols = [c for c in ("game_key", *GAME_KEY) if c in frame.columns]
    cols = ["game_key"] if "game_key" in cols else cols
    if "game_id" not in cols and "game_key" not in cols:
        return pd.DataFrame()  # no game named: a problem of the whole log
    # each row's key as one number first, so that only one row per game is
    # turned into text (a partition has many rows per game, a ledger ~100)
    row = np.zeros(len(frame), dtype=np.int64)
    texts, codes = [], []
    for c in cols:
        code, uniques = pd.factorize(frame[c], use_na_sentinel=True)
        text = np.array([*(_plain(u) for u in uniques), ""], dtype=object)
        code = np.where(code < 0, len(text) - 1, code)  # blank: the last, ""
        row = pd.factorize(row * len(text) + code)[0]
        texts.append(text)
        codes.append(code)
    # codes come in order of first appearance: sorted, they keep that order
    first = np.unique(row, return_index=True)[1]
    out = pd.DataFrame(
        {c: t[k[first]] for c, t, k in zip(cols, texts, codes, strict=True)}
    )
    if "game_id" in out:
        out = out.loc[(out["game_id"] != "").to_numpy()]
    # two spellings of one key ("12" and "12.0") meet as text
    return out.drop_duplicates(ignore_index=True)


def split_games(keys: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Games found in more than one partition: one row per (game, partition).

    ``keys`` holds each partition's :func:`game_keys`.
    """
    parts = [k.assign(partition=i) for i, k in enumerate(keys) if len(k)]
    if not parts:
        return pd.DataFrame(columns=["partition"])
    every = pd.concat(parts, ignore_index=True)
    cols = [c for c in every.columns if c != "partition"]
    return every.loc[every.duplicated(cols, keep=False).to_numpy()]


def check_whole(
    keys: Sequence[pd.DataFrame], files: Sequence[str | None] | None = None
) -> None:
    """Refuse partitions whose games are split: a :class:`GamesSplitError` names
    the first games found in several partitions (and their files)."""
    split = split_games(keys)
    if not len(split):
        return
    cols = [c for c in split.columns if c != "partition"]
    groups = split.groupby(cols, sort=False)["partition"].agg(list)
    shown = "; ".join(
        f"{_game_name(_as_dict(cols, key))} in partitions {_partitions(parts, files)}"
        for key, parts in groups.head(_SHOWN).items()
    )
    more = f" (and {len(groups) - _SHOWN} more)" if len(groups) > _SHOWN else ""
    raise GamesSplitError(
        f"each game must sit whole in one partition before it is scored or "
        f"settled (running totals and settlements from part of a game would be "
        f"wrong); {len(groups)} game{'s are' if len(groups) > 1 else ' is'} split "
        f"across partitions: {shown}{more}. Partition the frame with "
        "cardscore_frames.distributed.partition_by_game(frame), or keep each "
        "game's rows in one file and read the files with read_logs"
    )


def _as_dict(cols: list[str], key: Any) -> dict[str, str]:
    values = key if isinstance(key, tuple) else (key,)
    return dict(zip(cols, values, strict=True))


def _game_name(key: dict[str, str]) -> str:
    if "game_key" in key:
        return f"game {key['game_key']!r}"
    where = [f"{c} {key[c]!r}" for c in ("league", "season") if key.get(c)]
    return f"game {key['game_id']}" + (f" ({', '.join(where)})" if where else "")


def _partitions(parts: list[int], files: Sequence[str | None] | None) -> str:
    named = [
        f"{p} ({files[p]})" if files is not None and files[p] else str(p) for p in parts
    ]
    return ", ".join(named[:-1]) + " and " + named[-1]


def partition_by_game(frame: Any, *, npartitions: int | None = None) -> Any:
    """A Dask frame with each game's rows in one partition (a shuffle on a hash
    of the game key).

    The key is hashed as validation will read it (text stripped, ``12.0`` as
    ``12``), so that a raw log and its typed form are partitioned alike. Rows
    come out grouped by partition, not in their given order (scoring sorts each
    game's deals by deal number). The check that no game is split still runs
    when the frame is scored.

    Parameters
    ----------
    frame : dask.dataframe.DataFrame
        A log, scored deals, a sheet or a ledger, with ``game_id`` (and
        ``league``, ``season`` when present) or a ledger's ``game_key``.
    npartitions : int, optional
        How many partitions (by default as many as ``frame`` has).

    Returns
    -------
    dask.dataframe.DataFrame
        The same rows and columns, repartitioned.
    """
    cols = key_columns(list(frame.columns))
    hashed = frame.assign(
        **{_HASH: frame[cols].map_partitions(_key_hash, meta=(_HASH, "uint64"))}
    )
    # the task-based shuffle moves pandas frames as they are; the peer-to-peer
    # one converts to Arrow, which cannot unite categoricals with many
    # categories that differ between partitions (game ids, names)
    out = hashed.shuffle(on=_HASH, npartitions=npartitions, shuffle_method="tasks")
    return out.drop(columns=[_HASH])


def _key_hash(keys: pd.DataFrame) -> pd.Series:
    """A stable hash of each row's game key, as validation would type it."""
    text = pd.DataFrame({c: _key_text(keys[c]) for c in keys.columns})
    return pd.util.hash_pandas_object(text, index=False).set_axis(keys.index)


def _key_text(values: pd.Series) -> np.ndarray:
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    per = np.array([*(_plain(u) for u in uniques), ""], dtype=object)
    return per[codes]


def _plain(u: Any) -> str:
    if isinstance(u, (float, np.floating)) and np.isfinite(u) and u == int(u):
        return str(int(u))
    if isinstance(u, pd.Timestamp):
        return u.date().isoformat() if u == u.normalize() else str(u)
    return str(u).strip()
