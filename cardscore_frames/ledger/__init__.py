"""The ledger: the one table of every game and season that everything downstream reads.

One row per (game, deal, player), in the same columns and dtypes whatever the game:

========== ==================== ===================================================
column     dtype                meaning
========== ==================== ===================================================
game       category             the registered game (tarot, belot, preferans)
game_key   category of str      the game, unique across games, leagues and
                                seasons: ``game / league / season / game_id``
league     category of str      the log's metadata (blank when not logged)
season     category of str
date       datetime64[ns]
table      category of str
game_id    category of str      the log's game id, as text
deal       int64                the deal number in its game
player     category of str      the player's name
seat       int8                 1-based seat in the log's player columns
role       category             the player's role in the deal (every game's roles)
score      float64              the deal's result for the player, in the game's
                                unit (tarot points, belot points, preferans
                                whists); float because a preferans deal is worth
                                thirds and quarters of a whist under the exact
                                settlement formula; whole values are exact
========== ==================== ===================================================

A game adds its own columns after these (belot ``pair``, ``opponent_score``,
``match_won``; preferans ``pool``, ``mountain``, ...): its ``Game.ledger_columns``.
Ledgers of several games and seasons are combined with :func:`concat`.
"""

from cardscore_frames.ledger.build import from_wide, game_keys
from cardscore_frames.ledger.check import check_ledger
from cardscore_frames.ledger.combine import concat, totals, unite
from cardscore_frames.ledger.per_game import RESULT_COLUMNS, results, results_by_score
from cardscore_frames.ledger.schema import LEDGER_COLUMNS, LEDGER_DTYPES

__all__ = [
    "RESULT_COLUMNS",
    "results",
    "results_by_score",
    "LEDGER_COLUMNS",
    "LEDGER_DTYPES",
    "from_wide",
    "check_ledger",
    "concat",
    "unite",
    "totals",
    "game_keys",
]
