"""A пулька's deal protocol: one row per deal (dealer, declarer, contract, each
player's call, tricks, and the deal in whists by the exact settlement formula
with its running total), the zero-sum check, and a chart of the running
totals. It reads back as the preferans deal log.

A correction (``contract`` correction) is written as on paper: ``поправка`` in
the contract's cell and its amounts in the cells of that row that hold each
player's pool, mountain and whists (columns the protocol has only when its
game has a correction), with the player the whists are written on; an all-pass
deal's own price of a trick, where the log gives one, has its column too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.excel import col_letters, table_chart
from cardscore_frames.excel.cells import prepare_column
from cardscore_frames.excel.hooks import SheetEntry
from cardscore_frames.excel.paper import (
    Column,
    PaperRows,
    Table,
    details_into,
    encode,
    find_columns,
    hint,
    norm,
    read_hinted,
    read_rows,
    write_details,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.preferans.arithmetic.seats import (
    CALL_COLUMNS,
    PLAYERS,
    TRICK_COLUMNS,
)
from cardscore_frames.games.preferans.vocabulary import CALL, CONTRACT

__all__ = [
    "CONTRACT_CODES",
    "CALL_CODES",
    "protocol_table",
    "write_protocol",
    "read_protocol",
]

#: The protocol's codes, from the game's one vocabulary (vocabulary.py):
#: contracts as written (7♠, 6БК, мизер; an all-pass deal is распасы) and a
#: defender's call (вист, пас, пол: half a whist).
CONTRACT_CODES = CONTRACT.codes
CALL_CODES = CALL.codes
#: The game's details above the protocol, on two rows (label, log column,
#: columns the value spans, columns the label takes).
DETAIL_ROWS = (
    (("Клуб", "league", 4, 2), ("Сезон", "season", 2, 2), ("Дата", "date", 2, 2)),
    (
        ("Стол", "table", 1, 2),
        ("Пулька", "game_id", 1, 2),
        ("Пуля до", "pool_target", 1, 2),
    ),
)
DETAILS = tuple(item for line in DETAIL_ROWS for item in line)
CALL, TRICKS, NET, RUN = "вист", "взятки", "Δ", "Σ"
#: A correction's amounts, in each player's columns: log column -> heading.
AMOUNTS = {"pool": "пуля", "mountain": "гора", "whists": "висты"}
#: Headings of the correction's player and of an all-pass deal's own price.
WHISTS_ON, PRICE = "висты на", "цена"
FIRST_ROW = 5


def protocol_table(
    names: Sequence[str], *, corrections: bool = False, prices: bool = False
) -> Table:
    """The protocol's columns for these players (seating order);
    ``corrections``: each player's pool, mountain and whists of a correction,
    and whom its whists are on; ``prices``: an all-pass deal's price."""
    centre = ("body", "centre")
    columns = [
        Column("deal", "№", "deal", fills_row=False, width=4, style=centre),
        Column("dealer", "сдаёт", "dealer"),
        Column("declarer", "игрок", "declarer", blank="—"),
        Column(
            "contract", "заказ", "contract", codes=CONTRACT_CODES, width=8, style=centre
        ),
    ]
    if corrections:
        columns.append(Column("whists_on", WHISTS_ON, "whists_on", width=8))
    if prices:
        columns.append(
            Column("all_pass_price", PRICE, "all_pass_price", width=6, style=centre)
        )
    for s, name in enumerate(names, start=1):
        columns += [
            Column(
                f"call{s}",
                CALL,
                f"call{s}",
                group=name,
                codes=CALL_CODES,
                width=6,
                style=centre,
            ),
            Column(
                f"tricks{s}", TRICKS, f"tricks{s}", group=name, width=7, style=centre
            ),
            *(
                Column(
                    f"{kind}{s}",
                    label,
                    f"{kind}{s}",
                    group=name,
                    width=6,
                    style=(*centre, "italic"),
                )
                for kind, label in (AMOUNTS.items() if corrections else ())
            ),
            Column(
                f"net{s}", NET, group=name, width=7, style=("body", "centre", "exact")
            ),
            Column(
                f"run{s}",
                RUN,
                group=name,
                width=8,
                style=("body", "centre", "exact", "cumul"),
            ),
        ]
    columns.append(Column("check", "✓", width=5, style=("body", "check")))
    return Table(tuple(columns))


