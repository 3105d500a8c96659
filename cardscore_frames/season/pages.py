"""One sheet per player in the season workbook: his standings, his profile
figures, his opponents, and his games with a chart of his running total."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.excel import CellRange, Sheet, Workbook, line_chart
from cardscore_frames.season.frames import Prepared
from cardscore_frames.season.profile import profile
from cardscore_frames.season.words import game_title, header, word

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
    *,
    language: str = "en",
    colours: dict[str, str] | None = None,
) -> dict[str, str]:
    """Add a sheet for every player, in ``language``, his running totals drawn
    in his colour; return each player's sheet name."""
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
        colour = (colours or {}).get(name)
        _page(sheet, name, standing, opponents, games, profiles, language, colour)
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


def _page(sheet: Sheet, name, standing, opponents, games, profiles, lang, colour):
    """His figures on the left; his running totals, then his opponents, on the
    right: one printed page. His games, which the charts draw, below it."""
    sheet.write(0, 0, name, "title", fit=False)
    row, width = 2, 1
    blocks = [(word("standings", lang), standing.get(name), _STANDING)]
    for game, tables in profiles:
        title = game_title(game, lang)
        for what, split in tables.items():
            heading = f"{title}: {word(what, lang) if what in _TITLES else what}"
            blocks.append((heading, split.get(name), None))
    for heading, frame, columns in blocks:
        row, used = _block(sheet, row, heading, frame, columns, lang)
        width = max(width, used)
    mine = games.get(name)
    parts = [] if mine is None else list(mine.groupby("game", observed=True))
    right = width + 1
    side, wide = _block(
        sheet,
        2 + 16 * len(parts),
        word("opponents", lang),
        opponents.get(name),
        None,
        lang,
        col=right,
    )
    first = max(row, side) + 1
    below = first
    for k, (game, part) in enumerate(parts):
        where = (below, 2 + 16 * k, right)
        below = _games(sheet, where, name, str(game), part, lang, colour)
    sheet.freeze(1, 0)
    sheet.autofit(maximum=22)
    last = right + max(wide, 7)
    sheet.landscape_fit_to_page(pages_tall=1, print_area=(0, 0, first - 2, last))


_TITLES = ("roles", "contracts", "bonuses", "declarer", "partnerships")


def _games(sheet: Sheet, where, name, game, part, lang, colour) -> int:
    """A player's games of one game at ``where`` (row; the chart's row and
    column) and the chart of his running total; the next free row."""
    row, chart_row, chart_col = where
    frame = part[[c for c in _GAMES if c in part]].reset_index(drop=True)
    frame.insert(0, "n", np.arange(1, len(frame) + 1))  # the chart's x axis
    title = game_title(game, lang)
    sheet.write(row, 0, word("games_of", lang, game=title), "bold", fit=False)
    frame, styles = _people(frame, lang)
    block = sheet.write_frame(frame, row + 1, 0, styles=styles)
    running = header("running", lang)
    col = block.columns[running]
    head = CellRange(sheet.name, block.header_row, col, block.header_row, col)
    line_chart(
        sheet,
        chart_row,
        chart_col,
        categories=block.column(header("n", lang)),
        series=[(head, block.column(running))],
        title=f"{word('running_of', lang, player=name)} · {title}",
        x_title=word("game_no", lang),
        size=(480, 300),
        colours=[colour] if colour else None,
    )
    return block.last_row + 3


def _people(frame: pd.DataFrame, lang: str) -> tuple[pd.DataFrame, dict]:
    """Headers in ``lang``, games by their names, figures rounded to 3
    places; and the styles by header."""
    if "game" in frame:
        frame = frame.assign(game=[game_title(str(g), lang) for g in frame["game"]])
    numbers = frame.select_dtypes("float").columns
    frame = frame.assign(**{c: np.round(frame[c].to_numpy(), 3) for c in numbers})
    styles = {header(c, lang): v for c, v in _STYLES.items() if c in frame}
    return frame.rename(columns=lambda c: header(c, lang)), styles


def _block(sheet: Sheet, row: int, title: str, frame, columns, lang, col=0):
    """A heading and a frame (the ``columns`` it has) at ``(row, col)``; a
    single row of many figures is shown as a list of (figure, value). The
    next free row and the columns used."""
    if frame is None or frame.empty:
        return row, 0
    if columns is not None:
        frame = frame[[c for c in columns if c in frame and frame[c].notna().any()]]
    frame = frame.loc[:, [c for c in frame.columns if frame[c].notna().any()]]
    if len(frame) > 1:  # a figure the same on every row says nothing here
        same = [c for c in ("league",) if c in frame and frame[c].nunique() == 1]
        frame = frame.drop(columns=same)
    sheet.write(row, col, title, "bold", fit=False)
    frame, styles = _people(frame, lang)
    if len(frame) == 1 and len(frame.columns) > 6:
        listed = pd.DataFrame({"": frame.columns, " ": frame.iloc[0].to_numpy()})
        block = sheet.write_frame(listed, row + 1, col, header=False)
        return block.last_row + 3, 2
    block = sheet.write_frame(frame, row + 1, col, styles=styles)
    return block.last_row + 3, len(frame.columns)
