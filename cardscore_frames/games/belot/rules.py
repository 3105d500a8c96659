"""Bazar-Belot rules: the ``Rules`` object and the rule tables (docs/games/belot.md).

Every default is the seed's reading (shared/seeds/001_63a58262c581afa2.txt); every
option the rules file lists under "Options" is a field of :class:`Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from cardscore_frames.contract import RulesBase
from cardscore_frames.errors import RulesError

__all__ = [
    "BelotRules",
    "Rules",
    "CONTRACTS",
    "NO_TRUMP",
    "DOUBLINGS",
    "DOUBLING_FACTOR",
    "PAIRS",
    "TRICKS",
    "DECK_WHISTS",
    "WHISTS_PER_POINT",
    "BASE_COST",
    "CAPO_BASE_COST",
    "ALL_TRICKS_WHISTS",
    "ALL_TRICKS_BASE_COST",
    "BELA_WHISTS",
    "BELA_POINTS",
    "CARD_WHISTS",
    "LAST_TRICK_WHISTS",
    "CONSTRUCTION_WHISTS",
]

#: The contracts of the log: the four trump suits and no-trump.
CONTRACTS = ("clubs", "diamonds", "hearts", "spades", "no_trump")
NO_TRUMP = "no_trump"
#: The two pairs, as the log's ``declarer`` and ``bela`` columns name them.
PAIRS = ("a", "b")
#: Rule 5: contract points are doubled under contra, doubled again under recontra.
DOUBLINGS = ("none", "contra", "recontra")
DOUBLING_FACTOR = {"none": 1, "contra": 2, "recontra": 4}
#: Tricks in a deal (32 cards, 4 players).
TRICKS = 8
#: Units: S, the whists of the deck with the last trick, in every contract.
DECK_WHISTS = 162
#: Units: one protocol point is worth 10 whists.
WHISTS_PER_POINT = 10
#: Rule 4: C, the base contract cost: S div 10 for ordinary contracts, 25 for capo.
BASE_COST = DECK_WHISTS // WHISTS_PER_POINT
CAPO_BASE_COST = 25
#: Option "all-tricks bonus": whists added to the pair that took every trick of an
#: ordinary contract (162 becomes 252), and C for that deal.
ALL_TRICKS_WHISTS = 90
ALL_TRICKS_BASE_COST = 25
#: Units: a declared Бэла (king and queen of trumps) is 20 whists; the option
#: "Бэла kept on failure" keeps 2 points for it.
BELA_WHISTS = 20
BELA_POINTS = 2
#: Units: card whists, by rank (trump and plain cards of a suit contract; in
#: no-trump every ace is 19 and every suit counts as plain). The last trick adds 10.
CARD_WHISTS = {
    "trump": {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0},
    "plain": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
    "no_trump": {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
}
LAST_TRICK_WHISTS = 10
#: Units: construction (declaration) whists, suit contract / no-trump.
CONSTRUCTION_WHISTS = {
    "terz": (20, 20),
    "sequence_4": (50, 50),
    "sequence_5": (100, 100),
    "four_of_a_kind": (100, 100),
    "four_aces": (110, 190),
    "four_nines": (140, 0),
    "four_jacks": (200, 100),
    "bela": (BELA_WHISTS, 0),
}


@dataclass(frozen=True)
class BelotRules(RulesBase):
    """Bazar-Belot scoring rules; the defaults are the seed's (docs/games/belot.md).

    Presets (``BelotRules.preset(name, **changes)``): ``seed`` (the defaults).

    Parameters
    ----------
    trailing_five : {"up", "down"}
        How the defenders' whists Vv round to a multiple of 10 when they end in 5
        (seed: up, 65 -> 70; "down": 65 -> 60). Other endings round to the nearest.
    no_trump_double : bool
        N counts twice in a no-trump contract, before contra/recontra (K of a capo
        is never doubled). Seed: no.
    all_tricks_bonus : bool
        The pair that took all 8 tricks of an ordinary contract adds 90 to its card
        whists (162 becomes 252) and C is 25 for that deal. Seed: no.
    bela_kept : bool
        "Бэла kept on failure": with the optional log column ``bela`` naming the pair
        whose declarations include a declared Бэла, failed declarers keep 2 points
        for theirs (the defenders get PC + Pp + Pv - 2) and the zero-trick transfer
        of rule 1 leaves its 20 whists with them. Seed: no.
    failed_capo_base : int
        The base C in Pp = C + VCp/10 on a failed capo (seed: 25, the capo base;
        some clubs use 16). PC stays 25 + K.
    target : int
        The match ends after the deal in which a pair's running total reaches this.
    min_bid : int
        The smallest bid N, in points.

    Examples
    --------
    >>> BelotRules().target, BelotRules(target=501).target
    (301, 501)
    """

    GAME: ClassVar[str] = "belot"
    PRESETS: ClassVar[dict] = {
        "seed": ("the seed's Bazar-Belot, to 301 (the defaults)", {}),
    }

    trailing_five: Literal["up", "down"] = "up"
    no_trump_double: bool = False
    all_tricks_bonus: bool = False
    bela_kept: bool = False
    failed_capo_base: int = CAPO_BASE_COST
    target: int = 301
    min_bid: int = 8

    def __post_init__(self) -> None:
        if self.trailing_five not in ("up", "down"):
            raise RulesError(
                f"trailing_five must be 'up' or 'down'; got {self.trailing_five!r}"
            )
        for name in ("no_trump_double", "all_tricks_bonus", "bela_kept"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    f"{name} must be True or False; got {getattr(self, name)!r}"
                )
        for name, low in (("failed_capo_base", 0), ("target", 1), ("min_bid", 1)):
            v = getattr(self, name)
            if not (isinstance(v, int) and not isinstance(v, bool) and v >= low):
                raise RulesError(
                    f"{name} must be a whole number of at least {low}; got {v!r}"
                )


#: The name every game's rules class also has.
Rules = BelotRules
