"""The Bazar-Belot протокол in Excel (shared/rules/sheets.md, section 2).

One sheet per match: the date, table, the two pairs, the target and the
minimum bid above the table; a row per deal with the order (заказ: declaring
pair, bid N or капо K, suit), К/РК, the declarers' tricks and card whists,
both sides' declarations, the deal's worth (всего = PC + Pp + Pv), then each
pair's points (очки), running total (Σ, a formula) and БТ mark, and the check
that the two pairs' points add up to the deal's worth. Under the last deal, a
heavy rule, the totals, the БТ counts and the winner; a line chart of both
totals. Deals after the match ended are never in it (a scored log has none).
The template (:mod:`.template`) draws the same columns, so that both read back
through :func:`read_sheet`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_index
from cardscore_frames.excel import CellRange, Workbook, col_letters, line_chart
from cardscore_frames.excel.cells import prepare_column
from cardscore_frames.excel.hooks import SheetEntry, Words
from cardscore_frames.excel.paper import (
    Column,
    Match,
    NumberCheck,
    PaperRows,
    Table,
    encode,
    find_columns,
    find_labels,
    hint,
    label_end,
    read_details,
    read_hinted,
    read_rows,
    write_details,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.belot.rules import DECK_WHISTS, TRICKS

__all__ = [
    "WORDS",
    "PAIR_CODES",
    "SUIT_CODES",
    "DOUBLING_CODES",
    "DETAILS",
    "FIRST_ROW",
    "table",
    "write_sheets",
    "read_sheet",
]

WORDS = Words(index="Матчи", title="Протоколы", link="Протокол", empty="Нет матчей")
#: The declaring pair, and a pair marked for a Бэла.
PAIR_CODES = {"none": "", "a": "A", "b": "B"}
#: Typed with Cyrillic letters, the pairs read the same.
PAIR_ALIASES = {"а": "a", "в": "b", "б": "b"}
#: The trump suit, or БК (без козыря) for no-trump.
SUIT_CODES = {
    "clubs": "♣",
    "diamonds": "♦",
    "hearts": "♥",
    "spades": "♠",
    "no_trump": "БК",
}
#: К/РК: contra or recontra.
DOUBLING_CODES = {"none": "", "contra": "К", "recontra": "РК"}
#: The game's details above the table: label, log column, columns the value
#: spans (and the label, when not 1).
DETAILS = (
    ("Клуб", "league", 4, 2),
    ("Сезон", "season", 2),
    ("Дата", "date", 2),
    ("Стол", "table", 1),
    ("Матч", "game_id", 1),
)
#: Labels of the pairs' row; each pair's two players follow its label.
PAIR_LABELS = ("Пара A", "Пара B")
SIGMA, BAIT = "Σ", "БТ"
FIRST_ROW = 6  # title, details, pairs, rules, two heading rows


def table(*, bela: bool, template: bool = False) -> Table:
    """The протокол's columns (``bela``: the optional Бэла column)."""

    def pick(*choices: str) -> tuple[str, ...] | None:
        return tuple(choices) if template else None

    def count(low: int, high: int | None = None) -> NumberCheck | None:
        return NumberCheck(True, low, high) if template else None

    centre = ("body", "centre")
    columns = [
        Column("deal", "№", "deal", fills_row=False, width=4, style=centre),
        Column(
            "declarer",
            "пара",
            "declarer",
            group="заказ",
            codes=PAIR_CODES,
            aliases=PAIR_ALIASES,
            width=5,
            style=centre,
            choices=pick("A", "B"),
        ),
        Column(
            "bid",
            "ставка",
            "bid",
            group="заказ",
            width=7,
            style=centre,
            check=count(1),
            help="N, points; blank on a capo",
        ),
        Column(
            "capo_bid",
            "капо",
            "capo_bid",
            group="заказ",
            width=6,
            style=centre,
            check=count(0),
            help="K above the capo's 25 (0 if none); else blank",
        ),
        Column(
            "contract",
            "масть",
            "contract",
            group="заказ",
            codes=SUIT_CODES,
            width=6,
            style=centre,
            choices=pick(*SUIT_CODES.values()),
        ),
        Column(
            "doubling",
            "К/РК",
            "doubling",
            codes=DOUBLING_CODES,
            width=6,
            style=centre,
            choices=pick("К", "РК"),
        ),
        Column(
            "declarer_tricks",
            "взятки",
            "declarer_tricks",
            width=7,
            style=centre,
            check=count(0, TRICKS),
            help="the declarers' tricks, 0 to 8",
        ),
        Column(
            "declarer_card_points",
            "висты",
            "declarer_card_points",
            width=7,
            style=centre,
            check=count(0, DECK_WHISTS),
            help="the declarers' card whists with the last trick, 0 to 162",
        ),
        Column(
            "declarer_declarations",
            "зак.",
            "declarer_declarations",
            group="комбинации",
            width=6,
            style=centre,
            check=count(0),
            help="the declarers' declarations, whists",
        ),
        Column(
            "defender_declarations",
            "защ.",
            "defender_declarations",
            group="комбинации",
            width=6,
            style=centre,
            check=count(0),
            help="the defenders' declarations, whists",
        ),
        *(
            [
                Column(
                    "bela",
                    "бэла",
                    "bela",
                    codes=PAIR_CODES,
                    aliases=PAIR_ALIASES,
                    width=6,
                    style=centre,
                    choices=pick("A", "B"),
                )
            ]
            if bela
            else []
        ),
        Column("worth", "всего", width=6, style=("body", "centre", "italic")),
    ]
    for pair in ("A", "B"):
        columns += [
            Column(
                f"points_{pair}", f"{pair}: очки", width=7, style=("body", "centre")
            ),
            Column(
                f"total_{pair}",
                f"{pair}: Σ",
                width=7,
                style=("body", "centre", "cumul"),
            ),
            Column(
                f"bait_{pair}", f"{pair}: БТ", width=6, style=("body", "centre", "bait")
            ),
        ]
    columns.append(Column("check", "✓", width=4, style=("body", "check")))
    return Table(tuple(columns))


