"""French tarot: 3, 4 and 5 players, FFT scoring (shared/rules/tarot.md).

>>> import cardscore_frames as csf
>>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
>>> ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
"""

from cardscore_frames.games.tarot.rules import (
    CHELEM_PRIME,
    CHELEMS,
    CONTRACTS,
    MULTIPLIER,
    NEEDED,
    PETIT_AU_BOUT,
    POIGNEE_TRUMPS,
    POIGNEES,
    Rules,
)
from cardscore_frames.games.tarot.schema import PLAYERS, SCHEMA
from cardscore_frames.games.tarot.scoring import SCORE_COLUMNS, report, score, to_ledger

__all__ = [
    "Rules",
    "SCHEMA",
    "PLAYERS",
    "SCORE_COLUMNS",
    "CONTRACTS",
    "MULTIPLIER",
    "NEEDED",
    "PETIT_AU_BOUT",
    "POIGNEES",
    "POIGNEE_TRUMPS",
    "CHELEMS",
    "CHELEM_PRIME",
    "score",
    "to_ledger",
    "report",
]
