"""Who sits where in a preferans deal, and the log's codes, as arrays over all deals.

Shared by the checks (deals_schema), the scorer (deals, deals_outcome) and the sheet
(deals_sheet). Per-seat arrays are seat-major, shape (4, N).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking import filled
from cardscore_frames.checking import seats as _seats
from cardscore_frames.games.preferans.rules import (
    CALLS,
    CONTRACT_LEVEL,
    CONTRACTS,
    MAX_SEATS,
    Rules,
)

__all__ = [
    "MAX_SEATS",
    "PLAYERS",
    "CALL_COLUMNS",
    "TRICK_COLUMNS",
    "PASS",
    "WHIST",
    "HALF",
    "MISERE",
    "ALL_PASS",
    "CORRECTION",
    "LEVEL",
    "Seats",
    "seats",
    "scored_seats",
    "seat_names",
    "column_values",
    "has_value",
    "pool_targets",
    "contract_codes",
    "call_codes",
    "trick_array",
    "trick_ints",
    "at_seat",
    "SeatLookup",
    "seat_lookup",
]

PLAYERS = tuple(f"player{i}" for i in range(1, MAX_SEATS + 1))
CALL_COLUMNS = tuple(f"call{i}" for i in range(1, MAX_SEATS + 1))
TRICK_COLUMNS = tuple(f"tricks{i}" for i in range(1, MAX_SEATS + 1))
PASS, WHIST, HALF = (CALLS.index(c) for c in ("pass", "whist", "half"))
#: Contract codes (positions in CONTRACTS) of misère, of an all-pass deal and of
#: a correction row.
MISERE, ALL_PASS = CONTRACTS.index("misere"), CONTRACTS.index("pass")
CORRECTION = CONTRACTS.index("correction")
LEVEL = np.array([CONTRACT_LEVEL[c] for c in CONTRACTS] + [0], dtype=np.int32)


class Seats(NamedTuple):
    """Who sits where in each deal, as arrays; seats are 0-based.

    Per-seat arrays are seat-major, shape (4, N): one contiguous row per seat.
    """

    present: np.ndarray  # (4, N) bool: the seat has a player
    n: np.ndarray  # players at the table, 3 or 4
    dealer: np.ndarray  # the dealer's seat, -1 when blank or not seated
    out: np.ndarray  # the seat sitting the deal out (the dealer at 4), else -1
    declarer: np.ndarray  # -1 when blank or not seated
    active: np.ndarray  # (4, N) bool: seats playing the deal
    first: np.ndarray  # the first defender's seat (-1 without a declarer)
    second: np.ndarray  # the second defender's seat


def column_values(deals: pd.DataFrame, name: str) -> np.ndarray:
    """A column's cells as objects, None where blank (or the column is absent)."""
    if name not in deals:
        return np.full(len(deals), None, dtype=object)
    return deals[name].to_numpy(dtype=object, na_value=None)


def seat_names(deals: pd.DataFrame) -> np.ndarray:
    """Player names as an (N, 4) object array, None where the seat is empty."""
    return _seats.seat_names(deals, PLAYERS)


def has_value(deals: pd.DataFrame, name: str) -> np.ndarray:
    """Where a column has a value (all False when the column is absent)."""
    if name not in deals:
        return np.zeros(len(deals), dtype=bool)
    return deals[name].notna().to_numpy()


def pool_targets(deals: pd.DataFrame, rules: Rules) -> np.ndarray:
    """The pool target of each deal: the log's, else the rules' (NaN: neither)."""
    col = (
        deals["pool_target"].to_numpy(dtype=float, na_value=np.nan)
        if "pool_target" in deals
        else np.full(len(deals), np.nan)
    )
    if rules.pool_target is not None:
        col = np.where(np.isnan(col), float(rules.pool_target), col)
    return col


def seats(deals: pd.DataFrame) -> Seats:
    """The seat arrays of every deal, vectorised (the defenders found clockwise)."""
    present = np.vstack([has_value(deals, p) for p in PLAYERS])
    dealer = _seats.seat_of(deals, PLAYERS, "dealer").astype(np.int64)
    declarer = _seats.seat_of(deals, PLAYERS, "declarer").astype(np.int64)
    return _seated(present, present.sum(axis=0), dealer, declarer)


def scored_seats(scored: pd.DataFrame) -> Seats:
    """:func:`seats` of a scored log, read from the scorer's ``players``,
    ``declarer_seat`` and ``dealer_seat``: no name is matched again."""
    present = np.vstack([has_value(scored, p) for p in PLAYERS])
    n = scored["players"].to_numpy(dtype=np.int64)
    dealer, declarer = (
        filled(scored[c], np.int64, 0) - 1 for c in ("dealer_seat", "declarer_seat")
    )
    return _seated(present, n, dealer, declarer)


