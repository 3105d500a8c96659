"""Preferans results: one row per pool and player, and the tables the CLI prints."""

from __future__ import annotations

import pandas as pd

from cardscore_frames.checking import METADATA_COLUMNS, telling_columns
from cardscore_frames.games.preferans.ledger import to_ledger
from cardscore_frames.games.preferans.rules import Rules
from cardscore_frames.games.preferans.scoring import score
from cardscore_frames.games.preferans.settlement.from_deals import sheet
from cardscore_frames.games.preferans.settlement.settle import settle
from cardscore_frames.ledger.per_game import results_by_score

__all__ = ["results", "report"]


def results(scored: pd.DataFrame) -> pd.DataFrame:
    """One row per (pool, player): his balance in whists and his place.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`score` returned, or its ledger (:func:`to_ledger`).

    Returns
    -------
    pandas.DataFrame
        :data:`cardscore_frames.RESULT_COLUMNS`: ``score`` (whists, the
        exact settlement of the pool), ``place`` (1 = best; equal balances share
        the better place), ``won`` (first place, shared or not), ``players`` (3
        or 4: the 4-player dealer is a party to the settlement).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> table = csf.preferans.results(csf.preferans.score(csf.load_example("preferans")))
    >>> float(table.groupby("game_key", observed=True)["score"].sum().abs().max()) < 1e-9
    True
    """
    ledger = scored if "player" in scored and "score" in scored else to_ledger(scored)
    return results_by_score(ledger)


def report(
    deals: pd.DataFrame, *, rules: Rules | None = None
) -> dict[str, pd.DataFrame]:
    """The tables ``cardscore score --game preferans`` prints.

    Returns
    -------
    dict of str to DataFrame
        ``"Pool sheets"``: :func:`sheet`, indexed by (game_id, seat).
        ``"Settlement"``: per (game_id, seat): player, pool, mountain and the
        balance in whists by the exact formula (``whists``), by the seed's method 1
        (``paper``) and method 2 (``average``). Of a points-only log,
        ``"Results"`` only: per (game_id, seat), player, balance and place. A
        log of several leagues or seasons is indexed by (league, season,
        game_id, seat): two seasons' pool 1 are two pools.
    """
    scored = score(deals, rules=rules)
    # a log of several leagues or seasons: two seasons' pool 1 are two pools
    by = telling_columns(scored)
    keys = [*by, "game_id", "seat"]
    if "pool_1" not in scored:  # a points-only log: no sheet, the balances only
        table = results(scored)
        return {"Results": table[[*keys, "player", "score", "place"]].set_index(keys)}
    rules = scored.cardscore.rules
    sh = sheet(scored)
    exact = settle(sh)
    table = exact[[*keys, "player", "pool", "mountain", "whists"]].set_index(keys)
    for method in ("paper", "average"):
        if rules.pool_whists % rules.mountain_whists == 0:
            table[method] = settle(sh, method=method)["whists"].to_numpy()
    shown = [
        c
        for c in sh.columns
        if (c not in METADATA_COLUMNS or c in (*by, "date")) and c != "whist_price"
    ]
    return {"Pool sheets": sh[shown].set_index(keys), "Settlement": table}
