"""The arithmetic of docs/games/belot.md on numpy arrays, all deals at once.

:func:`deal_points` is rules 1-7 (one deal's points), :func:`protocol` is rule 8 (the
running totals and the end of each match). Both the scorer and the log check that
finds deals logged after a match was decided use them, so the two cannot disagree.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking import GameIndex, filled, game_index, running_sum
from cardscore_frames.checking.values import is_in
from cardscore_frames.games.belot.rules import (
    ALL_TRICKS_BASE_COST,
    ALL_TRICKS_WHISTS,
    BASE_COST,
    BELA_POINTS,
    BELA_WHISTS,
    CAPO_BASE_COST,
    DECK_WHISTS,
    DOUBLING_FACTOR,
    NO_TRUMP,
    TRICKS,
    WHISTS_PER_POINT,
    Rules,
)

__all__ = [
    "ARRAYS",
    "DealInputs",
    "DealPoints",
    "Protocol",
    "inputs",
    "deal_points",
    "protocol",
    "score_arrays",
]

#: ``DealPoints.bait`` codes: who is marked БТ (Байт).
BAIT_NONE, BAIT_DECLARERS, BAIT_DEFENDERS = 0, 1, 2


class DealInputs(NamedTuple):
    """One array per log column the arithmetic reads (blank numbers read as 0)."""

    declarer_a: np.ndarray  # bool: pair a declared
    capo: np.ndarray  # bool
    no_trump: np.ndarray  # bool
    doubling: np.ndarray  # 1, 2 or 4
    bid: np.ndarray  # N, points
    capo_bid: np.ndarray  # K, points
    tricks: np.ndarray  # the declarers' tricks, 0-8
    vtp: np.ndarray  # the declarers' card whists
    vcp: np.ndarray  # the declarers' construction whists
    vcv: np.ndarray  # the defenders' construction whists
    bela_declarers: np.ndarray  # bool: the ``bela`` column names the declaring pair


class DealPoints(NamedTuple):
    """Rules 1-7 for every deal; whists and points are int64 arrays."""

    made: np.ndarray  # bool
    vp: np.ndarray  # Vp, declarers' whists after rule 1 (and the all-tricks bonus)
    vv: np.ndarray  # Vv, defenders' whists
    pc: np.ndarray  # PC, contract points (doubled)
    pp: np.ndarray  # Pp, declarers' points for whists
    pv: np.ndarray  # Pv, defenders' points for whists
    declarers: np.ndarray  # the declaring pair's points for the deal
    defenders: np.ndarray  # the defending pair's points for the deal
    bait: np.ndarray  # BAIT_NONE, BAIT_DECLARERS or BAIT_DEFENDERS
    points_a: np.ndarray  # the same points by pair
    points_b: np.ndarray


def _ints(deals: pd.DataFrame, column: str) -> np.ndarray:
    if column not in deals:  # an optional column left out of the log
        return np.zeros(len(deals), dtype=np.int64)
    return filled(deals[column], np.int64, 0)


def _is(deals: pd.DataFrame, column: str, value: str) -> np.ndarray:
    return is_in(deals[column], (value,))


def inputs(deals: pd.DataFrame) -> DealInputs:
    """The arrays of a typed belot log (blank or unreadable numbers read as 0)."""
    declarer_a = _is(deals, "declarer", "a")
    if "bela" in deals:
        bela = np.where(declarer_a, _is(deals, "bela", "a"), _is(deals, "bela", "b"))
    else:
        bela = np.zeros(len(deals), dtype=bool)
    doubling = np.ones(len(deals), dtype=np.int64)  # blank or unreadable: none
    for name, factor in DOUBLING_FACTOR.items():
        doubling[_is(deals, "doubling", name)] = factor
    return DealInputs(
        declarer_a=declarer_a,
        capo=deals["capo"].to_numpy(dtype=bool, na_value=False),
        no_trump=_is(deals, "contract", NO_TRUMP),
        doubling=doubling,
        bid=_ints(deals, "bid"),
        capo_bid=_ints(deals, "capo_bid"),
        tricks=_ints(deals, "declarer_tricks"),
        vtp=_ints(deals, "declarer_card_points"),
        vcp=_ints(deals, "declarer_declarations"),
        vcv=_ints(deals, "defender_declarations"),
        bela_declarers=bela,
    )


def deal_points(x: DealInputs, rules: Rules) -> DealPoints:
    """Rules 1-7 of docs/games/belot.md, with the options of ``rules``."""
    # An option that is off costs no pass over the deals.
    zero, all8 = x.tricks == 0, x.tricks == TRICKS
    bela_kept = rules.bela_kept & x.bela_declarers if rules.bela_kept else None
    vcp, vcv = _declarations(x, rules, zero, bela_kept)  # rule 1
    vtp, vtv, cost, shut_out = _card_whists(x, rules, zero, all8)
    vp, vv = vtp + vcp, vtv + vcv  # rule 2
    by_bid = rules.capo_scoring == "bid"
    # the seed's capo deals are few: their own rules are written into their rows
    capo = np.flatnonzero(x.capo) if not by_bid else np.empty(0, dtype=np.intp)
    # a capo bid of Blot Star names its level N in ``capo_bid``
    n = np.where(x.capo, x.capo_bid, x.bid) if by_bid else x.bid
    made = vp >= WHISTS_PER_POINT * n  # rule 3
    if by_bid:
        made &= all8 | ~x.capo  # a capo bid also needs every trick
    else:
        made[capo] = all8[capo]
    pc = _contract_points(x, rules, n, capo)  # rule 5
    pp, pv = _whist_points(rules, capo, made, vp, vv, vcp, vcv, cost)  # rule 6
    declarers, defenders = _result(x, rules, made, pc, pp, pv, vcv, shut_out)
    if bela_kept is not None:
        keeps = bela_kept & ~made
        declarers = declarers + np.where(keeps, BELA_POINTS, 0)
        defenders = defenders - np.where(keeps, BELA_POINTS, 0)
    doubled = x.doubling > 1
    bait = np.where(
        made,
        np.where(doubled, np.int8(BAIT_DEFENDERS), np.int8(BAIT_NONE)),
        np.int8(BAIT_DECLARERS),
    )
    return DealPoints(
        made=made,
        vp=vp,
        vv=vv,
        pc=pc,
        pp=pp,
        pv=pv,
        declarers=declarers,
        defenders=defenders,
        bait=bait,
        points_a=np.where(x.declarer_a, declarers, defenders),
        points_b=np.where(x.declarer_a, defenders, declarers),
    )


def _declarations(x: DealInputs, rules: Rules, zero, bela_kept):
    """Rule 1: a trickless declarers' constructions go to the defenders (a kept
    Бэла stays with them under the "Бэла kept on failure" option); VCp, VCv."""
    if not rules.trickless_transfer:
        return x.vcp, x.vcv
    kept = (
        0
        if bela_kept is None
        else np.where(bela_kept, np.minimum(x.vcp, BELA_WHISTS), 0)
    )
    moved = np.where(zero, x.vcp if bela_kept is None else x.vcp - kept, 0)
    return x.vcp - moved, x.vcv + moved


def _card_whists(x: DealInputs, rules: Rules, zero, all8):
    """VTp, VTv, the base cost C (rule 4) and, under the all-tricks bonus, the
    deals whose defenders took every trick (else None)."""
    vtp, vtv = x.vtp, DECK_WHISTS - x.vtp
    if not rules.all_tricks_bonus:
        return vtp, vtv, BASE_COST, None
    bonus = zero | all8
    if rules.capo_scoring == "base":  # the seed's capo has a cost of its own
        bonus &= ~x.capo
    vtp = vtp + np.where(bonus & all8, ALL_TRICKS_WHISTS, 0)
    vtv = vtv + np.where(bonus & zero, ALL_TRICKS_WHISTS, 0)
    return vtp, vtv, np.where(bonus, ALL_TRICKS_BASE_COST, BASE_COST), bonus & zero


def _contract_points(x: DealInputs, rules: Rules, n, capo):
    """Rule 5: PC, with the no-trump options; the seed's capo rows 25 + K."""
    counted = n * np.where(x.no_trump, 2, 1) if rules.no_trump_double else n
    pc = counted * x.doubling
    if rules.no_trump_adds_bid:  # N × 2, 3, 5 in no-trump
        pc += np.where(x.no_trump, n, 0)
    pc[capo] = (CAPO_BASE_COST + x.capo_bid[capo]) * x.doubling[capo]
    return pc


