"""Ratings over time with openskill (Weng-Lin Bayesian ratings), game by game.

Choices (docs/guide/season.md, openskill):

- One ``model.rate`` call per game (a tarot game, a preferans pulka, a belot
  match), replayed in date order (then game key, numeric ids as numbers), from
  scratch on every call: a corrected history gives corrected ratings.
- Teams where the game has fixed sides: a belot match is ``[[a1, a2], [b1,
  b2]]``. Tarot and preferans: each player is a team of one, ranked by his
  total in the game. A tarot game is a sequence of deals with changing camps
  (taker and called partner against the defence); rating the game's final
  order rather than each deal is our choice: fewer, less lucky updates, and a
  sitting-out dealer needs no special case. ``per="deal"`` rates each deal
  instead: the players who gained form one team, those who lost the other
  (players who scored 0 sit the update out; belot: pair against pair).
- Ranks are each game's places (lower is better; equal totals are equal
  ranks, a tie). Unfinished belot matches are not rated.
- Each game's ratings are separate (a tarot rating says nothing of belot).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.errors import CardscoreError, RulesError
from cardscore_frames.season.frames import (
    codes_of,
    per_ledger_row,
    prepared,
    sort_codes,
)
from cardscore_frames.season.predict import INSTALL_HINT, predictions

__all__ = [
    "Ratings",
    "ratings",
    "rating_model",
    "INSTALL_HINT",
]


class Ratings(NamedTuple):
    """What :func:`ratings` returns.

    ``history``: one row per rated game and player, in replay order (each
    game's own: by ``step``, then side and player): ``game``,
    ``game_key``, ``league``, ``season``, ``date``, ``step`` (the game's place
    in its game's replay, 1-based), ``player``, ``rank`` (the rank given to
    openskill, 1 = best), ``games`` (games rated so far, this one included),
    ``mu``, ``sigma`` (after the game), ``ordinal`` (mu - 3 sigma, the
    conservative estimate); ``side`` (1, 2, ...: the player's side in the
    game, a belot pair is one side, a tarot or preferans player his own); then
    what the ratings said before the game: ``expected_place`` (the place
    openskill's ``predict_rank`` gives his side, 1 = best, shared places for
    equal chances) and ``win_chance`` (his side's chance of first place,
    openskill's ``predict_win``: the chances of a game's sides add up to 1;
    both partners of a belot pair carry their pair's); then ``provisional``
    (after the game: fewer than ``provisional_games`` games, or sigma above
    ``provisional_sigma``).

    ``final``: one row per game and player: ``game``, ``rank`` (by ordinal,
    shared places 1, 2, 2, 4), ``player``, ``games``, ``mu``, ``sigma``,
    ``ordinal``, ``last_date``, ``provisional`` and ``inactive`` (no game in
    the ``inactive_days`` before the last game of his game in the ledger).

    ``model``: the openskill model's name and parameters (plain data), and
    ``per`` (``game`` or ``deal``).
    """

    history: pd.DataFrame
    final: pd.DataFrame
    model: dict[str, Any]


def rating_model(model: str | Any = "PlackettLuce", **parameters: Any) -> Any:
    """An openskill model: a name of ``openskill.models.MODELS`` (with its
    parameters) or a model object as it is.

    Raises
    ------
    CardscoreError
        openskill is not installed (with the install hint).
    RulesError
        An unknown model name.
    """
    if not isinstance(model, str):
        return model
    try:
        from openskill.models import MODELS
    except ImportError:  # pragma: no cover - openskill is installed for the tests
        raise CardscoreError(
            f"ratings need the openskill package: {INSTALL_HINT}"
        ) from None
    by_name = {m.__name__: m for m in MODELS}
    if model not in by_name:
        raise RulesError(f"model must be one of {', '.join(by_name)}; got {model!r}")
    return by_name[model](**parameters)


def ratings(
    ledger: pd.DataFrame,
    *,
    model: str | Any = "PlackettLuce",
    per: Literal["game", "deal"] = "game",
    parameters: Mapping[str, Any] | None = None,
    provisional_games: int = 10,
    provisional_sigma: float | None = None,
    inactive_days: int | None = 180,
) -> Ratings:
    """Replay every game through openskill and rate every player, per game.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of one or more games.
    model : str or openskill model
        ``"PlackettLuce"`` (default), ``"BradleyTerryFull"``,
        ``"BradleyTerryPart"``, ``"ThurstoneMostellerFull"``,
        ``"ThurstoneMostellerPart"``, or a model object.
    per : {"game", "deal"}
        One update per game (default) or per deal (see the module's notes).
    parameters : mapping, optional
        The model's parameters when ``model`` is a name: openskill's defaults
        are ``mu=25``, ``sigma=25/3``, ``beta=25/6``, ``kappa=0.0001``,
        ``tau=25/300`` (sigma grows by tau before each update, so ratings keep
        moving), ``limit_sigma=False``, ``balance=False``.
    provisional_games : int
        A rating is provisional until a player has rated this many games
        (default 10).
    provisional_sigma : float, optional
        ... or while his sigma is above this (default: three quarters of the
        model's starting sigma, 6.25 with openskill's defaults).
    inactive_days : int, optional
        A player is inactive when his last game is more than this many days
        before the last game of his game in the ledger (default 180; None:
        nobody is).

    Returns
    -------
    Ratings
        ``history``, ``final`` and ``model`` (see :class:`Ratings`).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.belot.to_ledger(csf.belot.score(csf.load_example("belot")))
    >>> r = csf.season.ratings(ledger)
    >>> r.final[["rank", "player", "games", "mu", "sigma", "ordinal"]].head(2).round(2)
       rank player  games     mu  sigma  ordinal
    0     1    Ani      7  28.84   7.34     6.81
    1     1   Aram      7  28.84   7.34     6.81
    """
    if per not in ("game", "deal"):
        raise RulesError(f"per must be 'game' or 'deal'; got {per!r}")
    rater = rating_model(model, **dict(parameters or {}))
    limits = _limits(rater, provisional_games, provisional_sigma, inactive_days)
    prep = prepared(ledger)
    if per == "game":
        table = _game_table(prep.results)
    else:
        table = _deal_table(prep.ledger, prep.results)
    source = prep.results if per == "game" else prep.ledger
    replayed = _replay(table, rater)
    side, place, chance = predictions(replayed, rater)
    history = _history(replayed, source)
    history["side"] = side
    history["expected_place"] = place
    history["win_chance"] = chance
    history["provisional"] = (history["games"] < limits[0]).to_numpy() | (
        history["sigma"] > limits[1]
    ).to_numpy()
    final = _final(history)
    final["provisional"] = (final["games"] < limits[0]).to_numpy() | (
        final["sigma"] > limits[1]
    ).to_numpy()
    final["inactive"] = _inactive(final, source, limits[2])
    return Ratings(history, final, {**_describe(rater), "per": per})


def _limits(
    rater: Any, games: Any, sigma: Any, days: Any
) -> tuple[int, float, int | None]:
    """The provisional and inactive thresholds, checked."""
    problems = []
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        problems.append(f"provisional_games must be a whole number >= 0; got {games!r}")
    if sigma is None:
        sigma = 0.75 * float(rater.sigma)
    elif isinstance(sigma, bool) or not isinstance(sigma, int | float) or sigma <= 0:
        problems.append(f"provisional_sigma must be a number > 0; got {sigma!r}")
    if days is not None and (
        isinstance(days, bool) or not isinstance(days, int) or days < 0
    ):
        problems.append(
            f"inactive_days must be a whole number >= 0 or None; got {days!r}"
        )
    if problems:
        raise RulesError("; ".join(problems))
    return games, float(sigma), days


def _inactive(final: pd.DataFrame, source: pd.DataFrame, days: int | None):
    """Whether each player's last game is more than ``days`` before his game's
    last game in the ledger (an undated player is not inactive)."""
    if days is None:
        return np.zeros(len(final), dtype=bool)
    latest = source.groupby("game", observed=True)["date"].max()
    last = pd.to_datetime(final["last_date"])
    newest = pd.to_datetime(final["game"].map(latest).astype("datetime64[ns]"))
    gap = (newest - last).dt.days.to_numpy(dtype=float, na_value=np.nan)
    return np.nan_to_num(gap, nan=0.0) > days


def _game_table(results: pd.DataFrame) -> pd.DataFrame:
    """One row per rated game and player: the unit (game), its team and rank."""
    place = pd.to_numeric(results["place"], errors="coerce").to_numpy(dtype=float)
    rows = np.flatnonzero(~np.isnan(place))
    part = results.iloc[rows]
    team = codes_of(part["pair"]) if "pair" in part else np.full(len(part), -1)
    player_code = part["player"].cat.codes.to_numpy().astype(np.int64)
    return pd.DataFrame(
        {
            "game": part["game"].array,
            "unit": part["seq"].to_numpy(),
            "team": np.where(team >= 0, team, -1 - player_code),
            "rank": place[rows].astype(np.int64),
            "player": part["player"].array,
            "row": rows,
        }
    )


def _deal_table(ledger: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """One row per rated deal and player: winners against losers."""
    unit_game = per_ledger_row(ledger, results, results["seq"].to_numpy())
    deal = ledger["deal"].to_numpy()
    unit = unit_game * (int(deal.max()) + 1) + deal
    score = ledger["score"].to_numpy(dtype=float)
    if "pair" in ledger:
        pair = codes_of(ledger["pair"])
        opp = ledger["opponent_score"].to_numpy(dtype=float)
        teamed = pair >= 0
        margin = np.where(teamed, score - np.nan_to_num(opp), score)
    else:
        pair, teamed, margin = (
            np.full(len(score), -1),
            np.zeros(len(score), bool),
            score,
        )
    rated = margin != 0
    frame = pd.DataFrame(
        {
            "game": ledger["game"].array,
            "unit": unit,
            "team": np.where(teamed, pair, (margin > 0).astype(np.int64)),
            "rank": np.where(margin > 0, 1, 2),
            "player": ledger["player"].array,
            "row": np.arange(len(ledger)),
        }
    )[rated]
    both = frame.groupby("unit")["rank"].transform("nunique").to_numpy() == 2
    return frame[both]


def _replay(table: pd.DataFrame, rater: Any) -> pd.DataFrame:
    """Rate the units in order; the only loop is over openskill's calls."""
    game, player = sort_codes(table["game"]), sort_codes(table["player"])
    order = _order(game, table["unit"].to_numpy(), table["team"].to_numpy(), player)
    table = table.iloc[order].reset_index(drop=True)
    game, player = game[order], player[order]
    who, players = pd.factorize(game * (int(player.max()) + 2) + player)
    unit = table["unit"].to_numpy()
    team = table["team"].to_numpy()
    rank = table["rank"].to_numpy()
    unit_starts = np.flatnonzero(np.r_[True, unit[1:] != unit[:-1]])
    team_starts = np.flatnonzero(
        np.r_[True, (unit[1:] != unit[:-1]) | (team[1:] != team[:-1])]
    )
    mu, sigma = _rate_all(
        rater, who, len(players), unit_starts, team_starts, rank, len(table)
    )
    table["mu"], table["sigma"] = mu, sigma
    return table


def _order(*keys: np.ndarray) -> np.ndarray:
    """Rows sorted by ``keys`` (most significant first): one argsort of a
    combined integer key when it fits in 62 bits, else lexsort."""
    keys = [k - k.min() if len(k) else k for k in keys]
    spans = [int(k.max()) + 1 if len(k) else 1 for k in keys]
    if float(np.prod(spans, dtype=float)) >= 2.0**62:
        return np.lexsort(keys[::-1])
    combined = np.zeros(len(keys[0]), dtype=np.int64)
    for k, span in zip(keys, spans, strict=True):
        combined = combined * span + k
    return np.argsort(combined, kind="stable")


def _rate_all(rater, who, n_players, unit_starts, team_starts, rank, n):
    """The loop: one ``rate`` call per unit, teams cut at ``team_starts``;
    units of one-player teams (tarot, preferans) take a shorter path."""
    current = [rater.rating() for _ in range(n_players)]
    # floats, not the rating objects: thousands of live objects would slow
    # every garbage collection that openskill's copies set off
    mu: list[float] = [0.0] * n
    sigma: list[float] = [0.0] * n
    team_size = np.diff(np.r_[team_starts, n])
    per_unit = np.searchsorted(team_starts, np.r_[unit_starts, n])
    single = (np.add.reduceat(team_size, per_unit[:-1]) == np.diff(per_unit)).tolist()
    bounds, starts = per_unit.tolist(), np.r_[unit_starts, n].tolist()
    cuts_all = np.r_[team_starts, n].tolist()
    who, rank, rate = who.tolist(), rank.tolist(), rater.rate
    for u, alone in enumerate(single):
        if alone:
            a, b = starts[u], starts[u + 1]
            players = who[a:b]
            new = rate([[current[p]] for p in players], ranks=rank[a:b])
            for k, p, (r,) in zip(range(a, b), players, new, strict=True):
                current[p] = r
                mu[k], sigma[k] = r.mu, r.sigma
            continue
        cuts = cuts_all[bounds[u] : bounds[u + 1] + 1]
        teams = [
            [current[p] for p in who[a:b]]
            for a, b in zip(cuts[:-1], cuts[1:], strict=True)
        ]
        new = rate(teams, ranks=[rank[a] for a in cuts[:-1]])
        k = cuts[0]
        for members in new:
            for r in members:
                current[who[k]] = r
                mu[k], sigma[k] = r.mu, r.sigma
                k += 1
    return np.array(mu), np.array(sigma)


_META = ("game_key", "league", "season", "date")


def _history(table: pd.DataFrame, source: pd.DataFrame) -> pd.DataFrame:
    """The rated rows in replay order, with their game's metadata (numpy and
    categorical takes only: this runs beside the rating loop)."""
    rows = table["row"].to_numpy()
    # rows come sorted by game, then unit (replay order), then team and player
    game, player = sort_codes(table["game"]), sort_codes(table["player"])
    unit = table["unit"].to_numpy()
    first_of_game = np.r_[True, game[1:] != game[:-1]]
    new_unit = first_of_game | np.r_[True, unit[1:] != unit[:-1]]
    count = np.cumsum(new_unit)
    key = game * (int(player.max()) + 2) + player
    by_key = np.argsort(key, kind="stable")  # each player's games in order
    run = np.r_[True, key[by_key][1:] != key[by_key][:-1]]
    games = np.empty(len(key), dtype=np.int64)
    positions = np.arange(len(key))
    games[by_key] = positions - np.maximum.accumulate(np.where(run, positions, 0)) + 1
    mu, sigma = table["mu"].to_numpy(), table["sigma"].to_numpy()
    out = pd.DataFrame(
        {
            "game": table["game"].array,
            **{c: source[c].array.take(rows) for c in ("game_key", "league", "season")},
            "date": source["date"].to_numpy()[rows],
            "step": count
            - np.maximum.accumulate(np.where(first_of_game, count, 0))
            + 1,
            "player": table["player"].array,
            "rank": table["rank"].to_numpy(),
            "games": games,
            "mu": mu,
            "sigma": sigma,
            "ordinal": mu - 3.0 * sigma,
        }
    )
    return out


def _final(history: pd.DataFrame) -> pd.DataFrame:
    """Each player's last row, ranked by ordinal within his game."""
    game, player = sort_codes(history["game"]), sort_codes(history["player"])
    key = game * (int(player.max()) + 2) + player
    _, last = np.unique(key[::-1], return_index=True)
    last = np.sort(len(key) - 1 - last)
    cols = ["game", "player", "games", "mu", "sigma", "ordinal", "date"]
    out = history[cols].take(last).rename(columns={"date": "last_date"})
    ordinal = out["ordinal"].round(9)
    rank = ordinal.groupby(game[last]).rank(method="min", ascending=False)
    out.insert(1, "rank", rank.to_numpy(dtype=np.int64))
    order = np.lexsort((player[last], out["rank"].to_numpy(), game[last]))
    return out.iloc[order].reset_index(drop=True)


def _describe(rater: Any) -> dict[str, Any]:
    """The model's name and numeric parameters, as plain data."""
    import openskill

    names = ("mu", "sigma", "beta", "kappa", "tau", "margin", "limit_sigma", "balance")
    params = {n: getattr(rater, n) for n in names if hasattr(rater, n)}
    return {
        "model": type(rater).__name__,
        "openskill": getattr(openskill, "__version__", "unknown"),
        **params,
    }
