"""Drawing a протокол: what the export and the template both draw around the
deals (title, details and pairs, points and running totals with the check,
the totals under a heavy rule and the winner, the chart, the print set-up)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from cardscore_frames.games.belot.paper.layout import (
    BAIT,
    DETAILS,
    DETAILS_ON_TOP,
    FIRST_ROW,
    PAIR_LABELS,
    SIGMA,
)

__all__ = [
    "add_styles",
    "write_top",
    "rules_line",
    "where",
    "write_points",
    "write_bottom",
    "winner_text",
    "chart",
    "finish",
]


def add_styles(book: Workbook) -> None:
    book.styles.register("bait", {"bold": True, "font_color": "#9C0006"})
    book.styles.register("label", {"bold": True, "align": "right", "indent": 1})
    book.styles.register("end", {"top": 5, "bold": True})


def write_top(
    sheet: Sheet,
    layout: Table,
    title: str,
    details: Sequence[Any],
    pairs: Sequence[Sequence[Any]],
    rules: Any,
) -> dict[str, tuple]:
    """Title, details, the pairs and the rules; returns where the values are."""
    sheet.write(0, 0, title, "title", fit=False)  # long texts run over empty cells
    sheet.set_row_height(0, 22)
    values = [
        (label, _value(v), *spans)
        for (label, _, *spans), v in zip(DETAILS, details, strict=True)
    ]
    top = DETAILS_ON_TOP
    cells = write_details(sheet, 1, 0, values[:top], label_style="label")
    col = 0
    names = zip(PAIR_LABELS, pairs, (("a1", "a2"), ("b1", "b2")), strict=True)
    spots = {}
    for label, (p1, p2), (c1, c2) in names:
        sheet.merge(2, col, 2, col + 1, label, "label")
        sheet.merge(2, col + 2, 2, col + 3, _value(p1), ("box", "left", "bold"))
        sheet.merge(2, col + 4, 2, col + 5, _value(p2), ("box", "left", "bold"))
        spots[c1], spots[c2] = (2, col + 2), (2, col + 4)
        col += 6
    cells += write_details(sheet, 2, col, values[top:], label_style="label")
    spots.update(zip((c for _, c, *_ in DETAILS), cells, strict=True))
    sheet.write(3, 0, rules_line(rules), "subtitle", fit=False)
    return spots


def _value(value: Any) -> Any:
    return None if value is None or pd.isna(value) else value


def rules_line(rules: Any) -> str:
    """The target, the minimum bid and any option that differs from the seed's."""
    text = f"игра до {rules.target} · минимальный заказ {rules.min_bid}"
    changes = {
        k: v for k, v in rules.changes().items() if k not in ("target", "min_bid")
    }
    if changes:
        text += " · " + ", ".join(f"{k} = {v}" for k, v in changes.items())
    return text + " · ✓: A: очки + B: очки − всего = 0"


def where(layout: Table, spots: Mapping[str, tuple]) -> dict[str, Any]:
    """The layout hint: the table, the players and the details."""
    return hint(layout, FIRST_ROW - 1, stop=(SIGMA,), fixed=dict(spots))


def write_points(
    sheet: Sheet,
    layout: Table,
    first: int,
    last: int,
    values: Mapping[str, np.ndarray],
    formulas: Mapping[str, Sequence[str]] | None = None,
) -> None:
    """всего, each pair's points and running total (formulas), and the check.

    ``formulas``: the template's formulas for всего and the points (the export
    writes them as numbers)."""
    rows = range(first + 1, last + 2)
    letter = {
        k: col_letters(layout.col(k))
        for k in ("worth", "points_A", "points_B", "total_A", "total_B")
    }
    for key in ("worth", "points_A", "points_B"):
        col = layout.col(key)
        style = next(c.style for c in layout.columns if c.key == key)
        if formulas is None:
            sheet.write_numbers(first, col, values[key], style)
        else:
            sheet.write_formula_column(first, col, formulas[key], values[key], style)
    for pair in ("A", "B"):
        p, t = letter[f"points_{pair}"], letter[f"total_{pair}"]
        if formulas is None:
            run = [f"={p}{first + 1}"] + [f"={t}{r - 1}+{p}{r}" for r in rows][1:]
        else:
            run = [f'=IF({p}{r}="","",SUM({p}${first + 1}:{p}{r}))' for r in rows]
        sheet.write_formula_column(
            first,
            layout.col(f"total_{pair}"),
            run,
            values[f"total_{pair}"],
            ("body", "centre", "cumul"),
        )
    w, a, b = letter["worth"], letter["points_A"], letter["points_B"]
    check = [f'=IF({w}{r}="","",{a}{r}+{b}{r}-{w}{r})' for r in rows]
    worth = np.asarray(values["worth"], dtype=object)
    zeros = np.where(worth == "", None, 0).astype(object)
    zeros[worth == ""] = ""
    sheet.write_formula_column(
        first, layout.col("check"), check, zeros, ("body", "check")
    )
    col = layout.col("check")
    if formulas is None:
        sheet.flag_nonzero(first, col, last, col)
    else:  # a blank check is no error (a text is not between 0 and 0)
        corner = cell_ref(first, col)
        formula = f"=AND(ISNUMBER({corner}),{corner}<>0)"
        sheet.highlight(first, col, last, col, formula, "flag")


