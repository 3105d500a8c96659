"""What every season function starts from: the checked ledger and its results.

:func:`prepared` checks a ledger once (:func:`cardscore_frames.check_ledger`),
asks each game for its results (one row per game and player) and adds the
columns the season tables group by. The warning about names that differ only by
case or spaces is shown once per call, however many steps look at the ledger.

A ledger checked here is remembered while the caller's frame is alive and
unchanged (the same column buffers, as :class:`~cardscore_frames.checking.Stamp`
decides for logs), so ``standings`` then ``head_to_head`` of one ledger check it
once. Any change to the frame (copy-on-write gives it new buffers) is a new
ledger.
"""

from __future__ import annotations

import warnings
import weakref
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking import Stamp, mark
from cardscore_frames.contract import get_game
from cardscore_frames.errors import LedgerError
from cardscore_frames.ledger import check_ledger, unite

__all__ = [
    "Prepared",
    "prepared",
    "by_columns",
    "game_sequence",
    "team_column",
    "per_ledger_row",
    "codes_of",
    "sort_codes",
]


class Prepared(NamedTuple):
    """A checked ledger and its results, with ``seq`` on each results row: the
    game's place in replay order (date, then game key with numeric ids compared
    as numbers)."""

    ledger: pd.DataFrame
    results: pd.DataFrame
    messages: tuple[str, ...]


_MEMO: dict[int, tuple[Stamp, tuple, Prepared]] = {}


def prepared(ledger: pd.DataFrame) -> Prepared:
    """The checked ledger and its results; warnings shown once.

    Raises
    ------
    LedgerError
        The frame is not a ledger (what :func:`check_ledger` finds), or a
        game's rows lack the columns of its ``Game.ledger_columns``.
    """
    if not isinstance(ledger, pd.DataFrame):
        raise LedgerError(f"a ledger is a DataFrame; got {type(ledger).__name__}")
    found = _MEMO.get(id(ledger))
    if (
        found is not None
        and found[1] == tuple(ledger.columns)
        and found[0].holds(ledger)
    ):
        out = found[2]
    else:
        out = _prepare(ledger)
        _remember(ledger, out)
    for message in out.messages:
        warnings.warn(message, UserWarning, stacklevel=3)
    return out


def _prepare(ledger: pd.DataFrame) -> Prepared:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        checked = check_ledger(ledger)
        results = _results(checked)
    messages = tuple(dict.fromkeys(str(w.message) for w in caught))
    results["seq"] = game_sequence(results)
    return Prepared(checked, results, messages)


def _remember(ledger: pd.DataFrame, out: Prepared) -> None:
    key = id(ledger)
    # the ledger's own arrays (a copy's extension arrays are other objects)
    found = mark(ledger, game="", kind="ledger", rules=None)
    _MEMO[key] = (found, tuple(ledger.columns), out)
    weakref.finalize(ledger, _MEMO.pop, key, None)


def _results(ledger: pd.DataFrame) -> pd.DataFrame:
    """:func:`cardscore_frames.results` of a ledger already checked."""

    parts = []
    for name in ledger["game"].unique().dropna():
        game = get_game(name)
        rows = ledger.loc[(ledger["game"] == name).to_numpy()]
        try:
            parts.append(game.results(rows))
        except KeyError as exc:
            raise LedgerError(
                f"{name} rows need the column {exc}: a {name} ledger has "
                f"{', '.join(game.ledger_columns)} after the common columns, as "
                f"{name}'s to_ledger writes them"
            ) from None
    if not parts:
        raise LedgerError("the ledger has no rows")
    return unite(parts)