def _tens(whists, rules: Rules):
    """Whists rounded to tens, a trailing 5 as the rules say, in points."""
    out = whists + (5 if rules.trailing_five == "up" else 4)
    out //= WHISTS_PER_POINT
    return out


def _result(x: DealInputs, rules: Rules, made, pc, pp, pv, vcv, shut_out):
    """Rule 7, the result table: each side's points for the deal."""
    # Made, the declarers score PC + Pp, and Pv too when doubled (unless the
    # rules leave the defenders theirs); the defenders Pv, or nothing.
    if rules.contra_takes_all:
        theirs = np.where(x.doubling > 1, pv, 0)  # the Pv the declarers take
        declarers = pc + pp
        declarers += theirs
        defenders = np.subtract(pv, theirs, out=theirs)
    else:
        declarers, defenders = pc + pp, pv.copy()
    failed = ~made
    if rules.failed_payout == "whists":  # failed: the defenders score everything
        np.add(defenders, declarers, out=defenders, where=failed)
    else:  # failed: PC + the deck's 16 (25 when shut out) + their declarations
        deck = (
            BASE_COST
            if shut_out is None
            else np.where(shut_out, ALL_TRICKS_BASE_COST, BASE_COST)
        )
        defenders = np.where(failed, pc + deck + _tens(vcv, rules), defenders)
    declarers *= made
    return declarers, defenders


