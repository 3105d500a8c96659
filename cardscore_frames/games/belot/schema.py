"""The belot deal log: its columns and every check of docs/games/belot.md.

Log semantics worth knowing: a blank ``capo`` cell means false, a blank
``doubling`` means none, blank declarations mean 0 whists, a blank ``bela`` means
none; a capo deal leaves ``bid`` blank and names its K in ``capo_bid`` (0 when
nothing was named above the base; under ``Rules(capo_scoring="bid")`` the capo
bid's whole level N, at least the minimum bid). The optional ``bela`` column is
read only under ``Rules(bela_kept=True)``.

Deals logged after their match was decided are found by scoring the log (the
shared arithmetic of :mod:`.arithmetic`) inside :func:`check_after_match`, so that
``read_log`` reports them with every other problem and ``errors="collect"``
rejects them; it is the last check and trusts only deals with no other problem.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import Field, Problems, Schema, filled, game_index
from cardscore_frames.checking.seats import name_codes
from cardscore_frames.games.belot.arithmetic import ARRAYS, score_arrays
from cardscore_frames.games.belot.rules import (
    BELA_WHISTS,
    CONTRACTS,
    DECK_WHISTS,
    DOUBLINGS,
    NO_TRUMP,
    PAIRS,
    TRICKS,
    WHISTS_PER_POINT,
    Rules,
)
from cardscore_frames.games.belot.vocabulary import VOCABULARY as WORDS
from cardscore_frames.games.belot.vocabulary import HEADINGS

__all__ = ["SCHEMA", "PLAYERS", "FIELDS", "pair_key"]

#: The largest bid (N or K, in points) a log may hold.
MAX_BID = 1000
#: The player columns, in seat order: pair a, then pair b.
PLAYERS = ("a1", "a2", "b1", "b2")

FIELDS = (
    Field("game_id", "id"),
    Field("deal", "int", low=1),
    *(Field(p, "name") for p in PLAYERS),
    Field("declarer", "choice", choices=PAIRS, vocabulary=WORDS["declarer"]),
    Field("contract", "choice", choices=CONTRACTS, vocabulary=WORDS["contract"]),
    # no deal is worth near 1,000 points (a deck and every declaration are far
    # less): a larger bid is a slip, and it would not be counted exactly either
    Field("bid", "int", blank=True, high=MAX_BID),
    Field("capo", "flag", default=False),
    Field(
        "capo_bid",
        "int",
        required=False,
        blank=True,
        low=0,
        high=MAX_BID,
    ),
    Field(
        "doubling",
        "choice",
        choices=DOUBLINGS,
        vocabulary=WORDS["doubling"],
        default="none",
    ),
    Field("declarer_tricks", "int", low=0, high=TRICKS),
    Field(
        "declarer_card_points",
        "int",
        low=0,
        high=DECK_WHISTS,
    ),
    Field(
        "declarer_declarations",
        "int",
        low=0,
        step=WHISTS_PER_POINT,
        default=0,
    ),
    Field(
        "defender_declarations",
        "int",
        low=0,
        step=WHISTS_PER_POINT,
        default=0,
    ),
    Field(
        "bela",
        "choice",
        required=False,
        choices=("none", *PAIRS),
        vocabulary=WORDS["bela"],
        default="none",
    ),
)


def _games(deals: pd.DataFrame, problems: Problems):
    """The log's matches, indexed once per validation pass."""
    return problems.cached("games", lambda: game_index(deals, "deal"))


