"""OpenPref saved pools (``.prf``) as a preferans settlement sheet, nothing lost.

OpenPref (openpref.sourceforge.net, GPL-3.0+; version 0.1.3, the Debian package
``openpref`` 0.1.3-3) is a 3-player Sochi preferans game whose Game > Save menu
writes the pool sheet, not the cards (its BUGS file: "Save menu saves only
score"). The format, from its sources (``PrefDesktop::serialize``,
``ScoreBoard::serialize``, ``serializeInt``): 32-bit signed integers, little
endian, no header, no version, no player names. For each seat 1, 2, 3 in turn
(seat 1 the human at the bottom, 2 on his left, 3 on his right; play goes 1, 2,
3): four lists (a count, then the values) and one integer:

- the pool, the mountain, the whists on the *next* seat ("left") and on the
  *previous* seat ("right"), each the running values written on paper, a new one
  appended when the value changes, the first always 0 (OpenPref shows ``2.4.``
  for ``[0, 2, 4]``; an all-pass amnesty corrects the last value in place);
- the seat's balance in whists from OpenPref's own settlement (``closePool``),
  recomputed after every deal.

Then five integers: the seat of the next deal's first hand, the pool size (the
target; OpenPref caps pools at it), and the conventions Stalingrad, ten whist
and greedy whist (0 or 1). A file must end exactly there.

The sheet (:data:`~cardscore_frames.games.preferans.SHEET_SCHEMA`): ``game_id``
(the file name's stem), ``seat``, ``player`` (``names``, else OpenPref's own
labels), ``pool``, ``mountain`` (the lists' last values), ``whists_on_j`` (left
on the next seat, right on the previous), ``pool_target`` (the pool size). What
the sheet has no column for is kept in :data:`OPENPREF_COLUMNS`: each list as
written (``openpref_pool`` ... , as JSON text ``[0, 2, 4]``, the first 0
included), OpenPref's balance (``openpref_balance``), the next first hand and
the three conventions on every row of the game, and ``openpref_format``.

OpenPref's balance is the exact settlement with a = b = 10 whists a point (our
``Rules()``), each third of a point truncated toward zero: 10 x P / 3 and
10 x M / 3 as C integers, two terms of each kind per seat, so it differs from
the exact balance by less than 3 whists a seat.
"""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path
from typing import Any

import pandas as pd

from cardscore_frames.checking import Source, check_log
from cardscore_frames.errors import LogNotFoundError, LogReadError, RulesError
from cardscore_frames.games.preferans.rules import PreferansRules
from cardscore_frames.games.preferans.settlement.schema import SHEET_SCHEMA

__all__ = [
    "OPENPREF_COLUMNS",
    "OPENPREF_NAMES",
    "OPENPREF_FORMAT",
    "read_openpref",
    "read_openpref_cells",
    "parse_openpref",
]

#: What ``openpref_format`` says: the program and version whose layout this is.
OPENPREF_FORMAT = "OpenPref 0.1.3 .prf"
#: The names OpenPref shows by default (seat 1 shows the login name), for a file
#: read without ``names``.
OPENPREF_NAMES = ("You", "Player 1", "Player 2")
#: The columns kept beside the sheet's, in order.
OPENPREF_COLUMNS = (
    "openpref_pool",
    "openpref_mountain",
    "openpref_whists_left",
    "openpref_whists_right",
    "openpref_balance",
    "openpref_next_first_hand",
    "openpref_stalingrad",
    "openpref_ten_whist",
    "openpref_greedy_whist",
    "openpref_format",
)
_LISTS = ("pool", "mountain", "whists_left", "whists_right")
_TRAILER = ("next_first_hand", "pool_size", "stalingrad", "ten_whist", "greedy_whist")
_SEATS = 3
#: A list longer than this is no pool sheet (a pool of 1000 has fewer entries).
_LONGEST = 100_000


def parse_openpref(data: bytes, label: str = "the file") -> dict[str, Any]:
    """The integers of a ``.prf`` file: ``{"seats": [{"pool": [...], "mountain":
    [...], "whists_left": [...], "whists_right": [...], "balance": int}, ...],
    "next_first_hand": int, "pool_size": int, "stalingrad": int, "ten_whist":
    int, "greedy_whist": int}``.

    Raises
    ------
    LogReadError
        The bytes are not an OpenPref 0.1.3 save (naming what is wrong where).
    """
    if len(data) % 4:
        raise LogReadError(
            f"{label} is not an OpenPref saved pool: {len(data)} bytes is not a "
            "whole number of 32-bit integers"
        )
    ints = struct.unpack(f"<{len(data) // 4}i", data)
    at = 0

    def take(what: str) -> int:
        nonlocal at
        if at >= len(ints):
            raise LogReadError(
                f"{label} is not an OpenPref saved pool: it ends before {what} "
                f"(byte {4 * at})"
            )
        at += 1
        return ints[at - 1]

    seats = []
    for seat in range(1, _SEATS + 1):
        block: dict[str, Any] = {}
        for name in _LISTS:
            count = take(f"seat {seat}'s {name} list")
            if not 1 <= count <= _LONGEST:
                raise LogReadError(
                    f"{label} is not an OpenPref saved pool: seat {seat}'s {name} "
                    f"list has {count} entries at byte {4 * (at - 1)} (1 to "
                    f"{_LONGEST:,} expected; bbpref saves, which start with a "
                    "version 0, are not read)"
                )
            block[name] = [take(f"seat {seat}'s {name}") for _ in range(count)]
        block["balance"] = take(f"seat {seat}'s balance")
        seats.append(block)
    out: dict[str, Any] = {"seats": seats}
    for name in _TRAILER:
        out[name] = take(name.replace("_", " "))
    if at != len(ints):
        raise LogReadError(
            f"{label} is not an OpenPref saved pool: {4 * (len(ints) - at)} bytes "
            f"follow its last field (byte {4 * at})"
        )
    return out


