"""Par from table strength: each game's expected result for each player from
the ratings of everyone at the table before it, and each player's result above
par over the season (docs/guide/season.md, "Par from table strength"), in the
spirit of the English Bridge Union's NGS (an expected score from partner and
opponents).

For each rated game and side (a tarot or preferans player, a belot pair):

- the side's strength is the sum of its players' mu before the game (as
  openskill adds a team's), its ``edge`` that strength less the mean of the
  table's sides;
- ``par_place``: 1 plus each other side's chance of finishing above it
  (openskill's pairwise chance, the one behind ``predict_win``);
- ``par_score``: the table's mean result plus ``slope`` x edge, where the
  slope (points per rating point, one per game) is the least-squares fit of
  the results' distance from their table's mean on the edges over the whole
  ledger. In a zero-sum game the table's mean is 0 and a table's pars add up
  to 0, as its results do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.errors import CardscoreError
from cardscore_frames.season.frames import by_columns, prepared, sort_codes
from cardscore_frames.season.predict import pairwise
from cardscore_frames.season.ratings import Ratings, ratings

__all__ = ["Par", "par"]


class Par(NamedTuple):
    """What :func:`par` returns.

    ``games``: one row per rated game and player: ``game``, ``game_key``,
    ``league``, ``season``, ``date``, ``player``, ``side``, ``mu_before``,
    ``edge`` (his side's strength less the table's mean, rating points),
    ``score``, ``par_score`` and ``above_par`` (the game's unit), ``place``,
    ``par_place`` and ``places_above_par`` (``par_place - place``: positive is
    better than the table promised), ``won`` (1, or 1/k for a first place
    shared by k sides), ``win_chance`` and ``wins_above_par``.

    ``season``: one row per game (and ``by``) and player, best first: ``games``,
    ``score``, ``par_score``, ``above_par``, ``above_par_per_game``,
    ``places_above_par``, ``wins``, ``expected_wins`` and ``wins_above_par``.

    ``slope``: per game, the points a rating point of edge is worth.
    """

    games: pd.DataFrame
    season: pd.DataFrame
    slope: dict[str, float]


def par(
    ledger: pd.DataFrame,
    ratings: Ratings | None = None,
    *,
    by: Sequence[str] | str | None = None,
) -> Par:
    """Each game's par for each player from the table's ratings before it,
    and each player's result above par over the season.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of one or more games.
    ratings : Ratings, optional
        What :func:`~cardscore_frames.season.ratings` returned for this
        ledger, one update per game (``per="game"``); default: computed with
        its defaults.
    by : str or sequence of str, optional
        Metadata columns to split the season table by (``season``).

    Returns
    -------
    Par
        ``games``, ``season`` and ``slope`` (see :class:`Par`).

    Raises
    ------
    CardscoreError
        Ratings rated per deal, or of another ledger (games or players
        missing from them).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("league_tarot")))
    >>> result = csf.season.par(ledger)
    >>> result.season.columns.tolist()[:6]
    ['game', 'player', 'games', 'score', 'par_score', 'above_par']
    """
    rated = _rated(ledger, ratings)
    prep = prepared(ledger)
    by = by_columns(prep, by)
    games = _games(rated, prep.results, by)
    slope = _slopes(games)
    rate = games["game"].map(slope).to_numpy(dtype=float)
    games["par_score"] = games["table_mean"].to_numpy() + rate * games["edge"]
    games["above_par"] = games["score"] - games["par_score"]
    games = games.drop(columns="table_mean")
    order = [c for c in _GAME_COLUMNS if c in games] + by
    games = games[list(dict.fromkeys(order))]
    return Par(games, _season(games, by), slope)


_GAME_COLUMNS = (
    "game",
    "game_key",
    "league",
    "season",
    "date",
    "player",
    "side",
    "mu_before",
    "edge",
    "score",
    "par_score",
    "above_par",
    "place",
    "par_place",
    "places_above_par",
    "won",
    "win_chance",
    "wins_above_par",
)


def _rated(ledger: pd.DataFrame, given: Ratings | None) -> Ratings:
    if given is None:
        return ratings(ledger)
    if not isinstance(given, Ratings):
        raise CardscoreError(
            f"ratings= takes what ratings returned; got {type(given).__name__}"
        )
    if given.model.get("per", "game") != "game":
        raise CardscoreError(
            "par takes ratings with one update per game (per='game'); these "
            "were rated per deal"
        )
    return given


def _games(rated: Ratings, results: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """The rated rows with their results, strength before and par place."""
    h = rated.history
    start_mu = float(rated.model.get("mu", 25.0))
    start_sigma = float(rated.model.get("sigma", 25.0 / 3.0))
    mu, sigma = _before(h, start_mu, start_sigma)
    unit = h.groupby(["game", "game_key"], observed=True, sort=False).ngroup()
    side_key = unit.to_numpy() * (int(h["side"].max()) + 1) + h["side"].to_numpy()
    side = np.unique(side_key, return_inverse=True)[1]
    side_mu = np.bincount(side, weights=mu)
    side_var = np.bincount(side, weights=sigma**2)
    side_unit = np.zeros(len(side_mu), dtype=np.int64)
    side_unit[side] = unit.to_numpy()
    order = np.argsort(side_unit, kind="stable")  # sides of a unit together
    pair = pairwise(
        side_unit[order], side_mu[order], side_var[order], float(rated.model["beta"])
    )
    above = np.bincount(pair.a, weights=1.0 - pair.p, minlength=len(order))
    par_place = np.empty(len(order))
    par_place[order] = 1.0 + above
    n_sides = np.bincount(side_unit)
    table_mu = np.bincount(side_unit, weights=side_mu) / n_sides
    edge = side_mu - table_mu[side_unit]
    out = pd.DataFrame(
        {
            "game": h["game"].array,
            "game_key": h["game_key"].array,
            "player": h["player"].array,
            "side": h["side"].to_numpy(),
            "mu_before": mu,
            "edge": edge[side],
            "par_place": par_place[side],
            "win_chance": h["win_chance"].to_numpy(),
            "rank": h["rank"].to_numpy(),
            "_side": side,
        }
    )
    return _with_results(out, results, by)


def _before(h: pd.DataFrame, start_mu: float, start_sigma: float):
    """Each history row's mu and sigma before its game."""
    game, player = sort_codes(h["game"]), sort_codes(h["player"])
    key = game * (int(player.max(initial=0)) + 2) + player
    order = np.argsort(key, kind="stable")
    first = np.r_[True, key[order][1:] != key[order][:-1]]
    out = []
    for column, start in (("mu", start_mu), ("sigma", start_sigma)):
        after = h[column].to_numpy(dtype=float)[order]
        shifted = np.where(first, start, np.r_[start, after[:-1]])
        back = np.empty(len(shifted))
        back[order] = shifted
        out.append(back)
    return out[0], out[1]


