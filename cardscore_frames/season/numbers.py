"""The season workbook's page "What the numbers say", one per game: how much of
the table is skill, who beat his cards, whether the ratings know, par,
records, month by month, partnerships and title odds, for the game's latest
season: the figures (:func:`game_numbers`, from the public functions of
:mod:`cardscore_frames.season`; a block whose figures cannot be had, "above
expected" of a points-only log, is left out). The page itself is laid out by
:mod:`cardscore_frames.season.numbers_page`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from cardscore_frames.contract import get_game
from cardscore_frames.errors import CardscoreError
from cardscore_frames.season.calibration import calibration
from cardscore_frames.season.expected import above_expected, expected
from cardscore_frames.season.luck import luck
from cardscore_frames.season.odds import title_odds
from cardscore_frames.season.par import par
from cardscore_frames.season.partners import partnerships
from cardscore_frames.season.periods import medals, periods
from cardscore_frames.season.ratings import Ratings
from cardscore_frames.season.records import improvement, records, streaks

__all__ = ["GameNumbers", "game_numbers"]

_TOP_LINES = 5  # players drawn in the running above-expected chart
_POINTS = 250  # points a line of that chart keeps at most
_HOLDERS = 3  # holders of a record shown at most
_SHORT = 5  # rows of the short tables (most improved, partnerships, odds)


@dataclass
class GameNumbers:
    """The figures of one game's page; a block whose figures are missing is
    None (or empty) and left out."""

    game: str
    group: dict[str, object]
    luck: pd.DataFrame | None = None
    above: pd.DataFrame | None = None
    running: pd.DataFrame | None = None
    features: list[str] = field(default_factory=list)
    forecast: tuple[pd.Series, pd.DataFrame] | None = None
    par: pd.DataFrame | None = None
    records: pd.DataFrame | None = None
    improved: pd.DataFrame | None = None
    medals: pd.DataFrame | None = None
    pairs: pd.DataFrame | None = None
    odds: pd.DataFrame | None = None
    remaining: int | None = None


def game_numbers(
    ledger: pd.DataFrame,
    scored: Sequence[pd.DataFrame],
    rated: Ratings | None,
    by: Sequence[str],
    *,
    remaining: int | None = None,
) -> dict[str, GameNumbers]:
    """Each game's figures for its latest group of ``by`` (the one holding its
    last game): the public functions' frames, cut to what the page shows."""
    by = list(by)
    games = list(dict.fromkeys(ledger["game"].astype(str)))
    of_game = {str(s.cardscore.game): s for s in scored}
    forecasts = calibration(rated) if rated is not None else None
    pars = par(ledger, rated, by=by or None) if rated is not None else None
    out = {}
    for game in games:
        part, group = _latest(ledger[(ledger["game"] == game).to_numpy()], by)
        found = GameNumbers(game, group, remaining=remaining)
        _luck(found, ledger[(ledger["game"] == game).to_numpy()], by)
        _above(found, of_game.get(game), by)
        if forecasts is not None:
            summary = forecasts.summary[forecasts.summary["game"] == game]
            table = forecasts.table[forecasts.table["game"] == game]
            if len(summary):
                found.forecast = (summary.iloc[0], table[table["sides"] > 0])
        if pars is not None:
            found.par = _mark(_in(pars.season, game, group), rated, game)
        _season_blocks(found, part, by)
        if remaining is not None:  # title_odds checks it
            # the whole game's ledger: the ratings know every season before
            whole = ledger[(ledger["game"] == game).to_numpy()]
            odds = title_odds(whole, remaining=remaining, by=_extra(by) or None)
            found.odds = _in(odds, game, found.group).head(_SHORT)
        out[game] = found
    return out


def _latest(part: pd.DataFrame, by: list[str]) -> tuple[pd.DataFrame, dict]:
    """The rows of the group (of ``by``) of the game's last dated game."""
    if not by or part.empty:
        return part, {}
    last = part.sort_values("date", kind="stable", na_position="first").iloc[-1]
    group = {c: last[c] for c in by}
    keep = np.ones(len(part), dtype=bool)
    for c, value in group.items():
        column = part[c]
        keep &= (
            column.isna().to_numpy()
            if pd.isna(value)
            else (column.astype(object) == value).to_numpy()
        )
    return part[keep], group


def _in(frame: pd.DataFrame, game: str, group: dict) -> pd.DataFrame:
    """A result frame's rows of ``game`` and ``group``."""
    keep = (frame["game"].astype(str) == game).to_numpy().copy()
    for c, value in group.items():
        if c in frame and pd.notna(value):
            keep &= (frame[c].astype(object) == value).to_numpy()
    return frame[keep].reset_index(drop=True)


