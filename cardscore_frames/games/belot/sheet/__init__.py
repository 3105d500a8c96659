"""The Bazar-Belot протокол in Excel (shared/rules/sheets.md, section 2).

One sheet per match: the date, table, the two pairs, the target and the
minimum bid above the table; a row per deal with the order (заказ: declaring
pair, bid N or капо K, suit), К/РК, the declarers' tricks and card whists,
both sides' declarations, the deal's worth (всего = PC + Pp + Pv), then each
pair's points (очки), running total (Σ, a formula) and БТ mark, and the check
that the two pairs' points add up to the deal's worth. Under the last deal, a
heavy rule, the totals, the БТ counts and the winner; a line chart of both
totals. Deals after the match ended are never in it (a scored log has none).
The template (:mod:`.template`) draws the same columns, so that both read back
through :func:`read_sheet`.
"""

from cardscore_frames.games.belot.sheet.drawing import (
    add_styles,
    chart,
    finish,
    rules_line,
    where,
    winner_text,
    write_bottom,
    write_points,
    write_top,
)
from cardscore_frames.games.belot.sheet.export import write_sheets
from cardscore_frames.games.belot.sheet.layout import (
    BAIT,
    DETAILS,
    DOUBLING_CODES,
    FIRST_ROW,
    PAIR_CODES,
    SUIT_CODES,
    WORDS,
    read_sheet,
    table,
)

__all__ = [
    "WORDS",
    "PAIR_CODES",
    "SUIT_CODES",
    "DOUBLING_CODES",
    "DETAILS",
    "FIRST_ROW",
    "BAIT",
    "table",
    "write_sheets",
    "read_sheet",
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
