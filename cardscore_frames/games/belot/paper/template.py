"""A blank протокол whose formulas score each deal as it is typed.

The same columns as the export (:mod:`.export`), with drop-downs and number
checks, and formulas for rules 1 to 8 of docs/games/belot.md: a trickless
side's declarations, whists, made or not, contract points with contra,
points for whists (capo too), the result table with БТ, the running totals,
and the end of the match (the deals after it are shaded, and a line says who
won), under every option of ``Rules`` (the Blot Star preset's too). The
working columns sit hidden right of the table (their formulas:
:mod:`.template_formulas`). The constants live on the ``Правила`` sheet,
written from the scorer's rule tables and rules (:mod:`.rules_sheet`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscore_frames.errors import RulesError
from cardscore_frames.excel import CellRange, Workbook, cell_ref, col_letters
from cardscore_frames.excel.hooks import DETAIL_OPTIONS, SheetEntry
from cardscore_frames.excel.paper import Table
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.belot.paper import (
    FIRST_ROW,
    add_styles,
    chart,
    table,
    where,
    write_bottom,
    write_points,
    write_top,
)
from cardscore_frames.games.belot.paper.rules_sheet import RULES_SHEET, rule_tables
from cardscore_frames.games.belot.paper.template_formulas import working_formulas
from cardscore_frames.games.belot.rules import Rules

__all__ = ["write_template", "OPTIONS", "RULES_SHEET"]

OPTIONS = {"rows": None, **DETAIL_OPTIONS}


def write_template(
    book: Workbook, players: Sequence[str], rules: Any, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """A протокол for the four ``players`` (a1, a2, b1, b2) and ``rules``."""
    rules = Rules.ensure(rules)
    if len(players) != 4:
        raise RulesError(
            f"belot is played by two pairs: 4 players (a1, a2, b1, b2); got "
            f"{len(players)}"
        )
    rows = int(options.get("rows") or 30)
    add_styles(book)
    book.styles.register("grey_work", {"font_color": "#7F7F7F", "font_size": 8})
    book.styles.register("after", {"bg_color": "#FFC7CE", "font_color": "#9C0006"})
    book.styles.register("flag_text", {"font_color": "#9C0006", "bold": True})
    layout = table(bela=rules.bela_kept, template=True)
    sheet = book.add_sheet(options.get("title") or "Протокол")
    details = [options.get(c) for c in ("league", "season", "date", "table")]
    details.append(options.get("game_id", 1))
    pairs = [list(players[:2]), list(players[2:])]
    spots = write_top(sheet, layout, "Протокол", details, pairs, rules)
    layout.write_header(sheet, FIRST_ROW - 2)
    first, last = FIRST_ROW, FIRST_ROW + rows - 1
    sheet.write_column(first, 0, list(range(1, rows + 1)), ("body", "centre"))
    for column in layout.columns:
        if column.field and column.key != "deal":
            for r in range(first, last + 1):
                sheet.write(r, layout.col(column.key), None, column.style)
    layout.add_inputs(sheet, first, last)
    rules_sheet = rule_tables(book, rules)
    formulas, over = working_formulas(sheet, layout, first, last)
    _write_shown(sheet, layout, first, last, formulas)
    _after_end(sheet, layout, over, first, last)
    write_bottom(sheet, layout, last, (0, 0), _winner(layout, over, first, last, rules))
    x, plotted = _chart_data(book.sheet(RULES_SHEET), sheet, layout, first, last)
    chart(sheet, layout, first, last, plotted=plotted, x=x)
    sheet.autofit(minimum=4, maximum=24)
    sheet.freeze(first, 1)
    sheet.landscape_fit_to_page(repeat_rows=(first - 2, first - 1), pages_tall=1)
    found = {**where(layout, spots), "template": True}
    entry = SheetEntry(sheet.name, "deals", details[-1], None, found)
    return [entry, rules_sheet]


def _write_shown(
    sheet: Sheet, layout: Table, first: int, last: int, formulas: dict
) -> None:
    """The visible formula columns: всего, each pair's points and Σ, БТ marks
    and what cannot be scored, blank until a deal is typed."""
    blank = [""] * (last - first + 1)
    write_points(
        sheet,
        layout,
        first,
        last,
        {k: blank for k in ("worth", "points_A", "points_B", "total_A", "total_B")},
        formulas,
    )
    for pair in ("A", "B"):
        col = layout.col(f"bait_{pair}")
        sheet.write_formula_column(
            first, col, formulas[f"bait_{pair}"], blank, ("body", "centre", "bait")
        )
    sheet.write_formula_column(
        first,
        layout.col("message"),
        formulas["message"],
        blank,
        ("body", "flag_text"),
    )


def _chart_data(
    rules: Sheet, sheet: Sheet, layout: Table, first: int, last: int
) -> tuple[CellRange, list[tuple[str, CellRange]]]:
    """The chart's x values and lines, on the Правила sheet: the deal's number
    and each pair's Σ, and #N/A on the rows not scored, whose points an XY
    chart leaves out in every spreadsheet, so that the lines end at the last
    deal typed. The #N/A are painted in the background colour; the cells stay
    visible, since some spreadsheets leave hidden ones out of charts."""
    top, left = 2, 3
    rules.merge(top, left, top, left + 2, "График: счёт по сдачам", "header")
    rules.workbook.styles.register("unseen", {"font_color": "#FFFFFF"})
    out = []
    for k, pair in enumerate(("A", "B")):
        name = f"Пара {pair}"
        rules.write(top + 1, left + k, name, "subheader")
        total = layout.col(f"total_{pair}")
        formulas = [
            f"=IF(ISNUMBER({sheet.ref(r, total)}),{sheet.ref(r, total)},NA())"
            for r in range(first, last + 1)
        ]
        rules.write_formula_column(
            top + 2, left + k, formulas, ["#N/A"] * len(formulas), ("body", "centre")
        )
        bottom = top + 1 + len(formulas)
        out.append((name, CellRange(rules.name, top + 2, left + k, bottom, left + k)))
    col = left + 2
    rules.write(top + 1, col, "Сдача", "subheader")
    total = layout.col("total_A")  # a deal is scored when its Σ is a number
    numbers = [
        f"=IF(ISNUMBER({sheet.ref(r, total)}),{r - first + 1},NA())"
        for r in range(first, last + 1)
    ]
    rules.write_formula_column(
        top + 2, col, numbers, ["#N/A"] * len(numbers), ("body", "centre")
    )
    x = CellRange(rules.name, top + 2, col, top + 1 + len(numbers), col)
    corner = cell_ref(top + 2, left)
    rules.highlight(
        top + 2,
        left,
        top + 1 + last - first + 1,
        left + 2,
        f"=ISNA({corner})",
        "unseen",
    )
    return x, out


def _after_end(sheet: Sheet, layout: Table, over: str, first: int, last: int) -> None:
    """Deals typed after the match was decided are shaded: the log refuses them."""
    if last <= first:
        return
    formula = f"=COUNTIF({over}${first + 1}:{over}{first + 1},TRUE)>0"
    sheet.highlight(first + 1, 0, last, layout.last_col, formula, "after")


def _winner(layout: Table, over: str, first: int, last: int, rules: Any):
    """The line under the table: the first deal that ended the match says who won."""
    span = f"{over}${first + 1}:{over}${last + 1}"
    ta = col_letters(layout.col("total_A"))
    tb = col_letters(layout.col("total_B"))
    at = f"MATCH(TRUE,{span},0)"
    a = f"INDEX(${ta}${first + 1}:${ta}${last + 1},{at})"
    b = f"INDEX(${tb}${first + 1}:${tb}${last + 1},{at})"
    formula = (
        f'=IF(COUNTIF({span},TRUE)=0,"Матч не окончен (игра до "&Target&")",'
        f'"Победа: пара "&IF({a}>{b},"A","B")&" — "&{a}&" : "&{b})'
    )
    return formula, f"Матч не окончен (игра до {rules.target})"
