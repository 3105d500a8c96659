"""Arithmetic a block of rows at a time gives what it gives on every row at once."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pytest

from cardscore_frames.blocks import by_blocks


class In(NamedTuple):
    a: np.ndarray
    b: np.ndarray


class Out(NamedTuple):
    total: np.ndarray
    big: np.ndarray
    pair: np.ndarray


def formula(x: In, limit: int) -> Out:
    total = x.a + x.b
    return Out(total, total > limit, np.vstack([x.a, x.b]).astype(np.int8))


@pytest.mark.parametrize("n", [0, 1, 6, 7, 8, 20])
def test_blocks_of_rows_give_every_row_its_own_result(n):
    x = In(np.arange(n, dtype=np.int64), np.arange(n, dtype=np.int64) % 3)
    got = by_blocks(formula, x, 10, block=7)  # blocks of 7: 0, 1, 2 or 3 of them
    assert [g.dtype for g in got] == [np.int64, np.bool_, np.int8]
    np.testing.assert_array_equal(got.total, [i + i % 3 for i in range(n)])
    np.testing.assert_array_equal(got.big, [i + i % 3 > 10 for i in range(n)])
    assert got.pair.shape == (2, n)  # (seats, rows): the rows are the last axis
    np.testing.assert_array_equal(got.pair[1], [i % 3 for i in range(n)])
