"""The players' pages of the season workbook, two players to a printed page:
each sheet holds two players one above the other (portrait A4), each with his
standings, his running totals drawn per game and his game's own figures;
below the printed page, what is read on screen: his opponents, his
partnerships and his games (the lines the charts draw)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.excel import CellRange, Sheet, Workbook, line_chart
from cardscore_frames.season.frames import Prepared
from cardscore_frames.season.profile import RATES, profile
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
_TITLES = ("roles", "contracts", "bonuses", "declarer", "partnerships")
#: long tables read on screen, below the printed page
_SCREEN = ("partnerships",)
_PER_PAGE = 2
_CHART = (400, 190)  # pixels; about 10 rows of Arial 10
_CHART_ROWS = 11
_SCREEN_WIDTH = 9  # characters: a large number
_NARROWEST = 6  # characters
_BOLD, _PADDING = 1.1, 1.5  # a header's longest word: bold, and its margins
_LIST = 7  # figures of a one-row table per printed line


def player_pages(
    book: Workbook,
    prep: Prepared,
    table: pd.DataFrame,
    h2h: pd.DataFrame,
    scored: list[pd.DataFrame],
    *,
    language: str = "en",
    colours: dict[str, str] | None = None,
) -> dict[str, tuple[str, str]]:
    """Add the players' sheets, two players each in alphabetical order, in
    ``language``, each player's running totals drawn in his colour; return
    each player's sheet and the cell of his name."""
    names = sorted(table["player"].astype(str).unique())
    split = {
        "standing": _split(table),
        "opponents": _split(h2h),
        "games": _split(_running(prep.results)),
        "profiles": [
            (
                str(s.cardscore.game),
                {k: _split(_plain(v)) for k, v in profile(s).items()},
            )
            for s in scored
        ],
    }
    pages = {}
    for start in range(0, len(names), _PER_PAGE):
        pair = names[start : start + _PER_PAGE]
        sheet = book.add_sheet(" · ".join(pair))
        tops = _sheet(sheet, pair, split, language, colours or {})
        pages.update({name: (sheet.name, f"A{row + 1}") for name, row in tops})
    return pages


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    """A profile table without its rates' intervals and shrunk estimates (the
    player pages show the figures as counted)."""
    extra = [
        f"{figure}_{end}"
        for figure in (*RATES, "mean_score")
        for end in ("low", "high", "shrunk", "few")
        if f"{figure}_{end}" in frame
    ]
    return frame.drop(columns=extra)


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


def _sheet(sheet: Sheet, pair, split, lang, colours) -> list[tuple[str, int]]:
    """Two players' blocks one above the other on one portrait page, their
    screen tables below it; each player's first row."""
    standing = split["standing"]
    # the charts and half the figures go right of the widest standings
    right = 1 + max(7, *(_shown_width(standing.get(name), _STANDING) for name in pair))
    row, tops, charts, used, words = 0, [], [], 0, {}
    for name in pair:
        tops.append((name, row))
        row, drawn, width = _printed(sheet, row, name, split, lang, right, words)
        charts.append((name, drawn))
        used = max(used, width)
    printed = row - 2
    narrow = sheet.autofit(minimum=_NARROWEST, maximum=22)
    narrow = {c: max(w, words.get(c, 0)) for c, w in narrow.items()}
    for name, drawn in charts:
        row = _screen(sheet, row, name, split, lang, drawn, colours.get(name))
    wide = sheet.autofit(minimum=_NARROWEST, maximum=22)
    # the screen tables below keep the printed columns narrow: a long name
    # there is cut, a date or a number still fits
    sheet.set_widths(
        {c: max(w, min(wide.get(c, w), _SCREEN_WIDTH)) for c, w in narrow.items()}
    )
    last = right + max(used, 1) - 1
    while sheet.columns_px(right, last) < _CHART[0]:
        last += 1
    sheet.landscape_fit_to_page(pages_tall=1, print_area=(0, 0, printed, last))
    sheet.worksheet.set_portrait()
    return tops


