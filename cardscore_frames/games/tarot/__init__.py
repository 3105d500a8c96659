"""French tarot: 3, 4 and 5 players, FFT scoring (docs/games/tarot.md).

>>> import cardscore_frames as csf
>>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
>>> ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
"""

from cardscore_frames.excel.hooks import GameSheets
from cardscore_frames.games.base import Game
from cardscore_frames.games.tarot.points_log import POINTS_SCHEMA, to_points
from cardscore_frames.games.tarot.profile import profile
from cardscore_frames.games.tarot.results import report, results
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
    TarotRules,
)
from cardscore_frames.games.tarot.schema import PLAYERS, SCHEMA
from cardscore_frames.games.tarot.scoring import (
    ROLES,
    SCORE_COLUMNS,
    score,
    to_ledger,
)
from cardscore_frames.games.tarot.sheet import KINDS as SHEET_KINDS
from cardscore_frames.games.tarot.sheet import WORDS, read_sheet, write_sheets
from cardscore_frames.games.tarot.template import OPTIONS as TEMPLATE_OPTIONS
from cardscore_frames.games.tarot.template import write_template

#: The tarot entry of the game registry.
GAME = Game(
    name="tarot",
    title="French tarot",
    unit="points",
    zero_sum=True,
    rules=TarotRules,
    logs={"deals": SCHEMA, "points": POINTS_SCHEMA},
    score=score,
    to_ledger=to_ledger,
    results=results,
    report=report,
    roles=ROLES,
    seats=PLAYERS,
    ledger_columns={"misere_points": "float64"},
    sample="tarot_season.csv",
    profile=profile,
    excel=GameSheets(
        write=write_sheets,
        read=read_sheet,
        kinds=SHEET_KINDS,
        template=write_template,
        template_options=TEMPLATE_OPTIONS,
        words=WORDS,
    ),
)

__all__ = [
    "GAME",
    "Rules",
    "TarotRules",
    "SCHEMA",
    "POINTS_SCHEMA",
    "PLAYERS",
    "ROLES",
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
    "to_points",
    "results",
    "report",
]
