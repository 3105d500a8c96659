"""The ledger's declared columns and dtypes (see :mod:`cardscore_frames.ledger`)."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from cardscore_frames.contract import GAMES, game_dtype, role_dtype

__all__ = ["LEDGER_COLUMNS", "LEDGER_DTYPES", "registry"]

#: The columns every ledger has, in order; a game's own columns follow them.
LEDGER_COLUMNS = (
    "game",
    "game_key",
    "league",
    "season",
    "date",
    "table",
    "game_id",
    "deal",
    "player",
    "seat",
    "role",
    "score",
)
#: The dtype of each column ("category" columns hold text; ``game`` and ``role``
#: have the categories of every registered game).
LEDGER_DTYPES = {
    "game": "category",
    "game_key": "category",
    "league": "category",
    "season": "category",
    "date": "datetime64[ns]",
    "table": "category",
    "game_id": "category",
    "deal": "int64",
    "player": "category",
    "seat": "int8",
    "role": "category",
    "score": "float64",
}
_TEXT = ("game_key", "league", "season", "table", "game_id", "player")


def registry() -> tuple[pd.CategoricalDtype, pd.CategoricalDtype, Mapping]:
    return game_dtype(), role_dtype(), GAMES
