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
from cardscore_frames.excel.words import WordTable, read_as_typed
from cardscore_frames.excel.words import word_tables as _word_tables
from cardscore_frames.games.belot.rules import DECK_WHISTS, PAIRS, TRICKS
from cardscore_frames.games.belot.schema import SCHEMA
from cardscore_frames.games.belot.vocabulary import DOUBLING, PAIR_OR_NONE, SUIT

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

WORDS = Words(
    index="Матчи",
    title="Протоколы",
    link="Протокол",
    empty="Нет матчей",
    grouping=("Клуб", "Сезон"),
)
#: The sheet's codes, from the game's one vocabulary (vocabulary.py): the
#: declaring pair and a pair marked for a Бэла (A, B), the trump suit (♣ ♦ ♥ ♠,
#: or БК, без козыря, for no-trump), К/РК (contra or recontra).
PAIR_CODES = PAIR_OR_NONE.codes
SUIT_CODES = SUIT.codes
DOUBLING_CODES = DOUBLING.codes
#: The pairs typed with Cyrillic letters read as the log reads them.
PAIR_ALIASES = {w: v for v in PAIRS for w in PAIR_OR_NONE.accepted(v)}
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
#: A template's last column: what its formulas cannot score on the row.
CHECK = "Проверка"


def _coded(codes: Mapping[str, str]) -> list[str]:
    """The codes a drop-down offers: every one but the blank."""
    return [c for c in codes.values() if c]


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
            choices=pick(*_coded(PAIR_CODES)),
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
            choices=pick(*_coded(DOUBLING_CODES)),
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
                    choices=pick(*_coded(PAIR_CODES)),
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
    if template:
        columns.append(Column("message", CHECK, width=28, style=("body", "flag_text")))
    return Table(tuple(columns))


def word_tables() -> dict[str, WordTable]:
    """Each choice column's lookup table (:func:`.words.word_tables`): its
    codes and aliases, the schema's choices and ``value_aliases`` (the words
    every reader accepts)."""
    return _word_tables(_FULL.columns, SCHEMA.field)


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
    if layout is not None and layout.get("template"):
        read_as_typed(rows, word_tables())
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
