"""The registry of games: a game name maps to its :class:`~.base.Game` contract.

Each game is a folder with the same roles: ``rules.py`` (its ``Rules`` with named
presets and plain-data form), ``schema.py`` (its logs), ``scoring.py`` (``score``,
``to_ledger``), ``results.py`` (one row per game and player), ``generate.py``. A
new game is a new folder and one entry in :data:`GAMES`; nothing else changes.
"""

from __future__ import annotations

import pandas as pd

from cardscore_frames.errors import UnknownGameError
from cardscore_frames.games import belot, preferans, tarot
from cardscore_frames.games.base import Game, RulesBase, suggest

__all__ = [
    "GAMES",
    "Game",
    "RulesBase",
    "get_game",
    "game_names",
    "game_dtype",
    "role_dtype",
]

#: Every registered game, by the name passed as ``game=``.
GAMES: dict[str, Game] = {g.name: g for g in (tarot.GAME, belot.GAME, preferans.GAME)}


def game_names() -> list[str]:
    """The registered games' names."""
    return list(GAMES)


def get_game(game: str | Game) -> Game:
    """The registry entry for ``game``; an :class:`UnknownGameError` names the choices."""
    if isinstance(game, Game):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"game must be one of {', '.join(GAMES)}; got {game!r}"
            f"{suggest(game, GAMES)}"
        ) from None


def game_dtype() -> pd.CategoricalDtype:
    """The ``game`` column's dtype: every registered game, so that ledgers of
    different games concatenate into one categorical."""
    return pd.CategoricalDtype(list(GAMES))


def role_dtype() -> pd.CategoricalDtype:
    """The ``role`` column's dtype: the roles of every registered game."""
    roles = dict.fromkeys(r for g in GAMES.values() for r in g.roles)
    return pd.CategoricalDtype(list(roles))
