"""Tarot results: one row per game and player, and the tables the CLI prints."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from cardscore_frames.checking import telling_columns
from cardscore_frames.games.tarot.ledger import to_ledger
from cardscore_frames.games.tarot.scoring import score
from cardscore_frames.ledger import totals
from cardscore_frames.ledger.per_game import results_by_score

__all__ = ["results", "report", "game_table"]


def results(scored: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, player): his total in the game and his place at the table.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`score` returned, or its ledger (:func:`to_ledger`).

    Returns
    -------
    pandas.DataFrame
        :data:`cardscore_frames.RESULT_COLUMNS`: ``score`` (points, the
        game's total), ``place`` (1 = best; tied totals share the better place),
        ``won`` (first place, shared or not), ``players`` (the table's size),
        ``deals`` (deals seated, sitting out included).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> table = csf.tarot.results(csf.tarot.score(csf.load_example("tarot")))
    >>> table[["game_id", "player", "score", "place", "won"]].head(4)
      game_id   player  score  place    won
    0       1   Gaëlle  899.0      1   True
    1       1   Amélie   31.0      2  False
    2       1  Bastien -205.0      3  False
    3       1   Julien -725.0      4  False
    """

    ledger = scored if "player" in scored and "score" in scored else to_ledger(scored)
    return results_by_score(ledger)


def game_table(table: pd.DataFrame, *, by: Sequence[str] = ()) -> pd.DataFrame:
    """Per game: its ``by`` columns (league, season), id, date, table size,
    winner(s) and the best and worst totals."""
    by = list(by)
    by_game = table.groupby("game_key", observed=True, sort=False)
    out = by_game.agg(
        **{c: (c, "first") for c in by},
        game_id=("game_id", "first"),
        date=("date", "first"),
        players=("players", "first"),
        top=("score", "max"),
        bottom=("score", "min"),
    )
    winners = table.loc[table["won"].to_numpy(dtype=bool)]
    out["winner"] = (
        winners.groupby("game_key", observed=True, sort=False)["player"]
        .agg(lambda names: " & ".join(map(str, names)))
        .reindex(out.index)
    )
    return out.reset_index(drop=True)


def report(deals: pd.DataFrame, *, rules=None) -> dict[str, pd.DataFrame]:
    """The tables ``cardscore score --game tarot`` prints.

    Returns
    -------
    dict of str to DataFrame
        ``"Player totals"``: :func:`cardscore_frames.totals` of the ledger
        (points, deals seated, games); ``"Games"``: per game, its id, date,
        table size, best and worst totals and the winner(s). A log of several
        leagues or seasons shows them in both tables: each game with its league
        and season, the players' totals per league and season.
    """

    ledger = to_ledger(score(deals, rules=rules))
    by = telling_columns(ledger)  # two seasons' game 1 are two games
    table = game_table(results(ledger), by=by)
    return {"Player totals": totals(ledger, by=by).droplevel("game"), "Games": table}
