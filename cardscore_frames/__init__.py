"""cardscore_frames: card-game logs as pandas DataFrames.

Read a log of deals, score every deal and settle every game with vectorised
pandas/numpy code, and get one common ledger for everything downstream::

    import cardscore_frames as csf
    deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    scored = csf.tarot.score(deals)
    ledger = csf.tarot.to_ledger(scored)
"""

from cardscore_frames.errors import (
    CardscoreError,
    LedgerError,
    LogValidationError,
    RulesError,
    UnknownGameError,
)
from cardscore_frames.games import belot, game_names, preferans, tarot
from cardscore_frames.io import LogReadError, read_log, validate
from cardscore_frames.ledger import LEDGER_COLUMNS, check_ledger, totals
from cardscore_frames.validate import Collected

__version__ = "0.1.0"

__all__ = [
    "CardscoreError",
    "LogValidationError",
    "LogReadError",
    "UnknownGameError",
    "RulesError",
    "LedgerError",
    "Collected",
    "LEDGER_COLUMNS",
    "read_log",
    "validate",
    "check_ledger",
    "totals",
    "game_names",
    "tarot",
    "belot",
    "preferans",
    "__version__",
]
