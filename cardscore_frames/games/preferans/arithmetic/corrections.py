"""Corrections and per-deal all-pass prices in the preferans deal log.

A **correction** is a row of the deal log whose ``contract`` is ``correction``:
amounts written on the sheet that no deal explains (a penalty, an agreed
correction, the opening position of a pool resumed from paper). Its columns:

- ``pool1 .. pool4`` (points, may be negative): added to the pool of the player
  in that seat. Pool points of a correction are pool points like a contract's:
  a pool never passes its target (``Rules.pool_cap``), the surplus closes other
  pools with whists (a a point) and what nobody takes comes off the writer's
  mountain; a negative amount takes points back, never below 0.
- ``mountain1 .. mountain4`` (points, may be negative: a write-off).
- ``whists1 .. whists4`` (whists, 0 or more) with ``whists_on`` (a player):
  the whists each seat writes on that player (one player a row: corrections of
  whists on two players are two rows).

``declarer``, the calls and the tricks stay blank; ``dealer`` may be left blank
even at 4 players. A correction counts as a deal of its game (it has a deal
number, closes pools, and the game ends after it when it closes the last pool or,
Leningrad, brings the pools' sum to the target), with two differences: it may
follow the end of its game (a penalty agreed after the last deal), and it neither
continues nor breaks a run of all-pass deals. On the sheet and in the ledger it
is itself: outcome ``correction``, every seat's role ``correction``, its effect in
whists by the settlement formula, so every settlement still sums to 0.

``all_pass_price`` (a whole number of 1 or more, on an all-pass deal only) is
the price of a trick on that deal, instead of ``Rules.all_pass_price`` and its
progression (clubs that raise the price within a pool write it on each deal);
the deals after it keep counting the run as before.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking import Field, Problems
from cardscore_frames.checking.seats import players_text, seat_of
from cardscore_frames.games.preferans.arithmetic.seats import (
    ALL_PASS,
    CALL_COLUMNS,
    CORRECTION,
    MAX_SEATS,
    PLAYERS,
    TRICK_COLUMNS,
    Seats,
    contract_codes,
)

__all__ = [
    "POOL_COLUMNS",
    "MOUNTAIN_COLUMNS",
    "WHIST_COLUMNS",
    "AMOUNT_COLUMNS",
    "FIELDS",
    "Amounts",
    "amounts",
    "whist_seat",
    "price_override",
    "check_corrections",
]

POOL_COLUMNS = tuple(f"pool{i}" for i in range(1, MAX_SEATS + 1))
MOUNTAIN_COLUMNS = tuple(f"mountain{i}" for i in range(1, MAX_SEATS + 1))
WHIST_COLUMNS = tuple(f"whists{i}" for i in range(1, MAX_SEATS + 1))
AMOUNT_COLUMNS = (*POOL_COLUMNS, *MOUNTAIN_COLUMNS, *WHIST_COLUMNS)

FIELDS = (
    *(Field(c, "int", required=False, blank=True) for c in POOL_COLUMNS),
    *(Field(c, "int", required=False, blank=True) for c in MOUNTAIN_COLUMNS),
    *(Field(c, "int", required=False, blank=True, low=0) for c in WHIST_COLUMNS),
    Field("whists_on", "name", required=False, blank=True),
    Field("all_pass_price", "int", required=False, blank=True, low=1),
)


class Amounts(NamedTuple):
    """What the correction rows write, seat-major (4, N) int32, 0 elsewhere."""

    pool: np.ndarray
    mountain: np.ndarray
    whists: np.ndarray  # whists each seat writes on the ``whists_on`` player


def _block(deals: pd.DataFrame, columns: tuple[str, ...], rows: np.ndarray):
    out = np.zeros((MAX_SEATS, len(deals)), np.int32)
    for i, c in enumerate(columns):
        if c in deals:
            out[i, rows] = deals[c].to_numpy(dtype=np.int32, na_value=0)[rows]
    return out


def amounts(deals: pd.DataFrame, correction: np.ndarray) -> Amounts:
    """The amounts of the correction rows (other rows' cells are not read)."""
    rows = np.flatnonzero(correction)
    return Amounts(
        _block(deals, POOL_COLUMNS, rows),
        _block(deals, MOUNTAIN_COLUMNS, rows),
        _block(deals, WHIST_COLUMNS, rows),
    )


def whist_seat(deals: pd.DataFrame) -> np.ndarray:
    """The seat (0-based) of the ``whists_on`` player; -1 when blank."""
    return seat_of(deals, PLAYERS, "whists_on").astype(np.int64)


def price_override(deals: pd.DataFrame, price: np.ndarray) -> np.ndarray:
    """``price`` with the log's ``all_pass_price`` where given (the column is
    read only where it has a value)."""
    if "all_pass_price" not in deals:
        return price
    given = deals["all_pass_price"].notna().to_numpy()
    if not given.any():
        return price
    rows = np.flatnonzero(given & (price > 0))  # all-pass deals only
    out = price.copy()
    out[rows] = deals["all_pass_price"].to_numpy(dtype=np.int32, na_value=0)[rows]
    return out


def _given(deals: pd.DataFrame, column: str) -> np.ndarray:
    if column not in deals:
        return np.zeros(len(deals), dtype=bool)
    return deals[column].notna().to_numpy()


def _nonzero(deals: pd.DataFrame, column: str) -> np.ndarray:
    if column not in deals:
        return np.zeros(len(deals), dtype=bool)
    return deals[column].fillna(0).to_numpy(dtype=np.float64, na_value=0) != 0


def check_corrections(deals, problems: Problems, rules, st: Seats) -> None:
    """Correction columns only on corrections; a correction writes something, for
    seated players, with whists on a seated player; no play on a correction; an
    all-pass price only on an all-pass deal. A log without corrections pays a look
    at which of these columns hold anything."""
    code = contract_codes(deals)
    correction = code == CORRECTION
    fixes = bool(correction.any())
    for col in (*AMOUNT_COLUMNS, "whists_on"):
        given = _given(deals, col)
        if given.any():
            problems.add(
                ~correction & given,
                col,
                "correction_only",
                f"{col} must be blank: it is written only on a correction "
                "(contract correction); got {value}",
            )
    if fixes:
        for col in (*CALL_COLUMNS, *TRICK_COLUMNS, "all_pass_price"):
            problems.add(
                correction & _given(deals, col),
                col,
                "set_on_correction",
                f"{col} must be blank on a correction: nothing is played; got "
                "{value}",
            )
    priced = _given(deals, "all_pass_price")
    if priced.any():
        problems.add(
            ~(code == ALL_PASS) & ~correction & (code >= 0) & priced,
            "all_pass_price",
            "not_all_pass",
            "all_pass_price must be blank unless the deal is all-pass (contract "
            "pass); got {value}",
        )
    if fixes:
        _check_amounts(deals, problems, correction, st)


def _check_amounts(deals, problems: Problems, correction, st: Seats) -> None:
    anything = np.zeros(len(deals), dtype=bool)
    for i in range(MAX_SEATS):
        for col in (POOL_COLUMNS[i], MOUNTAIN_COLUMNS[i], WHIST_COLUMNS[i]):
            written = _nonzero(deals, col)
            anything |= written
            problems.add(
                correction & written & ~st.present[i],
                col,
                "no_such_seat",
                f"{col} must be blank: seat {i + 1} is empty; got {{value}}",
            )
    problems.add(
        correction & ~anything,
        "contract",
        "empty_correction",
        "a correction must write an amount in a pool, a mountain or whists "
        "(pool1..4, mountain1..4, whists1..4)",
    )
    on = whist_seat(deals)
    named = _given(deals, "whists_on")
    whists = np.logical_or.reduce([_nonzero(deals, c) for c in WHIST_COLUMNS])
    problems.add(
        correction & whists & ~named,
        "whists_on",
        "blank",
        "whists_on must name the player the correction's whists are written on",
    )
    problems.add(
        correction & named & (on < 0),
        "whists_on",
        "not_seated",
        "whists_on must be one of the game's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )
    own = np.zeros(len(deals), dtype=bool)
    for i, col in enumerate(WHIST_COLUMNS):
        own |= (on == i) & _nonzero(deals, col)
    problems.add(
        correction & own,
        "whists_on",
        "whists_on_self",
        "whists_on names {value}, who cannot write whists on himself: his own "
        "seat's whists column must be blank or 0",
    )
