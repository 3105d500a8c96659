"""The arrays of a scored preferans log, every game at once.

docs/games/preferans.md "One deal": :func:`compute` turns a deal log into the
paper sheet deal by deal (pool, mountain and whists on each opponent), with the
pools' cap and overflow, the end of each game, and each deal's effect in whists
by the settlement formula. The scorer frames these arrays; the log's check for
deals after the end of a game reads them too.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking import GameIndex, Problems, game_index
from cardscore_frames.errors import LogValidationError, RulesError
from cardscore_frames.games.preferans.arithmetic.corrections import (
    amounts,
    price_override,
    whist_seat,
)
from cardscore_frames.games.preferans.arithmetic.outcome import (
    Deal,
    all_pass_prices,
    deal_effects,
    with_corrections,
)
from cardscore_frames.games.preferans.arithmetic.pools import DealWalk, run_pools, walk
from cardscore_frames.games.preferans.arithmetic.seats import (
    ALL_PASS,
    CORRECTION,
    Seats,
    call_codes,
    contract_codes,
    pool_targets,
    seats,
    trick_ints,
)
from cardscore_frames.games.preferans.rules import CONTRACT_VALUE, MAX_SEATS, Rules

__all__ = [
    "SEAT_RANGE",
    "SEAT_PAIRS",
    "SCORE_COLUMNS",
    "BLOCK_COLUMNS",
    "ScoredArrays",
    "check_options",
    "compute",
    "GameEnds",
    "game_ends",
    "walked",
    "WALK",
]

#: The name under which a log's validation keeps :func:`walked` for the scorer.
WALK = "preferans_walk"

SEAT_RANGE = range(1, MAX_SEATS + 1)
#: Ordered pairs of seats (i, j), i writing whists on j.
SEAT_PAIRS = [(i, j) for i in SEAT_RANGE for j in SEAT_RANGE if i != j]

#: Columns that ``score`` adds, in order (``pool_target`` replaces the log's).
SCORE_COLUMNS = (
    "players",
    "declarer_seat",
    "dealer_seat",
    "outcome",
    "value",
    "whisters",
    "undertricks",
    "shortfall",
    *(f"pool_{i}" for i in SEAT_RANGE),
    *(f"mountain_{i}" for i in SEAT_RANGE),
    *(f"whists_{i}_on_{j}" for i, j in SEAT_PAIRS),
    "overflow",
    *(f"pool_sheet_{i}" for i in SEAT_RANGE),
    *(f"mountain_sheet_{i}" for i in SEAT_RANGE),
    *(f"net_{i}" for i in SEAT_RANGE),
    "pool_target",
    "after_end",
    "game_over",
)
#: The columns a stale scored frame loses before it is scored again: all that
#: ``score`` adds but ``pool_target``, which is the log's own column too (a
#: blank filled from ``Rules(pool_target=...)`` keeps the target it was given).
DERIVED_COLUMNS = tuple(c for c in SCORE_COLUMNS if c != "pool_target")


def check_options(rules: Rules) -> None:
    """Rules whose combination cannot score a log."""
    per_trick = [rules.whister_shortfall * v for v in CONTRACT_VALUE.values()]
    if any(x != int(x) for x in per_trick):
        raise RulesError(
            "whister_shortfall x V must be a whole number of mountain points for every "
            f"contract value {tuple(CONTRACT_VALUE.values())}; got "
            f"{rules.whister_shortfall!r}"
        )
    if rules.pool_cap and rules.pool_whists % rules.mountain_whists:
        raise RulesError(
            "with pool_cap, a surplus nobody takes comes off the mountain at a/b "
            f"points a pool point, so pool_whists ({rules.pool_whists}) must be a "
            f"multiple of mountain_whists ({rules.mountain_whists})"
        )


#: The int32 columns of the result made by the scorer as one block, in order
#: (whists, overflow and the running sheets), and the row of each in it; the
#: columns before them are the deal's own arrays (:class:`Deal`), the pools'
#: overflow put into them.
BLOCK_COLUMNS = SCORE_COLUMNS[
    SCORE_COLUMNS.index("whists_1_on_2") : SCORE_COLUMNS.index("net_1")
]
_ROW = {name: k for k, name in enumerate(BLOCK_COLUMNS)}


def _rows(prefix: str) -> slice:
    first = _ROW[f"{prefix}_1"]
    return slice(first, first + MAX_SEATS)


def _net(pool, mountain, block, n: np.ndarray, rules: Rules) -> np.ndarray:
    """The deal in whists: a(P - mean P) + b(mean M - M) + sum_j (W[i][j] - W[j][i]).

    Returns (4, N) floats; rows of empty seats are 0.
    """
    base = rules.pool_whists * pool - rules.mountain_whists * mountain
    for i, j in SEAT_PAIRS:
        w = block[_ROW[f"whists_{i}_on_{j}"]]
        base[i - 1] += w
        base[j - 1] -= w
    # the mean over the table: empty seats hold 0, so every row may be summed
    total = base[0] + base[1] + base[2] + base[3]
    net = base - (total / n)[None, :]  # floats, in one pass
    for seat, row in enumerate(net):  # seats past the table's players
        empty = n <= seat
        if empty.any():
            row[empty] = 0.0
    return net


def _targets(deals: pd.DataFrame, lay: DealWalk, rules: Rules) -> np.ndarray:
    """Each game's pool target (from its first deal), by game code."""
    target = pool_targets(deals, rules)[lay.first_row]
    if np.isnan(target).any():
        raise RulesError(
            "every game needs a pool target: a pool_target column or "
            "Rules(pool_target=...)"
        )
    return target.astype(np.int32)


