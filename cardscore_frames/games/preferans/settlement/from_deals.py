"""The end-of-game sheet of scored preferans deals: :func:`sheet` sums each
game's deals into the paper sheet that
:func:`~cardscore_frames.games.preferans.settlement.settle.settle` takes.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import METADATA_COLUMNS, game_index, stamp
from cardscore_frames.contract import ensure_scored
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.errors import RulesError
from cardscore_frames.games.points_logs import is_points_log
from cardscore_frames.games.preferans.arithmetic.arrays import (
    DERIVED_COLUMNS,
    SEAT_RANGE,
)
from cardscore_frames.games.preferans.arithmetic.seats import PLAYERS
from cardscore_frames.games.preferans.points_log import POINTS_SCHEMA
from cardscore_frames.games.preferans.rules import MAX_SEATS
from cardscore_frames.games.preferans.schema import SCHEMA
from cardscore_frames.games.preferans.scoring import score
from cardscore_frames.games.preferans.settlement.schema import SHEET_SCHEMA

__all__ = ["sheet", "CORRECTION_PARTS"]


@dask_aware("sheet", game="preferans")
def sheet(scored: pd.DataFrame) -> pd.DataFrame:
    """Each game's sheet at the end: one row per (game, player), as settle() takes it.

    Parameters
    ----------
    scored : pandas.DataFrame
        The result of :func:`score` (a frame changed since is scored again); the
        sheet carries its rules, so ``settle(sheet(scored))`` settles by them.

    Returns
    -------
    pandas.DataFrame
        Games in order of first appearance, then seats:

        - ``game_id``, ``seat`` (1..n, the log's ``player{seat}``), ``player``.
        - ``pool``, ``mountain`` (int, points): the game's totals.
        - ``whists_on_1 .. whists_on_4`` (Int64, whists): whists this player wrote
          on the player in that seat; NA on his own seat and on seat 4 of a
          3-player game.
        - ``pool_target`` (int, points); ``whist_price`` (blank: a deal log
          has none).
        - the log's metadata columns (league, season, date, table), from the
          game's first deal.
        - only when the log has corrections: ``pool_corrections``,
          ``mountain_corrections`` and ``whists_corrections`` (Int64: the part
          of pool, mountain and whists written on others that came from
          correction rows; blank in a game without one). Settlement reads
          ``pool``, ``mountain`` and the whists, which include them.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.preferans.scoring import score
    >>> deals = csf.read_log("sample_data/preferans_season.csv", game="preferans")
    >>> sh = sheet(score(deals))
    >>> bool((sh["pool"] == sh["pool_target"]).all())  # every pool closed
    True
    """
    if _is_points(scored):
        raise RulesError(
            "a preferans points log holds each deal's whists, not the pools, "
            "mountains and whists a sheet shows: rank its players with "
            "preferans.results(scored) instead"
        )
    scored, rules = ensure_scored(scored, "preferans", score, DERIVED_COLUMNS)
    index = game_index(scored)
    code, first = index.codes, index.first_row
    games = scored["game_id"].array.take(first)

    def total(column: str) -> np.ndarray:  # per game
        return np.rint(
            np.bincount(code, weights=scored[column].to_numpy(), minlength=len(first))
        ).astype(np.int64)

    n = scored["players"].to_numpy()[first]
    g, s = np.nonzero(np.arange(MAX_SEATS)[None, :] < n[:, None])
    pool = np.column_stack([total(f"pool_{i}") for i in SEAT_RANGE])
    mountain = np.column_stack([total(f"mountain_{i}") for i in SEAT_RANGE])
    out = {
        "game_id": games.take(g),
        "seat": s + 1,
        "player": _first_names(scored, first)[g, s],
        "pool": pool[g, s],
        "mountain": mountain[g, s],
    }
    for j in SEAT_RANGE:
        on_j = np.zeros((len(games), MAX_SEATS), np.int64)
        for i in SEAT_RANGE:
            if i != j:
                on_j[:, i - 1] = total(f"whists_{i}_on_{j}")
        out[f"whists_on_{j}"] = pd.arrays.IntegerArray(
            on_j[g, s], (s == j - 1) | (j > n[g])
        )
    out["pool_target"] = pd.array(
        scored["pool_target"].to_numpy()[first[g]], dtype="Int64"
    )
    out["whist_price"] = pd.array([None] * len(g), dtype="Float64")
    frame = pd.DataFrame(out)
    frame["game_id"] = frame["game_id"].astype(scored["game_id"].dtype)
    frame["seat"] = frame["seat"].astype("Int64")
    names = scored[PLAYERS[0]].dtype
    frame["player"] = pd.Categorical(frame["player"], dtype=names)
    for c in ("pool", "mountain"):
        frame[c] = frame[c].astype("Int64")
    for col in METADATA_COLUMNS:
        if col in scored:
            frame[col] = scored[col].array.take(first[g])
    frame = frame[[*SHEET_SCHEMA.names]]
    fixed = (scored["outcome"] == "correction").to_numpy(dtype=bool)
    if fixed.any():
        frame = _correction_parts(frame, scored, fixed, code, len(first), (g, s))
    return stamp(frame, game="preferans", kind="sheet", rules=rules)


#: Columns :func:`sheet` adds when a game's log has corrections.
CORRECTION_PARTS = ("pool_corrections", "mountain_corrections", "whists_corrections")


def _correction_parts(frame, scored, fixed, code, n_games, cells) -> pd.DataFrame:
    """The parts of pool, mountain and whists written by corrections, per player:
    a sheet shows a correction as such (blank in games without one)."""
    g, s = cells

    def part(columns) -> np.ndarray:  # (games, 4) sums over correction rows
        out = np.zeros((n_games, MAX_SEATS))
        for i, cols in enumerate(columns):
            values = sum(scored[c].to_numpy(dtype=np.float64) for c in cols)
            out[:, i] = np.bincount(code, weights=values * fixed, minlength=n_games)
        return np.rint(out).astype(np.int64)

    some = np.bincount(code, weights=fixed, minlength=n_games)[g] > 0
    for name, columns in zip(
        CORRECTION_PARTS,
        (
            [[f"pool_{i}"] for i in SEAT_RANGE],
            [[f"mountain_{i}"] for i in SEAT_RANGE],
            [[f"whists_{i}_on_{j}" for j in SEAT_RANGE if j != i] for i in SEAT_RANGE],
        ),
        strict=True,
    ):
        frame[name] = pd.arrays.IntegerArray(part(columns)[g, s], ~some)
    return frame


def _is_points(frame: pd.DataFrame) -> bool:
    return is_points_log(frame, SCHEMA, POINTS_SCHEMA)


def _first_names(scored: pd.DataFrame, first: np.ndarray) -> np.ndarray:
    """(G, 4) player names of each game's first deal."""
    return np.column_stack(
        [
            scored[p].take(first).to_numpy(dtype=object, na_value=None)
            if p in scored
            else np.full(len(first), None)
            for p in PLAYERS
        ]
    )