def _with_results(out: pd.DataFrame, results: pd.DataFrame, by: list[str]):
    """Each rated row's result: score, place and win share; the table's mean."""
    keep = ["game_key", "player", "league", "season", "date", "score", "place", *by]
    right = results[list(dict.fromkeys(keep))].astype({"game_key": str, "player": str})
    left = out.astype({"game_key": str, "player": str})
    merged = left.merge(right, on=["game_key", "player"], how="left", validate="1:1")
    if merged["score"].isna().any():
        raise CardscoreError(
            "these ratings hold games or players the ledger does not: compute "
            "them from the same ledger"
        )
    merged["game"] = out["game"].to_numpy()
    merged["player"] = out["player"].to_numpy()
    merged["game_key"] = out["game_key"].to_numpy()
    place = pd.to_numeric(merged["place"], errors="coerce").to_numpy(dtype=float)
    first = place == 1
    unit = merged.groupby("game_key", observed=True, sort=False).ngroup().to_numpy()
    firsts = pd.DataFrame({"unit": unit, "side": merged["_side"]})[first]
    firsts = firsts.drop_duplicates()["unit"].to_numpy()
    sides_first = np.bincount(firsts, minlength=unit.max(initial=0) + 1)[unit]
    merged["won"] = np.where(first, 1.0 / np.maximum(sides_first, 1), 0.0)
    merged["places_above_par"] = merged["par_place"] - place
    merged["wins_above_par"] = merged["won"] - merged["win_chance"]
    score = merged["score"].to_numpy(dtype=float)
    merged["table_mean"] = (
        np.bincount(unit, weights=score)[unit] / np.bincount(unit)[unit]
    )
    return merged.drop(columns=["_side", "rank"])


def _slopes(games: pd.DataFrame) -> dict[str, float]:
    """Per game: least squares, through 0, of score - table mean on edge."""
    work = pd.DataFrame(
        {
            "game": games["game"].astype(str).to_numpy(),
            "xy": games["edge"] * (games["score"] - games["table_mean"]),
            "xx": games["edge"] ** 2,
        }
    )
    sums = work.groupby("game", sort=True)[["xy", "xx"]].sum()
    slope = np.where(sums["xx"] > 0, sums["xy"] / sums["xx"].where(sums["xx"] > 0), 0.0)
    return dict(zip(sums.index, slope.astype(float).tolist(), strict=True))


def _season(games: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    keys = ["game", *by, "player"]
    work = games.assign(
        game=games["game"].astype(str), player=games["player"].astype(str)
    )
    out = (
        work.groupby(keys, sort=True, dropna=False, observed=True)
        .agg(
            games=("score", "size"),
            score=("score", "sum"),
            par_score=("par_score", "sum"),
            above_par=("above_par", "sum"),
            places_above_par=("places_above_par", "sum"),
            wins=("won", "sum"),
            expected_wins=("win_chance", "sum"),
        )
        .reset_index()
    )
    out.insert(len(keys) + 4, "above_par_per_game", out["above_par"] / out["games"])
    out["wins_above_par"] = out["wins"] - out["expected_wins"]
    order = ["game", *by, "above_par"]
    ascending = [True] * (len(order) - 1) + [False]
    return out.sort_values(order, ascending=ascending, kind="stable").reset_index(
        drop=True
    )