#: The block row of W[i][j] (0-based seats); -1 on the diagonal.
_PAIR_ROW = np.array(
    [
        [_ROW.get(f"whists_{i}_on_{j}", -1) for j in range(1, MAX_SEATS + 1)]
        for i in range(1, MAX_SEATS + 1)
    ]
)


def _whists(block, effect, st, spill, lay, pool_whists: int) -> None:
    """The whist rows: the deal's own, plus what the pools' overflow wrote."""
    size = block.shape[1]
    flat = block.reshape(-1)
    # contract whists: all on the declarer (a correction's: on its whists_on),
    # each row written whole: W[i][j] = what i writes on the target, where j is it
    target = st.declarer if effect.target is None else effect.target
    on = [target == j for j in range(MAX_SEATS)]
    for i, j in SEAT_PAIRS:
        row = block[_ROW[f"whists_{i}_on_{j}"]]
        np.multiply(effect.on_declarer[i - 1], on[j - 1], out=row)
    if effect.low is not None:  # Rostov all-pass: the fewest write on the others
        for i, j in SEAT_PAIRS:
            block[_ROW[f"whists_{i}_on_{j}"]] += effect.low[i - 1] * effect.owed[j - 1]
    # the overflow's whists, a whists a point given; a row spills once per
    # donor, so no cell twice
    rows = lay.rows[spill.slots]
    for j in range(MAX_SEATS):
        pair = _PAIR_ROW[spill.donors, j]
        mine = pair >= 0  # not the donor's own seat
        flat[pair[mine] * size + rows[mine]] += pool_whists * spill.given[mine, j]


def _spilled(pool, mountain, overflow, spill, lay, rules: Rules) -> None:
    """Put the pools' overflow into the log's own points (4, N), rows in the
    log's order: the donor's pool keeps what fit, the takers' pools get what
    they took, and what nobody took comes off the donor's mountain, a/b points a
    pool point (``score`` checks that a/b is whole)."""
    rows = lay.rows[spill.slots]
    size = pool.shape[1]
    at = spill.donors * size + rows  # each (donor, deal) once
    pool.reshape(-1)[at] -= spill.surplus
    untaken = spill.surplus - spill.given.sum(axis=1, dtype=np.int32)
    ratio = rules.pool_whists // rules.mountain_whists
    mountain.reshape(-1)[at] -= ratio * untaken
    for seat in range(MAX_SEATS):  # a deal with two donors gives twice
        np.add.at(pool[seat], rows, spill.given[:, seat])
    np.add.at(overflow, rows, spill.surplus)


