"""Parsing log files into cells: CSV, JSON lines (or a JSON table) and Parquet.

Each parser gives the table as it is written (text as text, JSON and Parquet
numbers as numbers) with the file line of every row, and turns every way a file
can be unreadable into a :class:`~cardscore_frames.errors.LogReadError` that says
what is wrong and where (the lines of ragged rows, the line of an unclosed quote
or of bad JSON), never into a parser's own exception.

One module a format (:mod:`.csv_files`, :mod:`.json_files`,
:mod:`.parquet_files`) and what they share in :mod:`.common`.
"""

from cardscore_frames.io.formats.common import need, read_bytes
from cardscore_frames.io.formats.csv_files import (
    NotUtf8,
    csv_encoding,
    parse_csv,
    read_csv_bytes,
)
from cardscore_frames.io.formats.json_files import json_lines_encoding, parse_json
from cardscore_frames.io.formats.parquet_files import parse_parquet

__all__ = [
    "read_bytes",
    "read_csv_bytes",
    "parse_csv",
    "csv_encoding",
    "json_lines_encoding",
    "parse_json",
    "parse_parquet",
    "need",
    "NotUtf8",
]
