"""The ledger of scored belot deals: each player's pair's points on each deal."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames._compat import TEXT
from cardscore_frames.contract import ensure_scored
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.games.belot.points_log import POINTS_SCHEMA, points_to_ledger
from cardscore_frames.games.belot.rules import PAIRS, Rules
from cardscore_frames.games.belot.schema import PLAYERS, SCHEMA
from cardscore_frames.games.belot.scoring import SCORE_COLUMNS, score
from cardscore_frames.games.evening_results import is_results_log, results_to_ledger
from cardscore_frames.games.points_logs import is_points_log

__all__ = ["to_ledger", "ROLES"]

#: Ledger roles; ``player`` is a seat of a points-only protocol that does not
#: name the declaring pair (:mod:`.points_log`).
ROLES = ("declarer", "defender", "player")


@dask_aware("to_ledger", game="belot")
def to_ledger(scored: pd.DataFrame, *, rules: Rules | None = None) -> pd.DataFrame:
    """One row per (game, deal, player): his pair's points for the deal.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`score` returned; a frame changed since is scored again from
        its log columns first, with the rules it carries. Of a protocol, each
        player gets his pair's points as written, role ``player`` where the
        declaring pair is not written.
    rules : BelotRules, optional
        Other rules to score with; by default the ones the frame carries.

    Returns
    -------
    pandas.DataFrame
        The common ledger (:data:`cardscore_frames.LEDGER_COLUMNS`): ``seat``
        1-4 (a1, a2, b1, b2), ``role`` declarer or defender, ``score`` (belot
        points: the player's pair's points for the deal). Then ``pair`` (a, b),
        ``opponent_score`` (float, the other pair's points for the deal, so
        ``score - opponent_score`` is the point difference) and ``match_won``
        (boolean: on the deal that decided the match, whether the player's pair
        won it; blank on every other deal). Belot is a race to the target, not
        zero-sum: count match wins, not point sums.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games import belot
    >>> deals = csf.read_log("sample_data/belot_season.csv", game="belot")
    >>> ledger = belot.to_ledger(belot.score(deals))
    >>> len(ledger) == 4 * len(deals)
    True
    >>> ledger.groupby("player", observed=True)["match_won"].sum().nlargest(2)
    player
    Ani     5
    Aram    5
    Name: match_won, dtype: Int64
    """
    if is_results_log(scored, "belot"):
        return results_to_ledger(scored, "belot", rules=rules)
    if is_points_log(scored, SCHEMA, POINTS_SCHEMA):
        return points_to_ledger(scored, rules=rules)
    scored, rules = ensure_scored(scored, "belot", score, SCORE_COLUMNS, rules)
    a = (scored["declarer"] == "a").to_numpy(dtype=bool)
    pa, pb = scored["points_a"].to_numpy(), scored["points_b"].to_numpy()
    is_a = np.array([True, True, False, False])  # the seats of PLAYERS
    side = np.array([0, 0, 1, 1], np.int8)  # each seat's pair, a code into PAIRS
    won = scored["winner"].cat.codes.to_numpy()[:, None]  # -1 undecided, 0 a, 1 b

    def by_pair(of_a: np.ndarray, of_b: np.ndarray) -> np.ndarray:
        """(N, 4) floats: ``of_a`` on pair a's seats, ``of_b`` on pair b's
        (converted as they are written: no float copy of either)."""
        out = np.empty((len(a), 4))
        out[:, :2] = of_a[:, None]
        out[:, 2:] = of_b[:, None]
        return out

    ledger = _ledger.from_wide(  # each (N, 4) block made when its column is
        scored,
        PLAYERS,
        lambda: by_pair(pa, pb),
        game="belot",
        roles=(a[:, None] != is_a).astype(np.int8),  # codes into ROLES
        role_names=ROLES,
        extra={
            "pair": np.broadcast_to(side, (len(a), 4)),
            "opponent_score": lambda: by_pair(pb, pa),
            "match_won": lambda: np.where(
                won < 0, np.int8(-1), (won == side).view(np.int8)
            ),
        },
    )
    pair = ledger["pair"].to_numpy()
    ledger["pair"] = pd.Categorical.from_codes(
        pair, pd.Index(PAIRS, dtype=TEXT), validate=False
    )
    won = ledger["match_won"].to_numpy()
    ledger["match_won"] = pd.arrays.BooleanArray(won == 1, won < 0)
    return ledger
