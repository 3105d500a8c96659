"""Did he beat his cards? Each deal's expected result from what the log shows
of it before the play, fitted on the league's own deals, and each player's
result above it (docs/guide/season.md, "Above expected").

The model, per game: a linear model (a Gaussian GLM with the identity link,
fitted by least squares) of each player's result on a deal, one fit per role
(taker, defender, ...; and per ``by`` group), on the deal's features the game
declares (``Game.deal_features``: tarot contract, oudlers, table size, called
partner, poignées; belot contract, bid, capo, doubling, declarations of each
side; preferans contract, whist calls, table size). Category features enter as
one column per level but the first (the first level is the baseline), number
features as they are, with a column marking blank values when there are any.

The least squares run on the deals' distinct combinations of features, a few
hundred however many deals (:mod:`cardscore_frames.season.linear`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking import stamp_of
from cardscore_frames.contract import Game, get_game
from cardscore_frames.errors import CardscoreError, RulesError
from cardscore_frames.season.charts import _chosen, _figure, player_colours
from cardscore_frames.season.frames import codes_of, game_sequence
from cardscore_frames.season.linear import FEATURE_KINDS, design_of, fit

__all__ = [
    "expected",
    "expected_model",
    "ExpectedModel",
    "above_expected",
    "plot_expected",
]

#: How a feature enters the model.


class ExpectedModel(NamedTuple):
    """What :func:`expected_model` returns.

    ``coefficients``: one row per fit (``by`` columns, ``role``) and design
    column: ``term`` (``intercept``, ``contract=garde``, ``bid``,
    ``bid=blank``), ``coefficient`` (in the game's unit), ``std_error``
    (NaN for a term left out as collinear with the ones before it or absent
    from the role's deals: the term's effect is then in the others).

    ``fit``: one row per fit: ``rows`` (player-deals), ``terms`` (columns
    fitted), ``r2`` (the share of the role's spread of results that the
    features explain), ``rmse`` (the typical distance of a result from its
    expectation, in the game's unit).
    """

    coefficients: pd.DataFrame
    fit: pd.DataFrame


def expected(
    scored: pd.DataFrame,
    *,
    game: str | None = None,
    by: Sequence[str] | str | None = None,
    features: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """Each player's expected result on each deal, and his result above it.

    Parameters
    ----------
    scored : pandas.DataFrame
        What a game's ``score`` returned for a deal log (it knows its game).
    game : str, optional
        The game, for a frame that does not carry it.
    by : str or sequence of str, optional
        Metadata columns (``season``, ``league``) to fit separately within;
        default: one fit over every deal of the frame.
    features : mapping, optional
        Column -> ``"category"`` or ``"number"``: the deal's features to explain
        results by; default the game's (``Game.deal_features``).

    Returns
    -------
    pandas.DataFrame
        The per-player long form: the ledger's rows (one per deal and player,
        :data:`cardscore_frames.LEDGER_COLUMNS`), then the features, then
        ``expected`` (float, the game's unit: the mean result of a player in
        this role on deals like this one in the league), ``above_expected``
        (``score - expected``) and ``cumulative_above_expected`` (the player's
        running sum of ``above_expected``, in replay order: date, game, deal).
        Within each role, ``above_expected`` sums to 0 over the fitted deals.

    Raises
    ------
    CardscoreError
        The frame carries no game and ``game`` is not given, the game declares
        no features, or the frame lacks a feature column (a points-only log).
    RulesError
        A feature kind other than ``category`` or ``number``.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> scored = csf.tarot.score(csf.load_example("league_tarot"))
    >>> frame = csf.season.expected(scored)
    >>> frame[["deal", "player", "role", "score", "expected"]].head(2).round(1)
       deal  player      role  score  expected
    0     1  Céline  defender   36.0      -9.6
    1     1  Benoît     taker -108.0      34.3
    >>> abs(float(frame["above_expected"].sum())) < 1e-6
    True
    """
    run = _fitted(scored, game, by, features)
    ledger, deal = run.ledger, run.deal
    expect = run.predicted
    score = ledger["score"].to_numpy(dtype=np.float64)
    out = ledger.copy(deep=False)
    for column in run.features:
        out[column] = scored[column].array.take(deal)
    above = score - expect
    out["expected"] = expect
    out["above_expected"] = above
    out["cumulative_above_expected"] = _running(ledger, deal, above)
    return out


def expected_model(
    scored: pd.DataFrame,
    *,
    game: str | None = None,
    by: Sequence[str] | str | None = None,
    features: Mapping[str, str] | None = None,
) -> ExpectedModel:
    """The fitted model behind :func:`expected`: its coefficients and fit.

    Parameters are those of :func:`expected`.

    Returns
    -------
    ExpectedModel
        ``coefficients`` and ``fit`` (see :class:`ExpectedModel`).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> scored = csf.belot.score(csf.load_example("league_belot"))
    >>> model = csf.season.expected_model(scored)
    >>> model.fit[["role", "rows", "r2"]].round(2)
           role  rows    r2
    0  defender  5540  0.07
    1  declarer  5540  0.26
    """
    run = _fitted(scored, game, by, features)
    score = run.ledger["score"].to_numpy(dtype=np.float64)
    return _described(run.groups, run.terms, run.fitted, run.unit, score, run.predicted)


class _Run(NamedTuple):
    ledger: pd.DataFrame
    deal: np.ndarray  # each ledger row's deal
    features: dict[str, str]
    unit: np.ndarray  # each ledger row's fit
    groups: pd.DataFrame  # each fit's labels
    terms: list[str]
    fitted: tuple[np.ndarray, np.ndarray, np.ndarray]
    predicted: np.ndarray  # each ledger row's expected result


def _fitted(scored, game, by, features) -> _Run:
    """The ledger of ``scored``, the fits and each row's expectation."""
    entry, features = _game_and_features(scored, game, features)
    ledger = entry.to_ledger(scored)
    deal = _deal_of_row(ledger, len(scored), entry)
    design = design_of(scored, features)
    unit, groups = _units(ledger, by)
    score = ledger["score"].to_numpy(dtype=np.float64)
    combo = design.combo[deal]
    fitted = fit(design, unit, combo, score, len(groups))
    predicted = (fitted[0] @ design.x.T)[unit, combo]  # (fits, combinations)
    return _Run(ledger, deal, features, unit, groups, design.terms, fitted, predicted)


def above_expected(
    frame: pd.DataFrame, *, by: Sequence[str] | str | None = None
) -> pd.DataFrame:
    """Each player's season above expected: what :func:`expected` gives, summed.

    Parameters
    ----------
    frame : pandas.DataFrame
        What :func:`expected` returned.
    by : str or sequence of str, optional
        Metadata columns to split by (``season``).

    Returns
    -------
    pandas.DataFrame
        One row per game (and ``by``) and player, best first: ``deals``,
        ``score`` (his results, summed), ``expected`` (what deals like his give
        on average, summed), ``above_expected`` (the difference, the game's
        unit) and ``above_per_deal`` (the same per deal).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> scored = csf.tarot.score(csf.load_example("league_tarot"))
    >>> table = csf.season.above_expected(csf.season.expected(scored))
    >>> list(table.columns)[2:]
    ['deals', 'score', 'expected', 'above_expected', 'above_per_deal']
    """
    by = [by] if isinstance(by, str) else list(by or ())
    needed = ["game", "player", "score", "expected", "above_expected", *by]
    missing = [c for c in needed if c not in frame]
    if missing:
        raise CardscoreError(
            f"above_expected takes what expected returned; this frame lacks "
            f"{', '.join(missing)}"
        )
    keys = ["game", *by, "player"]
    out = (
        frame.groupby(keys, observed=True, sort=True)
        .agg(
            deals=("score", "size"),
            score=("score", "sum"),
            expected=("expected", "sum"),
            above_expected=("above_expected", "sum"),
        )
        .reset_index()
    )
    out["above_per_deal"] = out["above_expected"] / out["deals"]
    order = ["game", *by, "above_expected"]
    ascending = [True] * (len(order) - 1) + [False]
    return out.sort_values(order, ascending=ascending, kind="stable").reset_index(
        drop=True
    )


def plot_expected(
    frame: pd.DataFrame,
    *,
    players: Sequence[str] | None = None,
    top: int | None = 10,
) -> Any:
    """Each player's running result above expected, deal after deal.

    Parameters
    ----------
    frame : pandas.DataFrame
        What :func:`expected` returned (one game).
    players : sequence of str, optional
        Players to draw (default: the ``top`` best at the end).
    top : int, optional
        How many players to draw when ``players`` is not given (None: all).

    Returns
    -------
    matplotlib.figure.Figure
        x: the player's deals in replay order (1, 2, ...); y: his
        ``cumulative_above_expected``, in the game's unit. A line that climbs
        is a player doing better than his deals promised.
    """
    table = above_expected(frame)
    if table["game"].nunique() != 1:
        raise CardscoreError("plot_expected draws one game: pass one game's frame")
    final = table.set_index("player")["above_expected"]
    final.index = final.index.astype(str)
    colours = player_colours(final.index)
    fig, ax = _figure()
    names = frame["player"].astype(str).to_numpy()
    running = frame["cumulative_above_expected"].to_numpy()
    # within a player the replay order is his running sum's: sort by his
    # deals' dates, games and numbers as expected did
    seq = _replay_rank(frame)
    for player in _chosen(final, players, top):
        rows = np.flatnonzero(names == player)
        rows = rows[np.argsort(seq[rows], kind="stable")]
        ax.plot(
            np.arange(1, len(rows) + 1),
            running[rows],
            label=player,
            color=colours[player],
            linewidth=1.2,
        )
    game = get_game(str(table["game"].iat[0]))
    ax.set(
        title=f"{game.title}: results above what the deals promised",
        xlabel="the player's deals, in order",
        ylabel=f"running total above expected ({game.unit})",
    )
    ax.axhline(0, color="#999999", linewidth=0.8)
    ax.legend(loc="upper left", fontsize=8, ncols=2)
    return fig


def _replay_rank(frame: pd.DataFrame) -> np.ndarray:
    """Each row's place in replay order (date, game, deal)."""
    key = frame["game_key"].cat.codes.to_numpy()
    firsts = np.unique(key, return_index=True)[1]
    seq = np.zeros(int(key.max(initial=0)) + 1, dtype=np.int64)
    seq[key[firsts]] = game_sequence(frame.take(firsts))
    deal = frame["deal"].to_numpy(dtype=np.int64)
    rank = np.empty(len(frame), dtype=np.int64)
    rank[np.lexsort((deal, seq[key]))] = np.arange(len(frame))
    return rank


def _game_and_features(
    scored: pd.DataFrame, game: str | None, features: Mapping[str, str] | None
) -> tuple[Game, dict[str, str]]:
    if not isinstance(scored, pd.DataFrame):
        raise CardscoreError(
            f"expected takes a scored frame; got {type(scored).__name__}"
        )
    found = stamp_of(scored)
    name = game or (found.game if found is not None else None)
    if name is None:
        raise CardscoreError(
            "expected needs a frame a game's score returned, or game=; this "
            "frame carries no game"
        )
    entry = get_game(name)
    chosen = dict(entry.deal_features if features is None else features)
    if not chosen:
        raise CardscoreError(
            f"{entry.title} declares no deal features (Game.deal_features): "
            "give features={column: 'category' or 'number'}"
        )
    bad = {c: k for c, k in chosen.items() if k not in FEATURE_KINDS}
    if bad:
        listed = ", ".join(f"{c}: {k!r}" for c, k in bad.items())
        raise RulesError(
            f"features must map columns to 'category' or 'number'; got {listed}"
        )
    missing = [c for c in chosen if c not in scored]
    if missing:
        raise CardscoreError(
            f"expected explains {entry.name} results by {', '.join(chosen)}; "
            f"this frame lacks {', '.join(missing)} (a points-only log does not "
            "say what was dealt or bid: score a deal log)"
        )
    return entry, chosen


def _deal_of_row(ledger: pd.DataFrame, n_deals: int, entry: Game) -> np.ndarray:
    """Each ledger row's deal (row of the scored frame): the ledger holds each
    deal's players together, deals in the scored frame's order."""
    key = ledger["game_key"].cat.codes.to_numpy().astype(np.int64)
    deal = ledger["deal"].to_numpy(dtype=np.int64)
    new = np.r_[True, (key[1:] != key[:-1]) | (deal[1:] != deal[:-1])]
    if int(new.sum()) != n_deals:
        raise CardscoreError(
            f"{entry.name}'s ledger does not hold one run of rows per scored deal "
            f"({int(new.sum())} runs, {n_deals} deals): expected needs each deal "
            "once, with its players together"
        )
    return np.cumsum(new) - 1


def _units(ledger: pd.DataFrame, by: Sequence[str] | str | None):
    """Each ledger row's fit (``by`` group and role) and the fits' labels."""
    by = [by] if isinstance(by, str) else list(by or ())
    missing = [c for c in by if c not in ledger]
    if missing:
        raise CardscoreError(
            f"by= names columns the ledger does not have: {', '.join(missing)}"
        )
    keys = [*by, "role"]
    code = np.zeros(len(ledger), dtype=np.int64)
    for column in keys:
        c = codes_of(ledger[column])
        code = code * (int(c.max(initial=0)) + 2) + (c + 1)
    # the codes span a small range (roles times groups): number them by count
    present = np.bincount(code) > 0
    unit = (np.cumsum(present) - 1)[code]
    first = np.unique(unit, return_index=True)[1]
    labels = ledger[keys].take(first).reset_index(drop=True)
    for column in keys:
        labels[column] = labels[column].astype(object).astype(str)
    return unit, labels


def _running(ledger: pd.DataFrame, deal: np.ndarray, values: np.ndarray):
    """Each player's running sum of ``values`` in replay order (date, game,
    deal): deals are put in order once, then each player's rows."""
    starts = np.flatnonzero(np.r_[True, deal[1:] != deal[:-1]])
    game = ledger["game_key"].cat.codes.to_numpy()[starts]
    firsts = starts[np.unique(game, return_index=True)[1]]
    seq = np.zeros(int(game.max(initial=0)) + 1, dtype=np.int64)
    seq[ledger["game_key"].cat.codes.to_numpy()[firsts]] = game_sequence(
        ledger.take(firsts)
    )
    number = ledger["deal"].to_numpy(dtype=np.int64)[starts]
    by_time = np.lexsort((number, seq[game]))  # the deals in replay order
    rows = np.arange(len(deal))
    if (np.diff(by_time) < 0).any():  # rows of each deal, deals in that order
        counts = np.diff(np.r_[starts, len(deal)])[by_time]
        offset = rows - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.repeat(starts[by_time], counts) + offset
    player = ledger["player"].cat.codes.to_numpy()[rows]
    running = pd.Series(values[rows]).groupby(player).cumsum().to_numpy()
    out = np.empty(len(values))
    out[rows] = running
    return out


def _described(
    groups: pd.DataFrame,
    terms: list[str],
    fitted: tuple[np.ndarray, np.ndarray, np.ndarray],
    unit: np.ndarray,
    y: np.ndarray,
    predicted: np.ndarray,
) -> ExpectedModel:
    betas, errors, kept = fitted
    n, p = betas.shape
    coefficients = groups.loc[np.repeat(np.arange(n), p)].reset_index(drop=True)
    coefficients["term"] = terms * n
    coefficients["coefficient"] = np.where(kept, betas, np.nan).reshape(-1)
    coefficients["std_error"] = errors.reshape(-1)
    rows = np.bincount(unit, minlength=n)
    mean = np.bincount(unit, weights=y, minlength=n) / np.maximum(rows, 1)
    total = np.bincount(unit, weights=(y - mean[unit]) ** 2, minlength=n)
    rss = np.bincount(unit, weights=(y - predicted) ** 2, minlength=n)
    fit = groups.copy()
    fit["rows"] = rows
    fit["terms"] = kept.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        fit["r2"] = np.where(total > 0, 1.0 - rss / total, np.nan)
    fit["rmse"] = np.sqrt(rss / np.maximum(rows, 1))
    return ExpectedModel(coefficients, fit)
