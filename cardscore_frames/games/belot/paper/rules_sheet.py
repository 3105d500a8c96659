"""The Правила sheet of the blank протокол (:mod:`.template`): the scorer's
constants and the rules' options, named for the formulas, and the words each
choice column accepts."""

from __future__ import annotations

from typing import Any

from cardscore_frames.excel import Workbook
from cardscore_frames.excel.constants import write_constants, write_lookup
from cardscore_frames.excel.hooks import SheetEntry
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.belot.paper import DOUBLING_CODES
from cardscore_frames.games.belot.paper.layout import word_tables
from cardscore_frames.games.belot.paper.template_formulas import CHOICES, table_name
from cardscore_frames.games.belot.rules import (
    ALL_TRICKS_BASE_COST,
    ALL_TRICKS_WHISTS,
    BASE_COST,
    BELA_POINTS,
    BELA_WHISTS,
    CAPO_BASE_COST,
    DECK_WHISTS,
    DOUBLING_FACTOR,
    TRICKS,
    WHISTS_PER_POINT,
)

__all__ = ["RULES_SHEET", "rule_tables"]


RULES_SHEET = "Правила"


def rule_tables(book: Workbook, rules: Any) -> SheetEntry:
    """The Правила sheet: the constants and options the formulas read."""
    sheet = book.add_sheet(RULES_SHEET)
    sheet.merge(0, 0, 0, 4, "Правила", "title")
    row = write_constants(sheet, 2, 0, "Константы и опции", _constants(rules))
    doublings = [
        (DOUBLING_CODES[d], DOUBLING_FACTOR[d]) for d in ("contra", "recontra")
    ]
    write_lookup(
        sheet, row + 1, 0, "Контра", ("код", "множитель"), doublings, "Doublings"
    )
    _word_tables(sheet, row + 6, 0)
    sheet.set_widths({0: 42, 1: 10, 3: 10, 4: 10, 5: 10})
    return SheetEntry(sheet.name)


def _constants(rules: Any) -> list[tuple[str, Any, str]]:
    """(words, value, name) of each constant and option the formulas read."""
    return [
        ("очков карт в колоде (с последней взяткой)", DECK_WHISTS, "Deck"),
        ("вистов в очке", WHISTS_PER_POINT, "WhistsPerPoint"),
        ("взяток в сдаче", TRICKS, "Tricks"),
        ("цена контракта C", BASE_COST, "BaseCost"),
        ("цена капо", CAPO_BASE_COST, "CapoCost"),
        ("бэла, вистов", BELA_WHISTS, "BelaWhists"),
        ("бэла, очков при подсаде", BELA_POINTS, "BelaPoints"),
        ("все взятки: вистов", ALL_TRICKS_WHISTS, "AllTricksWhists"),
        ("все взятки: C", ALL_TRICKS_BASE_COST, "AllTricksCost"),
        (
            "5 на конце округляется (5 вверх, 4 вниз)",
            5 if rules.trailing_five == "up" else 4,
            "Half",
        ),
        ("БК вдвойне (1 да, 0 нет)", int(rules.no_trump_double), "NoTrumpDouble"),
        ("бонус за все взятки (1/0)", int(rules.all_tricks_bonus), "AllTricks"),
        ("бэла при подсаде (1/0)", int(rules.bela_kept), "BelaKept"),
        ("C на сорванном капо", rules.failed_capo_base, "FailedCapoBase"),
        (
            "очки за висты: каждой стороне своё округление (1/0)",
            int(rules.whist_rounding == "each"),
            "WhistsEach",
        ),
        (
            "без взяток заявки уходят защите (1/0)",
            int(rules.trickless_transfer),
            "TricklessTransfer",
        ),
        (
            "контра сыграна: висты защиты играющим (1/0)",
            int(rules.contra_takes_all),
            "ContraTakesAll",
        ),
        (
            "БК: заказ ещё раз после контры (1/0)",
            int(rules.no_trump_adds_bid),
            "NoTrumpAddsBid",
        ),
        (
            "подсад: защите заказ + 16 (25) + свои заявки (1/0)",
            int(rules.failed_payout == "base"),
            "FailedBase",
        ),
        (
            "капо — заказ своего уровня (1/0)",
            int(rules.capo_scoring == "bid"),
            "CapoByBid",
        ),
        ("игра до", rules.target, "Target"),
        ("минимальный заказ", rules.min_bid, "MinBid"),
    ]


def _word_tables(sheet: Sheet, row: int, col: int) -> None:
    """The words each choice column accepts (its codes, the package's words
    for its values) and the code each stands for."""
    for field, (words, _) in word_tables().items():
        row = write_lookup(
            sheet,
            row,
            col,
            f"Слова: {CHOICES[field]}",
            ("слово", "код"),
            words,
            table_name(field),
        )
        row += 1
