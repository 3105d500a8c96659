"""Scoring belot deals, all at once, and the ledger of what each player won."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames.checking import GAME_INDEX, game_index, stamp
from cardscore_frames.checking.stamp import take_kept
from cardscore_frames.distributed.dispatch import dask_aware
from cardscore_frames.games.base import ensure_scored, prepare_log
from cardscore_frames.games.belot.points import (
    ARRAYS,
    BAIT_DECLARERS,
    BAIT_DEFENDERS,
    BAIT_NONE,
    score_arrays,
)
from cardscore_frames.games.belot.points_log import (
    POINTS_SCHEMA,
    points_to_ledger,
    score_points,
)
from cardscore_frames.games.belot.rules import PAIRS, BelotRules, Rules
from cardscore_frames.games.belot.schema import PLAYERS, SCHEMA
from cardscore_frames.games.points_logs import is_points_log

__all__ = ["score", "to_ledger", "SCORE_COLUMNS", "ROLES"]

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
#: Ledger roles; ``player`` is a seat of a points-only protocol that does not
#: name the declaring pair (:mod:`.points_log`).
ROLES = ("declarer", "defender", "player")
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
    if is_points_log(deals, SCHEMA, POINTS_SCHEMA):
        return score_points(deals, rules=rules, validate=validate)
    deals, rules = prepare_log(deals, SCHEMA, BelotRules, rules, validate=validate)
    index = take_kept(deals, GAME_INDEX, None)  # the log's validation found it
    kept = take_kept(deals, ARRAYS, rules)  # ... and scored it
    if index is None:
        index = game_index(deals)
    if kept is None:
        kept = score_arrays(deals, rules, index=index)
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
        "bait": pd.Categorical.from_codes(bait, _BAIT),
        "total_a": proto.total_a,
        "total_b": proto.total_b,
        "match_over": proto.ends,
        "winner": pd.Categorical.from_codes(winner, PAIRS),
    }
    out = deals.drop(columns=[c for c in SCORE_COLUMNS if c in deals])
    # copy=False: the new arrays become the columns as they are (not one block)
    out = pd.concat([out, pd.DataFrame(added, index=deals.index, copy=False)], axis=1)
    memo = {GAME_INDEX: index}  # the same rows: to_ledger need not find it again
    return stamp(out, game="belot", kind="scored", rules=rules, memo=memo)


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
    ledger["pair"] = pd.Categorical.from_codes(pair, PAIRS, validate=False)
    won = ledger["match_won"].to_numpy()
    ledger["match_won"] = pd.arrays.BooleanArray(won == 1, won < 0)
    return ledger
