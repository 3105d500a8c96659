"""Preferans: 3 and 4 players, Sochi scoring with Leningrad and Rostov presets
(shared/rules/preferans.md).

>>> import cardscore_frames as csf
>>> from cardscore_frames.games import preferans
>>> sheet = csf.read_log("sample_data/preferans_sheets.csv", game="preferans-sheet")
>>> result = preferans.settle(sheet, method="paper", whist_price=0.01)
"""

from cardscore_frames.games.preferans.rules import (
    CONTRACT_VALUE,
    MISERE_VALUE,
    WHIST_OBLIGATION,
    Rules,
)
from cardscore_frames.games.preferans.settle import (
    COMPENSATION_WHISTS,
    METHODS,
    PAIR_COLUMNS,
    SETTLE_COLUMNS,
    pairwise,
    settle,
    settle_report,
)
from cardscore_frames.games.preferans.sheet_schema import SHEET_COLUMNS, SHEET_SCHEMA

__all__ = [
    "Rules",
    "CONTRACT_VALUE",
    "MISERE_VALUE",
    "WHIST_OBLIGATION",
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

# Deal-by-deal scoring: a deal log -> scored deals -> the sheet settle() takes.
from cardscore_frames.games.preferans.deals import SCORE_COLUMNS, score  # noqa: E402
from cardscore_frames.games.preferans.deals_outcome import OUTCOMES  # noqa: E402
from cardscore_frames.games.preferans.deals_schema import PLAYERS, SCHEMA  # noqa: E402
from cardscore_frames.games.preferans.deals_sheet import (  # noqa: E402
    ROLES,
    report,
    sheet,
    to_ledger,
)
from cardscore_frames.games.preferans.generate import (  # noqa: E402
    random_deals,
    random_games,
)
from cardscore_frames.games.preferans.rules import CALLS, CONTRACTS  # noqa: E402

__all__ += [
    "SCHEMA",
    "PLAYERS",
    "CONTRACTS",
    "CALLS",
    "OUTCOMES",
    "ROLES",
    "SCORE_COLUMNS",
    "score",
    "sheet",
    "to_ledger",
    "report",
    "random_games",
    "random_deals",
]
