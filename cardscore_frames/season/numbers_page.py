"""The page "What the numbers say" laid out for a club wall: two landscape A4
pages, each with two panels side by side (a name column and six figures),
every block a heading, a sentence in plain words and a small table; native
charts of the running result above expected and of the ratings' calibration.

Page one: skill or luck, whether the ratings know, who beat his cards. Page
two: par, records, month by month, most improved, partnerships, title odds.
Each block is a function ``(page, row, col, found) -> next row`` that writes
nothing when its figures are missing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from cardscore_frames.excel import CellRange, FrameBlock, Sheet, line_chart
from cardscore_frames.season.numbers import GameNumbers
from cardscore_frames.season.words import WORDS, game_title, header, word

__all__ = ["numbers_sheet"]

_PANEL = 7  # columns of a panel: a name and six figures
_RIGHT = _PANEL + 1  # first column of the right-hand panel
_WIDTHS = [17, *[11] * (_PANEL - 1)]
_CHARS = 88  # characters of a sentence's line across a panel
_ROW_PT = 15  # a body row, points
_PX_PT = 0.75
_PAGE_W, _PAGE_H = 780, 500  # points inside an A4 landscape page's margins
_CHART_H = 250  # pixels
_SMALL_H = 200
_PERCENT = "0%"
_SIGNED = "+#,##0;[Red]-#,##0;0"
_SIGNED_1 = "+#,##0.0;[Red]-#,##0.0;0"
_FORMATS = {
    "skill_share": _PERCENT,
    "skill_share_low": _PERCENT,
    "skill_share_high": _PERCENT,
    "p_luck": "0.0%",
    "games_to_even": "0",
    "deals": "#,##0",
    "score": _SIGNED,
    "expected": _SIGNED,
    "above_expected": _SIGNED,
    "above_per_deal": _SIGNED_1,
    "predicted": _PERCENT,
    "observed": _PERCENT,
    "par_score": _SIGNED,
    "above_par": _SIGNED,
    "above_par_per_game": _SIGNED_1,
    "wins": "0.#",
    "expected_wins": "0.0",
    "value": "#,##0",
    "date": "yyyy-mm-dd",
    "change": _SIGNED,
    "change_shrunk": _SIGNED,
    "margin": _SIGNED_1,
    "synergy": _SIGNED_1,
    "current": "#,##0",
    "p_first": _PERCENT,
    "p_top3": _PERCENT,
}


@dataclass
class _Page:
    """Where a page is written: its sheet, the hidden data sheet and its next
    free row, the language, the players' colours."""

    sheet: Sheet
    data: Sheet
    spare: int
    lang: str
    colours: dict[str, str]


def numbers_sheet(
    sheet: Sheet,
    data: Sheet,
    spare: int,
    found: GameNumbers,
    *,
    language: str,
    colours: dict[str, str],
) -> int:
    """Lay out one game's page; the data sheet's next free row."""
    page = _Page(sheet, data, spare, language, colours)
    sheet.set_widths([*_WIDTHS, 2, *_WIDTHS])
    group = " · ".join(str(v) for v in found.group.values() if pd.notna(v))
    title = " · ".join(
        t
        for t in (word("numbers", language), game_title(found.game, language), group)
        if t
    )
    sheet.write(0, 0, title, "title", fit=False)
    first = _columns(page, 2, (_luck, _forecast), (_above,), found)
    second = _columns(
        page, first + 1, (_par, _records), (_medals, _improved, _pairs, _odds), found
    )
    _print(page, first, second)
    return page.spare


def _columns(page: _Page, row: int, left, right, found: GameNumbers) -> int:
    """Blocks one under the other in each panel from ``row``; the row below
    the longer panel."""
    ends = []
    for blocks, col in ((left, 0), (right, _RIGHT)):
        at = row
        for block in blocks:
            at = block(page, at, col, found)
        ends.append(at)
    return max(ends)


