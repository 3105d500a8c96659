"""The sheet of a preferans points-only log: each player's whists per deal.

A points log keeps each deal's balance in whists, not the pool, mountain and
whists on each other that a пулька is drawn from, so there is no drawing and no
settlement to lay out: the sheet says so. What it shows is the deal protocol's
right half (:mod:`.protocol`): a row per deal with, for each player in seating
order, the deal's whists (Δ, the log) and the running balance (Σ, a formula),
the zero-sum check of every row, the results and places under the last deal
(and the money, given a price of a whist), and the chart of the balances. It
reads back as the preferans points log (``read_excel(..., kind="points")``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_index
from cardscore_frames.excel import (
    Workbook,
    cell_ref,
    col_letters,
    table_chart,
)
from cardscore_frames.excel.cells import prepare_column
from cardscore_frames.excel.hooks import SheetEntry
from cardscore_frames.excel.paper import (
    Column,
    Match,
    PaperRows,
    Table,
    details_into,
    find_columns,
    hint,
    norm,
    read_hinted,
    read_rows,
    write_details,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.preferans.arithmetic.seats import PLAYERS
from cardscore_frames.games.preferans.paper.export import add_styles
from cardscore_frames.games.preferans.paper.protocol import NET, RUN

__all__ = ["points_table", "write_points_sheets", "read_points", "NO_DRAWING"]

#: The line under the details: what the sheet holds, and why no пулька is drawn.
NO_DRAWING = (
    "Лист очков: висты за сдачу (Δ) и баланс (Σ). Пулька не нарисована: лог "
    "очков не хранит пулю, гору и висты, из которых её рисуют."
)
#: The game's details, on two rows: label, log column, value's and label's span.
DETAIL_ROWS = (
    (("Клуб", "league", 4, 2), ("Сезон", "season", 2, 2), ("Дата", "date", 2, 2)),
    (("Стол", "table", 1, 2), ("Пулька", "game_id", 2, 2)),
)
DETAILS = tuple(item for line in DETAIL_ROWS for item in line)
RESULT, PLACE, MONEY, PRICE = "Итог", "Место", "Деньги", "Цена виста"
SCORES = tuple(f"score{s}" for s in range(1, len(PLAYERS) + 1))
FIRST_ROW = 6  # title, two rows of details, the note, two heading rows


def points_table(names: Sequence[str]) -> Table:
    """The columns for these players (seating order): №, then each player's
    Δ and Σ, then the check."""
    centre = ("body", "centre")
    columns = [Column("deal", "№", "deal", fills_row=False, width=7, style=centre)]
    for s, name in enumerate(names, start=1):
        columns += [
            Column(
                f"net{s}",
                NET,
                SCORES[s - 1],
                group=name,
                width=9,
                style=(*centre, "exact"),
            ),
            Column(
                f"run{s}", RUN, group=name, width=9, style=(*centre, "exact", "cumul")
            ),
        ]
    columns.append(Column("check", "✓", width=5, style=("body", "check")))
    return Table(tuple(columns))


def write_points_sheets(
    book: Workbook, scored: pd.DataFrame, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """One sheet per pool of a scored points log."""
    add_styles(book)
    index = game_index(scored)
    data = scored.take(index.order).reset_index(drop=True)
    k = data["players"].to_numpy()
    scores = np.column_stack(
        [data[s].to_numpy(dtype=np.float64, na_value=0.0) for s in SCORES]
    )
    totals = np.column_stack(
        [data[f"total{s}"].to_numpy(dtype=np.float64) for s in range(1, 5)]
    )
    deals = prepare_column(data["deal"])
    price = options.get("whist_price")
    entries = []
    for g in range(index.n_games):
        start, stop = int(index.starts[g]), int(index.starts[g + 1])
        n = int(k[start])
        part = (scores[start:stop, :n], totals[start:stop, :n])
        entries.append(
            _write_pool(book, data.iloc[start], part, deals, (start, stop), price)
        )
    return entries


def _write_pool(book, head, part, deals, rows, price) -> SheetEntry:
    scores, totals = part
    n = scores.shape[1]
    names = [str(head[p]) for p in PLAYERS[:n]]
    layout = points_table(names)
    gid = head["game_id"]
    sheet = book.add_sheet(f"Пулька {gid}")
    sheet.merge(0, 0, 0, layout.last_col, f"Пулька {gid}: висты по сдачам", "title")
    sheet.set_row_height(0, 22)
    spots = {}
    for row, line in enumerate(DETAIL_ROWS, start=1):
        pairs = [(label, _plain(head.get(c)), *span) for label, c, *span in line]
        cells = write_details(sheet, row, 0, pairs, label_style="label")
        spots.update(zip((c for _, c, *_ in line), cells, strict=True))
    if price is not None:  # an option, not the log's: after the details
        write_details(sheet, 2, 7, [(PRICE, price, 1, 2)], label_style="label")
    sheet.merge(3, 0, 3, layout.last_col, NO_DRAWING, ("subtitle", "wrap"))
    sheet.set_row_height(3, 32)
    layout.write_header(sheet, FIRST_ROW - 2)
    start, stop = rows
    sheet.write_prepared(FIRST_ROW, 0, deals, start, stop, ("body", "centre"))
    last = FIRST_ROW + stop - start - 1
    _write_balances(sheet, layout, scores, totals, last)
    final = totals[-1]
    _write_results(sheet, layout, final, last, price)
    _chart(sheet, layout, n, last)
    sheet.autofit(minimum=5, maximum=20)
    sheet.freeze(FIRST_ROW, 1)
    one_page = stop - start <= 40
    sheet.landscape_fit_to_page(
        repeat_rows=None if one_page else (FIRST_ROW - 2, FIRST_ROW - 1),
        pages_tall=1 if one_page else 0,
    )
    fixed = dict(spots)
    fixed.update(
        {PLAYERS[s]: (FIRST_ROW - 2, layout.col(f"net{s + 1}")) for s in range(n)}
    )
    return SheetEntry(
        sheet.name,
        "points",
        gid,
        _index_row(head, names, final, stop - start),
        hint(layout, FIRST_ROW - 1, stop=(RESULT, PLACE, MONEY), fixed=fixed),
    )


def _plain(value: Any) -> Any:
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return None
    return value.item() if hasattr(value, "item") else value


def _write_balances(sheet: Sheet, layout: Table, scores, totals, last: int) -> None:
    """Each player's Δ (the log) and Σ (a formula), and the zero-sum check."""
    rows = range(FIRST_ROW + 2, last + 2)
    nets = []
    for s in range(1, scores.shape[1] + 1):
        d, r = layout.col(f"net{s}"), layout.col(f"run{s}")
        sheet.write_numbers(FIRST_ROW, d, scores[:, s - 1], ("body", "centre", "exact"))
        dl, rl = col_letters(d), col_letters(r)
        run = [f"={dl}{FIRST_ROW + 1}", *(f"={rl}{x - 1}+{dl}{x}" for x in rows)]
        sheet.write_formula_column(
            FIRST_ROW,
            r,
            run,
            np.round(totals[:, s - 1], 9),
            ("body", "centre", "exact", "cumul"),
        )
        nets.append(dl)
    every = range(FIRST_ROW + 1, last + 2)
    check = [f"=ROUND({'+'.join(f'{x}{r}' for x in nets)},6)" for r in every]
    col = layout.col("check")
    sheet.write_formula_column(
        FIRST_ROW, col, check, np.zeros(len(check)), ("body", "check")
    )
    sheet.flag_nonzero(FIRST_ROW, col, last, col)


