"""Conforming raw cells to typed columns, recording every value that does not fit.

Each column is factorised once; conversions run on its few distinct values and are
spread back over the rows, so a million deals cost little more than a thousand.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking.cells import Cells as _Cells
from cardscore_frames.checking.numbers import (
    filler,
    plain_numbers,
    to_int,
    to_number,
    typed_numbers,
)
from cardscore_frames.checking.problems import Problems
from cardscore_frames.checking.schema import EXACT_LIMIT, Field, normalise_value

__all__ = ["conform", "share_names", "typed_dtype", "sheet_choice_message"]

_TRUE = {"true", "t", "yes", "y", "1", "1.0", "да"}
_FALSE = {"false", "f", "no", "n", "0", "0.0", "нет"}


def conform(
    f: Field, raw: pd.Series, problems: Problems, fill_rows: np.ndarray | None = None
) -> pd.Series:
    """``raw`` typed as ``f`` says, every value that does not fit reported.

    ``fill_rows`` marks the rows where ``f.blank_when`` holds: there its filler
    values (0, ``none``) read as blank.
    """
    if f.kind in ("int", "number") and plain_numbers(raw):
        typed = typed_numbers(f, raw, problems, fill_rows)
        # a new array (never the raw column's own): no copy
        return pd.Series(typed, index=raw.index, name=f.name, copy=False)
    if (  # whole-number ids with no blank: nothing to look at value by value
        f.kind == "id"
        and pd.api.types.is_signed_integer_dtype(raw.dtype)
        and not raw.hasnans
    ):
        return pd.Series(raw.astype("Int64").array, index=raw.index, name=f.name)
    if f.kind == "flag" and pd.api.types.is_bool_dtype(raw.dtype):
        return _typed_flags(f, raw, problems)
    cells = _Cells(raw)
    odd = cells.take_odd()
    if odd is not None:
        problems.add(
            odd[0],
            f.name,
            "not_a_value",
            f"{f.name} must be {f.allowed()}; got {{value}} ({{kind}}: a cell holds "
            "one value)",
            kind=odd[1],
        )
    if fill_rows is not None and f.blank_when is not None:
        cells.blank_where(fill_rows, filler(f.blank_when.values))
    if not f.blank and f.default is None:
        problems.add(cells.is_blank, f.name, "blank", f"{f.name} must not be blank")
    typed = pd.Series(
        _CONVERTERS[f.kind](f, cells, problems), index=raw.index, name=f.name
    )
    if f.default is not None and f.kind != "choice":
        typed = typed.where(~cells.is_blank, f.default)
    return typed


def _typed_flags(f: Field, raw: pd.Series, problems: Problems) -> pd.Series:
    """A column of true and false already (Parquet, a DataFrame): only its
    blanks can be a problem, and nothing is looked at value by value."""
    if isinstance(raw.dtype, pd.BooleanDtype):
        blank = raw.isna().to_numpy(copy=True)
        values = raw.to_numpy(dtype=bool, na_value=False, copy=True)
    else:
        values, blank = raw.to_numpy(dtype=bool, copy=True), None
    if blank is not None and not f.blank and f.default is None:
        problems.add(blank, f.name, "blank", f"{f.name} must not be blank")
    if blank is not None and f.default is not None:  # blanks read as the default
        values[blank] = bool(f.default)
        blank = None
    if blank is None:
        blank = np.zeros(len(values), dtype=bool)
    typed = pd.arrays.BooleanArray(values, blank)
    return pd.Series(typed, index=raw.index, name=f.name, copy=False)


def _to_id(f: Field, cells: _Cells, problems: Problems):
    """Game ids: ``Int64`` when every id is a whole number written plainly (``12``,
    not ``012`` nor ``12.5``), else text (a categorical: a handful of games over
    many deals); an id is never changed on the way in: a float id that counts
    no more in ones (beyond 2**53) or is no number (inf) is reported."""
    if pd.api.types.is_signed_integer_dtype(cells.raw.dtype):
        return cells.raw.astype("Int64").array
    if cells.text is not None:
        return _text_ids(cells)
    _report_float_ids(f, cells, problems)
    given = [u for u, b in zip(cells.uniques, cells.blank_u) if not b]
    whole = _whole_ids(given)
    if whole is not None:
        per = np.zeros(len(cells.uniques), dtype=np.int64)
        per[~cells.blank_u] = whole
        return pd.arrays.IntegerArray(per[cells.codes], cells.is_blank.copy())
    text = [None if b else _id_text(u) for u, b in zip(cells.uniques, cells.blank_u)]
    codes, names = pd.factorize(pd.Series(text, dtype=TEXT))
    return pd.Categorical.from_codes(
        codes[cells.codes], categories=pd.Index(names, dtype=TEXT)
    )


def _report_float_ids(f: Field, cells: _Cells, problems: Problems) -> None:
    """Float ids beyond what a float counts exactly, or not numbers at all."""
    verdict = np.array(
        [
            0
            if b or not isinstance(u, (float, np.floating))
            else 1
            if not np.isfinite(u)
            else 2
            if abs(u) > EXACT_LIMIT
            else 0
            for u, b in zip(cells.uniques, cells.blank_u)
        ],
        dtype=np.int8,
    )
    if not verdict.any():
        return
    allowed = f"a whole number (at most {EXACT_LIMIT:,} in size) or a text"
    for code, reason in ((1, "not_a_number"), (2, "too_large")):
        problems.add(
            (verdict == code)[cells.codes],
            f.name,
            reason,
            f"{f.name} must be {allowed}; got {{value}}",
        )
    cells.blank_u = cells.blank_u | (verdict > 0)
    cells.is_blank = cells.blank_u[cells.codes]


def _text_ids(cells: _Cells):
    """Ids read as text (a CSV): vectorised over the distinct values."""
    text = pd.Series(cells.text).str.strip()
    given = ~cells.blank_u[:-1]
    # one id given that is not a plain whole number: not every one is (the
    # others are not matched one by one)
    first = int(np.argmax(given)) if given.any() else None
    if first is None or _plain_id(text.iloc[first]):
        plain = text.str.fullmatch(_PLAIN_INT.pattern) & (text.str.len() < 19)
        if bool(plain[given].all()):
            per = np.where(given, pd.to_numeric(text.where(given, "0")), 0)
            per = np.append(per, 0).astype(np.int64)
            return pd.arrays.IntegerArray(per[cells.codes], cells.is_blank.copy())
    raw = cells.raw.dtype
    if isinstance(raw, pd.CategoricalDtype) and not raw.ordered and given.all():
        if bool((text == pd.Series(cells.text)).all()):  # nothing to strip:
            # each id one of the column's categories already, in their order
            return pd.Categorical.from_codes(
                cells.spread(np.append(np.arange(len(text)), -1)),
                dtype=raw,
                validate=False,
            )
    codes, names = pd.factorize(text.where(given, None))
    return pd.Categorical.from_codes(  # factorize's codes are valid ones
        cells.spread(np.append(codes, -1)),
        categories=pd.Index(names, dtype=TEXT),
        validate=False,
    )


def _whole_ids(values: list) -> np.ndarray | None:
    """The ids as int64 when each is a whole number written plainly, else None."""
    if all(
        isinstance(u, (int, np.integer))
        and not isinstance(u, bool)
        and -(2**63) <= u < 2**63
        for u in values
    ):
        return np.array(values, dtype=np.int64) if values else np.zeros(0, np.int64)
    text = pd.Series([_id_text(u) for u in values], dtype=TEXT)
    plain = text.str.fullmatch(_PLAIN_INT.pattern) & (text.str.len() < 19)
    return text.astype("int64").to_numpy() if plain.all() else None


def _id_text(u: Any) -> str:
    """An id as text: Excel's 12.0 is 12; text stripped."""
    if isinstance(u, (float, np.floating)) and np.isfinite(u) and u == int(u):
        return str(int(u))
    return str(u).strip()


