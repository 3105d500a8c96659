"""Bazar-Belot: two pairs racing to 301, seed 001 scoring (docs/games/belot.md).

>>> import cardscore_frames as csf
>>> from cardscore_frames.games import belot
>>> deals = csf.read_log("sample_data/belot_season.csv", game="belot")
>>> scored = belot.score(deals)
>>> table = belot.matches(scored)
>>> ledger = belot.to_ledger(scored)
"""

from cardscore_frames.excel.hooks import GameSheets
from cardscore_frames.games.base import Game
from cardscore_frames.games.belot.points_log import POINTS_SCHEMA, to_points
from cardscore_frames.games.belot.profile import profile
from cardscore_frames.games.belot.results import matches, pair_totals, report, results
from cardscore_frames.games.belot.rules import (
    ALL_TRICKS_BASE_COST,
    ALL_TRICKS_WHISTS,
    BASE_COST,
    BELA_POINTS,
    BELA_WHISTS,
    CAPO_BASE_COST,
    CARD_WHISTS,
    CONSTRUCTION_WHISTS,
    CONTRACTS,
    DECK_WHISTS,
    DOUBLING_FACTOR,
    DOUBLINGS,
    PAIRS,
    BelotRules,
    Rules,
)
from cardscore_frames.games.belot.schema import PLAYERS, SCHEMA
from cardscore_frames.games.belot.scoring import ROLES, SCORE_COLUMNS, score, to_ledger
from cardscore_frames.games.belot.sheet import KINDS as SHEET_KINDS
from cardscore_frames.games.belot.sheet import WORDS, read_sheet, write_sheets
from cardscore_frames.games.belot.template import OPTIONS as TEMPLATE_OPTIONS
from cardscore_frames.games.belot.template import write_template

#: The belot entry of the game registry.
GAME = Game(
    name="belot",
    title="Bazar-Belot",
    unit="points",
    zero_sum=False,
    rules=BelotRules,
    logs={"deals": SCHEMA, "points": POINTS_SCHEMA},
    score=score,
    to_ledger=to_ledger,
    results=results,
    report=report,
    roles=ROLES,
    seats=PLAYERS,
    ledger_columns={
        "pair": "category",
        "opponent_score": "float64",
        "match_won": "boolean",
    },
    sample="belot_season.csv",
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
    "BelotRules",
    "SCHEMA",
    "POINTS_SCHEMA",
    "PLAYERS",
    "PAIRS",
    "ROLES",
    "SCORE_COLUMNS",
    "CONTRACTS",
    "DOUBLINGS",
    "DOUBLING_FACTOR",
    "DECK_WHISTS",
    "BASE_COST",
    "CAPO_BASE_COST",
    "ALL_TRICKS_WHISTS",
    "ALL_TRICKS_BASE_COST",
    "BELA_WHISTS",
    "BELA_POINTS",
    "CARD_WHISTS",
    "CONSTRUCTION_WHISTS",
    "score",
    "to_ledger",
    "to_points",
    "matches",
    "pair_totals",
    "results",
    "report",
]