def _write_results(
    sheet: Sheet, layout: Table, final: np.ndarray, last: int, price: Any
) -> None:
    """Under the last deal: each player's result (Σ of his Δ), place, and money
    at the price of a whist when one is given."""
    n = len(final)
    result, place, money = last + 1, last + 2, last + 3
    labels = [(result, RESULT), (place, PLACE)]
    if price is not None:
        labels.append((money, MONEY))
    for row, label in labels:
        sheet.write(row, 0, label, ("body", "bold"))
    owns = [cell_ref(result, layout.col(f"run{s}")) for s in range(1, n + 1)]
    places = 1 + (final[None, :] > final[:, None] + 1e-9).sum(axis=1)
    for s in range(1, n + 1):
        d, r = layout.col(f"net{s}"), layout.col(f"run{s}")
        for row, _ in labels:
            sheet.write(row, d, None, "body")
        span = f"{cell_ref(FIRST_ROW, d)}:{cell_ref(last, d)}"
        own = owns[s - 1]
        sheet.write_formula(
            result,
            r,
            f"=SUM({span})",
            float(np.round(final[s - 1], 9)),
            ("body", "total", "exact", "cumul"),
        )
        others = "".join(f"+({x}>{own}+1E-9)" for x in owns if x != own)
        sheet.write_formula(
            place, r, f"=1{others}", int(places[s - 1]), ("body", "bold", "centre")
        )
        if price is not None:
            sheet.write_formula(
                money,
                r,
                f"={own}*{float(price)!r}",
                float(final[s - 1]) * float(price),
                ("body", "exact"),
            )
    sheet.write_formula(
        result,
        layout.col("check"),
        f"=ROUND({'+'.join(owns)},6)",
        0,
        ("body", "check"),
    )


