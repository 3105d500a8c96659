"""The preferans points-only log: each player's whists per deal.

What a calculator that keeps only the balance writes: one row per deal,
``game_id`` (the pool), ``deal``, ``player1 .. player4`` (seating order,
``player4`` blank at 3 players) and ``score1 .. score4`` (whists the player in
that seat won (+) or lost (-) on the deal: the deal by the exact settlement
formula, docs/games/preferans.md "Each deal's effect"), and the metadata
columns. Every deal sums to 0 (within 1e-6: thirds of a whist need 7 decimals),
and the table does not change during a pool.

    game_id,deal,player1,player2,player3,player4,score1,score2,score3,score4
    1,2,Zoya,Kira,Anna,,46.6666667,42.6666667,-89.3333333,

A pool's balance is the sum of its deals: :func:`to_ledger` gives the common
ledger (role ``player``; ``pool``, ``mountain``, ``whists_written`` and
``whists_received`` blank, since the log does not say), and ``results`` ranks the
pool's players by it. There is no sheet to settle by the paper methods: a points
log holds the result, not the pools and mountains it came from.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames.checking import (
    METADATA_COLUMNS,
    Field,
    Problems,
    Schema,
    game_index,
    stamp,
)
from cardscore_frames.checking.seats import same_name, seated, seats_taken
from cardscore_frames.contract import ensure_scored, get_game, prepare_log
from cardscore_frames.games.points_logs import (
    as_ledger,
    check_distinct_names,
    check_seat_scores,
    check_seats_filled,
    check_zero_sum,
    labelled,
    named_seats,
    running_totals,
    wide_from_ledger,
)
from cardscore_frames.games.preferans.arithmetic.seats import PLAYERS
from cardscore_frames.games.preferans.rules import PLAYER_COUNTS, PreferansRules, Rules
from cardscore_frames.games.preferans.vocabulary import HEADINGS

__all__ = [
    "POINTS_SCHEMA",
    "SCORES",
    "POINTS_SCORE_COLUMNS",
    "score_points",
    "points_to_ledger",
    "to_points",
]

#: Each seat's whists on the deal, beside ``PLAYERS``.
SCORES = tuple(f"score{i}" for i in range(1, len(PLAYERS) + 1))
#: What ``score`` adds: the players and each seat's running balance.
POINTS_SCORE_COLUMNS = ("players", *(f"total{i}" for i in range(1, len(PLAYERS) + 1)))

FIELDS = (
    Field("game_id", "id"),
    Field("deal", "int", low=1),
    *(Field(p, "name", required=i < 3, blank=i >= 3) for i, p in enumerate(PLAYERS)),
    *(Field(s, "number", required=i < 3, blank=True) for i, s in enumerate(SCORES)),
)


def check_points(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Seats and scores, the same table all pool long, every deal summing to 0."""
    present = check_seats_filled(deals, problems, PLAYERS, PLAYER_COUNTS)
    check_distinct_names(deals, problems, PLAYERS)
    check_seat_scores(deals, problems, PLAYERS, SCORES, present)
    first = problems.cached("games", lambda: game_index(deals, "deal")).first_of()
    for col in PLAYERS:
        here, there = deals[col], deals[col].iloc[first].set_axis(deals.index)
        same = same_name(here, there) | (here.isna() & there.isna()).to_numpy()
        problems.add(
            ~same,
            col,
            "players_change",
            f"{col} must be the same in every deal of a game (the table does not "
            "change during a pool); got {value}, the game's first row has {other}",
            other=there.astype(object).fillna("blank"),
        )
    check_zero_sum(deals, problems, "preferans", SCORES, "score1")


#: The preferans points-only log: ``read_log(path, game="preferans", kind="points")``.
POINTS_SCHEMA = Schema(
    headings=HEADINGS,
    game="preferans",
    fields=FIELDS,
    checks=(check_points,),
    kind="points",
    prepare=named_seats(
        (*METADATA_COLUMNS, *(f.name for f in FIELDS)), PLAYERS, SCORES
    ),
    reject="game",
)


def score_points(
    deals: pd.DataFrame, *, rules: Rules | None = None, validate: bool = True
) -> pd.DataFrame:
    """A points log, checked, with ``players`` (int: 3 or 4) and ``total1 ..
    total4`` (float, whists: each seat's running balance in its pool, in deal
    order; 0 on an empty seat). What ``preferans.score`` does with a points log."""
    deals, rules = prepare_log(
        deals, POINTS_SCHEMA, PreferansRules, rules, validate=validate
    )
    added = {"players": seats_taken(seated(deals, PLAYERS))}
    for i, total in enumerate(running_totals(deals, SCORES), start=1):
        added[f"total{i}"] = total
    kept = deals.drop(columns=[c for c in POINTS_SCORE_COLUMNS if c in deals])
    out = pd.concat([kept, pd.DataFrame(added, index=deals.index)], axis=1)
    return stamp(out, game="preferans", kind="scored", rules=rules)


def points_to_ledger(
    scored: pd.DataFrame, *, rules: Rules | None = None
) -> pd.DataFrame:
    """The common ledger of a points log: each seat's whists on each deal, role
    ``player``; ``pool``, ``mountain``, ``whists_written`` and ``whists_received``
    blank (NaN): the log does not say."""
    scored, rules = ensure_scored(
        scored, "preferans", score_points, POINTS_SCORE_COLUMNS, rules
    )
    scores = np.column_stack(
        [scored[s].to_numpy(dtype=np.float64, na_value=0.0) for s in SCORES]
    )
    unknown = np.full(scores.shape, np.nan)
    return _ledger.from_wide(
        scored,
        PLAYERS,
        scores,
        game="preferans",
        roles=np.zeros(scores.shape, dtype=np.int8),
        role_names=("player",),
        extra={
            c: unknown
            for c in ("pool", "mountain", "whists_written", "whists_received")
        },
    )


def to_points(ledger: pd.DataFrame) -> pd.DataFrame:
    """The points-only log of a preferans ledger: each player's whists per deal.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A preferans ledger (``preferans.to_ledger``), of a deal log or of a points
        log; or what ``preferans.score`` returned (or a log), which goes through
        ``preferans.to_ledger`` first.

    Returns
    -------
    pandas.DataFrame
        One row per (game, deal): the metadata columns the ledger fills, then
        ``game_id``, ``deal``, ``player1 .. player4``, ``score1 .. score4``
        (whists); ``read_log(..., kind="points")`` reads it back to the same
        ledger scores.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> scored = csf.preferans.score(csf.load_example("preferans"))
    >>> points = csf.preferans.to_points(csf.preferans.to_ledger(scored))
    >>> points[["deal", "player1", "score1", "score2", "score3"]].head(2).round(3)
       deal player1  score1  score2  score3
    0     1    Zoya  -6.667  -2.667   9.333
    1     2    Zoya  46.667  42.667 -89.333
    """
    ledger = as_ledger(ledger, get_game("preferans").to_ledger)
    ledger = ledger.loc[(ledger["game"] == "preferans").to_numpy()]
    return labelled(wide_from_ledger(ledger, PLAYERS, SCORES), "preferans")
