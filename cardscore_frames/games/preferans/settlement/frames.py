"""The frames of preferans settlement: :func:`~.settle.settle`'s one row per
(game, player) and :func:`~.settle.pairwise`'s one row per (game, player,
opponent), taken from the seat-major (4, games) arrays in one pass each."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import METADATA_COLUMNS
from cardscore_frames.games.preferans.rules import MAX_SEATS
from cardscore_frames.games.preferans.settlement.layout import Sheet, whists_matrix
from cardscore_frames.games.preferans.settlement.money import PRICE_SCALE, money_units
from cardscore_frames.games.preferans.settlement.paper import COMPENSATION_WHISTS
from cardscore_frames.games.preferans.settlement.whists import TWELFTHS, Balance

__all__ = ["settle_frame", "pair_frame"]


def _whists(twelfths: np.ndarray, whole: bool) -> np.ndarray:
    """Twelfths as whole whists (int) for the paper methods, else as floats."""
    return twelfths // TWELFTHS if whole else twelfths / TWELFTHS


def _rows(column: pd.Series, sh: Sheet):
    """A sheet column in the output's (game, seat) order, as a new array."""
    if sh.at is None:
        return column.array.copy()
    return column.array.take(sh.at)


def _take_cells(arrays: dict[str, np.ndarray], cells: np.ndarray) -> dict:
    """Each (4, G) array's cells in output order, as rows of one block per dtype:
    a few large buffers instead of one per column."""
    out = dict.fromkeys(arrays)
    for dtype in dict.fromkeys(a.dtype for a in arrays.values()):
        names = [k for k, a in arrays.items() if a.dtype == dtype]
        block = np.empty((len(names), len(cells)), dtype=dtype)
        for name, row in zip(names, block, strict=True):
            np.take(arrays[name], cells, out=row, mode="clip")  # unbuffered
            out[name] = row
    return out


def _money(units: np.ndarray, q_unit: int) -> np.ndarray:
    """``units * q_unit / 10**9`` without the int64 product, which could wrap: a
    float product of operands below 2**53 is rounded once, to the same value."""
    if len(units) and max(-int(units.min()), int(units.max()), q_unit) < 2**53:
        money = np.multiply(units, float(q_unit))  # exact operands: one rounding
        money /= PRICE_SCALE
        return money
    return units * q_unit / PRICE_SCALE


def settle_frame(
    checked: pd.DataFrame, sh: Sheet, st: Balance, method: str, unit: float
) -> pd.DataFrame:
    """:func:`~.settle.settle`'s frame: each (4, G) array's seated cells, built once."""
    whole = method != "exact"
    units = money_units(st.total12, sh, unit, checked["player"])
    price = sh.price.take(sh.game)
    unpriced = np.isnan(price)
    money = _money(units, round(unit * PRICE_SCALE))
    taken = _take_cells(
        {
            "pool": sh.pool,
            "mountain": sh.mountain,
            "mountain_pooled": st.pooled,
            "mountain_amnesty": st.amnesty,
            "adjustment": st.delta,
            "mountain_whists": st.mountain12,
            "compensation": st.comp,
            "pair_whists": st.pair,
            "twelfths": st.total12,
        },
        sh.cells,
    )
    if whole:
        taken["mountain_whists"] //= TWELFTHS
    else:
        taken["mountain_whists"] = taken["mountain_whists"] / TWELFTHS
    twelfths = taken.pop("twelfths")  # whists come before twelfths
    taken["whists"], taken["twelfths"] = _whists(twelfths, whole), twelfths
    columns = {
        "game_id": _rows(checked["game_id"], sh),
        "seat": sh.seat + 1,
        "player": _rows(checked["player"], sh),
        "players": sh.n.take(sh.game),
        **taken,
        "whist_price": price,
        "money_units": pd.arrays.IntegerArray(units, unpriced),
        "money": pd.arrays.FloatingArray(money, unpriced.copy()),
    }
    if sh.pool_unknown is not None:  # closed pools of a game of unknown target
        columns["pool"] = pd.arrays.IntegerArray(
            columns["pool"], sh.pool_unknown.reshape(-1)[sh.cells]
        )
    for col in METADATA_COLUMNS:
        if col in checked:
            columns[col] = _rows(checked[col], sh)
    # every array above is new and in one column only: nothing to copy
    frame = pd.DataFrame(columns, copy=False)
    frame.attrs.update(
        {"game": "preferans", "unit": "whists", "method": method, "zero_sum": True}
    )
    return frame


def pair_frame(
    checked: pd.DataFrame, sh: Sheet, st: Balance, method: str
) -> pd.DataFrame:
    """:func:`~.settle.pairwise`'s frame: each seated pair of a game, both ways."""
    i, seated = np.arange(MAX_SEATS), sh.valid.T
    both = seated[:, :, None] & seated[:, None, :] & (i[:, None] != i[None, :])
    g, s, o = np.nonzero(both)
    whists_on = whists_matrix(checked, sh)
    written, received = whists_on[o, s, g], whists_on[s, o, g]
    balance = written - received
    comp = COMPENSATION_WHISTS * (st.delta[s, g] - st.delta[o, g])
    mountain12 = (TWELFTHS // sh.n[g]) * (st.scaled[o, g] - st.scaled[s, g])
    total12 = mountain12 + TWELFTHS * (balance + comp)
    whole = method == "paper"
    names = checked["player"].to_numpy()
    frame = pd.DataFrame(
        {
            "game_id": checked["game_id"].to_numpy()[sh.row[s, g]],
            "seat": s + 1,
            "player": names[sh.row[s, g]],
            "opponent_seat": o + 1,
            "opponent": names[sh.row[o, g]],
            "written": written,
            "received": received,
            "balance": balance,
            "compensation": comp,
            "mountain_whists": _whists(mountain12, whole),
            "total": _whists(total12, whole),
        }
    )
    frame["game_id"] = frame["game_id"].astype(checked["game_id"].dtype)
    frame[["player", "opponent"]] = frame[["player", "opponent"]].astype(TEXT)
    for col in METADATA_COLUMNS:  # as settle: two seasons' game 1 are two games
        if col in checked:
            frame[col] = checked[col].array.take(sh.row[s, g])
    return frame
