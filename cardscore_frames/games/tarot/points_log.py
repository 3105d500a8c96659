"""The tarot points-only log: each player's score per deal, as score keepers export it.

One row per deal: ``game_id``, ``deal``, ``player1 .. player5`` (seating order,
blank beyond the table, as in the deal log) and ``score1 .. score5`` (tarot points,
whole numbers: the score of the player in the same seat), optional ``sits_out``
(the player who sat the deal out at a 5-seat table: his score is 0), and the
metadata columns. Every deal sums to 0 (docs/games/tarot.md "Who pays whom").

    game_id,deal,player1,player2,player3,player4,player5,score1,score2,score3,score4,score5
    1,2,Amélie,Bastien,Gaëlle,Julien,,-30,90,-30,-30,

:func:`score` keeps the log and adds each seat's running total (the cumul of a
score sheet); :func:`to_ledger` gives the common ledger, role ``player`` (or
``sitting_out``), so that results, standings, head to head and ratings read it as
they read a deal log's ledger. A points log does not say who took, so nothing
that needs the contract (a player's profile as taker) can be worked out from it.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames.checking import METADATA_COLUMNS, Field, Problems, Schema, stamp
from cardscore_frames.checking.seats import seats_taken
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
from cardscore_frames.games.tarot.rules import Rules, TarotRules
from cardscore_frames.games.tarot.seats import PLAYERS, seat_of, seated
from cardscore_frames.games.tarot.vocabulary import HEADINGS

__all__ = [
    "POINTS_SCHEMA",
    "SCORES",
    "POINTS_SCORE_COLUMNS",
    "POINTS_ROLES",
    "score_points",
    "points_to_ledger",
    "to_points",
]

#: Each seat's score column, beside ``PLAYERS``.
SCORES = tuple(f"score{i}" for i in range(1, 6))
#: What ``score`` adds to a points log: the players and each seat's running total.
POINTS_SCORE_COLUMNS = ("players", *(f"total{i}" for i in range(1, 6)))
#: Ledger roles of a points log (the game's ``ROLES`` hold them too).
POINTS_ROLES = ("player", "sitting_out")

FIELDS = (
    Field("game_id", "id"),
    Field("deal", "int", low=1),
    *(Field(p, "name", required=i < 3, blank=i >= 3) for i, p in enumerate(PLAYERS)),
    *(Field(s, "int", required=i < 3, blank=True) for i, s in enumerate(SCORES)),
    Field("sits_out", "name", required=False, blank=True),
)


def check_points(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Seats, scores, the sitter-out, and every deal summing to 0."""
    present = check_seats_filled(deals, problems, PLAYERS, (3, 5))
    check_distinct_names(deals, problems, PLAYERS)
    check_seat_scores(deals, problems, PLAYERS, SCORES, present)
    out = seat_of(deals, "sits_out")
    given = deals["sits_out"].notna().to_numpy()
    problems.add(
        given & (out < 0),
        "sits_out",
        "not_seated",
        "sits_out must be one of the deal's players; got {value}",
    )
    problems.add(
        given & (out >= 0) & (seats_taken(present) < 4),
        "sits_out",
        "sits_out_small_table",
        "a player can sit out only at a table of 4 or 5 (3 must play); got {value}",
    )
    scores = np.column_stack(
        [deals[s].to_numpy(dtype=float, na_value=0.0) for s in SCORES]
    )
    own = scores[np.arange(len(deals)), np.maximum(out, 0)]
    problems.add(
        (out >= 0) & (own != 0),
        "sits_out",
        "sitting_out_scored",
        "{value} sits the deal out and scores 0; got {score}",
        score=own,
    )
    check_zero_sum(deals, problems, "tarot", SCORES, "score1")


#: The tarot points-only log: ``read_log(path, game="tarot", kind="points")``.
POINTS_SCHEMA = Schema(
    headings=HEADINGS,
    game="tarot",
    fields=FIELDS,
    checks=(check_points,),
    kind="points",
    prepare=named_seats(
        (*METADATA_COLUMNS, *(f.name for f in FIELDS)), PLAYERS, SCORES
    ),
)


def score_points(
    deals: pd.DataFrame, *, rules: Rules | None = None, validate: bool = True
) -> pd.DataFrame:
    """A tarot points log, checked, with ``players`` (int: players seated, less
    one sitting out) and ``total1 .. total5`` (float, points: each seat's running
    total in its game, in deal order; 0 on an empty seat). What ``tarot.score``
    does with a points log."""
    deals, rules = prepare_log(
        deals, POINTS_SCHEMA, TarotRules, rules, validate=validate
    )
    out_seat = seat_of(deals, "sits_out")
    added = {"players": seats_taken(seated(deals)) - (out_seat >= 0)}
    totals = running_totals(deals, SCORES)
    for i, total in enumerate(totals, start=1):
        added[f"total{i}"] = total
    kept = deals.drop(columns=[c for c in POINTS_SCORE_COLUMNS if c in deals])
    out = pd.concat([kept, pd.DataFrame(added, index=deals.index)], axis=1)
    return stamp(out, game="tarot", kind="scored", rules=rules)


def points_to_ledger(
    scored: pd.DataFrame, *, rules: Rules | None = None
) -> pd.DataFrame:
    """The common ledger of a tarot points log: each seat's score on each deal,
    role ``player`` (``sitting_out`` for the player named in ``sits_out``), and
    ``misere_points`` 0 (a points log does not split the misère out)."""
    scored, rules = ensure_scored(
        scored, "tarot", score_points, POINTS_SCORE_COLUMNS, rules
    )
    scores = np.column_stack(
        [scored[s].to_numpy(dtype=np.float64, na_value=0.0) for s in SCORES]
    )
    roles = np.zeros(scores.shape, dtype=np.int8)
    out = seat_of(scored, "sits_out")
    rows = np.flatnonzero(out >= 0)
    roles[rows, out[rows]] = 1
    return _ledger.from_wide(
        scored,
        PLAYERS,
        scores,
        game="tarot",
        roles=roles,
        role_names=POINTS_ROLES,
        extra={"misere_points": 0.0},
    )


def to_points(ledger: pd.DataFrame) -> pd.DataFrame:
    """The points-only log of a tarot ledger: what a score keeper exporting only
    each player's score per deal writes (see the module's columns).

    Parameters
    ----------
    ledger : pandas.DataFrame
        A tarot ledger (``tarot.to_ledger``), of a deal log or of a points
        log; or what ``tarot.score`` returned (or a log), which goes through
        ``tarot.to_ledger`` first.

    Returns
    -------
    pandas.DataFrame
        One row per (game, deal): the metadata columns the ledger fills, then
        ``game_id``, ``deal``, ``player1 .. player5``, ``score1 .. score5``
        (Int64, points) and ``sits_out``; ``read_log(..., kind="points")`` reads it back
        to the same ledger scores.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> points = csf.tarot.to_points(ledger)
    >>> points[["deal", "player1", "player2", "score1", "score2", "score3"]].head(2)
       deal player1  player2  score1  score2  score3
    0     1  Amélie  Bastien       0       0       0
    1     2  Amélie  Bastien     -30      90     -30
    """
    ledger = as_ledger(ledger, get_game("tarot").to_ledger)
    ledger = ledger.loc[(ledger["game"] == "tarot").to_numpy()]
    out = wide_from_ledger(ledger, PLAYERS, SCORES, {"sits_out": "sitting_out"})
    for column in SCORES:  # tarot points are whole
        out[column] = out[column].round().astype("Int64")
    return labelled(out, "tarot")
