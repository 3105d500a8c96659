"""Who sits where, as arrays over all rows at once: the seat a name column names.

Every game seats its players in columns (``player1..5``, ``a1..b2``). Names that
share categories (a validated log) are compared as integer codes; plain text
names are compared as strings. Names in one row are distinct (the logs' checks).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.checking.problems import AtRows

__all__ = [
    "seat_names",
    "seated",
    "seats_taken",
    "seat_of",
    "same_name",
    "players_text",
    "name_codes",
    "shared_names",
]


def seat_names(frame: pd.DataFrame, seats: Sequence[str]) -> np.ndarray:
    """Player names as an (N, seats) object array, None where the seat is empty."""
    return np.column_stack([_names(frame, s) for s in seats])


def players_text(frame: pd.DataFrame, seats: Sequence[str]):
    """Each row's players as text (``Anna, Boris, Kira``), for the rows a
    problem names only (a message's ``{players}``: what was allowed)."""

    def text(rows: np.ndarray) -> list[str]:
        names = seat_names(frame.iloc[rows], seats)
        return [", ".join(str(v) for v in row if v is not None) for row in names]

    return AtRows(text)


def _names(frame: pd.DataFrame, column: str) -> np.ndarray:
    if column not in frame:
        return np.full(len(frame), None, dtype=object)
    return frame[column].to_numpy(dtype=object, na_value=None)


def seated(frame: pd.DataFrame, seats: Sequence[str]) -> np.ndarray:
    """(N, seats) bool: the seat has a player."""
    return np.column_stack(
        [
            frame[s].notna().to_numpy(dtype=bool)
            if s in frame
            else np.zeros(len(frame), dtype=bool)
            for s in seats
        ]
    )


def seating(frame: pd.DataFrame, seats: Sequence[str]) -> np.ndarray:
    """(N,) uint8: bit k set where seat k (of at most 8) has a player, one seat
    column at a time. A log has few of these codes: :func:`codes_where` and
    :func:`seats_in` answer questions about a row's seating from them."""
    code = np.zeros(len(frame), dtype=np.uint8)
    for k, s in enumerate(seats):
        if s in frame:
            code |= frame[s].notna().to_numpy(dtype=bool).view(np.uint8) << np.uint8(k)
    return code


def seats_in(code: np.ndarray) -> np.ndarray:
    """(N,) int8: how many seats each seating code takes, its bits added (a
    table looked up by a million codes is slower than a few shifts), up to the
    highest seat any row takes."""
    taken = np.zeros(len(code), dtype=np.int8)
    for k in range(int(code.max(initial=0)).bit_length()):
        taken += ((code >> np.uint8(k)) & np.uint8(1)).view(np.int8)
    return taken


def codes_where(code: np.ndarray, holds) -> np.ndarray:
    """(N,) bool: the rows whose seating code ``holds(code)`` is true for. The
    codes a log has are few: each is compared with the rows once, where a table
    looked up by every row would gather a million values."""
    out = np.zeros(len(code), dtype=bool)
    if not len(code):
        return out
    for c in range(int(code.min()), int(code.max()) + 1):
        if holds(c):
            out |= code == c
    return out


def seats_taken(seated: np.ndarray) -> np.ndarray:
    """(N,) int64: how many seats of each row of an (N, seats) bool array are
    taken, added one seat at a time (numpy's sum along a row of a few
    columns is several times slower)."""
    taken = np.zeros(len(seated), dtype=np.int64)
    for column in seated.T:
        taken += column
    return taken


def same_name(a: pd.Series, b: pd.Series) -> np.ndarray:
    """``a == b`` elementwise, False where either is blank; categoricals of the
    same names by their codes."""
    cat = (
        isinstance(a.dtype, pd.CategoricalDtype),
        isinstance(b.dtype, pd.CategoricalDtype),
    )
    if all(cat) and a.cat.categories.equals(b.cat.categories):
        ca, cb = a.cat.codes.to_numpy(), b.cat.codes.to_numpy()
        return (ca == cb) & (ca >= 0)
    if any(cat):
        a, b = a.astype(object), b.astype(object)
    same = (a == b).to_numpy(dtype=bool, na_value=False)
    return same & a.notna().to_numpy() & b.notna().to_numpy()


def seat_of(frame: pd.DataFrame, seats: Sequence[str], column: str) -> np.ndarray:
    """The seat (0-based) whose player ``column`` names; -1 when blank or not seated."""
    if column not in frame:
        return np.full(len(frame), -1, dtype=np.int8)
    codes = name_codes(frame, (*seats, column))
    if codes is None:  # names given as plain text: compare the strings
        return _seat_of_text(frame, seats, column)
    who = codes.pop(column)
    found = np.full(len(frame), -1, dtype=np.int8)
    for k, player in enumerate(seats):  # names in a row are distinct
        if player in codes:
            found += np.int8(k + 1) * (codes[player] == who)
    return np.where(who >= 0, found, np.int8(-1))


def name_codes(
    frame: pd.DataFrame, columns: Sequence[str]
) -> dict[str, np.ndarray] | None:
    """Category codes of the name ``columns`` the frame has, when they share
    their names (a checked log's do), so that equal codes are equal names; None
    when they do not."""
    cols = {c: frame[c] for c in columns if c in frame}
    if shared_names(list(cols.values())) is None:
        return None
    return {name: c.array.codes for name, c in cols.items()}


def shared_names(columns: Sequence[pd.Series]) -> pd.Index | None:
    """The categories of name columns that are all categoricals of the same
    names (a checked log's are), else None."""
    if not columns or not all(
        isinstance(c.dtype, pd.CategoricalDtype) for c in columns
    ):
        return None
    first = columns[0].cat.categories
    return first if all(c.cat.categories.equals(first) for c in columns[1:]) else None


def _seat_of_text(frame: pd.DataFrame, seats: Sequence[str], column: str) -> np.ndarray:
    given = frame[column].notna().to_numpy(dtype=bool)
    rows = np.flatnonzero(given)
    few = len(rows) < len(frame) // 4  # partner, sits_out: compare only where given

    def cells(name: str) -> np.ndarray:
        values = frame[name].to_numpy(dtype=object, na_value=None)
        return values[rows] if few else values

    who = cells(column)
    found = np.full(len(rows) if few else len(frame), -1, dtype=np.int8)
    for k, player in enumerate(seats):  # at most one seat matches
        if player in frame:
            same = (cells(player) == who) & (who != None)  # noqa: E711
            found += np.int8(k + 1) * same
    if not few:
        return np.where(given, found, np.int8(-1))
    seat = np.full(len(frame), -1, dtype=np.int8)
    seat[rows] = found
    return seat
