"""Scoring preferans deals, every game at once: what each player wrote on each deal.

shared/rules/preferans.md "One deal": :func:`score` turns a deal log into the paper
sheet deal by deal (pool, mountain and whists on each opponent), with the pools'
cap and overflow, the end of each game, and each deal's effect in whists by the
settlement formula. ``deals_sheet`` turns the result into the end-of-game sheet that
``settle`` takes and into the ledger.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
import pandas as pd

from cardscore_frames.errors import FAILURE_COLUMNS, LogValidationError, RulesError
from cardscore_frames.games.preferans.deals_outcome import (
    OUTCOMES,
    all_pass_prices,
    deal_effects,
    whists_on,
)
from cardscore_frames.games.preferans.deals_pool import Layout, layout, run_pools
from cardscore_frames.games.preferans.deals_schema import (
    ALL_PASS,
    MAX_SEATS,
    SCHEMA,
    call_codes,
    contract_codes,
    pool_targets,
    seats,
    trick_array,
)
from cardscore_frames.games.preferans.rules import CONTRACT_VALUE, Rules
from cardscore_frames.validate import Problems, check_log, normalise_token

__all__ = ["score", "SCORE_COLUMNS", "SEAT_RANGE", "PAIRS"]

AfterEnd = Literal["raise", "score"]
SEAT_RANGE = range(1, MAX_SEATS + 1)
#: Ordered pairs of seats (i, j), i writing whists on j.
PAIRS = [(i, j) for i in SEAT_RANGE for j in SEAT_RANGE if i != j]

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
    *(f"whists_{i}_on_{j}" for i, j in PAIRS),
    "overflow",
    *(f"pool_sheet_{i}" for i in SEAT_RANGE),
    *(f"mountain_sheet_{i}" for i in SEAT_RANGE),
    *(f"net_{i}" for i in SEAT_RANGE),
    "pool_target",
    "after_end",
    "game_over",
)


def _check_options(rules: Rules, after_end: str) -> None:
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a preferans Rules; got {type(rules).__name__}")
    if after_end not in ("raise", "score"):
        raise RulesError(f"after_end must be 'raise' or 'score'; got {after_end!r}")
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


#: The int32 columns of the result, in order, and the row of each in one block.
INT_COLUMNS = SCORE_COLUMNS[SCORE_COLUMNS.index("value") : SCORE_COLUMNS.index("net_1")]
_ROW = {name: k for k, name in enumerate(INT_COLUMNS)}


def _rows(prefix: str) -> slice:
    first = _ROW[f"{prefix}_1"]
    return slice(first, first + MAX_SEATS)


def _net(block: np.ndarray, n: np.ndarray, rules: Rules) -> np.ndarray:
    """The deal in whists: a(P - mean P) + b(mean M - M) + sum_j (W[i][j] - W[j][i]).

    Returns (4, N) floats; rows of empty seats are 0.
    """
    seated = np.arange(MAX_SEATS)[:, None] < n[None, :]
    pool, mountain = block[_rows("pool")], block[_rows("mountain")]
    base = rules.pool_whists * pool - rules.mountain_whists * mountain
    for i, j in PAIRS:
        w = block[_ROW[f"whists_{i}_on_{j}"]]
        base[i - 1] += w
        base[j - 1] -= w
    shift = (
        rules.pool_whists * pool.sum(axis=0, where=seated)
        - rules.mountain_whists * mountain.sum(axis=0, where=seated)
    ) / n
    return np.where(seated, base - shift, 0.0)


def _targets(deals: pd.DataFrame, lay: Layout, rules: Rules) -> np.ndarray:
    """Each game's pool target (from its first deal), by game code."""
    target = pool_targets(deals, rules)[lay.first_row]
    if np.isnan(target).any():
        raise RulesError(
            "every game needs a pool target: a pool_target column or "
            "Rules(pool_target=...)"
        )
    return target.astype(np.int32)


