"""Paper score sheets as tables: columns known by their headings, written and
read back by those headings.

A club knows the columns of its score sheet by their headings ("Preneur",
"Contrat") and writes codes in them ("G" for a garde). :class:`Column` declares
one such column: its heading (under an optional group heading), the log column
it reads back into, and the codes between log values and paper text. The same
declarations write the header rows, encode the values, put drop-downs and input
checks on a template, and find the columns again in a workbook someone has
edited (:func:`find_columns`, :func:`read_rows`), so that the reader follows
the writer. What is the same on every row of a game (date, table, game) sits
in a block of label/value pairs above the table (:func:`write_details`,
:func:`read_details`).
"""

from __future__ import annotations

from cardscore_frames.excel.columns import (
    Column,
    NumberCheck,
    Table,
    decode,
    encode,
    norm,
)
from cardscore_frames.excel.details import (
    details_into,
    find_labels,
    label_end,
    read_details,
    write_details,
)
from cardscore_frames.excel.tables import (
    Match,
    PaperRows,
    find_columns,
    hint,
    read_hinted,
    read_rows,
    stack,
)

__all__ = [
    "NumberCheck",
    "Column",
    "Table",
    "Match",
    "PaperRows",
    "encode",
    "decode",
    "norm",
    "write_details",
    "find_labels",
    "label_end",
    "read_details",
    "details_into",
    "find_columns",
    "read_rows",
    "hint",
    "read_hinted",
    "stack",
]
