"""The tarot log's checks of what the cards allow: card points against the
oudlers, a chelem's points (a garde contre's dog is the defence's), half points
at four, petit au bout, and poignées against the pack's trumps and the camps
(docs/games/tarot.md)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import Problems, filled
from cardscore_frames.checking.seats import same_name
from cardscore_frames.checking.values import is_in
from cardscore_frames.games.tarot.rules import (
    CHELEMS_MADE,
    DOG_CARDS,
    PACK_TRUMPS,
    POIGNEE_TRUMPS,
    POIGNEES,
    Rules,
)
from cardscore_frames.games.tarot.seats import cached_active

__all__ = [
    "check_points",
    "check_poignees",
    "contre_chelem_bounds",
    "poignee_counts",
]


def check_points(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Card points and petit au bout that the oudlers rule out (rules file, last part)."""
    pts = filled(deals["card_points"], float, np.nan)
    oud = filled(deals["oudlers"], float, np.nan)
    # from 4.5 points an oudler to 91 less 4.5 an oudler the defence has: the
    # points above the least, 0 to 77.5 (NaN, a blank, is neither)
    above = 4.5 * oud
    np.subtract(pts, above, out=above)
    outside = (above < 0) | (above > 91 - 3 * 4.5)
    chelem_made = is_in(deals["chelem"], CHELEMS_MADE)
    # a garde contre's dog is the defence's even in a chelem: its points keep to
    # the oudlers' bounds and to the dog's (docs/games/tarot.md)
    contre = (deals["contract"] == "garde_contre").fillna(False).to_numpy()
    fixed = chelem_made & ~contre
    if (outside & ~fixed).any():
        problems.add(
            outside & ~fixed,
            "card_points",
            "points_vs_oudlers",
            "card_points must be from {lo} to {hi} with {oudlers} oudlers; got {value}",
            lo=4.5 * oud,
            hi=91 - 4.5 * (3 - oud),
            oudlers=oud,
        )
    known = ~np.isnan(pts) & ~np.isnan(oud)
    if fixed.any():
        slam_ok = ((pts == 91) & (oud == 3)) | ((pts == 87) & (oud <= 2))
        problems.add(
            known & fixed & ~slam_ok,
            "card_points",
            "chelem_points",
            "card_points of a made chelem must be 91 (3 oudlers) or 87 (the defence "
            "kept the Excuse, at most 2 oudlers); got {value}",
        )
    if (chelem_made & contre).any():
        _check_contre_chelem(deals, problems, known & chelem_made & contre, pts, oud)
    n = cached_active(deals, problems)
    half = pts - np.floor(pts) > 0  # a blank (NaN) is not
    problems.add(
        (n == 4) & half,
        "card_points",
        "half_point_at_4",
        "card_points must be whole when 4 play the deal; got {value}",
    )
    pab = deals["petit_au_bout"]
    problems.add(
        (pab == "attack").to_numpy() & (oud == 0),
        "petit_au_bout",
        "pab_no_petit",
        "petit_au_bout attack needs the Petit in the attack's tricks; got 0 oudlers",
    )
    problems.add(
        (pab == "defence").to_numpy() & (oud == 3),
        "petit_au_bout",
        "pab_no_petit",
        "petit_au_bout defence is impossible when the attack has all 3 oudlers",
    )


