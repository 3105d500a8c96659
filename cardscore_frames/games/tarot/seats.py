"""Who sits where in a tarot deal log: the five seat columns and the seat
lookups every tarot module uses (scoring, ledger, checks, paper sheets)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import Problems
from cardscore_frames.checking import seats as _seats
from cardscore_frames.checking.seats import seating, seats_in

__all__ = [
    "PLAYERS",
    "seat_names",
    "seated",
    "seat_of",
    "is_seated",
    "active_players",
    "cached_seating",
    "cached_active",
]


PLAYERS = tuple(f"player{i}" for i in range(1, 6))


def seat_names(deals: pd.DataFrame) -> np.ndarray:
    """Player names as an (n_deals, 5) object array, None where the seat is empty."""
    return _seats.seat_names(deals, PLAYERS)


def seated(deals: pd.DataFrame) -> np.ndarray:
    """(n_deals, 5) bool: the seat has a player."""
    return _seats.seated(deals, PLAYERS)


def seat_of(deals: pd.DataFrame, column: str) -> np.ndarray:
    """The seat (0-4) whose player is named in ``column``; -1 when blank or not seated."""
    return _seats.seat_of(deals, PLAYERS, column)


def is_seated(deals: pd.DataFrame, column: str) -> np.ndarray:
    return seat_of(deals, column) >= 0


def active_players(deals: pd.DataFrame) -> np.ndarray:
    """Players who play each deal: those seated, less one sitting out."""
    out = deals["sits_out"].notna().to_numpy() if "sits_out" in deals else 0
    return _seats.seats_taken(seated(deals)) - out


def cached_seating(deals: pd.DataFrame, problems: Problems) -> np.ndarray:
    """Each deal's seating code (bit k: seat k+1 has a player), worked out once
    per validation pass."""
    return problems.cached("seating", lambda: seating(deals, PLAYERS))


def cached_active(deals: pd.DataFrame, problems: Problems) -> np.ndarray:
    """Players in each deal (seated, less one sitting out), worked out once per
    validation pass: :func:`active_players`, from the seating codes."""

    def active() -> np.ndarray:
        taken = seats_in(cached_seating(deals, problems))
        return (
            taken - deals["sits_out"].notna().to_numpy()
            if "sits_out" in deals
            else taken
        )

    return problems.cached("active", active)