def _chart(sheet: Sheet, layout: Table, n: int, last: int) -> None:
    """Each player's balance, deal by deal, under the table."""
    table_chart(
        sheet,
        FIRST_ROW,
        last,
        layout.last_col,
        [(layout.col(f"net{s}"), layout.col(f"run{s}")) for s in range(1, n + 1)],
        gap=5,
        title="Баланс по сдачам, висты",
        x_title="Сдача",
        y_title="Висты",
    )


def _index_row(head, names: list[str], final: np.ndarray, deals: int) -> dict:
    order = np.argsort(-final, kind="stable")
    result = " · ".join(f"{names[i]} {_signed(final[i])}" for i in order)
    return {
        "Клуб": _plain(head.get("league")),  # shown when the pools differ
        "Сезон": _plain(head.get("season")),
        "Пулька": _plain(head["game_id"]),
        "Дата": _plain(head.get("date")),
        "Стол": _plain(head.get("table")),
        "Игроки": ", ".join(names),
        "Сдачи": deals,
        "Итог, висты": result,
    }


def _signed(x: float) -> str:
    text = f"{x:+.0f}" if abs(x - round(x)) < 1e-9 else f"{x:+.2f}"
    return text.replace("-", "−")


# --- reading -------------------------------------------------------------------------

_FULL = points_table([str(s) for s in range(1, len(PLAYERS) + 1)])
_DEAL = (_FULL.columns[0],)


def read_points(
    cells: SheetCells, layout: Mapping[str, Any] | None = None
) -> PaperRows | None:
    """The deals of a points sheet as points log rows; found by the layout its
    writer stored, else by its headings (a deal protocol's Δ columns read so
    too)."""
    rows = read_hinted(cells, layout, _FULL.columns, _search)
    if rows is not None:
        for column in (*PLAYERS, *SCORES):
            if column not in rows.data:
                rows.set_constant(column, None, None)
    return rows


def _search(cells: SheetCells) -> PaperRows | None:
    match = find_columns(cells, _DEAL, ("deal",))
    if match is None or match.row == 0:
        return None
    heading = cells.values[match.row]
    nets = [j for j, v in enumerate(heading) if norm(v) == norm(NET)]
    if not nets:
        return None
    cols, columns = dict(match.cols), list(_DEAL)
    for s, j in enumerate(nets[: len(PLAYERS)], start=1):
        cols[f"net{s}"] = j
        columns.append(Column(f"net{s}", NET, SCORES[s - 1]))
    rows = read_rows(
        cells, Match(match.row, cols), columns, stop=(RESULT, PLACE, MONEY)
    )
    for s, j in enumerate(nets[: len(PLAYERS)]):
        i, c = _block_start(cells, match.row - 1, j)
        rows.set_constant(PLAYERS[s], cells.values[i, c], cells.address(i, c))
    details_into(rows, cells, DETAILS)
    return rows


def _block_start(cells: SheetCells, i: int, j: int) -> tuple[int, int]:
    """The top-left cell (indices into ``cells.values``) of the merged block
    holding ``(i, j)``: the player's name heads all his columns."""
    r, c = i + cells.first_row, j + cells.first_col
    for a, b, x, y in cells.merged:
        if a <= r <= x and b <= c <= y:
            return a - cells.first_row, b - cells.first_col
    return i, j
