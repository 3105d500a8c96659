"""Shared checking machinery: deal schemas, lazy problem collection, typed frames.

A game declares its log as a :class:`Schema` of :class:`Field` objects plus a list of
check functions. :func:`check_log` conforms every column to its dtype, runs every
check, collects every problem (never stopping at the first) and then either raises
one :class:`~cardscore_frames.errors.LogValidationError` or, with
``errors="collect"``, returns the good rows and the rejected ones with reasons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.errors import FAILURE_COLUMNS, LogValidationError, RulesError

__all__ = [
    "Field",
    "Schema",
    "Problems",
    "Source",
    "Collected",
    "check_log",
    "blank",
    "normalise_token",
]

Kind = Literal["id", "int", "number", "name", "choice", "flag", "text"]
Errors = Literal["raise", "collect"]

#: Columns that describe where and when a game was played; they flow into the ledger.
METADATA_COLUMNS = ("league", "season", "date", "table")

_TRUE = {"true", "t", "yes", "y", "1", "1.0", "да"}
_FALSE = {"false", "f", "no", "n", "0", "0.0", "нет"}


@dataclass(frozen=True)
class Field:
    """One column of a deal log.

    ``kind`` decides the dtype: ``id`` (game ids: ``Int64`` when every id is a whole
    number, else ``str``), ``int`` (``Int64``), ``number`` (``Float64``), ``name``
    (player names, ``str``), ``choice`` (a categorical of ``choices``), ``flag``
    (``boolean``) and ``text``. ``blank`` says whether a cell may be empty;
    ``default`` is what an empty cell (or an absent optional column) means, as the
    log format documents it. ``step`` requires multiples of it.
    """

    name: str
    kind: Kind
    required: bool = True
    blank: bool = False
    choices: tuple[str, ...] = ()
    value_aliases: Mapping[str, str] = field(default_factory=dict)
    default: Any = None
    low: float | None = None
    high: float | None = None
    step: float | None = None
    aliases: tuple[str, ...] = ()
    multi: bool = False  # choice tokens joined by "+" (tarot poignées)

    def allowed(self) -> str:
        """What the column allows, for messages."""
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices) + (
                " (several joined by '+')" if self.multi else ""
            )
        if self.kind == "flag":
            return "true or false"
        bits = {"int": "a whole number", "number": "a number"}.get(self.kind, "a value")
        if self.low is not None and self.high is not None:
            bits += f" from {_fmt(self.low)} to {_fmt(self.high)}"
        elif self.low is not None:
            bits += f" of at least {_fmt(self.low)}"
        if self.step is not None and self.step != 1:
            bits += f" in steps of {_fmt(self.step)}"
        return bits


@dataclass(frozen=True)
class Schema:
    """A game's log: its fields, its row key and its cross-column checks.

    Each check is called as ``check(frame, problems, rules)`` on the typed frame
    and records problems with :meth:`Problems.add`; it must not raise on NA.
    """

    game: str
    fields: tuple[Field, ...]
    key: tuple[str, ...] = ("game_id", "deal")
    checks: tuple[Callable[[pd.DataFrame, Problems, Any], None], ...] = ()

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)


@dataclass(frozen=True)
class Source:
    """Where each row came from: file lines or Excel cells, for error reports."""

    label: str | None = None
    lines: np.ndarray | None = None  # 1-based file line of each row
    sheet: str | None = None  # Excel sheet name; cells are then known
    excel_rows: np.ndarray | None = None  # 1-based sheet row of each row
    excel_columns: Mapping[str, str] = field(default_factory=dict)  # column -> letter


class Collected(NamedTuple):
    """What ``errors="collect"`` returns: the good rows and the rejected ones."""

    deals: pd.DataFrame
    rejected: pd.DataFrame


def blank(values: pd.Series) -> pd.Series:
    """True where a raw cell is empty (NA or only white space)."""
    isna = values.isna()
    if values.dtype == object or pd.api.types.is_string_dtype(values.dtype):
        text = values[~isna].astype(str).str.strip()
        isna = isna.copy()
        isna[text.index[text == ""]] = True
    return isna


def normalise_token(text: str) -> str:
    """``' Garde Sans '`` -> ``'garde_sans'``: case, spaces and hyphens do not matter."""
    return "_".join(text.strip().lower().replace("-", " ").split())


def _fmt(x: float) -> str:
    return f"{x:g}"


class Problems:
    """Collects problems lazily; :meth:`frame` gives the ``failure_cases`` frame."""

    def __init__(
        self,
        game: str,
        raw: pd.DataFrame,
        source: Source | None = None,
        key: Sequence[str] = ("game_id", "deal"),
    ) -> None:
        self.game = game
        self.raw = raw
        self.source = source or Source()
        self.n = len(raw)
        self._parts: list[pd.DataFrame] = []
        self.bad = np.zeros(self.n, dtype=bool)
        self._seen: dict[str, np.ndarray] = {}
        #: what names a row inside its game: "deal" in a deal log, "seat" in a sheet
        self.item = key[-1]
        gid = raw["game_id"] if "game_id" in raw else pd.Series([pd.NA] * self.n)
        deal = raw[self.item] if self.item in raw else pd.Series([pd.NA] * self.n)
        self._gid = np.array(gid, dtype=object)
        self._deal = np.array(deal, dtype=object)

    def add(
        self,
        mask: Any,
        column: str,
        reason: str,
        message: str,
        value: Any = None,
        **params: Any,
    ) -> None:
        """Record one problem for every row where ``mask`` is true.

        ``message`` may hold ``{value}`` (the row's value, quoted) and ``{name}`` for
        each keyword in ``params``, an array with one entry per row; only the failing
        rows are formatted. ``value`` defaults to the raw cell of ``column``.
        """
        m = np.asarray(pd.array(mask, dtype="boolean").fillna(False), dtype=bool)
        # one problem per cell: a value that could not be read is not also "blank"
        seen = self._seen.setdefault(column, np.zeros(self.n, dtype=bool))
        m &= ~seen
        if not m.any():
            return
        seen |= m
        rows = np.flatnonzero(m)
        if value is None:
            value = self.raw[column] if column in self.raw else [pd.NA] * self.n
        vals = np.asarray(value, dtype=object)[rows]
        picked = {k: np.asarray(v, dtype=object)[rows] for k, v in params.items()}
        msgs = [
            message.format(value=_quote(v), **{k: _plain(a[i]) for k, a in picked.items()})
            for i, v in enumerate(vals)
        ]
        self.bad[rows] = True
        self._parts.append(
            pd.DataFrame(
                {
                    "game_id": self._gid[rows],
                    self.item: self._deal[rows],
                    "column": column,
                    "value": vals,
                    "reason": reason,
                    "message": msgs,
                    "row": rows,
                    "line": self._lines(rows),
                    "cell": self._cells(rows, column),
                }
            )
        )

    def add_table(self, column: str, reason: str, message: str) -> None:
        """A problem of the whole log (a missing column): every row is rejected."""
        self.bad[:] = True
        self._parts.append(
            pd.DataFrame(
                {
                    "game_id": [pd.NA],
                    self.item: [pd.NA],
                    "column": [column],
                    "value": [pd.NA],
                    "reason": [reason],
                    "message": [message],
                    "row": [pd.NA],
                    "line": [pd.NA],
                    "cell": [pd.NA],
                }
            )
        )

    def use_key(self, column: str, typed: pd.Series) -> None:
        """Name rows by their typed ``game_id``/``deal`` (the raw text where unreadable)."""
        keys = self._gid if column == "game_id" else self._deal
        if column not in ("game_id", self.item):
            return
        values = typed.to_numpy(dtype=object, na_value=None)
        ok = typed.notna().to_numpy()
        keys[ok] = values[ok]

    def reported(self, column: str) -> np.ndarray:
        """Rows that already have a problem in ``column``."""
        return self._seen.get(column, np.zeros(self.n, dtype=bool)).copy()

    def __bool__(self) -> bool:
        return bool(self._parts)

    def _lines(self, rows: np.ndarray) -> Any:
        if self.source.lines is None:
            return pd.NA
        return self.source.lines[rows]

    def _cells(self, rows: np.ndarray, column: str) -> Any:
        src = self.source
        letter = src.excel_columns.get(column)
        if src.sheet is None or src.excel_rows is None or letter is None:
            return pd.NA
        return [f"{src.sheet}!{letter}{r}" for r in src.excel_rows[rows]]

    def frame(self) -> pd.DataFrame:
        """All problems, in row order (whole-log problems first)."""
        columns = [self.item if c == "deal" else c for c in FAILURE_COLUMNS]
        if not self._parts:
            return pd.DataFrame({c: pd.Series(dtype=object) for c in columns})
        fc = pd.concat(self._parts, ignore_index=True)
        fc["row"] = fc["row"].astype("Int64")
        fc["line"] = fc["line"].astype("Int64")
        fc["_o"] = fc["row"].fillna(-1)
        fc = fc.sort_values("_o", kind="stable").drop(columns="_o")
        return fc.reset_index(drop=True)[columns]


def _plain(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return f"{v:g}" if isinstance(v, float) else str(v)


def _quote(v: Any) -> str:
    if v is None or (not isinstance(v, str) and pd.isna(v)):
        return "blank"
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return repr(v) if isinstance(v, str) else str(v)


# --- conforming columns ----------------------------------------------------------


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


def _blank_value(v: Any) -> bool:
    if v is None or (not isinstance(v, str) and pd.isna(v)):
        return True
    return isinstance(v, str) and not v.strip()


def _conform(f: Field, raw: pd.Series, problems: Problems) -> pd.Series:
    cells = _Cells(raw)
    if not f.blank and f.default is None:
        problems.add(cells.is_blank, f.name, "blank", f"{f.name} must not be blank")
    typed = pd.Series(_CONVERTERS[f.kind](f, cells, problems), index=raw.index,
                      name=f.name)
    if f.default is not None and f.kind != "choice":
        typed = typed.where(~cells.is_blank, f.default)
    return typed


def _to_id(f: Field, cells: _Cells, problems: Problems):
    """Game ids: ``Int64`` when every id is a whole number, else text."""
    if pd.api.types.is_integer_dtype(cells.raw.dtype):
        return cells.raw.astype("Int64").array
    per = [None if b else _as_number(str(u).strip())
           for u, b in zip(cells.uniques, cells.blank_u)]
    num = np.array([np.nan if v is None else v for v in per], dtype=float)[cells.codes]
    whole = ~np.isnan(num) & (num == np.floor(num))
    if bool((whole | cells.is_blank).all()):
        return pd.arrays.IntegerArray(np.where(whole, num, 0).astype(np.int64), ~whole)
    return pd.array(cells.map(lambda u: str(u).strip()), dtype="str")


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
            None if b else (float(u) if isinstance(u, (int, float, np.number))
                            else _as_number(str(u).strip()))
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
    step = 1.0 if whole else f.step
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
    return pd.array(cells.map(lambda u: str(u).strip()), dtype="str")


def _to_text(f: Field, cells: _Cells, problems: Problems):
    return pd.array(cells.map(str), dtype="str")


def _to_choice(f: Field, cells: _Cells, problems: Problems):
    norm = [None if b else _norm_choice(f, u) for u, b in zip(cells.uniques, cells.blank_u)]
    good = np.array([n is not None for n in norm], dtype=bool)
    bad = ~cells.is_blank & ~good[cells.codes]
    problems.add(
        bad, f.name, "not_allowed", f"{f.name} must be {f.allowed()}; got {{value}}"
    )
    if f.multi:  # combinations ("simple+double") are kept as text
        values = np.array(norm, dtype=object)[cells.codes]
        if f.default is not None:
            values[cells.is_blank] = f.default
        return pd.array(values, dtype="str")
    choices = list(f.choices)
    default = -1 if f.default is None else choices.index(f.default)
    code_u = np.array(
        [choices.index(n) if n is not None else (default if b else -1)
         for n, b in zip(norm, cells.blank_u)],
        dtype=np.int16,
    )
    return pd.Categorical.from_codes(code_u[cells.codes], categories=choices)


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
    problems.add(unknown & ~cells.is_blank, f.name, "not_a_flag",
                 f"{f.name} must be true or false; got {{value}}")
    return pd.arrays.BooleanArray(np.where(unknown, False, values).astype(bool), unknown)


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


def _rename(raw: pd.DataFrame, schema: Schema) -> pd.DataFrame:
    canon = {}
    for f in schema.fields:
        for a in (f.name, *f.aliases):
            canon[normalise_token(a)] = f.name
    names = {}
    for c in raw.columns:
        key = normalise_token(str(c))
        names[c] = canon.get(key, key if key in METADATA_COLUMNS else c)
    return raw.rename(columns=names), names


def check_log(
    deals: pd.DataFrame,
    schema: Schema,
    *,
    rules: Any = None,
    errors: Errors = "raise",
    source: Source | None = None,
) -> pd.DataFrame | Collected:
    """Conform ``deals`` to ``schema``, run its checks and raise or collect problems.

    Returns the typed frame (schema columns first, in schema order, then every other
    column unchanged), or a :class:`Collected` pair with ``errors="collect"``.
    """
    if errors not in ("raise", "collect"):
        raise RulesError(f"errors must be 'raise' or 'collect'; got {errors!r}")
    raw, names = _rename(deals, schema)
    if source is not None and source.excel_columns:
        letters = {str(names.get(c, c)): v for c, v in source.excel_columns.items()}
        source = replace(source, excel_columns=letters)
    dup_cols = raw.columns[raw.columns.duplicated()].unique()
    problems = Problems(schema.game, raw, source, key=schema.key)
    for c in dup_cols:
        problems.add_table(c, "duplicate_column", f"column {c} appears more than once")
    if len(dup_cols):
        raw = raw.loc[:, ~raw.columns.duplicated()]
    typed = {}
    for f in schema.fields:
        if f.name in raw:
            typed[f.name] = _conform(f, raw[f.name], problems)
            if f.name in schema.key:
                problems.use_key(f.name, typed[f.name])
        elif f.required:
            problems.add_table(
                f.name, "missing_column", f"column {f.name} is missing ({f.allowed()})"
            )
        else:  # an optional column left out: all blank (or its default), typed
            typed[f.name] = _conform(
                f, pd.Series([None] * len(raw), index=raw.index, dtype=object), problems
            )
    others = [c for c in raw.columns if c not in typed and c not in schema.names]
    out = pd.DataFrame(typed, index=raw.index)
    out = pd.concat([out, raw[others]], axis=1) if others else out
    if not any(p["reason"].iloc[0] in ("missing_column", "duplicate_column") for p in problems._parts):
        _check_key(out, schema, problems)
        for check in schema.checks:
            check(out, problems, rules)
    return _finish(raw, out, problems, schema, errors)


def _check_key(out: pd.DataFrame, schema: Schema, problems: Problems) -> None:
    key = list(schema.key)
    dup = out.duplicated(subset=key, keep=False) & out[key].notna().all(axis=1)
    problems.add(
        dup,
        key[-1],
        "duplicate_key",
        f"({', '.join(key)}) must be unique; this {key[-1]} {{value}} appears more than once in its game",
    )


def _finish(raw, out, problems: Problems, schema: Schema, errors: Errors):
    if errors == "raise":
        if problems:
            raise LogValidationError(schema.game, problems.frame(), problems.source.label)
        return out
    fc = problems.frame()
    bad = problems.bad
    rejected = raw.loc[bad].copy()
    per_row = (
        fc.dropna(subset=["row"]).groupby("row")["message"].agg("; ".join)
        if len(fc)
        else pd.Series(dtype=str)
    )
    table = "; ".join(fc.loc[fc["row"].isna(), "message"])
    reasons = pd.Series(np.arange(len(raw))[bad]).map(per_row).fillna("")
    if table:
        reasons = (table + "; " + reasons).str.rstrip("; ")
    rejected["problems"] = reasons.to_numpy()
    rejected.attrs["failure_cases"] = fc
    if table:
        return Collected(out.iloc[0:0], rejected)
    return Collected(out.loc[~bad], rejected)
