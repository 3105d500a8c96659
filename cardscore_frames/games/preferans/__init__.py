"""Preferans: 3 and 4 players, Sochi scoring with Leningrad and Rostov presets
(docs/games/preferans.md).

Two logs: a deal log (``deals``: one row per deal, scored deal by deal) and the
end-of-game sheets kept on paper (``sheet``: one row per game and player,
settled).

>>> import cardscore_frames as csf
>>> from cardscore_frames.games import preferans
>>> sheet = csf.read_log("sample_data/preferans_sheets.csv", game="preferans",
...                      kind="sheet")
>>> result = preferans.settle(sheet, method="paper", whist_price=0.01)
"""

from cardscore_frames.excel.hooks import GameSheets
from cardscore_frames.games.base import Game
from cardscore_frames.games.preferans.deals import (
    OUTCOMES,
    PLAYERS,
    ROLES,
    SCHEMA,
    SCORE_COLUMNS,
    score,
    sheet,
    to_ledger,
)
from cardscore_frames.games.preferans.formats import FORMATS, read_openpref
from cardscore_frames.games.preferans.generate import random_deals, random_games
from cardscore_frames.games.preferans.points_log import POINTS_SCHEMA, to_points
from cardscore_frames.games.preferans.profile import profile
from cardscore_frames.games.preferans.pulka import (
    KINDS,
    OPTIONS,
    WORDS,
    read_sheet,
    write_sheets,
)
from cardscore_frames.games.preferans.results import report, results
from cardscore_frames.games.preferans.rules import (
    CALLS,
    CONTRACT_VALUE,
    CONTRACTS,
    MISERE_VALUE,
    WHIST_OBLIGATION,
    PreferansRules,
    Rules,
)
from cardscore_frames.games.preferans.settlement import (
    COMPENSATION_WHISTS,
    METHODS,
    PAIR_COLUMNS,
    SETTLE_COLUMNS,
    SHEET_COLUMNS,
    SHEET_SCHEMA,
    pairwise,
    settle,
    settle_report,
)
from cardscore_frames.games.preferans.template import OPTIONS as TEMPLATE_OPTIONS
from cardscore_frames.games.preferans.template import write_template

#: The preferans entry of the game registry.
GAME = Game(
    name="preferans",
    title="Preferans",
    unit="whists",
    zero_sum=True,
    rules=PreferansRules,
    logs={"deals": SCHEMA, "sheet": SHEET_SCHEMA, "points": POINTS_SCHEMA},
    score=score,
    to_ledger=to_ledger,
    results=results,
    report=report,
    roles=ROLES,
    seats=PLAYERS,
    ledger_columns={
        "pool": "float64",
        "mountain": "float64",
        "whists_written": "float64",
        "whists_received": "float64",
    },
    sample="preferans_season.csv",
    profile=profile,
    excel=GameSheets(
        write=write_sheets,
        read=read_sheet,
        kinds=KINDS,
        options=OPTIONS,
        template=write_template,
        template_options=TEMPLATE_OPTIONS,
        words=WORDS,
    ),
)

__all__ = [
    "GAME",
    "Rules",
    "PreferansRules",
    "CONTRACT_VALUE",
    "MISERE_VALUE",
    "WHIST_OBLIGATION",
    "SCHEMA",
    "SHEET_SCHEMA",
    "POINTS_SCHEMA",
    "SHEET_COLUMNS",
    "PLAYERS",
    "CONTRACTS",
    "CALLS",
    "OUTCOMES",
    "ROLES",
    "SCORE_COLUMNS",
    "METHODS",
    "COMPENSATION_WHISTS",
    "SETTLE_COLUMNS",
    "PAIR_COLUMNS",
    "score",
    "sheet",
    "to_ledger",
    "to_points",
    "results",
    "report",
    "settle",
    "pairwise",
    "settle_report",
    "random_games",
    "random_deals",
    "read_openpref",
    "FORMATS",
]
