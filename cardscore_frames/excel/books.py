"""What every workbook of score sheets has, whatever the game: the metadata
that lets it be read back, and the index sheet listing its games with links.

The game's own sheets come from its hook (:mod:`.hooks`); putting a log's
games into a workbook is :func:`cardscore_frames.to_excel`.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.excel.hooks import GameSheets, SheetEntry, Words
from cardscore_frames.excel.sheet import Sheet

__all__ = ["FORMAT", "game_hook", "book_metadata", "list_sheets", "write_index"]

#: Marks the metadata of the workbooks of score sheets.
FORMAT = "cardscore score sheets"
#: Index columns whose texts are all this short are centred (dates, numbers).
_SHORT = 12


def game_hook(entry: Any) -> GameSheets:
    """A registered game's Excel hook, or a clear error when it has none."""
    hook = getattr(entry, "excel", None)
    if not isinstance(hook, GameSheets):
        raise RulesError(f"{entry.name} has no Excel score sheets (Game.excel)")
    return hook


def book_metadata(
    game: str, kind: str, layout: str, rules: Any, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The metadata a workbook of score sheets carries: the format, the game,
    the log kind, whether it is an ``export`` or a ``template``, the rules as
    plain data and the options that are plain values.

    Returns
    -------
    dict
    """
    package = sys.modules.get(__name__.split(".")[0])  # loaded: this runs inside it
    return {
        "format": FORMAT,
        "version": getattr(package, "__version__", None),
        "game": game,
        "kind": kind,
        "layout": layout,
        "rules": rules.to_dict() if hasattr(rules, "to_dict") else None,
        "options": {k: v for k, v in options.items() if _plain(v)},
    }


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def list_sheets(entries: Sequence[SheetEntry], metadata: dict[str, Any]) -> None:
    """Each sheet's name, log kind, game and layout into the metadata (each
    distinct layout stored once, sheets pointing at it)."""
    layouts: list = []
    sheets = []
    for e in entries:
        item = {"name": e.name, "kind": e.kind, "game_id": _json_id(e.game_id)}
        if e.layout is not None:
            if e.layout not in layouts:
                layouts.append(e.layout)
            item["layout"] = layouts.index(e.layout)
        sheets.append(item)
    metadata["sheets"] = sheets
    metadata["layouts"] = layouts


def _json_id(value: Any) -> Any:
    if value is None or isinstance(value, str | int | float):
        return value
    if hasattr(value, "item"):
        return value.item()
    return str(value)


def _label(value: Any) -> Any:
    """A league or season as one value (every blank the same)."""
    return None if value is None or pd.isna(value) else str(value)


def write_index(
    sheet: Sheet,
    entries: Sequence[SheetEntry],
    words: Words,
    title: str | None,
    subtitle: str = "",
) -> None:
    """The first sheet: one row per game (the game's index row), with a link
    to its sheet; the league and season (``words.grouping``) only when the
    games differ in them."""
    rows = [e for e in entries if e.index is not None]
    headings = list(dict.fromkeys(k for e in rows for k in e.index)) or [words.empty]
    same = [
        h for h in words.grouping if len({_label(e.index.get(h)) for e in rows}) < 2
    ]
    headings = [h for h in headings if h not in same] or [words.empty]
    width = len(headings) + 1
    sheet.merge(0, 0, 0, width - 1, title or words.title, "title")
    sheet.set_row_height(0, 22)
    sheet.merge(1, 0, 1, width - 1, subtitle, "subtitle")
    sheet.write_row(3, 0, [*headings, words.link], "header")
    for k, heading in enumerate(headings):
        values = [e.index.get(heading) for e in rows]
        short = all(not isinstance(v, str) or len(v) <= _SHORT for v in values)
        style = ("body", "centre") if short else "body"
        sheet.write_column(4, k, pd.Series(values, dtype=object), style)
    for offset, e in enumerate(rows):
        sheet.link_to_sheet(4 + offset, width - 1, e.name, style=("body", "link"))
    if not rows:
        sheet.write(4, 0, words.empty, "italic")
    sheet.autofit(minimum=6, maximum=70)
    sheet.freeze(4, 1)
    sheet.landscape_fit_to_page(repeat_rows=3)
