"""What one preferans deal writes, before the pools' cap: column arithmetic only.

docs/games/preferans.md "One deal": every deal of every game at once. The pool
points here are what the deal *wants* to write; deals_pool caps them and overflows
the surplus, the one step that depends on the deals before.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from cardscore_frames.games.preferans.arithmetic.seats import (
    ALL_PASS,
    HALF,
    LEVEL,
    MAX_SEATS,
    MISERE,
    WHIST,
    Seats,
    at_seat,
    seat_lookup,
)
from cardscore_frames.games.preferans.rules import (
    CONTRACT_VALUE,
    MISERE_VALUE,
    WHIST_OBLIGATION,
    Rules,
)

__all__ = [
    "OUTCOMES",
    "CORRECTION_OUTCOME",
    "Deal",
    "deal_effects",
    "with_corrections",
    "whists_on",
    "all_pass_prices",
]

#: The ``outcome`` of a deal, as ``score`` writes it.
OUTCOMES = (
    "all_pass",
    "both_pass",
    "half_whist",
    "made",
    "failed",
    "misere_made",
    "misere_failed",
    "correction",
)
#: The ``outcome`` code of a correction row.
CORRECTION_OUTCOME = OUTCOMES.index("correction")
#: V and O by level (index 0..10); 0 where there is no such contract.
_VALUE = np.array([CONTRACT_VALUE.get(lv, 0) for lv in range(11)], np.int32)
_OBLIGATION = np.array([WHIST_OBLIGATION.get(lv, 0) for lv in range(11)], np.int32)


class Deal(NamedTuple):
    """One deal's effect before the pools' cap, rows as given.

    Per-seat arrays are seat-major, (4, N). Points and whists of a deal fit easily
    in 32 bits: half the memory of int64, which is most of the time spent on a
    million deals.
    """

    pool: np.ndarray  # (4, N) int32: pool points each seat writes
    mountain: np.ndarray  # (4, N) int32
    on_declarer: np.ndarray  # (4, N) int32: whists each seat writes on the declarer
    low: np.ndarray | None  # (4, N) bool: Rostov all-pass, the fewest tricks ...
    owed: np.ndarray | None  # (4, N) int32: ... write this on each other player
    outcome: np.ndarray  # (N,): position in OUTCOMES
    value: np.ndarray  # (N,) int32: V (misère 10; all-pass: the price of a trick)
    whisters: np.ndarray  # (N,) int32: 0, 1 or 2
    undertricks: np.ndarray  # (N,) int32: tricks short (misère: tricks taken)
    shortfall: np.ndarray  # (N,) int32: tricks the whisters fell short of O
    #: the seat each deal's whists are written on: None for the declarer's (a
    #: log without corrections), else the declarer or a correction's whists_on
    target: np.ndarray | None = None


def _by_seat(size: int, *parts: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """(4, N) sums of (seat, amount) parts: amount[k] lands on seat[k] (-1: none).

    Each seat's row is written whole, as the sum of amount times "this part's
    seat is mine": four passes of arithmetic are faster than scattering into the
    (seat, deal) array, and comparing one-byte seats faster than eight-byte ones.
    One mask and one buffer serve every pass (fresh memory costs a fault a page).
    """
    small = [(seat.astype(np.int8), amount) for seat, amount in parts]
    out = np.empty((MAX_SEATS, size), np.int32)
    mine = np.empty(size, bool)
    term = np.empty(size, np.int32) if len(small) > 1 else None
    for s in range(MAX_SEATS):
        (seat, amount), *rest = small
        row = np.multiply(np.equal(seat, s, out=mine), amount, out=out[s])
        for seat, amount in rest:
            row += np.multiply(np.equal(seat, s, out=mine), amount, out=term)
    return out


def all_pass_prices(
    all_pass: np.ndarray,
    game: np.ndarray,
    rules: Rules,
    skip: np.ndarray | None = None,
) -> np.ndarray:
    """The price of a trick on each all-pass deal: ``all_pass_price`` by how many
    all-pass deals came just before it in its game (rows in game, deal order).
    Rows of ``skip`` (corrections) neither continue nor break a run; they get 0."""
    if skip is not None and skip.any():
        out = np.zeros(len(all_pass), np.int32)
        keep = ~skip
        out[keep] = all_pass_prices(all_pass[keep], game[keep], rules)
        return out
    index = np.arange(len(all_pass))
    breaks = ~all_pass | np.r_[True, game[1:] != game[:-1]]
    last_break = np.maximum.accumulate(breaks * index)
    # the all-pass deals of the run up to this one (1 for the first)
    run = index - last_break + all_pass[last_break]
    prices = np.asarray(rules.all_pass_price, dtype=np.int32)
    return all_pass * prices[np.minimum(run, len(prices)) - 1]


class _Hand(NamedTuple):
    """A contract deal seen from its roles: declarer, first and second defender."""

    level: np.ndarray
    value: np.ndarray
    obligation: np.ndarray
    w1: np.ndarray  # the first defender whists
    both: np.ndarray
    lone: np.ndarray
    t1: np.ndarray  # tricks of the first defender
    t2: np.ndarray
    under: np.ndarray  # the declarer's undertricks


def _trick_whists(h: _Hand, rules: Rules):
    """Whists per defenders' trick of the first and second defender; a lone
    whister writes for both hands (greedy) or shares with the passer when the
    declarer fails (gentleman).

    Masks times values, not selections: both, lone1 and lone2 never hold
    together, and a product is several times faster than ``np.where``.
    """
    per = rules.trick_whists * h.value
    alone = per * (h.t1 + h.t2)
    gentleman = h.lone & (h.under > 0) & (rules.lone_whist == "gentleman")
    shared = gentleman * (alone // 2)
    whister = alone + gentleman * (alone // 2 - alone)
    lone1, lone2 = h.lone & h.w1, h.lone & ~h.w1
    first = h.both * (per * h.t1) + lone1 * whister + lone2 * shared
    second = h.both * (per * h.t2) + lone2 * whister + lone1 * shared
    return first, second


def _whister_mountain(h: _Hand, rules: Rules):
    """Responsible whist: the whisters' missing tricks in their mountain."""
    short = ((h.both | h.lone) & rules.responsible_whist) * np.maximum(
        h.obligation - h.t1 - h.t2, 0
    )
    per = np.rint(rules.whister_shortfall * h.value).astype(np.int32)
    halves = h.both & (h.level <= 7)  # each must take O/2, capped at the shortfall
    own1 = np.minimum(np.maximum(h.obligation // 2 - h.t1, 0), short)
    own2 = np.minimum(np.maximum(h.obligation // 2 - h.t2, 0), short)
    whole1 = h.lone & h.w1  # a lone whister answers for the whole shortfall
    whole2 = h.lone & ~h.w1 | h.both & (h.level >= 8)  # on 8+: the second to whist
    # whole and halves never hold together (lone, or both below 8)
    first = per * (whole1 * short + halves * own1)
    second = per * (whole2 * short + halves * own2)
    return first, second, short


def _half_rate(rules: Rules) -> int:
    """Whists a trick of an unplayed half-whist, in units of V: the consolation
    rate (the rules file's row), or the trick rate when there is no consolation."""
    return rules.consolation_whists or rules.trick_whists


def _played_half(h: _Hand, played: np.ndarray, rules: Rules):
    """A half-whist played out (``Rules(half_whist="played")``): the second
    defender whisted alone for half the obligation, q = O/2 tricks. He writes
    ``trick_whists`` x V a defenders' trick up to q, and (responsible whist) the
    tricks short of q in his mountain. Returns his whists, his mountain and the
    shortfall, 0 off the ``played`` deals."""
    half_ob = h.obligation // 2
    took = h.t1 + h.t2  # both hands, as a lone whister's
    whists = played * (rules.trick_whists * h.value * np.minimum(took, half_ob))
    short = (played & rules.responsible_whist) * np.maximum(half_ob - took, 0)
    per = np.rint(rules.whister_shortfall * h.value).astype(np.int32)
    return whists, per * short, short


def _outcome_of_case(case: int) -> int:
    """The outcome code of a contract deal (see :data:`OUTCOMES`): the first that
    holds of a failed misère, level 0 (a misère, or no contract), a half-whist,
    nobody whisted, made; else failed. ``case`` holds those facts as bits:
    16 misère failed, 8 level 0, 4 half-whist, 2 whisted, 1 undertricks."""
    failed_misere, zero, half, whisted, under = (case >> b & 1 for b in (4, 3, 2, 1, 0))
    if zero:
        return 6 if failed_misere else 5
    if half:
        return 2
    if not whisted:
        return 1
    return 4 if under else 3


#: :func:`_outcome_of_case` of each of the 32 cases, looked up for every deal.
_OUTCOME_OF_CASE = np.array([_outcome_of_case(c) for c in range(32)], np.int8)


class _ContractRows(NamedTuple):
    """What :func:`_contracts` reads of each deal (the seats as :class:`Seats`
    names them)."""

    first: np.ndarray
    second: np.ndarray
    declarer: np.ndarray
    out: np.ndarray
    code: np.ndarray
    calls: np.ndarray  # (4, N)
    tricks: np.ndarray  # (4, N)


class _Contracts(NamedTuple):
    pool: np.ndarray  # (4, N)
    mountain: np.ndarray  # (4, N)
    on: np.ndarray  # (4, N)
    outcome: np.ndarray
    value: np.ndarray
    whisters: np.ndarray
    under: np.ndarray
    short: np.ndarray


def _contracts(st: _ContractRows, rules: Rules) -> _Contracts:
    """Contracts 6..10 and misère: pool, mountain and whists on the declarer
    of every deal.

    A misère is level 0 (no whists, no undertricks): a value "where" a mask
    holds is the mask times the value (several times faster than ``np.where``).
    """
    code, calls, tricks = st.code, st.calls, st.tricks
    level = LEVEL[code]
    misere = code == MISERE
    value = _VALUE[level] + misere * np.int32(MISERE_VALUE)
    first, second = seat_lookup(st.first), seat_lookup(st.second)
    c1, c2 = at_seat(calls, first), at_seat(calls, second)
    w1, w2 = (level > 0) & (c1 == WHIST), (level > 0) & (c2 == WHIST)
    half = (level > 0) & (c2 == HALF)
    td = at_seat(tricks, st.declarer, 0)
    t1, t2 = at_seat(tricks, first, 0), at_seat(tricks, second, 0)
    # Rules(half_whist="played"): a half-whist logged with tricks was played out
    played_half = half & (rules.half_whist == "played") & (td + t1 + t2 > 0)
    half &= ~played_half
    under = (w1 | w2 | played_half) * np.maximum(level - td, 0)
    h = _Hand(level, value, _OBLIGATION[level], w1, w1 & w2, w1 ^ w2, t1, t2, under)
    misere_failed = misere & (td > 0)
    made = (level > 0) & (under == 0) | misere & ~misere_failed
    cons = (
        rules.consolation_whists
        * value
        * (misere * (td * rules.misere_consolation) + under)
    )
    tricks1, tricks2 = _trick_whists(h, rules)
    half_whists = half * (_half_rate(rules) * value * h.obligation // 2)
    mountain1, mountain2, short = _whister_mountain(h, rules)
    if played_half.any():
        half_tricks, half_mountain, half_short = _played_half(h, played_half, rules)
        tricks2 += half_tricks
        mountain2 += half_mountain
        short += half_short
    size = len(code)
    dealer = st.out if rules.dealer_consolation else np.full(size, -1)
    pool = _by_seat(size, (st.declarer, made * value))
    mountain = _by_seat(
        size,
        (
            st.declarer,
            rules.undertrick_mountain * value * under
            + rules.misere_trick_mountain * (misere_failed * td),
        ),
        (st.first, mountain1),
        (st.second, mountain2),
    )
    on = _by_seat(
        size,
        (st.first, cons + tricks1),
        (st.second, cons + tricks2 + half_whists),
        (dealer, cons),
    )
    whisted = w1 | w2 | played_half
    case = (
        np.int8(16) * misere_failed
        + np.int8(8) * (level == 0)
        + np.int8(4) * half
        + np.int8(2) * whisted
        + (under > 0)
    )
    outcome = _OUTCOME_OF_CASE[case]
    counts = (w1 & w2).astype(np.int32) + whisted
    under = under + misere * td
    return _Contracts(pool, mountain, on, outcome, value, counts, under, short)


def _all_pass(st: Seats, tricks, price, rules: Rules):
    """All-pass deals: a trick costs the price in the mountain (or, Rostov, whists
    from the player with the fewest); no trick writes the price in the pool.

    Returns the deals with a price (an index), the pool and mountain points of
    each of them ((4, k)), and Rostov's (4, N) ``low`` and ``owed`` (else None):
    about one deal in eight is an all-pass, so only those are looked at.
    """
    at = np.flatnonzero(price > 0)
    cost, taken = price[at], tricks[:, at]
    playing = st.active[:, at]
    pool = (playing & (taken == 0)) * cost
    if rules.all_pass != "rostov":
        return at, pool, playing * (cost * taken), None, None
    fewest = np.where(playing, taken, 99).min(axis=0, keepdims=True)
    low = np.zeros(tricks.shape, bool)
    owed = np.zeros(tricks.shape, np.int32)
    low[:, at] = playing & (taken == fewest)
    owed[:, at] = rules.all_pass_whists * cost * ((playing & ~low[:, at]) * taken)
    return at, pool, np.zeros_like(pool), low, owed


def with_corrections(
    effect: Deal, correction: np.ndarray, fix, declarer: np.ndarray, on: np.ndarray
) -> Deal:
    """A correction row's amounts added to the deals' effects: pool points (still
    to be capped), mountain points, whists on the ``whists_on`` seat ``on``.

    ``fix`` holds the (4, N) amounts, 0 on every other row; only the correction
    rows change (a contract's effect there is nothing).
    """
    outcome = np.where(correction, CORRECTION_OUTCOME, effect.outcome)
    return effect._replace(
        pool=effect.pool + fix.pool,
        mountain=effect.mountain + fix.mountain,
        on_declarer=effect.on_declarer + fix.whists,
        outcome=outcome,
        target=np.where(correction, on, declarer),
    )


def whists_on(effect: Deal, declarer: np.ndarray, i: int, j: int) -> np.ndarray:
    """W[i][j] of every deal: the contract's whists (all on the declarer, or a
    correction's on its whists_on player), then Rostov all-pass whists."""
    target = declarer if effect.target is None else effect.target
    w = effect.on_declarer[i] * (target == j)
    if effect.low is not None:
        w += effect.low[i] * effect.owed[j]
    return w


def deal_effects(st: Seats, code, calls, tricks, price, rules: Rules) -> Deal:
    """Every deal's pool, mountain and whists before the cap (see module docstring).

    ``calls`` and ``tricks`` are (4, N) (tricks 0 where blank); ``price`` is the
    all-pass price (0 on other deals).
    """
    rows = _ContractRows(st.first, st.second, st.declarer, st.out, code, calls, tricks)
    pool, mountain, on, outcome, value, whisters, under, short = _contracts(rows, rules)
    at, ap_pool, ap_mountain, low, owed = _all_pass(st, tricks, price, rules)
    pool[:, at] += ap_pool
    mountain[:, at] += ap_mountain
    all_pass = code == ALL_PASS
    return Deal(
        pool,
        mountain,
        on,
        low,
        owed,
        outcome * ~all_pass,
        value + all_pass * price,  # a pass has no value of its own
        whisters,
        under,
        short,
    )
