"""Files written by other score keepers' programs, read through the games that
know them.

A game may offer other programs' formats (``Game.formats``): a file suffix
mapped to ``(kind, reader)``, the log kind the file holds and a function
returning its cells (a frame in that log's columns) and their
:class:`~cardscore_frames.checking.Source`.
:func:`read_log` reads such a file like any other log: the cells are then checked
against the game's log of that kind. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd

from cardscore_frames.checking import Source
from cardscore_frames.contract import GAMES

__all__ = ["foreign_formats", "read_foreign"]

Reader = Callable[[Path], tuple[pd.DataFrame, Source]]


def foreign_formats() -> dict[str, tuple[str, str, Reader]]:
    """Every suffix a registered game reads: suffix -> (game, kind, reader)."""

    return {
        suffix.lower(): (name, kind, reader)
        for name, game in GAMES.items()
        for suffix, (kind, reader) in game.formats.items()
    }


def read_foreign(path: Path) -> tuple[pd.DataFrame, Source]:
    """The cells of a file in another program's format (by its suffix)."""
    _, _, reader = foreign_formats()[path.suffix.lower()]
    return reader(path)
