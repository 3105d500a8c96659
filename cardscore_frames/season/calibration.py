"""How good are the ratings' predictions? Brier score, log-loss and a
calibration table of the win chances :func:`~cardscore_frames.season.ratings`
gave before each game, against what happened; and openskill's models compared
on the same league (docs/guide/season.md, "Ratings that know how good they
are").

One prediction per side and game: a tarot or preferans player, a belot pair
(both partners carry the pair's chance; it is counted once). A side that
finished first scores 1, shared first places 1/k each, the others 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.errors import CardscoreError, RulesError
from cardscore_frames.season.charts import _figure
from cardscore_frames.season.ratings import Ratings, ratings

__all__ = ["Calibration", "calibration", "compare_models", "plot_calibration", "MODELS"]

#: openskill's models, compared by :func:`compare_models`.
MODELS = (
    "PlackettLuce",
    "BradleyTerryFull",
    "BradleyTerryPart",
    "ThurstoneMostellerFull",
    "ThurstoneMostellerPart",
)
#: Chances are kept this far from 0 and 1 in the log-loss (a certain forecast
#: that fails would count without end).
_CLIP = 1e-12


class Calibration(NamedTuple):
    """What :func:`calibration` returns.

    ``summary``: one row per game: ``model``, ``games`` (rated), ``sides``
    (predictions), ``brier`` (the mean squared distance between a side's win
    chance and its outcome, 0 is perfect), ``log_loss`` (the mean of
    -log(chance given to what happened), natural log), ``brier_uniform`` and
    ``log_loss_uniform`` (the same for a forecast that gives every side of a
    game the same chance: what knowing nothing scores).

    ``table``: one row per game and bin of win chance: ``bin`` (its range),
    ``sides``, ``predicted`` (the mean chance given) and ``observed`` (how
    often those sides won). A well calibrated rating has ``observed`` close to
    ``predicted`` in every bin with many sides.
    """

    summary: pd.DataFrame
    table: pd.DataFrame


def calibration(rated: Ratings, *, bins: int = 10) -> Calibration:
    """Brier score, log-loss and calibration table of the ratings' win chances.

    Parameters
    ----------
    rated : Ratings
        What :func:`~cardscore_frames.season.ratings` returned.
    bins : int
        Equal bins of win chance in the table (default 10: 0-10 %, ...).

    Returns
    -------
    Calibration
        ``summary`` and ``table`` (see :class:`Calibration`).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("league_tarot")))
    >>> cal = csf.season.calibration(csf.season.ratings(ledger))
    >>> cal.summary[["game", "games", "sides", "brier", "brier_uniform"]].round(3)
        game  games  sides  brier  brier_uniform
    0  tarot    172    656  0.176          0.191
    """
    if not isinstance(rated, Ratings):
        raise CardscoreError(
            f"calibration takes what ratings returned; got {type(rated).__name__}"
        )
    if isinstance(bins, bool) or not isinstance(bins, int) or bins < 1:
        raise RulesError(f"bins must be a whole number >= 1; got {bins!r}")
    missing = [c for c in ("win_chance", "side") if c not in rated.history]
    if missing:
        raise CardscoreError(
            f"these ratings have no {', '.join(missing)}: compute them again with "
            "this version's ratings"
        )
    sides = _sides(rated.history)
    model = str(rated.model.get("model", ""))
    summary = _scores(sides).assign(model=model)
    summary = summary[["game", "model", *summary.columns.drop(["game", "model"])]]
    return Calibration(summary, _table(sides, bins))


def _sides(history: pd.DataFrame) -> pd.DataFrame:
    """One row per side and rated unit: chance, outcome and the unit's sides."""
    unit = history.groupby(["game", "game_key", "step"], observed=True).ngroup()
    frame = pd.DataFrame(
        {
            "game": history["game"].astype(str).to_numpy(),
            "unit": unit.to_numpy(),
            "side": history["side"].to_numpy(),
            "rank": history["rank"].to_numpy(),
            "chance": history["win_chance"].to_numpy(dtype=float),
        }
    )
    sides = frame.drop_duplicates(["unit", "side"]).reset_index(drop=True)
    first = (sides["rank"] == 1).to_numpy()
    firsts = np.bincount(sides["unit"], weights=first)[sides["unit"]]
    sides["outcome"] = np.where(first, 1.0 / np.maximum(firsts, 1), 0.0)
    sides["n"] = np.bincount(sides["unit"])[sides["unit"]]
    return sides


