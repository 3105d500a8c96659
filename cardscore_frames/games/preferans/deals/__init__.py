"""Preferans deal by deal: the deal log, its scoring, the end-of-game sheet and
the ledger (docs/games/preferans.md "One deal")."""

from cardscore_frames.games.preferans.deals.arrays import DERIVED_COLUMNS, SCORE_COLUMNS
from cardscore_frames.games.preferans.deals.ledger import ROLES, sheet, to_ledger
from cardscore_frames.games.preferans.deals.outcome import OUTCOMES
from cardscore_frames.games.preferans.deals.schema import PLAYERS, SCHEMA
from cardscore_frames.games.preferans.deals.scoring import score

__all__ = [
    "SCHEMA",
    "PLAYERS",
    "OUTCOMES",
    "ROLES",
    "SCORE_COLUMNS",
    "DERIVED_COLUMNS",
    "score",
    "sheet",
    "to_ledger",
]
