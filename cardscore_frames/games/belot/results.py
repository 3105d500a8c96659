"""Match results from scored belot deals: one row per match, one row per match and
player, pair standings, and the report."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import (
    GAME_KEY,
    METADATA_COLUMNS,
    game_index,
    telling_columns,
)
from cardscore_frames.errors import LedgerError
from cardscore_frames.games.belot.ledger import to_ledger
from cardscore_frames.games.belot.rules import Rules
from cardscore_frames.games.belot.schema import pair_key
from cardscore_frames.games.belot.scoring import score
from cardscore_frames.ledger.per_game import RESULT_COLUMNS

__all__ = ["matches", "pair_totals", "results", "report"]


def matches(scored: pd.DataFrame) -> pd.DataFrame:
    """One row per match: the final protocol and who won.

    A match is named by its league, season and ``game_id`` together, so a log
    of two seasons may have a match 1 in each: they are two rows.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`score` returns.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``game_id``: the metadata columns of the match's first deal
        (league, season, date, table), ``pair_a`` and ``pair_b`` (the players,
        ``"x & y"`` in name order), ``deals`` (deals played), ``total_a`` and
        ``total_b`` (points: the protocol's final totals), ``bait_a`` and
        ``bait_b`` (БТ marks of each pair), ``finished`` (bool: a deal decided
        the match),
        ``winner`` (category a/b, blank while unfinished), ``winning_pair``
        (names, blank while unfinished) and ``margin`` (points: the winner's total
        less the loser's; blank while unfinished). Sorted by league, season and
        game id; an id repeats where two leagues or seasons both have it, each
        row's ``league`` and ``season`` telling which match it is.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games import belot
    >>> deals = csf.read_log("sample_data/belot_season.csv", game="belot")
    >>> m = belot.matches(belot.score(deals))
    >>> m[["pair_a", "pair_b", "deals", "total_a", "total_b", "winner"]].head(3)
                     pair_a          pair_b  deals  total_a  total_b winner
    game_id
    1        Anush & Tigran  Davit & Gayane     12      156      317      b
    2        Anush & Tigran    Karen & Mane     14      337      245      a
    3          Narek & Sona  Davit & Gayane     15      236      326      b
    """
    scored = score(scored) if "points_a" not in scored else scored
    index = game_index(scored)  # a match is (league, season, game_id)
    game = index.codes  # sums need no deal order: each row's match is enough
    first = scored.take(index.first_row)
    out = first[[c for c in METADATA_COLUMNS if c in first]].copy()
    out["pair_a"] = pair_key(first, "a1", "a2")
    out["pair_b"] = pair_key(first, "b1", "b2")
    agg = (
        scored[["deal", "points_a", "points_b", "match_over"]]
        .assign(
            bait_a=(scored["bait"] == "a").to_numpy(),
            bait_b=(scored["bait"] == "b").to_numpy(),
        )
        .groupby(game, sort=True)
        .agg(
            deals=("deal", "size"),
            total_a=("points_a", "sum"),
            total_b=("points_b", "sum"),
            bait_a=("bait_a", "sum"),
            bait_b=("bait_b", "sum"),
            finished=("match_over", "any"),
        )
        .loc[0:]  # rows of no match (a blank game id) are none of these
    )
    out = out.reset_index(drop=True).join(agg.reset_index(drop=True))
    over = scored["match_over"].to_numpy(dtype=bool, na_value=False) & (game >= 0)
    decided = scored["winner"][over].set_axis(game[over])
    out["winner"] = decided.reindex(np.arange(index.n_games)).set_axis(out.index)
    is_a = (out["winner"] == "a").to_numpy()
    names = np.where(is_a, out["pair_a"], out["pair_b"])
    out["winning_pair"] = pd.Series(names, index=out.index, dtype=TEXT).where(
        out["finished"]
    )
    margin = (out["total_a"] - out["total_b"]).abs().astype("Int64")
    out["margin"] = margin.where(out["finished"])
    out.index = pd.Index(first["game_id"], name="game_id")
    # sorted by league, season and game id: by game id in a log of one season
    keys = [c for c in GAME_KEY if c in first]
    order = first.reset_index(drop=True).sort_values(keys, kind="stable").index
    return out.take(order)


def pair_totals(match_table: pd.DataFrame, *, by: Sequence[str] = ()) -> pd.DataFrame:
    """Standings of the pairs over ``matches(...)``: wins first, then point difference.

    Parameters
    ----------
    match_table : pandas.DataFrame
        What :func:`matches` returns.
    by : sequence of str
        Columns of ``match_table`` that split the standings (``("league",
        "season")``: one table per league and season); default none, one table
        over every match.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``(*by, pair)`` (``pair``: ``"x & y"``, names in order):
        ``matches``, ``won``, ``lost``, ``unfinished``, ``points_for``,
        ``points_against``, ``difference`` (points, over every deal played) and
        ``bait`` (БТ marks); sorted by ``by``, then wins and difference.
    """
    by = [by] if isinstance(by, str) else list(by)
    unknown = [c for c in by if c not in match_table]
    if unknown:
        raise LedgerError(
            f"by= names columns the match table does not have: {', '.join(unknown)}; "
            f"it has {', '.join(map(str, match_table.columns))}"
        )
    sides = []
    for us, them in (("a", "b"), ("b", "a")):
        side = pd.DataFrame(
            {
                **{c: match_table[c].array for c in by},
                "pair": match_table[f"pair_{us}"].array,
                "won": (match_table["winner"] == us).to_numpy(),
                "lost": (match_table["winner"] == them).to_numpy(),
                "unfinished": ~match_table["finished"].to_numpy(dtype=bool),
                "points_for": match_table[f"total_{us}"].array,
                "points_against": match_table[f"total_{them}"].array,
                "bait": match_table[f"bait_{us}"].array,
            }
        )
        sides.append(side)
    both = pd.concat(sides, ignore_index=True)
    out = both.groupby([*by, "pair"], sort=True, observed=True).agg(
        matches=("won", "size"),
        won=("won", "sum"),
        lost=("lost", "sum"),
        unfinished=("unfinished", "sum"),
        points_for=("points_for", "sum"),
        points_against=("points_against", "sum"),
        bait=("bait", "sum"),
    )
    out.insert(6, "difference", out["points_for"] - out["points_against"])
    ascending = [True] * len(by) + [False, False]
    ranked = out.reset_index().sort_values(
        [*by, "won", "difference"], ascending=ascending, kind="stable"
    )
    return ranked.set_index([*by, "pair"])


def results(scored: pd.DataFrame) -> pd.DataFrame:
    """One row per (match, player): his pair's result in the match.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`score` returned, or its ledger (:func:`to_ledger`).

    Returns
    -------
    pandas.DataFrame
        :data:`cardscore_frames.RESULT_COLUMNS`, each player getting his
        pair's result: ``score`` (points, the pair's final total), ``place`` (1
        for the winners, 2 for the losers, blank while the match is unfinished),
        ``won`` (blank while unfinished), ``players`` (4); then ``pair`` (a, b),
        ``points_for`` and ``points_against`` (the two pairs' totals),
        ``finished`` (a deal decided the match).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> table = csf.belot.results(csf.belot.score(csf.load_example("belot")))
    >>> table[["game_id", "player", "pair", "points_for", "points_against", "won"]].head(2)
      game_id  player pair  points_for  points_against    won
    0       1   Davit    b       317.0           156.0   True
    1       1  Gayane    b       317.0           156.0   True
    """
    ledger = scored if "player" in scored and "score" in scored else to_ledger(scored)
    keys = ["game_key", "player"]
    by = ledger.groupby(keys, observed=True, sort=False)
    out = by.agg(
        seat=("seat", "first"),
        deals=("deal", "size"),
        points_for=("score", "sum"),
        points_against=("opponent_score", "sum"),
        pair=("pair", "first"),
        won=("match_won", "max"),
    ).reset_index()
    meta = ["game", "league", "season", "date", "table", "game_id"]
    firsts = ledger.groupby("game_key", observed=True, sort=False)[meta].first()
    out = out.join(firsts, on="game_key")
    out["score"] = out["points_for"]
    out["players"] = 4
    out["finished"] = out["won"].notna().to_numpy()
    won = out["won"].astype("boolean")
    out["won"] = won
    out["place"] = pd.array(np.where(won.fillna(False), 1, 2), dtype="Int64")
    out.loc[~out["finished"], "place"] = pd.NA
    first = pd.factorize(out["game_key"])[0]
    order = np.lexsort((out["player"].astype(str), out["place"].fillna(3), first))
    cols = [*RESULT_COLUMNS, "pair", "points_for", "points_against", "finished"]
    return out.iloc[order][cols].reset_index(drop=True)


def report(
    deals: pd.DataFrame, *, rules: Rules | None = None
) -> dict[str, pd.DataFrame]:
    """The tables ``cardscore score --game belot`` prints: matches, then pairs.

    Returns
    -------
    dict of str to DataFrame
        ``"Matches"``: per match, its date (when logged), the pairs, deals, final
        totals and the winning pair (``in progress`` when undecided);
        ``"Pair totals"``: :func:`pair_totals`. A log of several leagues or
        seasons shows them in both tables: each match with its league and
        season, the pairs' totals per league and season.
    """
    scored = score(deals, rules=rules)
    table = matches(scored)
    by = telling_columns(table)  # two seasons' match 1 are two matches
    shown = table[[c for c in (*by, "date") if c in table]].copy()
    for col in ("pair_a", "pair_b", "deals", "total_a", "total_b"):
        shown[col] = table[col]
    shown["winner"] = table["winning_pair"].fillna("in progress")
    return {"Matches": shown, "Pair totals": pair_totals(table, by=by)}
