"""Paper columns: a column's heading, the log column it holds, the codes it is
written in, and a template's drop-down or number check; side by side they make
a :class:`Table`, which writes its headings and input checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.styles import Style

__all__ = ["NumberCheck", "Column", "Table", "norm", "encode", "decode"]


@dataclass(frozen=True)
class NumberCheck:
    """A template's input check on a column of numbers."""

    integer: bool = True
    minimum: float | None = None
    maximum: float | None = None


@dataclass(frozen=True)
class Column:
    """One column of a paper table.

    Attributes
    ----------
    key : str
        How the writer names the column (``"contract"``, ``"cumul_2"``).
    label : str
        Its heading on the sheet; with ``group``, the heading under the group's.
    field : str, optional
        The log column read back from it; None for what is computed (scores).
    group : str, optional
        A heading merged over consecutive columns of the same group.
    codes : mapping, optional
        Log value -> paper text (``{"garde": "G"}``); read back the other way,
        ignoring case. Values without a code are written as they are.
    multi : bool
        Values joined by ``+`` (``simple+double`` -> ``S+D``), coded part by part.
    blank : str, optional
        Paper text that stands for a blank cell (``"—"``).
    aliases : mapping, optional
        Other paper texts read as a log value (``{"А": "a"}``: a Cyrillic A).
    fills_row : bool
        Whether a value here makes a row a deal (False for a pre-numbered column,
        so that a template's unused rows are not read as deals).
    style, width : the cells' style and the column's width (None: fit).
    choices : sequence of str, optional
        A template's drop-down (paper texts).
    check : NumberCheck, optional
        A template's input check.
    help : str, optional
        A template's input message.
    """

    key: str
    label: str
    field: str | None = None
    group: str | None = None
    codes: Mapping[Any, str] | None = None
    multi: bool = False
    blank: str | None = None
    aliases: Mapping[str, Any] | None = None
    fills_row: bool = True
    style: Style = "body"
    width: float | None = None
    choices: tuple[str, ...] | None = None
    check: NumberCheck | None = None
    help: str | None = None


@dataclass(frozen=True)
class Table:
    """Columns placed side by side from ``first_col``."""

    columns: tuple[Column, ...]
    first_col: int = 0

    def col(self, key: str) -> int:
        """The sheet column (0-based) of the column ``key``."""
        return self._cols[key]

    @cached_property
    def _cols(self) -> dict[str, int]:
        cols: dict[str, int] = {}
        for offset, column in enumerate(self.columns):
            cols.setdefault(column.key, self.first_col + offset)
        return cols

    def has(self, key: str) -> bool:
        return any(c.key == key for c in self.columns)

    @property
    def last_col(self) -> int:
        return self.first_col + len(self.columns) - 1

    @property
    def grouped(self) -> bool:
        return any(c.group for c in self.columns)

    def write_header(self, sheet: Sheet, row: int, style: Style = "header") -> int:
        """Write the heading row(s) at ``row``; returns the first row below them.

        Grouped columns get their group's heading merged above their own;
        an ungrouped column's heading sits on the lower row, under a blank
        band of the same look (no merge: a season of thousands of sheets
        writes fewer cells). Widths given are set.
        """
        depth = 2 if self.grouped else 1
        cols = self.columns
        start = 0
        while start < len(cols):
            group, end = cols[start].group, start
            while group and end + 1 < len(cols) and cols[end + 1].group == group:
                end += 1
            first, last = self.first_col + start, self.first_col + end
            if group:
                sheet.merge(row, first, row, last, group, style)
                for offset in range(start, end + 1):
                    sheet.write(
                        row + 1,
                        self.first_col + offset,
                        cols[offset].label,
                        (style, "small"),
                        fit=False,
                    )
            elif depth == 2:  # the label on the lower row, under a blank band
                sheet.write(row, first, None, (style, "band_top"), fit=False)
                sheet.write(
                    row + 1, first, cols[start].label, (style, "band_bottom"), fit=False
                )
            else:
                sheet.write(row, first, cols[start].label, style, fit=False)
            start = end + 1
        widths = {self.first_col + k: c.width for k, c in enumerate(cols) if c.width}
        sheet.set_widths(widths)
        return row + depth

    def add_inputs(self, sheet: Sheet, first_row: int, last_row: int) -> None:
        """A template's drop-downs and number checks on rows ``first_row..last_row``."""
        for offset, column in enumerate(self.columns):
            col = self.first_col + offset
            if column.choices:
                sheet.dropdown(
                    first_row,
                    col,
                    last_row,
                    col,
                    list(column.choices),
                    title=column.label[:32],
                    message=column.help,
                    error=_choices_error(column),
                )
            elif column.check is not None:
                ck = column.check
                sheet.number_check(
                    first_row,
                    col,
                    last_row,
                    col,
                    integer=ck.integer,
                    minimum=ck.minimum,
                    maximum=ck.maximum,
                    title=column.label[:32],
                    message=column.help,
                    error=_number_error(column),
                )