def _print(page: _Page, first: int, second: int) -> None:
    """Two landscape pages, broken before the second half, at the scale that
    fits the taller half (a fit-to-page setting would override the break)."""

    taller = _ROW_PT * max(first, second - first)  # every row is a plain row
    wide = _PX_PT * page.sheet.columns_px(0, _RIGHT + _PANEL - 1)
    scale = min(100, 100 * _PAGE_W / wide, 100 * _PAGE_H / taller)
    ws = page.sheet.worksheet
    ws.set_landscape()
    ws.set_paper(9)
    ws.center_horizontally()
    ws.set_margins(left=0.4, right=0.4, top=0.6, bottom=0.6)
    ws.set_header("&L&A")
    ws.set_footer("&C&P / &N")
    ws.set_print_scale(max(10, int(scale * 0.95)))
    ws.set_h_pagebreaks([first])
    ws.print_area(0, 0, second, _RIGHT + _PANEL - 1)


# --- writing helpers ---------------------------------------------------------------


def _heading(page: _Page, row: int, col: int, key: str) -> int:
    page.sheet.write(row, col, word(key, page.lang), "bold", fit=False)
    return row + 1


def _sentence(page: _Page, row: int, col: int, text: str) -> int:
    """A sentence across the panel, wrapped over as many plain rows as it
    needs (no row is made taller: the other panel's rows stay even); the
    next row."""
    lines = max(1, math.ceil(len(text) / _CHARS))
    page.sheet.merge(row, col, row + lines - 1, col + _PANEL - 1, text, "wrap")
    return row + lines


def _table(
    page: _Page, row: int, col: int, frame: pd.DataFrame, *, wide_last: bool = False
) -> FrameBlock:
    """``frame`` under people's headers, each on two merged rows (wrapped),
    its figures formatted; the block's ``header_row`` is the headers' row.
    ``wide_last``: the last column (names) runs to the panel's edge."""
    styles = {
        header(c, page.lang): {"border": 1, "valign": "vcenter", "num_format": f}
        for c, f in _FORMATS.items()
        if c in frame
    }
    if "provisional" in frame:
        styles[header("provisional", page.lang)] = ("body", "centre")
    shown = frame.rename(columns=lambda c: header(str(c), page.lang))
    narrow = shown.iloc[:, :-1] if wide_last else shown
    for k, name in enumerate(narrow.columns):
        page.sheet.merge(row, col + k, row + 1, col + k, name, "header")
    where = page.sheet.write_frame(
        narrow, row + 2, col, header=False, styles=styles, fit=False
    )
    columns = dict(where.columns)
    if wide_last:
        last, edge = col + len(narrow.columns), col + _PANEL - 1
        page.sheet.merge(row, last, row + 1, edge, shown.columns[-1], "header")
        for k, value in enumerate(shown.iloc[:, -1]):
            page.sheet.merge(row + 2 + k, last, row + 2 + k, edge, value, "body")
        columns[str(shown.columns[-1])] = last
    return FrameBlock(where.sheet, row, where.first_row, where.last_row, columns)


def _chart_rows(page: _Page, row: int, height_px: int) -> int:
    """Rows a chart of ``height_px`` covers from ``row``; the next row."""
    rows = math.ceil(height_px / 20) + 1
    return row + rows


def _feature(name: str, lang: str) -> str:
    """A deal feature in words (``oudlers``: ``bouts``)."""
    key = f"feature_{name}"
    return word(key, lang) if key in WORDS else header(name, lang).lower()


def _times(p: float) -> str:
    """A chance as times in 100: ``4``, and ``0.5`` below one."""
    if pd.isna(p):
        return "?"
    return f"{100 * p:.0f}" if p >= 0.01 else f"{100 * p:.1f}"


def _pct(x: float) -> str:
    return f"{x:.0%}"


# --- the blocks --------------------------------------------------------------------