def _whists(block, effect, st, run, lay) -> None:
    """The whist rows: the deal's own, plus what the pools' overflow wrote."""
    for i, j in PAIRS:
        block[_ROW[f"whists_{i}_on_{j}"]] = whists_on(effect, st.declarer, i - 1, j - 1)
    slots, donors, given = run.spill
    for i, j in PAIRS:
        mine = donors == i - 1
        block[_ROW[f"whists_{i}_on_{j}"], lay.rows[slots[mine]]] += given[mine, j - 1]


def _compute(deals: pd.DataFrame, rules: Rules) -> dict:
    """Every array of the result, rows in the log's order; the int32 columns as
    one (columns, N) block."""
    lay = layout(deals["game_id"], deals["deal"].to_numpy(dtype=np.int64))
    st = seats(deals)
    code = contract_codes(deals)
    tricks = np.nan_to_num(trick_array(deals)).astype(np.int32)
    price = np.zeros(len(deals), np.int32)
    price[lay.order] = all_pass_prices((code == ALL_PASS)[lay.order], lay.game, rules)
    effect = deal_effects(st, code, call_codes(deals), tricks, price, rules)
    target = _targets(deals, lay, rules)
    n = st.n.astype(np.int64)
    run = run_pools(
        np.take(effect.pool, lay.rows, axis=1),
        np.take(effect.mountain, lay.rows, axis=1),
        lay,
        n[lay.first_row[lay.games]],
        target[lay.games],
        rules,
    )
    block = np.empty((len(INT_COLUMNS), len(deals)), np.int32)
    for name in ("value", "whisters", "undertricks", "shortfall"):
        block[_ROW[name]] = getattr(effect, name)
    for name in ("pool", "mountain", "pool_sheet", "mountain_sheet"):
        _unslot(getattr(run, name), lay, out=block[_rows(name)])
    _unslot(run.overflow, lay, out=block[_ROW["overflow"]])
    block[_rows("mountain")] += effect.mountain
    _whists(block, effect, st, run, lay)
    code_of_row = np.empty(len(deals), np.int64)
    code_of_row[lay.order] = lay.game
    return dict(
        lay=lay,
        seats=st,
        effect=effect,
        n=n,
        target=target[code_of_row],
        block=block,
        net=_net(block, n, rules),
        after_end=_unslot(run.after_end, lay),
        game_over=_unslot(run.game_over, lay),
    )


def _unslot(values: np.ndarray, lay: Layout, out: np.ndarray | None = None):
    """From slot order back to the log's row order (the last axis); a gather,
    so that ``out`` is written in order."""
    return np.take(values, lay.slot, axis=-1, out=out)


def _after_end_problems(deals: pd.DataFrame, res: dict) -> pd.DataFrame:
    """Deals logged after their game ended, as ``failure_cases`` rows."""
    lay, after = res["lay"], res["after_end"]
    deal = deals["deal"].to_numpy(dtype=np.int64)
    last = res["game_over"] & ~after  # the deal that ended the game
    ended_at = np.zeros(len(lay.first_row), np.int64)
    code = np.empty(len(deals), np.int64)
    code[lay.order] = lay.game
    ended_at[code[last]] = deal[last]
    problems = Problems("preferans", deals)
    problems.add(
        after,
        "deal",
        "after_end",
        "deal {value} comes after the end of its game (over after deal "
        "{end}); pass after_end='score' to score it",
        value=deals["deal"],
        end=ended_at[code],
    )
    fc = problems.frame()
    fc["row"] = pd.array(
        deals.index.to_numpy()[fc["row"].to_numpy(dtype=np.int64)], dtype="Int64"
    )  # positions in the whole log
    return fc


def _raise(*frames: pd.DataFrame) -> None:
    frames = [f for f in frames if len(f)]
    if frames:
        fc = pd.concat(frames, ignore_index=True)
        fc["_o"] = fc["row"].astype("Float64").fillna(-1)
        fc = fc.sort_values("_o", kind="stable").drop(columns="_o")
        raise LogValidationError(
            "preferans", fc.reset_index(drop=True)[list(FAILURE_COLUMNS)]
        )


