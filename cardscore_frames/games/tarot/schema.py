"""The tarot deal log: its columns and the checks of docs/games/tarot.md (who
sits where: :mod:`.seats`; the checks: :mod:`.checks` for who plays and what
was bid, :mod:`.card_checks` for what the cards allow).

Log semantics worth knowing: a blank ``petit_au_bout``, poignée or ``chelem`` cell
means ``none``; a blank ``partner`` (or the taker's own name) at 5 players means
the taker plays alone; a passed or cancelled deal leaves taker, partner, oudlers
and card points blank (its oudlers and card points may be written 0 or ``none``,
which read as blank there).
"""

from __future__ import annotations

from cardscore_frames.checking import BlankWhen, Field, Schema
from cardscore_frames.games.tarot.card_checks import check_poignees, check_points
from cardscore_frames.games.tarot.checks import check_contract, check_players
from cardscore_frames.games.tarot.rules import CHELEM_PRIME, CONTRACTS, POIGNEES
from cardscore_frames.games.tarot.seats import PLAYERS
from cardscore_frames.games.tarot.vocabulary import VOCABULARY as WORDS
from cardscore_frames.games.tarot.vocabulary import HEADINGS

__all__ = ["SCHEMA", "FIELDS"]


#: A passed (or cancelled) deal leaves oudlers and card points blank; score
#: sheets and other apps fill them with 0 or "none", which read as blank there
#: (docs/games/tarot.md, "Distribution").
_BLANK_ON_PASS = BlankWhen("contract", ("pass",), ("0", "none"))

FIELDS = (
    Field("game_id", "id"),
    Field("deal", "int", low=1),
    *(Field(p, "name", required=i < 3, blank=i >= 3) for i, p in enumerate(PLAYERS)),
    Field("taker", "name", blank=True),
    Field("partner", "name", required=False, blank=True),
    Field("contract", "choice", choices=CONTRACTS, vocabulary=WORDS["contract"]),
    Field(
        "oudlers",
        "int",
        blank=True,
        low=0,
        high=3,
        blank_when=_BLANK_ON_PASS,
    ),
    Field(
        "card_points",
        "number",
        blank=True,
        low=0,
        high=91,
        step=0.5,
        blank_when=_BLANK_ON_PASS,
    ),
    Field(
        "petit_au_bout",
        "choice",
        required=False,
        choices=("none", "attack", "defence"),
        vocabulary=WORDS["petit_au_bout"],
        default="none",
    ),
    Field(
        "poignee_attack",
        "choice",
        required=False,
        choices=POIGNEES,
        vocabulary=WORDS["poignee_attack"],
        multi=True,
        default="none",
    ),
    Field(
        "poignee_defence",
        "choice",
        required=False,
        choices=POIGNEES,
        vocabulary=WORDS["poignee_defence"],
        multi=True,
        default="none",
    ),
    Field(
        "chelem",
        "choice",
        required=False,
        choices=tuple(CHELEM_PRIME),
        vocabulary=WORDS["chelem"],
        default="none",
    ),
    Field("sits_out", "name", required=False, blank=True),
    Field("misere", "text", required=False, blank=True),
)


SCHEMA = Schema(
    headings=HEADINGS,
    game="tarot",
    fields=FIELDS,
    checks=(check_players, check_contract, check_points, check_poignees),
)
