"""Season standings of a Dask ledger.

Each game's results (one row per game and player, :func:`cardscore_frames.results`)
are worked out partition by partition, where the game sits whole, with what the
table needs of the ledger besides (the ``by`` columns, a ``whist_price``) taken
once per game. Ranking needs every result of a group together, so the table is
ranked from the gathered results, which are small beside the ledger (one row per
game and player against one per deal and player).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pandas as pd

from cardscore_frames.distributed.apply import refuse_split_games
from cardscore_frames.distributed.registry import recall
from cardscore_frames.errors import LedgerError
from cardscore_frames.ledger import unite
from cardscore_frames.season.club_rules import CLUB_OPTIONS, club_rules
from cardscore_frames.season.frames import Prepared, game_sequence, prepared
from cardscore_frames.season.standings import check_rank_by, standings_of

__all__ = ["standings"]


def standings(
    fn: Callable[..., pd.DataFrame],
    ledger: Any,
    *,
    game: str | None = None,
    **kwargs: Any,
) -> Any:
    """``standings`` of a Dask ledger: a ``dask.delayed`` of the pandas table."""
    import dask

    given = inspect.signature(fn).bind(ledger, **kwargs)
    given.apply_defaults()  # the public function's defaults, stated once
    kwargs = {k: v for k, v in given.arguments.items() if k != "ledger"}

    check_rank_by(kwargs["rank_by"])  # said now, not when computed
    club_rules(**{k: kwargs[k] for k in CLUB_OPTIONS})  # likewise
    by = kwargs.pop("by")
    by = [by] if isinstance(by, str) else list(by or ())
    unknown = [c for c in by if c not in ledger.columns]
    if unknown:  # said now, as pandas says it, not when computed
        raise LedgerError(
            f"by= names columns the ledger does not have: {', '.join(unknown)}; it "
            f"has {', '.join(map(str, ledger.columns))}"
        )
    if recall(ledger) is None:
        refuse_split_games(ledger)  # a game split across partitions is refused
    extra = [c for c in (*by, "whist_price") if c in ledger.columns]
    parts = [dask.delayed(_part)(p, extra) for p in ledger.to_delayed()]
    return dask.delayed(_ranked)(parts, by=by, **kwargs)


def _part(ledger: pd.DataFrame, extra: list[str]) -> tuple | None:
    """A partition's results, and one row per game of the ``extra`` columns."""

    if not len(ledger):
        return None
    prep = prepared(ledger)
    results = prep.results.drop(columns="seq")
    if not extra:
        return results, None
    by_game = prep.ledger.groupby("game_key", observed=True, sort=False)[extra]
    counts = by_game.nunique(dropna=False)
    for column in extra:
        varies = counts[column] > 1
        if varies.any():
            games = ", ".join(map(str, varies.index[varies][:5]))
            raise LedgerError(
                f"by={column!r} must be the same on every row of a game; it "
                f"varies in {games}"
            )
    return results, by_game.first().reset_index()


def _ranked(parts: list, *, by: list[str], **kwargs: Any) -> pd.DataFrame:
    """The table, from every partition's results (categories united, as pandas
    has them for the whole ledger)."""

    parts = [p for p in parts if p is not None]
    if not parts:
        raise LedgerError("the ledger has no rows")
    results = unite([r for r, _ in parts])
    results["seq"] = game_sequence(results)
    # games in replay order, as a ledger kept in date order has them: the
    # sums of fractions (thirds of a whist) then add up in the same order
    results = results.sort_values("seq", kind="stable", ignore_index=True)
    games = [g for _, g in parts if g is not None]
    per_game = unite(games) if games else results[["game_key"]].drop_duplicates()
    return standings_of(Prepared(per_game, results, ()), by=by, **kwargs)