def _raw_game_codes(deals: pd.DataFrame) -> np.ndarray | None:
    """Game codes of every row as logged (the game_id column or an alias of it)."""
    field = SCHEMA.field("game_id")
    names = {normalise_token(a) for a in (field.name, *field.aliases)}
    for column in deals.columns:
        if normalise_token(str(column)) in names:
            return pd.factorize(deals[column])[0]
    return None


def _validated(deals: pd.DataFrame, rules: Rules, after_end: str) -> pd.DataFrame:
    """The typed log; every problem, deals after the end included, raised at once."""
    typed, rejected = check_log(deals, SCHEMA, rules=rules, errors="collect")
    fc = rejected.attrs["failure_cases"]
    if not len(fc):
        return typed
    code = _raw_game_codes(deals)
    if code is not None and len(typed):
        good = ~np.isin(code, code[rejected.index.to_numpy()])
        good_rows = typed.loc[good[typed.index.to_numpy()]]
        if after_end == "raise" and len(good_rows):
            _raise(fc, _after_end_problems(good_rows, _compute(good_rows, rules)))
    _raise(fc)
    return typed  # pragma: no cover (_raise raised)


def score(
    deals: pd.DataFrame,
    *,
    rules: Rules | None = None,
    after_end: AfterEnd = "raise",
    validate: bool = True,
) -> pd.DataFrame:
    """Score every preferans deal (shared/rules/preferans.md "One deal"), vectorised.

    Parameters
    ----------
    deals : pandas.DataFrame
        A preferans log, as :func:`cardscore_frames.read_log` returns it.
    rules : Rules, optional
        Defaults to Sochi, ``Rules()``; ``Rules.leningrad()``, ``Rules.rostov()``.
    after_end : {"raise", "score"}
        Deals logged after their game ended (every pool closed; Leningrad: the
        pools' sum reached) are an error, reported with the log's other problems;
        ``"score"`` scores them (with pools capped, what they write overflows and
        then comes off the writer's mountain).
    validate : bool
        Check the log first. Pass ``False`` only for a frame that
        ``read_log``/``validate`` already checked with these rules.

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
        - ``whisters`` (int): 0, 1 or 2 (a half-whist is 0).
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

        ``attrs["rules"]`` holds the rules used.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.preferans.deals import score
    >>> deals = csf.read_log("sample_data/preferans_season.csv", game="preferans")
    >>> scored = score(deals, validate=False)
    >>> bool(scored.groupby("game_id")["game_over"].last().all())
    True
    """
    rules = rules if rules is not None else Rules()
    _check_options(rules, after_end)
    index = deals.index
    frame = deals.reset_index(drop=True)
    if validate:
        frame = _validated(frame, rules, after_end)
    res = _compute(frame, rules)
    if after_end == "raise":
        _raise(_after_end_problems(frame, res))
    out = _assemble(frame, res)
    out.index = index
    out.attrs["rules"] = rules
    return out


def _seat_number(seat: np.ndarray) -> pd.arrays.IntegerArray:
    """0-based seats as 1..4, NA where -1."""
    return pd.arrays.IntegerArray((seat + 1).astype(np.int8), seat < 0)


def _assemble(deals: pd.DataFrame, res: dict) -> pd.DataFrame:
    """The result columns after the log's (which they replace when present)."""
    st, effect = res["seats"], res["effect"]
    head = pd.DataFrame(
        {
            "players": res["n"],
            "declarer_seat": _seat_number(st.declarer),
            "dealer_seat": _seat_number(st.dealer),
            "outcome": pd.Categorical.from_codes(effect.outcome, categories=OUTCOMES),
        }
    )
    tail = pd.DataFrame(
        {
            "pool_target": res["target"],
            "after_end": res["after_end"],
            "game_over": res["game_over"],
        }
    )
    kept = deals.drop(columns=[c for c in SCORE_COLUMNS if c in deals])
    return pd.concat(
        [
            kept,
            head,
            pd.DataFrame(res["block"].T, columns=list(INT_COLUMNS), copy=False),
            pd.DataFrame(
                res["net"].T, columns=[f"net_{i}" for i in SEAT_RANGE], copy=False
            ),
            tail,
        ],
        axis=1,
    )
