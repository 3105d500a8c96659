"""Records of a season: the best and worst deal, game and evening, winning and
losing streaks, and the most improved player (docs/guide/season.md, "Records").

Each function takes a ledger of one or more games and works per game and
``by`` group (league and season by default), from the ledger's rows and its
games' results (:func:`cardscore_frames.results`), vectorised.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.season.figures import group_ids, result_flags
from cardscore_frames.season.frames import by_columns, prepared

__all__ = ["records", "streaks", "improvement", "RECORDS"]

#: The records :func:`records` finds, in its order, with what each holds.
RECORDS = {
    "best deal": "the highest score of one player in one deal",
    "worst deal": "the lowest score of one player in one deal",
    "best game": "the highest total of one player in one game",
    "worst game": "the lowest total of one player in one game",
    "best evening": "the highest sum of one player's games on one date",
    "worst evening": "the lowest sum of one player's games on one date",
    "longest winning streak": "the most games won in a row",
    "longest losing streak": "the most games in a row with a result and no win",
}


def records(
    ledger: pd.DataFrame, *, by: Sequence[str] | str | None = ("league", "season")
) -> pd.DataFrame:
    """The season's records, per game and ``by`` group.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of one or more games.
    by : sequence of str
        Metadata columns that split the records (default league and season).

    Returns
    -------
    pandas.DataFrame
        One row per game, group, record (:data:`RECORDS`, in that order) and
        holder: ``game``, the ``by`` columns, ``record``, ``player``, ``value``
        (the game's unit; games for a streak), ``date`` (of the deal, game or
        evening; a streak's last game), ``game_id`` and ``deal`` (blank where
        they do not apply). A record held by several players (a shared best
        evening, equal streaks) has a row for each, in name order.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> top = csf.season.records(ledger, by=())
    >>> top.loc[top["record"] == "best deal", ["player", "value", "deal"]]
       player   value  deal
    0  Élodie  1680.0  10.0
    """
    prep = prepared(ledger)
    by = by_columns(prep, by)
    keys = ["game", *by]
    results = prep.results
    ledger = prep.ledger
    parts = []
    # per deal: the ledger's rows, with their group taken from their game
    group_of_game = _group_of_games(results, keys)
    rows = ledger[["game_key", "player", "date", "game_id", "deal", "score"]]
    gk = rows["game_key"].cat.codes.to_numpy()
    deal_group = group_of_game[gk]
    parts += _extremes(rows, deal_group, "deal")
    game_rows = results[["player", "date", "game_id", "score"]]
    game_group = group_of_game[results["game_key"].cat.codes.to_numpy()]
    parts += _extremes(game_rows.assign(deal=np.nan), game_group, "game")
    evening = (
        game_rows.assign(group=game_group)
        .groupby(["group", "player", "date"], observed=True, sort=False)["score"]
        .sum()
        .reset_index()
    )
    parts += _extremes(
        evening.assign(game_id=None, deal=np.nan),
        evening["group"].to_numpy(),
        "evening",
    )
    runs = _runs(results, game_group)
    for kind, column in (("winning", "longest_win"), ("losing", "longest_loss")):
        best = runs.groupby("group")[column].transform("max")
        held = runs[(runs[column] == best) & (best > 0)]
        parts.append(
            pd.DataFrame(
                {
                    "group": held["group"].to_numpy(),
                    "record": f"longest {kind} streak",
                    "player": held["player"].to_numpy(),
                    "value": held[column].to_numpy(dtype=float),
                    "date": held[f"{column}_end"].to_numpy(),
                    "game_id": None,
                    "deal": np.nan,
                }
            )
        )
    out = pd.concat(parts, ignore_index=True)
    labels = _group_labels(results, game_group, keys)
    out = (
        labels.iloc[out["group"].to_numpy()]
        .reset_index(drop=True)
        .join(out.drop(columns="group"))
    )
    order = {name: i for i, name in enumerate(RECORDS)}
    out["_r"] = out["record"].map(order)
    out["_g"] = group_ids(out, keys)
    out = out.sort_values(["_g", "_r", "player"], kind="stable")
    return out.drop(columns=["_r", "_g"]).reset_index(drop=True)


def streaks(
    ledger: pd.DataFrame, *, by: Sequence[str] | str | None = ("league", "season")
) -> pd.DataFrame:
    """Each player's winning and losing streaks, per game and ``by`` group.

    A streak runs over the games with a result, in the order they were played
    (date, then game id); a losing streak is games with a result and no win
    (a shared first place is a win). Unfinished matches are left out.

    Returns
    -------
    pandas.DataFrame
        One row per game, group and player: ``game``, the ``by`` columns,
        ``player``, ``games`` (with a result), ``longest_win``,
        ``longest_loss``, ``current`` (the streak running at his last game:
        positive for wins, negative for games without a win) and
        ``current_since`` (the date of its first game). A player without a
        game with a result is not listed.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> csf.season.streaks(ledger, by=()).iloc[:2, 1:]
        player  games  longest_win  longest_loss  current current_since
    0   Amélie     16            1             8       -8    2026-03-26
    1  Bastien     17            1             8        1    2026-06-25
    """
    prep = prepared(ledger)
    by = by_columns(prep, by)
    keys = ["game", *by]
    results = prep.results
    group = _group_of_games(results, keys)[results["game_key"].cat.codes.to_numpy()]
    runs = _runs(results, group)
    labels = _group_labels(results, group, keys)
    out = labels.iloc[runs["group"].to_numpy()].reset_index(drop=True)
    out = out.join(
        runs[
            ["player", "games", "longest_win", "longest_loss", "current"]
            + ["current_since"]
        ].reset_index(drop=True)
    )
    return out


def improvement(
    ledger: pd.DataFrame, *, by: Sequence[str] | str | None = ("league", "season")
) -> pd.DataFrame:
    """Who improved most: each player's mean per game in the second half of
    the season against the first, shrunk toward the league's mean change.

    The halves split each group's games in the order they were played: the
    first half of its games (by date, then game id) and the rest. A player's
    change is his mean per game after minus before. Few games make a change
    uncertain, so it is shrunk (empirical Bayes, normal-normal): the changes
    of the league's players are taken as drawn from a normal distribution
    whose spread is what remains of their observed spread after each change's
    sampling variance (the group's pooled within-player variance of a game's
    result over his games in each half); each change moves toward the league's
    mean change in proportion to its own uncertainty. A player with one game
    in the league's rank by change keeps almost nothing of it.

    Returns
    -------
    pandas.DataFrame
        One row per game, group and player with games in both halves, sorted
        by group and ``rank`` (1 = most improved): ``games_before``,
        ``games_after``, ``mean_before``, ``mean_after``, ``change``,
        ``change_se`` (its standard error), ``change_shrunk`` and ``rank``.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> best = csf.season.improvement(ledger, by=()).iloc[0]
    >>> str(best["player"]), int(best["rank"])
    ('Amélie', 1)
    """
    prep = prepared(ledger)
    by = by_columns(prep, by)
    keys = ["game", *by]
    results = prep.results
    group = _group_of_games(results, keys)[results["game_key"].cat.codes.to_numpy()]
    seq = results["seq"].to_numpy()
    frame = pd.DataFrame(
        {
            "group": group,
            "player": results["player"].to_numpy(),
            "seq": seq,
            "score": results["score"].to_numpy(dtype=float),
        }
    )
    # each group's games in play order: the first half of them is "before"
    games = frame.drop_duplicates(["group", "seq"])[["group", "seq"]]
    games = games.sort_values(["group", "seq"])
    games["i"] = games.groupby("group").cumcount()
    games["n"] = games.groupby("group")["seq"].transform("size")
    games["after"] = games["i"] >= games["n"] / 2
    frame = frame.merge(games[["group", "seq", "after"]], on=["group", "seq"])
    stats = frame.groupby(["group", "player", "after"], observed=True)["score"].agg(
        ["size", "mean", "var"]
    )
    wide = stats.unstack("after")
    if True not in wide.columns.get_level_values(1):  # one game a group: no halves
        wide = wide.reindex(
            columns=pd.MultiIndex.from_product([["size", "mean", "var"], [False, True]])
        )
    n0, n1 = wide[("size", False)], wide[("size", True)]
    both = (n0 > 0) & (n1 > 0)
    wide = wide[both.fillna(False).to_numpy()]
    n0, n1 = wide[("size", False)], wide[("size", True)]
    m0, m1 = wide[("mean", False)], wide[("mean", True)]
    # pooled within-player variance of one game's result, per group
    dev = frame.groupby(["group", "player", "after"], observed=True)["score"]
    sq = (frame["score"] - dev.transform("mean")) ** 2
    pooled_ss = sq.groupby(frame["group"]).sum()
    pooled_df = (
        frame.groupby("group")["score"].size()
        - frame.groupby(["group", "player", "after"], observed=True)
        .size()
        .groupby("group")
        .size()
    )
    pooled = (pooled_ss / pooled_df.where(pooled_df > 0)).reindex(
        wide.index.get_level_values("group")
    )
    se2 = pooled.to_numpy() * (1 / n0.to_numpy() + 1 / n1.to_numpy())
    change = (m1 - m0).to_numpy()
    out = pd.DataFrame(
        {
            "group": wide.index.get_level_values("group"),
            "player": wide.index.get_level_values("player"),
            "games_before": n0.to_numpy().astype(np.int64),
            "games_after": n1.to_numpy().astype(np.int64),
            "mean_before": m0.to_numpy(),
            "mean_after": m1.to_numpy(),
            "change": change,
            "change_se": np.sqrt(se2),
        }
    )
    out["change_shrunk"] = _shrunk(out["group"].to_numpy(), change, se2)
    out["rank"] = (
        out.groupby("group")["change_shrunk"]
        .rank(ascending=False, method="min")
        .astype(np.int64)
    )
    out = out.sort_values(["group", "rank", "player"], kind="stable")
    labels = _group_labels(results, group, keys)
    head = labels.iloc[out["group"].to_numpy()].reset_index(drop=True)
    return head.join(out.drop(columns="group").reset_index(drop=True))


def _shrunk(group: np.ndarray, x: np.ndarray, se2: np.ndarray) -> np.ndarray:
    """Normal-normal empirical Bayes, per group: each ``x`` (with sampling
    variance ``se2``) toward the group's precision-weighted mean, by the share
    of its variance that is noise; the spread of the true values is the
    observed spread less the mean sampling variance (method of moments, 0 at
    least)."""
    frame = pd.DataFrame({"g": group, "x": x, "v": se2})
    grouped = frame.groupby("g")
    mean = grouped["x"].transform("mean")
    spread = grouped["x"].transform("var") - grouped["v"].transform("mean")
    tau2 = np.maximum(spread.fillna(0.0).to_numpy(), 0.0)
    weight = np.divide(tau2, tau2 + se2, out=np.zeros_like(se2), where=tau2 + se2 > 0)
    return mean.to_numpy() + weight * (x - mean.to_numpy())


def _group_of_games(results: pd.DataFrame, keys: list[str]) -> np.ndarray:
    """Each game (by its ``game_key`` code) to its group's number."""
    group = group_ids(results, keys)
    codes = results["game_key"].cat.codes.to_numpy()
    out = np.full(len(results["game_key"].cat.categories), -1, dtype=np.int64)
    out[codes] = group
    return out


