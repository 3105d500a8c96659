"""Game-specific season figures: each game computes its own (its ``profile``
hook, ``cardscore_frames/games/<game>/profile.py``); this module only finds
the game of a scored frame and asks it."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.checking import stamp_of
from cardscore_frames.contract import get_game
from cardscore_frames.errors import CardscoreError
from cardscore_frames.season.figures import group_ids
from cardscore_frames.season.uncertainty import (
    check_few,
    check_level,
    mean_interval,
    rate_columns,
    shrunk_mean,
)

__all__ = ["profile", "RATES"]

#: The success rates of the games' profiles, with what they count: a rate
#: column, its successes and its trials (columns of the same table).
RATES = {
    "success_rate": ("made", "takes"),
    "made_rate": ("made", "declared"),
    "win_rate": ("won", "deals"),
}
#: Columns that name who a row is about (the rest of the text columns name the
#: pool a rate is shrunk toward: the season, the contract, the role ...).
_WHO = ("player", "pair")


def profile(
    scored: pd.DataFrame,
    *,
    game: str | None = None,
    by: Sequence[str] | str = (),
    level: float = 0.9,
    few: int = 10,
) -> dict[str, pd.DataFrame]:
    """A game's own per-player figures, from its scored deals.

    Parameters
    ----------
    scored : pandas.DataFrame
        What a game's ``score`` returned (it knows its game); a log read by
        :func:`cardscore_frames.read_log` is scored first.
    game : str, optional
        The game, for a frame that does not carry it.
    by : sequence of str
        Metadata columns to split by (e.g. ``["season"]``); default: the whole
        log.
    level : float
        The level of the rates' intervals (default 0.9).
    few : int
        Rates resting on fewer trials (takes, contracts declared, deals) than
        this are flagged (default 10).

    Returns
    -------
    dict of str to DataFrame
        Each game's tables (see each game's ``profile``): tarot ``roles``,
        ``contracts``, ``bonuses``; belot ``declarer``, ``contracts``,
        ``partnerships``; preferans ``player``, ``contracts``.

        Beside every success rate of :data:`RATES` (``success_rate``,
        ``made_rate``, ``win_rate``): ``<rate>_low`` and ``<rate>_high`` (the
        Wilson interval at ``level``), ``<rate>_shrunk`` (beta-binomial
        empirical Bayes: pulled toward the pooled rate of everyone in the same
        group, contract or role, the more the fewer the trials) and
        ``<rate>_few`` (bool: fewer than ``few`` trials).

        Beside a mean per deal (``mean_score`` of a table with ``deals`` and
        ``score`` whose groups the game's ledger has: tarot ``roles``):
        ``mean_score_low``, ``mean_score_high`` (``mean ± z·sd/sqrt(deals)``,
        the spread of one deal pooled over everyone in the same group and
        role) and ``mean_score_shrunk`` (normal-normal empirical Bayes toward
        the group's mean per deal).

    Raises
    ------
    CardscoreError
        The game is not known, or has no profile.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> prof = csf.season.profile(csf.tarot.score(csf.load_example("tarot")))
    >>> prof["contracts"].columns.tolist()[:5]
    ['player', 'contract', 'takes', 'made', 'success_rate']
    >>> garde = prof["contracts"][prof["contracts"]["contract"] == "garde"]
    >>> garde[["player", "takes", "made", "success_rate"]].head(2).round(2)
        player  takes  made  success_rate
    0   Amélie     22    15          0.68
    4  Bastien     23    11          0.48
    >>> sure = ["success_rate_low", "success_rate_high", "success_rate_shrunk"]
    >>> garde[sure].head(2).round(2)  # 90% interval; pulled toward the club's rate
       success_rate_low  success_rate_high  success_rate_shrunk
    0              0.51               0.82                 0.64
    4              0.32               0.64                 0.56
    """
    level, few = check_level(level), check_few(few)

    found = stamp_of(scored)
    name = game or (found.game if found is not None else None)
    if name is None:
        raise CardscoreError(
            "profile needs a frame a game's score returned, or game=; this "
            "frame carries no game"
        )
    entry = get_game(name)
    if entry.profile is None:
        raise CardscoreError(f"{entry.title} has no season profile yet")
    by = [by] if isinstance(by, str) else list(by)
    missing = [c for c in by if c not in scored]
    if missing:
        raise CardscoreError(
            f"by= names columns the deals do not have: {', '.join(missing)}"
        )
    tables = entry.profile(scored, by=by)
    out = {name: _sure(t, level, few) for name, t in tables.items()}
    ledger = None
    for name, table in out.items():
        keys = _per_deal_keys(table)
        if keys is None:
            continue
        if ledger is None:
            ledger = entry.to_ledger(scored)
        if set(keys) <= set(ledger.columns):
            out[name] = _sure_mean(table, ledger, keys, level)
    return out


def _per_deal_keys(table: pd.DataFrame) -> list[str] | None:
    """The keys of a table of means per deal (``deals``, ``score``,
    ``mean_score`` per player and group), or None."""
    if not {"player", "deals", "score", "mean_score"} <= set(table.columns):
        return None
    return [c for c in _pool_of(table)] + ["player"]


def _sure_mean(
    table: pd.DataFrame, ledger: pd.DataFrame, keys: list[str], level: float
) -> pd.DataFrame:
    """``mean_score_low``, ``_high`` and ``_shrunk`` of a table of means per
    deal, the spread of one deal pooled over each group (season, role ...)
    from the deals themselves (the game's ledger)."""
    score = ledger["score"].to_numpy(dtype=float)
    sums = (
        pd.DataFrame({"s2": score * score})
        .groupby([ledger[c] for c in keys], observed=True, dropna=False)["s2"]
        .sum()
    )
    index = pd.MultiIndex.from_frame(table[keys]) if len(keys) > 1 else table[keys[0]]
    squares = sums.reindex(index).to_numpy(dtype=float)
    n = table["deals"].to_numpy(dtype=float)
    mean = table["mean_score"].to_numpy(dtype=float)
    pool = _pool_of(table)
    group = group_ids(table, pool) if pool else np.zeros(len(table), dtype=np.int64)
    within = _pooled_spread(squares - n * mean * mean, n - 1, group)
    out = table.copy()
    at = out.columns.get_loc("mean_score") + 1
    low, high = mean_interval(mean, n, within, level)
    out.insert(at, "mean_score_low", low)
    out.insert(at + 1, "mean_score_high", high)
    out.insert(at + 2, "mean_score_shrunk", shrunk_mean(mean, n, within, group))
    return out


def _pooled_spread(squares, dof, group) -> np.ndarray:
    top = np.bincount(group, weights=np.nan_to_num(np.maximum(squares, 0)))
    bottom = np.bincount(group, weights=np.maximum(dof, 0))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(bottom > 0, top / np.where(bottom > 0, bottom, 1), np.nan)[
            group
        ]


def _pool_of(table: pd.DataFrame) -> list[str]:
    """The text columns other than who: the groups estimates shrink toward."""
    return [
        c
        for c in table.columns
        if c not in _WHO
        and not pd.api.types.is_numeric_dtype(table[c])
        and not pd.api.types.is_bool_dtype(table[c])
    ]


def _sure(table: pd.DataFrame, level: float, few: int) -> pd.DataFrame:
    """A profile table with the intervals, shrunk rates and flags of each of
    its success rates."""
    pool = _pool_of(table)
    group = group_ids(table, pool) if pool else np.zeros(len(table), dtype=np.int64)
    for rate, (made, trials) in RATES.items():
        if not {rate, made, trials} <= set(table.columns) or not len(table):
            continue
        successes = table[made].to_numpy(dtype=float, na_value=np.nan)
        counted = np.where(np.isnan(successes), 0.0, table[trials].to_numpy(float))
        table = rate_columns(
            table, rate, successes, counted, group, level=level, few=few
        )
    return table
