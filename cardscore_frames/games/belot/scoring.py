"""Scoring belot deals, all at once: the arithmetic of :mod:`.arithmetic` as
columns, and each match's protocol.

:mod:`.ledger` turns the scored deals into what each player won.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import game_index, stamp
from cardscore_frames.checking.stamp import take_kept
from cardscore_frames.contract import prepare_log
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.games.belot.arithmetic import (
    ARRAYS,
    BAIT_DECLARERS,
    BAIT_DEFENDERS,
    BAIT_NONE,
    score_arrays,
)
from cardscore_frames.games.belot.points_log import (
    POINTS_SCHEMA,
    score_points,
)
from cardscore_frames.games.belot.rules import PAIRS, BelotRules, Rules
from cardscore_frames.games.belot.schema import SCHEMA
from cardscore_frames.games.evening_results import is_results_log, score_results
from cardscore_frames.games.points_logs import is_points_log

__all__ = ["score", "SCORE_COLUMNS"]

#: Columns that ``score`` adds, in order.
SCORE_COLUMNS = (
    "made",
    "declarer_whists",
    "defender_whists",
    "contract_points",
    "declarer_whist_points",
    "defender_whist_points",
    "points_declarer",
    "points_defender",
    "points_a",
    "points_b",
    "bait",
    "total_a",
    "total_b",
    "match_over",
    "winner",
)
_BAIT = ("none", *PAIRS)


@dask_aware("score", game="belot")
def score(
    deals: pd.DataFrame, *, rules: Rules | None = None, validate: bool = True
) -> pd.DataFrame:
    """Score every belot deal and keep each match's protocol (docs/games/belot.md).

    Parameters
    ----------
    deals : pandas.DataFrame
        A belot log, best as :func:`cardscore_frames.read_log` returns it: such a
        frame, unchanged since, is not checked again. A points-only protocol
        (``kind="points"``: each pair's points per deal) is returned checked
        with ``total_a``, ``total_b``, ``match_over`` and ``winner`` only
        (:mod:`cardscore_frames.games.belot.points_log`).
    rules : BelotRules, optional
        The rules the log was read with, else the seed's, ``Rules()``.
    validate : bool
        Check a log that was not checked with these rules (every problem raises
        at once, deals logged after their match was decided included).
        ``False`` checks only that the frame is a typed belot log.

    Returns
    -------
    pandas.DataFrame
        The deals, in their own row order, with every original column plus:

        - ``made`` (bool): the contract was made (rule 3).
        - ``declarer_whists``, ``defender_whists`` (int, whists): Vp and Vv after
          rule 1 (trickless declarers' constructions moved to the defenders).
        - ``contract_points`` (int, points): PC, contra/recontra included.
        - ``declarer_whist_points``, ``defender_whist_points`` (int, points): Pp
          and Pv (rule 6).
        - ``points_declarer``, ``points_defender`` (int, points): the deal's
          result for each side (rule 7).
        - ``points_a``, ``points_b`` (int, points): the same, by pair.
        - ``bait`` (category none/a/b): the pair marked БТ (Байт), if any.
        - ``total_a``, ``total_b`` (int, points): the protocol's running totals,
          in deal order within the match (``game_id``).
        - ``match_over`` (bool): this deal decided the match (a total reached
          ``rules.target`` and the totals differ).
        - ``winner`` (category a/b): the winning pair, on that deal only.

        The frame carries the rules it was scored with (``.cardscore.rules``).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games import belot
    >>> deals = csf.read_log("sample_data/belot_season.csv", game="belot")
    >>> scored = belot.score(deals)
    >>> cols = ["deal", "declarer", "bid", "points_a", "points_b", "total_a", "total_b"]
    >>> scored[cols].head(3)
       deal declarer  bid  points_a  points_b  total_a  total_b
    0     1        b   12         6        28        6       28
    1     2        b   10         9        22       15       50
    2     3        b   16         0        32       15       82
    >>> ends = scored.loc[scored["match_over"]]
    >>> ends[["game_id", "deal", "total_a", "total_b", "winner"]].head(2)
        game_id  deal  total_a  total_b winner
    11        1    12      156      317      b
    25        2    14      337      245      a
    """
    if is_results_log(deals, "belot"):
        return score_results(deals, "belot", rules=rules, validate=validate)
    if is_points_log(deals, SCHEMA, POINTS_SCHEMA):
        return score_points(deals, rules=rules, validate=validate)
    deals, rules = prepare_log(deals, SCHEMA, BelotRules, rules, validate=validate)
    kept = take_kept(deals, ARRAYS, rules)  # the log's validation scored it
    if kept is None:
        kept = score_arrays(deals, rules, index=game_index(deals))
    x, pts, proto = kept
    a = x.declarer_a
    # БТ goes to the declarers on a failure, to the defenders on a doubled make.
    bait_a = np.where(a, pts.bait == BAIT_DECLARERS, pts.bait == BAIT_DEFENDERS)
    bait = np.where(pts.bait == BAIT_NONE, 0, np.where(bait_a, 1, 2))  # codes of _BAIT
    winner = np.where(proto.ends, np.where(proto.total_a > proto.total_b, 0, 1), -1)
    added = {
        "made": pts.made,
        "declarer_whists": pts.vp,
        "defender_whists": pts.vv,
        "contract_points": pts.pc,
        "declarer_whist_points": pts.pp,
        "defender_whist_points": pts.pv,
        "points_declarer": pts.declarers,
        "points_defender": pts.defenders,
        "points_a": pts.points_a,
        "points_b": pts.points_b,
        "bait": pd.Categorical.from_codes(bait, pd.Index(_BAIT, dtype=TEXT)),
        "total_a": proto.total_a,
        "total_b": proto.total_b,
        "match_over": proto.ends,
        "winner": pd.Categorical.from_codes(winner, pd.Index(PAIRS, dtype=TEXT)),
    }
    out = deals.drop(columns=[c for c in SCORE_COLUMNS if c in deals])
    # copy=False: the new arrays become the columns as they are (not one block)
    out = pd.concat([out, pd.DataFrame(added, index=deals.index, copy=False)], axis=1)
    return stamp(out, game="belot", kind="scored", rules=rules)
