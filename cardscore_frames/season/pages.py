"""One sheet per player in the season workbook: his standings, his profile
figures, his opponents, and his games with a chart of his running total."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.excel import CellRange, Sheet, Workbook, line_chart
from cardscore_frames.season.frames import Prepared
from cardscore_frames.season.profile import profile

__all__ = ["player_pages"]

_STANDING = (
    "game",
    "league",
    "season",
    "rank",
    "games",
    "deals",
    "total",
    "mean_per_game",
    "wins",
    "win_rate",
    "average_place",
    "best",
    "worst",
    "longest_streak",
    "money",
)
_GAMES = (
    "date",
    "league",
    "season",
    "table",
    "game_id",
    "players",
    "deals",
    "score",
    "place",
    "running",
)
_STYLES = {
    "total": "signed",
    "score": "signed",
    "running": ("signed", "cumul"),
    "net": "signed",
    "win_rate": "percent",
    "mean_per_game": "money",
    "average_place": "money",
    "date": "date",
    "money": "signed_money",
}


def player_pages(
    book: Workbook,
    prep: Prepared,
    table: pd.DataFrame,
    h2h: pd.DataFrame,
    scored: list[pd.DataFrame],
) -> dict[str, str]:
    """Add a sheet for every player; return each player's sheet name."""
    names = sorted(table["player"].astype(str).unique())
    standing = _split(table)
    opponents = _split(h2h)
    games = _split(_running(prep.results))
    profiles = [
        (str(s.cardscore.game), {k: _split(v) for k, v in profile(s).items()})
        for s in scored
    ]
    pages = {}
    for name in names:
        sheet = book.add_sheet(name)
        pages[name] = sheet.name
        _page(sheet, name, standing, opponents, games, profiles)
    return pages


def _split(frame: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """Rows by player name (one groupby, not a scan per player); a table of
    partnerships (``pair``: "A & B") goes to each of the pair's players."""
    if "player" not in frame and "pair" in frame:
        names = frame["pair"].astype(str).str.split(" & ")
        frame = frame.assign(player=names).explode("player")
        return {
            str(k): part.drop(columns="player").reset_index(drop=True)
            for k, part in frame.groupby("player", sort=False)
        }
    key = frame["player"].astype(str).to_numpy()
    return {
        str(k): part.drop(columns="player").reset_index(drop=True)
        for k, part in frame.groupby(key, sort=False)
    }


def _running(results: pd.DataFrame) -> pd.DataFrame:
    """Each player's games in replay order with his running total per game."""
    cols = ["game", "player", "seq", *[c for c in _GAMES if c in results]]
    out = results[[c for c in dict.fromkeys(cols) if c in results]].copy()
    out = out.sort_values(["seq"], kind="stable")
    keys = [out["game"].astype(str).to_numpy(), out["player"].astype(str).to_numpy()]
    out["running"] = out.groupby(keys, sort=False)["score"].cumsum()
    return out.drop(columns="seq")


def _page(sheet: Sheet, name, standing, opponents, games, profiles) -> None:
    sheet.write(0, 0, name, "title", fit=False)
    row = 2
    row = _block(sheet, row, "Standings", standing.get(name), _STANDING)
    for game, tables in profiles:
        for title, split in tables.items():
            row = _block(sheet, row, f"{game}: {title}", split.get(name), None)
    row = _block(sheet, row, "Opponents", opponents.get(name), None)
    mine = games.get(name)
    if mine is None:
        sheet.autofit(maximum=28)
        return
    for game, part in mine.groupby("game", observed=True, sort=False):
        frame = part[[c for c in _GAMES if c in part]].reset_index(drop=True)
        frame.insert(0, "n", np.arange(1, len(frame) + 1))  # the chart's x axis
        sheet.write(row, 0, f"Games: {game}", "bold", fit=False)
        block = sheet.write_frame(frame, row + 1, 0, styles=_STYLES)
        col = block.columns["running"]
        header = CellRange(sheet.name, block.header_row, col, block.header_row, col)
        line_chart(
            sheet,
            row + 1,
            len(frame.columns) + 1,
            categories=block.column("n"),
            series=[(header, block.column("running"))],
            title=f"{name}: running total ({game})",
            x_title="game",
        )
        row = max(block.last_row + 3, row + 20)
    sheet.freeze(1, 0)
    sheet.autofit(maximum=28)
    sheet.landscape_fit_to_page()


def _block(sheet: Sheet, row: int, title: str, frame, columns) -> int:
    """A heading and a frame (the ``columns`` it has); the next free row."""
    if frame is None or frame.empty:
        return row
    if columns is not None:
        frame = frame[[c for c in columns if c in frame and frame[c].notna().any()]]
    frame = frame.loc[:, [c for c in frame.columns if frame[c].notna().any()]]
    sheet.write(row, 0, title, "bold", fit=False)
    numbers = frame.select_dtypes("float").columns
    frame = frame.assign(**{c: np.round(frame[c].to_numpy(), 3) for c in numbers})
    block = sheet.write_frame(frame, row + 1, 0, styles=_STYLES)
    return block.last_row + 3