def _luck(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """Skill or luck: the latest season in words, every season in a table."""
    table = found.luck
    if table is None or table.empty:
        return row
    row = _heading(page, row, col, "skill_luck")
    last = table.iloc[-1]
    if pd.notna(last["skill_share"]):
        even = last["games_to_even"]
        said = (
            word("even_after", page.lang, n=f"{even:.0f}")
            if np.isfinite(even)
            else word("even_never", page.lang)
        )
        text = word(
            "luck_words",
            page.lang,
            games=int(last["games"]),
            share=_pct(last["skill_share"]),
            low=_pct(last["skill_share_low"]),
            high=_pct(last["skill_share_high"]),
            even=said,
            p=_times(last["p_luck"]),
        )
        row = _sentence(page, row, col, text)
    frame = table[
        [
            "season",
            "games",
            "skill_share",
            "skill_share_low",
            "skill_share_high",
            "games_to_even",
            "p_luck",
        ]
    ].copy()
    frame["games_to_even"] = frame["games_to_even"].where(
        np.isfinite(frame["games_to_even"].to_numpy(dtype=float))
    )
    where = _table(page, row, col, frame)
    return where.last_row + 2


def _forecast(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """Whether the ratings know: Brier against equal chances, the calibration
    table and its chart."""
    if found.forecast is None:
        return row
    summary, table = found.forecast
    row = _heading(page, row, col, "forecasts")
    better = summary["brier"] < summary["brier_uniform"]
    text = word(
        "forecast_better" if better else "forecast_worse",
        page.lang,
        sides=int(summary["sides"]),
        brier=f"{summary['brier']:.3f}",
        uniform=f"{summary['brier_uniform']:.3f}",
    )
    row = _sentence(page, row, col, text)
    frame = table[["bin", "sides", "predicted", "observed"]].reset_index(drop=True)
    frame = frame.assign(
        predicted=frame["predicted"].round(3), observed=frame["observed"].round(3)
    )
    where = _table(page, row, col, frame)
    below = where.last_row + 2
    names = {c: header(c, page.lang) for c in ("bin", "predicted", "observed")}
    series = []
    for c in ("predicted", "observed"):
        at = where.columns[names[c]]
        head = CellRange(page.sheet.name, where.header_row, at, where.header_row, at)
        series.append((head, where.column(names[c])))
    chart = line_chart(
        page.sheet,
        below,
        col,
        categories=where.column(names["bin"]),
        series=series,
        title=word("calibration_chart", page.lang),
        x_title=header("bin", page.lang),
        size=(page.sheet.columns_px(col, col + _PANEL - 1), _SMALL_H),
        colours=["#7F7F7F", "#0072B2"],
    )
    chart.set_y_axis(
        {
            "num_format": "0%",
            "num_font": {"name": "Arial", "size": 8},
            "major_gridlines": {"visible": True, "line": {"color": "#D9D9D9"}},
        }
    )
    return _chart_rows(page, below, _SMALL_H) + 1


def _above(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """Who beat his cards: every player's result above expected, and the
    leaders' running sums drawn from the hidden data sheet."""
    if found.above is None:
        return row
    row = _heading(page, row, col, "beat_cards")
    features = ", ".join(_feature(f, page.lang) for f in found.features)
    row = _sentence(page, row, col, word("above_words", page.lang, features=features))
    frame = found.above[
        ["player", "deals", "score", "expected", "above_expected", "above_per_deal"]
    ].copy()
    frame[["score", "expected", "above_expected"]] = frame[
        ["score", "expected", "above_expected"]
    ].round(0)
    frame["above_per_deal"] = frame["above_per_deal"].round(1)
    where = _table(page, row, col, frame)
    row = where.last_row + 2
    wide = found.running.rename(columns={"deal": word("deal_no", page.lang)})
    values = page.data.write_frame(wide, page.spare, 0)
    page.spare = values.last_row + 3
    head = values.header_row
    line_chart(
        page.sheet,
        row,
        col,
        categories=values.column(word("deal_no", page.lang)),
        series=[
            (CellRange(page.data.name, head, c, head, c), values.column(name))
            for name, c in values.columns.items()
            if c > 0
        ],
        title=word("above_chart", page.lang),
        x_title=word("deal_no", page.lang),
        size=(page.sheet.columns_px(col, col + _PANEL - 1), _CHART_H),
        colours=[page.colours.get(p, "#000000") for p in wide.columns[1:]],
        markers=False,
        stop_at_na=True,  # an XY chart: a numbered axis of deals, gaps left blank
    )
    return _chart_rows(page, row, _CHART_H) + 1


def _par(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """Above par per player, provisional ratings marked."""
    if found.par is None or found.par.empty:
        return row
    row = _heading(page, row, col, "par_title")
    mark = word("provisional", page.lang)
    row = _sentence(page, row, col, word("par_words", page.lang, provisional=mark))
    frame = found.par[
        ["player", "games", "par_score", "above_par", "wins", "expected_wins"]
    ].copy()
    frame[["par_score", "above_par"]] = frame[["par_score", "above_par"]].round(0)
    frame[["wins", "expected_wins"]] = frame[["wins", "expected_wins"]].round(1)
    frame["provisional"] = np.where(
        found.par["provisional"].to_numpy(dtype=bool), word("yes", page.lang), ""
    )
    where = _table(page, row, col, frame)
    return where.last_row + 2


def _records(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """The season's records, by name."""
    if found.records is None or found.records.empty:
        return row
    row = _heading(page, row, col, "records")
    # the holders last, in a cell as wide as the rest of the panel
    frame = found.records[["record", "value", "date", "player"]].copy()
    frame["record"] = [word(r, page.lang) for r in frame["record"].astype(str)]
    where = _table(page, row, col, frame, wide_last=True)
    return where.last_row + 2


def _medals(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """Month by month: the medal table."""
    if found.medals is None or found.medals.empty:
        return row
    row = _heading(page, row, col, "months")
    frame = found.medals[["player", "gold", "silver", "bronze", "periods"]]
    where = _table(page, row, col, frame.head(8))
    return where.last_row + 2


def _improved(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """The most improved players: second half of the season against the
    first, the prudent change (shrunk) ranking them."""
    if found.improved is None:
        return row
    gained = found.improved[found.improved["change_shrunk"].to_numpy() > 0]
    if gained["change_shrunk"].round(0).nunique() < 2:
        return row  # nobody's change stands out from the noise
    row = _heading(page, row, col, "improved")
    frame = gained[
        ["player", "games_before", "games_after", "change", "change_shrunk"]
    ].copy()
    frame[["change", "change_shrunk"]] = frame[["change", "change_shrunk"]].round(0)
    where = _table(page, row, col, frame)
    return where.last_row + 2


def _pairs(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """The partnerships that gave most beyond their players' worth."""
    if found.pairs is None:
        return row
    row = _heading(page, row, col, "pairs_title")
    frame = found.pairs[["partners", "deals", "margin", "expected", "synergy"]].copy()
    frame[["margin", "expected", "synergy"]] = frame[
        ["margin", "expected", "synergy"]
    ].round(1)
    where = _table(page, row, col, frame)
    return where.last_row + 2


def _odds(page: _Page, row: int, col: int, found: GameNumbers) -> int:
    """Who can still win the season."""
    if found.odds is None or found.odds.empty:
        return row
    row = _heading(page, row, col, "odds_title")
    row = _sentence(page, row, col, word("odds_words", page.lang, n=found.remaining))
    frame = found.odds[["player", "games", "current", "p_first", "p_top3"]].copy()
    frame[["p_first", "p_top3"]] = frame[["p_first", "p_top3"]].round(3)
    where = _table(page, row, col, frame)
    return where.last_row + 2
