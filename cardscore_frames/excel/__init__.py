"""Excel machinery shared by every game's score sheet; it names no game.

Writing::

    from cardscore_frames.excel import Workbook, line_chart

    with Workbook("evening.xlsx", metadata={"game": "..."}) as book:
        sheet = book.add_sheet("Evening 3")
        block = sheet.write_frame(frame, styles={"cumul": ("signed", "cumul")})
        sheet.write_formula(row, col, "=SUM(C2:F2)", 0)   # with its computed value
        sheet.landscape_fit_to_page(repeat_rows=0)
        sheet.autofit()

A game's paper sheet is a :class:`Table` of :class:`Column` (headings, codes,
drop-downs) that writes itself and is found again by its headings; the game
gives the shared code its sheets through a :class:`GameSheets` hook.

Reading outside workbooks (checked first: a zip, not encrypted, not a bomb)::

    from cardscore_frames.excel import read_sheet
    cells = read_sheet("club.xlsx", "Evening 3")
    cells.values, cells.row_numbers, cells.address(0, 0)   # 'Evening 3!C5'
"""

from cardscore_frames.excel.archive import ArchiveLimits, check_archive
from cardscore_frames.excel.books import FORMAT, game_hook, write_index
from cardscore_frames.excel.cells import MAX_TEXT, classify, text_problem
from cardscore_frames.excel.charts import (
    chart_size,
    column_chart,
    line_chart,
    table_chart,
)
from cardscore_frames.excel.constants import write_constants, write_lookup
from cardscore_frames.excel.hooks import GameSheets, SheetEntry, Words
from cardscore_frames.excel.layout import A4, LETTER
from cardscore_frames.excel.paper import (
    Column,
    NumberCheck,
    PaperRows,
    Table,
    find_columns,
    read_hinted,
    read_rows,
)
from cardscore_frames.excel.reading import (
    SheetCells,
    open_openpyxl,
    read_book,
    read_metadata,
    read_sheet,
    read_sheets,
    sheet_names,
)
from cardscore_frames.excel.refs import (
    MAX_COLS,
    MAX_ROWS,
    CellRange,
    FrameBlock,
    cell_ref,
    col_letters,
    excel_string,
    quote_sheet,
    range_ref,
)
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.styles import (
    BASE_FONT,
    STYLES,
    Style,
    Styles,
    fit_width,
    safe_sheet_name,
    text_width,
)
from cardscore_frames.excel.workbook import LISTS_SHEET, Workbook

__all__ = [
    "Workbook",
    "Sheet",
    "FrameBlock",
    "LISTS_SHEET",
    "STYLES",
    "BASE_FONT",
    "Style",
    "Styles",
    "safe_sheet_name",
    "text_width",
    "fit_width",
    "MAX_TEXT",
    "classify",
    "text_problem",
    "A4",
    "LETTER",
    "line_chart",
    "table_chart",
    "column_chart",
    "chart_size",
    "CellRange",
    "MAX_ROWS",
    "MAX_COLS",
    "cell_ref",
    "range_ref",
    "col_letters",
    "quote_sheet",
    "excel_string",
    "ArchiveLimits",
    "check_archive",
    "SheetCells",
    "sheet_names",
    "read_sheet",
    "read_metadata",
    "read_sheets",
    "read_book",
    "open_openpyxl",
    "GameSheets",
    "SheetEntry",
    "Words",
    "FORMAT",
    "game_hook",
    "write_index",
    "Column",
    "NumberCheck",
    "Table",
    "PaperRows",
    "find_columns",
    "read_rows",
    "read_hinted",
    "write_constants",
    "write_lookup",
]
