"""Drawing a feuille de marque: what the export and the template both draw
around the donnes (title and details, each player's donne and cumul with the
Σ checks, totals and places, the chart, the print set-up)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.excel import (
    CellRange,
    Workbook,
    cell_ref,
    col_letters,
    line_chart,
    table_chart,
)
from cardscore_frames.excel.paper import Table, hint, write_details
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.tarot.paper.layout import DETAILS, FIRST_ROW, PLACE, TOTAL
from cardscore_frames.games.tarot.seats import PLAYERS

__all__ = [
    "add_styles",
    "write_top",
    "where",
    "rules_line",
    "write_scores",
    "grey_mort",
    "write_bottom",
    "chart",
    "finish",
]


def add_styles(book: Workbook) -> None:
    """The feuille's own looks: a signed result, a details label."""
    book.styles.register("result", {"num_format": "+0;[Red]-0;+0"})
    book.styles.register("label", {"bold": True, "align": "right", "indent": 1})


def write_top(
    sheet: Sheet, layout: Table, title: str, details: Sequence[Any], rules: str
) -> list[tuple[int, int]]:
    """Title, the game's details (label | value) and the rules in force;
    returns the cells of the details' values."""
    sheet.write(0, 0, title, "title", fit=False)  # long texts run over empty cells
    sheet.set_row_height(0, 22)
    pairs = [
        (label, _value(v), *spans)
        for (label, _, *spans), v in zip(DETAILS, details, strict=True)
    ]
    spots = write_details(sheet, 1, 0, pairs, label_style="label")
    sheet.write(2, 0, rules, "subtitle", fit=False)
    return spots


def where(layout: Table, k: int, spots: list[tuple[int, int]]) -> dict[str, Any]:
    """The layout hint of a feuille: its table, the players' names above their
    columns and the details' values."""
    fixed = {
        PLAYERS[p - 1]: (FIRST_ROW - 2, layout.col(f"donne_{p}"))
        for p in range(1, k + 1)
    }
    fixed.update(
        {column: spot for (_, column, *_), spot in zip(DETAILS, spots, strict=True)}
    )
    return hint(layout, FIRST_ROW - 1, stop=(TOTAL, PLACE), fixed=fixed)


def _value(value: Any) -> Any:
    return None if value is None or pd.isna(value) else value


def rules_line(rules: Any) -> str:
    """The rules in force, in a line under the title."""
    changes = rules.changes() if rules is not None else {}
    if not changes:
        return "Barème FFT 2012 · Σ donne et Σ cumul : 0 sur chaque ligne"
    shown = ", ".join(f"{k} = {v}" for k, v in changes.items())
    return f"Barème FFT 2012, règles de la maison : {shown}"


def write_scores(
    sheet: Sheet,
    layout: Table,
    k: int,
    first: int,
    last: int,
    scores: np.ndarray,
    cumul: np.ndarray,
    donnes: Sequence[Sequence[str]] | None = None,
) -> None:
    """Each player's donne and cumul, and the Σ checks, with their values.

    ``donnes``: the template's formulas for the donne columns (the export
    writes the scores as numbers); a template's cumul then stays blank on a
    row not filled in.
    """
    rows = range(first + 1, last + 2)  # Excel's row numbers
    d_letters, c_letters = [], []
    for p in range(1, k + 1):
        dl = col_letters(layout.col(f"donne_{p}"))
        cl = col_letters(layout.col(f"cumul_{p}"))
        if donnes is None:
            sheet.write_numbers(
                first, layout.col(f"donne_{p}"), scores[:, p - 1], ("body", "signed")
            )
            formulas = [f"={dl}{first + 1}"] + [f"={cl}{r - 1}+{dl}{r}" for r in rows][
                1:
            ]
        else:
            sheet.write_formula_column(
                first,
                layout.col(f"donne_{p}"),
                donnes[p - 1],
                scores[:, p - 1],
                ("body", "signed"),
            )
            formulas = [
                f'=IF({dl}{r}="","",SUM({dl}${first + 1}:{dl}{r}))' for r in rows
            ]
        sheet.write_formula_column(
            first,
            layout.col(f"cumul_{p}"),
            formulas,
            cumul[:, p - 1],
            ("body", "signed", "cumul"),
        )
        d_letters.append(dl)
        c_letters.append(cl)
    for key, letters in (("sum_donne", d_letters), ("sum_cumul", c_letters)):
        col = layout.col(key)
        cells = [",".join(f"{x}{r}" for x in letters) for r in rows]
        if donnes is None:
            formulas = [f"=SUM({row})" for row in cells]
            values = np.zeros(len(formulas), np.int64)
        else:  # a template's Σ stays blank on a row not scored
            formulas = [f'=IF(COUNT({row})=0,"",SUM({row}))' for row in cells]
            values = np.full(len(formulas), "", dtype=object)
        sheet.write_formula_column(first, col, formulas, values, ("body", "check"))
    # One rule for every check: both Σ columns and the Σ of the totals below.
    d, c = layout.col("sum_donne"), layout.col("sum_cumul")
    if donnes is not None:  # a blank Σ is no error (a text is not between 0 and 0)
        corner = cell_ref(first, d)
        sheet.highlight(
            first, d, last + 1, c, f"=AND(ISNUMBER({corner}),{corner}<>0)", "flag"
        )
        return
    blocks = [(first, c, last + 1, c)]
    sheet.flag_nonzero(first, d, last, d, also=blocks)


