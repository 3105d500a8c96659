"""Safe cell values: what a Python or pandas value becomes in an Excel cell.

Names and paper text come from players' logs, so they are untrusted: text is
always written as text (``=1+1`` stays the five characters, never a formula,
and gets Excel's quote prefix so that editing the cell keeps it text), and
text Excel cannot hold (control characters, more than 32,767 characters) is a
problem to report, never something to clean silently. Missing values (None,
NaN, ``pd.NA``, ``NaT``) become blank cells.

:func:`classify` handles one value; :func:`prepare_column` a whole column with
vectorised checks, for frames of many rows.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.excel.styles import text_width

__all__ = ["MAX_TEXT", "BadCell", "classify", "text_problem", "PreparedColumn"]

#: Excel's limit on the text of one cell, in UTF-16 code units.
MAX_TEXT = 32_767
#: Integers beyond this lose digits in Excel, which stores every number as a double.
_MAX_EXACT = 2**53
#: C0 controls but tab/LF/CR, DEL and C1 controls, lone surrogates and the two
#: non-characters: XML cannot carry them, or Excel shows them as boxes.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
#: Text a spreadsheet would read as a formula if typed in.
_FORMULA_LEAD = ("=", "+", "-", "@")

#: Kinds of cell value, each written by its own XlsxWriter method.
BLANK, TEXT, NUMBER, BOOL = "blank", "text", "number", "bool"
DATE, DATETIME, TIME, DURATION = "date", "datetime", "time", "duration"
DATE_KINDS = (DATE, DATETIME, TIME, DURATION)


class BadCell(ValueError):
    """A value no cell can hold; ``reason`` is a machine-readable code."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def text_problem(text: str) -> BadCell | None:
    """What makes ``text`` unfit for a cell, or None.

    Returns
    -------
    BadCell or None
        Reason ``control_character`` or ``text_too_long``.

    Examples
    --------
    >>> print(text_problem("Anne\\x07"))  # doctest: +ELLIPSIS
    text has a control character U+0007 at position 5; only tab, newline ...
    >>> text_problem("Зоя") is None
    True
    """
    found = _CONTROL.search(text)
    if found:
        return BadCell(
            "control_character",
            f"text has a control character U+{ord(found.group()):04X} at position "
            f"{found.start() + 1}; only tab, newline and carriage return are allowed",
        )
    if len(text) > MAX_TEXT // 2 and _utf16_len(text) > MAX_TEXT:
        return BadCell(
            "text_too_long",
            f"text has {_utf16_len(text):,} characters; "
            f"a cell holds at most {MAX_TEXT:,}",
        )
    return None


def needs_quote_prefix(text: str) -> bool:
    """Whether ``text`` would turn into a formula if typed into a spreadsheet."""
    return text.startswith(_FORMULA_LEAD)


def classify(value: Any) -> tuple[str, Any]:
    """The kind of cell ``value`` makes and the value to write.

    Returns
    -------
    tuple of (str, object)
        ``("blank", None)``, ``("text", str)``, ``("number", int | float)``,
        ``("bool", bool)``, or a date kind (``date``, ``datetime``, ``time``,
        ``duration``) with a Python ``datetime``, ``time`` or ``timedelta``.

    Raises
    ------
    BadCell
        Text with control characters or too long, infinite numbers, integers
        beyond 2**53, time-zone-aware or pre-1900 dates, unsupported types.

    Examples
    --------
    >>> classify(np.int64(3)), classify(pd.NA), classify(Decimal("1.5"))
    (('number', 3), ('blank', None), ('number', 1.5))
    >>> classify(pd.Timestamp("2024-03-01"))
    ('date', datetime.datetime(2024, 3, 1, 0, 0))
    """
    kind = value.__class__  # the common plain kinds first, without isinstance
    if kind is int:
        return _integer(value)
    if kind is str:
        return _text(value)
    if kind is float:
        return _real(value)
    if value is None or value is pd.NA or value is pd.NaT:
        return BLANK, None
    if isinstance(value, str):
        return _text(str(value))
    if isinstance(value, bool | np.bool_):
        return BOOL, bool(value)
    if isinstance(value, int | np.integer):
        return _integer(int(value))
    if isinstance(value, float | np.floating | Decimal | Fraction):
        return _real(value)
    if isinstance(value, np.datetime64 | np.timedelta64):
        if np.isnat(value):
            return BLANK, None
        value = (
            pd.Timestamp(value)
            if isinstance(value, np.datetime64)
            else pd.Timedelta(value)
        )
    if isinstance(value, dt.datetime | dt.date | dt.time | dt.timedelta):
        return _moment(value)
    raise BadCell(
        "unsupported_type",
        f"a cell holds text, a number, a boolean or a date; got {type(value).__name__}",
    )


