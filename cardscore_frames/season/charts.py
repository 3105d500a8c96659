"""Season charts with matplotlib (an optional dependency, imported when a chart
is drawn): running totals over a season, ratings over time, each player's
spread of game totals. Each function returns a ``matplotlib.figure.Figure``
(made without pyplot, so no window opens and no global state changes);
:func:`save` writes one as PNG, atomically."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.atomic import atomic_path
from cardscore_frames.contract import get_game
from cardscore_frames.errors import CardscoreError
from cardscore_frames.season.frames import prepared
from cardscore_frames.season.ratings import INSTALL_HINT, Ratings

__all__ = [
    "plot_progress",
    "plot_ratings",
    "plot_distribution",
    "save",
    "player_colours",
    "PALETTE",
]

#: 31 distinct colours: matplotlib's tab20 (its ten strong colours, then their
#: light shades), then ten of tab20b's, then black. A league's players take them
#: in the order of their names, so each keeps his colour in every chart.
PALETTE = (
    *("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd"),
    *("#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"),
    *("#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5"),
    *("#c49c94", "#f7b6d2", "#c7c7c7", "#dbdb8d", "#9edae5"),
    *("#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173"),
    *("#6b6ecf", "#b5cf6b", "#e7ba52", "#ad494a", "#a55194"),
    "#000000",
)


def player_colours(players: Iterable[Any]) -> dict[str, str]:
    """Each player's colour (``#rrggbb``): the palette in the order of the
    names, so that the same ledger gives the same colours in every chart
    (distinct for up to 31 players, then the palette starts again).

    Examples
    --------
    >>> player_colours(["Zoé", "Anne", "Zoé"])
    {'Anne': '#1f77b4', 'Zoé': '#ff7f0e'}
    """
    names = sorted({str(p) for p in players})
    return {name: PALETTE[k % len(PALETTE)] for k, name in enumerate(names)}


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
    colours = player_colours(prep.results["player"])
    name, results = _one_game(prep.results, game)
    results = _filtered(results, season=season, league=league)
    evening = results["date"].nunique(dropna=False) == 1
    frame = _by_deal(prep.ledger, results) if evening else _by_game(results, name)
    frame["running"] = frame.groupby("player")["value"].cumsum()
    final = frame.groupby("player")["running"].last().sort_values(ascending=False)
    fig, ax = _figure()
    for player in _chosen(final, players, top):
        line = frame[frame["player"] == player]
        ax.plot(
            line["x"],
            line["running"],
            drawstyle="steps-post",
            marker="o" if len(line) <= 40 else None,
            markersize=3,
            label=player,
            color=colours[player],
        )
    zero_sum = evening or get_game(name).zero_sum
    unit = get_game(name).unit if zero_sum else "games won"
    when = results["date"].iat[0] if evening and len(results) else None
    parts = (get_game(name).title, league, season, _day(when))
    ax.set(
        title=" ".join(str(v) for v in parts if v),
        xlabel="deal" if evening else "game",
        ylabel=f"running total ({unit})",
    )
    _integer_ticks(ax)
    ax.axhline(0, color="#999999", linewidth=0.8)
    ax.legend(loc="upper left", fontsize=8, ncols=2)
    return fig


def _by_game(results: pd.DataFrame, name: str) -> pd.DataFrame:
    """x: the season's games in replay order (1, 2, ...); value: the game's
    total (games won when the game is not zero-sum)."""
    if get_game(name).zero_sum:
        value = results["score"]
    else:
        value = results["won"].astype(float).fillna(0)
    step = pd.factorize(np.sort(results["seq"].to_numpy()))[1]
    frame = pd.DataFrame(
        {
            "x": np.searchsorted(step, results["seq"].to_numpy()) + 1,
            "player": results["player"].astype(str).to_numpy(),
            "value": value.to_numpy(dtype=float),
        }
    )
    return frame.sort_values(["player", "x"], kind="stable")


def _by_deal(ledger: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """One evening: x is the deal number at the player's table (tables play
    side by side, so each starts at 1; a player's second game of the evening
    carries on from his first); value: each deal's score."""
    seq = results.groupby(results["game_key"].astype(str))["seq"].first()
    rows = ledger[ledger["game_key"].astype(str).isin(seq.index).to_numpy()]
    frame = pd.DataFrame(
        {
            "seq": seq.reindex(rows["game_key"].astype(str)).to_numpy(),
            "deal": rows["deal"].to_numpy(),
            "player": rows["player"].astype(str).to_numpy(),
            "value": rows["score"].to_numpy(dtype=float),
        }
    ).sort_values(["player", "seq", "deal"], kind="stable")
    frame["x"] = frame.groupby("player").cumcount() + 1
    return frame.reset_index(drop=True)


def _day(when: Any) -> str | None:
    return (
        None if when is None or pd.isna(when) else pd.Timestamp(when).date().isoformat()
    )


def _integer_ticks(ax: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


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
    colours = player_colours(ratings.history["player"])
    fig, ax = _figure()
    text = history["player"].astype(str).to_numpy()
    for player in _chosen(final, players, top):
        line = history[text == player]
        colour = colours[player]
        ax.plot(line["step"], line["ordinal"], label=player, color=colour)
        if band:
            low, high = line["mu"] - line["sigma"], line["mu"] + line["sigma"]
            ax.fill_between(line["step"], low, high, alpha=0.12, color=colour)
    model = ratings.model.get("model", "openskill")
    ax.set(
        title=f"{name}: rating ({model}, mu - 3 sigma)", xlabel="game", ylabel="ordinal"
    )
    _integer_ticks(ax)
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
