"""Which rows of a typed column hold given values, as numpy bool arrays.

A checked log holds its enumerations (contracts, camps, pairs) as categoricals:
there a value is found by comparing each row's one- or two-byte code with the
codes of the values asked for, where pandas' own comparison of a categorical
with a value goes through masked arrays several times slower.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np
import pandas as pd

__all__ = ["is_in"]


def is_in(column: pd.Series, values: Collection[str]) -> np.ndarray:
    """(N,) bool: the rows whose value is one of ``values`` (a blank never is)."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        codes = column.array.codes
        out = np.zeros(len(codes), dtype=bool)
        for c in np.flatnonzero(column.cat.categories.isin(list(values))):
            out |= codes == c
        return out
    return column.isin(list(values)).to_numpy(dtype=bool)
