"""The ledger: the one table of every game and season that everything downstream reads.

One row per (game, deal, player), in the same columns and dtypes whatever the game:

========== ==================== ===================================================
column     dtype                meaning
========== ==================== ===================================================
game       category             the registered game (tarot, belot, preferans)
game_key   category of str      the game, unique across games, leagues and
                                seasons: ``game / league / season / game_id``
league     category of str      the log's metadata (blank when not logged)
season     category of str
date       datetime64[ns]
table      category of str
game_id    category of str      the log's game id, as text
deal       int64                the deal number in its game
player     category of str      the player's name
seat       int8                 1-based seat in the log's player columns
role       category             the player's role in the deal (every game's roles)
score      float64              the deal's result for the player, in the game's
                                unit (tarot points, belot points, preferans
                                whists); float because a preferans deal is worth
                                thirds and quarters of a whist under the exact
                                settlement formula; whole values are exact
========== ==================== ===================================================

A game adds its own columns after these (belot ``pair``, ``opponent_score``,
``match_won``; preferans ``pool``, ``mountain``, ...): its ``Game.ledger_columns``.
Ledgers of several games and seasons are combined with :func:`concat`.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd
from pandas.api.types import union_categoricals

from cardscore_frames.checking import game_index
from cardscore_frames.errors import LedgerError

__all__ = [
    "LEDGER_COLUMNS",
    "LEDGER_DTYPES",
    "from_wide",
    "check_ledger",
    "concat",
    "totals",
    "game_keys",
]

#: The columns every ledger has, in order; a game's own columns follow them.
LEDGER_COLUMNS = (
    "game",
    "game_key",
    "league",
    "season",
    "date",
    "table",
    "game_id",
    "deal",
    "player",
    "seat",
    "role",
    "score",
)
#: The dtype of each column ("category" columns hold text; ``game`` and ``role``
#: have the categories of every registered game).
LEDGER_DTYPES = {
    "game": "category",
    "game_key": "category",
    "league": "category",
    "season": "category",
    "date": "datetime64[ns]",
    "table": "category",
    "game_id": "category",
    "deal": "int64",
    "player": "category",
    "seat": "int8",
    "role": "category",
    "score": "float64",
}
_TEXT = ("game_key", "league", "season", "table", "game_id", "player")


def _registry() -> tuple[pd.CategoricalDtype, pd.CategoricalDtype, Mapping]:
    from cardscore_frames.games import GAMES, game_dtype, role_dtype

    return game_dtype(), role_dtype(), GAMES


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
    game_type, role_type, _ = _registry()
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
        c: _text_of(scored[c].take(first)) if c in scored else np.full(len(first), "")
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


def _text_of(values: pd.Series) -> np.ndarray:
    """Text of each value ("" for blank), whole floats without ``.0``."""
    out = values.astype(object).to_numpy()
    return np.array(["" if _blank(v) else _plain(v) for v in out], dtype=object)


def _blank(v: object) -> bool:
    return v is None or (not isinstance(v, str) and bool(pd.isna(v)))


def _plain(v: object) -> str:
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


def check_ledger(ledger: pd.DataFrame, *, tolerance: float = 1e-6) -> pd.DataFrame:
    """Check a ledger and return it in the declared dtypes.

    A frame needs at least ``game``, ``game_id``, ``deal``, ``player`` and
    ``score``; the other columns of :data:`LEDGER_COLUMNS` are filled when absent
    (``game_key`` from the game, league, season and game id; metadata blank).
    Text columns given as text become categoricals. Checked: the games are
    registered ones, no (game, deal, player) appears twice, and every deal of a
    zero-sum game (tarot, preferans) sums to 0 within ``tolerance``. Names that
    differ only in case or surrounding spaces are reported in a warning (they may
    be one player), never merged.

    Raises
    ------
    LedgerError
        Naming what is missing or wrong, and the offending games and deals.
    """
    if not isinstance(ledger, pd.DataFrame):
        raise LedgerError(f"a ledger is a DataFrame; got {type(ledger).__name__}")
    out = _conformed(ledger)
    _check_games(out)
    dup = out.duplicated(["game_key", "deal", "player"], keep=False).to_numpy()
    if dup.any():
        shown = _where(out.loc[dup].drop_duplicates(["game_key", "deal", "player"]))
        raise LedgerError(
            f"a player appears once per deal of a ledger; {int(dup.sum())} rows "
            f"repeat one ({shown})"
        )
    _check_zero_sum(out, tolerance)
    _warn_similar_names(out["player"])
    return out


def _conformed(ledger: pd.DataFrame) -> pd.DataFrame:
    need = [
        c for c in ("game", "game_id", "deal", "player", "score") if c not in ledger
    ]
    if need:
        hint = (
            " (ledgers of different games cannot be told apart without it)"
            if "game" in need
            else ""
        )
        raise LedgerError(
            f"a ledger needs the columns {', '.join(need)}{hint}; it has "
            f"{', '.join(map(str, ledger.columns))}"
        )
    game_type, role_type, _ = _registry()
    out = ledger.copy(deep=False)
    for c in ("league", "season", "table"):
        if c not in out:
            out[c] = pd.Categorical(
                [None] * len(out), categories=pd.Index([], dtype="str")
            )
    if "date" not in out:
        out["date"] = np.full(len(out), np.datetime64("NaT"), dtype="datetime64[ns]")
    out["game"] = _as_category(out["game"], game_type, "game")
    if "role" not in out:
        out["role"] = pd.Categorical.from_codes(np.full(len(out), -1), dtype=role_type)
    out["role"] = _as_category(out["role"], role_type, "role")
    for c in ("league", "season", "table", "game_id", "player"):
        out[c] = _as_text_category(out[c])
    if "game_key" not in out:
        out["game_key"] = _minted_keys(out)
    out["game_key"] = _as_text_category(out["game_key"])
    out["date"] = _as_dates(out["date"])
    out["deal"] = _as_numbers(out["deal"], "deal", np.int64)
    out["score"] = _as_numbers(out["score"], "score", np.float64)
    if "seat" not in out:
        out["seat"] = np.zeros(len(out), np.int8)
    out["seat"] = _as_numbers(out["seat"], "seat", np.int8)
    rest = [c for c in out.columns if c not in LEDGER_COLUMNS]
    return out[[*LEDGER_COLUMNS, *rest]]


def _as_category(values: pd.Series, dtype: pd.CategoricalDtype, name: str):
    text = values.astype(object)
    unknown = sorted({str(v) for v in text.dropna().unique()} - set(dtype.categories))
    if unknown:
        raise LedgerError(
            f"{name} must be one of {', '.join(dtype.categories)}; got "
            f"{', '.join(map(repr, unknown[:5]))}"
        )
    return pd.Categorical(text.where(text.notna(), None), dtype=dtype)


def _as_text_category(values: pd.Series) -> pd.Series:
    if isinstance(values.dtype, pd.CategoricalDtype) and (
        values.cat.categories.dtype == "str"
    ):
        return values
    text = values.astype(object).map(lambda v: None if _blank(v) else _plain(v))
    cats = pd.Index(sorted(set(text.dropna())), dtype="str")
    return pd.Series(pd.Categorical(text, categories=cats), index=values.index)


def _as_dates(values: pd.Series) -> pd.Series:
    if str(values.dtype) == "datetime64[ns]":
        return values
    try:
        return pd.to_datetime(values, errors="raise").astype("datetime64[ns]")
    except (ValueError, TypeError) as exc:
        raise LedgerError(f"date must hold dates; {exc}") from None


def _as_numbers(values: pd.Series, name: str, dtype) -> np.ndarray:
    if values.isna().any():
        raise LedgerError(f"{name} must not be blank in a ledger")
    try:
        as_float = values.to_numpy(dtype=np.float64)
    except (ValueError, TypeError):
        raise LedgerError(f"{name} must hold numbers; got {values.dtype}") from None
    if np.dtype(dtype).kind == "i" and not np.array_equal(as_float, np.round(as_float)):
        raise LedgerError(f"{name} must hold whole numbers")
    return as_float.astype(dtype) if np.dtype(dtype).kind == "i" else as_float


def _minted_keys(out: pd.DataFrame) -> np.ndarray:
    """``game_key`` for a frame made by hand: from its game, league, season, id."""
    cols = ["game", "league", "season", "game_id"]
    text = {c: _text_of(out[c]) for c in cols}
    parts = zip(text["league"], text["season"], text["game_id"], strict=True)
    return np.array(
        [
            " / ".join(p for p in (g, *row) if p)
            for g, row in zip(text["game"], parts, strict=True)
        ],
        dtype=object,
    )


def _check_games(out: pd.DataFrame) -> None:
    if out["game"].isna().any():
        raise LedgerError("game must be given on every row of a ledger")


def _check_zero_sum(out: pd.DataFrame, tolerance: float) -> None:
    _, _, games = _registry()
    zero = [name for name, g in games.items() if g.zero_sum]
    rows = out["game"].isin(zero).to_numpy()
    if not rows.any():
        return
    part = out.loc[rows, ["game_key", "deal", "score"]]
    sums = part.groupby(["game_key", "deal"], observed=True, sort=False)["score"].sum()
    off = sums[np.abs(sums.to_numpy()) > tolerance]
    if len(off):
        shown = ", ".join(
            f"{g}, deal {d}: {v:+g}" for (g, d), v in off.head(10).items()
        )
        raise LedgerError(
            f"every deal of a zero-sum game ({', '.join(zero)}) must sum to 0; "
            f"{len(off)} do not ({shown})"
        )


def _where(rows: pd.DataFrame, limit: int = 5) -> str:
    shown = [
        f"{k}, deal {d}, {p}"
        for k, d, p in rows[["game_key", "deal", "player"]].head(limit).to_numpy()
    ]
    return "; ".join(shown) + (" ..." if len(rows) > limit else "")


def _warn_similar_names(players: pd.Series) -> None:
    """Names equal but for case or surrounding spaces: likely one player."""
    names = pd.Series(players.cat.categories if hasattr(players, "cat") else [])
    if names.empty:
        return
    folded = names.str.strip().str.casefold()
    groups = names.groupby(folded.to_numpy()).agg(list)
    similar = [g for g in groups if len(g) > 1]
    if similar:
        shown = "; ".join(" / ".join(map(repr, g)) for g in similar[:10])
        warnings.warn(
            f"these names differ only in case or spaces and may be one player: "
            f"{shown} (they are kept apart; rename them to merge)",
            UserWarning,
            stacklevel=3,
        )


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
    parts = [_conformed(f) for f in frames]
    if not parts:
        raise LedgerError("concat needs at least one ledger")
    return check_ledger(_united(parts))


def _united(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """pd.concat with categoricals united and every column kept."""
    columns = list(dict.fromkeys(c for p in parts for c in p.columns))
    out = {}
    for c in columns:
        pieces = [p[c] if c in p else _blank_like(p, c, parts) for p in parts]
        if all(isinstance(s.dtype, pd.CategoricalDtype) for s in pieces):
            out[c] = union_categoricals(
                [s.array for s in pieces], ignore_order=True, sort_categories=True
            )
        else:
            out[c] = pd.concat(pieces, ignore_index=True)
    return pd.DataFrame(out)


def _blank_like(part: pd.DataFrame, column: str, parts: list[pd.DataFrame]):
    """A blank column of ``column``'s dtype in the parts that have it."""
    model = next(p[column] for p in parts if column in p)
    if isinstance(model.dtype, pd.CategoricalDtype):
        return pd.Series(pd.Categorical([None] * len(part), dtype=model.dtype))
    dtype = model.dtype
    if dtype.kind in "iub":  # numpy ints and bools cannot hold a blank
        dtype = {"b": "boolean"}.get(dtype.kind, "Int64")
    return pd.Series(pd.array([None] * len(part), dtype=dtype))


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
    ledger = _conformed(ledger)
    keys = ["game", *by, "player"]
    out = ledger.groupby(keys, observed=True, sort=True).agg(
        score=("score", "sum"), deals=("deal", "size"), games=("game_key", "nunique")
    )
    order = ["game", *by, "score"]
    asc = [True] * (len(by) + 1) + [False]
    return (
        out.reset_index()
        .sort_values(order, ascending=asc, kind="stable")
        .set_index(keys)
    )
