"""The preferans log's checks of the play: which deals were played (all-pass,
misère, a contract somebody whisted), tricks for every player of a played deal
summing to 10, and none for a deal without play (docs/games/preferans.md
"One deal")."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import Problems, filled
from cardscore_frames.games.preferans.arithmetic.seats import (
    ALL_PASS,
    CALL_COLUMNS,
    CORRECTION,
    HALF,
    LEVEL,
    MISERE,
    TRICK_COLUMNS,
    WHIST,
    Seats,
    at_seat,
    call_codes,
    contract_codes,
    has_value,
    seats,
    trick_array,
)
from cardscore_frames.games.preferans.checks import add_problem, player_of
from cardscore_frames.games.preferans.rules import Rules

__all__ = ["played_deals", "check_tricks"]


def played_deals(
    deals: pd.DataFrame, st: Seats | None = None, rules: Rules | None = None
) -> np.ndarray:
    """Deals with play: all-pass, misère, or a contract somebody whisted; with
    ``Rules(half_whist="played")`` also a half-whist logged with any tricks."""
    st = st or seats(deals)
    code, calls = contract_codes(deals), call_codes(deals)
    whisted = (at_seat(calls, st.first) == WHIST) | (at_seat(calls, st.second) == WHIST)
    played = (code == ALL_PASS) | (code == MISERE) | ((LEVEL[code] > 0) & whisted)
    if rules is not None and rules.half_whist == "played":
        played |= _half_whists(code, calls, st) & _any_tricks(deals, st)
    return played


def _half_whists(code, calls, st: Seats) -> np.ndarray:
    """Contract deals the second defender half-whisted."""
    return (LEVEL[code] > 0) & (at_seat(calls, st.second) == HALF)


def _any_tricks(deals: pd.DataFrame, st: Seats) -> np.ndarray:
    """Deals with tricks given for any of their players."""
    given = np.vstack([has_value(deals, c) for c in TRICK_COLUMNS])
    return (given & st.active).any(axis=0)


def check_tricks(deals, problems: Problems, rules: Rules, st: Seats) -> None:
    """Tricks for every player of a played deal, summing to 10; none without play."""
    played = played_deals(deals, st, rules)
    code = contract_codes(deals)
    calls_known = (code >= 0) & (code != CORRECTION)  # a correction's: their own
    for col in ("declarer", *CALL_COLUMNS):
        calls_known &= ~problems.reported(col)
    given = np.vstack([has_value(deals, c) for c in TRICK_COLUMNS])
    half = _half_whists(code, call_codes(deals), st)
    for i, col in enumerate(TRICK_COLUMNS):
        add_problem(
            problems,
            played & st.active[i] & ~given[i],
            col,
            "tricks_missing",
            f"{col} must be given: {{who}} played the deal",
            who=player_of(deals, i),
        )
        add_problem(
            problems,
            given[i] & ~st.active[i],
            col,
            "tricks_not_playing",
            f"{col} must be blank: seat {i + 1} is empty or its player deals and "
            "sits the deal out; got {value}",
        )
        unplayed = calls_known & ~played & given[i] & st.active[i]
        add_problem(
            problems,
            unplayed & ~half,
            col,
            "tricks_without_play",
            f"{col} must be blank: {{contract}} was not "
            "played (both defenders passed); got {value}",
            contract=deals["contract"],
        )
        add_problem(
            problems,
            unplayed & half,
            col,
            "tricks_without_play",
            f"{col} must be blank: a half-whist on {{contract}} is not played "
            "(Rules(half_whist='played') scores one played out); got {value}",
            contract=deals["contract"],
        )
    _check_sum(deals, problems, st, played, given)


def _check_sum(deals, problems: Problems, st: Seats, played, given) -> None:
    """The tricks of a played deal whose players all have theirs sum to 10."""
    counted = st.active & given
    complete = played & ~(st.active & ~given).any(axis=0)
    total = np.zeros(len(deals), np.int64)
    for seat, col in enumerate(TRICK_COLUMNS):  # a seat at a time, as integers
        if col in deals:
            np.add(
                total, filled(deals[col], np.int64, 0), out=total, where=counted[seat]
            )
    wrong = complete & (total != 10)
    if not wrong.any():
        return
    tricks = trick_array(deals)  # NaN where blank, for the message only
    shown = np.where(counted[:, wrong], tricks[:, wrong], np.nan).T
    value = np.full(len(deals), None, dtype=object)
    value[wrong] = ["+".join(str(int(t)) for t in row if t == t) for row in shown]
    problems.add(
        wrong,
        "tricks",
        "tricks_sum",
        "tricks of the players of a played deal must sum to 10; got {value} = {total}",
        value=value,
        total=total.astype(int),
    )