def write_protocol(
    sheet: Sheet, deals: pd.DataFrame, names: list[str], pulka: str, rules: Any
) -> SheetEntry:
    """The protocol of one пулька's deals (scored, in deal order)."""
    n = len(names)
    layout = protocol_table(
        names,
        corrections=bool((deals["contract"] == "correction").any()),
        prices="all_pass_price" in deals
        and bool(deals["all_pass_price"].notna().any()),
    )
    first = deals.iloc[0]
    sheet.merge(0, 0, 0, layout.last_col, f"Пулька {first['game_id']}: сдачи", "title")
    sheet.set_row_height(0, 22)
    spots = {}
    for row, line in enumerate(DETAIL_ROWS, start=1):
        pairs = [(label, _plain(first.get(c)), *span) for label, c, *span in line]
        cells = write_details(sheet, row, 0, pairs, label_style="label")
        spots.update(zip((c for _, c, *_ in line), cells, strict=True))
    sheet.link_to_sheet(2, cells[-1][1] + 2, pulka, "← пулька")
    layout.write_header(sheet, FIRST_ROW - 2)
    played = deals["contract"] != "pass"
    for column in layout.columns:
        if column.field is None:
            continue
        values = deals[column.field]
        if column.field == "declarer":
            values = values.astype(object).where(played, "—")
        sheet.write_column(
            FIRST_ROW, layout.col(column.key), encode(values, column), column.style
        )
    last = FIRST_ROW + len(deals) - 1
    _write_nets(sheet, layout, deals, n, last)
    _chart(sheet, layout, n, last)
    sheet.autofit(minimum=5, maximum=20)
    sheet.freeze(FIRST_ROW, 4)
    sheet.landscape_fit_to_page(repeat_rows=(FIRST_ROW - 2, FIRST_ROW - 1))
    fixed = {c: spots[c] for c in spots}
    fixed.update(
        {PLAYERS[s]: (FIRST_ROW - 2, layout.col(f"call{s + 1}")) for s in range(n)}
    )
    return SheetEntry(
        sheet.name,
        "deals",
        first["game_id"],
        None,
        hint(layout, FIRST_ROW - 1, fixed=fixed),
    )


def _plain(value: Any) -> Any:
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return None
    return value


def _write_nets(sheet, layout: Table, deals, n: int, last: int) -> None:
    rows = range(FIRST_ROW + 1, last + 2)
    nets = []
    for s in range(1, n + 1):
        net = deals[f"net_{s}"].to_numpy(dtype=float)
        d, r = layout.col(f"net{s}"), layout.col(f"run{s}")
        sheet.write_numbers(FIRST_ROW, d, net, ("body", "centre", "exact"))
        dl, rl = col_letters(d), col_letters(r)
        run = [f"={dl}{FIRST_ROW + 1}"] + [f"={rl}{x - 1}+{dl}{x}" for x in rows][1:]
        sheet.write_formula_column(
            FIRST_ROW,
            r,
            run,
            np.round(np.cumsum(net), 9),
            ("body", "centre", "exact", "cumul"),
        )
        nets.append(dl)
    check = [f"=ROUND({'+'.join(f'{x}{r}' for x in nets)},6)" for r in rows]
    col = layout.col("check")
    sheet.write_formula_column(
        FIRST_ROW, col, check, np.zeros(len(check)), ("body", "check")
    )
    sheet.flag_nonzero(FIRST_ROW, col, last, col)


def _chart(sheet, layout: Table, n: int, last: int) -> None:
    """Each player's balance, deal by deal, under the table."""
    table_chart(
        sheet,
        FIRST_ROW,
        last,
        layout.last_col,
        [(layout.col(f"call{s}"), layout.col(f"run{s}")) for s in range(1, n + 1)],
        gap=3,
        title="Баланс по сдачам, висты",
        x_title="Сдача",
        y_title="Висты",
    )


# --- reading -------------------------------------------------------------------------

_FULL = protocol_table(["1", "2", "3", "4"], corrections=True, prices=True)
#: A player's columns by their heading (but the call, which starts them).
_OWN = {TRICKS: "tricks", **{label: kind for kind, label in AMOUNTS.items()}}


def read_protocol(
    cells: SheetCells, layout: Mapping[str, Any] | None
) -> PaperRows | None:
    """The deals of a protocol as log rows."""
    rows = read_hinted(cells, layout, _FULL.columns, _search)
    if rows is not None:
        for column in (*PLAYERS, *CALL_COLUMNS, *TRICK_COLUMNS):
            if column not in rows.data:
                rows.set_constant(column, None, None)
    return rows


def _search(cells: SheetCells) -> PaperRows | None:
    fixed = [c for c in _FULL.columns if c.group is None and c.field]
    match = find_columns(cells, fixed, ("deal", "declarer", "contract"))
    if match is None:
        return None
    grid = cells.values
    heading = [norm(v) for v in grid[match.row]]
    seats = [j for j, v in enumerate(heading) if v == CALL]
    cols = dict(match.cols)
    found = list(fixed)
    by_key = {c.key: c for c in _FULL.columns}
    for s, (j, end) in enumerate(zip(seats[:4], [*seats[1:4], None]), start=1):
        keys = {f"call{s}": j}
        for k in range(j + 1, len(heading) if end is None else end):
            own = _OWN.get(heading[k])
            if own is not None:
                keys.setdefault(f"{own}{s}", k)
        cols.update(keys)
        found += [by_key[key] for key in keys]
    match = type(match)(match.row, cols)
    rows = read_rows(cells, match, found)
    for s, j in enumerate(seats[:4]):
        r, c = cells.first_row + match.row - 1, cells.first_col + j
        rows.set_constant(PLAYERS[s], cells.cell(r, c), (r, c))
    details_into(rows, cells, DETAILS)
    return rows


def prepared(values: pd.Series) -> Any:
    return prepare_column(values)
