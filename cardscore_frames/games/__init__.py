"""The bundled games, the one list of them.

Each game is one folder with the same files for the same roles (see the
contributor's guide in the docs): ``rules.py`` (its ``Rules`` with named
presets), ``schema.py`` (its logs), ``scoring.py`` (``score``, ``to_ledger``),
``results.py``, ``points_log.py``, ``profile.py``, ``generate.py`` and
``sheet/`` (its paper sheet in Excel: export and template), with game-only
extras in named subfolders. Its package builds a
:class:`~cardscore_frames.contract.Game`; the line below registers it. A game
of your own is registered the same way (:func:`cardscore_frames.contract.register`),
with no change to the package.
"""

from cardscore_frames.contract import register
from cardscore_frames.games import belot, preferans, tarot

for _game in (tarot.GAME, belot.GAME, preferans.GAME):
    register(_game)

__all__ = ["tarot", "belot", "preferans"]
