"""Writing every match of a scored belot log as its протокол: the cells are
worked out once for all matches, each match's sheet writes its slice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_index
from cardscore_frames.excel import Workbook
from cardscore_frames.excel.cells import prepare_column
from cardscore_frames.excel.hooks import SheetEntry
from cardscore_frames.excel.paper import Table, encode
from cardscore_frames.games.belot.paper.drawing import (
    add_styles,
    chart,
    finish,
    where,
    winner_text,
    write_bottom,
    write_points,
    write_top,
)
from cardscore_frames.games.belot.paper.layout import BAIT, DETAILS, FIRST_ROW, table

__all__ = ["write_sheets"]

#: The columns written as numbers (the template writes formulas there).
_NUMBERS = ("worth", "points_A", "total_A", "points_B", "total_B")


def _value(value: Any) -> Any:
    return None if value is None or pd.isna(value) else value


def write_sheets(
    book: Workbook, scored: pd.DataFrame, kind: str, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """One протокол per match of ``scored`` (what ``score`` returned)."""
    add_styles(book)
    index = game_index(scored)
    data = scored.take(index.order).reset_index(drop=True)
    prepared = _prepare(data)
    rules = scored.cardscore.rules
    bela = "bela" in data and bool((data["bela"] != "none").fillna(False).any())
    layout = table(bela=bela or rules.bela_kept)
    entries = []
    for g in range(index.n_games):
        start, stop = int(index.starts[g]), int(index.starts[g + 1])
        entries.append(_write_match(book, data, prepared, layout, start, stop, rules))
    return entries


def _prepare(data: pd.DataFrame) -> dict[str, Any]:
    """Every column of the table as cells, in paper codes, for all matches."""
    full = table(bela=True)
    prepared: dict[str, Any] = {}
    for column in full.columns:
        if column.field is not None and column.field in data:
            values = data[column.field]
            prepared[column.key] = prepare_column(encode(values, column))
    # what the deal gives both pairs: PC + Pp + Pv under the seed's rules; a
    # failed contract under failed_payout="base" is worth PC + 16 (or 25) + the
    # defenders' own declarations
    worth = data["points_declarer"] + data["points_defender"]
    prepared["worth"] = worth.to_numpy(dtype=np.int64)
    for pair in ("a", "b"):
        marks = np.where((data["bait"] == pair).to_numpy(), BAIT, None)
        prepared[f"bait_{pair.upper()}"] = prepare_column(pd.Series(marks))
        prepared[f"points_{pair.upper()}"] = data[f"points_{pair}"].to_numpy(np.int64)
        prepared[f"total_{pair.upper()}"] = data[f"total_{pair}"].to_numpy(np.int64)
    return prepared


def _write_match(book, data, prepared, layout: Table, start, stop, rules) -> SheetEntry:
    first = data.iloc[start]
    gid = first["game_id"]
    sheet = book.add_sheet(f"Матч {gid}")
    pairs = [[first[p] for p in ("a1", "a2")], [first[p] for p in ("b1", "b2")]]
    spots = write_top(
        sheet,
        layout,
        f"Протокол — матч {gid}",
        [first.get(c) for _, c, *_ in DETAILS],
        pairs,
        rules,
    )
    layout.write_header(sheet, FIRST_ROW - 2)
    for column in layout.columns:
        if column.field is not None and column.key in prepared:
            sheet.write_prepared(
                FIRST_ROW,
                layout.col(column.key),
                prepared[column.key],
                start,
                stop,
                column.style,
                column=column.field,
                blanks=False,
            )
    last = FIRST_ROW + stop - start - 1
    sheet.grid(FIRST_ROW, 0, last, layout.last_col)
    for pair in ("A", "B"):
        col = layout.col(f"bait_{pair}")
        sheet.write_prepared(
            FIRST_ROW,
            col,
            prepared[f"bait_{pair}"],
            start,
            stop,
            ("body", "centre", "bait"),
            blanks=False,
        )
    write_points(
        sheet, layout, FIRST_ROW, last, {k: prepared[k][start:stop] for k in _NUMBERS}
    )
    totals = (int(data["total_a"].iat[stop - 1]), int(data["total_b"].iat[stop - 1]))
    over = bool(data["match_over"].iat[stop - 1])
    winner = str(data["winner"].iat[stop - 1]).upper() if over else None
    text = winner_text(winner, pairs, totals, rules.target)
    baits = data["bait"].iloc[start:stop]
    counts = (int((baits == "a").sum()), int((baits == "b").sum()))
    write_bottom(sheet, layout, last, totals, text, counts)
    chart(sheet, layout, FIRST_ROW, last)
    finish(sheet, stop - start)
    entry = _index_row(data, start, stop, pairs, totals, winner)
    return SheetEntry(sheet.name, "deals", gid, entry, where(layout, spots))


def _index_row(data, start, stop, pairs, totals, winner) -> dict[str, Any]:
    first = data.iloc[start]
    baits = data["bait"].iloc[start:stop]
    return {
        "Клуб": _value(first.get("league")),  # shown when the matches differ
        "Сезон": _value(first.get("season")),
        "Матч": first["game_id"],
        "Дата": _value(first.get("date")),
        "Стол": _value(first.get("table")),
        "Пара A": ", ".join(str(p) for p in pairs[0]),
        "Пара B": ", ".join(str(p) for p in pairs[1]),
        "Счёт": f"{totals[0]} : {totals[1]}",
        "Сдачи": stop - start,
        "БТ": f"{int((baits == 'a').sum())} : {int((baits == 'b').sum())}",
        "Победа": f"пара {winner}" if winner else "не окончен",
    }
