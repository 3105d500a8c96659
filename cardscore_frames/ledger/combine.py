"""Combining ledgers of several games and seasons, and each player's totals."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd
from pandas.api.types import union_categoricals

from cardscore_frames.dispatch import dask_aware
from cardscore_frames.errors import LedgerError
from cardscore_frames.ledger.check import check_ledger, conformed

__all__ = ["concat", "unite", "totals"]


def concat(frames: Iterable[pd.DataFrame]) -> pd.DataFrame:
    """Combine ledgers of several games and seasons into one ledger.

    Categoricals (players, leagues, keys) are united, each game's own columns are
    kept (blank on the other games' rows), and the result is checked with
    :func:`check_ledger`. Deal logs of one game are combined with
    :func:`cardscore_frames.concat_logs`.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> t = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> b = csf.belot.to_ledger(csf.belot.score(csf.load_example("belot")))
    >>> both = csf.concat([t, b])
    >>> sorted(both["game"].unique())
    ['belot', 'tarot']
    """
    parts = [conformed(f) for f in frames]
    if not parts:
        raise LedgerError("concat needs at least one ledger")
    return check_ledger(unite(parts))


def unite(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """pd.concat with categoricals united and every column kept."""
    columns = list(dict.fromkeys(c for p in parts for c in p.columns))
    out = {}
    for c in columns:
        pieces = [p[c] if c in p else blank_like(p, c, parts) for p in parts]
        if all(isinstance(s.dtype, pd.CategoricalDtype) for s in pieces):
            out[c] = union_categoricals(
                [s.array for s in pieces], ignore_order=True, sort_categories=True
            )
        else:
            out[c] = pd.concat(pieces, ignore_index=True)
    return pd.DataFrame(out)


def blank_like(part: pd.DataFrame, column: str, parts: list[pd.DataFrame]):
    """A blank column of ``column``'s dtype in the parts that have it."""
    model = next(p[column] for p in parts if column in p)
    if isinstance(model.dtype, pd.CategoricalDtype):
        return pd.Series(pd.Categorical([None] * len(part), dtype=model.dtype))
    dtype = model.dtype
    if dtype.kind in "iub":  # numpy ints and bools cannot hold a blank
        dtype = {"b": "boolean"}.get(dtype.kind, "Int64")
    return pd.Series(pd.array([None] * len(part), dtype=dtype))


@dask_aware("totals")
def totals(ledger: pd.DataFrame, *, by: Sequence[str] = ()) -> pd.DataFrame:
    """Each player's total score, deals and games, per game and ``by`` columns.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``(game, *by, player)``: ``score`` (sum, in the game's unit),
        ``deals`` (deals seated at the table), ``games`` (distinct games, counted
        by ``game_key`` so that two seasons' game 1 are two games); sorted by
        ``score`` descending within each group. Belot scores are points won, not
        a ranking: see :mod:`cardscore_frames.season` for standings.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> csf.totals(ledger).columns.tolist()
    ['score', 'deals', 'games']
    """
    ledger = conformed(ledger)
    keys = ["game", *by, "player"]
    out = _totals_of_codes(ledger, keys)
    if out is None:
        out = (
            ledger.groupby(keys, observed=True, sort=True)
            .agg(
                score=("score", "sum"),
                deals=("deal", "size"),
                games=("game_key", "nunique"),
            )
            .reset_index()
        )
    order = ["game", *by, "score"]
    asc = [True] * (len(by) + 1) + [False]
    return out.sort_values(order, ascending=asc, kind="stable").set_index(keys)


#: The most (group, game) cells :func:`_totals_of_codes` marks in one array.
_MAX_CELLS = 50_000_000
#: Rows looked at together where a whole column at once would take memory.
_CHUNK = 1 << 20


def _totals_of_codes(ledger: pd.DataFrame, keys: list[str]) -> pd.DataFrame | None:
    """The groupby of :func:`totals`, counted on the category codes (several
    times faster on millions of rows): None where it does not apply (a key that
    is not categorical or has blanks, too many groups), and pandas groups.

    Sums are exact when every score is a whole number and every partial sum
    stays below 2**53, so the order of addition cannot matter; other scores
    (fractions, a blank) are summed by pandas, whose compensated sum this path
    does not repeat.
    """
    columns = [ledger[k] for k in [*keys, "game_key"]]
    if not len(ledger) or not all(
        isinstance(c.dtype, pd.CategoricalDtype) for c in columns
    ):
        return None
    codes = [c.array.codes for c in columns]  # the categoricals' own, not copies
    ranges = [(c.min(), c.max()) if len(c) else (0, 0) for c in codes]
    if any(low < 0 for low, _ in ranges):
        return None
    sizes = [max(len(c.cat.categories), 1) for c in columns]
    # a key with one value on every row (the game, in one game's ledger) is not
    # counted on: the groups are those of the other keys
    varying = [j for j, (low, high) in enumerate(ranges[:-1]) if low != high]
    shape = [sizes[j] for j in varying]
    n_groups, n_games = math.prod(shape), sizes[-1]
    if n_groups * n_games > _MAX_CELLS:
        return None
    score = ledger["score"].to_numpy(dtype=np.float64)
    whole = _whole_and_small(score)
    deals = np.zeros(n_groups, dtype=np.int64)
    sums = np.zeros(n_groups) if whole else None
    seen = np.zeros(n_groups * n_games, dtype=bool)  # (group, game) cells

    def groups(part: slice) -> np.ndarray:
        if not varying:
            return np.zeros(len(score[part]), dtype=np.intp)
        if len(varying) == 1:  # the key's codes are the groups
            return codes[varying[0]][part].astype(np.intp)
        return np.ravel_multi_index([codes[j][part] for j in varying], shape)

    # a chunk of rows at a time: no group array of eight bytes a ledger row
    for start in range(0, len(score), _CHUNK):
        part = slice(start, start + _CHUNK)
        group = groups(part)
        deals += np.bincount(group, minlength=n_groups)
        if whole:  # exact sums: the order of addition cannot matter
            sums += np.bincount(group, weights=score[part], minlength=n_groups)
        group *= n_games  # the group's first (group, game) cell
        group += codes[-1][part]
        seen[group] = True  # a flat index: twice as fast as a pair of arrays
    observed = np.flatnonzero(deals)
    if whole:
        sums = sums[observed]
    else:
        grouper = pd.Categorical.from_codes(  # codes as they are: not hashed again
            groups(slice(None)), categories=pd.RangeIndex(n_groups), validate=False
        )
        sums = pd.Series(score, copy=False).groupby(grouper, observed=True).sum()
        sums = sums.to_numpy()
    at = {}  # each varying key's codes of the groups observed
    if varying:
        at = dict(zip(varying, np.unravel_index(observed, shape), strict=True))
    out = {
        k: pd.Categorical.from_codes(
            at[j] if j in at else np.full(len(observed), ranges[j][0]),
            dtype=ledger[k].dtype,
        )
        for j, k in enumerate(keys)
    }
    out["score"] = sums
    out["deals"] = deals[observed].astype(np.int64)
    games = seen.reshape(n_groups, n_games)[observed].sum(axis=1)
    out["games"] = games.astype(np.int64)
    return pd.DataFrame(out)


def _whole_and_small(score: np.ndarray, chunk: int = _CHUNK) -> bool:
    """Every score a whole number, and the sum of their sizes below 2**53 (no
    partial sum can lose a digit), looked at a chunk at a time: no temporary the
    size of the ledger, and the first fraction ends the look."""
    size = 0.0
    for start in range(0, len(score), chunk):
        part = score[start : start + chunk]
        if not np.array_equal(part, np.round(part)):  # a fraction, or NaN
            return False
        size += float(np.abs(part).sum())
    return size < 2**53