def contre_chelem_bounds(
    players: np.ndarray, oudlers: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The card points a chelem made in a garde contre may leave the attack:
    91 less the dog (its cards are the defence's, 0.5 to 4.5 points each), and
    4 less again when the defence kept the Excuse (possible only with at most 2
    oudlers in the attack's tricks).
    """
    dog = np.where(players == 5, DOG_CARDS[5], DOG_CARDS[4])
    excuse_kept = np.where(oudlers <= 2, 4.0, 0.0)
    return 91 - 4.5 * dog - excuse_kept, 91 - 0.5 * dog


def _check_contre_chelem(
    deals: pd.DataFrame,
    problems: Problems,
    rows: np.ndarray,
    pts: np.ndarray,
    oud: np.ndarray,
) -> None:
    n = cached_active(deals, problems)
    lo, hi = contre_chelem_bounds(n, oud)
    problems.add(
        rows & ((pts < lo) | (pts > hi)),
        "card_points",
        "chelem_points",
        "card_points of a chelem made in a garde contre must be from {lo} to {hi} "
        "with {oudlers} oudlers at {players} players (91, or 87 when the defence "
        "kept the Excuse, less the dog's {dog} cards, the defence's, 0.5 to 4.5 "
        "points each); got {value}",
        lo=lo,
        hi=hi,
        oudlers=oud,
        players=n,
        dog=np.where(n == 5, DOG_CARDS[5], DOG_CARDS[4]),
    )


def poignee_counts(
    deals: pd.DataFrame, column: str, players: np.ndarray, rows: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """At ``rows``: how many poignées a camp showed, and the trumps they needed.

    The column holds few distinct values ("simple", "simple+double", ...): each is
    parsed once, into a table by the number of players, and deals index it.
    """
    codes, uniques = _codes(deals[column])
    count = np.zeros((len(uniques) + 1, 6), dtype=np.int64)  # the last row: blank
    trumps = np.zeros((len(uniques) + 1, 6), dtype=np.int64)
    for u, value in enumerate(uniques):
        levels = [POIGNEES.index(t) for t in str(value).split("+") if t in POIGNEES]
        count[u, :] = sum(lv > 0 for lv in levels)
        for size, needs in POIGNEE_TRUMPS.items():
            trumps[u, size] = sum((0, *needs)[lv] for lv in levels)
    # one flat index into both tables (a blank's code -1 wraps to the last row)
    at = np.where(codes[rows] < 0, len(uniques), codes[rows]) * 6
    at += np.clip(players[rows], 0, 5)
    return count.ravel().take(at), trumps.ravel().take(at)


def _codes(values: pd.Series) -> tuple[np.ndarray, pd.Index]:
    """A column's codes (-1: blank) and the values they stand for."""
    if isinstance(values.dtype, pd.CategoricalDtype):  # a checked log's
        return values.array.codes, values.cat.categories
    codes, uniques = pd.factorize(values)
    return codes, pd.Index(uniques)


def _shown_some(deals: pd.DataFrame, column: str) -> np.ndarray:
    """(N,) bool: the deals whose ``column`` shows a poignée (not none nor blank),
    by comparing codes: most deals show none."""
    codes, uniques = _codes(deals[column])
    some = np.zeros(len(codes), dtype=bool)
    for c, value in enumerate(uniques):
        if any(t in POIGNEES[1:] for t in str(value).split("+")):
            some |= codes == c
    return some


def check_poignees(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """The poignées of a deal fit the pack's trumps and the camps' players. Only
    the deals that show one are looked at."""
    rows = np.flatnonzero(
        _shown_some(deals, "poignee_attack") | _shown_some(deals, "poignee_defence")
    )
    if not len(rows):
        return
    n = cached_active(deals, problems)
    att_count, att_trumps = poignee_counts(deals, "poignee_attack", n, rows)
    dfn_count, dfn_trumps = poignee_counts(deals, "poignee_defence", n, rows)
    total = att_trumps + dfn_trumps
    over = total > PACK_TRUMPS
    if over.any():
        shown = [
            f"{a} / {d}"
            for a, d in zip(
                deals["poignee_attack"].to_numpy()[rows[over]],
                deals["poignee_defence"].to_numpy()[rows[over]],
                strict=True,
            )
        ]
        problems.add(
            _at_rows(len(deals), rows[over]),
            "poignee_defence",
            "too_many_trumps",
            "poignées {value} need {trumps} trumps together, more than the "
            f"{PACK_TRUMPS} in the pack",
            trumps=_spread_at(len(deals), rows[over], total[over]),
            value=_spread_at(len(deals), rows[over], shown),
        )
    partner = (
        deals["partner"].notna().to_numpy()[rows]
        & ~same_name(deals["partner"], deals["taker"])[rows]
    )
    attack_size = 1 + partner.astype(np.int64)
    for count, size, col in (
        (att_count, attack_size, "poignee_attack"),
        (dfn_count, n[rows] - attack_size, "poignee_defence"),
    ):
        many = count > size
        if many.any():
            problems.add(
                _at_rows(len(deals), rows[many]),
                col,
                "too_many_poignees",
                "{value} is {count} poignées, more than the {size} players of the camp",
                count=_spread_at(len(deals), rows[many], count[many]),
                size=_spread_at(len(deals), rows[many], size[many]),
            )


def _at_rows(n: int, rows: np.ndarray) -> np.ndarray:
    """(n,) bool, true at ``rows``."""
    mask = np.zeros(n, dtype=bool)
    mask[rows] = True
    return mask


def _spread_at(n: int, rows: np.ndarray, values) -> np.ndarray:
    """(n,) object: ``values`` at ``rows`` (for a message's parameters)."""
    out = np.full(n, None, dtype=object)
    out[rows] = values
    return out
