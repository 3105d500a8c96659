"""The feuille de marque of a points-only log: each player's donne and cumul.

A score keeper who writes down only each player's score per donne keeps the
right half of the feuille (docs/guide/excel.md, French tarot): the N°, the dealer who
sits out at a 5-seat table (Mort), then for each player in seating order his
donne and cumul (bold), and the checks Σ donne and Σ cumul, 0 on every line.
Totals and places under the last donne, the chart of the cumuls beside the
export of a deal log. The donne columns hold the log (``score1 .. score5``);
the cumuls and the checks are formulas. It reads back as the tarot points log
(``read_excel(..., kind="points")``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_index
from cardscore_frames.excel import Workbook
from cardscore_frames.excel.cells import prepare_column
from cardscore_frames.excel.hooks import SheetEntry
from cardscore_frames.excel.paper import (
    Column,
    Match,
    PaperRows,
    Table,
    details_into,
    find_columns,
    norm,
    read_hinted,
    read_rows,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.games.tarot.paper.drawing import (
    add_styles,
    chart,
    finish,
    grey_mort,
    where,
    write_bottom,
    write_scores,
    write_top,
)
from cardscore_frames.games.tarot.paper.export import (
    _check_seating,
    _heads,
    _index_row,
)
from cardscore_frames.games.tarot.paper.layout import (
    CUMUL,
    DETAILS,
    DONNE,
    FIRST_ROW,
    PLACE,
    SIGMA,
    TOTAL,
)
from cardscore_frames.games.tarot.seats import PLAYERS

__all__ = ["points_table", "write_points_sheets", "read_points", "POINTS_LINE"]

#: The line under the title: what the sheet holds, and its checks.
POINTS_LINE = (
    "Points seuls : le score de chaque joueur par donne (ni contrat ni cartes) "
    "· Σ donne et Σ cumul : 0 sur chaque ligne"
)
#: The log's score columns, seat by seat.
SCORES = tuple(f"score{p}" for p in range(1, len(PLAYERS) + 1))


def points_table(players: Sequence[str], *, mort: bool) -> Table:
    """The columns of a points feuille for these players (seating order);
    ``mort``: the column naming the dealer who sits out (5 seats, 4 play)."""
    centre = ("body", "centre")
    columns = [Column("deal", "N°", "deal", fills_row=False, width=4, style=centre)]
    if mort:
        columns.append(Column("sits_out", "Mort", "sits_out", fills_row=False))
    for p, name in enumerate(players, start=1):
        columns.append(
            Column(
                f"donne_{p}",
                DONNE,
                SCORES[p - 1],
                group=name,
                width=7,
                style=("body", "signed"),
            )
        )
        columns.append(
            Column(
                f"cumul_{p}",
                CUMUL,
                group=name,
                width=8,
                style=("body", "signed", "cumul"),
            )
        )
    columns.append(Column("sum_donne", DONNE, group=SIGMA, width=6, style="check_cell"))
    columns.append(Column("sum_cumul", CUMUL, group=SIGMA, width=6, style="check_cell"))
    return Table(tuple(columns))


def write_points_sheets(
    book: Workbook, scored: pd.DataFrame, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """One points feuille per partie of a scored points log."""
    add_styles(book)
    index = game_index(scored)
    data = scored.take(index.order).reset_index(drop=True)
    first = index.starts[:-1]
    game = np.repeat(np.arange(index.n_games), index.sizes)
    _check_seating(data, first, game)
    seated = data[list(PLAYERS)].notna().to_numpy()
    scores = np.column_stack(
        [data[s].to_numpy(dtype=np.float64, na_value=0.0) for s in SCORES]
    )
    running = np.cumsum(scores, axis=0)
    cumul = running - (running - scores)[first][game]
    heads = _heads(data, first)
    deals = prepare_column(data["deal"])
    out = prepare_column(data["sits_out"]) if "sits_out" in data else None
    entries = []
    for g in range(index.n_games):
        start, stop = int(index.starts[g]), int(index.starts[g + 1])
        k = int(seated[start].sum())
        mort = out is not None and bool(data["sits_out"].iloc[start:stop].notna().any())
        deal = data["deal"].to_numpy()[start:stop]
        part = _Part(
            start, stop, k, mort, bool((deal == np.arange(1, len(deal) + 1)).all())
        )
        entries.append(_write_game(book, heads[g], part, deals, out, scores, cumul))
    return entries


class _Part(NamedTuple):
    """One partie's rows (``start:stop`` of the sorted log): its players, whether
    a dealer sits out, whether the donnes are numbered 1..n."""

    start: int
    stop: int
    k: int
    mort: bool
    numbered: bool


def _write_game(book, head, part: _Part, deals, out, scores, cumul) -> SheetEntry:
    k, start, stop = part.k, part.start, part.stop
    players = [str(head[c]) for c in PLAYERS[:k]]
    layout = points_table(players, mort=part.mort)
    gid = head["game_id"]
    sheet = book.add_sheet(f"Partie {gid}")
    details = [head[c] for _, c, *_ in DETAILS]
    title = f"Feuille de marque — partie {gid} (points)"
    spots = write_top(sheet, layout, title, details, POINTS_LINE)
    layout.write_header(sheet, FIRST_ROW - 2)
    column = {c.key: c for c in layout.columns}
    sheet.write_prepared(
        FIRST_ROW, 0, deals, start, stop, column["deal"].style, column="deal"
    )
    if part.mort:
        sheet.write_prepared(
            FIRST_ROW,
            layout.col("sits_out"),
            out,
            start,
            stop,
            "body",
            column="sits_out",
        )
    last = FIRST_ROW + stop - start - 1
    sheet.grid(FIRST_ROW, 0, last, layout.last_col)
    part_scores, part_cumul = scores[start:stop, :k], cumul[start:stop, :k]
    write_scores(sheet, layout, k, FIRST_ROW, last, part_scores, part_cumul)
    if part.mort:
        grey_mort(sheet, layout, k, FIRST_ROW, last)
    totals = cumul[stop - 1, :k]
    write_bottom(sheet, layout, k, last, totals)
    chart(sheet, layout, k, FIRST_ROW, last, part.numbered)
    finish(sheet, stop - start)
    row = _index_row(head, stop - start, players, totals)
    return SheetEntry(sheet.name, "points", gid, row, where(layout, k, spots))


# --- reading -------------------------------------------------------------------------

#: The columns every points feuille may have left of the players'.
_FIXED = (
    Column("deal", "N°", "deal", fills_row=False),
    Column("sits_out", "Mort", "sits_out", fills_row=False),
)
#: Every column a points feuille may have, to read one by its stored layout.
_FULL = points_table(["?"] * len(PLAYERS), mort=True)


def read_points(
    cells: SheetCells, layout: Mapping[str, Any] | None = None
) -> PaperRows | None:
    """The donnes of a points feuille as points log rows (each player's score);
    found by the layout its writer stored, else by its headings (then a full
    feuille's donne columns read as a points log too)."""
    rows = read_hinted(cells, layout, _FULL.columns, _search)
    if rows is not None:
        for column in (*PLAYERS, *SCORES):
            if column not in rows.data:
                rows.set_constant(column, None, None)
    return rows


def _search(cells: SheetCells) -> PaperRows | None:
    match = find_columns(cells, _FIXED, ("deal",))
    if match is None or match.row == 0:
        return None
    heading, above = cells.values[match.row], cells.values[match.row - 1]
    donnes = [
        j
        for j, v in enumerate(heading)
        if norm(v) == DONNE and norm(above[j]) != norm(SIGMA)
    ]
    if not donnes:
        return None
    cols, columns = dict(match.cols), list(_FIXED)
    for p, j in enumerate(donnes[: len(PLAYERS)], start=1):
        cols[f"donne_{p}"] = j
        columns.append(Column(f"donne_{p}", DONNE, SCORES[p - 1]))
    rows = read_rows(cells, Match(match.row, cols), columns, stop=(TOTAL, PLACE))
    for p, j in enumerate(donnes[: len(PLAYERS)]):
        rows.set_constant(PLAYERS[p], above[j], cells.address(match.row - 1, j))
    details_into(rows, cells, DETAILS)
    return rows
