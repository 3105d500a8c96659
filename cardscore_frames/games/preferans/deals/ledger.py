"""From scored preferans deals to the end-of-game sheet, the ledger and the report.

:func:`sheet` sums each game's deals into the paper sheet that
:func:`~cardscore_frames.games.preferans.settle.settle` takes; :func:`to_ledger`
states every deal in whists by the settlement formula (docs/games/preferans.md
"Each deal's effect"), so that a game's ledger adds up to its exact settlement.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames.checking import METADATA_COLUMNS, game_index, stamp
from cardscore_frames.distributed.dispatch import dask_aware
from cardscore_frames.errors import RulesError
from cardscore_frames.games.base import ensure_scored
from cardscore_frames.games.points_logs import is_points_log
from cardscore_frames.games.preferans.deals.arrays import (
    DERIVED_COLUMNS,
    SEAT_PAIRS,
    SEAT_RANGE,
)
from cardscore_frames.games.preferans.deals.schema import SCHEMA
from cardscore_frames.games.preferans.deals.scoring import score
from cardscore_frames.games.preferans.deals.seats import (
    ALL_PASS,
    CORRECTION,
    HALF,
    LEVEL,
    MISERE,
    PASS,
    PLAYERS,
    WHIST,
    call_codes,
    contract_codes,
    scored_seats,
)
from cardscore_frames.games.preferans.rules import MAX_SEATS, Rules
from cardscore_frames.games.preferans.settlement.schema import SHEET_SCHEMA

__all__ = ["sheet", "to_ledger", "ROLES"]

#: The ``role`` of a player in the ledger: ``correction`` on a correction row
#: (every seat), ``player`` in a points-only log, which names no roles.
ROLES = (
    "declarer",
    "whister",
    "half_whister",
    "passer",
    "defender",
    "all_pass",
    "dealer",
    "correction",
    "player",
)


def _seat_block(scored: pd.DataFrame, prefix: str) -> _ledger.SeatBlock:
    """(N, 4) floats: the scored columns ``{prefix}_1`` .. ``{prefix}_4``, made a
    slice of deals at a time."""
    columns = [_values(scored, f"{prefix}_{i}") for i in SEAT_RANGE]

    def make(rows: slice) -> np.ndarray:
        out = np.empty((rows.stop - rows.start, MAX_SEATS), np.float64)
        for i, column in enumerate(columns):
            out[:, i] = column[rows]
        return out

    return _ledger.SeatBlock(make)


def _whists(scored: pd.DataFrame, *, written: bool) -> _ledger.SeatBlock:
    """(N, 4) whists each seat wrote on the others (``written``), or received
    from them, as floats, made a slice of deals at a time."""
    pairs = [
        ((i if written else j) - 1, _values(scored, f"whists_{i}_on_{j}"))
        for i, j in SEAT_PAIRS
    ]

    def make(rows: slice) -> np.ndarray:
        out = np.zeros((rows.stop - rows.start, MAX_SEATS), np.float64)
        for seat, column in pairs:
            out[:, seat] += column[rows]
        return out

    return _ledger.SeatBlock(make)


def _values(scored: pd.DataFrame, column: str) -> np.ndarray:
    """A scored column's values as they are (the scorer's own arrays, no copy);
    a slice of them is turned into floats where a block is made."""
    return scored[column].to_numpy()


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
    >>> from cardscore_frames.games.preferans.deals.scoring import score
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
    from cardscore_frames.games.preferans.points_log import POINTS_SCHEMA

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


def _roles(scored: pd.DataFrame) -> np.ndarray:
    """(N, 4) role of each seat as a position in ROLES (-1 where the seat is empty).

    Each deal has one declarer, two defenders and at most one seat out, so roles are
    written seat by seat through those indices, the stronger rule last.
    """
    st = scored_seats(scored)
    code, calls = contract_codes(scored), call_codes(scored).T
    roles = np.full((len(scored), MAX_SEATS), -1, dtype=np.int8)
    by_call = np.full(len(CALL_ROLE) + 1, -1, dtype=np.int8)  # the last: no call
    for call, role in CALL_ROLE.items():
        by_call[call] = ROLES.index(role)
    bid, misere = LEVEL[code] > 0, code == MISERE
    for seat in (st.first, st.second):
        rows = np.flatnonzero(seat >= 0)
        at = calls[rows, seat[rows]]
        roles[rows, seat[rows]] = np.where(
            misere[rows],
            ROLES.index("defender"),
            np.where(bid[rows], by_call[np.where(at >= 0, at, -1)], -1),
        )
    rows = np.flatnonzero(st.declarer >= 0)
    roles[rows, st.declarer[rows]] = ROLES.index("declarer")
    roles[code == ALL_PASS] = ROLES.index("all_pass")
    rows = np.flatnonzero(st.out >= 0)
    roles[rows, st.out[rows]] = ROLES.index("dealer")
    roles[code == CORRECTION] = ROLES.index("correction")  # every seat, dealer too
    roles[~st.present.T] = -1
    return roles


#: A defender's role by his call on a bid contract.
CALL_ROLE = {WHIST: "whister", HALF: "half_whister", PASS: "passer"}


@dask_aware("to_ledger", game="preferans")
def to_ledger(scored: pd.DataFrame, *, rules: Rules | None = None) -> pd.DataFrame:
    """One row per (game, deal, player): the whists each player won on each deal.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`score` returned; a frame changed since is scored again from
        its log columns first, with the rules it carries. Of a points-only log,
        each seat's whists as logged, role ``player``, the four columns after
        ``score`` blank.
    rules : PreferansRules, optional
        Other rules to score with; by default the ones the frame carries.

    Returns
    -------
    pandas.DataFrame
        The common ledger (:data:`cardscore_frames.LEDGER_COLUMNS`): ``role`` is
        declarer, whister, half_whister, passer, defender (misère), all_pass,
        dealer (sitting out at 4) or correction (every seat of a correction
        row); ``score`` (whists: the deal by the exact
        settlement formula; every deal sums to 0 and a game's scores sum to its
        exact settlement). Then ``pool``, ``mountain`` (points written on the
        deal), ``whists_written``, ``whists_received`` (whists), as floats.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.preferans.deals.scoring import score
    >>> deals = csf.read_log("sample_data/preferans_season.csv", game="preferans")
    >>> ledger = to_ledger(score(deals))
    >>> sums = ledger.groupby(["game_key", "deal"], observed=True)["score"].sum()
    >>> float(sums.abs().max()) < 1e-9
    True
    """
    if _is_points(scored):
        from cardscore_frames.games.preferans.points_log import points_to_ledger

        return points_to_ledger(scored, rules=rules)
    scored, rules = ensure_scored(scored, "preferans", score, DERIVED_COLUMNS, rules)
    extra = {  # each made a slice of deals at a time: no (N, 4) block
        "pool": lambda: _seat_block(scored, "pool"),
        "mountain": lambda: _seat_block(scored, "mountain"),
        "whists_written": lambda: _whists(scored, written=True),
        "whists_received": lambda: _whists(scored, written=False),
    }
    return _ledger.from_wide(
        scored,
        PLAYERS,
        _seat_block(scored, "net"),
        game="preferans",
        roles=_roles(scored),
        role_names=ROLES,
        extra=extra,
    )