# --- writing -------------------------------------------------------------------------


def add_styles(book: Workbook) -> None:
    book.styles.register("bait", {"bold": True, "font_color": "#9C0006"})
    book.styles.register("label", {"bold": True, "align": "right", "indent": 1})
    book.styles.register("end", {"top": 5, "bold": True})


def write_sheets(
    book: Workbook, scored: pd.DataFrame, kind: str, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """One протокол per match of ``scored`` (what ``score`` returned)."""
    add_styles(book)
    index = game_index(scored)
    data = scored.take(index.order).reset_index(drop=True)
    prepared = _prepare(data)
    rules = scored.cardscore.rules
    bela = "bela" in data and bool((data["bela"] != "none").fillna(False).any())
    layout = table(bela=bela or rules.bela_kept)
    entries = []
    for g in range(index.n_games):
        start, stop = int(index.starts[g]), int(index.starts[g + 1])
        entries.append(_write_match(book, data, prepared, layout, start, stop, rules))
    return entries


def _prepare(data: pd.DataFrame) -> dict[str, Any]:
    """Every column of the table as cells, in paper codes, for all matches."""
    full = table(bela=True)
    prepared: dict[str, Any] = {}
    for column in full.columns:
        if column.field is not None and column.field in data:
            values = data[column.field]
            prepared[column.key] = prepare_column(encode(values, column))
    worth = (
        data["contract_points"]
        + data["declarer_whist_points"]
        + data["defender_whist_points"]
    )
    prepared["worth"] = worth.to_numpy(dtype=np.int64)
    for pair in ("a", "b"):
        marks = np.where((data["bait"] == pair).to_numpy(), BAIT, None)
        prepared[f"bait_{pair.upper()}"] = prepare_column(pd.Series(marks))
        prepared[f"points_{pair.upper()}"] = data[f"points_{pair}"].to_numpy(np.int64)
        prepared[f"total_{pair.upper()}"] = data[f"total_{pair}"].to_numpy(np.int64)
    return prepared


def _write_match(book, data, prepared, layout: Table, start, stop, rules) -> SheetEntry:
    first = data.iloc[start]
    gid = first["game_id"]
    sheet = book.add_sheet(f"Матч {gid}")
    pairs = [[first[p] for p in ("a1", "a2")], [first[p] for p in ("b1", "b2")]]
    spots = write_top(
        sheet,
        layout,
        f"Протокол — матч {gid}",
        [first.get(c) for _, c, *_ in DETAILS],
        pairs,
        rules,
    )
    layout.write_header(sheet, FIRST_ROW - 2)
    for column in layout.columns:
        if column.field is not None and column.key in prepared:
            sheet.write_prepared(
                FIRST_ROW,
                layout.col(column.key),
                prepared[column.key],
                start,
                stop,
                column.style,
                column=column.field,
            )
    last = FIRST_ROW + stop - start - 1
    for pair in ("A", "B"):
        col = layout.col(f"bait_{pair}")
        sheet.write_prepared(
            FIRST_ROW,
            col,
            prepared[f"bait_{pair}"],
            start,
            stop,
            ("body", "centre", "bait"),
        )
    write_points(
        sheet, layout, FIRST_ROW, last, {k: prepared[k][start:stop] for k in _NUMBERS}
    )
    totals = (int(data["total_a"].iat[stop - 1]), int(data["total_b"].iat[stop - 1]))
    over = bool(data["match_over"].iat[stop - 1])
    winner = str(data["winner"].iat[stop - 1]).upper() if over else None
    text = winner_text(winner, pairs, totals, rules.target)
    write_bottom(sheet, layout, last, totals, text)
    chart(sheet, layout, FIRST_ROW, last)
    finish(sheet, stop - start)
    entry = _index_row(data, start, stop, pairs, totals, winner)
    return SheetEntry(sheet.name, "deals", gid, entry, where(layout, spots))


_NUMBERS = ("worth", "points_A", "total_A", "points_B", "total_B")


def write_top(
    sheet: Sheet,
    layout: Table,
    title: str,
    details: Sequence[Any],
    pairs: Sequence[Sequence[Any]],
    rules: Any,
) -> dict[str, tuple]:
    """Title, details, the pairs and the rules; returns where the values are."""
    width = layout.last_col
    sheet.merge(0, 0, 0, width, title, "title")
    sheet.set_row_height(0, 22)
    values = [
        (label, _value(v), *spans)
        for (label, _, *spans), v in zip(DETAILS, details, strict=True)
    ]
    spots = dict(
        zip(
            (c for _, c, *_ in DETAILS),
            write_details(sheet, 1, 0, values, label_style="label"),
            strict=True,
        )
    )
    col = 0
    names = zip(PAIR_LABELS, pairs, (("a1", "a2"), ("b1", "b2")), strict=True)
    for label, (p1, p2), (c1, c2) in names:
        sheet.merge(2, col, 2, col + 1, label, "label")
        sheet.merge(2, col + 2, 2, col + 3, _value(p1), ("box", "left", "bold"))
        sheet.merge(2, col + 4, 2, col + 5, _value(p2), ("box", "left", "bold"))
        spots[c1], spots[c2] = (2, col + 2), (2, col + 4)
        col += 7
    sheet.merge(3, 0, 3, width, rules_line(rules), "subtitle")
    return spots


def _value(value: Any) -> Any:
    return None if value is None or pd.isna(value) else value


def rules_line(rules: Any) -> str:
    """The target, the minimum bid and any option that differs from the seed's."""
    text = f"игра до {rules.target} · минимальный заказ {rules.min_bid}"
    changes = {
        k: v for k, v in rules.changes().items() if k not in ("target", "min_bid")
    }
    if changes:
        text += " · " + ", ".join(f"{k} = {v}" for k, v in changes.items())
    return text + " · ✓: A: очки + B: очки − всего = 0"


def where(layout: Table, spots: Mapping[str, tuple]) -> dict[str, Any]:
    """The layout hint: the table, the players and the details."""
    return hint(layout, FIRST_ROW - 1, stop=(SIGMA,), fixed=dict(spots))


def write_points(
    sheet: Sheet,
    layout: Table,
    first: int,
    last: int,
    values: Mapping[str, np.ndarray],
    formulas: Mapping[str, Sequence[str]] | None = None,
) -> None:
    """всего, each pair's points and running total (formulas), and the check.

    ``formulas``: the template's formulas for всего and the points (the export
    writes them as numbers)."""
    rows = range(first + 1, last + 2)
    letter = {
        k: col_letters(layout.col(k))
        for k in ("worth", "points_A", "points_B", "total_A", "total_B")
    }
    for key in ("worth", "points_A", "points_B"):
        col = layout.col(key)
        style = next(c.style for c in layout.columns if c.key == key)
        if formulas is None:
            sheet.write_numbers(first, col, values[key], style)
        else:
            sheet.write_formula_column(first, col, formulas[key], values[key], style)
    for pair in ("A", "B"):
        p, t = letter[f"points_{pair}"], letter[f"total_{pair}"]
        if formulas is None:
            run = [f"={p}{first + 1}"] + [f"={t}{r - 1}+{p}{r}" for r in rows][1:]
        else:
            run = [f'=IF({p}{r}="","",SUM({p}${first + 1}:{p}{r}))' for r in rows]
        sheet.write_formula_column(
            first,
            layout.col(f"total_{pair}"),
            run,
            values[f"total_{pair}"],
            ("body", "centre", "cumul"),
        )
    w, a, b = letter["worth"], letter["points_A"], letter["points_B"]
    check = [f'=IF({w}{r}="","",{a}{r}+{b}{r}-{w}{r})' for r in rows]
    worth = np.asarray(values["worth"], dtype=object)
    zeros = np.where(worth == "", None, 0).astype(object)
    zeros[worth == ""] = ""
    sheet.write_formula_column(
        first, layout.col("check"), check, zeros, ("body", "check")
    )
    sheet.flag_nonzero(first, layout.col("check"), last, layout.col("check"))


def write_bottom(
    sheet: Sheet,
    layout: Table,
    last: int,
    totals: tuple[int, int],
    winner: str | tuple[str, str],
) -> None:
    """Under a heavy rule: totals and БТ counts; then the winner (a text, or a
    (formula, value) pair)."""
    row = last + 1
    end = layout.col("points_A") - 1
    sheet.merge(row, 0, row, end, SIGMA, ("body", "end", "right"))
    for k, pair in enumerate(("A", "B")):
        p = col_letters(layout.col(f"points_{pair}"))
        t, bt = layout.col(f"total_{pair}"), layout.col(f"bait_{pair}")
        sheet.write(row, layout.col(f"points_{pair}"), None, ("body", "end"))
        total = f"=SUM({p}{FIRST_ROW + 1}:{p}{last + 1})"
        sheet.write_formula(
            row, t, total, totals[k], ("body", "end", "centre", "cumul")
        )
        b = col_letters(bt)
        marks = f'=COUNTIF({b}{FIRST_ROW + 1}:{b}{last + 1},"{BAIT}")'
        sheet.write_formula(row, bt, marks, 0, ("body", "end", "centre"))
    sheet.write(row, layout.col("check"), None, ("body", "end"))
    if isinstance(winner, tuple):
        sheet.merge_formula(
            row + 1, 0, row + 1, layout.last_col, *winner, ("bold", "left")
        )
    else:
        sheet.merge(row + 1, 0, row + 1, layout.last_col, winner, ("bold", "left"))


def winner_text(winner: str | None, pairs, totals, target: int) -> str:
    """The line under the protocol: who won, or that the match goes on."""
    if winner is None:
        return f"Матч не окончен (игра до {target})"
    names = ", ".join(str(n) for n in pairs[0 if winner == "A" else 1])
    return f"Победа: пара {winner} ({names}) — {totals[0]} : {totals[1]}"


def chart(sheet: Sheet, layout: Table, first: int, last: int) -> None:
    """Both pairs' running totals, deal by deal, under the table."""
    categories = CellRange(sheet.name, first, 0, last, 0)
    series = []
    for pair in ("A", "B"):
        t = layout.col(f"total_{pair}")
        series.append((f"Пара {pair}", CellRange(sheet.name, first, t, last, t)))
    width = max(480, sheet.columns_px(0, layout.last_col))
    line_chart(
        sheet,
        last + 4,
        0,
        categories=categories,
        series=series,
        title="Счёт по сдачам",
        x_title="Сдача",
        y_title="Очки",
        size=(width, 280),
    )


def finish(sheet: Sheet, rows: int) -> None:
    sheet.autofit(minimum=4, maximum=24)
    sheet.freeze(FIRST_ROW, 1)
    sheet.landscape_fit_to_page(
        repeat_rows=(FIRST_ROW - 2, FIRST_ROW - 1), pages_tall=1 if rows <= 40 else 0
    )


def _index_row(data, start, stop, pairs, totals, winner) -> dict[str, Any]:
    first = data.iloc[start]
    baits = data["bait"].iloc[start:stop]
    return {
        "Матч": first["game_id"],
        "Дата": _value(first.get("date")),
        "Стол": _value(first.get("table")),
        "Пара A": ", ".join(str(p) for p in pairs[0]),
        "Пара B": ", ".join(str(p) for p in pairs[1]),
        "Счёт": f"{totals[0]} : {totals[1]}",
        "Сдачи": stop - start,
        "БТ": f"{int((baits == 'a').sum())} : {int((baits == 'b').sum())}",
        "Победа": f"пара {winner}" if winner else "не окончен",
    }


# --- reading -------------------------------------------------------------------------

_FULL = table(bela=True)


def read_sheet(
    cells: SheetCells, kind: str, layout: Mapping[str, Any] | None = None
) -> PaperRows | None:
    """The deals of a протокол (ours, or a filled template) as log rows."""
    if kind != "deals":
        return None
    rows = read_hinted(cells, layout, _FULL.columns) if layout else None
    if rows is None:
        rows = _search(cells)
    if rows is None:
        return None
    rows.data["capo"] = [v is not None and v != "" for v in rows.data["capo_bid"]]
    if "capo_bid" in rows.letters:
        rows.letters["capo"] = rows.letters["capo_bid"]
    return rows


def _search(cells: SheetCells) -> PaperRows | None:
    match = find_columns(cells, _FULL.columns, ("deal", "declarer", "contract"))
    if match is None:
        return None
    rows = read_rows(cells, match, _FULL.columns, stop=(SIGMA,))
    details = read_details(cells, [label for label, *_ in DETAILS])
    for label, column, *_ in DETAILS:
        value, where_ = details.get(label, (None, None))
        rows.set_constant(column, value, where_)
    _pairs_from(cells, match, rows)
    return rows


def _pairs_from(cells: SheetCells, match: Match, rows: PaperRows) -> None:
    """Each pair's two players, in the two cells right of its label."""
    spots = find_labels(cells, PAIR_LABELS)
    columns = (("a1", "a2"), ("b1", "b2"))
    for label, pair in zip(PAIR_LABELS, columns, strict=True):
        if label not in spots:
            for column in pair:
                rows.set_constant(column, None, None)
            continue
        i, j = spots[label]
        j = label_end(cells, i, j) + 1
        for column in pair:
            r, c = cells.first_row + i, cells.first_col + j
            rows.set_constant(column, cells.cell(r, c), (r, c))
            j = label_end(cells, i, j) + 1
