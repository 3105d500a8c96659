"""Preferans settlement: the end-of-game balance of every game at once, vectorised.

shared/rules/preferans.md "Settlement", seed ``000_71195628d9952bc0``. Every game is
a row of arrays of shape (games, 4) with a mask for the seats it has, so thousands
of games of 3 and 4 players settle in one pass, with no loop over games.

Exactness: whists are kept as integer twelfths (``twelfths``; 12 is a common
multiple of 3 and 4, so the exact method's thirds and quarters are whole there),
and money as integer minor units (``money_units``) rounded by largest remainder
in integer arithmetic; the float columns ``whists`` and ``money`` are for display.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.games.preferans.rules import Rules
from cardscore_frames.games.preferans.sheet_schema import (
    MAX_SEATS,
    SHEET_SCHEMA,
    Sheet,
    sheet_arrays,
)
from cardscore_frames.validate import METADATA_COLUMNS, check_log

__all__ = ["METHODS", "COMPENSATION_WHISTS", "SETTLE_COLUMNS", "PAIR_COLUMNS",
           "settle", "pairwise", "settle_report"]

Method = Literal["exact", "paper", "average"]

#: "Settlement": the exact formula, the seed's method 1 ("amnesty", written on paper
#: player by player) and method 2 ("average mountain").
METHODS = ("exact", "paper", "average")
#: Seed: one mountain point moved is worth "approximately three whists" to each other
#: player, at 3 and at 4 players alike.
COMPENSATION_WHISTS = 3
#: Whists are stored in twelfths: every game's exact balance is whole there.
TWELFTHS = 12
#: Whist prices and the currency unit are read to 9 decimal places.
_PRICE_SCALE = 10**9

#: The columns of :func:`settle`, in order (metadata columns follow).
SETTLE_COLUMNS = (
    "game_id", "seat", "player", "players", "pool", "mountain", "mountain_pooled",
    "mountain_amnesty", "adjustment", "mountain_whists", "compensation",
    "pair_whists", "whists", "twelfths", "whist_price", "money_units", "money",
)
#: The columns of :func:`pairwise`, in order.
PAIR_COLUMNS = (
    "game_id", "seat", "player", "opponent_seat", "opponent", "written", "received",
    "balance", "compensation", "mountain_whists", "total",
)


class _Settled(NamedTuple):
    """One method's result as (G, 4) arrays (per pair: (G, 4, 4))."""

    sheet: Sheet
    pooled: np.ndarray  # mountain with the pool shortfall moved in (points)
    amnesty: np.ndarray  # the same after the amnesty
    delta: np.ndarray  # points added (+) or written off (-) by a paper method
    scaled: np.ndarray  # b * mountain - a * pool after the adjustment (whists x n)
    mountain12: np.ndarray  # whists from the mountain (and pools), in twelfths
    comp: np.ndarray  # the 3-whist compensation, whole whists
    pair: np.ndarray  # sum of W[i][j] - W[j][i], whole whists
    total12: np.ndarray  # the balance, in twelfths


def _check_options(method, whist_price, unit, adjust_seat) -> None:
    if method not in METHODS:
        raise RulesError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    if whist_price is not None and not _positive(whist_price):
        raise RulesError(f"whist_price must be a positive number; got {whist_price!r}")
    if not _positive(unit) or round(unit * _PRICE_SCALE) < 1:
        raise RulesError(
            f"unit must be a positive number of at least 1e-9 (the currency's "
            f"smallest unit, e.g. 0.01); got {unit!r}")
    seat_ok = isinstance(adjust_seat, (int, np.integer)) and not isinstance(
        adjust_seat, bool) and 1 <= abs(adjust_seat) <= MAX_SEATS
    if not seat_ok:
        raise RulesError(
            "adjust_seat must be a seat 1 to 4, or -1 to -4 counted from the last "
            f"seat; got {adjust_seat!r}")


def _positive(x: object) -> bool:
    return (isinstance(x, (int, float, np.integer, np.floating))
            and not isinstance(x, bool) and bool(np.isfinite(x)) and x > 0)


