"""The preferans log's checks of the table and the bidding: distinct players
who stay for the whole game, a dealer who sits at the table, a declarer exactly
when there is a contract, the defenders' calls (half-whists too) and the pool
target (docs/games/preferans.md "One deal")."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import Problems, game_index
from cardscore_frames.checking.seats import players_text, same_name
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
    Seats,
    call_codes,
    column_values,
    contract_codes,
    has_value,
    pool_targets,
)
from cardscore_frames.games.preferans.rules import CALLS, HALF_WHIST_LEVELS, Rules

__all__ = [
    "check_players",
    "check_contract",
    "check_calls",
    "check_pool_target",
    "add_problem",
    "player_of",
]


def add_problem(
    problems: Problems, mask, column: str, reason: str, message: str, **params
):
    """Problems.add, building message parameters (callables) only when a row fails."""
    mask = np.asarray(mask, dtype=bool)
    if mask.any():
        params = {k: v() if callable(v) else v for k, v in params.items()}
        problems.add(mask, column, reason, message, **params)


def player_of(deals: pd.DataFrame, i: int):
    """The name in seat i of every deal, for messages (built on demand)."""
    return lambda: column_values(deals, PLAYERS[i])


def check_players(deals, problems: Problems, rules: Rules, st: Seats) -> None:
    """Distinct names, the same table all game long, a dealer who sits at it."""
    for i in range(MAX_SEATS):
        for j in range(i + 1, MAX_SEATS):
            if PLAYERS[i] in deals and PLAYERS[j] in deals:
                add_problem(
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
        add_problem(
            problems,
            ~same,
            col,
            "players_change",
            f"{col} must be the same in every deal of a game (the table does not "
            "change during a pool); got {value}, the game's first row has {other}",
            other=lambda there=there: there.astype(object).fillna("blank").to_numpy(),
        )
    dealer = has_value(deals, "dealer")
    add_problem(
        problems,
        dealer & (st.dealer < 0),
        "dealer",
        "not_seated",
        "dealer must be one of the deal's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )
    correction = contract_codes(deals) == CORRECTION
    add_problem(
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
    add_problem(
        problems,
        all_pass & given,
        "declarer",
        "set_on_pass",
        "declarer must be blank on an all-pass deal (contract pass); got {value}",
    )
    add_problem(
        problems,
        correction & given,
        "declarer",
        "set_on_correction",
        "declarer must be blank on a correction (whists_on names the player its "
        "whists are written on); got {value}",
    )
    add_problem(
        problems,
        bid & ~given,
        "declarer",
        "blank",
        "declarer must be given when the contract is {contract}",
        contract=deals["contract"],
    )
    add_problem(
        problems,
        given & (st.declarer < 0),
        "declarer",
        "not_seated",
        "declarer must be one of the deal's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )
    add_problem(
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

    add_problem(
        problems,
        on_rows(~_HALF_LEVEL[level[rows]]),
        col,
        "half_level",
        f"{col}: a half-whist is allowed only on a six or a seven; got {{value}} on "
        "{contract}",
        contract=deals["contract"],
    )
    first, second = st.first[rows], st.second[rows]
    add_problem(
        problems,
        on_rows(first == i),
        col,
        "half_first_defender",
        f"{col}: only the second defender may half-whist, after the first passed; "
        "{who} is the first defender; got {value}",
        who=player_of(deals, i),
    )
    mate = np.where(first == i, second, first)  # the other defender
    other = np.where(mate >= 0, calls[np.maximum(mate, 0), rows], -1)

    def other_call() -> np.ndarray:
        every = np.full(len(half), None, dtype=object)
        every[rows] = np.asarray(CALLS, dtype=object)[np.maximum(other, 0)]
        return every

    add_problem(
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
        given, who = calls[i] >= 0, player_of(deals, i)
        add_problem(
            problems,
            given & ~st.present[i],
            col,
            "not_seated",
            f"{col} must be blank: seat {i + 1} is empty; got {{value}}",
        )
        add_problem(
            problems,
            given & (st.out == i),
            col,
            "dealer_call",
            f"{col} must be blank: {{who}} deals and sits the deal out; got {{value}}",
            who=who,
        )
        add_problem(
            problems,
            given & (st.declarer == i),
            col,
            "declarer_call",
            f"{col} must be blank: {{who}} is the declarer; got {{value}}",
            who=who,
        )
        add_problem(
            problems,
            no_whist & given & (calls[i] != PASS),
            col,
            "no_whist",
            f"{col} must be blank or pass on {{contract}}: nobody whists a misère or "
            "an all-pass deal; got {value}",
            contract=deals["contract"],
        )
        defends = (level > 0) & ((st.first == i) | (st.second == i))
        add_problem(
            problems,
            defends & ~given,
            col,
            "call_missing",
            f"{col} must be whist, pass or half: {{who}} defends {{contract}}",
            who=who,
            contract=deals["contract"],
        )
        _check_half(deals, problems, st, calls, level, i, col)


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
