"""The registry of games: a game name maps to its module and its log schema.

Each game module has the same shape: a frozen ``Rules`` dataclass whose defaults are
the rule book (presets are classmethods), rule tables as module constants, a
``SCHEMA`` describing its log, ``score(deals, *, rules=...)`` and
``to_ledger(scored)``. Nothing outside a game module needs to know a game's rules.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from cardscore_frames.errors import UnknownGameError
from cardscore_frames.validate import Schema

__all__ = ["GAMES", "GameEntry", "game_entry", "game_names"]


@dataclass(frozen=True)
class GameEntry:
    """A log format: the module that owns it and the names of its schema and rules."""

    name: str
    module: str
    schema: str = "SCHEMA"
    rules: str = "Rules"

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)

    def get_schema(self) -> Schema:
        return getattr(self.load(), self.schema)

    def default_rules(self) -> object:
        return getattr(self.load(), self.rules)()


#: Every log format ``read_log`` knows, by the name passed as ``game=``.
GAMES: dict[str, GameEntry] = {
    e.name: e
    for e in (
        GameEntry("tarot", "cardscore_frames.games.tarot"),
        GameEntry("belot", "cardscore_frames.games.belot"),
        GameEntry("preferans", "cardscore_frames.games.preferans"),
        GameEntry(
            "preferans-sheet", "cardscore_frames.games.preferans", "SHEET_SCHEMA"
        ),
    )
}


def game_names() -> list[str]:
    return sorted(GAMES)


def game_entry(game: str) -> GameEntry:
    """The registry entry for ``game``; an :class:`UnknownGameError` names the choices."""
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"game must be one of {', '.join(game_names())}; got {game!r}"
        ) from None
