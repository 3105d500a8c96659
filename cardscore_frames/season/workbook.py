"""The season workbook: standings, head to head as matrices, ratings, and the
players two to a printed page, with native Excel charts, written through the
shared Excel machinery (:mod:`cardscore_frames.excel`: safe cells, atomic
save)."""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.excel import CellRange, Sheet, Workbook, column_chart, line_chart
from cardscore_frames.season.charts import player_colours
from cardscore_frames.season.display import (
    FULL,
    NUMBER_FORMATS,
    full_columns,
    rule_words,
    shown,
    wall_columns,
)
from cardscore_frames.season.frames import prepared
from cardscore_frames.season.h2h import head_to_head
from cardscore_frames.season.matrix import h2h_sheet
from cardscore_frames.season.numbers import game_numbers
from cardscore_frames.season.numbers_page import numbers_sheet
from cardscore_frames.season.pages import player_pages
from cardscore_frames.season.ratings import Ratings, ratings
from cardscore_frames.season.standings import standings
from cardscore_frames.season.words import (
    book_language,
    game_language,
    game_title,
    header,
    word,
)

__all__ = ["to_excel"]

_TOP = 8  # players drawn in a game's ratings chart
_BODY = {"border": 1, "valign": "vcenter"}


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
    language: str | None = None,
    numbers: bool = True,
    remaining: int | None = None,
    points: str | Mapping | None = None,
    best_evenings: int | None = None,
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
    language : {"en", "fr", "ru"}, optional
        The language of every header and title; by default each game's page
        speaks the game's language (tarot French, belot and preferans
        Russian) and the shared sheets the language most of the games speak.
    numbers : bool
        Add a page "What the numbers say" per game (needs scipy and
        statsmodels, the ``season`` extra; its rating blocks need ``rate``).
    remaining : int, optional
        Evenings still to play in the latest season: with it, that page
        gives each player's title odds
        (:func:`~cardscore_frames.season.title_odds`).
    points, best_evenings
        The club's championship points and its best-N-evenings ladder, as for
        :func:`~cardscore_frames.season.standings` (``points="place",
        best_evenings=15``: a weekly challenge); the standings pages are then
        ranked by them.

    Returns
    -------
    pathlib.Path
        The file written, in the club's words (:mod:`~.season.words`). Sheets:
        a standings page per game (``Classement · Tarot``: a table per league
        and season with the figures it is ranked by, the rule in words and a
        bar chart; one landscape A4 page), head to head (per game on its own
        page, a matrix of the net result between every two players and one of
        the games they met; belot adds the pairs' records), what the numbers
        say (per game, for its latest season, on two landscape pages: how
        much of the table is skill, who beat his cards with a chart of the
        leaders' running result above expected, how well the ratings
        forecast with a calibration chart, par with provisional ratings
        marked, records, the months' medal table, the most improved,
        partnerships, title odds; see :doc:`/guide/season`), ratings (final
        ratings beside a chart of the leaders, a page per game), every figure
        of the standings, then the players two to a sheet in alphabetical
        order (``Amélie · Ani``: one portrait A4 page holding, for each of the
        two, his standings, his game's figures and a chart of his running
        total per game; below the printed page his opponents, partnerships
        and games), and a hidden sheet of the charts' figures. Every player's
        name on the standings links to his block; a player keeps his colour
        in every chart.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> import cardscore_frames as csf
    >>> scored = csf.tarot.score(csf.load_example("tarot"))
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "season.xlsx"
    >>> book = csf.season.to_excel(csf.tarot.to_ledger(scored), out, scored=[scored])
    >>> csf.excel.sheet_names(book)[:4]
    ['Classement · Tarot', 'Face-à-face · Tarot', 'Les chiffres · Tarot', 'Cotes']
    """
    prep = prepared(ledger)
    with warnings.catch_warnings():
        for message in prep.messages:  # shown once above, not by every step
            warnings.filterwarnings("ignore", message=re.escape(message))
        return _write(
            ledger,
            path,
            prep,
            list(scored),
            by,
            min_games,
            whist_price,
            unit,
            rate,
            language,
            (numbers, remaining, {"points": points, "best_evenings": best_evenings}),
        )


def _write(
    ledger, path, prep, scored, by, min_games, whist_price, unit, rate, lang, extra
):
    numbers, remaining, club = extra
    table = standings(
        ledger, by=by, min_games=min_games, whist_price=whist_price, unit=unit, **club
    )
    by = [c for c in table.columns[1 : list(table.columns).index("rank")]]
    h2h = head_to_head(ledger)
    rated = ratings(ledger) if rate else None
    games = list(dict.fromkeys(table["game"].astype(str)))
    book_lang = book_language(games, lang)
    colours = player_colours(prep.results["player"])
    meta = {
        "kind": "season",
        "games": sorted(games),
        "by": by,
        "min_games": min_games,
        "whist_price": whist_price,
        "language": book_lang,
    }
    if rated is not None:
        meta["ratings"] = rated.model
    with Workbook(path, metadata=meta, properties={"title": "Season"}) as book:
        fronts = {
            g: book.add_sheet(
                f"{word('standings', game_language(g, lang))} · "
                f"{game_title(g, game_language(g, lang))}"
            )
            for g in games
        }
        matrices = {
            g: book.add_sheet(
                f"{word('head_to_head', game_language(g, lang))} · "
                f"{game_title(g, game_language(g, lang))}"
            )
            for g in games
            if g in set(h2h["game"].astype(str))
        }
        said = (
            game_numbers(ledger, scored, rated, by, remaining=remaining)
            if numbers
            else {}
        )
        numbers_pages = {
            g: book.add_sheet(
                f"{word('numbers_sheet', game_language(g, lang))} · "
                f"{game_title(g, game_language(g, lang))}"
            )
            for g in games
            if g in said
        }
        rating = book.add_sheet(word("ratings", book_lang)) if rated else None
        full = book.add_sheet(word("full_figures", book_lang))
        pages = player_pages(
            book, prep, table, h2h, scored, language=book_lang, colours=colours
        )
        data = book.add_sheet(word("chart_data", book_lang))
        data.worksheet.hide()
        games_of = table.groupby("game", observed=True, sort=False)
        for game, block in games_of:
            g = str(game)
            _standings_sheet(fronts[g], block, by, pages, game_language(g, lang))
        _full_sheet(full, table, by, pages, lang, book_lang)
        for game, part in h2h.groupby("game", observed=True, sort=False):
            g = str(game)
            h2h_sheet(matrices[g], part, g, game_language(g, lang))
        spare = 0
        if rating is not None:
            spare = _ratings_sheet(rating, data, rated, book_lang, lang, colours)
        for g, sheet in numbers_pages.items():
            spare = numbers_sheet(
                sheet,
                data,
                spare,
                said[g],
                language=game_language(g, lang),
                colours=colours,
            )
    return Path(path)


def _label(values: tuple, language: str) -> str:
    """``Tarot · Cercle des Trois Jeux · 2025-26``"""
    title = game_title(str(values[0]), language)
    return " · ".join([title, *(str(v) for v in values[1:] if pd.notna(v))])


def _groups(table: pd.DataFrame, by):
    keys = ["game", *by]
    for values, block in table.groupby(keys, observed=True, dropna=False, sort=False):
        yield (values if isinstance(values, tuple) else (values,)), block


def _write_table(sheet, row, block, columns, language, pages, col=0) -> tuple[int, Any]:
    """A block's standings under people's headers; player names link to their
    pages. Returns the next free row and the block written."""
    frame, kinds = shown(block, columns, language)
    styles = {
        h: {**_BODY, "num_format": NUMBER_FORMATS[k][0]} for h, k in kinds.items()
    }
    where = sheet.write_frame(frame, row, col, styles=styles)
    # headers wrap in columns as wide as their figures: room for three lines
    longest = max(len(str(h)) for h in frame.columns)
    sheet.set_row_height(row, 45 if longest > 14 else 30)
    name = header("player", language)
    for k, player in enumerate(frame[name].astype(str)):
        target = pages.get(player)
        if target is not None:
            r, c = where.cell(k, name)
            page, cell = target
            sheet.link_to_sheet(r, c, page, player, target=cell, style=("body", "link"))
    return where.last_row + 1, where


def _standings_sheet(sheet: Sheet, table: pd.DataFrame, by, pages, lang) -> None:
    """A game's standings on one landscape page: a table per league and season
    side by side, each with the rule in words above and a bar chart of its
    ranking figure below."""
    col, written = 0, []
    blocks = list(_groups(table, by))
    tallest = max(len(block) for _, block in blocks)
    for values, block in blocks:
        end, where = _write_table(
            sheet, 3, block, wall_columns(block), lang, pages, col
        )
        last = col + len(where.columns) - 1
        sheet.write(0, col, _label(values, lang), "title", fit=False)
        sheet.merge(1, col, 2, last, rule_words(block, lang), ("subtitle", "wrap"))
        written.append((where, len(block), col, last))
        col = last + 2
    sheet.autofit(maximum=16)
    below, bottom = 3 + tallest + 2, 0
    for where, rows, first, last in written:
        title = list(where.columns)[3]  # the ranking's first figure
        height = max(220, 60 + 16 * rows)
        chart = column_chart(
            sheet,
            below,
            first,
            categories=where.column(header("player", lang)),
            series={title: where.column(title)},
            title=title,
            size=(sheet.columns_px(first, last), height),
            horizontal=True,
        )
        # a bar chart's y axis holds the names: the leader at the top, the
        # names left of the bars even below 0, the values' axis at the bottom
        chart.set_y_axis(
            {"reverse": True, "crossing": "max", "label_position": "low", **_AXIS}
        )
        chart.set_x_axis({"major_gridlines": {"visible": True}, **_AXIS})
        chart.set_legend({"none": True})
        bottom = max(bottom, below + height // 20 + 1)
    sheet.landscape_fit_to_page(pages_tall=1, print_area=(0, 0, bottom, col - 2))


_AXIS = {"num_font": {"name": "Arial", "size": 8}}


def _full_sheet(sheet: Sheet, table, by, pages, lang, book_lang) -> None:
    """Every figure of every table, one block per game, league and season; a
    block is never cut by a page break."""
    sheet.write(0, 0, word("full_figures", book_lang), "title", fit=False)
    row, starts = 2, []
    for values, block in _groups(table, by):
        starts.append(row)
        language = game_language(str(values[0]), lang)
        sheet.write(row, 0, _label(values, language), "subtitle", fit=False)
        sheet.write(row + 1, 0, rule_words(block, language), fit=False)
        end, _ = _write_table(
            sheet, row + 2, block, full_columns(block), language, pages
        )
        row = end + 2
    sheet.freeze(0, 2)
    sheet.autofit(maximum=16)
    _two_pages(sheet, starts, row, sheet.columns_px(0, len(FULL) + 4))


def _two_pages(sheet: Sheet, starts: list[int], end: int, width_px: int) -> None:
    """Landscape A4, the blocks split between two pages at the block nearest
    the middle, at the scale that fits the taller half (a fit-to-page setting
    would make spreadsheets ignore the break and cut a block)."""
    if len(starts) < 2 or end < 50:
        sheet.landscape_fit_to_page(pages_tall=1)
        return
    middle = min(starts[1:], key=lambda start: abs(start - end / 2))
    halves = ((middle, sum(s < middle for s in starts)), (end - middle, 0))
    blocks = len(starts)
    # rows of Arial 10 are about 13 points; each block's header row is 45
    taller = max(rows * 13 + 35 * (n or blocks - halves[0][1]) for rows, n in halves)
    page_w, page_h = 780, 500  # points inside the margins and header
    scale = min(100, page_w / (0.75 * width_px) * 100, page_h / taller * 100)
    ws = sheet.worksheet
    ws.set_landscape()
    ws.set_paper(9)
    ws.center_horizontally()
    ws.set_margins(left=0.4, right=0.4, top=0.6, bottom=0.6)
    ws.set_header("&L&A")
    ws.set_footer("&C&P / &N")
    ws.set_print_scale(max(10, int(scale * 0.95)))
    ws.set_h_pagebreaks([middle])


def _ratings_sheet(sheet, data, rated: Ratings, book_lang, lang, colours) -> int:
    """Each game's final ratings side by side, and under each a chart of its
    leaders' rating: one landscape page; the charts' figures go to the hidden
    data sheet (its next free row is returned)."""
    model = rated.model
    sheet.write(0, 0, word("ratings", book_lang), "title", fit=False)
    note = word("rating_note", book_lang, model=model.get("model", ""))
    sheet.write(1, 0, note, "subtitle", fit=False)
    finals = list(rated.final.groupby("game", observed=True, sort=False))
    below = 5 + max(len(final) for _, final in finals)
    col, spare, last = 0, 0, 0
    for game, final in finals:
        history = rated.history[(rated.history["game"] == game).to_numpy()]
        language = game_language(str(game), lang)
        spare, width = _rating_block(
            sheet,
            data,
            (3, col, below, spare),
            str(game),
            final,
            history,
            language,
            colours,
        )
        last = max(last, below + 16)
        col += width + 1
    sheet.landscape_fit_to_page(pages_tall=1, print_area=(0, 0, last, col - 2))
    return spare


def _rating_block(sheet, data, where, game, final, history, lang, colours):
    """One game's final ratings at ``where`` (row, col, the chart's row, the
    data sheet's next row) and a line chart of its leaders below; the data
    sheet's next free row and the columns used."""
    row, col, below, spare = where
    title = game_title(game, lang)
    sheet.write(row, col, title, "bold", fit=False)
    frame = final.drop(columns="game").reset_index(drop=True)
    frame = frame[["rank", "player", "games", "ordinal", "sigma"]]
    frame[["ordinal", "sigma"]] = frame[["ordinal", "sigma"]].round(1)
    number = {**_BODY, "num_format": "0.0"}
    styles = {header(c, lang): number for c in ("ordinal", "sigma")}
    frame = frame.rename(columns=lambda c: header(c, lang))
    sheet.write_frame(frame, row + 1, col, styles=styles, fit=False)
    longest = max(len(str(p)) for p in final["player"].astype(str))
    widths = [6, longest + 2, 8, 8, 11]
    sheet.set_widths(widths, col)
    top = final["player"].astype(str).head(_TOP).tolist()
    wide = _ordinal_by_step(history, top).round(1)
    wide = wide.rename(columns={"game": word("game_no", lang)})
    values = data.write_frame(wide, spare, 0)
    head = values.header_row
    line_chart(
        sheet,
        below,
        col,
        categories=values.column(word("game_no", lang)),
        series=[
            (CellRange(data.name, head, c, head, c), values.column(name))
            for name, c in values.columns.items()
            if c > 0
        ],
        title=word("rating_chart", lang, game=title),
        x_title=word("game_no", lang),
        y_title=header("ordinal", lang),
        size=(int(sum(widths) * 7.5), 300),
        colours=[colours[name] for name in wide.columns[1:]],
    )
    return values.last_row + 3, len(widths)


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
