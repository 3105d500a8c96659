"""Excel workbooks of score sheets: written as on paper (:func:`to_excel`,
:func:`write_template`) and read back (:func:`read_excel`), for every game
through its ``Game.excel`` hook."""

from cardscore_frames.io.excel.read import (
    read_excel,
    read_excel_table,
    workbook_metadata,
)
from cardscore_frames.io.excel.write import to_excel, write_template

__all__ = [
    "to_excel",
    "write_template",
    "read_excel",
    "read_excel_table",
    "workbook_metadata",
]
