"""Filling a template as a scorekeeper would, and computing it with the
``formulas`` engine (a spreadsheet that is not the package).

The template says where its table is (the layout stored in its metadata);
each deal's values go in as paper codes, encoded by the game's own columns.
openpyxl writes the cells, so the formulas lose their stored values and only
a spreadsheet engine can give them.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd

from cardscore_frames.excel import read_metadata
from cardscore_frames.excel.paper import encode


def layout_of(path: Path) -> tuple[dict, dict]:
    """The template's metadata and its score sheet's layout."""
    meta = read_metadata(path)
    sheet = next(s for s in meta["sheets"] if s.get("layout") is not None)
    return sheet, meta["layouts"][sheet["layout"]]


def fill(path: Path, out: Path, rows: pd.DataFrame, columns, details=None) -> Path:
    """Write ``rows`` (log values) into the template's table, in paper codes.

    ``columns``: the game's paper columns (``Column``), to encode each field;
    ``details``: log column -> value for the cells above the table.
    """
    sheet, layout = layout_of(path)
    book = openpyxl.load_workbook(path)
    ws = book[sheet["name"]]
    by_field = {c.field: c for c in columns if c.field}
    first = layout["row"] + 1  # 0-based sheet row of the first deal
    for field, col in layout["cols"].items():
        if field not in rows or field == "deal":
            continue
        shown = encode(rows[field].reset_index(drop=True), by_field[field])
        for i, value in enumerate(shown):
            ws.cell(first + 1 + i, col + 1, _plain(value))
    for field, value in (details or {}).items():
        r, c = layout["fixed"][field]
        ws.cell(r + 1, c + 1, _plain(value))
    book.save(out)
    return out


def _plain(value):
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return None
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, pd.Timestamp):
        return value.to_pydatetime()
    if isinstance(value, dt.date):
        return value
    return value


def computed(path: Path) -> dict[tuple[str, str], object]:
    """Every cell's value as the ``formulas`` engine computes the workbook:
    {(sheet name in capitals, "E7"): value}."""
    import formulas

    model = formulas.ExcelModel().loads(str(path)).finish()
    solution = model.calculate()
    out = {}
    for key, ranges in solution.items():
        key = str(key)
        if "!" not in key or ":" in key.split("!")[1]:
            continue
        sheet, cell = key.rsplit("!", 1)
        sheet = sheet.split("]", 1)[1].rstrip("'")
        value = ranges.value[0, 0] if hasattr(ranges, "value") else ranges
        out[(sheet, cell)] = _value(value)
    return out


def _value(value):
    if isinstance(value, np.generic):
        value = value.item()
    if type(value).__name__ in ("XlError", "Token") or str(value) == "empty":
        return None if str(value) == "empty" else str(value)
    return value
