"""A checked preferans sheet as per-game arrays, seat-major: shape (4, games).

Settlement works on these arrays end to end, with no loop over games. Seat-major
keeps each seat's values contiguous, so a game's sum is the sum of four rows, and
the output rows are the seated cells in (game, seat) order, picked by one
precomputed index. A sheet already in that order, as files usually are, is
recognised in one pass and then needs no sort nor any reordering of its columns.
Games are found as every game finds them (``checking.game_codes``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking import filled, game_codes
from cardscore_frames.checking.stamp import take_kept
from cardscore_frames.games.preferans.rules import MAX_SEATS, Rules
from cardscore_frames.games.preferans.settlement.schema import GAMES, WHIST_COLUMNS

__all__ = ["Sheet", "sheet_arrays", "whists_matrix", "row_sum"]


class Sheet(NamedTuple):
    """A checked sheet as arrays: per game (G,), per cell (4, G) with seat j in row
    j-1, per output row (N,) in (game, seat) order.

    ``valid`` marks the cells a game has; every other cell is 0 (-1 in ``row``).
    """

    ids: pd.Series  # the sheet's game_id column (for messages)
    n: np.ndarray  # (G,) players per game
    valid: np.ndarray  # (4, G) bool
    row: np.ndarray  # (4, G) position in the sheet, -1 where no seat
    cells: np.ndarray  # (N,) each output row's cell: seat index * G + game
    sheet_cells: np.ndarray  # (rows,) each sheet row's cell
    game: np.ndarray  # (N,) each output row's game (0..G-1)
    seat: np.ndarray  # (N,) each output row's seat index (0..3)
    at: np.ndarray | None  # (N,) each output row's sheet row; None: the same row
    pool: np.ndarray  # (4, G) int64
    mountain: np.ndarray  # (4, G) int64
    pair: np.ndarray  # (4, G) int64: sum over j of W[i][j] - W[j][i]
    target: np.ndarray  # (G,) float: the pool target, NaN where unknown
    price: np.ndarray  # (G,) float: the whist price, NaN where unknown
    #: (4, G) bool: a blank pool of a game with no known target (its pools are
    #: all closed and equal, and stand at 0 here); None: no such pool
    pool_unknown: np.ndarray | None = None


def row_sum(x: np.ndarray) -> np.ndarray:
    """Per game, the sum over the four seats of a (4, G) array."""
    total = x[0] + x[1]
    for j in range(2, len(x)):
        total += x[j]
    return total


class _SheetOrder(NamedTuple):
    n_games: int
    sheet_cells: np.ndarray  # (rows,) each sheet row's cell
    cells: np.ndarray  # (N,) the output rows' cells, in (game, seat) order
    game: np.ndarray
    seat: np.ndarray
    at: np.ndarray | None


def _layout(sheet: pd.DataFrame) -> _SheetOrder:
    """Where each sheet row goes, and the output order (game by first appearance,
    then seat)."""
    # the sheet's validation found them; kept for every settlement of the sheet
    codes = take_kept(sheet, GAMES, None, once=False)
    codes = game_codes(sheet) if codes is None else codes
    n_games = int(codes.max()) + 1 if len(codes) else 0
    seat = sheet["seat"].to_numpy(dtype=np.int64) - 1
    sheet_cells = seat * n_games + codes
    key = codes * MAX_SEATS + seat
    if (key[1:] > key[:-1]).all():
        return _SheetOrder(n_games, sheet_cells, sheet_cells, codes, seat, None)
    slot = np.full(n_games * MAX_SEATS, -1, dtype=np.int64)
    slot[key] = np.arange(len(key))
    at = slot[slot >= 0]
    game, seat = codes[at], seat[at]
    return _SheetOrder(n_games, sheet_cells, seat * n_games + game, game, seat, at)


def _scatter(
    values: np.ndarray, cells: np.ndarray, n_games: int, fill: object = 0
) -> np.ndarray:
    out = np.full(MAX_SEATS * n_games, fill, dtype=values.dtype)
    out[cells] = values
    return out.reshape(MAX_SEATS, n_games)


def sheet_arrays(sheet: pd.DataFrame, rules: Rules) -> Sheet:
    """Scatter a checked sheet into per-game arrays (no loop over games)."""
    lay = _layout(sheet)
    g_count, cells = lay.n_games, lay.sheet_cells
    valid = _scatter(np.ones(len(sheet), dtype=bool), cells, g_count, False)
    row = _scatter(np.arange(len(sheet)), cells, g_count, -1)
    target = _game_value(sheet, "pool_target", row, valid, rules.pool_target)
    pool, unknown = _pools(sheet, cells, g_count, target)
    return Sheet(
        ids=sheet["game_id"],
        n=row_sum(valid.view(np.int8)).astype(np.int64),
        valid=valid,
        row=row,
        cells=lay.cells,
        sheet_cells=cells,
        game=lay.game,
        seat=lay.seat,
        at=lay.at,
        pool=pool,
        mountain=_scatter(sheet["mountain"].to_numpy(dtype=np.int64), cells, g_count),
        pair=_pair_whists(sheet, cells, valid),
        target=target,
        price=_game_value(sheet, "whist_price", row, valid, None),
        pool_unknown=unknown,
    )


def _pools(sheet, cells, n_games, target):
    """(4, G) pools, a blank one at its game's target (0 where no target is known:
    a checked sheet then has every pool of the game blank, all equal); and where
    that was so (None when no pool is blank)."""
    column = sheet["pool"]
    if not column.hasnans:
        return _scatter(column.to_numpy(dtype=np.int64), cells, n_games), None
    blank = column.isna().to_numpy()
    at = np.nan_to_num(target, nan=0.0).astype(np.int64)[cells % max(n_games, 1)]
    values = np.where(blank, at, filled(column, np.int64, 0))
    unknown = blank & np.isnan(target)[cells % max(n_games, 1)]
    pools = _scatter(values, cells, n_games)
    return pools, (_scatter(unknown, cells, n_games, False) if unknown.any() else None)


def _whists_on(
    sheet: pd.DataFrame,
    j: int,
    cells: np.ndarray,
    valid: np.ndarray,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """(4, G): the whists each seat wrote on seat j+1. ``out``, when given, is
    zero on every cell a game lacks, as it is left here."""
    on = np.zeros(valid.shape, dtype=np.int64) if out is None else out
    col = WHIST_COLUMNS[j]
    if col not in sheet:
        on[...] = 0
        return on
    # every seated cell; a blank: no whists
    on.reshape(-1)[cells] = filled(sheet[col], np.int64, 0)
    on[j] = 0  # nobody writes on himself
    if not valid[j].all():
        on *= valid[j]  # nor on a seat the game lacks
    return on


def _pair_whists(
    sheet: pd.DataFrame, cells: np.ndarray, valid: np.ndarray
) -> np.ndarray:
    """Per seat, whists written on the others less whists they wrote on him: each
    row's whists summed across its columns, less each game's column of whists on
    that seat summed over its seats. A checked sheet leaves a player's own seat
    and a seat his game lacks blank (validation reports anything else), so every
    column is summed as it is."""
    pair = np.zeros(valid.shape, dtype=np.int64)
    written = np.zeros(len(cells), dtype=np.int64)
    on = np.zeros(valid.shape, dtype=np.int64)  # a column's whists by cell; the
    for j, col in enumerate(WHIST_COLUMNS):  # cells of no seat stay 0
        if col not in sheet:
            continue
        column = filled(sheet[col], np.int64, 0)  # a blank: no whists
        written += column
        on.reshape(-1)[cells] = column
        pair[j] -= row_sum(on)
    pair.reshape(-1)[cells] += written
    return pair


def whists_matrix(sheet: pd.DataFrame, sh: Sheet) -> np.ndarray:
    """(4, 4, G): ``[j, i, g]`` = W[i][j], the whists seat i+1 wrote on seat j+1."""
    return np.stack(
        [_whists_on(sheet, j, sh.sheet_cells, sh.valid) for j in range(MAX_SEATS)]
    )


def _game_value(sheet, column, row, valid, default) -> np.ndarray:
    """A per-game column's value: the first seat that gives it, else ``default``
    (a checked sheet's rows of one game never disagree)."""
    out = np.full(row.shape[1], np.nan if default is None else float(default))
    if column not in sheet:
        return out
    v = filled(sheet[column], float, np.nan)
    found = np.where(valid[0], v.take(row[0]), np.nan)
    blank = np.flatnonzero(np.isnan(found))
    for j in range(1, MAX_SEATS):  # seats 2.. only where the seats before are blank
        seated = blank[valid[j, blank]]
        found[seated] = v.take(row[j, seated])
        blank = blank[np.isnan(found[blank])]
    found[blank] = out[blank]
    return found
