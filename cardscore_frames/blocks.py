"""Array arithmetic done a block of rows at a time.

A formula over a million rows written as numpy expressions makes a new array of
the full length for every step. Most of those are let go at once, but each is
new memory the system must hand over (and, on a machine that gives freed memory
back to its host, fetch again). :func:`by_blocks` runs the same function on
blocks of rows: its steps' arrays are a block long, reused from one block to
the next, and only the results are full length.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import numpy as np

__all__ = ["BLOCK", "by_blocks"]

#: Rows a block: a step's array of int64 is 512 KB (it stays in the cache).
BLOCK = 1 << 16

Out = TypeVar("Out", bound=NamedTuple)


def by_blocks(
    fn: Callable[..., Out], rows: NamedTuple, *args: Any, block: int | None = None
) -> Out:
    """``fn(rows, *args)``, computed a block of rows at a time.

    ``rows`` is a named tuple of arrays whose last dimension is the rows (one
    value a row, or a (seats, rows) array); ``fn`` must treat each row on its
    own (no sums or orders across rows) and return a named tuple of such arrays.
    Each block of ``rows`` is passed as the same named tuple, and each field of
    the result is one array of every row, of the dtype ``fn`` gives it.
    ``block``: rows a block (:data:`BLOCK`).
    """
    block = BLOCK if block is None else block
    n = rows[0].shape[-1] if len(rows) else 0
    if n <= block:
        return fn(rows, *args)
    out = None
    for start in range(0, n, block):
        part = slice(start, min(start + block, n))
        got = fn(type(rows)(*(a[..., part] for a in rows)), *args)
        if out is None:
            out = type(got)(*(np.empty((*g.shape[:-1], n), g.dtype) for g in got))
        for whole, values in zip(out, got, strict=True):
            whole[..., part] = values
    return out