_PLAIN_INT = re.compile(r"-?(0|[1-9][0-9]*)")


def _plain_id(text: str) -> bool:
    """A whole number written plainly, short enough for an int64."""
    return len(text) < 19 and _PLAIN_INT.fullmatch(text) is not None


def _to_name(f: Field, cells: _Cells, problems: Problems):
    """Player names: a categorical (a club's names are an enumeration), ordered by
    name so that names sort and compare as text does."""
    stripped = [
        None if b else _label_text(u) for u, b in zip(cells.uniques, cells.blank_u)
    ]
    names = sorted({n for n in stripped if n is not None})
    where = {n: i for i, n in enumerate(names)}
    lut = np.array([-1 if n is None else where[n] for n in stripped], dtype=np.int32)
    dtype = pd.CategoricalDtype(pd.Index(names, dtype=TEXT), ordered=True)
    return pd.Categorical.from_codes(cells.spread(lut), dtype=dtype, validate=False)


def share_names(typed: dict[str, pd.Series], fields: list[Field]) -> None:
    """Give every name column of a log the same categories, so that names compare
    (taker against player1) as integer codes."""
    cols = [f.name for f in fields if f.kind == "name" and f.name in typed]
    names = (
        sorted(set().union(*(typed[c].cat.categories for c in cols))) if cols else []
    )
    shared = pd.Index(names, dtype=TEXT)
    for c in cols:
        if not typed[c].cat.categories.equals(shared):  # else: shared already
            typed[c] = typed[c].cat.set_categories(shared)