def _scores(sides: pd.DataFrame) -> pd.DataFrame:
    p = sides["chance"].to_numpy()
    o = sides["outcome"].to_numpy()
    even = 1.0 / sides["n"].to_numpy()
    work = pd.DataFrame(
        {
            "game": sides["game"],
            "unit": sides["unit"],
            "brier": (p - o) ** 2,
            "log_loss": _log_loss(p, o),
            "brier_uniform": (even - o) ** 2,
            "log_loss_uniform": _log_loss(even, o),
        }
    )
    grouped = work.groupby("game", sort=True)
    out = grouped[["brier", "log_loss", "brier_uniform", "log_loss_uniform"]].mean()
    out.insert(0, "sides", grouped.size())
    out.insert(0, "games", grouped["unit"].nunique())
    return out.reset_index()


def _log_loss(p: np.ndarray, o: np.ndarray) -> np.ndarray:
    p = np.clip(p, _CLIP, 1.0 - _CLIP)
    return -(o * np.log(p) + (1.0 - o) * np.log1p(-p))


def _table(sides: pd.DataFrame, bins: int) -> pd.DataFrame:
    edges = np.linspace(0.0, 1.0, bins + 1)
    at = np.clip(np.searchsorted(edges, sides["chance"], side="right") - 1, 0, bins - 1)
    labels = [f"{edges[b]:.0%}-{edges[b + 1]:.0%}" for b in range(bins)]
    work = pd.DataFrame(
        {"game": sides["game"], "b": at, "p": sides["chance"], "o": sides["outcome"]}
    )
    out = (
        work.groupby(["game", "b"], sort=True)
        .agg(sides=("p", "size"), predicted=("p", "mean"), observed=("o", "mean"))
        .reset_index()
    )
    out.insert(1, "bin", np.array(labels, dtype=object)[out["b"].to_numpy()])
    return out.drop(columns="b")


def compare_models(
    ledger: pd.DataFrame,
    *,
    models: Sequence[str] = MODELS,
    per: Literal["game", "deal"] = "game",
    parameters: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """openskill's models replayed on the same league, scored on their win
    chances: pick the one with the lowest log-loss.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of one or more games.
    models : sequence of str
        Model names (default: :data:`MODELS`, all five of openskill's).
    per, parameters
        As for :func:`~cardscore_frames.season.ratings`, the same for each model.

    Returns
    -------
    pandas.DataFrame
        One row per game and model, best first within each game: ``game``,
        ``model``, ``games``, ``sides``, ``brier``, ``log_loss`` and ``best``
        (True for the game's lowest log-loss).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.belot.to_ledger(csf.belot.score(csf.load_example("belot")))
    >>> table = csf.season.compare_models(ledger)
    >>> table.columns.tolist()
    ['game', 'model', 'games', 'sides', 'brier', 'log_loss', 'best']
    """
    if isinstance(models, str) or not len(models):
        raise RulesError(f"models must be a non-empty list of names; got {models!r}")
    parts = [
        calibration(ratings(ledger, model=m, per=per, parameters=parameters)).summary
        for m in models  # a handful of models
    ]
    out = pd.concat(parts, ignore_index=True)
    out = out[["game", "model", "games", "sides", "brier", "log_loss"]]
    out = out.sort_values(["game", "log_loss"], kind="stable").reset_index(drop=True)
    out["best"] = ~out["game"].duplicated()
    return out


def plot_calibration(cal: Calibration, *, game: str | None = None) -> Any:
    """The calibration table as a chart: observed against predicted.

    Parameters
    ----------
    cal : Calibration
        What :func:`calibration` returned.
    game : str, optional
        The game to draw; needed when the ratings hold several.

    Returns
    -------
    matplotlib.figure.Figure
        x: the win chance given (each bin's mean); y: how often those sides
        won; the dot's area: how many sides. On the diagonal, the chances
        meant what they said.
    """
    table = cal.table
    games = table["game"].unique().tolist()
    if game is None and len(games) != 1:
        raise CardscoreError(f"these ratings hold {', '.join(games)}: choose game=")
    game = game or games[0]
    if game not in games:
        raise CardscoreError(f"game must be one of {', '.join(games)}; got {game!r}")
    rows = table[table["game"] == game]
    fig, ax = _figure(6.0, 6.0)
    ax.plot([0, 1], [0, 1], color="#999999", linewidth=0.8, label="perfect")
    size = 20 + 180 * rows["sides"] / max(int(rows["sides"].max()), 1)
    ax.scatter(rows["predicted"], rows["observed"], s=size, color="#1f77b4")
    ax.plot(rows["predicted"], rows["observed"], color="#1f77b4", linewidth=1.0)
    summary = cal.summary.set_index("game").loc[game]
    ax.set(
        title=f"{game}: win chances against wins (Brier {summary['brier']:.3f})",
        xlabel="win chance the ratings gave",
        ylabel="share of those sides that won",
        xlim=(0, 1),
        ylim=(0, 1),
    )
    ax.legend(loc="upper left", fontsize=8)
    return fig
