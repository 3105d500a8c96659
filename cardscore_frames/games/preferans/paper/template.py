"""A blank пулька whose formulas settle it as it is filled in.

The scorekeeper types each player's final pool, mountain and whists on each
opponent into the end-of-game table, with the pool target, the price of a
whist and the currency's unit; the drawing follows the table, and the two
settlements beside it, the paper method (method 1) and the exact one, are
formulas (:mod:`.settlement`) over the table and the rules sheet, written from
the package's rules. It reads back as the preferans ``sheet`` log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.excel import Workbook, excel_string
from cardscore_frames.excel.hooks import DETAIL_OPTIONS, SheetEntry
from cardscore_frames.excel.paper import hint
from cardscore_frames.games.preferans.paper import drawing
from cardscore_frames.games.preferans.paper.export import (
    RIGHT,
    TOP,
    add_styles,
    page,
    write_rules,
)
from cardscore_frames.games.preferans.paper.settlement import (
    Values,
    refs,
    table,
    write_block,
    write_table,
)
from cardscore_frames.games.preferans.rules import PLAYER_COUNTS, Rules

__all__ = ["write_template", "OPTIONS"]

#: Template options and their allowed values (None: any).
OPTIONS = {**DETAIL_OPTIONS, "pool_target": None, "whist_price": None, "unit": None}
#: The template settles by the paper method (method 1) beside the exact formula.
METHODS = ("paper", "exact")


def write_template(
    book: Workbook, players: Sequence[str], rules: Any, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """An end-of-game пулька for ``players`` (3 or 4, in seating order)."""
    rules = Rules.ensure(rules)
    n = len(players)
    if n not in PLAYER_COUNTS:
        raise RulesError(f"a пулька has 3 or 4 players; got {n}")
    if rules.pool_whists % rules.mountain_whists:
        raise RulesError(
            "the paper settlement (method='paper', the amnesty) needs pool_whists "
            "to be a multiple of "
            f"mountain_whists; got {rules.pool_whists} and {rules.mountain_whists}"
        )
    add_styles(book)
    names = list(players)
    unit = options.get("unit", 0.01)
    target = options.get("pool_target", rules.pool_target)
    head = pd.DataFrame(
        [
            {
                "league": options.get("league"),
                "season": options.get("season"),
                "date": options.get("date"),
                "table": options.get("table"),
                "game_id": options.get("game_id", 1),
                "pool_target": target,
            }
        ]
    )
    sheet = book.add_sheet(options.get("title") or "Пулька")
    spots = page(sheet, head, rules, unit, "Пулька", options.get("whist_price"))
    layout = table(n, RIGHT, template=True)
    write_table(sheet, layout, TOP, names, None)
    layout.add_inputs(sheet, TOP + 1, TOP + n)
    r = refs(
        layout, TOP, n, spots["pool_target_ref"], spots["price_ref"], spots["unit_ref"]
    )
    drawing.draw(
        sheet,
        TOP,
        0,
        names,
        lambda what: [],
        centre=target,
        centre_formula=f'=IF({r.target}="","",{r.target})',
        formula=_zone_formulas(names, r),
    )
    col = RIGHT
    for k, method in enumerate(METHODS):
        if k:
            sheet.set_widths({col: 7, col + 1: 13})
        write_block(
            sheet,
            TOP + n + 2,
            col,
            method,
            names,
            r,
            Values.zeros(n),
            rules.mountain_whists,
        )
        col += n + 4
    sheet.autofit(minimum=8, maximum=30)
    sheet.landscape_fit_to_page(pages_tall=1)
    fixed = {
        c: spots[c]
        for c in (
            "game_id",
            "league",
            "season",
            "date",
            "table",
            "pool_target",
            "whist_price",
        )
    }
    layout_hint = hint(layout, TOP, fixed=fixed, until_blank=True)
    entry = SheetEntry(sheet.name, "sheet", head["game_id"].iat[0], None, layout_hint)
    return [entry, write_rules(book, rules)]


def _zone_formulas(names: list[str], r):
    """Each zone shows what the table holds for it, as a running entry ("20.")."""

    def entry(ref: str) -> str:
        return f'IF(N({ref})=0,"",{ref}&".")'

    def formula(what: tuple) -> tuple[str, Any]:
        kind = what[0]
        if kind == "pool":
            return f'="пуля "&{entry(r.pool[what[1]])}', "пуля "
        if kind == "mountain":
            name = excel_string(names[what[1]])
            return (
                f'={name}&CHAR(10)&"гора "&{entry(r.mountain[what[1]])}',
                f"{names[what[1]]}\nгора ",
            )
        name = excel_string(names[what[2]])
        ref = r.whists[what[1]][what[2]]
        return f'="на "&{name}&CHAR(10)&{entry(ref)}', f"на {names[what[2]]}\n"

    return formula