def _to_text(f: Field, cells: _Cells, problems: Problems):
    return cells.map_text(_label_text)


def _label_text(u: Any) -> str:
    """A cell as text: whole numbers without ``.0`` (Excel's 1 is the CSV's "1"),
    dates as ISO dates, text stripped."""
    if isinstance(u, (float, np.floating)) and np.isfinite(u) and u == int(u):
        return str(int(u))
    if isinstance(u, (dt.datetime, pd.Timestamp)):
        return u.date().isoformat() if u == pd.Timestamp(u).normalize() else str(u)
    if isinstance(u, dt.date):
        return u.isoformat()
    return str(u).strip()


def _to_label(f: Field, cells: _Cells, problems: Problems):
    """Text with few distinct values (league, season, table) as a categorical."""
    text = [None if b else _label_text(u) for u, b in zip(cells.uniques, cells.blank_u)]
    labels = sorted({t for t in text if t is not None})
    where = {t: i for i, t in enumerate(labels)}
    lut = np.array([-1 if t is None else where[t] for t in text], dtype=np.int32)
    dtype = pd.CategoricalDtype(pd.Index(labels, dtype=TEXT))
    return pd.Categorical.from_codes(cells.spread(lut), dtype=dtype, validate=False)


_DATE_FORMATS = (
    "%Y-%m-%d",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%dT%H:%M",
    "%Y-%m-%dT%H:%M:%S",
    "%d.%m.%Y",
    "%d/%m/%Y",
    "%d.%m.%Y %H:%M",
    "%d/%m/%Y %H:%M",
)

#: A day as ``%Y-%m-%d`` reads it with two digits of month and day, which
#: ``datetime.fromisoformat`` reads the same (it reads more shapes than this).
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _date_of(u: Any) -> pd.Timestamp | None:
    """A cell as a date: datetimes as they are (Excel), text in the ISO form or
    day first (08.01.2026, 08/01/2026), as French and Russian sheets write it."""
    if isinstance(u, (dt.datetime, dt.date, np.datetime64)):
        stamp = pd.Timestamp(u)
        return None if pd.isna(stamp) else stamp
    if not isinstance(u, str):
        return None
    text = u.strip()
    if _ISO_DAY.fullmatch(text):  # the usual cell: a fifth of strptime's time
        try:
            return pd.Timestamp(dt.datetime.fromisoformat(text))
        except ValueError:  # no such day (2025-02-30): no format reads it
            return None
    for fmt in _DATE_FORMATS:
        try:
            return pd.Timestamp(dt.datetime.strptime(text, fmt))
        except ValueError:
            continue
    return None


def _to_date(f: Field, cells: _Cells, problems: Problems):
    per = [None if b else _date_of(u) for u, b in zip(cells.uniques, cells.blank_u)]
    unread = np.array([p is None for p in per], dtype=bool) & ~cells.blank_u
    if unread.any():  # a value no format reads (only then looked up by row)
        problems.add(
            unread[cells.codes] & ~cells.is_blank,
            f.name,
            "not_a_date",
            f"{f.name} must be {f.allowed()}; got {{value}}",
        )
    values = np.array(
        [np.datetime64("NaT", "ns") if p is None else p.to_datetime64() for p in per]
        + [np.datetime64("NaT", "ns")],
        dtype="datetime64[ns]",
    )
    # the gathered array is new: the column takes it without a copy
    return pd.array(values[cells.codes], dtype="datetime64[ns]", copy=False)


def _to_choice(f: Field, cells: _Cells, problems: Problems):
    norm = [
        None if b else _norm_choice(f, u) for u, b in zip(cells.uniques, cells.blank_u)
    ]
    good = np.array([n is not None for n in norm], dtype=bool)
    fits = good | cells.blank_u  # per distinct value: a choice, or blank
    bad = None if fits.all() else ~fits[cells.codes]
    if bad is not None and bad.any():
        hints = np.array(
            [
                "" if ok or blank else _did_you_mean(f, u)
                for u, ok, blank in zip(cells.uniques, good, cells.blank_u)
            ],
            dtype=object,
        )
        problems.add(
            bad,
            f.name,
            "not_allowed",
            f"{f.name} must be {f.allowed()}; got {{value}}{{hint}}",
            hint=hints[cells.codes],
        )
    if f.default is not None:  # a blank cell means the default, as documented
        norm = [f.default if b else n for n, b in zip(norm, cells.blank_u)]
    # combinations ("simple+double") become categories of their own, after the
    # single choices
    extra = sorted({n for n in norm if n is not None and n not in f.choices})
    categories = [*f.choices, *extra]
    where = {c: i for i, c in enumerate(categories)}
    code_u = np.array([-1 if n is None else where[n] for n in norm], dtype=np.int16)
    return pd.Categorical.from_codes(
        cells.spread(code_u),
        dtype=pd.CategoricalDtype(pd.Index(categories, dtype=TEXT)),
        validate=False,
    )


