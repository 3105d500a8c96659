"""Collecting every problem of a log lazily, named by game, row, column and place."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames._compat import as_inferred
from cardscore_frames.errors import FAILURE_COLUMNS

__all__ = ["Problems", "Source"]


@dataclass(frozen=True)
class Source:
    """Where each row came from: file lines or Excel cells, for error reports."""

    label: str | None = None
    lines: np.ndarray | None = None  # 1-based file line of each row
    sheet: str | None = None  # Excel sheet name; cells are then known
    excel_rows: np.ndarray | None = None  # 1-based sheet row of each row
    excel_columns: Mapping[str, str] = field(default_factory=dict)  # column -> letter
    encoding: str | None = None  # the text encoding a file was read with


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
        #: a problem of the whole log (a missing column): row checks are skipped
        self.whole_log = False
        self._seen: dict[str, np.ndarray] = {}
        #: what names a row inside its game: "deal" in a deal log, "seat" in a sheet
        self.item = key[-1]
        #: the typed key columns, once conformed (rows then name their deal by it)
        self._typed: dict[str, pd.Series] = {}
        #: arrays several checks of one pass need (the games, the seats)
        self._cache: dict[str, Any] = {}
        #: work a check did that a later step may reuse (see :meth:`keep`)
        self.memo: dict[str, Any] = {}
        #: optional columns the log left out (read as blank or their default):
        #: a check may need one that the deals' seats or the rules call for
        self.left_out: set[str] = set()
        self._tables: set[str] = set()

    def cached(self, name: str, make: Any) -> Any:
        """``make()`` once per validation pass: what several checks share (who
        sits where, the game index) is worked out once."""
        if name not in self._cache:
            self._cache[name] = make()
        return self._cache[name]

    def keep(self, name: str, rules: Any, value: Any) -> None:
        """Keep ``value`` (worked out from every row with ``rules``) for the step
        after validation: a log that passes carries it in its stamp, and the
        scorer takes it with :func:`~cardscore_frames.checking.stamp.take_kept`
        instead of working it out again. Only work on a log with no problem so
        far is kept (a rejected row changes what it would be)."""
        if not self.bad.any() and not self.whole_log:
            self.memo[name] = (rules, value)

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
        rows are looked at and formatted. ``value`` defaults to the raw cell of
        ``column``.
        """
        if isinstance(mask, np.ndarray) and mask.dtype == bool and not mask.any():
            return  # the common case: nothing to report, nothing allocated
        m = _mask(mask, self.n)
        # one problem per cell: a value that could not be read is not also "blank"
        seen = self._seen.setdefault(column, np.zeros(self.n, dtype=bool))
        m &= ~seen
        if not m.any():
            return
        seen |= m
        rows = np.flatnonzero(m)
        if value is None:
            value = self.raw[column] if column in self.raw else None
        vals = _at(value, rows)
        picked = {k: _at(v, rows) for k, v in params.items()}
        msgs = [
            message.format(
                value=_quote(v), **{k: _plain(a[i]) for k, a in picked.items()}
            )
            for i, v in enumerate(vals)
        ]
        self.bad[rows] = True
        self._parts.append(
            pd.DataFrame(
                {
                    "game_id": self.key_at("game_id", rows),
                    self.item: self.key_at(self.item, rows),
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

    def key_at(self, column: str, rows: np.ndarray) -> np.ndarray:
        """The game id or deal naming ``rows``: typed where it could be read, the
        raw cell where not."""
        raw = self.raw[column] if column in self.raw else None
        out = _at(raw, rows)
        typed = self._typed.get(column)
        if typed is not None:
            got = typed.iloc[rows]
            ok = got.notna().to_numpy()
            out[ok] = got.to_numpy(dtype=object)[ok]
        return out

    def add_game(self, codes: np.ndarray, label: str) -> None:
        """Reject every game (``codes``, -1 for no game) that has a problem whole:
        its other rows get a ``game_rejected`` problem naming the first one."""
        if not self.bad.any():
            return
        n_games = int(codes.max(initial=-1)) + 1
        bad_game = np.zeros(n_games + 1, dtype=bool)  # the last: rows of no game
        np.logical_or.at(bad_game, codes, self.bad)
        first = np.full(n_games + 1, -1, dtype=np.int64)
        rows = np.flatnonzero(self.bad)[::-1]  # so that the first row is written last
        first[codes[rows]] = rows
        spread = bad_game[codes] & ~self.bad & (codes >= 0)
        where = np.full(self.n, None, dtype=object)
        at = np.flatnonzero(spread)
        where[at] = self.key_at(self.item, first[codes[at]])
        self.add(
            spread,
            "game_id",
            "game_rejected",
            f"{self.item} {{where}} of this game has a problem; {label}",
            value=self.key_at("game_id", np.arange(self.n)) if at.size else None,
            where=where,
        )

    def add_table(self, column: str, reason: str, message: str) -> None:
        """A problem of the whole log (a missing column): every row is rejected."""
        self.bad[:] = True
        self.whole_log = True
        self._tables.add(column)
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
        if column in ("game_id", self.item):
            self._typed[column] = typed

    def reported_table(self, column: str) -> bool:
        """Whether a problem of the whole log names ``column`` already."""
        return column in self._tables

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
        fc = fc.reset_index(drop=True)[columns]
        if self.item == "seat" and isinstance(self.raw.get("player"), pd.Series):
            fc["player"] = self._names(fc["row"])  # a sheet's row is a player
        return as_inferred(fc)  # text columns str, under pandas 2.3 too

    def _names(self, rows: pd.Series) -> np.ndarray:
        """The ``player`` cell of each problem's row (None for the whole table)."""
        out = np.full(len(rows), None, dtype=object)
        known = rows.notna().to_numpy()
        at = rows[known].to_numpy(dtype=np.int64)
        out[known] = self.raw["player"].iloc[at].to_numpy(dtype=object)
        return out


def _mask(mask: Any, n: int) -> np.ndarray:
    """A mask as a new numpy bool array, blank (NA) as False."""
    if isinstance(mask, np.ndarray) and mask.dtype == bool:
        return mask.copy()
    if isinstance(mask, pd.Series):
        return mask.to_numpy(dtype=bool, na_value=False)
    if np.isscalar(mask):
        return np.full(n, bool(mask))
    return np.asarray(pd.array(mask, dtype="boolean").fillna(False), dtype=bool)


class AtRows:
    """A message's per-row value computed for the failing rows only:
    ``AtRows(fn)`` gives ``fn(rows)`` (one value per row of ``rows``)."""

    def __init__(self, fn: Any) -> None:
        self.fn = fn


def _at(values: Any, rows: np.ndarray) -> np.ndarray:
    """``values`` at ``rows`` as a new object array (None: blank cells)."""
    if values is None:
        return np.full(len(rows), None, dtype=object)
    if isinstance(values, AtRows):
        return np.asarray(values.fn(rows), dtype=object)
    if isinstance(values, pd.DataFrame):  # a duplicated label: its first copy
        values = values.iloc[:, 0]
    if isinstance(values, pd.Series):
        return values.iloc[rows].to_numpy(dtype=object, copy=True)
    if callable(values):
        values = values()
    if isinstance(values, (pd.Index, pd.api.extensions.ExtensionArray)):
        return np.asarray(values.take(rows), dtype=object)
    return np.asarray(values)[rows].astype(object)


def _plain(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return f"{v:g}" if isinstance(v, float) else _short(str(v))


def _quote(v: Any) -> str:
    """A cell as a message shows it: text quoted, numbers plain, blank named."""
    if isinstance(v, (str, bytes)):
        return _short(repr(v))
    if not np.isscalar(v) and v is not None:  # a list, dict or array in a cell
        return _short(repr(v))
    if v is None or pd.isna(v):
        return "blank"
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e16:
        v = int(v)
    return _short(str(v))


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
