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

from cardscore_frames.contract import Example, Game, Probe
from cardscore_frames.excel.hooks import GameSheets
from cardscore_frames.games.evening_results import results_schema
from cardscore_frames.games.preferans.arithmetic.outcome import OUTCOMES
from cardscore_frames.games.preferans.formats import FORMATS, read_openpref
from cardscore_frames.games.preferans.generate import (
    generate,
    random_deals,
    random_games,
)
from cardscore_frames.games.preferans.ledger import ROLES, to_ledger
from cardscore_frames.games.preferans.paper import (
    KINDS,
    OPTIONS,
    WORDS,
    read_sheet,
    write_sheets,
)
from cardscore_frames.games.preferans.paper.template import OPTIONS as TEMPLATE_OPTIONS
from cardscore_frames.games.preferans.paper.template import write_template
from cardscore_frames.games.preferans.points_log import POINTS_SCHEMA, to_points
from cardscore_frames.games.preferans.profile import profile
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
from cardscore_frames.games.preferans.schema import PLAYERS, SCHEMA
from cardscore_frames.games.preferans.scoring import SCORE_COLUMNS, score
from cardscore_frames.games.preferans.settlement import (
    COMPENSATION_WHISTS,
    METHODS,
    PAIR_COLUMNS,
    ROUNDINGS,
    SETTLE_COLUMNS,
    SHEET_COLUMNS,
    SHEET_SCHEMA,
    pairwise,
    settle,
    settle_report,
)
from cardscore_frames.games.preferans.settlement.from_deals import sheet

#: The preferans entry of the game registry.
GAME = Game(
    generate=generate,
    name="preferans",
    title="Preferans",
    language="ru",
    local_title="Преферанс",
    unit="whists",
    zero_sum=True,
    rules=PreferansRules,
    logs={
        "deals": SCHEMA,
        "sheet": SHEET_SCHEMA,
        "points": POINTS_SCHEMA,
        "results": results_schema("preferans"),
    },
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
    examples={
        "preferans": Example(
            "preferans_season.csv",
            about="a preferans club's autumn: 791 deals in 25 pools of 3 and 4 players",
        ),
        "preferans_sheets": Example(
            "preferans_sheets.csv",
            kind="sheet",
            about="end-of-game sheets as kept on paper, the rules' worked example first",
        ),
        "league_preferans": Example(
            "league/preferans.csv",
            about="the Cercle des Trois Jeux club league, seasons 2024-25 and "
            "2025-26: "
            "3,010 preferans deals in 98 Sochi pools of 3 and 4 "
            "players",
        ),
        "league_preferans_sheets": Example(
            "league/preferans_sheets.csv",
            kind="sheet",
            about="the Cercle des Trois Jeux club league, seasons 2024-25 and "
            "2025-26: "
            "the paper end-of-game sheets of the 98 preferans "
            "pools, at 0.10 a whist (they settle to the deal log's results)",
        ),
        "broken_preferans": Example(
            "broken/preferans_typos.csv",
            about="broken on purpose: a league preferans pool with 2 slips "
            "(tricks adding up to 11, a half-whist on an eight)",
        ),
    },
    ranking="whists",
    priced=True,
    formats=FORMATS,
    probes={
        "deals": Probe("pool_target", 0, 40, whole_game=True),
        "points": Probe("score1", "lots"),
        "results": Probe("score", "lots"),
    },
    # what the log shows of a deal before the play (docs/guide/season.md)
    deal_features={
        "contract": "category",
        "whisters": "category",
        "players": "category",
    },
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
    "ROUNDINGS",
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
