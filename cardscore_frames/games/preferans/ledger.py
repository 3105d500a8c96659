"""From scored preferans deals to the ledger: :func:`to_ledger` states every deal
in whists by the settlement formula (docs/games/preferans.md "Each deal's
effect"), so that a game's ledger adds up to its exact settlement. The
end-of-game sheet summed from the same deals is
:func:`~cardscore_frames.games.preferans.settlement.from_deals.sheet`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames.contract import ensure_scored
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.games.evening_results import is_results_log, results_to_ledger
from cardscore_frames.games.points_logs import is_points_log
from cardscore_frames.games.preferans.arithmetic.arrays import (
    DERIVED_COLUMNS,
    SEAT_PAIRS,
    SEAT_RANGE,
)
from cardscore_frames.games.preferans.arithmetic.seats import (
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
from cardscore_frames.games.preferans.points_log import POINTS_SCHEMA, points_to_ledger
from cardscore_frames.games.preferans.rules import MAX_SEATS, Rules
from cardscore_frames.games.preferans.schema import SCHEMA
from cardscore_frames.games.preferans.scoring import score

__all__ = ["to_ledger", "ROLES"]

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


def _seat_block(scored: pd.DataFrame, prefix: str) -> np.ndarray:
    """(N, 4) floats: the scored columns ``{prefix}_1`` .. ``{prefix}_4``."""
    out = np.empty((len(scored), MAX_SEATS), np.float64)
    for i in SEAT_RANGE:
        out[:, i - 1] = _values(scored, f"{prefix}_{i}")
    return out


def _whists(scored: pd.DataFrame, *, written: bool) -> np.ndarray:
    """(N, 4) whists each seat wrote on the others (``written``), or received
    from them, as floats."""
    out = np.zeros((len(scored), MAX_SEATS), np.float64)
    for i, j in SEAT_PAIRS:
        out[:, (i if written else j) - 1] += _values(scored, f"whists_{i}_on_{j}")
    return out


def _values(scored: pd.DataFrame, column: str) -> np.ndarray:
    """A scored column's values as they are (the scorer's own arrays, no copy),
    turned into floats where the ledger's column is made."""
    return scored[column].to_numpy()


def _is_points(frame: pd.DataFrame) -> bool:
    return is_points_log(frame, SCHEMA, POINTS_SCHEMA)


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
    >>> from cardscore_frames.games.preferans.scoring import score
    >>> deals = csf.read_log("sample_data/preferans_season.csv", game="preferans")
    >>> ledger = to_ledger(score(deals))
    >>> sums = ledger.groupby(["game_key", "deal"], observed=True)["score"].sum()
    >>> float(sums.abs().max()) < 1e-9
    True
    """
    if is_results_log(scored, "preferans"):
        return results_to_ledger(scored, "preferans", rules=rules)
    if _is_points(scored):
        return points_to_ledger(scored, rules=rules)
    scored, rules = ensure_scored(scored, "preferans", score, DERIVED_COLUMNS, rules)
    extra = {  # each made when its column is: one (N, 4) block alive at a time
        "pool": lambda: _seat_block(scored, "pool"),
        "mountain": lambda: _seat_block(scored, "mountain"),
        "whists_written": lambda: _whists(scored, written=True),
        "whists_received": lambda: _whists(scored, written=False),
    }
    return _ledger.from_wide(
        scored,
        PLAYERS,
        lambda: _seat_block(scored, "net"),
        game="preferans",
        roles=_roles(scored),
        role_names=ROLES,
        extra=extra,
    )