def _written(values: list[int]) -> str:
    """A list as JSON text, ``[0, 2, 4]``: OpenPref's ``2.4.`` read as a number
    would lose it."""
    return json.dumps(values)


def read_openpref_cells(path: str | os.PathLike) -> tuple[pd.DataFrame, Source]:
    """A ``.prf`` file as the cells of a preferans sheet (players named as
    OpenPref names them by default) and its :class:`Source`; what
    ``read_log(path, game="preferans", kind="sheet")`` checks."""
    return _cells(path, OPENPREF_NAMES, None)


def _cells(path, names, game_id) -> tuple[pd.DataFrame, Source]:
    path = Path(path)
    if not path.exists():
        raise LogNotFoundError(f"no such OpenPref file: {path}")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LogReadError(f"cannot read {path}: {exc.strerror or exc}") from None
    parsed = parse_openpref(data, str(path))
    rows = []
    for seat, block in enumerate(parsed["seats"], start=1):
        left, right = seat % _SEATS + 1, (seat + 1) % _SEATS + 1  # next, previous
        row: dict[str, Any] = {
            "game_id": path.stem if game_id is None else game_id,
            "seat": seat,
            "player": names[seat - 1],
            "pool": block["pool"][-1],
            "mountain": block["mountain"][-1],
            "whists_on_1": None,
            "whists_on_2": None,
            "whists_on_3": None,
        }
        row[f"whists_on_{left}"] = block["whists_left"][-1]
        row[f"whists_on_{right}"] = block["whists_right"][-1]
        row["pool_target"] = parsed["pool_size"]
        for name in _LISTS:
            row[f"openpref_{name}"] = _written(block[name])
        row["openpref_balance"] = block["balance"]
        for name in ("next_first_hand", "stalingrad", "ten_whist", "greedy_whist"):
            row[f"openpref_{name}"] = parsed[name]
        row["openpref_format"] = OPENPREF_FORMAT
        rows.append(row)
    return pd.DataFrame(rows), Source(label=str(path))


def read_openpref(
    path: str | os.PathLike,
    *,
    names: tuple[str, str, str] | None = None,
    game_id: str | int | None = None,
    rules: PreferansRules | None = None,
) -> pd.DataFrame:
    """Read an OpenPref saved pool as a checked preferans settlement sheet.

    Parameters
    ----------
    path : path
        A ``.prf`` file OpenPref 0.1.3 wrote (Game > Save).
    names : tuple of 3 str, optional
        The players of seats 1 (the human, at the bottom), 2 (his left) and 3
        (his right): the file has no names. Default :data:`OPENPREF_NAMES`.
    game_id : str or int, optional
        The game's id; default the file name without ``.prf``.
    rules : PreferansRules, optional
        The rules to check and settle it by (default Sochi, as OpenPref plays).

    Returns
    -------
    pandas.DataFrame
        One row per seat: the sheet's columns (``game_id``, ``seat``,
        ``player``, ``pool``, ``mountain``, ``whists_on_1 .. whists_on_4`` in
        whists, ``pool_target``, ``whist_price`` blank), then
        :data:`OPENPREF_COLUMNS`: ``openpref_pool``, ``openpref_mountain``,
        ``openpref_whists_left`` (on the next seat), ``openpref_whists_right``
        (on the previous seat): the file's lists as JSON text (``[0, 2, 4]``),
        ``openpref_balance`` (whists: OpenPref's own settlement),
        ``openpref_next_first_hand`` (a seat), ``openpref_stalingrad``,
        ``openpref_ten_whist``, ``openpref_greedy_whist`` (0 or 1) and
        ``openpref_format``. ``preferans.settle`` settles it.

    Raises
    ------
    LogReadError
        The file is not an OpenPref 0.1.3 save.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.preferans import read_openpref
    >>> sheet = read_openpref("tests/fixtures/openpref/sochi4_deal2.prf",
    ...                       names=("Anna", "Boris", "Vera"))
    >>> sheet[["player", "pool", "mountain", "whists_on_1", "openpref_balance"]]
      player  pool  mountain  whists_on_1  openpref_balance
    0   Anna     0        56         <NA>              -561
    1  Boris     0         0           88               265
    2   Vera     4         0           88               296
    >>> csf.preferans.settle(sheet)["whists"].round(2).tolist()
    [-562.67, 265.33, 297.33]
    """
    names = OPENPREF_NAMES if names is None else tuple(names)
    if len(names) != _SEATS or len(set(names)) != _SEATS:
        raise RulesError(
            f"names must be the 3 different players of seats 1, 2, 3; got {names!r}"
        )
    cells, source = _cells(path, names, game_id)
    rules = PreferansRules.ensure(rules)
    return check_log(cells, SHEET_SCHEMA, rules=rules, source=source)