def _seated(present, n, dealer, declarer) -> Seats:
    """:class:`Seats` from the seated cells (4, N), the players, and the dealer's
    and declarer's seats (0-based, -1 for none)."""
    out = (dealer + 1) * (n == MAX_SEATS) - 1  # the dealer at 4, else -1
    seat = np.arange(MAX_SEATS)
    active = present & (seat[:, None] != out[None, :])
    first, second = _defenders(declarer, out, n)
    return Seats(present, n, dealer, out, declarer, active, first, second)


def _clockwise(declarer: np.ndarray, out: np.ndarray, n: np.ndarray):
    """The first and second defender: the next two seats clockwise from the
    declarer, passing over the seat sitting out (the 4-player dealer)."""
    size = np.maximum(n, 1)
    c1, c2, c3 = ((declarer + step) % size for step in (1, 2, 3))
    first = np.where(c1 == out, c2, c1)
    second = np.where((c1 == out) | (c2 == out), c3, c2)
    none = declarer < 0
    return np.where(none, -1, first), np.where(none, -1, second)


#: :func:`_clockwise` of every (players 0..4, seat out -1..3, declarer -1..3),
#: at position ((players * 5) + out + 1) * 5 + declarer + 1: a deal's defenders
#: are looked up, not worked out again for each of a million deals.
_CASES = np.stack(
    np.meshgrid(np.arange(5), np.arange(-1, 4), np.arange(-1, 4), indexing="ij")
).reshape(3, -1)
_FIRST, _SECOND = _clockwise(_CASES[2], _CASES[1], _CASES[0])


def _defenders(declarer: np.ndarray, out: np.ndarray, n: np.ndarray):
    """:func:`_clockwise` of every deal, from the table of its 125 cases."""
    case = (n * 5 + (out + 1)) * 5 + (declarer + 1)
    return _FIRST[case], _SECOND[case]


def _codes(deals: pd.DataFrame, column: str, choices: tuple[str, ...]) -> np.ndarray:
    if column not in deals:
        return np.full(len(deals), -1, dtype=np.int64)
    col = deals[column]
    if (
        isinstance(col.dtype, pd.CategoricalDtype)
        and tuple(col.cat.categories) == choices
    ):
        return col.array.codes.astype(np.int16)  # the categorical's own, cast once
    return pd.Categorical(col, categories=choices).codes.astype(np.int16)


def contract_codes(deals: pd.DataFrame) -> np.ndarray:
    """Positions in CONTRACTS (-1 for a blank or unknown contract)."""
    return _codes(deals, "contract", CONTRACTS)


def call_codes(deals: pd.DataFrame) -> np.ndarray:
    """(4, N) positions in CALLS: 0 pass, 1 whist, 2 half, -1 blank."""
    return np.vstack([_codes(deals, c, CALLS) for c in CALL_COLUMNS])


def trick_array(deals: pd.DataFrame) -> np.ndarray:
    """(4, N) tricks as floats, NaN where blank."""
    return np.vstack(
        [
            deals[c].to_numpy(dtype=float, na_value=np.nan)
            if c in deals
            else np.full(len(deals), np.nan)
            for c in TRICK_COLUMNS
        ]
    )


def trick_ints(deals: pd.DataFrame) -> np.ndarray:
    """(4, N) tricks as int32, 0 where blank (scoring reads only played seats)."""
    out = np.zeros((MAX_SEATS, len(deals)), np.int32)
    for i, c in enumerate(TRICK_COLUMNS):
        if c in deals:
            out[i] = deals[c].to_numpy(dtype=np.int32, na_value=0)
    return out


class SeatLookup(NamedTuple):
    """Where one seat per deal sits in a flat (4, N) array: worked out once for
    a seat whose values are looked up in several arrays."""

    index: np.ndarray  # (N,) position in the flat array (seat 0 where none)
    seated: np.ndarray  # (N,) bool: the seat is not -1


def seat_lookup(seat: np.ndarray) -> SeatLookup:
    """:class:`SeatLookup` of ``seat`` ((N,), -1 for none)."""
    size = len(seat)
    return SeatLookup(np.maximum(seat, 0) * size + np.arange(size), seat >= 0)


def at_seat(values: np.ndarray, seat: np.ndarray | SeatLookup, fill=-1) -> np.ndarray:
    """values[seat[k], k] of a (4, N) array, ``fill`` where seat is -1."""
    at = seat if isinstance(seat, SeatLookup) else seat_lookup(seat)
    # one gather from the flat array (twice as fast as a 2-D fancy index)
    got = np.take(values.reshape(-1), at.index)
    if fill == 0:
        return got * at.seated
    return (got - fill) * at.seated + fill  # np.where's result, faster
