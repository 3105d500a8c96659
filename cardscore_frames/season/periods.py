"""The season month by month: each month's own table and winners, the table
to date after it with each player's change of rank, and a medal table of the
months (docs/guide/season.md, "Month by month").

Every table is :func:`~cardscore_frames.season.standings` of the games of a
period, ranked by each game's own rule, so a month is won as the season is.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.season.frames import Prepared, by_columns, prepared
from cardscore_frames.season.standings import standings_of

__all__ = ["periods", "medals", "FREQUENCIES"]

#: The periods :func:`periods` splits a season into (pandas period codes).
FREQUENCIES = {"month": "M", "week": "W", "quarter": "Q"}

_FIGURES = ["games", "total", "wins", "rank_points"]
#: The standings' own defaults for what periods does not choose.
_DEFAULTS = dict(
    rank_by="total", min_games=0, tiebreaks=None, whist_price=None, unit=0.01
)


def periods(
    ledger: pd.DataFrame,
    *,
    freq: str = "month",
    by: Sequence[str] | str | None = ("league", "season"),
    ranking: str | None = None,
) -> pd.DataFrame:
    """Each period's table and the table to date after it.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of dated games (undated games are left out, with a warning
        from the standings when a game has no date).
    freq : {"month", "week", "quarter"}
        The length of a period.
    by : sequence of str
        Metadata columns that split the tables (default league and season).
    ranking : str, optional
        A rule of :data:`~cardscore_frames.season.RANKINGS` for every game;
        by default each game's own, as in the standings.

    Returns
    -------
    pandas.DataFrame
        One row per game, group, period and player who has played by then,
        sorted by game, group, period and rank to date: ``period`` (a pandas
        Period), ``player``, the period's own ``games``, ``total``, ``wins``
        and ``rank`` (blank for a player who did not play in it), ``winner``
        (first of the period), then ``games_to_date``, ``total_to_date``,
        ``rank_to_date`` (the season's table after the period) and
        ``rank_change`` (places gained since the period before: 2 is up two,
        -1 down one; blank in a player's first period).

    Raises
    ------
    RulesError
        An unknown ``freq``.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> months = csf.season.periods(ledger, by=())
    >>> months.loc[months["winner"], ["period", "player"]].head(3)
         period  player
    0   2026-01    Hugo
    10  2026-02  Julien
    22  2026-03  Gaëlle
    """
    if freq not in FREQUENCIES:
        raise RulesError(f"freq must be one of {', '.join(FREQUENCIES)}; got {freq!r}")
    prep = prepared(ledger)
    by = by_columns(prep, by)
    results = prep.results
    dated = results[results["date"].notna().to_numpy()]
    if not len(dated):
        return pd.DataFrame(
            columns=["game", *by, "period", "player", *_FIGURES, "rank", "winner"]
        )
    period = dated["date"].dt.to_period(FREQUENCIES[freq])

    def standings_at(rows: np.ndarray) -> pd.DataFrame:
        """The standings of some of the checked games' results (the ledger is
        checked, and its results made, once for every period)."""
        part = Prepared(prep.ledger, dated[rows].reset_index(drop=True), ())
        return standings_of(part, by=by, ranking=ranking, **_DEFAULTS)

    tables = []
    for p in np.sort(period.unique()):
        own = standings_at((period == p).to_numpy())
        to_date = standings_at((period <= p).to_numpy())
        keys = ["game", *by, "player"]
        here = own[[*keys, "games", "total", "wins", "rank"]]
        table = to_date[[*keys, "games", "total", "rank"]].rename(
            columns={
                "games": "games_to_date",
                "total": "total_to_date",
                "rank": "rank_to_date",
            }
        )
        merged = table.merge(here, on=keys, how="left")
        # only the groups with games in this period: a season over has no months
        groups = own[["game", *by]].drop_duplicates()
        merged = merged.merge(groups, on=["game", *by], how="inner")
        merged.insert(len(by) + 1, "period", p)
        tables.append(merged)
    out = pd.concat(tables, ignore_index=True)
    for c in ("games", "wins", "rank"):
        out[c] = out[c].astype("Int64")
    out["winner"] = (out["rank"] == 1).fillna(False).astype(bool)
    keys = ["game", *by, "player"]
    previous = out.groupby(keys, observed=True, dropna=False)["rank_to_date"].shift()
    out["rank_change"] = (previous - out["rank_to_date"]).astype("Int64")
    order = ["game", *by, "period", "player", "games", "total", "wins", "rank"]
    order += ["winner", "games_to_date", "total_to_date", "rank_to_date"]
    order += ["rank_change"]
    out = out[order].sort_values(
        ["game", *by, "period", "rank_to_date", "player"], kind="stable"
    )
    return out.reset_index(drop=True)


def medals(table: pd.DataFrame) -> pd.DataFrame:
    """The medal table of :func:`periods`: how often each player finished a
    period first, second and third.

    Returns
    -------
    pandas.DataFrame
        One row per game, group and player with a medal, sorted as medal
        tables are (golds, then silvers, then bronzes, then name): ``gold``,
        ``silver``, ``bronze``, ``periods`` (periods played).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> csf.season.medals(csf.season.periods(ledger, by=())).head(2)
        game  player  gold  silver  bronze  periods
    0  tarot  Julien     2       1       0        6
    1  tarot  Élodie     2       1       0        6
    """
    needed = {"period", "player", "rank", "games"}
    missing = needed - set(table.columns)
    if missing:
        raise RulesError(
            "medals takes the table of season.periods; it lacks "
            + ", ".join(sorted(missing))
        )
    head = [c for c in table.columns[: list(table.columns).index("period")]]
    keys = [*head, "player"]
    played = table[table["games"].fillna(0).to_numpy() > 0]
    rank = played["rank"].to_numpy(dtype=float, na_value=np.nan)
    counts = played[keys].assign(
        gold=(rank == 1).astype(np.int64),
        silver=(rank == 2).astype(np.int64),
        bronze=(rank == 3).astype(np.int64),
        periods=1,
    )
    out = counts.groupby(keys, observed=True, dropna=False, sort=False)[
        ["gold", "silver", "bronze", "periods"]
    ].sum()
    out = out[(out[["gold", "silver", "bronze"]].sum(axis=1) > 0).to_numpy()]
    out = out.reset_index()
    out = out.sort_values(
        [*head, "gold", "silver", "bronze", "player"],
        ascending=[True] * len(head) + [False, False, False, True],
        kind="stable",
    )
    return out.reset_index(drop=True)
