"""The preferans deal log: its columns, the seat arrays, and every check.

One row per deal (docs/games/preferans.md "One deal"): ``game_id``, ``deal``,
``player1 .. player4`` clockwise (``player4`` blank at 3 players), ``dealer`` (at 4
players the player who sits the deal out; optional at 3, where the dealer plays),
``declarer`` (blank on an all-pass deal), ``contract`` (``6S`` .. ``10NT``,
``misere``, or ``pass`` for an all-pass deal), ``call1 .. call4`` (each defender's
``whist``, ``pass`` or ``half``; blank for the declarer and the dealer),
``tricks1 .. tricks4`` (blank where there was no play) and ``pool_target`` (or
``Rules(pool_target=...)`` for the whole log).

Checks are cross-column and vectorised; each problem names the game, the deal, the
column, the value and what is allowed.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import Field, Problems, Schema, filled, game_index
from cardscore_frames.checking.seats import players_text, same_name
from cardscore_frames.games.preferans.arithmetic.arrays import check_options
from cardscore_frames.games.preferans.arithmetic.corrections import (
    FIELDS as CORRECTION_FIELDS,
)
from cardscore_frames.games.preferans.arithmetic.corrections import (
    check_corrections,
)
from cardscore_frames.games.preferans.arithmetic.ends import check_after_end
from cardscore_frames.games.preferans.arithmetic.seats import (
    ALL_PASS,
    CALL_COLUMNS,
    CORRECTION,
    HALF,
    LEVEL,
    MAX_SEATS,
    MISERE,
    PASS,
    PLAYERS,
    TRICK_COLUMNS,
    WHIST,
    Seats,
    at_seat,
    call_codes,
    column_values,
    contract_codes,
    has_value,
    pool_targets,
    seat_names,
    seats,
    trick_array,
)
from cardscore_frames.games.preferans.rules import (
    CALLS,
    CONTRACTS,
    HALF_WHIST_LEVELS,
    Rules,
)
from cardscore_frames.games.preferans.vocabulary import VOCABULARY as WORDS

__all__ = [
    "SCHEMA",
    "PLAYERS",
    "CALL_COLUMNS",
    "TRICK_COLUMNS",
    "Seats",
    "seats",
    "seat_names",
    "contract_codes",
    "call_codes",
    "trick_array",
    "at_seat",
]


FIELDS = (
    Field("game_id", "id", aliases=("game", "game id", "pool_id")),
    Field("deal", "int", low=1, aliases=("deal_no", "раздача")),
    *(Field(p, "name", required=i < 3, blank=i >= 3) for i, p in enumerate(PLAYERS)),
    Field("dealer", "name", required=False, blank=True),
    Field("declarer", "name", blank=True),
    Field("contract", "choice", choices=CONTRACTS, vocabulary=WORDS["contract"]),
    *(
        Field(
            c,
            "choice",
            required=False,
            blank=True,
            choices=CALLS,
            vocabulary=WORDS[c],
        )
        for i, c in enumerate(CALL_COLUMNS)
    ),
    *(
        Field(t, "int", required=False, blank=True, low=0, high=10)
        for i, t in enumerate(TRICK_COLUMNS)
    ),
    # pools are agreed at 10 to 50 points; beyond 10,000 a target is a slip
    Field(
        "pool_target",
        "int",
        required=False,
        blank=True,
        low=1,
        high=10_000,
        aliases=("pool",),
    ),
    *CORRECTION_FIELDS,
)


def _add(problems: Problems, mask, column: str, reason: str, message: str, **params):
    """Problems.add, building message parameters (callables) only when a row fails."""
    mask = np.asarray(mask, dtype=bool)
    if mask.any():
        params = {k: v() if callable(v) else v for k, v in params.items()}
        problems.add(mask, column, reason, message, **params)


def _player(deals: pd.DataFrame, i: int):
    """The name in seat i of every deal, for messages (built on demand)."""
    return lambda: column_values(deals, PLAYERS[i])


def check_players(deals, problems: Problems, rules: Rules, st: Seats) -> None:
    """Distinct names, the same table all game long, a dealer who sits at it."""
    for i in range(MAX_SEATS):
        for j in range(i + 1, MAX_SEATS):
            if PLAYERS[i] in deals and PLAYERS[j] in deals:
                _add(
                    problems,
                    same_name(deals[PLAYERS[i]], deals[PLAYERS[j]]),
                    PLAYERS[j],
                    "duplicate_player",
                    f"player names must be distinct in a deal; {{value}} is also "
                    f"{PLAYERS[i]}",
                )
    first = _games(deals, problems).first_of()
    for i, col in enumerate(PLAYERS):
        if col not in deals:
            continue
        here, there = deals[col], deals[col].iloc[first].set_axis(deals.index)
        same = same_name(here, there) | (here.isna() & there.isna()).to_numpy()
        _add(
            problems,
            ~same,
            col,
            "players_change",
            f"{col} must be the same in every deal of a game (the table does not "
            "change during a pool); got {value}, the game's first row has {other}",
            other=lambda there=there: there.astype(object).fillna("blank").to_numpy(),
        )
    dealer = has_value(deals, "dealer")
    _add(
        problems,
        dealer & (st.dealer < 0),
        "dealer",
        "not_seated",
        "dealer must be one of the deal's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )
    correction = contract_codes(deals) == CORRECTION
    _add(
        problems,
        ~dealer & (st.n == MAX_SEATS) & ~correction,
        "dealer",
        "blank",
        "dealer must be given at 4 players: the dealer sits the deal out",
    )


def check_contract(deals, problems: Problems, rules: Rules, st: Seats) -> None:
    """A declarer exactly when there is a contract, seated, and not sitting out."""
    code = contract_codes(deals)
    all_pass, correction = code == ALL_PASS, code == CORRECTION
    bid = (code >= 0) & ~all_pass & ~correction
    given = has_value(deals, "declarer")
    _add(
        problems,
        all_pass & given,
        "declarer",
        "set_on_pass",
        "declarer must be blank on an all-pass deal (contract pass); got {value}",
    )
    _add(
        problems,
        correction & given,
        "declarer",
        "set_on_correction",
        "declarer must be blank on a correction (whists_on names the player its "
        "whists are written on); got {value}",
    )
    _add(
        problems,
        bid & ~given,
        "declarer",
        "blank",
        "declarer must be given when the contract is {contract}",
        contract=deals["contract"],
    )
    _add(
        problems,
        given & (st.declarer < 0),
        "declarer",
        "not_seated",
        "declarer must be one of the deal's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )
    _add(
        problems,
        given & (st.declarer >= 0) & (st.declarer == st.out),
        "declarer",
        "is_dealer",
        "declarer must not be the dealer, who sits the deal out at 4 "
        "players; got {value}",
    )


#: By contract level (0..10): may the second defender half-whist it?
_HALF_LEVEL = np.isin(np.arange(11), HALF_WHIST_LEVELS)


def _check_half(deals, problems, st: Seats, calls, level, i: int, col: str) -> None:
    """A half-whist: on a six or a seven, by the second defender, after a pass.

    Looked at on the deals where seat i half-whists only (about one in a
    hundred), each finding spread back over every deal."""
    half = calls[i] == HALF
    if not half.any():  # no half-whist in this column: nothing to look at
        return
    half &= (level > 0) & ((st.first == i) | (st.second == i))
    rows = np.flatnonzero(half)

    def on_rows(found: np.ndarray) -> np.ndarray:
        mask = np.zeros(len(half), dtype=bool)
        mask[rows[found]] = True
        return mask

    _add(
        problems,
        on_rows(~_HALF_LEVEL[level[rows]]),
        col,
        "half_level",
        f"{col}: a half-whist is allowed only on a six or a seven; got {{value}} on "
        "{contract}",
        contract=deals["contract"],
    )
    first, second = st.first[rows], st.second[rows]
    _add(
        problems,
        on_rows(first == i),
        col,
        "half_first_defender",
        f"{col}: only the second defender may half-whist, after the first passed; "
        "{who} is the first defender; got {value}",
        who=_player(deals, i),
    )
    mate = np.where(first == i, second, first)  # the other defender
    other = np.where(mate >= 0, calls[np.maximum(mate, 0), rows], -1)

    def other_call() -> np.ndarray:
        every = np.full(len(half), None, dtype=object)
        every[rows] = np.asarray(CALLS, dtype=object)[np.maximum(other, 0)]
        return every

    _add(
        problems,
        on_rows((second == i) & (other >= 0) & (other != PASS)),
        col,
        "half_beside_whist",
        f"{col}: a half-whist is allowed only when the other "
        "defender passed; got {value} beside {other}",
        other=other_call,
    )


def check_calls(deals, problems: Problems, rules: Rules, st: Seats) -> None:
    """Each defender calls on a contract; nobody else calls."""
    code = contract_codes(deals)
    calls = call_codes(deals)
    level = LEVEL[code]
    no_whist = (code == ALL_PASS) | (code == MISERE)
    for i, col in enumerate(CALL_COLUMNS):
        given, who = calls[i] >= 0, _player(deals, i)
        _add(
            problems,
            given & ~st.present[i],
            col,
            "not_seated",
            f"{col} must be blank: seat {i + 1} is empty; got {{value}}",
        )
        _add(
            problems,
            given & (st.out == i),
            col,
            "dealer_call",
            f"{col} must be blank: {{who}} deals and sits the deal out; got {{value}}",
            who=who,
        )
        _add(
            problems,
            given & (st.declarer == i),
            col,
            "declarer_call",
            f"{col} must be blank: {{who}} is the declarer; got {{value}}",
            who=who,
        )
        _add(
            problems,
            no_whist & given & (calls[i] != PASS),
            col,
            "no_whist",
            f"{col} must be blank or pass on {{contract}}: nobody whists a misère or "
            "an all-pass deal; got {value}",
            contract=deals["contract"],
        )
        defends = (level > 0) & ((st.first == i) | (st.second == i))
        _add(
            problems,
            defends & ~given,
            col,
            "call_missing",
            f"{col} must be whist, pass or half: {{who}} defends {{contract}}",
            who=who,
            contract=deals["contract"],
        )
        _check_half(deals, problems, st, calls, level, i, col)


def played_deals(
    deals: pd.DataFrame, st: Seats | None = None, rules: Rules | None = None
) -> np.ndarray:
    """Deals with play: all-pass, misère, or a contract somebody whisted; with
    ``Rules(half_whist="played")`` also a half-whist logged with any tricks."""
    st = st or seats(deals)
    code, calls = contract_codes(deals), call_codes(deals)
    whisted = (at_seat(calls, st.first) == WHIST) | (at_seat(calls, st.second) == WHIST)
    played = (code == ALL_PASS) | (code == MISERE) | ((LEVEL[code] > 0) & whisted)
    if rules is not None and rules.half_whist == "played":
        played |= _half_whists(code, calls, st) & _any_tricks(deals, st)
    return played


def _half_whists(code, calls, st: Seats) -> np.ndarray:
    """Contract deals the second defender half-whisted."""
    return (LEVEL[code] > 0) & (at_seat(calls, st.second) == HALF)


def _any_tricks(deals: pd.DataFrame, st: Seats) -> np.ndarray:
    """Deals with tricks given for any of their players."""
    given = np.vstack([has_value(deals, c) for c in TRICK_COLUMNS])
    return (given & st.active).any(axis=0)


def check_tricks(deals, problems: Problems, rules: Rules, st: Seats) -> None:
    """Tricks for every player of a played deal, summing to 10; none without play."""
    played = played_deals(deals, st, rules)
    code = contract_codes(deals)
    calls_known = (code >= 0) & (code != CORRECTION)  # a correction's: their own
    for col in ("declarer", *CALL_COLUMNS):
        calls_known &= ~problems.reported(col)
    given = np.vstack([has_value(deals, c) for c in TRICK_COLUMNS])
    half = _half_whists(code, call_codes(deals), st)
    for i, col in enumerate(TRICK_COLUMNS):
        _add(
            problems,
            played & st.active[i] & ~given[i],
            col,
            "tricks_missing",
            f"{col} must be given: {{who}} played the deal",
            who=_player(deals, i),
        )
        _add(
            problems,
            given[i] & ~st.active[i],
            col,
            "tricks_not_playing",
            f"{col} must be blank: seat {i + 1} is empty or its player deals and "
            "sits the deal out; got {value}",
        )
        unplayed = calls_known & ~played & given[i] & st.active[i]
        _add(
            problems,
            unplayed & ~half,
            col,
            "tricks_without_play",
            f"{col} must be blank: {{contract}} was not "
            "played (both defenders passed); got {value}",
            contract=deals["contract"],
        )
        _add(
            problems,
            unplayed & half,
            col,
            "tricks_without_play",
            f"{col} must be blank: a half-whist on {{contract}} is not played "
            "(Rules(half_whist='played') scores one played out); got {value}",
            contract=deals["contract"],
        )
    counted = st.active & given
    complete = played & ~(st.active & ~given).any(axis=0)
    total = np.zeros(len(deals), np.int64)
    for seat, col in enumerate(TRICK_COLUMNS):  # a seat at a time, as integers
        if col in deals:
            np.add(
                total, filled(deals[col], np.int64, 0), out=total, where=counted[seat]
            )
    wrong = complete & (total != 10)
    if not wrong.any():
        return
    tricks = trick_array(deals)  # NaN where blank, for the message only
    shown = np.where(counted[:, wrong], tricks[:, wrong], np.nan).T
    value = np.full(len(deals), None, dtype=object)
    value[wrong] = ["+".join(str(int(t)) for t in row if t == t) for row in shown]
    problems.add(
        wrong,
        "tricks",
        "tricks_sum",
        "tricks of the players of a played deal must sum to 10; got {value} = {total}",
        value=value,
        total=total.astype(int),
    )


def check_pool_target(deals, problems: Problems, rules: Rules, st: Seats) -> None:
    """A pool target for every game (column or rules), the same on all its deals."""
    target = pool_targets(deals, rules)
    problems.add(
        np.isnan(target) & ~problems.reported("pool_target"),
        "pool_target",
        "blank",
        "pool_target must be given: a pool_target column, or "
        "Rules(pool_target=...) for the whole log",
    )
    other = target[_games(deals, problems).first_of()]
    problems.add(
        ~np.isnan(target) & ~np.isnan(other) & (target != other),
        "pool_target",
        "pool_target_changes",
        "pool_target must be the same in every deal of a game; got {value}, "
        "the game's first row has {other}",
        other=other,
    )


def _games(deals: pd.DataFrame, problems: Problems):
    """The log's games, indexed once per validation pass."""
    return problems.cached("games", lambda: game_index(deals, "deal"))


def check_deals(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Every cross-column check of a deal log, on seats worked out once."""
    rules = Rules.ensure(rules)
    check_options(rules)
    st = seats(deals)
    for check in (
        check_players,
        check_contract,
        check_calls,
        check_tricks,
        check_pool_target,
        check_corrections,
        check_after_end,
    ):
        check(deals, problems, rules, st)


SCHEMA = Schema(game="preferans", fields=FIELDS, checks=(check_deals,), reject="game")
