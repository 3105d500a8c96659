"""Per-game results: one row per game and player, the base of standings, head to
head and ratings.

:func:`results` takes a ledger of any games and asks each game for its table
(through the registry): zero-sum games rank players by their total in the game
(:func:`results_by_score`); belot gives each player his pair's match result.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.contract import get_game
from cardscore_frames.ledger.check import check_ledger
from cardscore_frames.ledger.combine import unite

__all__ = ["RESULT_COLUMNS", "results", "results_by_score"]

#: The columns every results table has, in order; a game adds its own after them.
RESULT_COLUMNS = (
    "game",
    "game_key",
    "league",
    "season",
    "date",
    "table",
    "game_id",
    "player",
    "seat",
    "players",
    "deals",
    "score",
    "place",
    "won",
)
_META = ("game", "league", "season", "date", "table", "game_id")
#: Totals are rounded to this many decimals before ranking, so that thirds of a
#: whist summed in another order still tie.
_RANK_DECIMALS = 9


def results(ledger: pd.DataFrame) -> pd.DataFrame:
    """One row per game and player, for a ledger of any registered games.

    Returns
    -------
    pandas.DataFrame
        :data:`RESULT_COLUMNS` (``score`` in each game's unit; ``place`` 1 for
        the best, shared places ranked as 1, 1, 3; ``won``: first place,
        shared or not; belot: the player's pair won the match, blank while it is
        unfinished) plus each game's own columns, games in order of first
        appearance.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> table = csf.results(ledger)
    >>> int(table.groupby("game_key", observed=True)["won"].sum().min()) >= 1
    True
    """
    ledger = check_ledger(ledger)
    parts = [
        get_game(name).results(ledger.loc[(ledger["game"] == name).to_numpy()])
        for name in ledger["game"].unique().dropna()
    ]
    if not parts:
        return pd.DataFrame(columns=list(RESULT_COLUMNS))
    return unite(parts)


def results_by_score(ledger: pd.DataFrame) -> pd.DataFrame:
    """Results of a zero-sum game: each player's total, ranked within the game.

    ``ledger`` is one game's ledger (tarot, preferans). ``won`` is a first place,
    shared or not; ``place`` is the standard competition rank (1, 1, 3).
    """
    keys = ["game_key", "player"]
    grouped = ledger.groupby(keys, observed=True, sort=False)
    out = grouped.agg(
        seat=("seat", "first"),
        deals=("deal", "size"),
        score=("score", "sum"),
    ).reset_index()
    firsts = ledger.groupby("game_key", observed=True, sort=False)[list(_META)].first()
    out = out.join(firsts, on="game_key")
    out["players"] = out.groupby("game_key", observed=True)["player"].transform("size")
    ranked = out["score"].round(_RANK_DECIMALS)
    place = ranked.groupby(out["game_key"], observed=True).rank(
        method="min", ascending=False
    )
    out["place"] = place.to_numpy(dtype=np.int64)
    out["won"] = out["place"].to_numpy() == 1
    return _ordered(out)


def _ordered(out: pd.DataFrame) -> pd.DataFrame:
    """Games in order of first appearance, then by place and name."""
    first = pd.factorize(out["game_key"])[0]
    order = np.lexsort((out["player"].astype(str), out["place"], first))
    cols = [c for c in RESULT_COLUMNS if c in out] + [
        c for c in out.columns if c not in RESULT_COLUMNS
    ]
    return out.iloc[order][cols].reset_index(drop=True)
