"""Building the ledger from each deal's per-seat arrays, vectorised."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_index
from cardscore_frames.ledger.schema import registry

__all__ = ["from_wide", "game_keys", "text_of"]


def from_wide(
    scored: pd.DataFrame,
    player_columns: Sequence[str],
    scores: np.ndarray,
    *,
    game: str,
    roles: np.ndarray | None = None,
    role_names: Sequence[str] | None = None,
    extra: Mapping[str, object] | None = None,
) -> pd.DataFrame:
    """Turn per-deal, per-seat arrays into the long ledger, vectorised.

    ``scores`` (and ``roles``, and each array of ``extra``) has one row per deal of
    ``scored`` and one column per entry of ``player_columns``; seats whose player is
    blank are left out. ``roles`` holds integer codes into ``role_names``. Rows
    come out in deal order, then seat order.
    """
    game_type, role_type, _ = registry()
    k = len(player_columns)
    seated = np.column_stack(
        [scored[c].notna().to_numpy(dtype=bool) for c in player_columns]
    )
    flat = np.flatnonzero(seated.ravel())
    rows, slots = np.divmod(flat, k)

    def cells(values: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(values).reshape(-1)[flat]

    codes, players = _player_codes(scored, player_columns)
    meta = _game_columns(scored, game)
    out: dict[str, object] = {
        "game": pd.Categorical.from_codes(
            np.full(len(flat), game_type.categories.get_loc(game), np.int8),
            dtype=game_type,
        )
    }
    for name, values in meta.items():
        out[name] = values.take(rows)
    out["deal"] = scored["deal"].to_numpy(dtype=np.int64)[rows]
    out["player"] = pd.Categorical.from_codes(cells(codes), categories=players)
    out["seat"] = (slots + 1).astype(np.int8)
    picked = cells(roles) if roles is not None else None
    out["role"] = _roles(picked, role_names, role_type, len(flat))
    out["score"] = cells(np.asarray(scores, dtype=np.float64))
    for name, values in (extra or {}).items():
        out[name] = cells(values) if isinstance(values, np.ndarray) else values
    return pd.DataFrame(out, copy=False)


def _game_columns(scored: pd.DataFrame, game: str) -> dict[str, object]:
    """Per deal: game_key, league, season, date, table and game_id, built once
    per game and gathered (a season has a few hundred games, a million deals)."""
    index = game_index(scored, None)
    first = index.first_row
    per_deal = np.maximum(index.codes, 0)
    text = {
        c: text_of(scored[c].take(first)) if c in scored else np.full(len(first), "")
        for c in ("league", "season", "table", "game_id")
    }
    keys = game_keys(game, text["league"], text["season"], text["game_id"])
    out: dict[str, object] = {"game_key": _categorical(keys, per_deal)}
    for c in ("league", "season"):
        out[c] = _categorical(text[c], per_deal)
    dates = (
        scored["date"].to_numpy(dtype="datetime64[ns]")
        if "date" in scored
        else np.full(len(scored), np.datetime64("NaT"), dtype="datetime64[ns]")
    )
    out["date"] = dates
    out["table"] = _categorical(text["table"], per_deal)
    out["game_id"] = _categorical(text["game_id"], per_deal)
    return {k: np.asarray(v) if k == "date" else v for k, v in out.items()}


def text_of(values: pd.Series) -> np.ndarray:
    """Text of each value ("" for blank), whole floats without ``.0``."""
    out = values.astype(object).to_numpy()
    return np.array(
        ["" if blank_value(v) else plain_text(v) for v in out], dtype=object
    )


def blank_value(v: object) -> bool:
    return v is None or (not isinstance(v, str) and bool(pd.isna(v)))


def plain_text(v: object) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def game_keys(game: str, league, season, game_id) -> np.ndarray:
    """``game / league / season / game_id``, leaving out blank parts."""
    parts = zip(league, season, game_id, strict=True)
    return np.array(
        [" / ".join(p for p in (game, *row) if p) for row in parts], dtype=object
    )


def _categorical(per_game: np.ndarray, codes: np.ndarray) -> pd.Categorical:
    """A per-game text array as a categorical over the deals (blank is NA)."""
    cats, inverse = np.unique(per_game.astype(str), return_inverse=True)
    blank = cats == ""
    lut = np.cumsum(~blank) - 1
    lut[blank] = -1
    return pd.Categorical.from_codes(
        lut[inverse][codes], categories=pd.Index(cats[~blank], dtype="str")
    )


def _player_codes(
    scored: pd.DataFrame, player_columns: Sequence[str]
) -> tuple[np.ndarray, pd.Index]:
    """(n_deals, seats) codes into one sorted index of every player's name."""
    shared = _shared_categories([scored[c] for c in player_columns])
    if shared is not None:  # validated logs: one set of names, codes as they are
        codes = np.column_stack(
            [scored[c].cat.codes.to_numpy(dtype=np.int32) for c in player_columns]
        )
        return codes, shared
    per_column = [pd.factorize(scored[c]) for c in player_columns]
    names = pd.Index(
        sorted(set().union(*(set(map(str, u)) for _, u in per_column))), dtype="str"
    )
    codes = np.empty((len(scored), len(player_columns)), dtype=np.int32)
    for j, (col_codes, uniques) in enumerate(per_column):
        lut = np.append(names.get_indexer(uniques.astype(str)), -1).astype(np.int32)
        codes[:, j] = lut[col_codes]  # NA (code -1) takes the trailing -1
    return codes, names


def _shared_categories(columns: Sequence[pd.Series]) -> pd.Index | None:
    """The categories of columns that are all categoricals of the same names."""
    if not all(isinstance(c.dtype, pd.CategoricalDtype) for c in columns):
        return None
    first = columns[0].cat.categories
    return first if all(c.cat.categories.equals(first) for c in columns[1:]) else None


def _roles(picked, role_names, role_type: pd.CategoricalDtype, size: int):
    if picked is None or role_names is None:
        return pd.Categorical.from_codes(np.full(size, -1, np.int8), dtype=role_type)
    lut = np.append(role_type.categories.get_indexer(list(role_names)), -1)
    return pd.Categorical.from_codes(
        lut[np.asarray(picked, dtype=np.int64)].astype(np.int8), dtype=role_type
    )
