"""Preferans settlement: the end-of-game balance of every game at once, vectorised.

docs/games/preferans.md "Settlement", seed ``000_71195628d9952bc0``. Every game is
a column of seat-major arrays of shape (4, games), zero on the seats it lacks, so
thousands of games of 3 and 4 players settle in one pass, with no loop over games:
the sheet's arrays in layout.py, the whists by each method in whists.py
(methods 1 and 2 in paper.py), the money in money.py, the output frames in
frames.py; this module checks the options and settles.

Exactness: whists are kept as integer twelfths (``twelfths``; 12 is a common
multiple of 3 and 4, so the exact method's thirds and quarters are whole there),
and money as integer minor units (``money_units``) rounded by largest remainder
in integer arithmetic; the float columns ``whists`` and ``money`` are for display.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_codes, telling_columns
from cardscore_frames.contract import prepare_log
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.errors import RulesError
from cardscore_frames.games.preferans.rules import MAX_SEATS, PreferansRules, Rules
from cardscore_frames.games.preferans.settlement.frames import pair_frame, settle_frame
from cardscore_frames.games.preferans.settlement.layout import sheet_arrays
from cardscore_frames.games.preferans.settlement.money import PRICE_SCALE
from cardscore_frames.games.preferans.settlement.paper import (
    COMPENSATION_WHISTS,
    ROUNDINGS,
)
from cardscore_frames.games.preferans.settlement.schema import SHEET_SCHEMA
from cardscore_frames.games.preferans.settlement.whists import (
    TWELFTHS,
    whist_balance,
)

__all__ = [
    "METHODS",
    "ROUNDINGS",
    "COMPENSATION_WHISTS",
    "SETTLE_COLUMNS",
    "PAIR_COLUMNS",
    "settle",
    "pairwise",
    "settle_report",
]

Method = Literal["exact", "paper", "average"]
Rounding = Literal["nearest", "multiple"]

#: "Settlement": the exact formula, the seed's method 1 ("amnesty", written on paper
#: player by player) and method 2 ("average mountain").
METHODS = ("exact", "paper", "average")

#: The columns of :func:`settle`, in order (metadata columns follow).
SETTLE_COLUMNS = (
    "game_id",
    "seat",
    "player",
    "players",
    "pool",
    "mountain",
    "mountain_pooled",
    "mountain_amnesty",
    "adjustment",
    "mountain_whists",
    "compensation",
    "pair_whists",
    "whists",
    "twelfths",
    "whist_price",
    "money_units",
    "money",
)
#: The columns of :func:`pairwise`, in order (metadata columns follow).
PAIR_COLUMNS = (
    "game_id",
    "seat",
    "player",
    "opponent_seat",
    "opponent",
    "written",
    "received",
    "balance",
    "compensation",
    "mountain_whists",
    "total",
)


def _check_options(method, whist_price, unit, adjust_seat, rounding) -> None:
    if method not in METHODS:
        raise RulesError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    if rounding not in ROUNDINGS:
        raise RulesError(
            f"rounding must be one of {', '.join(ROUNDINGS)}; got {rounding!r}"
        )
    if rounding != "nearest" and method != "average":
        raise RulesError(
            f"rounding={rounding!r} is an option of method='average' (method 2) "
            f"only; got method={method!r}"
        )
    if whist_price is not None and not _positive(whist_price):
        raise RulesError(f"whist_price must be a positive number; got {whist_price!r}")
    if not _positive(unit) or round(unit * PRICE_SCALE) < 1:
        raise RulesError(
            f"unit must be a positive number of at least 1e-9 (the currency's "
            f"smallest unit, e.g. 0.01); got {unit!r}"
        )
    seat_ok = (
        isinstance(adjust_seat, (int, np.integer))
        and not isinstance(adjust_seat, bool)
        and 1 <= abs(adjust_seat) <= MAX_SEATS
    )
    if not seat_ok:
        raise RulesError(
            "adjust_seat must be a seat 1 to 4, or -1 to -4 counted from the last "
            f"seat; got {adjust_seat!r}"
        )


def _positive(x: object) -> bool:
    return (
        isinstance(x, (int, float, np.integer, np.floating))
        and not isinstance(x, bool)
        and bool(np.isfinite(x))
        and x > 0
    )


def _prepare(
    sheet, method, whist_price, unit, rules, adjust_seat, validate, rounding="nearest"
):
    _check_options(method, whist_price, unit, adjust_seat, rounding)
    checked, rules = prepare_log(
        sheet, SHEET_SCHEMA, PreferansRules, rules, validate=validate
    )
    sh = sheet_arrays(checked, rules)
    if whist_price is not None:
        price = np.where(np.isnan(sh.price), float(whist_price), sh.price)
        sh = sh._replace(price=price)
    return checked, sh, whist_balance(sh, rules, method, adjust_seat, rounding)


@dask_aware("settle", game="preferans")
def settle(
    sheet: pd.DataFrame,
    *,
    method: Method = "exact",
    whist_price: float | None = None,
    unit: float = 0.01,
    rules: Rules | None = None,
    adjust_seat: int = -1,
    rounding: Rounding = "nearest",
    validate: bool = True,
) -> pd.DataFrame:
    """Settle every game of a preferans sheet (docs/games/preferans.md "Settlement").

    Parameters
    ----------
    sheet : pandas.DataFrame
        One row per (game, player), as ``read_log(..., game="preferans", kind="sheet")``
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
    rounding : {"nearest", "multiple"}
        Method 2's adjustment when the mountains' total does not divide:
        ``"nearest"`` (the seed) moves it to the nearest total that divides, a tie
        adding a point; ``"multiple"`` (PrefCount) to the nearest multiple of the
        number of players. They differ only at 4 players on a total of 4k + 1,
        which ``"multiple"`` moves a point down. Other methods take ``"nearest"``.
    validate : bool
        Check the sheet first (every problem raises at once). Pass ``False`` only
        for a frame already checked with these rules.

    Returns
    -------
    pandas.DataFrame
        One row per (game, player), games in order of first appearance, then by
        seat, with the steps a person checks by hand:

        - ``game_id``, ``seat`` (1..n), ``player``, ``players`` (3 or 4).
        - ``pool``, ``mountain`` (points): as on the sheet; a blank pool (a
          closed one) at the game's target, NA when no target is known.
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
    >>> sheet = csf.read_log("sample_data/preferans_sheets.csv", game="preferans", kind="sheet")
    >>> seed = sheet[sheet["game_id"] == 1]
    >>> preferans.settle(seed, method="paper")["whists"].tolist()
    [38, -102, -24, 88]
    >>> preferans.settle(seed, whist_price=0.01)["money"].tolist()
    [0.38, -1.03, -0.23, 0.88]
    """
    checked, sh, st = _prepare(
        sheet, method, whist_price, unit, rules, adjust_seat, validate, rounding
    )
    return settle_frame(checked, sh, st, method, unit)


def pairwise(
    sheet: pd.DataFrame,
    *,
    method: Method = "exact",
    rules: Rules | None = None,
    adjust_seat: int = -1,
    rounding: Rounding = "nearest",
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
        - the sheet's metadata columns (``league``, ``season``, ``date``,
          ``table``), as in :func:`settle`.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games import preferans
    >>> sheet = csf.read_log("sample_data/preferans_sheets.csv", game="preferans", kind="sheet")
    >>> pairs = preferans.pairwise(sheet[sheet["game_id"] == 1], method="paper")
    >>> pairs.loc[pairs["seat"] == 1, "total"].tolist()
    [17, 33, -12]
    """
    checked, sh, st = _prepare(
        sheet, method, None, 0.01, rules, adjust_seat, validate, rounding
    )
    return pair_frame(checked, sh, st, method)