def _running(values: np.ndarray, lay: DealWalk, out: np.ndarray) -> None:
    """(4, N) int32: each game's running totals of ``values`` deal by deal, into
    ``out``, rows in the log's order.

    One cumulative sum over the whole log, less its value before each game's
    first deal. The sum wraps around on a long log, but every game's totals fit
    in int32, and the difference of two wrapped sums is exact.
    """
    starts = lay.starts[:-1]
    ordered = np.take(values, lay.order, axis=1)
    sums = np.empty_like(ordered)
    np.cumsum(ordered, axis=1, dtype=np.int32, out=sums)
    before = sums[:, starts] - ordered[:, starts]
    spread = np.empty(sums.shape[1], np.int32)  # one buffer for the four seats
    for seat in range(len(sums)):
        sums[seat] -= np.take(before[seat], lay.game, out=spread, mode="clip")
    out[:, lay.order] = sums


class ScoredArrays(NamedTuple):
    """Every array of a scored log, rows in the log's order."""

    walk: DealWalk
    seats: Seats
    effect: Deal
    n: np.ndarray  # (N,) players at the table
    target: np.ndarray  # (N,) the game's pool target
    pool: np.ndarray  # (4, N) int32: pool points written, after the cap
    mountain: np.ndarray  # (4, N) int32: mountain points written
    block: np.ndarray  # (BLOCK_COLUMNS, N) int32: those columns as one block
    net: np.ndarray  # (4, N) float: each deal in whists, by the settlement formula
    after_end: np.ndarray  # (N,) bool: the game was over before this deal
    game_over: np.ndarray  # (N,) bool: the game is over after this deal


def walked(
    deals: pd.DataFrame,
    rules: Rules,
    st: Seats | None = None,
    index: GameIndex | None = None,
):
    """Every deal's effect, and the pools walked through every game: the work
    that the check for deals after the end and the scorer share (``st`` and
    ``index``: the log's seats and :func:`game_index`, if at hand)."""
    index = game_index(deals) if index is None else index
    _every_deal_in_a_game(deals, index)
    lay = walk(index)
    st = seats(deals) if st is None else st
    code = contract_codes(deals)
    tricks = trick_ints(deals)
    correction = code == CORRECTION
    fixes = correction.any()  # a log without corrections pays nothing for them
    price = _in_rows(
        all_pass_prices(
            _sorted(code == ALL_PASS, lay),
            lay.game,
            rules,
            skip=_sorted(correction, lay) if fixes else None,
        ),
        lay,
    )
    price = price_override(deals, price)
    effect = deal_effects(st, code, call_codes(deals), tricks, price, rules)
    if fixes:
        fix = amounts(deals, correction)
        effect = with_corrections(
            effect, correction, fix, st.declarer, whist_seat(deals)
        )
    target = _targets(deals, lay, rules)
    n = st.n.astype(np.int64, copy=False)
    run = run_pools(
        effect.pool,
        lay,
        n[lay.first_row[lay.games]],
        target[lay.games],
        rules,
    )
    return lay, st, effect, target, n, run


def _every_deal_in_a_game(deals: pd.DataFrame, index: GameIndex) -> None:
    """A deal with a blank game_id cannot be scored: a game's pools run from
    deal to deal. Validation reports it; a log scored with ``validate=False``
    gets the same report, not a failure deep in the walk."""
    blank = index.codes < 0
    if not blank.any():
        return
    problems = Problems("preferans", deals)
    problems.add(
        blank,
        "game_id",
        "blank",
        "game_id must not be blank: a preferans game's pools run from deal to "
        "deal, so every deal needs its game",
    )
    raise LogValidationError("preferans", problems.frame(), None, "deals")


