"""The belot points-only log: the paper протокол, each pair's points per deal.

A Bazar-Belot protocol (docs/games/belot.md rule 8, docs/guide/excel.md)
keeps one column per pair and the deal's points in it; the cards, bids and
declarations are not written down. One row per deal: ``game_id`` (the match),
``deal``, ``a1, a2, b1, b2`` (the pairs), ``points_a``, ``points_b`` (whole
points, 0 or more), optional ``declarer`` (a or b, the pair that named the
contract, when the protocol shows it) and ``bait`` (none, a or b: the pair marked
БТ), and the metadata columns.

    game_id,deal,a1,a2,b1,b2,points_a,points_b,declarer,bait
    1,1,Tigran,Anush,Davit,Gayane,6,28,b,

Checked as a protocol is: four different players, the same pairs all through a
match, every deal worth at least the minimum bid (rules 5 and 7: the deal's
whole value, PC + Pp + Pv, goes to one pair or is split), a БТ only on a pair
that scored nothing on the deal (the declarers of a failed contract, the
defenders of a doubled make; under ``bela_kept`` the declarers keep 2), and no
deal after the one whose running total decided the match (rule 8, the same
arithmetic as the deal log's, :func:`~.arithmetic.protocol`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames._compat import TEXT
from cardscore_frames.checking import (
    METADATA_COLUMNS,
    Field,
    Problems,
    Schema,
    game_index,
    stamp,
)
from cardscore_frames.contract import ensure_scored, get_game, prepare_log
from cardscore_frames.games.belot.arithmetic import protocol
from cardscore_frames.games.belot.rules import BELA_POINTS, PAIRS, BelotRules, Rules
from cardscore_frames.games.belot.schema import (
    PLAYERS,
    check_pairs,
    check_players,
    report_after_match,
)
from cardscore_frames.games.belot.vocabulary import POINTS as WORDS
from cardscore_frames.games.belot.vocabulary import HEADINGS

__all__ = [
    "POINTS_SCHEMA",
    "POINTS_SCORE_COLUMNS",
    "POINTS_ROLES",
    "score_points",
    "points_to_ledger",
    "to_points",
]

#: What ``score`` adds to a protocol: the running totals and the match's end.
POINTS_SCORE_COLUMNS = ("total_a", "total_b", "match_over", "winner")
#: Ledger roles of a protocol: the declaring pair when it is written, else player.
POINTS_ROLES = ("declarer", "defender", "player")

FIELDS = (
    Field("game_id", "id"),
    Field("deal", "int", low=1),
    *(Field(p, "name") for p in PLAYERS),
    Field("points_a", "int", low=0),
    Field("points_b", "int", low=0),
    Field(
        "declarer",
        "choice",
        required=False,
        blank=True,
        choices=PAIRS,
        vocabulary=WORDS["declarer"],
    ),
    Field(
        "bait",
        "choice",
        required=False,
        choices=("none", *PAIRS),
        vocabulary=WORDS["bait"],
        default="none",
    ),
)


def _points(deals: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    return (
        deals["points_a"].to_numpy(dtype=np.int64, na_value=0),
        deals["points_b"].to_numpy(dtype=np.int64, na_value=0),
    )


def check_values(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """A deal's whole value at least the minimum bid; БТ on a pair left with 0."""
    pa, pb = _points(deals)
    known = deals["points_a"].notna().to_numpy() & deals["points_b"].notna().to_numpy()
    problems.add(
        known & (pa + pb < rules.min_bid),
        "points_b",
        "below_minimum",
        f"points_a + points_b is the deal's whole value, at least the minimum bid "
        f"{rules.min_bid} (Rules.min_bid); got {{a}} + {{value}}",
        a=pa,
    )
    kept = BELA_POINTS if rules.bela_kept else 0
    for pair, own in zip(PAIRS, (pa, pb), strict=True):
        marked = (deals["bait"] == pair).to_numpy(dtype=bool, na_value=False)
        problems.add(
            marked & (own > kept),
            "bait",
            "bait_with_points",
            f"bait {pair} marks a pair that scored nothing on the deal (failed "
            f"declarers, or defenders of a doubled make); pair {pair} has "
            f"points_{pair} {{own}}",
            own=own,
        )


