"""The preferans deal log: its columns, the seat arrays, and every check.

One row per deal (docs/games/preferans.md "One deal"): ``game_id``, ``deal``,
``player1 .. player4`` clockwise (``player4`` blank at 3 players), ``dealer`` (at 4
players the player who sits the deal out; optional at 3, where the dealer plays),
``declarer`` (blank on an all-pass deal), ``contract`` (``6S`` .. ``10NT``,
``misere``, or ``pass`` for an all-pass deal), ``call1 .. call4`` (each defender's
``whist``, ``pass`` or ``half``; blank for the declarer and the dealer),
``tricks1 .. tricks4`` (blank where there was no play) and ``pool_target`` (or
``Rules(pool_target=...)`` for the whole log).

Checks are cross-column and vectorised; each problem names the game, the deal, the
column, the value and what is allowed: the table and the bidding in
:mod:`.checks`, the play in :mod:`.trick_checks`, corrections and the end of a
game in :mod:`.arithmetic`.
"""

from __future__ import annotations

import pandas as pd

from cardscore_frames.checking import Field, Problems, Schema
from cardscore_frames.games.preferans.arithmetic.arrays import check_options
from cardscore_frames.games.preferans.arithmetic.corrections import (
    FIELDS as CORRECTION_FIELDS,
)
from cardscore_frames.games.preferans.arithmetic.corrections import (
    check_corrections,
)
from cardscore_frames.games.preferans.arithmetic.ends import check_after_end
from cardscore_frames.games.preferans.arithmetic.seats import (
    CORRECTION,
    CALL_COLUMNS,
    PLAYERS,
    TRICK_COLUMNS,
    Seats,
    at_seat,
    call_codes,
    contract_codes,
    seat_names,
    seats,
    trick_array,
)
from cardscore_frames.games.preferans.checks import (
    check_calls,
    check_contract,
    check_players,
    check_pool_target,
)
from cardscore_frames.games.preferans.rules import CALLS, CONTRACTS, Rules
from cardscore_frames.games.preferans.trick_checks import check_tricks
from cardscore_frames.games.preferans.vocabulary import VOCABULARY as WORDS
from cardscore_frames.games.preferans.vocabulary import HEADINGS

__all__ = [
    "SCHEMA",
    "PLAYERS",
    "CALL_COLUMNS",
    "TRICK_COLUMNS",
    "Seats",
    "seats",
    "seat_names",
    "contract_codes",
    "call_codes",
    "trick_array",
    "at_seat",
]


FIELDS = (
    Field("game_id", "id"),
    Field("deal", "int", low=1),
    *(Field(p, "name", required=i < 3, blank=i >= 3) for i, p in enumerate(PLAYERS)),
    Field("dealer", "name", required=False, blank=True),
    Field("declarer", "name", blank=True),
    Field("contract", "choice", choices=CONTRACTS, vocabulary=WORDS["contract"]),
    *(
        Field(
            c,
            "choice",
            required=False,
            blank=True,
            choices=CALLS,
            vocabulary=WORDS[c],
        )
        for i, c in enumerate(CALL_COLUMNS)
    ),
    *(
        Field(t, "int", required=False, blank=True, low=0, high=10)
        for i, t in enumerate(TRICK_COLUMNS)
    ),
    # pools are agreed at 10 to 50 points; beyond 10,000 a target is a slip
    Field(
        "pool_target",
        "int",
        required=False,
        blank=True,
        low=1,
        high=10_000,
        aliases=("pool",),
    ),
    *CORRECTION_FIELDS,
)


def check_deals(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Every cross-column check of a deal log, on seats worked out once."""
    rules = Rules.ensure(rules)
    check_options(rules)
    st = seats(deals)
    if _dealer_column_missing(deals, problems, st):
        return  # every deal at 4 would be reported for the one missing column
    for check in (
        check_players,
        check_contract,
        check_calls,
        check_tricks,
        check_pool_target,
        check_corrections,
        check_after_end,
    ):
        check(deals, problems, rules, st)


def _dealer_column_missing(deals: pd.DataFrame, problems: Problems, st: Seats) -> bool:
    """A log with deals at 4 players names the dealer, who sits each out:
    without the column no deal at 4 can be scored (who played is unknown)."""
    if "dealer" not in problems.left_out:
        return False
    # a correction of 4 names every seat and no dealer (docs/games/preferans.md)
    played = contract_codes(deals) != CORRECTION
    count = int(((st.n == len(PLAYERS)) & played).sum())
    if count:
        problems.add_table(
            "dealer",
            "missing_column",
            "column dealer is missing: "
            f"{'1 deal is' if count == 1 else f'{count} deals are'} played at 4, "
            "where the dealer sits the deal out (a column headed dealer, Сдающий "
            "or Сдаёт)",
        )
    return count > 0


SCHEMA = Schema(
    game="preferans",
    fields=FIELDS,
    checks=(check_deals,),
    reject="game",
    headings=HEADINGS,
)
