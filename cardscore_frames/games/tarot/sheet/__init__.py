"""The tarot feuille de marque in Excel (shared/rules/sheets.md, section 3).

One sheet per partie: a row per donne with the taker, contract, called
partner, oudlers, points, result, petit au bout, poignées and chelem in the
codes players write (``G``, ``S``...), then for each player in seating order
the donne's score and the running total (cumul, bold), the zero-sum checks
Σ donne and Σ cumul as formulas, totals and places at the bottom, and a line
chart of the cumuls. A passed donne keeps its row (``—``, ``passe``, all 0).
At a 5-seat table where the dealer sits out, a column ``Mort`` names him and
his cell is 0 in grey. The template (:mod:`..template`) draws the same columns,
so that both read back through :func:`read_sheet`.
"""

from cardscore_frames.games.tarot.sheet.export import write_sheets
from cardscore_frames.games.tarot.sheet.layout import (
    CAMP_CODES,
    CHELEM_CODES,
    CONTRACT_CODES,
    DETAILS,
    POIGNEE_CODES,
    WORDS,
    read_sheet,
    table,
)

__all__ = [
    "WORDS",
    "CONTRACT_CODES",
    "CAMP_CODES",
    "POIGNEE_CODES",
    "CHELEM_CODES",
    "DETAILS",
    "table",
    "write_sheets",
    "read_sheet",
]