def _adjust_column(sh: Sheet, adjust_seat: int) -> np.ndarray:
    """Method 2's adjusted player, as a 0-based column per game."""
    col = sh.n + adjust_seat if adjust_seat < 0 else np.full_like(sh.n, adjust_seat - 1)
    short = abs(adjust_seat) > sh.n
    if short.any():
        shown = ", ".join(map(str, sh.games[short][:10]))
        raise RulesError(
            f"adjust_seat {adjust_seat} needs 4 players, but {int(short.sum())} "
            f"game(s) have 3 ({shown}); use 1 to 3 or -1 to -3")
    return col


def _pooled(sh: Sheet, rules: Rules) -> np.ndarray:
    """Mountains with each pool's shortfall moved in at a/b points a pool point.

    The target cancels in the amnesty; where none is known the game's largest pool
    stands in for it.
    """
    a, b = rules.pool_whists, rules.mountain_whists
    big = np.where(sh.valid, sh.pool, np.iinfo(np.int64).min).max(axis=1)
    target = np.where(np.isnan(sh.target), big, sh.target).astype(np.int64)[:, None]
    short = np.where(sh.valid, target - sh.pool, 0)
    if a % b == 0:
        return sh.mountain + (a // b) * short
    return sh.mountain + short * (a / b)


def _paper_delta(amnesty, sh: Sheet, b: int, method: str, adjust_seat: int):
    """Seed methods 1 and 2: the points moved so that 10·m/n leaves no remainder.

    Divisible mountains are the multiples of ``step`` = n / gcd(b, n) (even at 4
    players, multiples of 3 at 3). Method 1 moves each player's own mountain to the
    nearest one (a tie writes a point off); method 2 moves one player's mountain so
    that the total divides (a tie adds a point).
    """
    n = sh.n
    step = (n // np.gcd(b, n))[:, None]
    if method == "paper":
        rem = amnesty % step
        delta = np.where(rem == 0, 0, np.where(2 * rem <= step, -rem, step - rem))
        return np.where(sh.valid, delta, 0)
    rem = amnesty.sum(axis=1, keepdims=True, where=sh.valid) % step
    moved = np.where(rem == 0, 0, np.where(2 * rem < step, -rem, step - rem))
    who = np.arange(MAX_SEATS)[None, :] == _adjust_column(sh, adjust_seat)[:, None]
    return np.where(who, moved, 0)


def _settle_arrays(sh: Sheet, rules: Rules, method: str, adjust_seat: int) -> _Settled:
    """Exact: a(P_i - mean P) + b(mean M - M_i) + sum_j (W[i][j] - W[j][i]).

    Paper methods: the same after the seed's adjustments, with 3 whists of
    compensation per point from every other player.
    """
    a, b = rules.pool_whists, rules.mountain_whists
    valid, n = sh.valid, sh.n[:, None]
    pooled = _pooled(sh, rules)
    low = np.where(valid, pooled, np.inf).min(axis=1, keepdims=True)
    amnesty = np.where(valid, pooled - low.astype(pooled.dtype), 0)
    if method == "exact":
        delta = np.zeros_like(sh.mountain)
    elif a % b:
        raise RulesError(
            "the paper methods move pool shortfalls into the mountain and need "
            f"pool_whists ({a}) to be a multiple of mountain_whists ({b}); use "
            "method='exact'")
    else:
        delta = _paper_delta(amnesty, sh, b, method, adjust_seat)
    scaled = np.where(valid, b * (sh.mountain + delta) - a * sh.pool, 0)
    mountain12 = (TWELFTHS // n) * (scaled.sum(axis=1, keepdims=True) - n * scaled)
    comp = COMPENSATION_WHISTS * (n * delta - delta.sum(axis=1, keepdims=True))
    pair = sh.whists.sum(axis=2) - sh.whists.sum(axis=1)
    total12 = np.where(valid, mountain12 + TWELFTHS * (comp + pair), 0)
    mountain12, comp = np.where(valid, mountain12, 0), np.where(valid, comp, 0)
    return _Settled(sh, pooled, amnesty, delta, scaled, mountain12, comp, pair, total12)


def _price_ratio(price: np.ndarray, unit: float) -> tuple[np.ndarray, np.ndarray]:
    """price / unit per game as integers p / q in lowest terms (p = 0: no price)."""
    known = ~np.isnan(price)
    p = np.round(np.where(known, price, 0) * _PRICE_SCALE).astype(np.int64)
    q = np.full(len(price), round(unit * _PRICE_SCALE), dtype=np.int64)
    g = np.maximum(np.gcd(p, q), 1)
    return p // g, q // g


def _money_units(st: _Settled, unit: float, names: np.ndarray) -> np.ndarray:
    """Money in minor units: floor, then the missing units to the largest remainders.

    Exact integer arithmetic on twelfths x p / (12 q). Ties go to the larger exact
    amount, then to the name in code-point order, so seats do not matter.
    """
    valid = st.sheet.valid
    p, q = _price_ratio(st.sheet.price, unit)
    if len(p) and float(np.abs(st.total12).max()) * float(p.max()) > 2.0**62:
        raise RulesError("whist_price x whists is too large to settle exactly in "
                         "minor units; check whist_price and unit")
    num = st.total12 * p[:, None]
    den = TWELFTHS * q[:, None]
    floor = num // den
    rem = num - floor * den
    missing = -np.where(valid, floor, 0).sum(axis=1, keepdims=True)
    first = np.where(valid, -rem, np.iinfo(np.int64).max)  # empty seats last
    order = np.lexsort((names, -num, first), axis=-1)
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(MAX_SEATS)[None, :], axis=1)
    return np.where(valid, floor + (rank < missing), 0)


def _name_ranks(sh: Sheet, checked: pd.DataFrame) -> np.ndarray:
    codes = pd.factorize(checked["player"], sort=True)[0]
    return np.where(sh.valid, codes[np.maximum(sh.row, 0)], 0)


def _prepare(sheet, method, whist_price, unit, rules, adjust_seat, validate):
    _check_options(method, whist_price, unit, adjust_seat)
    rules = rules or Rules()
    checked = check_log(sheet, SHEET_SCHEMA, rules=rules) if validate else sheet
    sh = sheet_arrays(checked, rules)
    if whist_price is not None:
        price = np.where(np.isnan(sh.price), float(whist_price), sh.price)
        sh = sh._replace(price=price)
    return checked, sh, _settle_arrays(sh, rules, method, adjust_seat)


def _whists(twelfths: np.ndarray, whole: bool) -> np.ndarray:
    """Twelfths as whole whists (int) for the paper methods, else as floats."""
    return twelfths // TWELFTHS if whole else twelfths / TWELFTHS


def settle(
    sheet: pd.DataFrame,
    *,
    method: Method = "exact",
    whist_price: float | None = None,
    unit: float = 0.01,
    rules: Rules | None = None,
    adjust_seat: int = -1,
    validate: bool = True,
) -> pd.DataFrame:
    """Settle every game of a preferans sheet (shared/rules/preferans.md "Settlement").

    Parameters
    ----------
    sheet : pandas.DataFrame
        One row per (game, player), as ``read_log(..., game="preferans-sheet")``
        returns it (see :data:`SHEET_SCHEMA`); 3- and 4-player games may be mixed.
    method : {"exact", "paper", "average"}
        ``"exact"``: the formula, thirds and quarters of a whist kept exactly.
        ``"paper"``: the seed's method 1 (amnesty, each mountain x 10 / n written
        by every other player, one-point adjustments per player). ``"average"``: the
        seed's method 2 (average mountain, one player adjusted). Both give whole
        whists; each point moved is compensated by 3 whists from every other player.
    whist_price : float, optional
        Money per whist for games whose sheet gives no ``whist_price``; the sheet's
        per-game value wins. Without either, ``money`` is NA.
    unit : float
        The currency's smallest unit (0.01: kopecks, cents); prices and unit are
        read to 9 decimal places.
    rules : Rules, optional
        ``a`` = ``pool_whists`` and ``b`` = ``mountain_whists`` (``Rules.leningrad()``:
        20 whists a pool point), ``pool_target`` and ``pool_cap`` for the checks.
        Defaults to Sochi.
    adjust_seat : int
        Method 2's adjusted player: a seat 1..4, or counted from the last (-1, the
        default: the last seat, as in the seed's example).
    validate : bool
        Check the sheet first (every problem raises at once). Pass ``False`` only
        for a frame already checked with these rules.

    Returns
    -------
    pandas.DataFrame
        One row per (game, player), games in order of first appearance, then by
        seat, with the steps a person checks by hand:

        - ``game_id``, ``seat`` (1..n), ``player``, ``players`` (3 or 4).
        - ``pool``, ``mountain`` (points): as on the sheet.
        - ``mountain_pooled`` (points): the mountain with the pool's shortfall moved
          in, a/b points per pool point short of the target (the game's largest
          pool when no target is known; the target cancels below).
        - ``mountain_amnesty`` (points): the same less the game's smallest.
        - ``adjustment`` (int, points): added (+) or written off (-) by a paper
          method so that the division leaves no remainder; 0 for ``"exact"``.
        - ``mountain_whists`` (whists): b x (mean mountain - own), pools included,
          after the adjustment.
        - ``compensation`` (int, whists): 3 a point moved, from each other player.
        - ``pair_whists`` (int, whists): sum over opponents of W[i][j] - W[j][i].
        - ``whists`` (whists): the balance, the sum of the three above; every game
          sums to 0. Whole (int) for the paper methods, float for ``"exact"``.
        - ``twelfths`` (int): the balance in twelfths of a whist, exact.
        - ``whist_price`` (float, money per whist; NaN when none).
        - ``money_units`` (Int64, the currency's smallest unit): the balance x
          price, rounded by largest remainder so that every game sums to exactly 0.
        - ``money`` (Float64, currency): ``money_units`` x ``unit``, for display.

        Then the sheet's metadata columns (league, season, date, table).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games import preferans
    >>> sheet = csf.read_log("sample_data/preferans_sheets.csv", game="preferans-sheet")
    >>> seed = sheet[sheet["game_id"] == 1]
    >>> preferans.settle(seed, method="paper")["whists"].tolist()
    [38, -102, -24, 88]
    >>> preferans.settle(seed, whist_price=0.01)["money"].tolist()
    [0.38, -1.03, -0.23, 0.88]
    """
    checked, sh, st = _prepare(sheet, method, whist_price, unit, rules, adjust_seat,
                               validate)
    seated = sh.valid  # boolean indexing keeps (game, seat) order
    rows, seats = np.nonzero(seated)
    at = sh.row[seated]
    whole = method != "exact"
    units = _money_units(st, unit, _name_ranks(sh, checked))[seated]
    unpriced = np.isnan(sh.price[rows])
    q_unit = round(unit * _PRICE_SCALE)
    frame = pd.DataFrame({
        "game_id": checked["game_id"].array.take(at),
        "seat": seats + 1,
        "player": checked["player"].array.take(at),
        "players": sh.n[rows],
        "pool": sh.pool[seated],
        "mountain": sh.mountain[seated],
        "mountain_pooled": st.pooled[seated],
        "mountain_amnesty": st.amnesty[seated],
        "adjustment": st.delta[seated],
        "mountain_whists": _whists(st.mountain12[seated], whole),
        "compensation": st.comp[seated],
        "pair_whists": st.pair[seated],
        "whists": _whists(st.total12[seated], whole),
        "twelfths": st.total12[seated],
        "whist_price": sh.price[rows],
        "money_units": pd.arrays.IntegerArray(units, unpriced),
        "money": pd.arrays.FloatingArray(units * q_unit / _PRICE_SCALE, unpriced),
    })
    for col in METADATA_COLUMNS:
        if col in checked:
            frame[col] = checked[col].array.take(at)
    frame.attrs.update({"game": "preferans", "unit": "whists", "method": method,
                        "zero_sum": True})
    return frame


def pairwise(
    sheet: pd.DataFrame,
    *,
    method: Method = "exact",
    rules: Rules | None = None,
    adjust_seat: int = -1,
    validate: bool = True,
) -> pd.DataFrame:
    """The balance of every pair of players, as the seed's method 1 nets it on paper.

    Parameters are those of :func:`settle`.

    Returns
    -------
    pandas.DataFrame
        One row per (game, player, opponent):

        - ``game_id``, ``seat``, ``player``, ``opponent_seat``, ``opponent``.
        - ``written``, ``received`` (int, whists): W[i][j] and W[j][i].
        - ``balance`` (int, whists): ``written - received``.
        - ``compensation`` (int, whists): 3 a point the player's mountain lost,
          less 3 a point the opponent's lost.
        - ``mountain_whists`` (whists): b x (opponent's mountain - own) / n, pools
          included, after the adjustment; whole (int) for ``"paper"``.
        - ``total`` (whists): the sum of the three; a player's totals add up to his
          ``whists`` in :func:`settle`, and the two rows of a pair cancel.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games import preferans
    >>> sheet = csf.read_log("sample_data/preferans_sheets.csv", game="preferans-sheet")
    >>> pairs = preferans.pairwise(sheet[sheet["game_id"] == 1], method="paper")
    >>> pairs.loc[pairs["seat"] == 1, "total"].tolist()
    [17, 33, -12]
    """
    checked, sh, st = _prepare(sheet, method, None, 0.01, rules, adjust_seat, validate)
    i = np.arange(MAX_SEATS)
    both = sh.valid[:, :, None] & sh.valid[:, None, :] & (i[:, None] != i[None, :])
    g, s, o = np.nonzero(both)
    w = sh.whists
    balance = w[g, s, o] - w[g, o, s]
    comp = COMPENSATION_WHISTS * (st.delta[g, s] - st.delta[g, o])
    mountain12 = (TWELFTHS // sh.n[g]) * (st.scaled[g, o] - st.scaled[g, s])
    total12 = mountain12 + TWELFTHS * (balance + comp)
    whole = method == "paper"
    names = checked["player"].to_numpy()
    frame = pd.DataFrame({
        "game_id": checked["game_id"].to_numpy()[sh.row[g, s]],
        "seat": s + 1,
        "player": names[sh.row[g, s]],
        "opponent_seat": o + 1,
        "opponent": names[sh.row[g, o]],
        "written": w[g, s, o],
        "received": w[g, o, s],
        "balance": balance,
        "compensation": comp,
        "mountain_whists": _whists(mountain12, whole),
        "total": _whists(total12, whole),
    })
    frame["game_id"] = frame["game_id"].astype(checked["game_id"].dtype)
    frame[["player", "opponent"]] = frame[["player", "opponent"]].astype("str")
    return frame


def settle_report(
    sheet: pd.DataFrame,
    *,
    method: Method = "exact",
    whist_price: float | None = None,
    unit: float = 0.01,
    rules: Rules | None = None,
    adjust_seat: int = -1,
) -> dict[str, pd.DataFrame]:
    """The tables ``cardscore settle SHEET --method M`` prints.

    Returns
    -------
    dict of str to DataFrame
        ``"Settlement (<method>)"``: :func:`settle`'s steps and result (without
        ``twelfths`` and ``money_units``); ``"Pairs"``: :func:`pairwise`;
        ``"Games"``: per game, ``players``, ``whist_price``, ``points_moved``
        (mountain points adjusted, sum of absolute values), and the checks
        ``whists_sum`` and ``money_sum`` (0 in every game).

    Examples
    --------
    >>> from cardscore_frames.games import preferans
    >>> import cardscore_frames as csf
    >>> sheet = csf.read_log("sample_data/preferans_sheets.csv", game="preferans-sheet")
    >>> list(preferans.settle_report(sheet, method="average"))
    ['Settlement (average)', 'Pairs', 'Games']
    """
    res = settle(sheet, method=method, whist_price=whist_price, unit=unit, rules=rules,
                 adjust_seat=adjust_seat)
    pairs = pairwise(sheet, method=method, rules=rules, adjust_seat=adjust_seat,
                     validate=False)
    games = res.assign(moved=res["adjustment"].abs()).groupby(
        "game_id", sort=False).agg(
        players=("players", "first"), whist_price=("whist_price", "first"),
        points_moved=("moved", "sum"), whists_sum=("twelfths", "sum"),
        money_sum=("money_units", "sum"))
    games["whists_sum"] = games["whists_sum"] / TWELFTHS
    games["money_sum"] = games["money_sum"].astype("Float64") * unit
    shown = res.drop(columns=["twelfths", "money_units"])
    return {f"Settlement ({method})": shown, "Pairs": pairs,
            "Games": games.reset_index()}
