"""A column of raw cells, factorised once, whatever the cells hold.

Conversions (:mod:`~cardscore_frames.checking.conform`) work on a column's few
distinct values and spread the verdicts back over the rows. Cells that cannot be
one value of a log (a list, a dict or bytes, from JSON lines or a DataFrame) are
found here too, among the distinct values, so that they are reported, never
turned into text nor allowed to break the pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT

__all__ = ["Cells", "blank_value", "odd_kind"]

#: What a cell holding more than one value (or raw bytes) is called in messages.
_ODD = (
    (bytes, "bytes"),
    (bytearray, "bytes"),
    (memoryview, "bytes"),
    (list, "a list"),
    (tuple, "a tuple"),
    (dict, "a dict"),
    (set, "a set"),
    (frozenset, "a set"),
    (np.ndarray, "an array"),
    (complex, "a complex number"),
    (np.complexfloating, "a complex number"),
)


def odd_kind(value: Any) -> str | None:
    """What ``value`` is when it cannot be a cell of a log (None: it can)."""
    for kind, name in _ODD:
        if isinstance(value, kind):
            return name
    if isinstance(value, (pd.Series, pd.DataFrame, pd.Index)):
        return "a pandas object"
    return None


class _Unhashable:
    """An unhashable cell (a list, a dict), hashed by identity so that the column
    can be factorised; every such cell is a value of its own."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _factorize(raw: pd.Series) -> tuple[np.ndarray, Any]:
    """Codes and distinct values; cells that cannot be hashed are kept whole."""
    try:
        return pd.factorize(raw, use_na_sentinel=True)
    except (TypeError, NotImplementedError, ValueError, ArithmeticError):
        pass
    except Exception as exc:  # pyarrow's errors, without importing pyarrow here
        if type(exc).__module__.split(".")[0] != "pyarrow":
            raise
    values = raw.to_numpy(dtype=object, na_value=None)
    keys = np.empty(len(values), dtype=object)
    keys[:] = [v if _hashable(v) else _Unhashable(v) for v in values]
    codes, uniques = pd.factorize(keys, use_na_sentinel=True)
    plain = [u.value if isinstance(u, _Unhashable) else u for u in uniques]
    return codes, plain


#: What pandas infers of values that are all plain cells (no list nor bytes).
_PLAIN_KINDS = frozenset(
    ("string", "integer", "floating", "mixed-integer-float", "boolean", "empty")
    + ("datetime", "datetime64", "date", "time", "timedelta", "decimal")
)


def _odd_values(uniques: Any, values: list) -> np.ndarray | None:
    """Per distinct value, what it is when it cannot be a cell (None where it
    can); None when all can, as typed arrays always can (only objects are
    looked at one by one)."""
    dtype = getattr(uniques, "dtype", object)
    if pd.api.types.is_complex_dtype(dtype):  # never a log's number
        return np.array(["a complex number"] * (len(values) - 1) + [None], object)
    if dtype != object:
        return None
    if pd.api.types.infer_dtype(values, skipna=True) in _PLAIN_KINDS:
        return None
    odd = [odd_kind(u) for u in values]
    return np.array(odd, dtype=object) if any(odd) else None


class Cells:
    """A column factorised once: every conversion works on its few distinct values.

    ``uniques`` has one trailing ``None`` so that NA (code -1) indexes it;
    ``odd_u`` marks the distinct values that cannot be a cell (lists, dicts,
    bytes), which :meth:`take_odd` reports and blanks.
    """

    def __init__(self, raw: pd.Series) -> None:
        self.raw = raw
        if isinstance(raw.dtype, pd.CategoricalDtype):  # read as codes already
            # the cells' own codes, as indices: numpy converts narrower codes
            # on every gather, at several times the gather's cost (and what is
            # typed from them never shares the column's memory)
            codes, uniques = raw.array.codes.astype(np.intp), raw.cat.categories
        else:
            codes, uniques = _factorize(raw)
        self.codes = np.asarray(codes)
        #: the distinct values as text when they all are (vectorised checks)
        self.text = uniques if getattr(uniques, "dtype", None) == "str" else None
        if isinstance(uniques, list):
            self.uniques = [*uniques, None]
        else:
            self.uniques = [*np.asarray(uniques, dtype=object).tolist(), None]
        if self.text is not None:
            blank = np.asarray(self.text.str.strip() == "", dtype=bool)
            self.blank_u = np.append(blank, True)
            self.odd_u = None
        elif getattr(getattr(uniques, "dtype", None), "kind", "O") in "iufbmM":
            # numbers and dates: a blank is a missing value, found at once
            self.blank_u = np.append(np.asarray(pd.isna(uniques), dtype=bool), True)
            self.odd_u = _odd_values(uniques, self.uniques)
        else:
            self.blank_u = np.array([blank_value(u) for u in self.uniques], bool)
            self.odd_u = _odd_values(uniques, self.uniques)
        self._blank_rows()

    def _blank_rows(self) -> None:
        self.is_blank = (
            self.blank_u[self.codes]
            if self.blank_u[:-1].any()
            else np.asarray(self.codes) < 0
        )

    def take_odd(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Rows holding a list, dict or bytes, and what each is; those values read
        as blank from now on (they are reported, so nothing else is said of them)."""
        if self.odd_u is None:
            return None
        odd = self.odd_u != None  # noqa: E711 (an object array)
        self.blank_u = self.blank_u | odd
        self._blank_rows()
        return odd[self.codes], self.odd_u[self.codes]

    def blank_where(self, rows: np.ndarray, filler: Callable[[Any], bool]) -> None:
        """On ``rows``, the values ``filler`` accepts read as blank."""
        fill_u = np.array(
            [not b and filler(u) for u, b in zip(self.uniques, self.blank_u)], bool
        )
        hit = rows & fill_u[self.codes]
        if hit.any():
            self.codes = np.where(hit, -1, self.codes)
            self._blank_rows()

    def spread(self, per_value: np.ndarray) -> np.ndarray:
        """``per_value`` (an entry per distinct value, then -1 for the blank) of
        every row. A column read as the categorical it is typed to numbers its
        values 0, 1, ... already: its codes are taken as they are (the cells'
        own copy), not looked up."""
        n = len(per_value) - 1
        if per_value[n] == -1 and np.array_equal(per_value[:n], np.arange(n)):
            return self.codes
        return per_value[self.codes]

    def map(self, fn: Callable[[Any], Any], dtype: Any = object) -> np.ndarray:
        """``fn`` of every distinct non-blank value, spread back over the rows."""
        per = np.array(
            [None if b else fn(u) for u, b in zip(self.uniques, self.blank_u)],
            dtype=object,
        )
        out = per[self.codes]
        return out if dtype is object else out.astype(dtype)

    def map_text(self, fn: Callable[[Any], str]) -> pd.api.extensions.ExtensionArray:
        """Like :meth:`map` into a ``str`` array: distinct values converted once, then
        gathered (much faster than converting a million Python strings)."""
        per = pd.array(
            [None if b else fn(u) for u, b in zip(self.uniques, self.blank_u)],
            dtype=TEXT,
        )
        return per.take(np.where(self.codes < 0, len(self.uniques) - 1, self.codes))


def blank_value(v: Any) -> bool:
    """Whether a cell is empty: None, NaN, NaT or text of spaces only."""
    if isinstance(v, str):
        return not v.strip()
    if v is None:
        return True
    return bool(pd.api.types.is_scalar(v) and pd.isna(v))  # a list is a value
