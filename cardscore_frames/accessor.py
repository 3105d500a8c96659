"""``DataFrame.cardscore``: what a frame of this package knows about itself.

>>> import cardscore_frames as csf
>>> deals = csf.read_log("sample_data/belot_season.csv", game="belot")
>>> deals.cardscore.game, deals.cardscore.kind, deals.cardscore.checked
('belot', 'deals', True)
>>> deals.cardscore.rules.target
301
>>> ledger = deals.cardscore.score().cardscore.to_ledger()
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from cardscore_frames.checking import Stamp, stamp_of
from cardscore_frames.contract import get_game
from cardscore_frames.errors import CardscoreError

__all__ = ["CardscoreAccessor"]


@pd.api.extensions.register_dataframe_accessor("cardscore")
class CardscoreAccessor:
    """The game, log kind, rules, source and encoding of a frame that
    ``read_log``, ``validate``, ``score`` or ``sheet`` returned, and the game's
    steps as methods. Keeps nothing of its own (pandas makes a new accessor on
    every access)."""

    def __init__(self, frame: pd.DataFrame) -> None:
        self._frame = frame

    @property
    def stamp(self) -> Stamp | None:
        return stamp_of(self._frame)

    def _get(self, name: str) -> Any:
        found = stamp_of(self._frame)
        return None if found is None else getattr(found, name)

    @property
    def game(self) -> str | None:
        """The game the frame was checked as (None: not a checked frame)."""
        return self._get("game")

    @property
    def kind(self) -> str | None:
        """``deals``, ``sheet``, ``points`` or ``scored``."""
        return self._get("kind")

    @property
    def rules(self) -> Any:
        """The rules the frame was checked or scored with."""
        return self._get("rules")

    @property
    def source(self) -> str | None:
        return self._get("source")

    @property
    def encoding(self) -> str | None:
        """The text encoding its file was read with (None for other formats)."""
        return self._get("encoding")

    @property
    def checked(self) -> bool:
        """Whether the frame is still exactly what was checked (not edited since)."""
        found = stamp_of(self._frame)
        return found is not None and found.holds(self._frame)

    def _game(self):
        if self.game is None:
            raise CardscoreError(
                "this frame does not say which game it is: read it with "
                "read_log(..., game=...) or call the game's functions"
            )
        return get_game(self.game)

    def score(self, **options: Any) -> pd.DataFrame:
        """The game's ``score`` of this frame."""
        return self._game().score(self._frame, **options)

    def to_ledger(self, **options: Any) -> pd.DataFrame:
        """The game's ``to_ledger`` of this frame."""
        return self._game().to_ledger(self._frame, **options)

    def results(self) -> pd.DataFrame:
        """The game's ``results`` of this frame."""
        return self._game().results(self._frame)
