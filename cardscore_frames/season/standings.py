"""League tables: one per game and group (league, season, ...), ranked by each
game's rule with its tie-breaks as columns (docs/guide/season.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.dispatch import dask_aware
from cardscore_frames.errors import RulesError
from cardscore_frames.season.club_rules import (
    CLUB_COLUMNS,
    apply_club_rules,
    club_columns,
    club_rules,
    with_points,
)
from cardscore_frames.season.figures import group_ids
from cardscore_frames.season.frames import Prepared, by_columns, prepared
from cardscore_frames.season.money import game_money, priced_rows
from cardscore_frames.season.ranked import (
    own_tiebreaks,
    partitions,
    player_table,
    ranked,
    uncertain,
)
from cardscore_frames.season.uncertainty import check_few, check_level

__all__ = ["standings", "standings_of", "check_rank_by"]

RankBy = Literal["total", "mean"]


@dask_aware("standings")
def standings(
    ledger: pd.DataFrame,
    *,
    by: Sequence[str] | str | None = ("league", "season"),
    rank_by: RankBy = "total",
    min_games: int = 0,
    ranking: str | Mapping[str, str] | None = None,
    tiebreaks: Sequence[str] | Mapping[str, Sequence[str]] | None = None,
    whist_price: float | None = None,
    unit: float = 0.01,
    points: str | Mapping | None = None,
    best_evenings: int | None = None,
    evening_cap: float | None = None,
    whist_cap: str | Sequence | None = None,
    level: float = 0.9,
    few_games: int = 10,
) -> pd.DataFrame:
    """One league table per game and group, ranked by each game's rule.

    Computed from :func:`cardscore_frames.results` (one row per game and
    player), vectorised: every figure is a groupby over the results.

    Parameters
    ----------
    ledger : pandas.DataFrame or dask.dataframe.DataFrame
        A ledger of one or more games (:func:`cardscore_frames.concat`). A Dask
        ledger (``to_ledger`` of a Dask log) gives its games' results partition
        by partition on the workers, so memory stays bounded by a partition;
        the table is then ranked from those results (one row per game and
        player), which ranking needs together.
    by : sequence of str
        Metadata columns that split the tables (default league and season;
        ``()`` for one table per game over everything).
    rank_by : {"total", "mean"}
        ``"total"`` (default, as tournaments and club tables do): every
        criterion summed over the games played, so a player who joined
        mid-season ranks on what he scored. ``"mean"``: every criterion per
        game (score per game, win rate, place points per game ...), so
        attendance does not count; use ``min_games`` beside it.
    min_games : int
        Players with fewer games get ``below_min_games`` True (flagged, never
        dropped; their rank is unchanged).
    ranking : str or mapping of game to str, optional
        A rule of :data:`~cardscore_frames.season.RANKINGS`: ``"score"``,
        ``"place_points"``, ``"whists"``, ``"match_wins"``. By default each
        game's own (:func:`~cardscore_frames.season.default_ranking`): tarot
        ``score`` within one table size and ``place_points`` in a group whose
        games have different table sizes; preferans ``whists``; belot
        ``match_wins``.
    tiebreaks : sequence of str or mapping of game to sequence, optional
        Replaces the rule's tie-breaks (criteria of
        :data:`~cardscore_frames.season.CRITERIA`).
    whist_price : float, optional
        Money per whist for games scored in whists (preferans). A
        ``whist_price`` column in the ledger wins over it, game by game.
        Each game's money is rounded by largest remainder to ``unit``, as
        :func:`cardscore_frames.preferans.settle` does, then summed.
    unit : float
        The currency's smallest unit.
    points : str or mapping, optional
        Club points, and the table ranked by them first (the rule's own
        criteria then break ties); named schemes in
        :data:`~cardscore_frames.season.POINTS_PRESETS`.

        Per game: a mapping of ``score`` (a factor on the game's total),
        ``win`` (a game won: first at the table), ``loss`` (a game with a
        result not won; a deduction is negative) and ``opponent_loss`` (for
        each opponent at the table who lost the game, partners not counted;
        one number, or a mapping of table size to points); a key left out
        counts 0, so ``{"win": 3}`` is win 3, loss 0. ``"seeger"``, the
        Seeger-Fabian system of skat leagues: the game's total, +50 a game
        won, -50 a game lost, each opponent of a lost game 40 at a table of
        three and 30 at a table of four.

        By the place at each evening (a tarot club's weekly challenge; an
        evening is a date's games of the group, every table together):
        ``"place"`` gives ``n - place + 1`` at an evening of n sides (1st n,
        last 1); a shared place scores in full for each and skips the next
        (1, 2, 2, 4). A club's own scale is ``{"place": {1: 25, 2: 18, 3:
        15}}``, place to points, places beyond it 0 (``"place"`` is
        ``{"place": "n-place+1"}``). A player's place goes by his evening's
        total (his game totals that evening summed, after the caps); players
        who were partners in every game of the evening (a belot pair kept all
        evening) are one side: one place, its points to each of them. Every
        game needs a date, and the table shows ``evenings`` and
        ``evenings_counted``. With ``best_evenings`` an evening is worth its
        place points: ``points="place", best_evenings=15`` counts each
        player's 15 best places.
    best_evenings : int, optional
        Count only each player's ``best_evenings`` best evenings (an evening:
        his games of one date). An evening's worth is what it adds to the
        rule's first criterion (club points, total score, place points or
        games won), then its total score, then the earlier date first. Every
        figure and tie-break of the table is then over the counted games
        only: ``games``, ``total``, ``wins``, place points, streaks, the
        direct encounter (games both players counted), and with
        ``rank_by="mean"`` each criterion per counted game. A place shared
        with a player whose evening is left out stays shared.
    evening_cap : float, optional
        The most one evening can add to a player's total, in the game's unit
        (applied after ``whist_cap``, before ``points`` and
        ``best_evenings``). An evening above it has its winning games scaled
        down in proportion so that it adds exactly the cap; losing games and
        losing evenings count in full (no floor).
    whist_cap : str or sequence of (from, rate), optional
        A game's gain through bands, as preferans tournaments cap whists: up
        to the first ``from`` in full, above each ``from`` at its ``rate``
        (:data:`~cardscore_frames.season.WHIST_CAPS`: ``"gambler"`` 1:1 to 200,
        1/10 above, nothing from 650; ``"elephant"`` 1/2 from 50, 1/10 from
        100). Losses count in full. Caps change the score, not ``money``.
    level : float
        The level of the intervals (default 0.9: 90% intervals, so about one
        player in ten has his true figure outside his interval).
    few_games : int
        Players with fewer games get ``few_games`` True (default 10): their
        rates and means stand on too little to be read alone.

    Returns
    -------
    pandas.DataFrame
        (for a Dask ledger, a lazy ``dask.delayed`` of it: ``.compute()``
        gives the table.) One row per game, ``by`` group and player, sorted by
        game, group, rank and name:

        - ``game``, the ``by`` columns, ``rank`` (1 = best; a tie that
          survives every tie-break shares the place: 1, 2, 2, 4), ``player``.
        - ``games`` (games played; belot: matches, unfinished included),
          ``deals`` (deals seated).
        - ``total`` (the sum of the player's game totals, in the game's unit:
          tarot points, preferans whists, belot points won by his pair),
          ``mean_per_game``, ``mean_per_deal`` (same unit).
        - ``wins`` (games finished first; a shared first counts as a win for
          each), ``wins_shared`` (a first shared by k sides counts 1/k; a belot
          pair is one side), ``losses`` (games with a result not won),
          ``win_rate`` (wins / games with a result), ``average_place``.
        - ``best``, ``worst`` (best and worst game total, game's unit),
          ``longest_streak`` (most games won in a row, in date order).
        - When they apply: ``positive`` (games with a total above 0:
          zero-sum games), ``points_for``, ``points_against``, ``difference``
          (belot points of the player's pair and of its opponents),
          ``unfinished`` (matches without a result), ``place_points`` (the
          ``place_points`` rule), ``money`` (currency; games in whists when
          priced).
        - ``rank_points`` (the primary criterion's value), ``tiebreak_1``,
          ``tiebreak_2`` ... (each tie-break's value; ``direct`` only where
          a tie needed it), ``ranking`` (the rule in words),
          ``below_min_games`` (bool).
        - With club rules: ``points`` (club points, summed over the counted
          games; by place, the counted evenings' place points), ``cut`` (what
          the caps took off the total, game's unit), ``evenings`` (evenings
          played) and ``evenings_counted`` (the dates counted, "YYYY-MM-DD,
          ..."; with ``best_evenings`` or points by place).
        - How sure each rate and mean is (docs/guide/season.md, "How sure"):
          ``win_rate_low``, ``win_rate_high`` (the Wilson interval at
          ``level``), ``win_rate_shrunk`` (pulled toward the group's pooled
          rate, beta-binomial empirical Bayes); ``mean_per_game_low``,
          ``mean_per_game_high``, ``mean_per_game_shrunk`` and the same for
          ``mean_per_deal`` (``mean ± z·sd/sqrt(n)`` with the spread of one
          game, or one deal, pooled over the group; shrunk toward the group's
          mean, normal-normal empirical Bayes; game's unit); ``few_games``
          (bool, fewer than ``few_games`` games).

    Raises
    ------
    LedgerError
        The frame is not a ledger, or ``by`` names no metadata column.
    RulesError
        An unknown ranking, tie-break or ``rank_by``; a club rule given a
        value it does not take (every such option named at once); evenings
        counted (``best_evenings``, ``evening_cap``, points by place) in games
        without a date.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> table = csf.season.standings(ledger)
    >>> table[["rank", "player", "games", "total", "wins", "place_points"]].head(3)
       rank  player  games   total  wins  place_points
    0     1    Hugo     18   420.0     5         118.0
    1     2  Julien     16   298.0     5         108.0
    2     3  Élodie     16  1745.0     4         107.0
    >>> table["ranking"].iat[0]  # the club's tables had 4 and 5 players
    'place points, then total score'

    A club that scores the Seeger-Fabian way ranks the preferans player with
    the most pulkas won first, although another won more whists:

    >>> pulkas = csf.preferans.score(csf.load_example("preferans"))
    >>> pref = csf.preferans.to_ledger(pulkas)
    >>> club = csf.season.standings(pref, points="seeger")
    >>> club[["rank", "player", "points", "total", "wins"]].head(3).round(1)
       rank player  points  total  wins
    0     1   Zoya  1156.2  426.2     5
    1     2   Ilya  1126.3  566.3     4
    2     3   Kira  1089.5  789.5     2

    A tarot club's weekly challenge: each evening's place gives n - place + 1
    points, and each player's best 15 evenings count. Bastien leads on places
    although his counted evenings lost points:

    >>> week = csf.season.standings(ledger, points="place", best_evenings=15)
    >>> week[["rank", "player", "points", "total", "evenings"]].head(3)
       rank   player  points   total  evenings
    0     1  Bastien    70.0  -165.0        17
    1     2   Julien    68.0   903.0        16
    2     3     Hugo    65.0  2237.0        18
    """
    check_rank_by(rank_by)  # before the ledger is looked at
    club = dict(points=points, best_evenings=best_evenings, evening_cap=evening_cap)
    club_rules(**club, whist_cap=whist_cap)  # likewise
    check_level(level)
    check_few(few_games, "few_games")
    return standings_of(
        prepared(ledger),
        by=by,
        rank_by=rank_by,
        min_games=min_games,
        ranking=ranking,
        tiebreaks=tiebreaks,
        whist_price=whist_price,
        unit=unit,
        **club,
        whist_cap=whist_cap,
        level=level,
        few_games=few_games,
    )


def standings_of(
    prep: Prepared,
    *,
    by: Sequence[str] | str | None,
    rank_by: RankBy,
    min_games: int,
    ranking: str | Mapping[str, str] | None,
    tiebreaks: Sequence[str] | Mapping[str, Sequence[str]] | None,
    whist_price: float | None,
    unit: float,
    points: str | Mapping | None = None,
    best_evenings: int | None = None,
    evening_cap: float | None = None,
    whist_cap: str | Sequence | None = None,
    level: float = 0.9,
    few_games: int = 10,
) -> pd.DataFrame:
    """:func:`standings` of a checked ledger's results (the Dask path gathers
    them from its partitions)."""
    check_rank_by(rank_by)
    club = club_rules(
        points=points,
        best_evenings=best_evenings,
        evening_cap=evening_cap,
        whist_cap=whist_cap,
    )
    by = by_columns(prep, by)
    results = apply_club_rules(_priced(prep, whist_price, unit), club, by, ranking)
    keys = ["game", *by, "player"]
    gid = group_ids(results, keys)
    table = club_columns(player_table(results, gid, keys), results, gid)
    groups = group_ids(table, ["game", *by])
    table = uncertain(table, results, gid, groups, check_level(level))
    table["few_games"] = table["games"].to_numpy() < check_few(few_games, "few_games")
    parts = []
    for rule, rows in partitions(results, gid, table, groups, ranking):
        own = own_tiebreaks(tiebreaks, table["game"].iat[rows[0]])
        part, rule = table.iloc[rows].copy(), with_points(rule, club)
        parts.append(ranked(part, results, gid, groups[rows], rule, own, rank_by))
    out = pd.concat(parts)
    out["below_min_games"] = out["games"].to_numpy() < min_games
    return _finish(out, by)


def check_rank_by(rank_by: object) -> None:
    """A ``rank_by`` standings cannot rank by is an error, said at once."""
    if rank_by not in ("total", "mean"):
        raise RulesError(f"rank_by must be 'total' or 'mean'; got {rank_by!r}")


def _priced(prep, whist_price: float | None, unit: float) -> pd.DataFrame:
    price = priced_rows(prep.results, prep.ledger, whist_price)
    if np.isnan(price).all():
        return prep.results
    return prep.results.assign(money=game_money(prep.results, price, unit))


#: The figures every table has, in order, after the game and group columns.
FIGURES = (
    "rank",
    "player",
    "games",
    "deals",
    "total",
    "mean_per_game",
    "mean_per_deal",
    "wins",
    "wins_shared",
    "losses",
    "win_rate",
    "average_place",
    "best",
    "worst",
    "longest_streak",
)
#: How sure the rates and means are, after ``below_min_games``.
UNCERTAINTY = (
    "win_rate_low",
    "win_rate_high",
    "win_rate_shrunk",
    "mean_per_game_low",
    "mean_per_game_high",
    "mean_per_game_shrunk",
    "mean_per_deal_low",
    "mean_per_deal_high",
    "mean_per_deal_shrunk",
    "few_games",
)
#: The figures a table has when its games give them, after :data:`FIGURES`.
OPTIONAL = (
    "positive",
    "points_for",
    "points_against",
    "difference",
    "unfinished",
    "place_points",
    "money",
    *CLUB_COLUMNS,
)


def _finish(out: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Columns in their documented order, rows by game, group, rank and name."""
    ties = sorted(
        (c for c in out.columns if c.startswith("tiebreak_")),
        key=lambda c: int(c.split("_")[1]),
    )
    optional = [c for c in OPTIONAL if c in out and out[c].notna().any()]
    cols = [
        "game",
        *by,
        *FIGURES,
        *optional,
        "rank_points",
        *ties,
        "ranking",
        "below_min_games",
        *UNCERTAINTY,
    ]
    out = out[cols]
    sort_keys = [out["game"].astype(str).to_numpy()]
    sort_keys += [out[c].astype(object).fillna("").astype(str).to_numpy() for c in by]
    sort_keys += [out["rank"].to_numpy(), out["player"].astype(str).to_numpy()]
    order = np.lexsort(sort_keys[::-1])
    out = out.iloc[order].reset_index(drop=True)
    out["ranking"] = out["ranking"].astype(TEXT).astype("category")
    for c in ("games", "deals", "wins", "losses", "longest_streak", "rank"):
        out[c] = out[c].astype(np.int64)
    return out
