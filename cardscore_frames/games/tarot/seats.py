"""Who sits where in a tarot deal, as arrays over all deals at once.

Names that share categories (a validated log) are compared as integer codes; plain
text names are compared as strings.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

__all__ = [
    "PLAYERS",
    "seat_names",
    "seated",
    "seat_of",
    "is_seated",
    "active_players",
]

PLAYERS = tuple(f"player{i}" for i in range(1, 6))


def seat_names(deals: pd.DataFrame) -> np.ndarray:
    """Player names as an (n_deals, 5) object array, None where the seat is empty."""
    cols = [
        deals[p] if p in deals else pd.Series(None, index=deals.index) for p in PLAYERS
    ]
    return np.column_stack([c.to_numpy(dtype=object, na_value=None) for c in cols])


def seated(deals: pd.DataFrame) -> np.ndarray:
    """(n_deals, 5) bool: the seat has a player."""
    return np.column_stack(
        [
            deals[p].notna().to_numpy(dtype=bool)
            if p in deals
            else np.zeros(len(deals), dtype=bool)
            for p in PLAYERS
        ]
    )


def seat_of(deals: pd.DataFrame, column: str) -> np.ndarray:
    """The seat (0-4) whose player is named in ``column``; -1 when blank or not seated."""
    codes = _name_codes(deals, column)
    if codes is None:  # names given as plain text: compare the strings
        return _seat_of_text(deals, column)
    who = codes.pop(column)
    found = np.full(len(deals), -1, dtype=np.int8)
    for k, player in enumerate(PLAYERS):  # names in a deal are distinct
        if player in codes:
            found += np.int8(k + 1) * (codes[player] == who)
    return np.where(who >= 0, found, np.int8(-1))


def _name_codes(deals: pd.DataFrame, column: str) -> dict[str, np.ndarray] | None:
    """Category codes of the player columns and ``column`` when they share names."""
    cols = {c: deals[c] for c in (*PLAYERS, column) if c in deals}
    dtypes = [c.dtype for c in cols.values()]
    if not all(isinstance(d, pd.CategoricalDtype) for d in dtypes):
        return None
    if not all(d.categories.equals(dtypes[0].categories) for d in dtypes):
        return None
    return {name: c.array.codes for name, c in cols.items()}


def _seat_of_text(deals: pd.DataFrame, column: str) -> np.ndarray:
    given = deals[column].notna().to_numpy(dtype=bool)
    rows = np.flatnonzero(given)
    few = len(rows) < len(deals) // 4  # partner, sits_out: compare only where given

    def cells(name: str):
        return deals[name].array.take(rows) if few else deals[name].array

    who = cells(column)
    found = np.full(len(rows) if few else len(deals), -1, dtype=np.int8)
    for k in range(5):  # names in a deal are distinct: at most one seat matches
        if PLAYERS[k] in deals:
            same = cells(PLAYERS[k]) == who
            found += np.int8(k + 1) * np.asarray(same, dtype=bool)
    if not few:
        return np.where(given, found, np.int8(-1))
    seat = np.full(len(deals), -1, dtype=np.int8)
    seat[rows] = found
    return seat


def active_players(deals: pd.DataFrame) -> np.ndarray:
    """Players who play each deal: those seated, less one sitting out."""
    out = deals["sits_out"].notna().to_numpy() if "sits_out" in deals else 0
    return seated(deals).sum(axis=1) - out


def is_seated(deals: pd.DataFrame, column: str) -> np.ndarray:
    return seat_of(deals, column) >= 0