def check_players(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Four different players, two in each pair."""
    for i in range(4):
        for j in range(i + 1, 4):
            twice = (deals[PLAYERS[i]] == deals[PLAYERS[j]]).to_numpy(
                dtype=bool, na_value=False
            )
            problems.add(
                twice,
                PLAYERS[j],
                "duplicate_player",
                "the four players of a deal must be different; {value} is "
                f"also {PLAYERS[i]}",
            )


def pair_key(deals: pd.DataFrame, first: str, second: str) -> pd.Series:
    """A pair as ``"x & y"``, names in order, so that a seat swap is no change."""
    x = deals[first].astype(object).fillna("").astype(TEXT)  # may be categorical
    y = deals[second].astype(object).fillna("").astype(TEXT)
    swap = (x > y).to_numpy()
    return x.where(~swap, y) + " & " + y.where(~swap, x)


def check_pairs(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """The two pairs stay the same all through a match (seat swaps are no change)."""
    index = _games(deals, problems)
    n = len(deals)
    codes = _name_codes(deals, PLAYERS)  # each seat's codes; -1 blank
    seated = np.logical_and.reduce([c >= 0 for c in codes])
    first = index.first_of()
    for k, pair in enumerate(PAIRS):
        x, y = codes[2 * k], codes[2 * k + 1]
        key = np.minimum(x, y).astype(np.int64) * (n * 4 + 1) + np.maximum(x, y)
        changed = seated & seated[first] & (key != key[first])
        rows = np.flatnonzero(changed)
        if not len(rows):
            continue
        named = {  # names only for the messages
            "value": np.full(n, None, dtype=object),
            "was": np.full(n, None, dtype=object),
        }
        for name, at in (("value", rows), ("was", first[rows])):
            named[name][rows] = pair_key(
                deals.iloc[at], f"{pair}1", f"{pair}2"
            ).to_numpy(dtype=object)
        deal = deals["deal"].to_numpy(dtype=object)
        problems.add(
            changed,
            f"{pair}1",
            "pair_changed",
            f"pair {pair} must stay the same all through a match; it was "
            "{was} at deal {first}, got {value}",
            first=deal[first],
            **named,
        )


def _name_codes(deals: pd.DataFrame, columns: list[str]) -> list[np.ndarray]:
    """Each column's integer codes of the names, equal for equal names; -1 blank.

    A checked log's name columns share their categories, so their codes are
    the names' codes already (kept in their own small type); other frames are
    factorised together.
    """
    shared = name_codes(deals, columns)
    if shared is not None and len(shared) == len(columns):
        return [shared[c] for c in columns]
    values = pd.concat([deals[c] for c in columns], ignore_index=True)
    return list(pd.factorize(values)[0].reshape(len(columns), len(deals)))


def check_contract(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Ordinary deals name N; capo deals name K instead (rules 3-5)."""
    capo = deals["capo"].to_numpy(dtype=bool, na_value=False)
    bid_given = deals["bid"].notna().to_numpy()
    problems.add(
        ~capo & ~bid_given,
        "bid",
        "blank",
        "bid must be given on an ordinary (not capo) deal",
    )
    problems.add(
        capo & bid_given,
        "bid",
        "set_on_capo",
        "bid must be blank on a capo deal (its K goes in capo_bid); got {value}",
    )
    low = (deals["bid"] < rules.min_bid).to_numpy(dtype=bool, na_value=False)
    problems.add(
        low,
        "bid",
        "below_minimum",
        f"bid must be at least {rules.min_bid} points (Rules.min_bid); got {{value}}",
    )
    if "capo_bid" in deals:
        k_given = deals["capo_bid"].notna().to_numpy()
    else:
        k_given = np.zeros(len(deals), dtype=bool)
    problems.add(
        ~capo & k_given,
        "capo_bid",
        "capo_bid_without_capo",
        "capo_bid must be blank unless capo is true; got {value}",
    )
    if rules.capo_scoring == "bid":  # capo_bid is the capo's level N
        problems.add(
            capo & ~k_given,
            "capo_bid",
            "blank",
            "capo_bid must be given on a capo deal (the capo bid's level N, "
            "Rules.capo_scoring='bid')",
        )
        if "capo_bid" not in deals:
            return
        low = (deals["capo_bid"] < rules.min_bid).to_numpy(bool, na_value=False)
        problems.add(
            capo & low,
            "capo_bid",
            "below_minimum",
            f"capo_bid is the capo bid's level (Rules.capo_scoring='bid') and must "
            f"be at least {rules.min_bid} points (Rules.min_bid); got {{value}}",
        )
        return
    problems.add(
        capo & ~k_given,
        "capo_bid",
        "blank",
        "capo_bid must be given on a capo deal (0 when nothing was named "
        "above the base 25)",
    )


def check_whists(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Card whists that the tricks rule out. (Declarations in whole tens are
    their fields' step: a value off it is reported, and blank, by the time the
    checks run.)"""
    # blanks as NaN: no comparison holds for them
    tricks = filled(deals["declarer_tricks"], float, np.nan)
    vtp = filled(deals["declarer_card_points"], float, np.nan)
    problems.add(
        (tricks == 0) & (vtp > 0),
        "declarer_card_points",
        "points_without_tricks",
        "declarer_card_points must be 0 when the declarers took no trick; got {value}",
    )
    problems.add(
        (tricks == TRICKS) & (vtp < DECK_WHISTS),
        "declarer_card_points",
        "all_tricks_points",
        f"declarer_card_points must be {DECK_WHISTS} when the declarers took "
        f"all {TRICKS} tricks; got {{value}}",
    )


def _check_bela_column(deals: pd.DataFrame, problems: Problems) -> None:
    """Under ``bela_kept`` a deal with declarations of a Бэла's worth may have
    one kept: without the column every such deal would be scored as if none."""
    enough = np.zeros(len(deals), dtype=bool)
    for side in ("declarer_declarations", "defender_declarations"):
        enough |= (deals[side] >= BELA_WHISTS).to_numpy(dtype=bool, na_value=False)
    count = int(enough.sum())
    if count:
        problems.add_table(
            "bela",
            "missing_column",
            f"column bela is missing: Rules(bela_kept=True) reads who held the "
            f"Бэла from it, and {'1 deal has' if count == 1 else f'{count} deals have'}"
            f" declarations of {BELA_WHISTS} whists or more (a column headed bela "
            "or Бэла: a, b or blank)",
        )


def check_bela(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Under ``bela_kept``, the ``bela`` pair must have declared a Бэла (20
    whists); a log that could hold one says who did, in its ``bela`` column."""
    if not rules.bela_kept:
        return
    if "bela" in problems.left_out:
        _check_bela_column(deals, problems)
        return
    bela = deals["bela"]
    named = (bela != "none").to_numpy(dtype=bool, na_value=False)
    no_trump = (deals["contract"] == NO_TRUMP).to_numpy(dtype=bool, na_value=False)
    problems.add(
        named & no_trump,
        "bela",
        "bela_no_trump",
        "bela must be none in a no-trump contract (a Бэла is the king and "
        "queen of trumps); got {value}",
    )
    declarer = deals["declarer"]
    ours = np.logical_or.reduce(
        [
            ((bela == p) & (declarer == p)).to_numpy(dtype=bool, na_value=False)
            for p in PAIRS
        ]
    )
    for side, col in (
        (ours, "declarer_declarations"),
        (named & ~ours, "defender_declarations"),
    ):
        short = side & (deals[col] < BELA_WHISTS).to_numpy(dtype=bool, na_value=False)
        problems.add(
            short & ~no_trump,
            "bela",
            "bela_without_declaration",
            f"bela {{value}} needs at least {BELA_WHISTS} whists (the Бэла) in "
            f"{col}; got {{whists}}",
            whists=deals[col],  # read at the rows reported only
        )


def check_after_match(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Rule 8: no deal after the one that decided its match (scores the log)."""
    index = _games(deals, problems)
    arrays = score_arrays(deals, rules, valid=~problems.bad, index=index)
    problems.keep(ARRAYS, rules, arrays)  # the scorer's own work
    report_after_match(deals, problems, arrays[2], rules)


def report_after_match(deals: pd.DataFrame, problems: Problems, proto, rules) -> None:
    """Each deal after its match was decided (``proto``: the protocol of the
    log's valid deals), named with the deciding deal and its score."""
    if not proto.after.any():  # the usual log: no deal numbers as objects
        return
    deal = deals["deal"].to_numpy(dtype=object)
    end = np.maximum(proto.end_row, 0)
    problems.add(
        proto.after,
        "deal",
        "after_match",
        "deal {value} comes after the match was decided at deal {end} "
        f"({{ta}} to {{tb}}, target {rules.target})",
        end=deal[end],
        ta=proto.total_a[end],
        tb=proto.total_b[end],
    )


SCHEMA = Schema(
    headings=HEADINGS,
    game="belot",
    fields=FIELDS,
    reject="game",
    checks=(
        check_players,
        check_pairs,
        check_contract,
        check_whists,
        check_bela,
        check_after_match,
    ),
)