def grey_mort(sheet: Sheet, layout: Table, k: int, first: int, last: int) -> None:
    """The dealer who sits out scores 0, shown grey (a live rule, not a paint)."""
    mort = f"${col_letters(layout.col('sits_out'))}{first + 1}"
    for p in range(1, k + 1):
        d = layout.col(f"donne_{p}")
        name = cell_ref(first - 2, d, True)
        sheet.highlight(first, d, last, d, f"={mort}={name}", "grey")


def write_bottom(
    sheet: Sheet, layout: Table, k: int, last: int, totals: np.ndarray
) -> None:
    """Total (the sum of the donnes) and place of each player under his cumul;
    Σ of the totals."""
    total_row, place_row = last + 1, last + 2
    end = layout.col("donne_1") - 1
    sheet.merge(total_row, 0, total_row, end, TOTAL, ("body", "total", "bold"))
    sheet.merge(place_row, 0, place_row, end, PLACE, ("body", "bold"))
    places = 1 + (totals[None, :] > totals[:, None]).sum(axis=1)
    spans = [
        (layout.col(f"donne_{p}"), layout.col(f"cumul_{p}")) for p in range(1, k + 1)
    ]
    owns = [cell_ref(total_row, c) for _, c in spans]
    for p, (d, c) in enumerate(spans):
        sheet.write(total_row, d, None, ("body", "total"))
        sheet.write(place_row, d, None, "body")
        total = f"=SUM({cell_ref(FIRST_ROW, d)}:{cell_ref(last, d)})"
        sheet.write_formula(
            total_row, c, total, int(totals[p]), ("body", "total", "signed", "cumul")
        )
        others = "".join(f"+({x}>{owns[p]})" for x in owns if x != owns[p])
        sheet.write_formula(
            place_row, c, f"=1{others}", int(places[p]), ("body", "bold", "centre")
        )
    col = layout.col("sum_cumul")
    sheet.write(total_row, layout.col("sum_donne"), None, ("body", "total"))
    sheet.write_formula(
        total_row, col, f"=SUM({','.join(owns)})", 0, ("body", "total", "check")
    )  # flagged with the Σ columns above (write_scores)


def chart(
    sheet: Sheet,
    layout: Table,
    k: int,
    first: int,
    last: int,
    numbered: bool = False,
    plotted: Sequence[CellRange] | None = None,
    x: CellRange | None = None,
) -> None:
    """Cumuls per donne, one line per player (named by his heading), under the
    table (``numbered``: the donnes are 1..n, the axis a spreadsheet draws by
    itself).

    ``plotted``, ``x``: a template's lines, one range per player, and the
    donnes' numbers, holding #N/A where no donne is scored, so that each line
    ends at the last donne typed.
    """
    names = [layout.col(f"donne_{p}") for p in range(1, k + 1)]
    options = {"title": "Cumul par donne", "x_title": "Donne", "y_title": "Points"}
    if plotted is None:
        lines = [(d, layout.col(f"cumul_{p}")) for p, d in enumerate(names, 1)]
        table_chart(
            sheet,
            first,
            last,
            layout.last_col,
            lines,
            gap=4,
            numbered=numbered,
            **options,
        )
        return
    line_chart(
        sheet,
        last + 4,
        0,
        categories=x if x is not None else CellRange(sheet.name, first, 0, last, 0),
        series=[
            (CellRange(sheet.name, first - 2, d, first - 2, d), values)
            for d, values in zip(names, plotted, strict=True)
        ],
        size=(max(480, sheet.columns_px(0, layout.last_col)), 300),
        stop_at_na=x is not None,
        **options,
    )


def finish(sheet: Sheet, rows: int) -> None:
    """Widths, frozen headings, and a landscape page (one when the rows fit)."""
    sheet.autofit(minimum=5, maximum=24)
    sheet.freeze(FIRST_ROW, 1)
    one_page = rows <= 40  # else the headings are printed on every page
    sheet.landscape_fit_to_page(
        repeat_rows=None if one_page else (FIRST_ROW - 2, FIRST_ROW - 1),
        pages_tall=1 if one_page else 0,
    )
