"""The протокол of a points-only log: what a paper протокол keeps (sheets.md 2).

One sheet per match: the date, table, the two pairs and the target above the
table; a row per deal with the declaring pair when the log gives it (заказ:
A or B), then each pair's points (очки), running total (Σ, a formula) and БТ
mark. Under the last deal, the heavy rule, the totals, the БТ counts and the
winner; the chart of both totals. It reads back as the belot points log
(``read_excel(..., kind="points")``): the БТ of a deal is the pair whose
column holds the mark.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_index
from cardscore_frames.excel import Workbook, col_letters
from cardscore_frames.excel.cells import prepare_column
from cardscore_frames.excel.hooks import SheetEntry
from cardscore_frames.excel.paper import (
    Column,
    PaperRows,
    Table,
    details_into,
    encode,
    find_columns,
    norm,
    read_hinted,
    read_rows,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.belot.paper.drawing import (
    add_styles,
    chart,
    finish,
    where,
    winner_text,
    write_bottom,
    write_top,
)
from cardscore_frames.games.belot.paper.export import _index_row
from cardscore_frames.games.belot.paper.layout import (
    BAIT,
    DETAILS,
    FIRST_ROW,
    PAIR_ALIASES,
    PAIR_CODES,
    SIGMA,
    _pairs_from,
)

__all__ = ["points_table", "write_points_sheets", "read_points", "points_line"]

#: Texts read as a БТ mark (the Latin letters too).
BAIT_MARKS = frozenset({norm(BAIT), "bt", "бт."})


def points_table(*, declarer: bool) -> Table:
    """The columns of a points протокол (``declarer``: the заказ column, for a
    log that names the declaring pair)."""
    centre = ("body", "centre")
    columns = [Column("deal", "№", "deal", fills_row=False, width=4, style=centre)]
    if declarer:
        columns.append(
            Column(
                "declarer",
                "пара",
                "declarer",
                group="заказ",
                codes=PAIR_CODES,
                aliases=PAIR_ALIASES,
                fills_row=False,
                width=6,
                style=centre,
            )
        )
    for pair in ("A", "B"):
        low = pair.lower()
        columns += [
            Column(
                f"points_{pair}",
                f"{pair}: очки",
                f"points_{low}",
                width=8,
                style=centre,
            ),
            Column(f"total_{pair}", f"{pair}: Σ", width=8, style=(*centre, "cumul")),
            Column(
                f"bait_{pair}",
                f"{pair}: {BAIT}",
                f"bait_{low}",  # both read back as the log's bait
                fills_row=False,
                width=6,
                style=(*centre, "bait"),
            ),
        ]
    return Table(tuple(columns))


def points_line(rules: Any) -> str:
    """The line under the pairs: the target and what the протокол holds."""
    return (
        f"игра до {rules.target} · минимальный заказ {rules.min_bid} · протокол "
        "очков: только очки пар по сдачам"
    )


def write_points_sheets(
    book: Workbook, scored: pd.DataFrame, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """One протокол per match of a scored points log."""
    add_styles(book)
    index = game_index(scored)
    data = scored.take(index.order).reset_index(drop=True)
    rules = scored.cardscore.rules
    layout = points_table(declarer=bool(data["declarer"].notna().any()))
    prepared = {"deal": prepare_column(data["deal"])}
    if layout.has("declarer"):
        column = next(c for c in layout.columns if c.key == "declarer")
        prepared["declarer"] = prepare_column(encode(data["declarer"], column))
    for pair in ("a", "b"):
        marks = np.where((data["bait"] == pair).to_numpy(dtype=bool), BAIT, None)
        prepared[f"bait_{pair.upper()}"] = prepare_column(pd.Series(marks))
    entries = []
    for g in range(index.n_games):
        start, stop = int(index.starts[g]), int(index.starts[g + 1])
        entries.append(_write_match(book, data, prepared, layout, start, stop, rules))
    return entries


def _write_match(book, data, prepared, layout: Table, start, stop, rules):
    first = data.iloc[start]
    gid = first["game_id"]
    sheet = book.add_sheet(f"Матч {gid}")
    pairs = [[first[p] for p in ("a1", "a2")], [first[p] for p in ("b1", "b2")]]
    details = [first.get(c) for _, c, *_ in DETAILS]
    title = f"Протокол очков — матч {gid}"
    spots = write_top(sheet, layout, title, details, pairs, rules)
    sheet.write(3, 0, points_line(rules), "subtitle", fit=False)
    layout.write_header(sheet, FIRST_ROW - 2)
    for key, cells in prepared.items():
        column = next(c for c in layout.columns if c.key == key)
        sheet.write_prepared(
            FIRST_ROW,
            layout.col(key),
            cells,
            start,
            stop,
            column.style,
            column=column.field,
            blanks=False,
        )
    last = FIRST_ROW + stop - start - 1
    sheet.grid(FIRST_ROW, 0, last, layout.last_col)
    _write_totals(sheet, layout, data.iloc[start:stop], last)
    totals = (int(data["total_a"].iat[stop - 1]), int(data["total_b"].iat[stop - 1]))
    over = bool(data["match_over"].iat[stop - 1])
    winner = str(data["winner"].iat[stop - 1]).upper() if over else None
    baits = data["bait"].iloc[start:stop]
    write_bottom(
        sheet,
        layout,
        last,
        totals,
        winner_text(winner, pairs, totals, rules.target),
        (int((baits == "a").sum()), int((baits == "b").sum())),
    )
    chart(sheet, layout, FIRST_ROW, last)
    finish(sheet, stop - start)
    entry = _index_row(data, start, stop, pairs, totals, winner)
    return SheetEntry(sheet.name, "points", gid, entry, where(layout, spots))


def _write_totals(sheet: Sheet, layout: Table, match: pd.DataFrame, last: int) -> None:
    """Each pair's points (the log) and running total (formulas)."""
    first = FIRST_ROW
    for pair in ("A", "B"):
        low = pair.lower()
        p, t = layout.col(f"points_{pair}"), layout.col(f"total_{pair}")
        sheet.write_numbers(
            first, p, match[f"points_{low}"].to_numpy(np.int64), ("body", "centre")
        )
        pl, tl = col_letters(p), col_letters(t)
        rows = range(first + 2, last + 2)
        run = [f"={pl}{first + 1}", *(f"={tl}{r - 1}+{pl}{r}" for r in rows)]
        sheet.write_formula_column(
            first,
            t,
            run,
            match[f"total_{low}"].to_numpy(np.int64),
            ("body", "centre", "cumul"),
        )


