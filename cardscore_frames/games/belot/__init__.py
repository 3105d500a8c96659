"""Bazar-Belot: two pairs racing to 301, seed 001 scoring (docs/games/belot.md).

>>> import cardscore_frames as csf
>>> from cardscore_frames.games import belot
>>> deals = csf.read_log("sample_data/belot_season.csv", game="belot")
>>> scored = belot.score(deals)
>>> table = belot.matches(scored)
>>> ledger = belot.to_ledger(scored)
"""

from cardscore_frames.contract import Example, Game, Probe
from cardscore_frames.excel.hooks import GameSheets
from cardscore_frames.games.belot.generate import generate
from cardscore_frames.games.belot.ledger import ROLES, to_ledger
from cardscore_frames.games.belot.paper import KINDS as SHEET_KINDS
from cardscore_frames.games.belot.paper import WORDS, read_sheet, write_sheets
from cardscore_frames.games.belot.paper.template import OPTIONS as TEMPLATE_OPTIONS
from cardscore_frames.games.belot.paper.template import write_template
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
from cardscore_frames.games.belot.scoring import SCORE_COLUMNS, score
from cardscore_frames.games.evening_results import results_schema

#: The belot entry of the game registry.
GAME = Game(
    generate=generate,
    name="belot",
    title="Bazar-Belot",
    language="ru",
    local_title="Базар-Белот",
    unit="points",
    zero_sum=False,
    rules=BelotRules,
    logs={
        "deals": SCHEMA,
        "points": POINTS_SCHEMA,
        "results": results_schema("belot"),
    },
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
    profile=profile,
    excel=GameSheets(
        write=write_sheets,
        read=read_sheet,
        kinds=SHEET_KINDS,
        template=write_template,
        template_options=TEMPLATE_OPTIONS,
        words=WORDS,
    ),
    examples={
        "belot": Example(
            "belot_season.csv",
            about="a Bazar-Belot club's season: 300 deals in 22 matches to 301",
        ),
        "league_belot": Example(
            "league/belot.csv",
            about="the Cercle des Trois Jeux club league, seasons 2024-25 and "
            "2025-26: "
            "2,770 Bazar-Belot deals in 198 matches to 301 "
            "between changing pairs",
        ),
        "broken_belot": Example(
            "broken/belot_after_end.csv",
            about="broken on purpose: a league belot table whose first match has "
            "a deal written after the match was decided",
        ),
    },
    ranking="match_wins",
    team="pair",
    probes={
        "deals": Probe("doubling", "double-double", "contra"),
        "points": Probe("points_a", -5),
        "results": Probe("score", "lots"),
    },
    # what the log shows of a deal before the play (docs/guide/season.md)
    deal_features={
        "contract": "category",
        "bid": "number",
        "capo": "category",
        "doubling": "category",
        "declarer_declarations": "number",
        "defender_declarations": "number",
    },
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