def settle_report(
    sheet: pd.DataFrame,
    *,
    method: Method = "exact",
    whist_price: float | None = None,
    unit: float = 0.01,
    rules: Rules | None = None,
    adjust_seat: int = -1,
    rounding: Rounding = "nearest",
) -> dict[str, pd.DataFrame]:
    """The tables ``cardscore settle SHEET --method M`` prints.

    Returns
    -------
    dict of str to DataFrame
        ``"Settlement (<method>)"``: :func:`settle`'s steps and result (without
        ``twelfths`` and ``money_units``); ``"Pairs"``: :func:`pairwise`;
        ``"Games"``: per game, ``game_id`` (after its league and season when the
        sheet holds several), ``players``, ``whist_price``, ``points_moved``
        (mountain points adjusted, sum of absolute values), and the checks
        ``whists_sum`` and ``money_sum`` (0 in every game).

    Examples
    --------
    >>> from cardscore_frames.games import preferans
    >>> import cardscore_frames as csf
    >>> sheet = csf.read_log("sample_data/preferans_sheets.csv", game="preferans", kind="sheet")
    >>> list(preferans.settle_report(sheet, method="average"))
    ['Settlement (average)', 'Pairs', 'Games']
    """
    checked, sh, st = _prepare(
        sheet, method, whist_price, unit, rules, adjust_seat, True, rounding
    )  # checked once, settled once for both tables
    res = settle_frame(checked, sh, st, method, unit)
    pairs = pair_frame(checked, sh, st, method)
    by = telling_columns(res)  # two seasons' game 1 are two games
    games = (
        res.assign(moved=res["adjustment"].abs())
        .groupby(game_codes(res), sort=False)
        .agg(
            **{c: (c, "first") for c in (*by, "game_id")},
            players=("players", "first"),
            whist_price=("whist_price", "first"),
            points_moved=("moved", "sum"),
            whists_sum=("twelfths", "sum"),
            money_sum=("money_units", "sum"),
        )
    )
    games["whists_sum"] = games["whists_sum"] / TWELFTHS
    games["money_sum"] = games["money_sum"].astype("Float64") * unit
    shown = res.drop(columns=["twelfths", "money_units"])
    return {
        f"Settlement ({method})": shown,
        "Pairs": pairs,
        "Games": games.reset_index(drop=True),
    }