def _group_labels(
    results: pd.DataFrame, group: np.ndarray, keys: list[str]
) -> pd.DataFrame:
    """The ``keys`` of each group number, one row per group in number order."""
    first = np.unique(group, return_index=True)[1]
    return results[keys].iloc[first].reset_index(drop=True)


def _extremes(rows: pd.DataFrame, group: np.ndarray, what: str) -> list[pd.DataFrame]:
    """The best and worst ``what`` of each group (every row that ties)."""
    score = rows["score"].to_numpy(dtype=float)
    frame = pd.DataFrame({"group": group, "score": score})
    out = []
    for word, pick in (("best", "max"), ("worst", "min")):
        edge = frame.groupby("group")["score"].transform(pick).to_numpy()
        hit = np.flatnonzero(score == edge)
        held = rows.iloc[hit]
        out.append(
            pd.DataFrame(
                {
                    "group": group[hit],
                    "record": f"{word} {what}",
                    "player": held["player"].to_numpy(),
                    "value": score[hit],
                    "date": held["date"].to_numpy(),
                    "game_id": held["game_id"].astype(object).to_numpy(),
                    "deal": held["deal"].to_numpy(dtype=float),
                }
            )
        )
    return out


def _runs(results: pd.DataFrame, group: np.ndarray) -> pd.DataFrame:
    """Per group and player: games with a result, the longest runs of wins and
    of games without a win (with the date each ended), the current run and
    the date it began."""
    flags = result_flags(results)
    keep = np.flatnonzero(flags["decided"].to_numpy())
    player = results["player"]
    pid = (
        player.cat.codes.to_numpy().astype(np.int64)
        if isinstance(player.dtype, pd.CategoricalDtype)
        else pd.factorize(player)[0].astype(np.int64)
    )
    names = (
        player.cat.categories
        if isinstance(player.dtype, pd.CategoricalDtype)
        else pd.Index(pd.factorize(player)[1])
    )
    g = group[keep]
    p = pid[keep]
    won = flags["won"].to_numpy()[keep].astype(bool)
    seq = results["seq"].to_numpy()[keep]
    date = results["date"].to_numpy()[keep]
    order = np.lexsort((seq, p, g))
    g, p, won, date = g[order], p[order], won[order], date[order]
    n = len(g)
    start = (
        np.r_[True, (g[1:] != g[:-1]) | (p[1:] != p[:-1])] if n else np.zeros(0, bool)
    )
    # a run: consecutive rows of one player with the same outcome
    run_start = start | np.r_[True, won[1:] != won[:-1]] if n else start
    run_id = np.cumsum(run_start) - 1
    length = np.bincount(run_id) if n else np.zeros(0, np.int64)
    run_first = np.flatnonzero(run_start)
    run_last = np.r_[run_first[1:] - 1, n - 1] if n else run_first
    run_won = won[run_first]
    owner = np.cumsum(start)[run_first] - 1  # the (group, player) of each run
    players = np.flatnonzero(start)
    frame = pd.DataFrame(
        {
            "owner": owner,
            "won": run_won,
            "length": length,
            "end": date[run_last],
            "begin": date[run_first],
        }
    )
    out = pd.DataFrame(
        {
            "group": g[players],
            "player": names[p[players]],
            "games": np.diff(np.r_[players, n]),
        }
    )
    for flag, column in ((True, "longest_win"), (False, "longest_loss")):
        part = frame[frame["won"] == flag]
        idx = part.groupby("owner")["length"].idxmax()
        best = part.loc[idx.to_numpy()].set_index("owner")
        out[column] = best["length"].reindex(range(len(out)), fill_value=0).to_numpy()
        out[f"{column}_end"] = best["end"].reindex(range(len(out))).to_numpy()
    last = frame.groupby("owner").tail(1).set_index("owner")
    out["current"] = np.where(last["won"], last["length"], -last["length"])
    out["current_since"] = last["begin"].to_numpy()
    return out