def _did_you_mean(f: Field, value: Any, codes: bool = False) -> str:
    """`` (did you mean 'garde'?)`` for a misspelt choice, "" when none is close;
    ``codes``: the paper sheet's code of the value meant (``'G'``). Each part of
    a value joined by ``+`` is looked at on its own."""
    if not isinstance(value, str):
        return ""
    parts = value.split("+") if f.multi else [value]
    meant = [_closest(f, p, codes) for p in parts]
    if any(m is None for m in meant) or meant == parts:
        return ""
    return f" (did you mean {'+'.join(meant)!r}?)"


def _closest(f: Field, word: str, codes: bool) -> str | None:
    """The value (or its sheet code) ``word`` reads as, or is closest to."""
    key = normalise_value(word)
    close = [key] if key in f.value_aliases else []
    close = close or difflib.get_close_matches(
        key, list(f.value_aliases), n=1, cutoff=0.75
    )
    if not close:
        return None
    value = f.value_aliases[close[0]]
    return (f.codes.get(value) or value) if codes else value


def sheet_choice_message(f: Field, value: Any) -> str:
    """The message for a choice a paper sheet's cell holds that is none of the
    column's: what is allowed in the sheet's own codes, and the code meant."""
    return (
        f"{f.name} must be {f.allowed_on_sheet()}; got {value!r}"
        f"{_did_you_mean(f, value, codes=True)}"
    )


def _norm_choice(f: Field, value: Any) -> str | None:
    """The value a cell names (its words read by ``f.value_aliases``), or None."""
    if f.multi:
        words = [normalise_value(p) for p in str(value).split("+")]
        parts = [f.value_aliases.get(w) for w in words]
        if all(p is not None for p in parts):
            # "none" alone, or only real tokens: order-insensitive, stored sorted
            if len(parts) > 1 and f.default in parts:
                return None
            return "+".join(sorted(parts, key=f.choices.index))
        return None
    return f.value_aliases.get(normalise_value(str(value)))


def _to_flag(f: Field, cells: _Cells, problems: Problems):
    def flag(u: Any) -> bool | None:
        if isinstance(u, (bool, np.bool_)):
            return bool(u)
        text = str(u).strip().lower()
        return True if text in _TRUE else False if text in _FALSE else None

    # each distinct value once: 1 true, 0 false, -1 blank or not a flag
    per = np.array(
        [
            -1 if b or (v := flag(u)) is None else int(v)
            for u, b in zip(cells.uniques, cells.blank_u)
        ],
        dtype=np.int8,
    )
    values = per[cells.codes]
    unknown = values < 0
    problems.add(
        unknown & ~cells.is_blank,
        f.name,
        "not_a_flag",
        f"{f.name} must be true or false; got {{value}}",
    )
    return pd.arrays.BooleanArray(values > 0, unknown)


_CONVERTERS = {
    "id": _to_id,
    "int": to_int,
    "number": to_number,
    "name": _to_name,
    "choice": _to_choice,
    "flag": _to_flag,
    "text": _to_text,
    "label": _to_label,
    "date": _to_date,
}


def typed_dtype(f: Field, column: pd.Series) -> str | None:
    """Why ``column`` is not what :func:`conform` makes of ``f`` (None: it is).

    A cheap check of dtypes and categories, for frames said to be typed already.
    """
    dtype = column.dtype
    if f.kind in ("choice", "name", "label"):
        if not isinstance(dtype, pd.CategoricalDtype):
            return f"{f.name} is {dtype}, not a categorical"
        if f.kind == "choice":
            cats = list(dtype.categories)
            if cats[: len(f.choices)] != list(f.choices):
                return f"{f.name}'s categories are not {', '.join(f.choices)}"
        return None
    expected = {
        "int": ("Int64",),
        "number": ("Float64",),
        "flag": ("boolean",),
        "date": ("datetime64[ns]",),
        "text": ("str",),
        "id": ("Int64", "category"),
    }[f.kind]
    return None if str(dtype) in expected else f"{f.name} is {dtype}, not {expected[0]}"


# --- the whole pass --------------------------------------------------------------
