"""The preferans пулька in Excel (docs/guide/excel.md, the пулька).

One sheet per game: the pool sheet drawn as on paper (sectors, the centre with
the pool target, the dot-joined running entries of pool, mountain and whists
on each opponent; 3 and 4 players), the end-of-game table, and the settlement
step by step (amnesty, mountain into whists, pairwise netting, totals,
money) by the chosen method beside the exact one, every step a live formula.
From a deal log, each game also gets its deal protocol. Every game's paper
sheet lives in ``paper/``, not ``sheet/``: ``preferans.sheet`` is already the
function that sums a game's deals into its end-of-game sheet.

A points-only log (``kind="points"``: each player's whists per deal) has no
pool to draw: its sheet is the protocol of the whists (:mod:`.points_log`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscore_frames.excel.hooks import Words, with_points
from cardscore_frames.excel.paper import (
    PaperRows,
    details_into,
    find_columns,
    read_hinted,
    read_rows,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.games.preferans.paper.export import DETAILS, TERMS
from cardscore_frames.games.preferans.paper.export import write_sheets as write_pools
from cardscore_frames.games.preferans.paper.points_log import (
    read_points,
    write_points_sheets,
)
from cardscore_frames.games.preferans.paper.protocol import read_protocol
from cardscore_frames.games.preferans.paper.settlement import table
from cardscore_frames.games.preferans.settlement.paper import ROUNDINGS

__all__ = ["WORDS", "OPTIONS", "KINDS", "write_sheets", "read_sheet"]

WORDS = Words(
    index="Пульки",
    title="Пульки",
    link="Лист",
    empty="Нет пулек",
    grouping=("Клуб", "Сезон"),
)
#: Export options: the settlement laid out beside the exact one, money.
OPTIONS = {
    "method": ("exact", "paper", "average"),
    "rounding": ROUNDINGS,  # method 2's adjustment, as settle takes it
    "whist_price": None,
    "unit": None,
}
#: The logs drawn: deal logs (пулька and protocol), end-of-game sheets, and
#: points-only logs (the protocol of their whists).
KINDS = ("deals", "sheet", "points")

_TABLE = table(4, 0)


def _read_pools(
    cells: SheetCells, kind: str, layout: Mapping[str, Any] | None = None
) -> PaperRows | None:
    """A protocol's deals (``deals``) or a пулька's end-of-game table
    (``sheet``), from our sheets or a filled template."""
    if kind == "deals":
        return read_protocol(cells, layout)
    if kind != "sheet":
        return None
    rows = read_hinted(cells, layout, _TABLE.columns)
    if rows is not None:
        return rows
    match = find_columns(cells, _TABLE.columns, ("seat", "player", "pool", "mountain"))
    if match is None:
        return None
    rows = read_rows(cells, match, _TABLE.columns, until_blank=True)
    terms = [(label, column) for label, column in TERMS if column]  # not options
    details_into(rows, cells, [*DETAILS, *terms])
    return rows


#: One sheet per пулька (and its protocol from a deal log), or of a points-only
#: log the protocol of its whists; and the log rows of a kind on one sheet (a
#: protocol's deals, a пулька's table, a points sheet's whists).
write_sheets, read_sheet = with_points(
    write_pools, _read_pools, write_points_sheets, read_points
)