def by_columns(prep: Prepared, by: Sequence[str] | str | None) -> list[str]:
    """``by`` as a list, each column added to the results from the ledger when
    the results lack it (it must then be the same on every row of a game)."""
    by = [by] if isinstance(by, str) else list(by or ())
    taken = {"game", "player", "game_key"}
    bad = [c for c in by if c in taken]
    if bad:
        raise LedgerError(f"by= takes metadata columns, not {', '.join(bad)}")
    unknown = [c for c in by if c not in prep.results and c not in prep.ledger]
    if unknown:
        raise LedgerError(
            f"by= names columns the ledger does not have: {', '.join(unknown)}; it "
            f"has {', '.join(map(str, prep.ledger.columns))}"
        )
    for c in by:
        if c not in prep.results:
            _add_game_column(prep, c)
    return by


def _add_game_column(prep: Prepared, column: str) -> None:
    per_game = prep.ledger.groupby("game_key", observed=True, sort=False)[column]
    varying = per_game.nunique(dropna=False)
    varying = varying[varying > 1]
    if len(varying):
        raise LedgerError(
            f"by={column!r} must be the same on every row of a game; it varies in "
            f"{', '.join(map(str, varying.index[:5]))}"
        )
    firsts = per_game.first()
    prep.results[column] = firsts.reindex(prep.results["game_key"]).to_numpy()


def game_sequence(results: pd.DataFrame) -> np.ndarray:
    """Each results row's game in replay order: by date (undated games last),
    then game, league, season and game id, ids compared as numbers when they
    are numbers (game 9 before game 10)."""
    codes = results["game_key"].cat.codes.to_numpy()
    _, first = np.unique(codes, return_index=True)
    games = results.iloc[first]
    text = {
        c: games[c].astype(object).fillna("").astype(str).to_numpy()
        for c in ("game", "league", "season", "game_id")
    }
    number = pd.to_numeric(pd.Series(text["game_id"]), errors="coerce").to_numpy()
    date = games["date"].to_numpy(dtype="datetime64[ns]")
    order = np.lexsort(
        (
            text["game_id"],
            np.nan_to_num(number.astype(float), nan=np.inf),
            text["season"],
            text["league"],
            text["game"],
            np.where(np.isnat(date), np.iinfo(np.int64).max, date.astype(np.int64)),
        )
    )
    seq = np.empty(codes.max() + 1 if len(codes) else 0, dtype=np.int64)
    seq[codes[first[order]]] = np.arange(len(order))
    return seq[codes]


def team_column(results: pd.DataFrame) -> np.ndarray:
    """Each row's side in its game, as integer codes: the pair where the game
    has teams (a ``pair`` column; negative codes), else the player himself."""
    player = codes_of(results["player"])
    if "pair" not in results:
        return player
    pair = codes_of(results["pair"])
    return np.where(pair >= 0, -1 - pair, player)


def codes_of(values: pd.Series) -> np.ndarray:
    """Integer codes of a column's values (-1 for blank), categorical or not."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        return values.cat.codes.to_numpy().astype(np.int64)
    return pd.factorize(values.astype(object))[0].astype(np.int64)


def per_ledger_row(
    ledger: pd.DataFrame, results: pd.DataFrame, values: np.ndarray
) -> np.ndarray:
    """A per-game value of the results (the same on each of a game's rows)
    given to every ledger row of the game."""
    codes = results["game_key"].cat.codes.to_numpy()
    first = np.unique(codes, return_index=True)[1]
    keys = results["game_key"].cat.categories[codes[first]]
    lookup = np.zeros(len(ledger["game_key"].cat.categories) + 1, dtype=values.dtype)
    lookup[ledger["game_key"].cat.categories.get_indexer(keys)] = values[first]
    return lookup[ledger["game_key"].cat.codes.to_numpy()]


def sort_codes(values: pd.Series) -> np.ndarray:
    """Integers that sort like the text of ``values`` (blank first)."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        cats = values.cat.categories.astype(str)
        rank = np.empty(len(cats), dtype=np.int64)
        rank[np.argsort(np.asarray(cats, dtype=object), kind="stable")] = np.arange(
            len(cats)
        )
        return np.append(rank, -1)[values.cat.codes.to_numpy()]
    text = values.astype(object).fillna("").astype(str).to_numpy(dtype=object)
    return pd.factorize(text, sort=True)[0]