def _text(text: str) -> tuple[str, Any]:
    problem = text_problem(text)
    if problem:
        raise problem
    return (TEXT, text) if text else (BLANK, None)


def _integer(number: int) -> tuple[str, Any]:
    if abs(number) > _MAX_EXACT:
        raise BadCell(
            "number_too_large",
            f"integer {number} is beyond 2**53; Excel would store it rounded",
        )
    return NUMBER, number


def _real(number: Any) -> tuple[str, Any]:
    as_float = float(number)
    if math.isnan(as_float):
        return BLANK, None
    if math.isinf(as_float):
        raise BadCell("not_finite", f"{as_float} is not a number a cell can hold")
    return NUMBER, as_float


def _moment(value: Any) -> tuple[str, Any]:
    if isinstance(value, pd.Timedelta):
        value = value.to_pytimedelta()
    if isinstance(value, dt.timedelta):
        return DURATION, value
    if isinstance(value, dt.time):
        if value.tzinfo is not None:
            raise BadCell(
                "timezone", "Excel times have no time zone; got an aware time"
            )
        return TIME, value
    if isinstance(value, pd.Timestamp):
        value = value.to_pydatetime()
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day)
    if value.tzinfo is not None:
        raise BadCell(
            "timezone",
            f"Excel dates have no time zone; convert {value.isoformat()} to local time",
        )
    if value.year < 1900:
        raise BadCell("date_range", f"Excel dates start in 1900; got {value.date()}")
    return (DATE if value.time() == dt.time() else DATETIME), value


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


# --- whole columns -----------------------------------------------------------


@dataclass
class PreparedColumn:
    """A column ready to write: Python values, their kind and what went wrong.

    ``kind`` is one kind for the whole column, or None when ``kinds`` gives one
    per cell (a column of mixed objects). Bad cells have None in ``values`` and
    an entry ``(position, reason, message, value)`` in ``problems``.
    """

    values: list[Any]
    kind: str | None
    kinds: list[str] | None = None
    quote: np.ndarray | None = None  # True where text needs the quote prefix
    problems: list[tuple[int, str, str, Any]] = field(default_factory=list)
    width: float = 0
    #: The width of each text (a text column), or of each cell (mixed objects).
    text_widths: dict[str, float] | None = None
    cell_widths: list[float] | None = None

    def width_between(self, start: int, stop: int) -> float:
        """The width rows ``start..stop-1`` need (a part written on its own
        sheet needs no more than its own widest value)."""
        if start <= 0 and stop >= len(self.values):
            return self.width
        if self.text_widths is not None:
            shown = self.text_widths
            part = set(self.values[start:stop])
            return max((shown[v] for v in part if v in shown), default=0)
        if self.cell_widths is not None:
            return max(self.cell_widths[start:stop], default=0)
        return self.width


def prepare_column(column: pd.Series) -> PreparedColumn:
    """Turn a Series into cell values with vectorised checks where the dtype allows.

    Returns
    -------
    PreparedColumn
        Values as Python objects (None for blanks and bad cells).
    """
    column = column.reset_index(drop=True)  # labels are positions from here on
    dtype = column.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        column, dtype = column.astype(object), np.dtype(object)
    if pd.api.types.is_bool_dtype(dtype):
        values = column.astype(object).where(column.notna(), None).tolist()
        return PreparedColumn(
            [None if v is None else bool(v) for v in values], BOOL, width=5
        )
    if getattr(dtype, "kind", None) in ("i", "u", "f"):
        return _prepare_numbers(column)
    if pd.api.types.infer_dtype(column, skipna=True) in ("string", "empty"):
        return _prepare_text(column)
    return _prepare_objects(column)  # dates, mixed objects: per-cell checks


