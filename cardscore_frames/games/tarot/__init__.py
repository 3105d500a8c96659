"""French tarot: 3, 4 and 5 players, FFT scoring (docs/games/tarot.md).

>>> import cardscore_frames as csf
>>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
>>> ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
"""

from cardscore_frames.contract import Example, Game, Probe
from cardscore_frames.excel.hooks import GameSheets
from cardscore_frames.games.evening_results import results_schema
from cardscore_frames.games.tarot.formats import FORMATS, read_tarotclub
from cardscore_frames.games.tarot.generate import generate
from cardscore_frames.games.tarot.ledger import ROLES, to_ledger
from cardscore_frames.games.tarot.paper import KINDS as SHEET_KINDS
from cardscore_frames.games.tarot.paper import WORDS, read_sheet, write_sheets
from cardscore_frames.games.tarot.paper.template import OPTIONS as TEMPLATE_OPTIONS
from cardscore_frames.games.tarot.paper.template import write_template
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
from cardscore_frames.games.tarot.schema import SCHEMA
from cardscore_frames.games.tarot.scoring import SCORE_COLUMNS, score
from cardscore_frames.games.tarot.seats import PLAYERS

#: The tarot entry of the game registry.
GAME = Game(
    generate=generate,
    name="tarot",
    title="French tarot",
    language="fr",
    local_title="Tarot",
    unit="points",
    zero_sum=True,
    rules=TarotRules,
    logs={
        "deals": SCHEMA,
        "points": POINTS_SCHEMA,
        "results": results_schema("tarot"),
    },
    score=score,
    to_ledger=to_ledger,
    results=results,
    report=report,
    roles=ROLES,
    seats=PLAYERS,
    ledger_columns={"misere_points": "float64"},
    profile=profile,
    formats=FORMATS,
    excel=GameSheets(
        write=write_sheets,
        read=read_sheet,
        kinds=SHEET_KINDS,
        template=write_template,
        template_options=TEMPLATE_OPTIONS,
        words=WORDS,
    ),
    examples={
        "tarot": Example(
            "tarot_season.csv",
            about="a tarot club's season: 568 deals in 33 games at 4 and 5 players",
        ),
        "league_tarot": Example(
            "league/tarot.csv",
            about="the Cercle des Trois Jeux club league, seasons 2024-25 and "
            "2025-26: "
            "3,208 tarot deals in 172 games at tables of 3, 4 "
            "and 5 (at some 5-seat tables the dealer sits out)",
        ),
        "broken_tarot": Example(
            "broken/tarot_typos.csv",
            about="broken on purpose: a league tarot evening with 3 slips "
            "(contract 'gard', card points impossible with 0 oudlers, a taker "
            "from another table)",
        ),
        "broken_score_sheet": Example(
            "league/score_sheet.xlsx",
            about="broken on purpose: a league tarot table's Excel score sheet, "
            "the package's blank template as its scorekeeper filled it in paper "
            "codes, with 3 slips (contract 'gard', 555 card points, a taker from "
            "another table)",
        ),
    },
    ranking="score",
    mixed_tables_ranking="place_points",
    probes={
        "deals": Probe("contract", "gard", "garde_contre"),
        "points": Probe("score2", "lots"),
        "results": Probe("score", "lots"),
    },
    # what the log shows of a deal before the play (docs/guide/season.md)
    deal_features={
        "contract": "category",
        "oudlers": "category",
        "players": "category",
        "alone": "category",
        "poignee_attack": "category",
        "poignee_defence": "category",
    },
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
    "read_tarotclub",
]