def _whist_points(rules, capo, made, vp, vv, vcp, vcv, cost):
    """Rule 6: Pp and Pv, ordinary contracts and capo (the rows ``capo``)."""
    pv = _tens(vv, rules)
    if rules.whist_rounding == "each":  # each side rounded on its own
        pp = _tens(vp, rules)
    else:
        # (each formula written into its first new array: no temporary per step)
        pp = vp + vv
        pp -= WHISTS_PER_POINT * pv
        pp //= WHISTS_PER_POINT
        # "Pv + Pp never exceeds C + (VCp + VCv)/10": any excess comes off Pp.
        most = vcp + vcv
        most //= WHISTS_PER_POINT
        most += cost
        most -= pv
        np.minimum(pp, most, out=pp)
        del most
    capo_base = CAPO_BASE_COST  # a failed capo costs the same, unless the rules say
    if rules.failed_capo_base != CAPO_BASE_COST:
        capo_base = np.where(made[capo], CAPO_BASE_COST, rules.failed_capo_base)
    pp[capo] = capo_base + vcp[capo] // WHISTS_PER_POINT  # the rows ``capo``
    pv[capo] = vcv[capo] // WHISTS_PER_POINT
    return pp, pv


#: The name under which a log's validation keeps :func:`score_arrays` (all
#: deals valid) and its games' index, for the scorer.
ARRAYS = "belot_arrays"


def score_arrays(
    deals: pd.DataFrame,
    rules: Rules,
    valid: np.ndarray | None = None,
    index: GameIndex | None = None,
) -> tuple[DealInputs, DealPoints, Protocol]:
    """Rules 1-8 on a log: its arrays, every deal's points and the protocol."""
    x = inputs(deals)
    pts = deal_points(x, rules)
    index = game_index(deals) if index is None else index
    proto = protocol(index, pts.points_a, pts.points_b, rules.target, valid=valid)
    return x, pts, proto


class Protocol(NamedTuple):
    """Rule 8 for every deal, in the rows' own order."""

    total_a: np.ndarray  # pair a's running total after the deal
    total_b: np.ndarray
    ends: np.ndarray  # bool: this deal decided the match
    after: np.ndarray  # bool: the match was decided by an earlier deal
    end_row: np.ndarray  # for ``after`` rows, the row of the deciding deal; else -1


def protocol(
    index: GameIndex,
    points_a: np.ndarray,
    points_b: np.ndarray,
    target: int,
    valid: np.ndarray | None = None,
) -> Protocol:
    """Running totals per match in deal order, and where each match ends.

    Rows may come in any order. A match ends after the first deal at which a
    pair's total reaches ``target`` and the totals differ (equal totals play on).
    With ``valid``, a match can only be seen to end once every deal up to that
    point is valid. Rows of no match (a blank game id) get zeros.
    """
    ta = running_sum(points_a, index)
    tb = running_sum(points_b, index)
    over = (np.maximum(ta, tb) >= target) & (ta != tb) & (index.codes >= 0)
    if valid is not None and not valid.all():
        over &= running_sum((~valid).astype(np.int64), index) == 0
    seen = running_sum(over.astype(np.int64), index)
    ends, after = over & (seen == 1), (seen - over) > 0
    # the deciding deal of each match, for the rows after it
    n_games = index.n_games
    end_of = np.full(n_games + 1, -1, dtype=np.int64)
    end_rows = np.flatnonzero(ends)
    end_of[index.codes[end_rows]] = end_rows
    end_row = np.where(after, end_of[index.codes], -1)
    return Protocol(ta, tb, ends, after, end_row)
