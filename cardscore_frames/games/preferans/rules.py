"""Preferans rules: the ``Rules`` object, its presets and the rule tables.

Everything here cites docs/games/preferans.md. The defaults are Sochi; the
Leningrad and Rostov presets change exactly the rows of the rules file's preset table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from cardscore_frames.contract import RulesBase
from cardscore_frames.errors import RulesError

__all__ = [
    "PreferansRules",
    "Rules",
    "PLAYER_COUNTS",
    "MAX_SEATS",
    "CONTRACT_VALUE",
    "WHIST_OBLIGATION",
    "MISERE_VALUE",
    "SUITS",
    "CONTRACTS",
    "CONTRACT_LEVEL",
    "CALLS",
    "HALF_WHIST_LEVELS",
]

#: "The sheet": 3 or 4 players, in seats 1..4.
PLAYER_COUNTS = (3, 4)
MAX_SEATS = max(PLAYER_COUNTS)
#: "One deal": V, the value of a contract by its level (misère 10).
CONTRACT_VALUE = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
MISERE_VALUE = 10
#: "One deal": O, the tricks the whisters must take together, by level.
WHIST_OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
#: "Deal log": the trump suits (spades, clubs, diamonds, hearts, no trump); the suit
#: does not change the score.
SUITS = ("s", "c", "d", "h", "nt")
#: Every contract a log may hold, as stored (lower case): ``6s`` .. ``10nt``, then
#: ``misere``, ``pass`` (an all-pass deal) and ``correction`` (amounts written on
#: the sheet that no deal explains: arithmetic/corrections.py).
CONTRACTS = (
    *(f"{level}{suit}" for level in CONTRACT_VALUE for suit in SUITS),
    "misere",
    "pass",
    "correction",
)
#: The level of each contract (misère, pass and correction: 0).
CONTRACT_LEVEL = {
    c: (int(c.rstrip("schdnt")) if c[0].isdigit() else 0) for c in CONTRACTS
}
#: A defender's call: pass, whist, or half a whist.
CALLS = ("pass", "whist", "half")
#: "One deal": a half-whist is possible only on a six or a seven.
HALF_WHIST_LEVELS = (6, 7)


@dataclass(frozen=True)
class PreferansRules(RulesBase):
    """Preferans rules; the defaults are Sochi as docs/games/preferans.md lists them.

    Presets (``PreferansRules.preset(name, **changes)``): ``sochi`` (the
    defaults), ``leningrad`` and ``rostov``, exactly the rows of the rules file's
    preset table.

    Parameters
    ----------
    pool_whists : int
        a, whists per pool point in the settlement (Sochi, Rostov 10; Leningrad 20).
    mountain_whists : int
        b, whists per mountain point (10).
    pool_target : int, optional
        The agreed pool size (Leningrad: the sum of the pools) for deals whose
        log leaves ``pool_target`` blank; the log's value wins where given.
    trick_whists : int
        Whists per defenders' trick, in units of V (Leningrad 2).
    undertrick_mountain : int
        Declarer's mountain per missing trick, in units of V (Leningrad 2).
    misere_trick_mountain : int
        Mountain per trick taken on a failed misère (10; Leningrad 20).
    whister_shortfall : float
        Whisters' mountain per missing trick, in units of V (Rostov 0.5).
    lone_whist : {"greedy", "gentleman"}
        Who writes the trick whists of a lone whist when the declarer fails.
    consolation_whists : int
        Consolation and half-whist whists per trick, in units of V (Leningrad 2);
        0: no consolation, as preferans-score plays (an unplayed half-whist is
        then paid at ``trick_whists``, which every preset makes equal to it).
    half_whist : {"standard", "played"}
        ``"standard"``: a half-whist is never played out (tricks on it are a
        problem of the log). ``"played"``: the declarer may ask to play it; a
        half-whist logged with tricks is then scored as a lone whist for half
        the obligation (O/2 tricks, as preferans-score plays): the half-whister
        writes ``trick_whists`` x V a defenders' trick up to O/2 and answers for
        the tricks short of O/2; one logged without tricks is scored as today.
    responsible_whist : bool
        Whisters short of their obligation are charged (Sochi: yes).
    dealer_consolation : bool
        The 4-player dealer also writes consolation on a failed contract.
    misere_consolation : bool
        A failed misère pays consolation too, 10 whists a trick taken times
        ``consolation_whists`` from every other player (off by default: the rules
        file leaves it open).
    all_pass : {"mountain", "rostov"}
        How all-pass deals score: each trick costs the price in the mountain, or
        (Rostov) the player(s) with the fewest tricks write ``all_pass_whists``
        times the price a trick on every other player (not on each other).
    all_pass_price : tuple of int
        Price of a trick on consecutive all-pass deals: the first, the second, ...;
        the last entry repeats (``(1,)``: always 1; ``(1, 2, 3)``: a progression).
        A player who takes no trick writes the price in his pool.
    all_pass_whists : int
        Rostov all-pass deals: whists per trick (times the price) that the player
        with the fewest tricks writes on each other player (5).
    pool_cap : bool
        Pools stop at the target and the surplus overflows (Leningrad: no cap).
    end_of_game : {"all_pools", "pool_sum"}
        The game ends when every pool is closed, or after the deal that brings the
        sum of the pools to the target (Leningrad).
    after_end : {"reject", "score"}
        Deals logged after their game ended are a problem of the log (reported
        when it is read), or are scored (with pools capped, what they write
        overflows and then comes off the writer's mountain).
    """

    GAME: ClassVar[str] = "preferans"
    PRESETS: ClassVar[dict] = {
        "sochi": ("Sochi (сочинка): the defaults", {}),
        "leningrad": (
            "Leningrad (ленинградка): 20 whists a pool point, doubled whists and "
            "undertricks, gentleman lone whist, no pool cap, game over at the "
            "pool sum",
            {
                "pool_whists": 20,
                "trick_whists": 2,
                "undertrick_mountain": 2,
                "misere_trick_mountain": 20,
                "consolation_whists": 2,
                "lone_whist": "gentleman",
                "pool_cap": False,
                "end_of_game": "pool_sum",
            },
        ),
        "rostov": (
            "Rostov (ростовка): half a V a missing whister trick, gentleman lone "
            "whist, all-pass deals paid in whists by the player with fewest tricks",
            {"whister_shortfall": 0.5, "lone_whist": "gentleman", "all_pass": "rostov"},
        ),
    }

    pool_whists: int = 10
    mountain_whists: int = 10
    pool_target: int | None = None
    trick_whists: int = 1
    undertrick_mountain: int = 1
    misere_trick_mountain: int = 10
    whister_shortfall: float = 1.0
    lone_whist: Literal["greedy", "gentleman"] = "greedy"
    consolation_whists: int = 1
    half_whist: Literal["standard", "played"] = "standard"
    responsible_whist: bool = True
    dealer_consolation: bool = True
    misere_consolation: bool = False
    all_pass: Literal["mountain", "rostov"] = "mountain"
    all_pass_price: tuple[int, ...] = (1,)
    all_pass_whists: int = 5
    pool_cap: bool = True
    end_of_game: Literal["all_pools", "pool_sum"] = "all_pools"
    after_end: Literal["reject", "score"] = "reject"

    def __post_init__(self) -> None:
        for name in (
            "pool_whists",
            "mountain_whists",
            "trick_whists",
            "undertrick_mountain",
            "misere_trick_mountain",
            "all_pass_whists",
        ):
            v = getattr(self, name)
            if not (isinstance(v, int) and not isinstance(v, bool) and v > 0):
                raise RulesError(f"{name} must be a positive whole number; got {v!r}")
        cw = self.consolation_whists
        if not (isinstance(cw, int) and not isinstance(cw, bool) and cw >= 0):
            raise RulesError(
                f"consolation_whists must be a whole number of 0 or more; got {cw!r}"
            )
        ws = self.whister_shortfall
        if isinstance(ws, bool) or not isinstance(ws, (int, float)) or not ws >= 0:
            raise RulesError(
                f"whister_shortfall must be a number of 0 or more; got {ws!r}"
            )
        if self.pool_target is not None and not (
            isinstance(self.pool_target, int) and self.pool_target > 0
        ):
            raise RulesError(
                "pool_target must be a positive whole number or None; got "
                f"{self.pool_target!r}"
            )
        choices = {
            "lone_whist": ("greedy", "gentleman"),
            "half_whist": ("standard", "played"),
            "all_pass": ("mountain", "rostov"),
            "end_of_game": ("all_pools", "pool_sum"),
            "after_end": ("reject", "score"),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise RulesError(
                    f"{name} must be one of {', '.join(allowed)}; got "
                    f"{getattr(self, name)!r}"
                )
        if not self.all_pass_price or not all(
            isinstance(p, int) and p > 0 for p in self.all_pass_price
        ):
            raise RulesError(
                "all_pass_price must be positive whole numbers; got "
                f"{self.all_pass_price!r}"
            )

    @classmethod
    def sochi(cls, **changes) -> PreferansRules:
        """Sochi ("сочинка"): the defaults; ``Rules.preset("sochi", ...)``."""
        return cls.preset("sochi", **changes)

    @classmethod
    def leningrad(cls, **changes) -> PreferansRules:
        """Leningrad ("ленинградка"); ``Rules.preset("leningrad", ...)``."""
        return cls.preset("leningrad", **changes)

    @classmethod
    def rostov(cls, **changes) -> PreferansRules:
        """Rostov ("ростовка"); ``Rules.preset("rostov", ...)``."""
        return cls.preset("rostov", **changes)


#: The name every game's rules class also has.
Rules = PreferansRules
