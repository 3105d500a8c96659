"""Numbers in a log: parsed once per distinct value, held to the field's range.

Text is parsed with a decimal point or comma; numbers already typed (Parquet, a
DataFrame) are checked as they are. Every number is checked against the field's
bounds and, where the field leaves a side open, against what a float counts
exactly (:data:`~cardscore_frames.checking.schema.EXACT_LIMIT`), so that no
number is changed on the way in: beyond it, a value is reported, never rounded.
"""

from __future__ import annotations

import decimal
import math
import numbers
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking.cells import Cells
from cardscore_frames.checking.problems import Problems
from cardscore_frames.checking.schema import EXACT_LIMIT, Field, normalise_token

__all__ = [
    "filled",
    "as_number",
    "number_of",
    "to_number",
    "to_int",
    "plain_numbers",
    "typed_numbers",
    "filler",
]


def filled(column: pd.Series, dtype: Any, blank: Any) -> np.ndarray:
    """A number column as a numpy array of ``dtype``, its blank cells as ``blank``
    (``column.to_numpy(dtype=dtype, na_value=blank)``). The result may share the
    column's memory, so it is read-only: copy it before changing it."""
    out = column.to_numpy(dtype=dtype, na_value=blank).view()
    out.flags.writeable = False
    return out


def filler(values: tuple[str, ...]):
    """Whether a cell is one of ``values``: the word in any case, or a number
    equal to it (``0``, ``0.0``, ``0,0``)."""
    words = {normalise_token(v) for v in values}
    given = {n for v in values if (n := as_number(v)) is not None}

    def is_filler(u: Any) -> bool:
        if isinstance(u, str):
            text = normalise_token(u)
            return text in words or as_number(text) in given
        return number_of(u) in given

    return is_filler


def as_number(text: str) -> float | None:
    """Text as a finite float, a decimal comma allowed (None: not a number)."""
    if "_" in text:  # float() reads "1_000"; a log does not write numbers so
        return None
    try:
        value = float(text.replace(",", "."))
    except (ValueError, OverflowError):
        return None
    return value if np.isfinite(value) else None


def number_of(u: Any) -> float | None:
    """A cell as a float: numbers as they are (inf and NaN are no number), text
    parsed with a decimal point or comma; anything else (lists, bytes) is None."""
    if isinstance(u, (bool, np.bool_)):
        return None  # True/False are not numbers
    if isinstance(u, (int, np.integer)):
        return float(u) if abs(int(u)) < 10**300 else 1e300
    if isinstance(u, (float, np.floating, numbers.Real, decimal.Decimal)):
        value = float(u)  # Decimal and Fraction too: a number written exactly
        return value if np.isfinite(value) else None
    if isinstance(u, str):
        return as_number(u.strip())
    return None


def to_number(f: Field, cells: Cells, problems: Problems, whole: bool = False):
    """Each distinct value parsed and checked once, the verdicts gathered."""
    if cells.text is not None:
        per = _parsed(cells.text)
    else:
        per = np.array(
            [
                np.nan if b or (v := number_of(u)) is None else v
                for u, b in zip(cells.uniques[:-1], cells.blank_u[:-1])
            ],
            dtype=float,
        )
    per_u = np.append(per, np.nan)
    verdict = _verdicts(f, per_u, cells.blank_u, whole)
    if verdict.any():  # a value to report: only then looked up row by row
        _report(f, verdict[cells.codes], problems)
    bad = verdict > 0
    # each distinct value typed once, then one gather of the rows' values and
    # one of their blanks (not floats gathered, then converted)
    value_u = np.where(bad, 0.0, np.nan_to_num(per_u))
    mask = (bad | cells.blank_u)[cells.codes]
    if whole:
        return pd.arrays.IntegerArray(value_u.astype(np.int64)[cells.codes], mask)
    return pd.arrays.FloatingArray(value_u[cells.codes], mask)


