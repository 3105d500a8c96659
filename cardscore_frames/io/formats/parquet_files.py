"""Parsing Parquet logs, text columns dictionary-encoded as they are read."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.errors import LogReadError
from cardscore_frames.io.formats.common import need


def _blank_cells(n: int) -> pd.Categorical:
    """``n`` blank text cells: a categorical of no text, every code -1."""
    text = pd.CategoricalDtype(pd.Index([], dtype=TEXT))
    return pd.Categorical.from_codes(np.full(n, -1, dtype=np.int8), dtype=text)


def _stored_attrs(metadata: dict | None) -> dict:
    """The ``attrs`` pandas stored with a frame it wrote (its game, kind and
    rules, when the frame was the package's), as ``pd.read_parquet`` gives
    them back; {} when none or unreadable."""
    raw = (metadata or {}).get(b"PANDAS_ATTRS")
    if raw is None:
        return {}
    try:
        attrs = json.loads(raw)
    except ValueError:
        return {}
    return attrs if isinstance(attrs, dict) else {}


def parse_parquet(path: Path) -> pd.DataFrame:
    """A Parquet file, its text columns dictionary-encoded as they are read (as
    Parquet stores them), so a million rows arrive as a few distinct values.
    Any failure of the reader, a damaged file above all, is a LogReadError."""
    need("pyarrow", "reading Parquet logs", "parquet")
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        schema = pq.read_schema(path)
        text = [
            f.name
            for f in schema
            if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)
        ]
        # a column with no value at all (a log of 4-player tables has no
        # player5): Arrow's null type, which pandas makes a column of None
        empty = [f.name for f in schema if pa.types.is_null(f.type)]
        if len(set(schema.names)) < len(schema.names):
            text = empty = []  # a name twice: read as it is, validation reports it
        with pq.ParquetFile(path, read_dictionary=text or None) as book:
            table = book.read(use_pandas_metadata=True)
        # each column's Arrow memory let go as it is converted, and given back
        # to the system after (the pool would keep it for the process's life)
        frame = table.to_pandas(split_blocks=True, self_destruct=True)
        del table
        pa.default_memory_pool().release_unused()
        for name in empty:  # blank text cells, as a CSV's empty column reads
            frame[name] = _blank_cells(len(frame))
        frame.attrs = _stored_attrs(schema.metadata)
        return frame
    except MemoryError:
        raise LogReadError(
            f"{path}: not a readable Parquet file (it claims more memory than there "
            "is: damaged)"
        ) from None
    except Exception as exc:  # any failure inside the reader is a damaged file
        raise LogReadError(
            f"{path}: not a readable Parquet file ({type(exc).__name__}: {exc})"
        ) from None
