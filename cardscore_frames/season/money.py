"""Money for games scored in whists: each game's balance x the whist price,
rounded to the currency's smallest unit so that every game sums to zero.

The rounding is the settlement's (docs/games/preferans.md "Settlement",
Money; :func:`cardscore_frames.preferans.settle`): floor each player's exact
amount, then give the units still missing, one each, to the largest remainders
(ties: the larger exact amount, then the name in code-point order). Balances
are taken in 1/12000 whist (exact for the settlement's thirds and quarters) and
prices to 9 decimals, in integer arithmetic.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.contract import get_game
from cardscore_frames.errors import LedgerError, RulesError

__all__ = ["game_money", "priced_rows"]

_SCALE = 12_000  # whists are exact in twelfths; three more decimals for hand-made
_PRICE_SCALE = 10**9


def priced_rows(
    results: pd.DataFrame, ledger: pd.DataFrame, whist_price: float | None
) -> np.ndarray:
    """The whist price of each results row (NaN: no money for it).

    Only games paid in money are priced (``Game.priced``: preferans). A ``whist_price`` column of the
    ledger (the same on every row of a game) wins over the argument.
    """

    if whist_price is not None and not (
        isinstance(whist_price, int | float) and whist_price > 0
    ):
        raise RulesError(f"whist_price must be a positive number; got {whist_price!r}")
    games = results["game"].astype(str).to_numpy()
    whists = np.isin(games, [g for g in np.unique(games) if get_game(g).priced])
    price = np.full(len(results), np.nan if whist_price is None else float(whist_price))
    if "whist_price" in ledger:
        per_game = (
            pd.to_numeric(ledger["whist_price"], errors="coerce")
            .groupby(ledger["game_key"], observed=True)
            .max()
        )
        given = per_game.reindex(results["game_key"]).to_numpy(dtype=float)
        price = np.where(np.isnan(given), price, given)
    return np.where(whists, price, np.nan)


def game_money(
    results: pd.DataFrame, price: np.ndarray, unit: float = 0.01
) -> np.ndarray:
    """Each results row's money for its game (NaN where unpriced), in currency.

    Raises
    ------
    RulesError
        ``unit`` not positive, or amounts too large to settle exactly.
    LedgerError
        A priced game whose balances do not sum to zero.
    """
    if not (isinstance(unit, int | float) and round(unit * _PRICE_SCALE) >= 1):
        raise RulesError(
            f"unit must be a positive number of at least 1e-9; got {unit!r}"
        )
    out = np.full(len(results), np.nan)
    rows = np.flatnonzero(~np.isnan(price))
    if not len(rows):
        return out
    part = results.iloc[rows]
    whists = np.round(part["score"].to_numpy(dtype=float) * _SCALE).astype(np.int64)
    p = np.round(price[rows] * _PRICE_SCALE).astype(np.int64)
    q = round(unit * _PRICE_SCALE)
    g = np.gcd(p, q)
    p, den = p // g, (q // g) * _SCALE
    if len(p) and float(np.abs(whists).max()) * float(p.max()) > 2.0**62:
        raise RulesError("whist_price x whists is too large to settle exactly")
    num = whists * p
    floor = num // den
    rem = num - floor * den
    game = pd.factorize(part["game_key"])[0]
    sums = pd.DataFrame({"num": num, "floor": floor}).groupby(game).sum()
    unbalanced = np.flatnonzero(sums["num"].to_numpy() != 0)
    if len(unbalanced):
        keys = pd.unique(part["game_key"].astype(str))[unbalanced[:5]]
        raise LedgerError(
            f"money needs games whose balances sum to 0; {len(unbalanced)} do not "
            f"({', '.join(keys)})"
        )
    missing = -sums["floor"].to_numpy()
    names = part["player"].astype(str).to_numpy()
    name_rank = pd.Series(names).rank(method="dense").to_numpy()
    order = np.lexsort((name_rank, -num, -rem, game))
    starts = np.r_[0, np.flatnonzero(np.diff(game[order])) + 1]
    position = np.arange(len(order)) - np.repeat(
        starts, np.diff(np.r_[starts, len(order)])
    )
    units = floor.copy()
    units[order] += position < missing[game[order]]
    out[rows] = units * (q / _PRICE_SCALE)
    return out
