"""Head to head in the season workbook: per game, on one page, a matrix of the
net result of each row's player against each column's player, then one of the
games they met."""

from __future__ import annotations

import pandas as pd

from cardscore_frames.contract import get_game
from cardscore_frames.excel import Sheet
from cardscore_frames.season.words import game_title, header, word

__all__ = ["h2h_sheet", "matrix"]

_BODY = {"border": 1, "valign": "vcenter"}


def h2h_sheet(sheet: Sheet, part: pd.DataFrame, game: str, lang: str) -> None:
    """A game's head to head on one page: the net result of each row's player
    against each column's player, then the games they met."""
    title = game_title(game, lang)
    sheet.write(0, 0, f"{word('head_to_head', lang)} · {title}", "title", fit=False)
    unit = get_game(game).unit
    row = 2
    for figure, note, number in (
        ("net", word("h2h_note", lang, unit=unit), "+#,##0;[Red]-#,##0;0"),
        ("games", word("games_met_note", lang), "0"),
    ):
        shown = "games_met" if figure == "games" else figure
        sheet.write(row, 0, word(shown, lang), "bold", fit=False)
        sheet.write(row + 1, 0, note, "subtitle", fit=False)
        wide = matrix(part, figure)
        row = _matrix(sheet, row + 2, wide, header("player", lang), number) + 1
    longest = max(len(str(p)) for p in part["player"].astype(str))
    sheet.set_widths([longest + 2] + [7] * len(wide.columns))
    sheet.landscape_fit_to_page(pages_tall=1, print_area=(0, 0, row, len(wide.columns)))


def matrix(part: pd.DataFrame, figure: str) -> pd.DataFrame:
    """A game's head to head as players × opponents (names in order); a pair
    who never met is empty, and so is the diagonal."""
    wide = part.pivot_table(
        index=part["player"].astype(str),
        columns=part["opponent"].astype(str),
        values=figure,
        aggfunc="sum",
    )
    names = sorted(set(wide.index) | set(wide.columns))
    return wide.reindex(index=names, columns=names)


def _matrix(sheet: Sheet, row: int, wide: pd.DataFrame, corner: str, number) -> int:
    """Write a matrix with its opponents' names turned upright; the next row."""
    upright = {"bold": True, "rotation": 90, "border": 1, "align": "center"}
    upright["bg_color"] = "#D9D9D9"
    sheet.write(row, 0, corner, "header", fit=False)
    for k, name in enumerate(wide.columns, start=1):
        sheet.write(row, k, name, upright, fit=False)
    longest = max((len(n) for n in wide.columns), default=4)
    sheet.set_row_height(row, 7 * longest + 6)
    sheet.write_column(row + 1, 0, list(wide.index), ("header", "left"), fit=False)
    cell = {**_BODY, "num_format": number, "align": "center"}
    grey = {**_BODY, "bg_color": "#BFBFBF"}
    for k, name in enumerate(wide.columns, start=1):
        values = wide[name].round(0)
        for r, player in enumerate(wide.index):
            style = grey if player == name else cell
            value = values.iat[r]
            sheet.write(row + 1 + r, k, None if pd.isna(value) else value, style)
    return row + 1 + len(wide)
