"""Building the ledger from each deal's per-seat arrays, vectorised."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import game_index
from cardscore_frames.checking.seats import seated, seats_taken, shared_names
from cardscore_frames.ledger.schema import registry

__all__ = ["from_wide", "game_keys", "text_of"]


def from_wide(
    scored: pd.DataFrame,
    player_columns: Sequence[str],
    scores: np.ndarray | Callable[[], np.ndarray],
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

    ``scores`` and each array of ``extra`` may be given as a function of no
    arguments that returns the array: it is made when its column is, so that
    only one (deals, seats) array is alive at a time, and, being made for the
    ledger alone, becomes its column without a copy (an array given as it is
    is copied: it is the caller's).
    """
    game_type, role_type, _ = registry()
    k = len(player_columns)
    present = seated(scored, player_columns)  # (deals, seats): the ledger's rows
    full = bool(present.all())  # every seat taken (belot always): nothing to drop

    def cells(values, made: bool = False) -> np.ndarray:
        """A (deals, seats) array as one value per ledger row: a new array, or
        the array itself when it was ``made`` here for this column alone."""
        if not full:
            return np.asarray(values)[present]
        flat = np.ascontiguousarray(values) if made else np.array(values)
        return flat.reshape(-1)

    slots = cells(np.broadcast_to(np.arange(1, k + 1, dtype=np.int8), present.shape))
    code = game_type.categories.get_loc(game)
    out: dict[str, object] = {
        "game": pd.Categorical.from_codes(np.full(len(slots), code), dtype=game_type)
    }
    # every seat taken: each deal's rows are k, a scalar repeat (about twice
    # as fast as a count per deal)
    out.update(_deal_columns(scored, k if full else seats_taken(present), game))
    codes, names = _player_codes(scored, player_columns)
    out["player"] = pd.Categorical.from_codes(
        cells(codes), dtype=pd.CategoricalDtype(names)
    )
    out["seat"] = slots
    out["role"] = _roles(
        cells(roles) if roles is not None else None, role_names, role_type, len(slots)
    )
    values = np.asarray(_made(scores), dtype=np.float64)
    out["score"] = cells(values, callable(scores))
    for name, given in (extra or {}).items():
        values = _made(given)
        if isinstance(values, np.ndarray):
            out[name] = cells(values, callable(given))
        else:
            out[name] = np.full(len(slots), values)
        del values  # one (deals, seats) array alive at a time
    # copy=False: the new arrays become the columns as they are (not one block)
    return pd.DataFrame(out, copy=False)


def _deal_columns(scored: pd.DataFrame, counts, game: str) -> dict[str, object]:
    """The ledger's columns that are the same for every seat of a deal: its
    game's labels and date, and the deal; ``counts``: each deal's ledger rows."""
    index = game_index(scored, None)
    game_of_row = np.repeat(index.codes, counts)  # each ledger row's game
    out: dict[str, object] = {}
    labels = _game_labels(scored, index, game)
    for name in ("game_key", "league", "season", "date", "table", "game_id"):
        if name == "date":
            out["date"] = _game_dates(scored, index)[game_of_row]
            continue
        codes, categories = labels[name]
        per_game = pd.Categorical.from_codes(codes, categories=categories)
        out[name] = per_game.take(game_of_row)
    # a blank deal fails the conversion, as it should
    out["deal"] = np.repeat(scored["deal"].to_numpy(dtype=np.int64), counts)
    return out


def _made(values):
    """An array given as it is, or as what makes it."""
    return values() if callable(values) else values


#: The ledger's text columns taken from each game's first deal, in ledger order.
_LABELS = ("game_key", "league", "season", "table", "game_id")


def _game_labels(scored: pd.DataFrame, index, game: str) -> dict:
    """Per game: (codes, categories) of game_key, league, season, table and
    game_id, read once from each game's first deal (a season has a few hundred
    games and a million deals: nothing here is per deal)."""
    first = index.first_row
    labels = {c: _labels_at(scored, c, first) for c in _LABELS[1:]}
    text = {c: _label_text(codes, cats) for c, (codes, cats) in labels.items()}
    keys = game_keys(game, text["league"], text["season"], text["game_id"])
    codes, uniques = pd.factorize(keys)
    return {"game_key": (codes, pd.Index(uniques, dtype=TEXT)), **labels}


