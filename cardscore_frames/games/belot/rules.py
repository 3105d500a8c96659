"""Bazar-Belot rules: the ``Rules`` object and the rule tables (docs/games/belot.md).

Every default is the seed's reading (the club rules text the project started
from); every option the docs list under "Options" is a field of :class:`Rules`,
and the ``blot_star`` preset sets those that Blot Star plays differently.
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


#: The options with a fixed set of values, and the options that are on or off.
_CHOICES = {
    "trailing_five": ("up", "down"),
    "whist_rounding": ("complement", "each"),
    "failed_payout": ("whists", "base"),
    "capo_scoring": ("base", "bid"),
}
_FLAGS = (
    "no_trump_double",
    "all_tricks_bonus",
    "bela_kept",
    "trickless_transfer",
    "contra_takes_all",
    "no_trump_adds_bid",
)
#: Bazar-Belot as the Blot Star platform scores it (docs/games/belot.md, "Blot
#: Star"): each side's whists rounded to tens on its own, a half down; no
#: trickless transfer; a doubled make leaves the defenders their points; a
#: no-trump contract is worth N × 2, 3, 5; a failed contract gives the
#: defenders PC + 16 (25 when they took every trick) + their declarations; the
#: side that took every trick has 252 card whists; a capo is a bid of its own
#: level that also needs every trick.
BLOT_STAR = {
    "trailing_five": "down",
    "whist_rounding": "each",
    "trickless_transfer": False,
    "contra_takes_all": False,
    "no_trump_adds_bid": True,
    "failed_payout": "base",
    "capo_scoring": "bid",
    "all_tricks_bonus": True,
}


@dataclass(frozen=True)
class BelotRules(RulesBase):
    """Bazar-Belot scoring rules; the defaults are the seed's (docs/games/belot.md).

    Presets (``BelotRules.preset(name, **changes)``, ``BelotRules.presets()``):
    ``seed`` (the defaults) and ``blot_star`` (Bazar-Belot as the Blot Star
    platform scores it, docs/games/belot.md, "Blot Star").

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
        some clubs use 16). PC stays 25 + K. Only with ``capo_scoring="base"``.
    whist_rounding : {"complement", "each"}
        Rule 6 for an ordinary contract. "complement" (seed): Pv is Vv rounded,
        Pp what remains of both sides' whists, their sum capped at C plus the
        declarations. "each": Pp and Pv are Vp and Vv each rounded to tens on
        its own (a trailing 5 as ``trailing_five`` says), with no complement
        step and no cap, so Pp + Pv may differ from 16.
    trickless_transfer : bool
        Rule 1: declarers who took no trick lose their declarations to the
        defenders (seed: yes). ``False``: each side keeps its own.
    contra_takes_all : bool
        Rule 7: a contract made under contra or recontra gives the declarers
        the defenders' Pv too, the defenders nothing (seed: yes). ``False``:
        the defenders keep their Pv, as on an undoubled make.
    no_trump_adds_bid : bool
        A no-trump contract adds N once more after contra or recontra: PC is
        N × 2, 3 or 5 where a suit contract has N × 1, 2 or 4. Seed: no. Cannot
        be combined with ``no_trump_double``.
    failed_payout : {"whists", "base"}
        What the defenders of a failed contract score. "whists" (seed):
        PC + Pp + Pv, every whist of the deal. "base": PC + 16 + their own
        declarations in points (the declarers' declarations count for
        nobody); the 16 is 25 when the defenders took every trick under
        ``all_tricks_bonus``. Cannot be combined with ``bela_kept``.
    capo_scoring : {"base", "bid"}
        "base" (seed): a capo is worth PC = (25 + K) × contra, made on all 8
        tricks, Pp = C + VCp/10 and Pv = VCv/10, with K in ``capo_bid``.
        "bid": ``capo_bid`` holds the capo bid's level N itself (at least
        ``min_bid``; "27 capo" is 27), and the deal is an ordinary contract
        of N that is made only when the declarers also took all 8 tricks; the
        all-tricks bonus applies to it.
    target : int
        The match ends after the deal in which a pair's running total reaches this.
    min_bid : int
        The smallest bid N, in points.

    Examples
    --------
    >>> BelotRules().target, BelotRules(target=501).target
    (301, 501)
    >>> blot_star = BelotRules.preset("blot_star")
    >>> blot_star.whist_rounding, blot_star.failed_payout, blot_star.capo_scoring
    ('each', 'base', 'bid')
    """

    GAME: ClassVar[str] = "belot"
    PRESETS: ClassVar[dict] = {
        "seed": ("the seed's Bazar-Belot, to 301 (the defaults)", {}),
        "blot_star": ("Bazar-Belot as Blot Star scores it, to 301", BLOT_STAR),
    }

    trailing_five: Literal["up", "down"] = "up"
    no_trump_double: bool = False
    all_tricks_bonus: bool = False
    bela_kept: bool = False
    failed_capo_base: int = CAPO_BASE_COST
    target: int = 301
    min_bid: int = 8
    whist_rounding: Literal["complement", "each"] = "complement"
    trickless_transfer: bool = True
    contra_takes_all: bool = True
    no_trump_adds_bid: bool = False
    failed_payout: Literal["whists", "base"] = "whists"
    capo_scoring: Literal["base", "bid"] = "base"

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                raise RulesError(
                    f"{name} must be {' or '.join(map(repr, allowed))}; got {value!r}"
                )
        for name in _FLAGS:
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
        self._check_together()

    def _check_together(self) -> None:
        """Options that describe the same rule two ways cannot both be on."""
        clashes = (
            (
                self.no_trump_double and self.no_trump_adds_bid,
                "no_trump_double and no_trump_adds_bid cannot both be True (N "
                "counts twice, or once more after contra; choose one)",
            ),
            (
                self.bela_kept and self.failed_payout == "base",
                "bela_kept needs failed_payout='whists' (it takes 2 points from "
                "the defenders' share of the deal's whists); got failed_payout="
                "'base'",
            ),
            (
                self.capo_scoring == "bid" and self.failed_capo_base != CAPO_BASE_COST,
                "failed_capo_base applies to capo_scoring='base' only; got "
                f"failed_capo_base={self.failed_capo_base!r} with capo_scoring="
                "'bid'",
            ),
        )
        problems = [message for clash, message in clashes if clash]
        if problems:
            raise RulesError("; ".join(problems))


#: The name every game's rules class also has.
Rules = BelotRules
