"""French tarot rules: the ``Rules`` object and the rule tables (docs/games/tarot.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cardscore_frames.contract import RulesBase
from cardscore_frames.errors import RulesError

__all__ = [
    "TarotRules",
    "Rules",
    "CONTRACTS",
    "MULTIPLIER",
    "NEEDED",
    "PETIT_AU_BOUT",
    "POIGNEES",
    "POIGNEE_TRUMPS",
    "CHELEMS",
    "CHELEM_PRIME",
    "PETIT_CHELEMS",
    "DOG_CARDS",
]

#: Contracts in the order of the log's categorical; ``pass`` also logs a cancelled deal.
CONTRACTS = ("pass", "petite", "garde", "garde_sans", "garde_contre")
#: Rule 6: the contract multiplier (pass scores nothing).
MULTIPLIER = {"pass": 0, "petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
#: Rule 1: card points needed by the number of oudlers (index 0..3).
NEEDED = np.array([56, 51, 41, 36])
#: Rule 5: petit au bout, from the attack's side, before the multiplier.
PETIT_AU_BOUT = {"none": 0, "attack": 10, "defence": -10}
#: Rule 7: the poignée names; their primes are ``Rules.poignee_values``.
POIGNEES = ("none", "simple", "double", "triple")
#: Rule 7: trumps needed to show a simple, double, triple poignée, by players in the deal.
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
#: Cards in the dog by players in the deal (78 less the hands: 24, 18, 15 cards each).
DOG_CARDS = {3: 6, 4: 6, 5: 3}
#: Trumps in the pack (21 trumps and the Excuse), the most all poignées can show.
PACK_TRUMPS = 22
#: Rule 8: chelem outcomes and their primes from the attack's side, not multiplied.
CHELEMS = (
    "none",
    "announced_made",
    "unannounced_made",
    "announced_failed",
    "defence",
    "announced_defence",
)
#: House rule "petit chelem" (announced, then made or failed); needs Rules.petit_chelem.
PETIT_CHELEMS = ("petit_announced_made", "petit_announced_failed")
CHELEM_PRIME = {
    "none": 0,
    "announced_made": 400,
    "unannounced_made": 200,
    "announced_failed": -200,
    "defence": -200,
    "announced_defence": -400,
    "petit_announced_made": 300,
    "petit_announced_failed": -150,
}
#: Chelems in which the attack took every trick: the card points are then fixed.
CHELEMS_MADE = ("announced_made", "unannounced_made")


@dataclass(frozen=True)
class TarotRules(RulesBase):
    """French tarot scoring rules; the defaults are the FFT 2012 rules.

    Presets (``TarotRules.preset(name, **changes)``, ``TarotRules.presets()``):
    ``fft`` (the defaults), ``house`` (every house rule of the rules file
    on: poignées 20, 40, 60, misère and petit chelem) and ``alone`` (at 5
    players the taker never calls a partner).

    Parameters
    ----------
    poignee_values : tuple of int
        Primes of a simple, double and triple poignée (FFT 20, 30, 40; a common
        house rule is 20, 40, 60).
    petit_chelem : bool
        Allow the chelem values ``petit_announced_made`` (+300) and
        ``petit_announced_failed`` (-150).
    misere : bool
        Score misères from the optional ``misere`` column (players joined by
        ``+``): each declarer receives ``misere_value`` from every other player.
    misere_value : int
        What one misère is worth from each other player (not multiplied).
    margin_round_to : int
        Round the margin's size to the nearest multiple of this (ties away from
        zero, i.e. toward the winning camp); 1 keeps the FFT margin.
    half_points : bool
        ``False`` drops the attack's half point at 3 and 5 players (41.5 counts 41).
    called_partner : bool
        At 5 players the taker calls a partner (FFT): a log with 5-player
        deals then needs its ``partner`` column (``Appelé``), blank where the
        taker played alone. ``False``: the house variant where the taker always
        plays alone at 5; the log needs no partner column and may name none.
    """

    GAME: ClassVar[str] = "tarot"
    PRESETS: ClassVar[dict] = {
        "fft": ("Fédération Française de Tarot, 2012 (the defaults)", {}),
        "house": (
            "the house rules on: poignées 20/40/60, misère, petit chelem",
            {"poignee_values": (20, 40, 60), "misere": True, "petit_chelem": True},
        ),
        "alone": (
            "the FFT rules, but at 5 players the taker always plays alone",
            {"called_partner": False},
        ),
    }

    poignee_values: tuple[int, int, int] = (20, 30, 40)
    petit_chelem: bool = False
    misere: bool = False
    misere_value: int = 10
    margin_round_to: int = 1
    half_points: bool = True
    called_partner: bool = True

    def __post_init__(self) -> None:
        vals = tuple(self.poignee_values)
        if len(vals) != 3 or not all(isinstance(v, int) and v > 0 for v in vals):
            raise RulesError(
                f"poignee_values must be three positive whole numbers; got {vals!r}"
            )
        if not (isinstance(self.margin_round_to, int) and self.margin_round_to >= 1):
            raise RulesError(
                "margin_round_to must be a whole number of at least 1; "
                f"got {self.margin_round_to!r}"
            )
        if not (isinstance(self.misere_value, int) and self.misere_value > 0):
            raise RulesError(
                f"misere_value must be a positive whole number; got {self.misere_value!r}"
            )

    @property
    def chelems(self) -> tuple[str, ...]:
        """The chelem values a log may hold under these rules."""
        return CHELEMS + (PETIT_CHELEMS if self.petit_chelem else ())


#: The name every game's rules class also has.
Rules = TarotRules