def write_bottom(
    sheet: Sheet,
    layout: Table,
    last: int,
    totals: tuple[int, int],
    winner: str | tuple[str, str],
    baits: tuple[int, int] = (0, 0),
) -> None:
    """Under a heavy rule: totals and БТ counts (``baits``, each pair's); then
    the winner (a text, or a (formula, value) pair)."""
    row = last + 1
    end = layout.col("points_A") - 1
    sheet.merge(row, 0, row, end, SIGMA, ("body", "end", "right"))
    for k, pair in enumerate(("A", "B")):
        p = col_letters(layout.col(f"points_{pair}"))
        t, bt = layout.col(f"total_{pair}"), layout.col(f"bait_{pair}")
        sheet.write(row, layout.col(f"points_{pair}"), None, ("body", "end"))
        total = f"=SUM({p}{FIRST_ROW + 1}:{p}{last + 1})"
        sheet.write_formula(
            row, t, total, totals[k], ("body", "end", "centre", "cumul")
        )
        b = col_letters(bt)
        marks = f'=COUNTIF({b}{FIRST_ROW + 1}:{b}{last + 1},"{BAIT}")'
        sheet.write_formula(row, bt, marks, baits[k], ("body", "end", "centre"))
    if layout.has("check"):  # a points протокол has no deal worth to check
        sheet.write(row, layout.col("check"), None, ("body", "end"))
    if isinstance(winner, tuple):
        sheet.merge_formula(
            row + 1, 0, row + 1, layout.last_col, *winner, ("bold", "left")
        )
    else:
        sheet.merge(row + 1, 0, row + 1, layout.last_col, winner, ("bold", "left"))


def winner_text(winner: str | None, pairs, totals, target: int) -> str:
    """The line under the protocol: who won, or that the match goes on."""
    if winner is None:
        return f"Матч не окончен (игра до {target})"
    names = ", ".join(str(n) for n in pairs[0 if winner == "A" else 1])
    return f"Победа: пара {winner} ({names}) — {totals[0]} : {totals[1]}"


def chart(
    sheet: Sheet,
    layout: Table,
    first: int,
    last: int,
    plotted: Sequence[tuple[str, CellRange]] | None = None,
    x: CellRange | None = None,
) -> None:
    """Both pairs' running totals, deal by deal, under the table.

    ``plotted``, ``x``: a template's lines, (name, range), and the deals'
    numbers, holding #N/A where no deal is scored, so that each line ends at
    the last deal typed."""
    options = {"title": "Счёт по сдачам", "x_title": "Сдача", "y_title": "Очки"}
    if plotted is None:
        lines = [(f"Пара {p}", layout.col(f"total_{p}")) for p in ("A", "B")]
        table_chart(
            sheet, first, last, layout.last_col, lines, gap=4, height=280, **options
        )
        return
    line_chart(
        sheet,
        last + 4,
        0,
        categories=x if x is not None else CellRange(sheet.name, first, 0, last, 0),
        series=list(plotted),
        size=(max(480, sheet.columns_px(0, layout.last_col)), 280),
        stop_at_na=x is not None,
        **options,
    )


def finish(sheet: Sheet, rows: int) -> None:
    sheet.autofit(minimum=4, maximum=24)
    sheet.freeze(FIRST_ROW, 1)
    one_page = rows <= 40  # else the headings are printed on every page
    sheet.landscape_fit_to_page(
        repeat_rows=None if one_page else (FIRST_ROW - 2, FIRST_ROW - 1),
        pages_tall=1 if one_page else 0,
    )