def check_after_match(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Rule 8: no deal after the one that decided its match."""
    index = problems.cached("games", lambda: game_index(deals, "deal"))
    pa, pb = _points(deals)
    proto = protocol(index, pa, pb, rules.target, valid=~problems.bad)
    report_after_match(deals, problems, proto, rules)


#: The belot protocol: ``read_log(path, game="belot", kind="points")``.
POINTS_SCHEMA = Schema(
    headings=HEADINGS,
    game="belot",
    fields=FIELDS,
    checks=(check_players, check_pairs, check_values, check_after_match),
    kind="points",
    reject="game",
)


def score_points(
    deals: pd.DataFrame, *, rules: Rules | None = None, validate: bool = True
) -> pd.DataFrame:
    """A protocol, checked, with the columns ``belot.score`` gives a deal log for
    the match: ``total_a``, ``total_b`` (int, points: the running totals),
    ``match_over`` (bool: this deal decided the match) and ``winner`` (category
    a/b, on that deal only). What ``belot.score`` does with a points log."""
    deals, rules = prepare_log(
        deals, POINTS_SCHEMA, BelotRules, rules, validate=validate
    )
    pa, pb = _points(deals)
    proto = protocol(game_index(deals), pa, pb, rules.target)
    winner = np.where(proto.ends, np.where(proto.total_a > proto.total_b, 0, 1), -1)
    added = {
        "total_a": proto.total_a,
        "total_b": proto.total_b,
        "match_over": proto.ends,
        "winner": pd.Categorical.from_codes(winner, pd.Index(PAIRS, dtype=TEXT)),
    }
    kept = deals.drop(columns=[c for c in POINTS_SCORE_COLUMNS if c in deals])
    out = pd.concat([kept, pd.DataFrame(added, index=deals.index)], axis=1)
    return stamp(out, game="belot", kind="scored", rules=rules)


def points_to_ledger(
    scored: pd.DataFrame, *, rules: Rules | None = None
) -> pd.DataFrame:
    """The common ledger of a protocol: each player his pair's points for the
    deal, ``role`` declarer or defender where the protocol names the declaring
    pair (else ``player``), and the belot columns ``pair``, ``opponent_score``
    and ``match_won``, as ``belot.to_ledger`` gives them for a deal log."""
    scored, rules = ensure_scored(
        scored, "belot", score_points, POINTS_SCORE_COLUMNS, rules
    )
    pa, pb = (p[:, None] for p in _points(scored))
    is_a = np.array([True, True, False, False])  # the seats of PLAYERS
    declarer = scored["declarer"].cat.codes.to_numpy()[:, None]  # -1 blank, 0 a, 1 b
    ours = declarer == np.where(is_a, 0, 1)
    roles = np.where(declarer < 0, 2, np.where(ours, 0, 1))  # codes of POINTS_ROLES
    won = scored["winner"].cat.codes.to_numpy()[:, None]
    ledger = _ledger.from_wide(
        scored,
        PLAYERS,
        np.where(is_a, pa, pb),
        game="belot",
        roles=roles,
        role_names=POINTS_ROLES,
        extra={
            "pair": np.broadcast_to(np.array([0, 0, 1, 1], np.int8), (len(pa), 4)),
            "opponent_score": np.where(is_a, pb, pa).astype(np.float64),
            "match_won": np.where(won < 0, -1, won == np.where(is_a, 0, 1)),
        },
    )
    ledger["pair"] = pd.Categorical.from_codes(
        ledger["pair"].to_numpy(), pd.Index(PAIRS, dtype=TEXT)
    )
    won = ledger["match_won"].to_numpy()
    ledger["match_won"] = pd.arrays.BooleanArray(won == 1, won < 0)
    return ledger


def to_points(scored: pd.DataFrame) -> pd.DataFrame:
    """The protocol of scored belot deals: what a paper протокол keeps of them.

    Parameters
    ----------
    scored : pandas.DataFrame
        What ``belot.score`` returned for a deal log (or a protocol).

    Returns
    -------
    pandas.DataFrame
        One row per deal, in match and deal order: the metadata columns the log
        has, ``game_id``, ``deal``, ``a1, a2, b1, b2``, ``points_a``,
        ``points_b`` (points), ``declarer`` (a or b) and ``bait`` (none, a or
        b); ``read_log(..., kind="points")`` reads it back to the same matches.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> scored = csf.belot.score(csf.load_example("belot"))
    >>> points = csf.belot.to_points(scored)
    >>> points[["deal", "a1", "b1", "points_a", "points_b", "bait"]].head(2)
       deal      a1     b1  points_a  points_b  bait
    0     1  Tigran  Davit         6        28  none
    1     2  Tigran  Davit         9        22  none
    """
    if "points_a" not in scored:
        scored = get_game("belot").score(scored)
    meta = [c for c in METADATA_COLUMNS if c in scored and scored[c].notna().any()]
    keep = [*meta, "game_id", "deal", *PLAYERS, "points_a", "points_b"]
    keep += [c for c in ("declarer", "bait") if c in scored]
    rows = game_index(scored, "deal").order
    return scored[keep].iloc[rows].reset_index(drop=True)
