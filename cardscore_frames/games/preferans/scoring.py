"""Scoring preferans deals, every game at once: what each player wrote on each deal.

docs/games/preferans.md "One deal": :func:`score` frames the arrays of
:mod:`.arithmetic.arrays` (pool, mountain and whists on each opponent, deal by
deal, with the pools' cap and overflow, the end of each game, and each deal's
effect in whists); :mod:`.ledger` turns the result into the ledger and
:mod:`.settlement.from_deals` into the end-of-game sheet.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import stamp
from cardscore_frames.checking.stamp import take_kept
from cardscore_frames.contract import prepare_log
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.games.evening_results import is_results_log, score_results
from cardscore_frames.games.points_logs import is_points_log
from cardscore_frames.games.preferans.arithmetic.arrays import (
    BLOCK_COLUMNS,
    SCORE_COLUMNS,
    SEAT_RANGE,
    WALK,
    ScoredArrays,
    check_options,
    compute,
)
from cardscore_frames.games.preferans.arithmetic.outcome import OUTCOMES
from cardscore_frames.games.preferans.points_log import POINTS_SCHEMA, score_points
from cardscore_frames.games.preferans.rules import PreferansRules, Rules
from cardscore_frames.games.preferans.schema import SCHEMA

__all__ = ["score", "SCORE_COLUMNS"]


@dask_aware("score", game="preferans")
def score(
    deals: pd.DataFrame,
    *,
    rules: Rules | None = None,
    validate: bool = True,
) -> pd.DataFrame:
    """Score every preferans deal (docs/games/preferans.md "One deal"), vectorised.

    Parameters
    ----------
    deals : pandas.DataFrame
        A preferans log, best as :func:`cardscore_frames.read_log` returns it:
        such a frame, unchanged since, is not checked again. A points-only log
        (``kind="points"``: each player's whists per deal) is returned checked
        with ``players`` and each seat's running balance ``total1 .. total4``
        only (:mod:`cardscore_frames.games.preferans.points_log`).
    rules : PreferansRules, optional
        The rules the log was read with, else Sochi, ``Rules()``;
        ``Rules.preset("leningrad")``, ``Rules.preset("rostov")``. Deals logged
        after their game ended are a problem of the log unless
        ``Rules(after_end="score")``.
    validate : bool
        Check a log that was not checked with these rules (every problem raises
        at once). ``False`` checks only that the frame is a typed preferans log.

    Returns
    -------
    pandas.DataFrame
        The deals in the given order with every original column, plus (seat i is
        the log's ``player{i}``; seat 4 is 0 in a 3-player game; "int" columns
        are int32 but ``players``):

        - ``players`` (int): 3 or 4.
        - ``declarer_seat``, ``dealer_seat`` (Int8, 1..4): NA when blank.
        - ``outcome`` (category): all_pass, both_pass, half_whist, made, failed,
          misere_made, misere_failed.
        - ``value`` (int, points): V of the contract (misère 10); on an all-pass
          deal the price of a trick.
        - ``whisters`` (int): 0, 1 or 2 (a half-whist is 0; one played out
          under ``Rules(half_whist="played")`` is 1).
        - ``undertricks`` (int, tricks): short of the contract; misère: taken.
        - ``shortfall`` (int, tricks): the whisters' tricks short of their obligation.
        - ``pool_{i}``, ``mountain_{i}`` (int, points): what seat i wrote on this
          deal, after the pools' cap; a surplus nobody took is negative mountain.
        - ``whists_{i}_on_{j}`` (int, whists): whists seat i wrote on seat j
          (trick whists, consolation, half-whist, Rostov all-pass, overflow).
        - ``overflow`` (int, points): pool points written beyond a closed pool.
        - ``pool_sheet_{i}``, ``mountain_sheet_{i}`` (int, points): the running
          totals of the paper sheet after this deal.
        - ``net_{i}`` (float, whists): the deal by the exact settlement formula,
          a(P_i - mean P) + b(mean M - M_i) + sum_j (W[i][j] - W[j][i]); a deal sums
          to 0 and a game's deals sum to its exact settlement.
        - ``pool_target`` (int, points): the log's, else ``rules.pool_target``.
        - ``after_end`` (bool): the game was already over before this deal.
        - ``game_over`` (bool): the game is over after this deal.

        The frame carries the rules it was scored with (``.cardscore.rules``).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.preferans.scoring import score
    >>> deals = csf.read_log("sample_data/preferans_season.csv", game="preferans")
    >>> scored = score(deals)
    >>> bool(scored.groupby("game_id")["game_over"].last().all())
    True
    """
    if is_results_log(deals, "preferans"):
        return score_results(deals, "preferans", rules=rules, validate=validate)
    if is_points_log(deals, SCHEMA, POINTS_SCHEMA):
        return score_points(deals, rules=rules, validate=validate)
    deals, rules = prepare_log(deals, SCHEMA, PreferansRules, rules, validate=validate)
    check_options(rules)
    walk = take_kept(deals, WALK, rules)  # the walk the log's validation did
    index = deals.index
    frame = deals.reset_index(drop=True)
    out = _assemble(frame, compute(frame, rules, walk))
    out.index = index
    return stamp(out, game="preferans", kind="scored", rules=rules)


def _seat_number(seat: np.ndarray) -> pd.arrays.IntegerArray:
    """0-based seats as 1..4, NA where -1."""
    return pd.arrays.IntegerArray((seat + 1).astype(np.int8), seat < 0)


def _seat_columns(values: np.ndarray, prefix: str) -> pd.DataFrame:
    """A (4, N) array as the columns ``{prefix}_1`` .. ``{prefix}_4`` (no copy)."""
    return pd.DataFrame(
        values.T, columns=[f"{prefix}_{i}" for i in SEAT_RANGE], copy=False
    )


def _assemble(deals: pd.DataFrame, res: ScoredArrays) -> pd.DataFrame:
    """The result columns after the log's (which they replace when present)."""
    st, effect = res.seats, res.effect
    head = pd.DataFrame(
        {
            "players": res.n,
            "declarer_seat": _seat_number(st.declarer),
            "dealer_seat": _seat_number(st.dealer),
            "outcome": pd.Categorical.from_codes(
                effect.outcome, categories=pd.Index(OUTCOMES, dtype=TEXT)
            ),
            **{
                name: getattr(effect, name).astype(np.int32, copy=False)
                for name in ("value", "whisters", "undertricks", "shortfall")
            },
        },
        copy=False,  # arrays of this scoring only, each in one column
    )
    tail = pd.DataFrame(
        {
            "pool_target": res.target,
            "after_end": res.after_end,
            "game_over": res.game_over,
        },
        copy=False,
    )
    kept = deals.drop(columns=[c for c in SCORE_COLUMNS if c in deals])
    return pd.concat(
        [
            kept,
            head,
            _seat_columns(res.pool, "pool"),
            _seat_columns(res.mountain, "mountain"),
            pd.DataFrame(res.block.T, columns=list(BLOCK_COLUMNS), copy=False),
            _seat_columns(res.net, "net"),
            tail,
        ],
        axis=1,
    )
