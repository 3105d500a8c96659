"""What a game gives the shared workbook code: the ``Game.excel`` hook.

A game draws its own paper sheets; everything else about a workbook (the
index sheet, the metadata that lets it be read back, atomic saving, reading
cells with their addresses, the log's validation) is shared and names no
game. The hook is a :class:`GameSheets` of a few callables, set in the game's
registry entry (``Game(..., excel=GameSheets(...))``); a fourth game writes its
own and nothing shared changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

    from cardscore_frames.excel.paper import PaperRows
    from cardscore_frames.excel.reading import SheetCells
    from cardscore_frames.excel.workbook import Workbook

__all__ = [
    "GameSheets",
    "SheetEntry",
    "Words",
    "with_points",
    "POINTS",
    "DETAIL_OPTIONS",
]


@dataclass(frozen=True)
class SheetEntry:
    """One sheet a game's writer added.

    Attributes
    ----------
    name : str
        The sheet's name (as :meth:`Workbook.add_sheet` gave it).
    kind : str, optional
        The log kind that can be read back from it (``deals``, ``sheet``);
        None for a sheet that holds no log (a rules table).
    game_id : object, optional
        The game it shows.
    index : mapping, optional
        The game's row on the index sheet, heading -> value, in the game's
        words; None: not listed there.
    layout : mapping, optional
        Where its table is (:func:`~cardscore_frames.excel.paper.hint`), stored
        in the metadata and handed back to ``read``, which then finds the table
        without searching the sheet.
    """

    name: str
    kind: str | None = None
    game_id: Any = None
    index: Mapping[str, Any] | None = None
    layout: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Words:
    """The words of the shared sheets, in the language of the game's paper.

    ``index`` names the index sheet, ``title`` heads it, ``link`` heads its
    column of links to each game's sheet, ``empty`` says there is no game.
    ``grouping`` lists the index rows' headings of a game's league and season:
    a game is named by its league, season and id, so the index shows them when
    the workbook's games differ in them (two seasons may both have a game 1),
    and leaves them out when every game has the same.
    """

    index: str = "Games"
    title: str = "Score sheets"
    link: str = "Sheet"
    empty: str = "No game"
    grouping: tuple[str, ...] = ("League", "Season")


@dataclass(frozen=True)
class GameSheets:
    """A game's paper sheets in Excel (the ``Game.excel`` hook).

    Attributes
    ----------
    write : callable
        ``write(book, frame, kind, options) -> list[SheetEntry]``: add the sheets
        of every game of ``frame`` (scored deals when ``kind`` is ``"deals"``, a
        checked log of that kind otherwise) to the :class:`Workbook`.
    read : callable
        ``read(cells, kind, layout) -> PaperRows | None``: the log rows of
        ``kind`` on one sheet (:class:`SheetCells`) the writer or the template
        wrote, where ``layout`` (the sheet's :attr:`SheetEntry.layout`, or None)
        says, else found by its headings; None when the sheet holds no such
        table.
    template : callable, optional
        ``template(book, players, rules, options) -> list[SheetEntry]``: a blank
        score sheet whose formulas score what is typed in.
    kinds : tuple of str
        The log kinds the game exports (a preferans end-of-game ``sheet`` too).
    options : mapping
        Export options the game accepts -> allowed values (None: any value).
    template_options : mapping
        Template options the game accepts -> allowed values (None: any value).
    words : Words
        The shared sheets' words in the game's language.
    """

    write: Callable[[Workbook, pd.DataFrame, str, Mapping[str, Any]], list[SheetEntry]]
    read: Callable[[SheetCells, str, Mapping[str, Any] | None], PaperRows | None]
    template: (
        Callable[[Workbook, Sequence[str], Any, Mapping[str, Any]], list[SheetEntry]]
        | None
    ) = None
    kinds: tuple[str, ...] = ("deals",)
    options: Mapping[str, tuple[Any, ...] | None] = field(default_factory=dict)
    template_options: Mapping[str, tuple[Any, ...] | None] = field(default_factory=dict)
    words: Words = field(default_factory=Words)


#: The template options every game takes: the title and the game's details
#: above the table (any value).
DETAIL_OPTIONS = {
    "title": None,
    "date": None,
    "league": None,
    "season": None,
    "table": None,
    "game_id": None,
}

#: The log kind of points-only logs, whose sheets a game draws apart.
POINTS = "points"


def with_points(
    write_deals: Callable[..., list[SheetEntry]],
    read_deals: Callable[..., PaperRows | None],
    write_points: Callable[..., list[SheetEntry]],
    read_points: Callable[..., PaperRows | None],
) -> tuple[Callable[..., list[SheetEntry]], Callable[..., PaperRows | None]]:
    """The ``write`` and ``read`` of a :class:`GameSheets` whose points-only logs
    have sheets of their own: ``kind="points"`` goes to ``write_points(book,
    frame, options)`` and ``read_points(cells, layout)``, every other kind to
    the deal log's pair (which take the kind too)."""

    def write(
        book: Workbook, frame: pd.DataFrame, kind: str, options: Mapping[str, Any]
    ) -> list[SheetEntry]:
        if kind == POINTS:
            return write_points(book, frame, options)
        return write_deals(book, frame, kind, options)

    def read(
        cells: SheetCells, kind: str, layout: Mapping[str, Any] | None = None
    ) -> PaperRows | None:
        if kind == POINTS:
            return read_points(cells, layout)
        return read_deals(cells, kind, layout)

    return write, read