def _choices_error(column: Column) -> str:
    shown = ", ".join(c for c in (column.choices or ()) if c)
    return f"{column.label}: {shown}"[:255]


def _number_error(column: Column) -> str:
    ck = column.check
    kind = "a whole number" if ck.integer else "a number"
    low = "" if ck.minimum is None else f" from {ck.minimum:g}"
    high = "" if ck.maximum is None else f" to {ck.maximum:g}"
    return f"{column.label}: {kind}{low}{high}"


# --- codes ---------------------------------------------------------------------


def norm(value: Any) -> str | None:
    """Text as headings and codes are compared: case and spaces do not matter.

    Examples
    --------
    >>> norm("  Garde  Sans "), norm(3.0), norm(None)
    ('garde sans', None, None)
    """
    if not isinstance(value, str):
        return None
    return " ".join(value.casefold().split())


def encode(values: pd.Series, column: Column) -> pd.Series:
    """Log values as the paper shows them (an object Series; blanks are None).

    Examples
    --------
    >>> c = Column("p", "Poignée", codes={"none": "", "simple": "S", "double": "D"},
    ...            multi=True)
    >>> encode(pd.Series(["simple+double", "none", None]), c).tolist()
    ['S+D', None, None]
    """
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    table = column.codes or {}
    shown = [_encode_one(u, table, column.multi) if table else u for u in uniques]
    out = np.array([*shown, None], dtype=object)[codes]
    return pd.Series(out, index=values.index, dtype=object)


def _encode_one(value: Any, codes: Mapping[Any, str], multi: bool) -> Any:
    if multi and isinstance(value, str) and "+" in value:
        return "+".join(str(codes.get(part, part)) for part in value.split("+"))
    shown = codes.get(value, value)
    return None if shown == "" else shown


def decode(values: np.ndarray, column: Column) -> np.ndarray:
    """Paper text back to log values; text that is no code is kept as it is, so
    that the log's checks report it as written.

    Examples
    --------
    >>> c = Column("c", "Contrat", codes={"garde": "G", "pass": "passe"}, blank="—")
    >>> decode(np.array(["g", "gard", "—", 2.0, None], dtype=object), c).tolist()
    ['garde', 'gard', None, 2.0, None]
    """
    values = np.asarray(values, dtype=object)
    if not column.codes and not column.blank and not column.aliases:
        return values.copy()
    back = {norm(v): k for k, v in (column.codes or {}).items() if v}
    back.update({norm(k): v for k, v in (column.aliases or {}).items()})
    blank = norm(column.blank) if column.blank else None
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    new = np.array([*uniques, None], dtype=object)
    for k, u in enumerate(uniques):
        key = norm(u)
        if key is None:
            continue
        if key == blank or key == "":
            new[k] = None
        elif column.multi and "+" in key:
            new[k] = "+".join(str(back.get(norm(p), p.strip())) for p in u.split("+"))
        else:
            new[k] = back.get(key, u)
    return new[codes]
