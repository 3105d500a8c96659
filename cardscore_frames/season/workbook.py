"""The season workbook: standings, head to head as matrices, ratings, and one
page per player, with native Excel charts, written through the shared Excel
machinery (:mod:`cardscore_frames.excel`: safe cells, atomic save)."""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from cardscore_frames.contract import get_game
from cardscore_frames.excel import CellRange, Sheet, Workbook, column_chart, line_chart
from cardscore_frames.season.frames import prepared
from cardscore_frames.season.h2h import head_to_head
from cardscore_frames.season.pages import player_pages
from cardscore_frames.season.ratings import Ratings, ratings
from cardscore_frames.season.standings import standings

__all__ = ["to_excel", "STANDINGS_SHEET", "H2H_SHEET", "RATINGS_SHEET"]

STANDINGS_SHEET = "Standings"
H2H_SHEET = "Head to head"
RATINGS_SHEET = "Ratings"

#: The standings columns the workbook shows, in order (those present).
SHOWN = (
    "rank",
    "player",
    "games",
    "deals",
    "total",
    "mean_per_game",
    "mean_per_deal",
    "wins",
    "losses",
    "win_rate",
    "average_place",
    "best",
    "worst",
    "longest_streak",
    "positive",
    "points_for",
    "points_against",
    "difference",
    "unfinished",
    "place_points",
    "money",
    "rank_points",
)
_STYLES = {
    "total": "signed",
    "difference": "signed",
    "money": "signed_money",
    "win_rate": "percent",
    "mean_per_game": "money",
    "mean_per_deal": "money",
    "average_place": "money",
    "best": "signed",
    "worst": "signed",
    "rank_points": "money",
}
_TOP = 8  # players drawn in the ratings chart


def to_excel(
    ledger: pd.DataFrame,
    path: str | os.PathLike[str],
    *,
    scored: Iterable[pd.DataFrame] = (),
    by: Sequence[str] | str | None = ("league", "season"),
    min_games: int = 0,
    whist_price: float | None = None,
    unit: float = 0.01,
    rate: bool = True,
) -> Path:
    """Write the season workbook.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of one or more games.
    path : str or os.PathLike
        The ``.xlsx`` file to create or replace (atomically: the old file stays
        whole until the new one is complete).
    scored : iterable of DataFrame
        Scored deals of the games (what each game's ``score`` returned): their
        profiles go on the player pages.
    by, min_games, whist_price, unit
        As for :func:`~cardscore_frames.season.standings`.
    rate : bool
        Add the ratings sheet (needs openskill).

    Returns
    -------
    pathlib.Path
        The file written. Sheets: ``Standings`` (a table per game and group,
        the tie-breaks and the rule in words, a column chart of each table),
        ``Head to head`` (per game, a matrix of the net result between every
        two players, and of games met; belot adds the partnerships' records),
        ``Ratings`` (final ratings and a line chart of the best players'
        ordinal), then one sheet per player (his standings, profile figures,
        opponents, and his games with a chart of his running totals). Every
        player's name on the standings links to his page.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> import cardscore_frames as csf
    >>> scored = csf.tarot.score(csf.load_example("tarot"))
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "season.xlsx"
    >>> book = csf.season.to_excel(csf.tarot.to_ledger(scored), out, scored=[scored])
    >>> csf.excel.sheet_names(book)[:3]
    ['Standings', 'Head to head', 'Ratings']
    """
    prep = prepared(ledger)
    with warnings.catch_warnings():
        for message in prep.messages:  # shown once above, not by every step
            warnings.filterwarnings("ignore", message=re.escape(message))
        return _write(
            ledger, path, prep, list(scored), by, min_games, whist_price, unit, rate
        )


def _write(ledger, path, prep, scored, by, min_games, whist_price, unit, rate):
    table = standings(
        ledger, by=by, min_games=min_games, whist_price=whist_price, unit=unit
    )
    by = [c for c in table.columns[1 : list(table.columns).index("rank")]]
    h2h = head_to_head(ledger)
    rated = ratings(ledger) if rate else None
    meta = {
        "kind": "season",
        "games": sorted(table["game"].astype(str).unique()),
        "by": by,
        "min_games": min_games,
        "whist_price": whist_price,
    }
    if rated is not None:
        meta["ratings"] = rated.model
    with Workbook(path, metadata=meta, properties={"title": "Season"}) as book:
        front = book.add_sheet(STANDINGS_SHEET)
        matrix = book.add_sheet(H2H_SHEET)
        rating = book.add_sheet(RATINGS_SHEET) if rated is not None else None
        pages = player_pages(book, prep, table, h2h, scored)
        _standings_sheet(front, table, by, pages)
        _h2h_sheet(matrix, h2h, ledger)
        if rating is not None:
            _ratings_sheet(rating, rated)
    return Path(path)


def _title(game: str) -> str:
    return get_game(game).title


