"""Scoring French tarot deals, all at once: each deal's value and who sat where.

:mod:`.ledger` turns the scored deals into what each player won.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import stamp
from cardscore_frames.checking.seats import seats_taken
from cardscore_frames.contract import prepare_log
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.games.evening_results import is_results_log, score_results
from cardscore_frames.games.points_logs import is_points_log
from cardscore_frames.games.tarot.points_log import (
    POINTS_SCHEMA,
    score_points,
)
from cardscore_frames.games.tarot.rules import (
    CHELEM_PRIME,
    MULTIPLIER,
    NEEDED,
    PETIT_AU_BOUT,
    Rules,
    TarotRules,
)
from cardscore_frames.games.tarot.schema import SCHEMA
from cardscore_frames.games.tarot.seats import seat_of, seated

__all__ = ["score", "SCORE_COLUMNS"]

#: Columns that ``score`` adds, in order.
SCORE_COLUMNS = (
    "players",
    "alone",
    "needed",
    "margin",
    "made",
    "multiplier",
    "petit_au_bout_points",
    "poignee_points",
    "chelem_points",
    "deal_value",
    "taker_score",
    "taker_seat",
    "partner_seat",
    "sits_out_seat",
)


def _margin(card_points: np.ndarray, needed: np.ndarray, rules: Rules) -> np.ndarray:
    """Rule 3: the half point goes to the winning camp (ceil when made, floor when not)."""
    if not rules.half_points:
        card_points = np.floor(card_points)
    raw = card_points - needed
    margin = np.where(raw >= 0, np.ceil(raw), np.floor(raw))
    step = rules.margin_round_to
    if step > 1:  # nearest multiple, ties toward the winner (away from zero)
        margin = np.sign(margin) * np.floor(np.abs(margin) / step + 0.5) * step
    return margin


def _lookup(values: pd.Series, table: dict[str, int]) -> np.ndarray:
    """A rule table applied to a column: category codes index a small array."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        lut = np.array([table[c] for c in values.cat.categories] + [0], dtype=np.int64)
        return lut[values.cat.codes.to_numpy()]  # code -1 (NA) takes the trailing 0
    codes, uniques = pd.factorize(values)
    lut = np.array([table[u] for u in uniques] + [0], dtype=np.int64)
    return lut[codes]


def _poignee_points(deals: pd.DataFrame, rules: Rules) -> np.ndarray:
    """Rule 7: every poignée shown, by either camp, as unsigned primes."""
    primes = dict(zip(("simple", "double", "triple"), rules.poignee_values))
    total = np.zeros(len(deals), dtype=np.int64)
    for column in ("poignee_attack", "poignee_defence"):
        codes, uniques = pd.factorize(deals[column])
        value = [sum(primes.get(t, 0) for t in str(u).split("+")) for u in uniques]
        total += np.array([*value, 0], dtype=np.int64)[codes]
    return total


