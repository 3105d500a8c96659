"""Preferans settlement: the end-of-game sheet (пулька) settled by the exact
formula and the seed's two paper methods (docs/games/preferans.md "Settlement"),
and the same sheet summed from scored deals (:mod:`.from_deals`)."""

from cardscore_frames.games.preferans.settlement.from_deals import (
    CORRECTION_PARTS,
    sheet,
)
from cardscore_frames.games.preferans.settlement.schema import (
    SHEET_COLUMNS,
    SHEET_SCHEMA,
)
from cardscore_frames.games.preferans.settlement.settle import (
    COMPENSATION_WHISTS,
    METHODS,
    PAIR_COLUMNS,
    ROUNDINGS,
    SETTLE_COLUMNS,
    pairwise,
    settle,
    settle_report,
)

__all__ = [
    "SHEET_SCHEMA",
    "SHEET_COLUMNS",
    "METHODS",
    "ROUNDINGS",
    "COMPENSATION_WHISTS",
    "SETTLE_COLUMNS",
    "PAIR_COLUMNS",
    "settle",
    "pairwise",
    "settle_report",
    "sheet",
    "CORRECTION_PARTS",
]