def _prepare_numbers(column: pd.Series) -> PreparedColumn:
    array = column.to_numpy(dtype="float64", na_value=np.nan)
    is_int = column.dtype.kind in ("i", "u")
    raw = column.astype(object).tolist()  # Python ints keep every digit
    prepared = PreparedColumn([], NUMBER)
    bad = np.isinf(array) | (is_int & (np.abs(array) > _MAX_EXACT))
    for pos in np.flatnonzero(bad):
        try:
            classify(raw[pos])
        except BadCell as problem:
            _bad(prepared, pos, problem, raw[pos])
    blank = np.isnan(array) | bad
    cast = int if is_int else float
    prepared.values = [
        None if b else cast(v) for v, b in zip(raw, blank.tolist(), strict=False)
    ]
    shown = array[~blank]
    if shown.size:
        integral = is_int or bool(np.all(shown == np.round(shown)))
        pattern = "{:+.0f}" if integral else "{:+.2f}"
        prepared.width = max(len(pattern.format(v)) for v in (shown.min(), shown.max()))
    return prepared


def _prepare_text(column: pd.Series) -> PreparedColumn:
    present = column.notna()
    strings = column[present].astype(object)
    suspect = strings.str.contains(_CONTROL, regex=True) | (
        strings.str.len() > MAX_TEXT // 2
    )
    prepared = PreparedColumn([], TEXT)
    bad = np.zeros(len(column), dtype=bool)
    for pos in strings.index[suspect.to_numpy(dtype=bool)]:
        problem = text_problem(strings[pos])
        if problem:
            _bad(prepared, pos, problem, strings[pos])
            bad[pos] = True
    keep = (
        present.to_numpy(dtype=bool)
        & ~bad
        & (column != "").to_numpy(dtype=bool, na_value=False)
    )
    prepared.values = column.astype(object).where(keep, None).tolist()
    good = strings[~bad[strings.index]]
    prepared.quote = _quote_mask(column.where(keep), good)
    prepared.text_widths = {v: text_width(v) for v in pd.unique(good)}
    prepared.width = max(prepared.text_widths.values(), default=0)
    return prepared


def _prepare_objects(column: pd.Series) -> PreparedColumn:
    prepared = PreparedColumn([], None, kinds=[], cell_widths=[])
    for pos, value in enumerate(column.tolist()):
        try:
            kind, cell = classify(value)
        except BadCell as problem:
            kind, cell = BLANK, _bad(prepared, pos, problem, value)
        prepared.kinds.append(kind)
        prepared.values.append(cell)
        prepared.cell_widths.append(width_of(kind, cell))
    prepared.width = max(prepared.cell_widths, default=0)
    text = pd.Series(
        [
            v if k == TEXT else None
            for k, v in zip(prepared.kinds, prepared.values, strict=False)
        ],
        dtype=object,
    )
    prepared.quote = _quote_mask(text, text.dropna())
    return prepared


def width_of(kind: str, value: Any) -> float:
    if kind == TEXT:
        return text_width(value)
    if kind == NUMBER:
        fractional = isinstance(value, float) and not value.is_integer()
        return len(f"{value:+.2f}" if fractional else f"{value:+.0f}")
    return {DATE: 10, DATETIME: 16, TIME: 8, DURATION: 8, BOOL: 5}.get(kind, 0)


def _quote_mask(column: pd.Series, strings: pd.Series) -> np.ndarray | None:
    """True where text would be read as a formula if typed in; None if nowhere."""
    leads = strings.astype(str).str.match(r"[=+\-@]")
    if not leads.any():
        return None
    mask = np.zeros(len(column), dtype=bool)
    mask[strings.index[leads.to_numpy(dtype=bool)]] = True
    return mask


def _bad(prepared: PreparedColumn, pos: int, problem: BadCell, value: Any) -> None:
    prepared.problems.append((int(pos), problem.reason, str(problem), value))
