"""The ledger of scored tarot deals: what each player won on each deal."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames.checking.seats import seats_taken
from cardscore_frames.contract import ensure_scored
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.games.evening_results import is_results_log, results_to_ledger
from cardscore_frames.games.points_logs import is_points_log
from cardscore_frames.games.tarot.checks import misere_declared
from cardscore_frames.games.tarot.points_log import POINTS_SCHEMA, points_to_ledger
from cardscore_frames.games.tarot.rules import Rules
from cardscore_frames.games.tarot.schema import SCHEMA
from cardscore_frames.games.tarot.scoring import (
    _SEAT_COLUMNS,
    SCORE_COLUMNS,
    _taker_factor,
    score,
)
from cardscore_frames.games.tarot.seats import PLAYERS, seated

__all__ = ["to_ledger", "ROLES"]


def _scored_seats(scored: pd.DataFrame) -> dict[str, np.ndarray]:
    """The seats of a scored frame that holds its stamp (its seat columns are
    the ones ``score`` found)."""
    present = seated(scored)
    found = {
        role: scored[col].to_numpy(dtype=np.int8, na_value=0) - np.int8(1)
        for role, col in _SEAT_COLUMNS.items()
    }
    return {
        "seated": present,
        **found,
        "players": seats_taken(present) - (found["out"] >= 0),
    }


#: Ledger roles, in the order of their codes; ``player`` is a seat of a
#: points-only log, which does not say who took (:mod:`.points_log`).
ROLES = ("taker", "partner", "defender", "sitting_out", "passed", "player")


def _role_codes(seats: dict[str, np.ndarray], played: np.ndarray) -> np.ndarray:
    """(n_deals, 5) role codes into ROLES; -1 for an empty seat."""
    codes = np.where(seats["seated"], np.int8(2), np.int8(-1))  # defender
    codes[~played] = 4
    for role, code in (("partner", 1), ("taker", 0), ("out", 3)):
        rows = np.flatnonzero(seats[role] >= 0)  # one seat per deal: index it
        codes[rows, seats[role][rows]] = code
    codes[~seats["seated"]] = -1
    return codes


#: Each role's score in units of S; the taker's factor depends on the table.
_ROLE_FACTOR = np.array([0, 1, -1, 0, 0, 0, 0], dtype=np.float64)  # -1: empty seat


def _seat_scores(
    value: np.ndarray, seats: dict[str, np.ndarray], roles: np.ndarray
) -> np.ndarray:
    """(n_deals, 5) scores: defenders pay S each; a partner receives S; the taker
    receives the rest, so that every deal sums to zero; a player sitting out, an
    empty seat and every seat of a passed deal score 0."""
    factor = _ROLE_FACTOR[roles]
    rows = np.flatnonzero(seats["taker"] >= 0)  # a passed deal has no taker
    taker = _taker_factor(seats["players"], seats["partner"] < 0)
    factor[rows, seats["taker"][rows]] = taker[rows]
    factor *= value[:, None]  # the ledger's scores, in the one (deals, 5) array
    return factor


@dask_aware("to_ledger", game="tarot")
def to_ledger(scored: pd.DataFrame, *, rules: Rules | None = None) -> pd.DataFrame:
    """One row per (game, deal, player): what each player scored on each deal.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`score` returned. A frame changed since (a name corrected, a
        column rebuilt) is scored again from its log columns first, with the
        rules it carries, so no stale value is paid out. Of a points-only log,
        each seat's score as logged, role ``player`` or ``sitting_out``.
    rules : TarotRules, optional
        Other rules to score with; by default the ones the frame carries.

    Returns
    -------
    pandas.DataFrame
        The common ledger (:data:`cardscore_frames.LEDGER_COLUMNS`): ``role`` is
        taker, partner, defender, sitting_out or passed; ``score`` in tarot
        points (every deal sums to 0). Then ``misere_points`` (float, points:
        the misère part of ``score``; 0 unless ``Rules(misere=True)``).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
    >>> ledger[["game_id", "deal", "player", "role", "score"]].iloc[4:8]
      game_id  deal   player   role  score
    4       1     2   Amélie  defender  -30.0
    5       1     2  Bastien     taker   90.0
    6       1     2   Gaëlle  defender  -30.0
    7       1     2   Julien  defender  -30.0
    >>> float(ledger.groupby(["game_key", "deal"], observed=True)["score"].sum().abs().max())
    0.0
    """
    if is_results_log(scored, "tarot"):
        return results_to_ledger(scored, "tarot", rules=rules)
    if is_points_log(scored, SCHEMA, POINTS_SCHEMA):
        return points_to_ledger(scored, rules=rules)
    scored, rules = ensure_scored(scored, "tarot", score, SCORE_COLUMNS, rules)
    seats = _scored_seats(scored)
    played = (scored["contract"] != "pass").to_numpy(dtype=bool)
    roles = _role_codes(seats, played)
    scores = _seat_scores(scored["deal_value"].to_numpy(dtype=np.int64), seats, roles)
    misere: np.ndarray | float = 0.0
    if rules.misere and "misere" in scored:
        misere = _misere_scores(scored, seats, rules).astype(np.float64)
        scores = scores + misere
    return _ledger.from_wide(
        scored,
        PLAYERS,
        scores,
        game="tarot",
        roles=roles,
        role_names=ROLES,
        extra={"misere_points": misere},
    )


def _misere_scores(
    scored: pd.DataFrame, seats: dict[str, np.ndarray], rules: Rules
) -> np.ndarray:
    """House rule: each misère declarer receives ``misere_value`` from every other
    player of the deal."""
    playing = seats["seated"].copy()
    rows = np.flatnonzero(seats["out"] >= 0)
    playing[rows, seats["out"][rows]] = False
    declared = misere_declared(scored)[0] & playing
    k = declared.sum(axis=1, keepdims=True)
    n = playing.sum(axis=1, keepdims=True)
    v = rules.misere_value
    return np.where(playing, np.where(declared, v * (n - 1), 0) - v * (k - declared), 0)