def _parsed(text: pd.Index) -> np.ndarray:
    """Text as numbers, a decimal comma allowed; NaN where it is not a number."""
    cleaned = pd.Series(text).str.strip().str.replace(",", ".", regex=False)
    num = pd.to_numeric(cleaned, errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    good = np.isfinite(num)
    if good.any():
        # the numbers found, read again to the exact double: to_numeric of text
        # can be a unit in the last place off (pandas 3.0.0), astype is not
        try:
            exact = cleaned[good].astype("float64").to_numpy()
        except (TypeError, ValueError):  # a form only to_numeric reads: keep it
            exact = num[good]
        num = num.copy()
        num[good] = exact
    return np.where(good, num, np.nan)


def _within(f: Field, num: np.ndarray) -> bool:
    """Whether every number given (NaN: blank) is within the field's bounds and
    what a float counts exactly: two reductions, where a verdict per value takes
    several passes."""
    low, high = f.bounds()
    least = np.fmin.reduce(num, initial=np.inf)  # fmin and fmax skip NaN: all
    most = np.fmax.reduce(num, initial=-np.inf)  # blank gives inf and -inf
    return bool(max(low, -EXACT_LIMIT) <= least and most <= min(high, EXACT_LIMIT))


def _off_step(num: np.ndarray, step: float) -> bool:
    """Whether a number given (NaN: blank) is not a multiple of ``step``."""
    r = num / step
    np.subtract(r, np.floor(r), out=r)  # in [0, 1) for a finite number; NaN
    return bool((r > 0).any())  # (a blank) is never above 0


#: Per value: 0 good or blank, then the reason it is not.
_VERDICTS = ("", "not_a_number", "too_large", "out_of_range", "not_in_steps")


def _verdicts(f: Field, num: np.ndarray, blank: np.ndarray, whole: bool) -> np.ndarray:
    """A verdict code (index into _VERDICTS) per value: the first check it fails.

    Beyond the field's own bounds is ``out_of_range``; beyond what a float counts
    exactly on a side the field leaves open is ``too_large``.
    """
    ok = np.isfinite(num)
    out = np.zeros(len(num), dtype=np.int8)
    out[~ok & ~blank] = 1
    low, high = f.bounds()
    huge = ok & (np.abs(num) > EXACT_LIMIT)
    own = ok & (
        ((num < low) & (f.low is not None)) | ((num > high) & (f.high is not None))
    )
    out[huge & ~own] = 2
    out[own] = 3
    for step in (1.0 if whole else None, f.step):  # whole numbers, then the step
        if step is not None:
            off = ok & (out == 0) & ((num / step) != np.floor(num / step))
            out[off] = 4
    return out


def _report(f: Field, verdict: np.ndarray, problems: Problems) -> None:
    message = f"{f.name} must be {f.allowed()}; got {{value}}"
    for code, reason in enumerate(_VERDICTS):
        if code == 0 or not (verdict == code).any():
            continue
        text = message
        if reason == "too_large":
            text = (
                f"{f.name} must be {f.allowed()}, at most {EXACT_LIMIT:,} in size "
                "(beyond it a number is no longer counted exactly); got {value}"
            )
        problems.add(verdict == code, f.name, reason, text)


def plain_numbers(raw: pd.Series) -> bool:
    """A column of numbers already (Parquet, a DataFrame): no text to parse."""
    dtype = raw.dtype
    return (
        pd.api.types.is_numeric_dtype(dtype)
        and not pd.api.types.is_bool_dtype(dtype)
        and not pd.api.types.is_complex_dtype(dtype)  # its imaginary part is lost
    )


def typed_numbers(f: Field, raw: pd.Series, problems: Problems, fill_rows=None):
    """A numeric column checked as it is, without factorising it; on
    ``fill_rows`` a 0 reads as blank when ``f.blank_when`` says so."""
    clean = _whole_in_range(f, raw, fill_rows)
    if clean is not None:  # nothing any check could say: taken as it is
        return clean
    num = filled(raw, float, np.nan)
    blank = np.isnan(num)
    if fill_rows is not None and f.blank_when is not None:
        fillers = [n for v in f.blank_when.values if (n := as_number(v)) is not None]
        fill = fill_rows & np.isin(num, fillers)
        if fill.any():
            num = np.where(fill, np.nan, num)
            blank = blank | fill
    if not f.blank and f.default is None:
        problems.add(blank, f.name, "blank", f"{f.name} must not be blank")
    # whole numbers already (an integer column): nothing to check for it
    integral = pd.api.types.is_integer_dtype(raw.dtype)
    typed = _checked(f, num, blank, problems, f.kind == "int", integral)
    if f.default is not None:
        return pd.Series(typed).where(~blank, f.default).array
    return typed


def _whole_in_range(f: Field, raw: pd.Series, fill_rows) -> Any:
    """A column of whole numbers (int64, or Int64 whose blanks the field allows
    as blanks) whose smallest and largest values are within the field's bounds:
    no cell can have a problem, so it is typed without a verdict per cell (two
    reductions instead of several passes)."""
    if f.kind != "int" or not pd.api.types.is_signed_integer_dtype(raw.dtype):
        return None
    if fill_rows is not None and f.blank_when is not None:
        return None
    blank = raw.isna().to_numpy()
    if blank.any() and not (f.blank and f.default is None):
        return None  # a blank is a problem, or reads as the default
    if blank.all():
        return None
    low, high = f.bounds()
    # blanks read as a number in range: numpy's reductions, not pandas' masked
    # ones (several times slower), find the smallest and largest value
    inside = min(max(0, math.ceil(low)), high)
    values = filled(raw, np.int64, inside)
    smallest, largest = values.min(), values.max()
    if smallest < low or largest > high:
        return None
    if f.step is not None and f.step != 1:
        if _off_whole_step(values, f.step, smallest, largest):
            return None
    if not values.flags.writeable:  # a view of the raw column: the typed one owns
        values = values.copy()
    return pd.arrays.IntegerArray(values, blank)


#: The widest span of whole numbers :func:`_off_whole_step` looks up in a table.
_SPAN = 1 << 16


def _off_whole_step(values: np.ndarray, step, smallest, largest) -> bool:
    """Some of the whole ``values`` is not a multiple of ``step``. Where they
    span a few thousand numbers from 0, each is looked up in a table of that
    span (a gather: several times faster than a remainder per value)."""
    if 0 <= smallest and largest < _SPAN:
        off = np.arange(largest + 1) % step != 0
        return bool(off[values].any())
    return bool((values % step != 0).any())


def _checked(
    f: Field,
    num: np.ndarray,
    blank: np.ndarray,
    problems,
    whole: bool,
    integral: bool = False,
):
    """Numbers against the field's range and step, as a nullable array.
    ``integral``: every number is whole already (an integer column)."""
    steps = [
        s
        for s in (1.0 if whole else None, f.step)
        if s is not None and not (integral and float(s) == 1.0)
    ]
    if _within(f, num) and not any(_off_step(num, s) for s in steps):
        # nothing to report: two reductions and a pass per step, where a
        # verdict per value takes several passes
        if whole:
            return pd.arrays.IntegerArray(
                np.where(blank, 0, num).astype(np.int64), blank
            )
        return pd.arrays.FloatingArray(np.where(blank, 0.0, num), blank)
    verdict = _verdicts(f, num, blank, whole)
    _report(f, verdict, problems)
    mask = (verdict > 0) | blank
    if whole:
        return pd.arrays.IntegerArray(np.where(mask, 0, num).astype(np.int64), mask)
    return pd.arrays.FloatingArray(np.where(mask, 0.0, num), mask)


def to_int(f: Field, cells: Cells, problems: Problems):
    return to_number(f, cells, problems, whole=True)