def _extra(by: list[str]) -> list[str]:
    return [c for c in by if c != "season"]


def _luck(found: GameNumbers, part: pd.DataFrame, by: list[str]) -> None:
    """Skill and luck of every season of the game (a line each)."""
    # the closed form of reliability (not the mixed model): the page does not
    # show it, and the model would take seconds per season
    table = luck(part, by=_extra(by) or None, mixed=False)
    for c, value in found.group.items():
        if c != "season" and c in table and pd.notna(value):
            table = table[(table[c].astype(object) == value).to_numpy()]
    found.luck = table.reset_index(drop=True)


def _above(found: GameNumbers, scored: pd.DataFrame | None, by: list[str]) -> None:
    """Above expected in the latest group, and the leaders' running sums."""
    if scored is None:
        return
    keys = [c for c in by if c in scored]
    try:
        frame = expected(scored, by=keys or None)
    except CardscoreError:  # a points-only log: no deal features to expect from
        return
    frame = _in(frame, found.game, found.group)
    if frame.empty:
        return
    found.features = list(get_game(found.game).deal_features)
    found.above = above_expected(frame).reset_index(drop=True)
    top = found.above["player"].astype(str).head(_TOP_LINES).tolist()
    found.running = _running(frame, top)


def _running(frame: pd.DataFrame, players: list[str]) -> pd.DataFrame:
    """Each player's running above-expected over the group's deals after his
    n-th deal, one column a player, at most :data:`_POINTS` rows (every k-th
    deal, and his last)."""
    who = frame["player"].astype(str).to_numpy()
    above = frame["above_expected"].to_numpy(dtype=float)
    lines = {p: np.cumsum(above[who == p]) for p in players}
    longest = max(len(v) for v in lines.values())
    step = max(1, -(-longest // _POINTS))
    deals = np.unique(np.r_[np.arange(step, longest + 1, step), longest])
    wide = {"deal": deals}
    for p, values in lines.items():
        at = np.minimum(deals, len(values)) - 1
        wide[p] = np.where(deals <= len(values), np.round(values[at], 1), np.nan)
    return pd.DataFrame(wide)


def _mark(table: pd.DataFrame, rated: Ratings, game: str) -> pd.DataFrame:
    """Par table with each player's provisional rating marked."""
    final = rated.final[(rated.final["game"].astype(str) == game).to_numpy()]
    shaky = set(final.loc[final["provisional"].to_numpy(dtype=bool), "player"])
    return table.assign(provisional=table["player"].isin(shaky).to_numpy())


def _holders(table: pd.DataFrame) -> pd.DataFrame:
    """One line per record: its holders' names joined (in name order), the
    value and the first holder's date; a record shared by more than
    :data:`_HOLDERS` rows (a belot deal's worst, 0, held by everyone) says
    nothing and is left out."""
    rows = []
    for record, part in table.groupby("record", sort=False):
        if len(part) > _HOLDERS:
            continue
        names = ", ".join(dict.fromkeys(part["player"].astype(str)))
        first = part.iloc[0]
        rows.append(
            {
                "record": record,
                "player": names,
                "value": first["value"],
                "date": first["date"],
            }
        )
    return pd.DataFrame(rows, columns=["record", "player", "value", "date"])


def _on_a_run(part: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """The longest winning run still going at the end (two wins or more):
    a record row ``current winning streak``, dated from its first game."""
    runs = streaks(part, by=by)
    best = runs["current"].max() if len(runs) else 0
    if not best >= 2:
        return pd.DataFrame(columns=["record", "player", "value", "date"])
    on = runs[runs["current"].to_numpy() == best]
    return pd.DataFrame(
        {
            "record": "current winning streak",
            "player": on["player"].astype(str).to_numpy(),
            "value": float(best),
            "date": on["current_since"].to_numpy(),
        }
    )


def _season_blocks(found: GameNumbers, part: pd.DataFrame, by: list[str]) -> None:
    """Records, most improved, medals and partnerships of the latest group."""
    found.records = _holders(pd.concat([records(part, by=by), _on_a_run(part, by)]))
    found.improved = improvement(part, by=by).head(_SHORT).reset_index(drop=True)
    dated = part[part["date"].notna().to_numpy()]
    if len(dated):
        found.medals = medals(periods(dated, by=by)).reset_index(drop=True)
    pairs = partnerships(part, by=by).pairs if len(part) else None
    if pairs is not None and "synergy" in pairs and len(pairs):
        found.pairs = pairs.head(_SHORT).reset_index(drop=True)