@dask_aware("score", game="tarot")
def score(
    deals: pd.DataFrame, *, rules: Rules | None = None, validate: bool = True
) -> pd.DataFrame:
    """Score every tarot deal (docs/games/tarot.md), vectorised.

    Parameters
    ----------
    deals : pandas.DataFrame
        A tarot log, best as :func:`cardscore_frames.read_log` returns it: such a
        frame, unchanged since, is not checked again. A points-only log
        (``kind="points"``: each player's score per deal) is returned checked,
        with ``players`` and each seat's running total ``total1 .. total5``
        (:mod:`cardscore_frames.games.tarot.points_log`) instead of the columns
        below.
    rules : TarotRules, optional
        The rules the log was read with, else the FFT rules, ``Rules()``.
    validate : bool
        Check a log that was not checked with these rules (every problem raises
        at once). ``False`` checks only that the frame is a typed tarot log.

    Returns
    -------
    pandas.DataFrame
        The deals with every original column, plus:

        - ``players`` (int): players in the deal (a player sitting out excluded).
        - ``alone`` (boolean): at 5 players, the taker played without a partner.
        - ``needed`` (Int64, card points): 56/51/41/36 by oudlers; NA when passed.
        - ``margin`` (Int64, points): signed, half point to the winner; NA when passed.
        - ``made`` (boolean): the contract was made; NA when passed.
        - ``multiplier`` (int): 1, 2, 4, 6 by contract; 0 when passed.
        - ``petit_au_bout_points``, ``poignee_points``, ``chelem_points`` (int,
          points): the parts of the deal value, signed from the attack's side
          (petit au bout before the multiplier).
        - ``deal_value`` (int, points): S, what each defender pays (negative:
          receives); 0 for a passed deal.
        - ``taker_score`` (int, points): the taker's score for the deal.
        - ``taker_seat``, ``partner_seat``, ``sits_out_seat`` (Int8): the seat
          (1-5, the log's player column) of each; NA for nobody (no partner when
          the taker plays alone).

        The frame carries the rules it was scored with (``.cardscore.rules``).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    >>> scored = csf.tarot.score(deals)
    >>> scored[["deal", "taker", "contract", "margin", "deal_value"]].iloc[1:3]
       deal    taker contract  margin  deal_value
    1     2  Bastien   petite       5          30
    2     3  Bastien   petite       6          31
    """
    if is_results_log(deals, "tarot"):
        return score_results(deals, "tarot", rules=rules, validate=validate)
    if is_points_log(deals, SCHEMA, POINTS_SCHEMA):
        return score_points(deals, rules=rules, validate=validate)
    deals, rules = prepare_log(deals, SCHEMA, TarotRules, rules, validate=validate)
    played = (deals["contract"] != "pass").to_numpy(dtype=bool)
    seats = _seats(deals)
    oudlers = deals["oudlers"].to_numpy(dtype=np.int64, na_value=0)
    needed = NEEDED[oudlers]
    margin = _margin(
        deals["card_points"].to_numpy(dtype=float, na_value=0.0), needed, rules
    )
    made = margin >= 0
    mult = _lookup(deals["contract"], MULTIPLIER)
    pab = _lookup(deals["petit_au_bout"], PETIT_AU_BOUT)
    base = np.where(made, 25 + np.abs(margin), -25 - np.abs(margin)).astype(np.int64)
    poignee = _poignee_points(deals, rules) * np.where(made, 1, -1)
    chelem = _lookup(deals["chelem"], CHELEM_PRIME)
    value = np.where(played, (base + pab) * mult + poignee + chelem, 0)
    n = seats["players"]
    alone = seats["partner"] < 0
    added = {
        "players": n,
        "alone": pd.arrays.BooleanArray(alone, (n != 5) | ~played),
        "needed": pd.arrays.IntegerArray(needed, ~played),
        "margin": pd.arrays.IntegerArray(margin.astype(np.int64), ~played),
        "made": pd.arrays.BooleanArray(made, ~played),
        "multiplier": mult,
        "petit_au_bout_points": np.where(played, pab, 0),
        "poignee_points": np.where(played, poignee, 0),
        "chelem_points": np.where(played, chelem, 0),
        "deal_value": value.astype(np.int64),
        "taker_score": _taker_factor(n, alone) * value,
    }
    for role, column in _SEAT_COLUMNS.items():
        added[column] = pd.arrays.IntegerArray(
            seats[role] + np.int8(1), seats[role] < 0
        )
    out = deals.drop(columns=[c for c in SCORE_COLUMNS if c in deals])
    new = pd.DataFrame(added, index=deals.index, copy=False)  # new arrays, each once
    out = pd.concat([out, new], axis=1)
    return stamp(out, game="tarot", kind="scored", rules=rules)


def _taker_factor(players: np.ndarray, alone: np.ndarray) -> np.ndarray:
    """What the taker receives, in units of S: one S from each defender, less the
    partner's S (2 at 3 players, 3 at 4, 2 with a partner or 4 alone at 5)."""
    return players - 1 - 2 * ((players == 5) & ~alone)


#: Where ``score`` records the seats (1-5) of the taker, his partner and a sitter-out.
_SEAT_COLUMNS = {
    "taker": "taker_seat",
    "partner": "partner_seat",
    "out": "sits_out_seat",
}


def _seats(deals: pd.DataFrame) -> dict[str, np.ndarray]:
    """Who sits where: seat indices (0-4, -1 for nobody) of taker, partner,
    sitter-out, found from the names (never from seat columns already there)."""
    taker = seat_of(deals, "taker")
    partner = seat_of(deals, "partner")
    partner[partner == taker] = -1  # the taker's own name: he plays alone
    out = seat_of(deals, "sits_out")
    present = seated(deals)
    return {
        "seated": present,
        "taker": taker,
        "partner": partner,
        "out": out,
        "players": seats_taken(present) - (out >= 0),
    }
