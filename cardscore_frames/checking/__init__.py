"""Checking logs: schemas, lazy problem collection, typed and stamped frames.

A game declares each of its logs as a :class:`Schema` of :class:`Field` objects plus
check functions; :func:`check_log` types and checks a frame against it, and
:func:`game_index` groups any frame's rows by game.
"""

from cardscore_frames.checking.check import Collected, Errors, check_log
from cardscore_frames.checking.groups import (
    GameIndex,
    game_codes,
    game_index,
    running_sum,
    telling_columns,
)
from cardscore_frames.checking.numbers import filled
from cardscore_frames.checking.problems import Problems, Source
from cardscore_frames.checking.schema import (
    GAME_KEY,
    METADATA_COLUMNS,
    METADATA_FIELDS,
    BlankWhen,
    Field,
    Schema,
    normalise_token,
)
from cardscore_frames.checking.stamp import Stamp, mark, stamp, stamp_of

__all__ = [
    "Field",
    "BlankWhen",
    "Schema",
    "Problems",
    "Source",
    "Collected",
    "Errors",
    "GAME_KEY",
    "METADATA_COLUMNS",
    "METADATA_FIELDS",
    "GameIndex",
    "Stamp",
    "check_log",
    "filled",
    "game_codes",
    "game_index",
    "running_sum",
    "telling_columns",
    "normalise_token",
    "mark",
    "stamp",
    "stamp_of",
]
