"""The протокол's columns, codes and details (docs/guide/excel.md, the
протокол), and reading a протокол back, ours or a filled template, by its headings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscore_frames.excel.hooks import Words
from cardscore_frames.excel.paper import (
    Column,
    Match,
    NumberCheck,
    PaperRows,
    Table,
    details_into,
    find_columns,
    find_labels,
    label_end,
    read_hinted,
    read_rows,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.games.belot.rules import DECK_WHISTS, TRICKS

__all__ = [
    "WORDS",
    "PAIR_CODES",
    "SUIT_CODES",
    "DOUBLING_CODES",
    "DETAILS",
    "DETAILS_ON_TOP",
    "PAIR_LABELS",
    "FIRST_ROW",
    "SIGMA",
    "BAIT",
    "table",
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
    ("Сезон", "season", 2, 2),
    ("Дата", "date", 2, 2),
    ("Стол", "table", 1),  # these two on the pairs' row, after the pairs
    ("Матч", "game_id", 1),
)
#: How many of DETAILS are on the first row.
DETAILS_ON_TOP = 3
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


_FULL = table(bela=True)


def read_sheet(
    cells: SheetCells, kind: str, layout: Mapping[str, Any] | None = None
) -> PaperRows | None:
    """The deals of a протокол (ours, or a filled template) as log rows."""
    if kind != "deals":
        return None
    rows = read_hinted(cells, layout, _FULL.columns, _search)
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
    details_into(rows, cells, DETAILS)
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