class GameEnds(NamedTuple):
    """Per row, what the pools say about its game (rows in the log's order)."""

    after: np.ndarray  # bool: the game ended before this deal
    end: np.ndarray  # int: the number of the deal that ended it (0: not ended)
    below_zero: np.ndarray  # (4, N) bool: this row took the seat's pool below 0


def game_ends(deals: pd.DataFrame, rules: Rules, kept=None) -> GameEnds:
    """Where each game ended, and pools a correction took below 0: the pools
    only, no sheet nor whists (``kept``: :func:`walked` of ``deals``, if at
    hand)."""
    lay, _, effect, _, _, run = kept or walked(deals, rules)
    after = _unslot(run.after_end, lay)
    over = _unslot(run.game_over, lay)
    below = np.zeros((MAX_SEATS, len(deals)), dtype=bool)
    if (effect.pool < 0).any():  # only a correction takes pool points back
        pool = effect.pool.astype(np.int32, copy=True)
        mountain = effect.mountain.astype(np.int32, copy=True)
        _spilled(pool, mountain, np.zeros(len(deals), np.int32), run.spill, lay, rules)
        sheet = np.empty_like(pool)
        _running(pool, lay, out=sheet)
        below = (pool < 0) & (sheet < 0)
    return GameEnds(after, _ended_at(deals, lay, after, over), below)


def compute(deals: pd.DataFrame, rules: Rules, kept=None) -> ScoredArrays:
    """Every array of the result, rows in the log's order; the whists, overflow
    and running sheets as one (columns, N) block (``kept``: :func:`walked` of
    ``deals``, if the log's validation kept it: it is used up).

    The deal's own pool and mountain points become the result's, the pools'
    overflow put into them where they are: the walk is this scoring's alone.
    """
    lay, st, effect, target, n, run = kept or walked(deals, rules)
    block = np.empty((len(BLOCK_COLUMNS), len(deals)), np.int32)
    pool = effect.pool.astype(np.int32, copy=False)
    mountain = effect.mountain.astype(np.int32, copy=False)
    overflow = block[_ROW["overflow"]]
    overflow[...] = 0
    _spilled(pool, mountain, overflow, run.spill, lay, rules)
    _running(pool, lay, out=block[_rows("pool_sheet")])
    _running(mountain, lay, out=block[_rows("mountain_sheet")])
    _whists(block, effect, st, run.spill, lay, rules.pool_whists)
    code_of_row = _in_rows(lay.game, lay)
    return ScoredArrays(
        walk=lay,
        seats=st,
        effect=effect,
        n=n,
        target=target[code_of_row],
        pool=pool,
        mountain=mountain,
        block=block,
        net=_net(pool, mountain, block, n, rules),
        after_end=_unslot(run.after_end, lay),
        game_over=_unslot(run.game_over, lay),
    )


def _unslot(values: np.ndarray, lay: DealWalk) -> np.ndarray:
    """(N,) values from slot order back to the log's row order."""
    return np.take(values, lay.slot)


def _sorted(values: np.ndarray, lay: DealWalk) -> np.ndarray:
    """(N,) values of the log's rows, in game and deal order."""
    return values[lay.order]


def _in_rows(values: np.ndarray, lay: DealWalk) -> np.ndarray:
    """(N,) values in game and deal order, back in the log's row order."""
    out = np.empty(len(values), values.dtype)
    out[lay.order] = values
    return out


def _ended_at(deals, lay: DealWalk, after, over) -> np.ndarray:
    """(N,) the number of the deal that ended each row's game (0: not ended)."""
    deal = deals["deal"].to_numpy(dtype=np.int64)
    last = over & ~after  # the deal that ended the game
    at = np.zeros(len(lay.first_row), np.int64)
    code = _in_rows(lay.game, lay)
    at[code[last]] = deal[last]
    return at[code]
