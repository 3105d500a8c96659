"""Checking a ledger, and bringing a hand-made or concatenated one to the
declared dtypes."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.errors import LedgerError
from cardscore_frames.ledger.build import blank_value, game_keys, plain_text, text_of
from cardscore_frames.ledger.schema import LEDGER_COLUMNS, LEDGER_DTYPES, registry

__all__ = ["check_ledger", "conformed"]


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
    out = conformed(ledger)
    _check_games(out)
    if np.isnan(out["score"].to_numpy()).any():
        raise LedgerError("score must not be blank in a ledger")
    dup = _repeated(out)
    if dup is not None:
        shown = _where(out.loc[dup].drop_duplicates(_ONCE))
        raise LedgerError(
            f"a player appears once per deal of a ledger; {int(dup.sum())} rows "
            f"repeat one ({shown})"
        )
    _check_zero_sum(out, tolerance)
    _warn_similar_names(out["player"])
    return out


#: What a ledger holds once: a player's row of a deal.
_ONCE = ["game_key", "deal", "player"]


def _repeated(out: pd.DataFrame) -> np.ndarray | None:
    """The rows whose (game_key, deal, player) another row has too; None when
    no row repeats one.

    The usual answer, none, comes from one sort of a number a row made of the
    three (a season's 3.9 million rows in about 0.2 s; hashing the three
    columns took 1.2 s); the rows are found only when there are some.
    """
    game = out["game_key"].cat.codes.to_numpy().astype(np.int64) + 1
    player = out["player"].cat.codes.to_numpy().astype(np.int64) + 1
    deal = out["deal"].to_numpy(dtype=np.int64)
    if len(out) > 1:
        low = int(deal.min())
        deals = int(deal.max()) - low + 1
        players = len(out["player"].cat.categories) + 1
        games = len(out["game_key"].cat.categories) + 1
        if games * deals * players < 2**62:  # one int64 a row, no overflow
            key = (game * deals + (deal - low)) * players + player
            key.sort()
            if not (key[1:] == key[:-1]).any():
                return None
    dup = out.duplicated(_ONCE, keep=False).to_numpy()
    return dup if dup.any() else None


def conformed(ledger: pd.DataFrame) -> pd.DataFrame:
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
    game_type, role_type, _ = registry()
    if _declared(ledger, game_type, role_type):  # a ledger of ours: as it is
        rest = [c for c in ledger.columns if c not in LEDGER_COLUMNS]
        order = [*LEDGER_COLUMNS, *rest]
        return ledger if list(ledger.columns) == order else ledger[order]
    out = ledger.copy(deep=False)
    for c in ("league", "season", "table"):
        if c not in out:
            out[c] = pd.Categorical(
                [None] * len(out), categories=pd.Index([], dtype=TEXT)
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


def _declared(ledger: pd.DataFrame, game_type: pd.CategoricalDtype, role_type) -> bool:
    """Every column of the ledger schema there, in its declared dtype."""
    if not all(c in ledger for c in LEDGER_COLUMNS):
        return False
    dtypes = ledger.dtypes
    if dtypes["game"] != game_type or dtypes["role"] != role_type:
        return False
    text = ("game_key", "league", "season", "table", "game_id", "player")
    if any(
        not isinstance(dtypes[c], pd.CategoricalDtype)
        or dtypes[c].categories.dtype != "str"
        for c in text
    ):
        return False
    return all(str(dtypes[c]) == d for c, d in LEDGER_DTYPES.items() if d != "category")


def _as_category(values: pd.Series, dtype: pd.CategoricalDtype, name: str):
    if values.dtype == dtype:
        return values
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
    text = values.astype(object).map(
        lambda v: None if blank_value(v) else plain_text(v)
    )
    cats = pd.Index(sorted(set(text.dropna())), dtype=TEXT)
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
    game, league, season, game_id = (
        text_of(out[c]) for c in ("game", "league", "season", "game_id")
    )
    keys = pd.Series([""] * len(out), dtype=TEXT)
    for name in np.unique(game):  # one vectorised key per game of the frame
        rows = game == name
        keys[rows] = game_keys(name, league[rows], season[rows], game_id[rows]).array
    return keys.to_numpy(dtype=object)


def _check_games(out: pd.DataFrame) -> None:
    if out["game"].isna().any():
        raise LedgerError("game must be given on every row of a ledger")


def _check_zero_sum(out: pd.DataFrame, tolerance: float) -> None:
    _, _, games = registry()
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