# --- reading -------------------------------------------------------------------------

_FULL = points_table(declarer=True)


def read_points(
    cells: SheetCells, layout: Mapping[str, Any] | None = None
) -> PaperRows | None:
    """The deals of a points протокол as points log rows; found by the layout
    its writer stored, else by its headings (a full протокол reads so too)."""
    rows = read_hinted(cells, layout, _FULL.columns, _search)
    if rows is None:
        return None
    _bait_from_marks(rows)
    return rows


def _search(cells: SheetCells) -> PaperRows | None:
    match = find_columns(cells, _FULL.columns, ("deal", "points_A", "points_B"))
    if match is None:
        return None
    rows = read_rows(cells, match, _FULL.columns, stop=(SIGMA,))
    details_into(rows, cells, DETAILS)
    _pairs_from(cells, match, rows)
    return rows


def _bait_from_marks(rows: PaperRows) -> None:
    """The two БТ columns as the log's ``bait``: the pair whose cell holds the
    mark; any other text is kept as written (the log's check reports it), and
    marks on both pairs read ``a+b`` (which it reports too)."""
    columns = [f"bait_{pair}" for pair in ("a", "b")]
    given = [np.array(rows.data.pop(c, [None] * rows.n), dtype=object) for c in columns]
    letters = [rows.letters.pop(c, None) for c in columns]
    texts = [np.frompyfunc(_mark, 2, 1)(v, pair) for v, pair in zip(given, "ab")]
    both = (texts[0] != "") & (texts[1] != "")
    value = np.where(both, texts[0] + "+" + texts[1], texts[0] + texts[1])
    rows.data["bait"] = np.where(value == "", None, value).tolist()
    on_b = (texts[0] == "") & (texts[1] != "")
    if letters[0] is not None and letters[1] is not None:
        rows.row_letters["bait"] = np.where(on_b, letters[1], letters[0]).tolist()
    elif letters[0] is not None or letters[1] is not None:
        rows.letters["bait"] = letters[0] or letters[1]


def _mark(value: Any, pair: str) -> str:
    """One БТ cell: the pair when it holds the mark, "" when blank, else the
    text as written."""
    if value is None or value == "":
        return ""
    text = norm(value)
    if text in BAIT_MARKS:
        return pair
    return str(value).strip() if text is not None else str(value)
