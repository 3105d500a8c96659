"""The ledger: the one table everything downstream of scoring reads.

One row per (game_id, deal, player): the player (a categorical of names), his ``seat``
in that deal (1-based), his ``role``,
the ``score`` in the game's own unit, and the metadata columns of the log (league,
season, date, table). ``ledger.attrs`` says which game it is, the unit, and whether
every deal sums to zero (tarot and preferans do; belot, a race to a target, does not).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from cardscore_frames.errors import LedgerError
from cardscore_frames.validate import METADATA_COLUMNS

__all__ = [
    "LEDGER_COLUMNS",
    "METADATA_COLUMNS",
    "from_wide",
    "check_ledger",
    "totals",
]

#: The columns every ledger has, in order; metadata columns follow them.
LEDGER_COLUMNS = ("game_id", "deal", "player", "seat", "role", "score")


def from_wide(
    scored: pd.DataFrame,
    player_columns: Sequence[str],
    scores: np.ndarray,
    *,
    game: str,
    unit: str,
    zero_sum: bool,
    roles: np.ndarray | None = None,
    role_names: Sequence[str] | None = None,
    extra: Mapping[str, np.ndarray] | None = None,
) -> pd.DataFrame:
    """Turn per-deal, per-seat arrays into the long ledger, vectorised.

    ``scores`` (and ``roles``, and each array of ``extra``) has one row per deal of
    ``scored`` and one column per entry of ``player_columns``; seats whose player is
    blank are left out. ``roles`` holds role names, or integer codes into
    ``role_names``. Rows come out in deal order, then seat order.
    """
    k, n = len(player_columns), len(scored)
    seated = np.column_stack(
        [scored[c].notna().to_numpy(dtype=bool) for c in player_columns]
    )
    full = bool(seated.all())  # every seat taken (belot, most logs): no gathering
    flat = np.arange(n * k) if full else np.flatnonzero(seated.ravel())
    rows = np.repeat(np.arange(n), k if full else seated.sum(axis=1))  # = flat // k
    slots = np.tile(np.arange(k), n) if full else flat - rows * k

    def cells(values: np.ndarray) -> np.ndarray:
        values = np.ascontiguousarray(values)
        return values.reshape(-1).copy() if full else values.reshape(-1)[flat]

    def pick(column: str) -> object:
        return (
            _repeat(scored[column].array, k)
            if full
            else scored[column].array.take(rows)
        )

    codes, players = _player_codes(scored, player_columns)
    out: dict[str, object] = {
        "game_id": pick("game_id"),
        "deal": pick("deal"),
        "player": pd.Categorical.from_codes(cells(codes), categories=players),
        "seat": (slots + 1).astype(np.int8),
        "role": _roles(cells(roles), role_names) if roles is not None else pd.NA,
        "score": cells(scores),
    }
    for name, values in (extra or {}).items():
        out[name] = cells(values)
    for col in METADATA_COLUMNS:
        if col in scored:
            out[col] = pick(col)
    ledger = pd.DataFrame(out, copy=False)  # every array is new: no need to copy
    ledger.attrs.update({"game": game, "unit": unit, "zero_sum": zero_sum})
    return ledger


def _player_codes(
    scored: pd.DataFrame, player_columns: Sequence[str]
) -> tuple[np.ndarray, pd.Index]:
    """(n_deals, seats) codes into one sorted index of every player's name.

    Factorising column by column, then merging the few names, is twice as fast as
    factorising all seats at once.
    """
    shared = _shared_categories([scored[c] for c in player_columns])
    if shared is not None:  # validated logs: one set of names, codes as they are
        codes = np.column_stack(
            [scored[c].cat.codes.to_numpy(dtype=np.int32) for c in player_columns]
        )
        return codes, shared
    per_column = [pd.factorize(scored[c]) for c in player_columns]
    names = pd.Index(sorted(set().union(*(set(u) for _, u in per_column))), dtype="str")
    codes = np.empty((len(scored), len(player_columns)), dtype=np.int32)
    for j, (col_codes, uniques) in enumerate(per_column):
        lut = np.append(names.get_indexer(uniques), -1).astype(np.int32)
        codes[:, j] = lut[col_codes]  # NA (code -1) takes the trailing -1
    return codes, names


def _shared_categories(columns: Sequence[pd.Series]) -> pd.Index | None:
    """The categories of columns that are all categoricals of the same names."""
    if not all(isinstance(c.dtype, pd.CategoricalDtype) for c in columns):
        return None
    first = columns[0].cat.categories
    return first if all(c.cat.categories.equals(first) for c in columns[1:]) else None


def _roles(picked: np.ndarray, role_names: Sequence[str] | None):
    if role_names is None:
        return pd.Categorical(picked)
    return pd.Categorical.from_codes(
        picked.astype(np.int8), categories=list(role_names)
    )


def _repeat(array: object, k: int) -> object:
    """Each value ``k`` times, in place of a gather (every seat of every deal)."""
    if isinstance(array, pd.Categorical):
        return pd.Categorical.from_codes(np.repeat(array.codes, k), dtype=array.dtype)
    if isinstance(array, pd.arrays.IntegerArray):
        data = array.to_numpy(dtype=array.dtype.numpy_dtype, na_value=0)
        return pd.arrays.IntegerArray(np.repeat(data, k), np.repeat(array.isna(), k))
    if isinstance(array, pd.arrays.NumpyExtensionArray):
        return np.repeat(array.to_numpy(), k)
    return array.take(np.repeat(np.arange(len(array)), k))


def check_ledger(ledger: pd.DataFrame, *, tolerance: float = 1e-9) -> pd.DataFrame:
    """Check the ledger's columns and, for a zero-sum game, that every deal sums to 0.

    Returns the ledger unchanged; raises :class:`~cardscore_frames.LedgerError`
    naming the offending deals.
    """
    missing = [c for c in ("game_id", "deal", "player", "score") if c not in ledger]
    if missing:
        raise LedgerError(f"a ledger needs the columns {', '.join(missing)}")
    if ledger.attrs.get("zero_sum", True):
        sums = ledger.groupby(["game_id", "deal"], sort=False)["score"].sum()
        off = sums[np.abs(sums.to_numpy(dtype=float)) > tolerance]
        if len(off):
            shown = ", ".join(
                f"game {g}, deal {d}: {v:g}" for (g, d), v in off.head(10).items()
            )
            raise LedgerError(
                f"every deal of a zero-sum ledger must sum to 0; {len(off)} do not ({shown})"
            )
    return ledger


def totals(ledger: pd.DataFrame, *, by: Sequence[str] = ()) -> pd.DataFrame:
    """Each player's total score and deals played, optionally per ``by`` columns.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``(*by, player)``: ``score`` (sum, the game's unit), ``deals``
        (deals seated at the table), ``games`` (distinct game ids); sorted by
        ``score`` descending within each group.
    """
    keys = [*by, "player"]
    out = ledger.groupby(keys, observed=True, sort=True).agg(
        score=("score", "sum"), deals=("deal", "size"), games=("game_id", "nunique")
    )
    order = [*by, "score"] if by else ["score"]
    asc = [True] * len(by) + [False]
    return (
        out.reset_index()
        .sort_values(order, ascending=asc, kind="stable")
        .set_index(keys)
    )