def _label_text(codes: np.ndarray, categories: pd.Index) -> pd.Series:
    """Each game's label as text, "" where blank."""
    if not len(categories):
        return pd.Series([""] * len(codes), dtype=TEXT)
    text = pd.Series(categories.take(np.maximum(codes, 0)), dtype=TEXT)
    return text.where(codes >= 0, "")


def _labels_at(scored: pd.DataFrame, column: str, first: np.ndarray):
    """(codes, categories) of a text column at each game's first deal."""
    if column not in scored:
        return np.full(len(first), -1, np.int64), pd.Index([], dtype=TEXT)
    values = scored[column]
    if isinstance(values.dtype, pd.CategoricalDtype):
        cats = values.cat.categories
        if cats.dtype == "str":
            return values.cat.codes.to_numpy()[first].astype(np.int64), cats
    codes, uniques = pd.factorize(values.take(first))
    if uniques.dtype.kind in "iu" or str(uniques.dtype) in ("Int64", "Int32"):
        text = uniques.astype(TEXT)  # whole numbers: their digits, at once
    else:
        text = [plain_text(u) for u in uniques]
    return codes.astype(np.int64), pd.Index(text, dtype=TEXT)


def _game_dates(scored: pd.DataFrame, index) -> np.ndarray:
    """Each game's date (its first deal's), as datetime64[ns]; NaT when none."""
    if "date" not in scored:
        return np.full(index.n_games, np.datetime64("NaT"), dtype="datetime64[ns]")
    dates = scored["date"].to_numpy(
        dtype="datetime64[ns]", na_value=np.datetime64("NaT")
    )
    return dates[index.first_row]


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


def game_keys(game: str, league, season, game_id) -> pd.Series:
    """``game / league / season / game_id``, leaving out blank parts (vectorised
    text: one string per game)."""
    parts = []
    blank = pa.scalar(None, pa.large_string())
    for part in (league, season, game_id):
        text = _arrow_text(part)
        parts.append(pc.if_else(pc.equal(text, ""), blank, text))  # left out
    key = pc.binary_join_element_wise(
        pa.scalar(game, pa.large_string()),
        *parts,
        pa.scalar(" / ", pa.large_string()),
        null_handling="skip",
    )
    return pd.Series(key, dtype=TEXT)


def _arrow_text(values) -> pa.Array:
    """Text as an arrow array of large strings (what a ``str`` column holds, so
    that one is taken as it is), else converted."""
    if isinstance(values, pd.Series) and values.dtype == "str":
        return pa.array(values.array).cast(pa.large_string())
    return pa.array(np.asarray(values, dtype=object), type=pa.large_string())


def _player_codes(
    scored: pd.DataFrame, player_columns: Sequence[str]
) -> tuple[np.ndarray, pd.Index]:
    """(n_deals, seats) codes into one sorted index of every player's name."""
    shared = shared_names([scored[c] for c in player_columns])
    if shared is not None:  # validated logs: one set of names, codes as they are
        codes = np.column_stack([scored[c].cat.codes for c in player_columns])
        return codes, shared
    per_column = [pd.factorize(scored[c]) for c in player_columns]
    names = pd.Index(
        sorted(set().union(*(set(map(str, u)) for _, u in per_column))), dtype=TEXT
    )
    codes = np.empty((len(scored), len(player_columns)), dtype=np.int32)
    for j, (col_codes, uniques) in enumerate(per_column):
        lut = np.append(names.get_indexer(uniques.astype(str)), -1).astype(np.int32)
        codes[:, j] = lut[col_codes]  # NA (code -1) takes the trailing -1
    return codes, names


def _roles(picked, role_names, role_type: pd.CategoricalDtype, size: int):
    """The role codes of the game's ``role_names`` as the ledger's roles."""
    if picked is None or role_names is None:
        return pd.Categorical.from_codes(np.full(size, -1), dtype=role_type)
    # the game's role codes as the ledger's (-1, no role, takes the last)
    lut = np.append(role_type.categories.get_indexer(list(role_names)), -1)
    return pd.Categorical.from_codes(lut[picked], dtype=role_type)
