"""Conforming raw cells to typed columns, recording every value that does not fit.

Each column is factorised once; conversions run on its few distinct values and are
spread back over the rows, so a million deals cost little more than a thousand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.problems import Problems
from cardscore_frames.schema import Field, normalise_token

__all__ = ["conform", "blank", "share_names"]

_TRUE = {"true", "t", "yes", "y", "1", "1.0", "да"}
_FALSE = {"false", "f", "no", "n", "0", "0.0", "нет"}


def blank(values: pd.Series) -> pd.Series:
    """True where a raw cell is empty (NA or only white space)."""
    return pd.Series(_Cells(values).is_blank, index=values.index)


class _Cells:
    """A column factorised once: every conversion works on its few distinct values.

    ``uniques`` has one trailing ``None`` so that NA (code -1) indexes it.
    """

    def __init__(self, raw: pd.Series) -> None:
        self.raw = raw
        codes, uniques = pd.factorize(raw, use_na_sentinel=True)
        self.codes = codes
        self.uniques = [*uniques, None]
        self.blank_u = np.array([_blank_value(u) for u in self.uniques], dtype=bool)
        self.is_blank = self.blank_u[codes]

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
            dtype="str",
        )
        return per.take(np.where(self.codes < 0, len(self.uniques) - 1, self.codes))


def _blank_value(v: Any) -> bool:
    if v is None or (not isinstance(v, str) and pd.isna(v)):
        return True
    return isinstance(v, str) and not v.strip()


def conform(f: Field, raw: pd.Series, problems: Problems) -> pd.Series:
    cells = _Cells(raw)
    if not f.blank and f.default is None:
        problems.add(cells.is_blank, f.name, "blank", f"{f.name} must not be blank")
    typed = pd.Series(
        _CONVERTERS[f.kind](f, cells, problems), index=raw.index, name=f.name
    )
    if f.default is not None and f.kind != "choice":
        typed = typed.where(~cells.is_blank, f.default)
    return typed


def _to_id(f: Field, cells: _Cells, problems: Problems):
    """Game ids: ``Int64`` when every id is a whole number, else text."""
    if pd.api.types.is_integer_dtype(cells.raw.dtype):
        return cells.raw.astype("Int64").array
    per = [
        None if b else _as_number(str(u).strip())
        for u, b in zip(cells.uniques, cells.blank_u)
    ]
    num = np.array([np.nan if v is None else v for v in per], dtype=float)[cells.codes]
    whole = ~np.isnan(num) & (num == np.floor(num))
    if bool((whole | cells.is_blank).all()):
        return pd.arrays.IntegerArray(np.where(whole, num, 0).astype(np.int64), ~whole)
    return cells.map_text(lambda u: str(u).strip())


def _as_number(text: str) -> float | None:
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        return None
    return value if np.isfinite(value) else None


def _to_number(f: Field, cells: _Cells, problems: Problems, whole: bool = False):
    if pd.api.types.is_bool_dtype(cells.raw.dtype):
        per = [None for _ in cells.uniques]  # True/False are not numbers
    else:
        per = [
            None
            if b
            else (
                float(u)
                if isinstance(u, (int, float, np.number))
                else _as_number(str(u).strip())
            )
            for u, b in zip(cells.uniques, cells.blank_u)
        ]
    per_u = np.array([np.nan if v is None else v for v in per], dtype=float)
    num = per_u[cells.codes]
    ok = ~np.isnan(num)
    message = f"{f.name} must be {f.allowed()}; got {{value}}"
    problems.add(~ok & ~cells.is_blank, f.name, "not_a_number", message)
    out = np.zeros(len(num), dtype=bool)
    if f.low is not None:
        out |= ok & (num < f.low)
    if f.high is not None:
        out |= ok & (num > f.high)
    problems.add(out, f.name, "out_of_range", message)
    for step in (1.0 if whole else None, f.step):  # whole numbers, then the step
        if step is not None:
            off = ok & ~out & ((num / step) != np.floor(num / step))
            problems.add(off, f.name, "not_in_steps", message)
            out |= off
    mask = ~ok | out
    if whole:
        return pd.arrays.IntegerArray(np.where(mask, 0, num).astype(np.int64), mask)
    return pd.arrays.FloatingArray(np.where(mask, 0.0, num), mask)


def _to_int(f: Field, cells: _Cells, problems: Problems):
    return _to_number(f, cells, problems, whole=True)


def _to_name(f: Field, cells: _Cells, problems: Problems):
    """Player names: a categorical (a club's names are an enumeration), ordered by
    name so that names sort and compare as text does."""
    stripped = [
        None if b else str(u).strip() for u, b in zip(cells.uniques, cells.blank_u)
    ]
    names = sorted({n for n in stripped if n is not None})
    where = {n: i for i, n in enumerate(names)}
    lut = np.array([-1 if n is None else where[n] for n in stripped], dtype=np.int32)
    return pd.Categorical.from_codes(
        lut[cells.codes], categories=pd.Index(names, dtype="str"), ordered=True
    )


def share_names(typed: dict[str, pd.Series], fields: list[Field]) -> None:
    """Give every name column of a log the same categories, so that names compare
    (taker against player1) as integer codes."""
    cols = [f.name for f in fields if f.kind == "name" and f.name in typed]
    names = (
        sorted(set().union(*(typed[c].cat.categories for c in cols))) if cols else []
    )
    shared = pd.Index(names, dtype="str")
    for c in cols:
        typed[c] = typed[c].cat.set_categories(shared)


def _to_text(f: Field, cells: _Cells, problems: Problems):
    return cells.map_text(str)


def _to_choice(f: Field, cells: _Cells, problems: Problems):
    norm = [
        None if b else _norm_choice(f, u) for u, b in zip(cells.uniques, cells.blank_u)
    ]
    good = np.array([n is not None for n in norm], dtype=bool)
    bad = ~cells.is_blank & ~good[cells.codes]
    problems.add(
        bad, f.name, "not_allowed", f"{f.name} must be {f.allowed()}; got {{value}}"
    )
    if f.default is not None:  # a blank cell means the default, as documented
        norm = [f.default if b else n for n, b in zip(norm, cells.blank_u)]
    # combinations ("simple+double") become categories of their own, after the
    # single choices
    extra = sorted({n for n in norm if n is not None and n not in f.choices})
    categories = [*f.choices, *extra]
    where = {c: i for i, c in enumerate(categories)}
    code_u = np.array([-1 if n is None else where[n] for n in norm], dtype=np.int16)
    return pd.Categorical.from_codes(code_u[cells.codes], categories=categories)


def _norm_choice(f: Field, value: Any) -> str | None:
    text = normalise_token(str(value))
    if f.multi:
        parts = [f.value_aliases.get(p, p) for p in text.split("+")]
        parts = [normalise_token(p) for p in parts]
        if all(p in f.choices for p in parts):
            # "none" alone, or only real tokens: order-insensitive, stored sorted
            if len(parts) > 1 and f.default in parts:
                return None
            return "+".join(sorted(parts, key=f.choices.index))
        return None
    text = f.value_aliases.get(text, text)
    return text if text in f.choices else None


def _to_flag(f: Field, cells: _Cells, problems: Problems):
    def flag(u: Any) -> bool | None:
        if isinstance(u, (bool, np.bool_)):
            return bool(u)
        text = str(u).strip().lower()
        return True if text in _TRUE else False if text in _FALSE else None

    values = cells.map(flag)
    unknown = np.array([v is None for v in values], dtype=bool)
    problems.add(
        unknown & ~cells.is_blank,
        f.name,
        "not_a_flag",
        f"{f.name} must be true or false; got {{value}}",
    )
    return pd.arrays.BooleanArray(
        np.where(unknown, False, values).astype(bool), unknown
    )


_CONVERTERS = {
    "id": _to_id,
    "int": _to_int,
    "number": _to_number,
    "name": _to_name,
    "choice": _to_choice,
    "flag": _to_flag,
    "text": _to_text,
}


# --- the whole pass --------------------------------------------------------------