def _standings_sheet(sheet: Sheet, table: pd.DataFrame, by, pages) -> None:
    """One block per game and group: title, the rule, the table, a chart."""
    row = 0
    sheet.write(row, 0, "Standings", "title", fit=False)
    row += 2
    keys = ["game", *by]
    groups = table.groupby(keys, observed=True, dropna=False, sort=False)
    for values, block in groups:
        values = values if isinstance(values, tuple) else (values,)
        label = [_title(str(values[0]))] + [str(v) for v in values[1:] if pd.notna(v)]
        sheet.write(row, 0, " · ".join(label), "subtitle", fit=False)
        sheet.write(row + 1, 0, "Ranked by " + str(block["ranking"].iat[0]), fit=False)
        shown = [c for c in SHOWN if c in block and block[c].notna().any()]
        shown += [c for c in block.columns if c.startswith("tiebreak_")]
        shown.append("below_min_games")
        frame = block[shown].reset_index(drop=True)
        where = sheet.write_frame(frame, row + 2, 0, styles=_STYLES)
        for k, player in enumerate(frame["player"].astype(str)):
            target = pages.get(player)
            if target is not None:
                r, c = where.cell(k, "player")
                sheet.link_to_sheet(r, c, target, player, style=("body", "link"))
        column_chart(
            sheet,
            row + 2,
            len(shown) + 1,
            categories=where.column("player"),
            series={"ranking": where.column("rank_points")},
            title=" · ".join(label),
            size=(480, max(240, 40 + 18 * len(frame))),
            horizontal=True,
        )
        row = max(where.last_row + 3, row + 2 + (40 + 18 * len(frame)) // 20 + 2)
    sheet.freeze(2, 2)
    sheet.autofit(maximum=30)
    sheet.landscape_fit_to_page()


def _h2h_sheet(sheet: Sheet, h2h: pd.DataFrame, ledger) -> None:
    """Per game: the net result of the row player against the column player,
    then the games they met; belot adds its partnerships."""
    sheet.write(0, 0, "Head to head", "title", fit=False)
    sheet.write(
        1,
        0,
        "Each cell: what the row's player won from the column's (game's unit); "
        "below, the games they met.",
        "subtitle",
        fit=False,
    )
    row = 3
    for game, part in h2h.groupby("game", observed=True, sort=False):
        for figure, words in (("net", "net result"), ("games", "games met")):
            wide = part.pivot_table(
                index="player",
                columns="opponent",
                values=figure,
                aggfunc="sum",
                observed=True,
            )
            wide.index, wide.columns = wide.index.astype(str), wide.columns.astype(str)
            sheet.write(row, 0, f"{_title(str(game))}: {words}", "bold", fit=False)
            frame = wide.reset_index().rename(columns={"player": "player \\ opponent"})
            style = "signed" if figure == "net" else "integer"
            styles = {c: style for c in wide.columns}
            block = sheet.write_frame(frame.round(1), row + 1, 0, styles=styles)
            row = block.last_row + 3
    teams = _teams_or_none(ledger)
    if teams is not None:
        sheet.write(row, 0, "Partnerships", "bold", fit=False)
        sheet.write_frame(teams, row + 1, 0, styles={"difference": "signed"})
    sheet.freeze(3, 1)
    sheet.autofit(maximum=24)
    sheet.landscape_fit_to_page()


def _teams_or_none(ledger) -> pd.DataFrame | None:
    results = prepared(ledger).results
    if "pair" not in results or results["pair"].isna().all():
        return None
    return head_to_head(ledger, teams=True)


def _ratings_sheet(sheet: Sheet, rated: Ratings) -> None:
    """Final ratings per game, and a chart of the leaders' ordinal by game."""
    model = rated.model
    sheet.write(0, 0, "Ratings", "title", fit=False)
    params = ", ".join(f"{k}={v:g}" for k, v in model.items() if isinstance(v, float))
    sheet.write(
        1,
        0,
        f"openskill {model.get('openskill')} {model.get('model')} ({params}); "
        "ordinal = mu - 3 sigma, the conservative estimate",
        "subtitle",
        fit=False,
    )
    row = 3
    for game, final in rated.final.groupby("game", observed=True, sort=False):
        history = rated.history[(rated.history["game"] == game).to_numpy()]
        row = _rating_block(sheet, row, str(game), final, history)
    sheet.freeze(3, 0)
    sheet.autofit(maximum=24)
    sheet.landscape_fit_to_page()


def _rating_block(sheet: Sheet, row: int, game: str, final, history) -> int:
    """One game's final ratings, a line chart of its leaders, and the chart's
    data below it; the next free row."""
    sheet.write(row, 0, _title(game), "bold", fit=False)
    frame = final.drop(columns="game").reset_index(drop=True)
    numbers = ["mu", "sigma", "ordinal"]
    frame[numbers] = frame[numbers].round(3)
    block = sheet.write_frame(frame, row + 1, 0, styles={"last_date": "date"})
    top = frame["player"].astype(str).head(_TOP).tolist()
    wide = _ordinal_by_step(history, top)
    # below the chart (about 300 pixels: 16 rows), the data it draws
    data = sheet.write_frame(wide.round(3), block.last_row + 19, 0)
    header = data.header_row
    line_chart(
        sheet,
        block.last_row + 2,
        0,
        categories=data.column("game"),
        series=[
            (CellRange(sheet.name, header, col, header, col), data.column(name))
            for name, col in data.columns.items()
            if name != "game"
        ],
        title=f"{_title(game)}: ordinal after each game",
        x_title="game",
        y_title="mu - 3 sigma",
    )
    return data.last_row + 3


def _ordinal_by_step(history: pd.DataFrame, players: list[str]) -> pd.DataFrame:
    """Each chosen player's ordinal after every step of the game's replay,
    carried forward between his games (blank before his first)."""
    part = history[history["player"].astype(str).isin(players).to_numpy()]
    wide = part.pivot_table(
        index="step",
        columns=part["player"].astype(str),
        values="ordinal",
        aggfunc="last",
    )
    steps = np.arange(1, int(history["step"].max()) + 1)
    wide = wide.reindex(steps).ffill()
    wide = wide[[p for p in players if p in wide.columns]]
    wide.insert(0, "game", steps)
    return wide.reset_index(drop=True)
