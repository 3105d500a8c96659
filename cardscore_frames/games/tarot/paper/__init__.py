"""The tarot feuille de marque in Excel (docs/guide/excel.md, French tarot).

One sheet per partie: a row per donne with the taker, contract, called
partner, oudlers, points, result, petit au bout, poignées and chelem in the
codes players write (``G``, ``S``...), then for each player in seating order
the donne's score and the running total (cumul, bold), the zero-sum checks
Σ donne and Σ cumul as formulas, totals and places at the bottom, and a line
chart of the cumuls. A passed donne keeps its row (``—``, ``passe``, all 0).
At a 5-seat table where the dealer sits out, a column ``Mort`` names him and
his cell is 0 in grey. The template (:mod:`.template`) draws the same columns,
so that both read back through :func:`read_sheet`.

A points-only log (``kind="points"``: each player's score per donne) gets the
same feuille without the columns of the contract (:mod:`.points_log`).
"""

from __future__ import annotations

from cardscore_frames.excel.hooks import with_points
from cardscore_frames.games.tarot.paper.export import write_sheets as write_deals
from cardscore_frames.games.tarot.paper.layout import (
    CAMP_CODES,
    CHELEM_CODES,
    CONTRACT_CODES,
    DETAILS,
    POIGNEE_CODES,
    WORDS,
    table,
)
from cardscore_frames.games.tarot.paper.layout import read_sheet as read_deals
from cardscore_frames.games.tarot.paper.points_log import (
    points_table,
    read_points,
    write_points_sheets,
)

__all__ = [
    "WORDS",
    "CONTRACT_CODES",
    "CAMP_CODES",
    "POIGNEE_CODES",
    "CHELEM_CODES",
    "DETAILS",
    "KINDS",
    "table",
    "points_table",
    "write_sheets",
    "read_sheet",
]

#: The logs drawn as feuilles: deal logs and points-only logs.
KINDS = ("deals", "points")


#: One sheet per game of a scored deal log, or of a points-only log; and the log
#: rows of a kind on one sheet (None: it holds no such table).
write_sheets, read_sheet = with_points(
    write_deals, read_deals, write_points_sheets, read_points
)
