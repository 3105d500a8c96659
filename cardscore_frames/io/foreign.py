"""Files written by other score keepers' programs, read through the games that
know them.

A game may offer other programs' formats (``Game.formats``): a file suffix
mapped to a :class:`~cardscore_frames.contract.Format`, the log kind the file
holds and a function returning its cells (a frame in that log's columns) and
their :class:`~cardscore_frames.checking.Source`. A suffix the package reads
itself (``.json``) is another program's only when the format's ``sniff`` says
so from the file's bytes. :func:`read_log` reads such a file like any other
log: the cells are then checked against the game's log of that kind. Nothing
here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd

from cardscore_frames.checking import Source
from cardscore_frames.contract import GAMES, Format
from cardscore_frames.errors import LogReadError

__all__ = [
    "foreign_formats",
    "read_foreign",
    "sniffed_format",
    "sniffed_formats",
    "check_foreign_game",
]

Reader = Callable[[Path], tuple[pd.DataFrame, Source]]


def foreign_formats() -> dict[str, tuple[str, str, Reader]]:
    """Every suffix a registered game reads by its suffix alone: suffix ->
    (game, kind, reader). Formats that must be sniffed are left out."""

    return {
        suffix.lower(): (name, fmt.kind, fmt.reader)
        for name, game in GAMES.items()
        for suffix, entry in game.formats.items()
        if (fmt := Format(*entry)).sniff is None
    }


def sniffed_formats(suffix: str) -> list[tuple[str, Format]]:
    """The formats of ``suffix`` told from the package's own by their content:
    (game, format) pairs, in registration order."""
    return [
        (name, fmt)
        for name, game in GAMES.items()
        for key, entry in game.formats.items()
        if key.lower() == suffix.lower() and (fmt := Format(*entry)).sniff is not None
    ]


def sniffed_format(path: Path, data: bytes) -> tuple[str, Format] | None:
    """The (game, format) whose ``sniff`` claims these bytes of ``path``, if any."""
    for name, fmt in sniffed_formats(path.suffix):
        if fmt.sniff(data):
            return name, fmt
    return None


def check_foreign_game(path: Path, owner: str, kind: str, game: str | None) -> None:
    """Another program's file read as the log of another game than the one
    that reads it is an error naming the right one."""
    if game is not None and game != owner:
        raise LogReadError(
            f"{path}: this file is another program's {owner} {kind} log, not a "
            f"{game} log; read it with game={owner!r}"
        )


def read_foreign(path: Path, game: str | None = None) -> tuple[pd.DataFrame, Source]:
    """The cells of a file in another program's format (by its suffix)."""
    owner, kind, reader = foreign_formats()[path.suffix.lower()]
    if owner != game and game is not None:
        # a suffix read by one game only: the same file for another is an error
        check_foreign_game(path, owner, kind, game)
    return reader(path)
