"""Season charts with matplotlib (an optional dependency, imported when a chart
is drawn): running totals over a season, ratings over time, each player's
spread of game totals. Each function returns a ``matplotlib.figure.Figure``
(made without pyplot, so no window opens and no global state changes);
:func:`save` writes one as PNG, atomically."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.atomic import atomic_path
from cardscore_frames.contract import get_game
from cardscore_frames.errors import CardscoreError
from cardscore_frames.season.frames import prepared
from cardscore_frames.season.ratings import INSTALL_HINT, Ratings

__all__ = ["plot_progress", "plot_ratings", "plot_distribution", "save"]

#: One colour per player (Okabe-Ito, as the Excel charts), then matplotlib's.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")


def _figure(width: float = 9.0, height: float = 5.0) -> tuple[Any, Any]:
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - matplotlib is installed for the tests
        raise CardscoreError(f"charts need matplotlib: {INSTALL_HINT}") from None
    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.subplots()


def _one_game(frame: pd.DataFrame, game: str | None) -> tuple[str, pd.DataFrame]:
    games = frame["game"].astype(str).unique().tolist()
    if game is None:
        if len(games) != 1:
            raise CardscoreError(
                f"this ledger holds {', '.join(games)}: choose one with game="
            )
        game = games[0]
    if game not in games:
        raise CardscoreError(f"game must be one of {', '.join(games)}; got {game!r}")
    return game, frame[(frame["game"] == game).to_numpy()]


def _filtered(results: pd.DataFrame, **values: str | None) -> pd.DataFrame:
    for column, value in values.items():
        if value is None:
            continue
        text = results[column].astype(object).fillna("").astype(str)
        if not (text == str(value)).any():
            shown = ", ".join(sorted(set(text) - {""})) or "none"
            raise CardscoreError(f"{column} {value!r} is not in the ledger ({shown})")
        results = results[(text == str(value)).to_numpy()]
    return results


def _chosen(order: pd.Series, players: Sequence[str] | None, top: int | None):
    """Players to draw: those named, else the ``top`` first of ``order``."""
    if players is not None:
        return [p for p in order.index if p in set(players)]
    return list(order.index[:top] if top else order.index)


def plot_progress(
    ledger: pd.DataFrame,
    *,
    season: str | None = None,
    game: str | None = None,
    league: str | None = None,
    players: Sequence[str] | None = None,
    top: int | None = 10,
) -> Any:
    """Each player's running total over a season, game after game.

    Parameters
    ----------
    ledger : pandas.DataFrame
    season, league : str, optional
        Keep these games only (default: every game of the ledger).
    game : str, optional
        The game to draw; needed when the ledger holds several.
    players : sequence of str, optional
        Players to draw (default: the ``top`` best at the end).
    top : int, optional
        How many players to draw when ``players`` is not given (None: all).

    Returns
    -------
    matplotlib.figure.Figure
        x: the season's games in date order (1, 2, ...); y: running total in
        the game's unit (games won for games that are not zero-sum: belot
        match wins).
    """

    prep = prepared(ledger)
    name, results = _one_game(prep.results, game)
    results = _filtered(results, season=season, league=league)
    zero_sum = get_game(name).zero_sum
    value = results["score"] if zero_sum else results["won"].astype(float).fillna(0)
    step = pd.factorize(np.sort(results["seq"].to_numpy()))[1]
    frame = pd.DataFrame(
        {
            "x": np.searchsorted(step, results["seq"].to_numpy()) + 1,
            "player": results["player"].astype(str).to_numpy(),
            "value": value.to_numpy(dtype=float),
        }
    ).sort_values(["player", "x"], kind="stable")
    frame["running"] = frame.groupby("player")["value"].cumsum()
    final = frame.groupby("player")["running"].last().sort_values(ascending=False)
    fig, ax = _figure()
    for k, player in enumerate(_chosen(final, players, top)):
        line = frame[frame["player"] == player]
        ax.step(
            line["x"],
            line["running"],
            where="post",
            label=player,
            color=PALETTE[k % len(PALETTE)] if k < len(PALETTE) else None,
        )
    unit = get_game(name).unit if zero_sum else "games won"
    title = " ".join(str(v) for v in (get_game(name).title, league, season) if v)
    ax.set(title=title, xlabel="game", ylabel=f"running total ({unit})")
    ax.axhline(0, color="#999999", linewidth=0.8)
    ax.legend(loc="upper left", fontsize=8, ncols=2)
    return fig


def plot_ratings(
    ratings: Ratings,
    *,
    game: str | None = None,
    players: Sequence[str] | None = None,
    top: int | None = 10,
    band: bool = False,
) -> Any:
    """The conservative rating (ordinal, mu - 3 sigma) after each game.

    Parameters
    ----------
    ratings : Ratings
        What :func:`cardscore_frames.season.ratings` returned.
    game : str, optional
        Needed when the ratings cover several games.
    players, top : optional
        Players to draw, else the ``top`` best at the end.
    band : bool
        Shade mu ± sigma around each line's mu as well.

    Returns
    -------
    matplotlib.figure.Figure
        x: the game's place in the replay; y: ordinal.
    """
    name, history = _one_game(ratings.history, game)
    final = (
        history.groupby(history["player"].astype(str))["ordinal"]
        .last()
        .sort_values(ascending=False)
    )
    fig, ax = _figure()
    text = history["player"].astype(str).to_numpy()
    for k, player in enumerate(_chosen(final, players, top)):
        line = history[text == player]
        colour = PALETTE[k % len(PALETTE)] if k < len(PALETTE) else None
        ax.plot(line["step"], line["ordinal"], label=player, color=colour)
        if band:
            low, high = line["mu"] - line["sigma"], line["mu"] + line["sigma"]
            ax.fill_between(line["step"], low, high, alpha=0.12, color=colour)
    model = ratings.model.get("model", "openskill")
    ax.set(
        title=f"{name}: rating ({model}, mu - 3 sigma)", xlabel="game", ylabel="ordinal"
    )
    ax.legend(loc="upper left", fontsize=8, ncols=2)
    return fig


def plot_distribution(
    ledger: pd.DataFrame,
    *,
    game: str | None = None,
    season: str | None = None,
    league: str | None = None,
    players: Sequence[str] | None = None,
    top: int | None = None,
) -> Any:
    """Each player's game totals as a box plot, best median first.

    Returns
    -------
    matplotlib.figure.Figure
        One box per player: his totals per game, in the game's unit.
    """

    prep = prepared(ledger)
    name, results = _one_game(prep.results, game)
    results = _filtered(results, season=season, league=league)
    who = results["player"].astype(str)
    median = (
        results["score"].groupby(who.to_numpy()).median().sort_values(ascending=False)
    )
    chosen = _chosen(median, players, top)
    fig, ax = _figure(max(6.0, 0.6 * len(chosen) + 2), 5.0)
    values = [results["score"].to_numpy()[(who == p).to_numpy()] for p in chosen]
    ax.boxplot(values)
    ax.set_xticks(range(1, len(chosen) + 1), chosen)
    ax.axhline(0, color="#999999", linewidth=0.8)
    ax.set(title=f"{get_game(name).title}: totals per game", ylabel=get_game(name).unit)
    ax.tick_params(axis="x", labelrotation=45)
    return fig


def save(figure: Any, path: str | os.PathLike[str], *, dpi: int = 120) -> Path:
    """Write a figure as PNG through a temporary file moved over ``path`` only
    when complete (:func:`cardscore_frames.atomic.atomic_path`).

    Returns
    -------
    pathlib.Path
        The file written.
    """
    target = Path(path)
    with atomic_path(target) as temporary:
        figure.savefig(temporary, format="png", dpi=dpi)
    return target
