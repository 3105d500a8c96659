"""Preferans settlement: the end-of-game sheet (пулька) settled by the exact
formula and the seed's two paper methods (docs/games/preferans.md "Settlement")."""

from cardscore_frames.games.preferans.settlement.schema import (
    SHEET_COLUMNS,
    SHEET_SCHEMA,
)
from cardscore_frames.games.preferans.settlement.settle import (
    COMPENSATION_WHISTS,
    METHODS,
    PAIR_COLUMNS,
    SETTLE_COLUMNS,
    pairwise,
    settle,
    settle_report,
)

__all__ = [
    "SHEET_SCHEMA",
    "SHEET_COLUMNS",
    "METHODS",
    "COMPENSATION_WHISTS",
    "SETTLE_COLUMNS",
    "PAIR_COLUMNS",
    "settle",
    "pairwise",
    "settle_report",
]