def _printed(sheet: Sheet, top: int, name, split, lang, right, words):
    """A player's printed block from row ``top``: his name, his standings,
    a chart per game on the right, and his game's figures under both, each
    table where the column is shorter. The next free row and the charts'
    places (game, row, column) for his games drawn below, and the columns his
    tables take on the right. ``words`` gathers the width each column needs
    for its headers' longest word."""
    sheet.write(top, 0, name, "title", fit=False)
    heading = word("standings", lang)
    left, _ = _block(
        sheet, top + 2, heading, split["standing"].get(name), _STANDING, lang, words
    )
    mine = split["games"].get(name)
    parts = (
        [] if mine is None else [str(g) for g, _ in mine.groupby("game", observed=True)]
    )
    drawn = [(g, top + 2 + _CHART_ROWS * k, right) for k, g in enumerate(parts)]
    side, width = top + 2 + _CHART_ROWS * len(parts), 0
    for heading, frame in _figures(name, split, lang, screen=False):
        if left <= side:
            left, _ = _block(sheet, left, heading, frame, None, lang, words)
        else:
            side, used = _block(
                sheet, side, heading, frame, None, lang, words, col=right
            )
            width = max(width, used)
    return max(left, side) + 1, drawn, width


def _figures(name, split, lang, *, screen: bool):
    """His game's own tables (headed ``Tarot: by role``): the printed ones,
    or those read on screen."""
    for game, tables in split["profiles"]:
        title = game_title(game, lang)
        for what, by_player in tables.items():
            if (what in _SCREEN) != screen or name not in by_player:
                continue
            label = word(what, lang) if what in _TITLES else what
            yield f"{title}: {label}", by_player[name]


def _screen(sheet: Sheet, row: int, name, split, lang, drawn, colour) -> int:
    """Below the printed page: his opponents, his long tables and his games
    with the charts drawn from them; the next free row."""
    sheet.write(row, 0, name, "title", fit=False)
    row, _ = _block(
        sheet,
        row + 2,
        word("opponents", lang),
        split["opponents"].get(name),
        None,
        lang,
    )
    for heading, frame in _figures(name, split, lang, screen=True):
        row, _ = _block(sheet, row, heading, frame, None, lang)
    mine = split["games"].get(name)
    parts = {} if mine is None else dict(list(mine.groupby("game", observed=True)))
    for game, chart_row, chart_col in drawn:
        part = next(p for g, p in parts.items() if str(g) == game)
        where = (row, chart_row, chart_col)
        row = _games(sheet, where, name, game, part, lang, colour)
    return row + 1


def _shown_width(frame, columns) -> int:
    """Columns a standings block shows (those with a value)."""
    if frame is None:
        return 0
    kept = [c for c in columns if c in frame and frame[c].notna().any()]
    same = [c for c in ("league",) if c in kept and frame[c].nunique() == 1]
    return len(kept) - (len(same) if len(frame) > 1 else 0)


def _games(sheet: Sheet, where, name, game, part, lang, colour) -> int:
    """A player's games of one game at ``where`` (row; the chart's row and
    column) and the chart of his running total; the next free row."""
    row, chart_row, chart_col = where
    frame = part[[c for c in _GAMES if c in part]].reset_index(drop=True)
    # the chart's x axis, after the date (the printed page's widest column)
    frame.insert(1, "n", np.arange(1, len(frame) + 1))
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
        size=_CHART,
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


def _block(sheet: Sheet, row: int, title, frame, columns, lang, words=None, col=0):
    """A heading and a frame (the ``columns`` it has) at ``(row, col)``; a
    single row of many figures is written as short rows of figures under
    their headers. The next free row and the columns used."""
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
    parts = [frame]
    if len(frame) == 1 and len(frame.columns) > _LIST:
        lines = -(-len(frame.columns) // _LIST)
        size = -(-len(frame.columns) // lines)  # lines of even length
        parts = [frame.iloc[:, k : k + size] for k in range(0, frame.shape[1], size)]
    row += 1
    for part in parts:
        # headers wrap: the columns are as wide as their figures
        sheet.write_row(row, col, list(part.columns), "header", fit=False)
        for k, head in enumerate(part.columns):
            need = _BOLD * max(len(w) for w in str(head).split()) + _PADDING
            if words is not None:
                words[col + k] = max(words.get(col + k, 0), need)
        sheet.set_row_height(row, _header_height(part.columns))
        block = sheet.write_frame(part, row + 1, col, header=False, styles=styles)
        row = block.last_row + 1
    return row + 1, max(part.shape[1] for part in parts)


def _header_height(headers) -> int:
    """Points for a header row whose headers wrap in columns as wide as their
    figures: room for three lines when one is long."""
    return 44 if max(len(str(h)) for h in headers) > 14 else 30
