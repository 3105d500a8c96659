"""A checked preferans sheet as per-game arrays: shape (games, 4), seat j in column j-1.

Settlement works on these arrays end to end, with no loop over games: a game's
sums are the sum of four columns, and the output rows are the seated cells in
(game, seat) order. A sheet already in that order, as files usually are, is
recognised in one pass and then needs no sort nor any reordering of its text
columns.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.games.preferans.rules import Rules
from cardscore_frames.games.preferans.sheet_schema import MAX_SEATS, WHIST_COLUMNS

__all__ = ["Sheet", "sheet_arrays", "row_sum"]


class Sheet(NamedTuple):
    """A checked sheet as arrays over games: shape (G,) or (G, 4), seat j in column j-1.

    ``valid`` marks the seats a game has; every other entry is 0 (or -1 in ``row``).
    """

    ids: pd.Series  # the sheet's game_id column (for messages)
    n: np.ndarray  # (G,) players per game
    valid: np.ndarray  # (G, 4) bool
    row: np.ndarray  # (G, 4) position in the sheet, -1 where no seat
    in_order: bool  # the sheet's rows are already in (game, seat) order
    pool: np.ndarray  # (G, 4) int64
    mountain: np.ndarray  # (G, 4) int64
    whists_on: np.ndarray  # (4, G, 4) int64: whists_on[j, g, i] = W[i][j]
    target: np.ndarray  # (G,) float: the pool target, NaN where unknown
    price: np.ndarray  # (G,) float: the whist price, NaN where unknown


def row_sum(x: np.ndarray) -> np.ndarray:
    """Per game, the sum over the four seats (column adds: much faster than
    ``sum(axis=1)`` on rows of four)."""
    total = x[:, 0] + x[:, 1]
    for j in range(2, x.shape[1]):
        total += x[:, j]
    return total


def _sorted_codes(ids: pd.Series) -> np.ndarray | None:
    """Game codes without hashing when integer ids never go down (None otherwise)."""
    if not pd.api.types.is_integer_dtype(ids.dtype) or ids.hasnans or len(ids) < 2:
        return None
    v = ids.to_numpy(dtype=np.int64)
    if not (v[1:] >= v[:-1]).all():
        return None
    codes = np.zeros(len(v), dtype=np.int64)
    np.cumsum(v[1:] != v[:-1], out=codes[1:])
    return codes


def _layout(sheet: pd.DataFrame) -> tuple[np.ndarray, int, np.ndarray, bool]:
    """Game codes in order of first appearance, game count, flat (game, seat)
    cells and whether the rows are already in (game, seat) order."""
    codes = _sorted_codes(sheet["game_id"])
    if codes is None:
        codes = pd.factorize(sheet["game_id"])[0]
    n_games = int(codes.max()) + 1 if len(codes) else 0
    flat = codes * MAX_SEATS + (sheet["seat"].to_numpy(dtype=np.int64) - 1)
    in_order = bool((flat[1:] > flat[:-1]).all())
    return codes, n_games, flat, in_order


def _scatter(values: np.ndarray, flat: np.ndarray, n_games: int) -> np.ndarray:
    out = np.zeros(n_games * MAX_SEATS, dtype=values.dtype)
    out[flat] = values
    return out.reshape(n_games, MAX_SEATS)


def sheet_arrays(sheet: pd.DataFrame, rules: Rules) -> Sheet:
    """Scatter a checked sheet into per-game arrays (no loop over games)."""
    codes, n_games, flat, in_order = _layout(sheet)
    valid = _scatter(np.ones(len(sheet), dtype=bool), flat, n_games)
    row = np.full(n_games * MAX_SEATS, -1, dtype=np.int64)
    row[flat] = np.arange(len(sheet))
    whists_on = np.zeros((MAX_SEATS, n_games, MAX_SEATS), dtype=np.int64)
    for j, col in enumerate(WHIST_COLUMNS):
        if col in sheet:
            on = whists_on[j].reshape(-1)
            on[flat] = sheet[col].to_numpy(dtype=np.int64, na_value=0)
            whists_on[j, :, j] = 0  # nobody writes on himself
            whists_on[j] *= valid[:, j : j + 1]  # nor on a seat the game lacks
    return Sheet(
        ids=sheet["game_id"], n=row_sum(valid.view(np.int8)).astype(np.int64),
        valid=valid,
        row=row.reshape(n_games, MAX_SEATS), in_order=in_order,
        pool=_scatter(sheet["pool"].to_numpy(dtype=np.int64), flat, n_games),
        mountain=_scatter(sheet["mountain"].to_numpy(dtype=np.int64), flat, n_games),
        whists_on=whists_on,
        target=_first_given(sheet, "pool_target", codes, n_games, rules.pool_target),
        price=_first_given(sheet, "whist_price", codes, n_games, None),
    )


def _first_given(sheet, column, codes, n_games, default) -> np.ndarray:
    out = np.full(n_games, np.nan if default is None else float(default))
    if column in sheet:
        v = sheet[column].to_numpy(dtype=float, na_value=np.nan)
        given = ~np.isnan(v)
        out[codes[given]] = v[given]
    return out
