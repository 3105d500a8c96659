"""The Bazar-Belot протокол in Excel (docs/guide/excel.md, the протокол).

One sheet per match: the date, table, the two pairs, the target and the
minimum bid above the table; a row per deal with the order (заказ: declaring
pair, bid N or капо K, suit), К/РК, the declarers' tricks and card whists,
both sides' declarations, the deal's worth (всего: both pairs' points, PC + Pp +
Pv under the seed's rules), then each
pair's points (очки), running total (Σ, a formula) and БТ mark, and the check
that the two pairs' points add up to the deal's worth. Under the last deal, a
heavy rule, the totals, the БТ counts and the winner; a line chart of both
totals. Deals after the match ended are never in it (a scored log has none).
The template (:mod:`.template`) draws the same columns, so that both read back
through :func:`read_sheet`.

A points-only log (``kind="points"``: each pair's points per deal) gets the
протокол's pair columns only (:mod:`.points_log`).
"""

from __future__ import annotations

from cardscore_frames.excel.hooks import with_points
from cardscore_frames.games.belot.paper.drawing import (
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
from cardscore_frames.games.belot.paper.export import write_sheets as write_deals
from cardscore_frames.games.belot.paper.layout import (
    BAIT,
    DETAILS,
    DOUBLING_CODES,
    FIRST_ROW,
    PAIR_CODES,
    SUIT_CODES,
    WORDS,
    table,
)
from cardscore_frames.games.belot.paper.layout import read_sheet as read_deals
from cardscore_frames.games.belot.paper.points_log import (
    points_table,
    read_points,
    write_points_sheets,
)

__all__ = [
    "WORDS",
    "PAIR_CODES",
    "SUIT_CODES",
    "DOUBLING_CODES",
    "DETAILS",
    "FIRST_ROW",
    "BAIT",
    "KINDS",
    "table",
    "points_table",
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

#: The logs drawn as протоколы: deal logs and points-only logs.
KINDS = ("deals", "points")


#: One sheet per game of a scored deal log, or of a points-only log; and the log
#: rows of a kind on one sheet (None: it holds no such table).
write_sheets, read_sheet = with_points(
    write_deals, read_deals, write_points_sheets, read_points
)
