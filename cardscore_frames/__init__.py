"""cardscore_frames: card-game logs as pandas DataFrames.

Read a log of deals, score every deal and settle every game with vectorised
pandas/numpy code, and get one common ledger for everything downstream::

    import cardscore_frames as csf
    deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    scored = csf.tarot.score(deals)
    ledger = csf.tarot.to_ledger(scored)
"""

from importlib.metadata import version as _version

from cardscore_frames import accessor as _accessor  # noqa: F401 (registers .cardscore)
from cardscore_frames import distributed, season
from cardscore_frames.checking import Collected
from cardscore_frames.contract import GAMES, game_names, get_game
from cardscore_frames.datasets import generate_archive, list_examples, load_example
from cardscore_frames.errors import (
    CardscoreError,
    LedgerError,
    LogNotFoundError,
    LogReadError,
    LogValidationError,
    RulesError,
    UnknownGameError,
    WorkbookError,
)
from cardscore_frames.games import belot, preferans, tarot
from cardscore_frames.io import concat_logs, read_log, validate
from cardscore_frames.io.excel import (
    read_excel,
    to_excel,
    workbook_metadata,
    write_template,
)
from cardscore_frames.ledger import (
    LEDGER_COLUMNS,
    LEDGER_DTYPES,
    RESULT_COLUMNS,
    check_ledger,
    concat,
    results,
    totals,
)

__version__ = _version("cardscore-frames")

__all__ = [
    "CardscoreError",
    "LogValidationError",
    "LogReadError",
    "LogNotFoundError",
    "UnknownGameError",
    "RulesError",
    "LedgerError",
    "WorkbookError",
    "Collected",
    "GAMES",
    "LEDGER_COLUMNS",
    "LEDGER_DTYPES",
    "RESULT_COLUMNS",
    "read_log",
    "validate",
    "read_excel",
    "to_excel",
    "write_template",
    "workbook_metadata",
    "concat",
    "concat_logs",
    "check_ledger",
    "totals",
    "results",
    "game_names",
    "get_game",
    "list_examples",
    "load_example",
    "generate_archive",
    "tarot",
    "belot",
    "preferans",
    "season",
    "distributed",
    "__version__",
]
