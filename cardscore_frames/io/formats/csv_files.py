"""Parsing CSV logs: the table as it is written, text as text, with the file
line of every row; every way a CSV file can be unreadable (ragged rows, an
unclosed quote, bytes that are not text) is a
:class:`~cardscore_frames.errors.LogReadError` that says what and where."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.errors import LogReadError
from cardscore_frames.io.encoding import decode, fallback_of
from cardscore_frames.io.formats.common import _SHOWN, _is_utf8, _unreadable
from cardscore_frames.io.layout import HEADER_ROWS

#: A UTF-8 byte-order mark.
_BOM = b"\xef\xbb\xbf"
#: The line breaks above a table's header.
_BREAKS = re.compile(rb"[\r\n]*")
#: Bytes read first to find where a CSV file's table starts.
_HEAD = 1 << 16


def read_csv_bytes(
    path: Path,
    header: Callable[[list[list[str]]], int | None] | None = None,
    encoding: str | None = None,
) -> tuple[bytes, bool, int]:
    """A CSV file's bytes from its header on, read once: past a UTF-8 byte-order
    mark (a spreadsheet's "CSV UTF-8" starts with one), the empty lines above
    the header, which would otherwise be cut off a copy of the whole file, and
    the title lines above it, when ``header`` tells which of the first lines is
    the header (:func:`_title_end`).

    Returns the bytes, whether the file starts with the mark, and how many lines
    lie above the header. A directory or an unreadable file is a LogReadError.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEAD)
            bom, skip = _table_start(head)
            if skip < len(head) or len(head) < _HEAD:
                skip += _title_end(head[skip:], header, encoding)
                handle.seek(skip)
                return handle.read(), bom, _breaks(head, skip)
            # empty lines beyond the first read (a file of nothing else, or
            # an odd one): found in the whole file
            handle.seek(0)
            data = handle.read()
    except OSError as exc:
        raise _unreadable(path, exc) from None
    bom, skip = _table_start(data)
    skip += _title_end(data[skip : skip + _HEAD], header, encoding)
    return data[skip:], bom, _breaks(data, skip)


#: The encodings title lines are tried in when the file's is not known yet.
_TITLE_ENCODINGS = ("utf-8", "cp1251", "cp1252")


def _title_end(
    body: bytes,
    header: Callable[[list[list[str]]], int | None] | None,
    encoding: str | None,
) -> int:
    """Where the header line starts in ``body`` (a file from its first line on):
    past the title lines a spreadsheet's CSV export keeps above its table
    (``Scores 2024;;;``). ``header`` picks the header among the first lines, as
    cells; 0 when it finds none, or finds the first line."""
    if header is None:
        return 0
    starts, texts = _first_lines(body, HEADER_ROWS)
    for name in (encoding,) if encoding else _TITLE_ENCODINGS:
        try:
            lines = [t.decode(name) for t in texts]
        except (UnicodeDecodeError, LookupError):
            continue
        sep = max(",;\t", key=lambda c: sum(line.count(c) for line in lines))
        at = header([next(csv.reader([line], delimiter=sep), []) for line in lines])
        if at is not None:
            return starts[at]
    return 0


def _first_lines(body: bytes, count: int) -> tuple[list[int], list[bytes]]:
    """Where each of the first ``count`` lines starts, and its text: lines that
    end in a break (a title line holds no quoted one; the last line of a read
    may be cut)."""
    starts, texts, at = [], [], 0
    while len(starts) < count:
        ends = [i for i in (body.find(b"\n", at), body.find(b"\r", at)) if i >= 0]
        if not ends:
            break
        end = min(ends)
        starts.append(at)
        texts.append(body[at:end])
        at = end + (2 if body[end : end + 2] == b"\r\n" else 1)
    return starts, texts


def _table_start(data: bytes) -> tuple[bool, int]:
    """Whether ``data`` starts with a UTF-8 byte-order mark, and where its table
    starts: past the mark and the empty lines above the header."""
    bom = data.startswith(_BOM)
    return bom, _BREAKS.match(data, len(_BOM) if bom else 0).end()


class NotUtf8(Exception):
    """The file's bytes are not UTF-8."""


def parse_csv(
    body: bytes, encoding: str | None, path: Path, lines_above: int = 0
) -> tuple[pd.DataFrame, np.ndarray]:
    """A CSV file as text cells (categoricals of the text given), and the file line
    of each row. pyarrow parses it, each column dictionary-encoded as it is read:
    a log repeats few values in many rows, and the checks look at each distinct
    value once. Raises :class:`NotUtf8` when ``encoding`` is None and the bytes
    are not UTF-8. ``body`` is the file from its header on and ``lines_above``
    the lines above it, as :func:`read_csv_bytes` gives them."""
    end, sep, names = _header(body, encoding, path)
    if end == len(body) or (len(body) - end < 4096 and not body[end:].strip()):
        return _no_rows(names), np.zeros(0, dtype=np.int64)  # a header alone
    table, bad = _arrow_csv(body, encoding, sep, len(names), path)
    lines = _row_lines(body, table.num_rows + len(bad) + 1, sep, encoding)
    lines = None if lines is None else lines + lines_above
    if bad:  # rows that do not fit the header
        raise LogReadError(_ragged_message(path, bad, len(names), lines))
    frame = table.to_pandas()
    frame.columns = pd.Index(names)
    return _drop_unnamed_blank(frame), None if lines is None else lines[1:]


def _header(body: bytes, encoding: str | None, path: Path):
    """The header's end, the separator and the column names of a CSV file's
    bytes from its header on (:func:`read_csv_bytes`)."""
    if not body[:1024].strip() and not body.strip():
        raise LogReadError(f"{path}: the file is empty (no header row, no deals)")
    end = _line_end(body)  # the header: the first line, as the parser sees it
    if encoding is None and not _is_utf8(body[:end]):
        raise NotUtf8  # rows of plain ASCII below a header of Windows-1251 words
    head = body[:end].decode(encoding or "utf-8-sig", "replace").lstrip("\ufeff")
    try:
        sep = csv.Sniffer().sniff(head, delimiters=",;\t").delimiter
    except csv.Error:
        sep = ","
    names = next(csv.reader([head], delimiter=sep), None) or [""]
    return end, sep, names


def csv_encoding(data: bytes, path: Path) -> str:
    """Windows-1251 or -1252: the encoding of a CSV file that is not UTF-8
    (:func:`~cardscore_frames.io.encoding.decode` says how it is told), judged
    on the header and the distinct cells pyarrow finds parsing the bytes as
    they are (``data``: from the header on, :func:`read_csv_bytes`). Looking at
    every word of a million deals' text took half a minute; a table pyarrow
    cannot parse is still judged on its whole text."""
    import pyarrow as pa

    end, sep, names = _header(data, "latin-1", path)
    raw = pa.dictionary(pa.int32(), pa.binary())
    try:
        table = _read_arrow(data, None, sep, len(names), column_type=raw)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return decode(data, None, str(path))[1]
    values = {data[:end]}
    for column in table.columns:
        for chunk in column.chunks:
            values.update(v for v in chunk.dictionary.to_pylist() if v)
    return fallback_of(values, str(path))


def _arrow_csv(body: bytes, encoding: str | None, sep: str, n: int, path: Path):
    """pyarrow's parse, every column text, and the rows that do not fit the
    header: a file that has some is parsed again, on one thread, to list every
    such row with its number (pyarrow's InvalidRow)."""
    import pyarrow as pa

    try:
        return _read_arrow(body, encoding, sep, n), []
    except (pa.ArrowInvalid, pa.ArrowTypeError, UnicodeError) as exc:
        if encoding is None and not _is_utf8(body):
            raise NotUtf8 from None  # whatever pyarrow stumbled on first
        if "columns, got" not in str(exc):
            raise LogReadError(f"{path}: not a readable CSV table: {exc}") from None
    bad: list = []

    def set_aside(row: Any) -> str:
        bad.append(row)
        return "skip"

    try:
        table = _read_arrow(body, encoding, sep, n, set_aside)
    except (pa.ArrowInvalid, pa.ArrowTypeError, UnicodeError) as exc:
        raise LogReadError(f"{path}: not a readable CSV table: {exc}") from None
    return table, bad


def _read_arrow(
    body: bytes,
    encoding: str | None,
    sep: str,
    n: int,
    handler=None,
    column_type=None,
):
    """pyarrow's parse of the table below the header, every column of
    ``column_type`` (by default text, dictionary-encoded)."""
    import pyarrow as pa
    from pyarrow import csv as pacsv

    text = (
        pa.dictionary(pa.int32(), pa.string()) if column_type is None else column_type
    )
    columns = [f"c{i}" for i in range(n)]
    # UTF-8 is the parser's own; naming it routes every byte through a
    # transcoder (twice as slow), so an encoding is named only when it is another
    other = {} if encoding is None else {"encoding": encoding}
    return pacsv.read_csv(
        pa.BufferReader(body),
        read_options=pacsv.ReadOptions(
            **other,
            column_names=columns,
            skip_rows=1,
            use_threads=handler is None,  # row numbers need one thread
        ),
        parse_options=pacsv.ParseOptions(
            delimiter=sep,
            # a quoted value may hold a newline; without quotes none can, and
            # the parser splits the file faster
            newlines_in_values=b'"' in body,
            invalid_row_handler=handler,
        ),
        convert_options=pacsv.ConvertOptions(
            column_types=dict.fromkeys(columns, text),
            strings_can_be_null=True,
            null_values=[""],
            quoted_strings_can_be_null=False,
        ),
    )


def _line_end(body: bytes) -> int:
    """Where the first line ends (at a newline, a carriage return, or the end)."""
    ends = [i for i in (body.find(b"\n"), body.find(b"\r")) if i >= 0]
    return min(ends) if ends else len(body)


def _breaks(text: bytes, end: int) -> int:
    """Line breaks in ``text[:end]``: newlines, and carriage returns not followed
    by one (as the parser and editors count them)."""
    count = text.count(b"\n", 0, end)
    if b"\r" in text:
        count += text.count(b"\r", 0, end) - text.count(b"\r\n", 0, end)
    return count


def _row_lines(body: bytes, records: int, sep: str, encoding) -> np.ndarray | None:
    """The file line where each of the table's ``records`` starts, the header's
    first (line 1 of ``body``); None where Python's csv module and the parser
    do not count the same records.

    A file whose lines from the header to the last row are as many as its
    records holds one a line (no empty line between them, no line break in a
    quoted cell): counting its breaks tells. Any other file is followed through
    its quotes by the csv module, which reads them as the parser does."""
    end = len(body)
    while end and body[end - 1] in b"\r\n":  # the breaks after the last row
        end -= 1
    if _breaks(body, end) + 1 == records:
        return np.arange(1, records + 1)
    text = body.decode(encoding or "utf-8", "replace")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    starts, last = [], 0
    try:
        for row in reader:
            if row:  # an empty line carries no row
                starts.append(last + 1)
            last = reader.line_num
    except csv.Error:  # a cell beyond the module's size limit
        return None
    return np.array(starts, dtype=np.int64) if len(starts) == records else None


def _ragged_message(path: Path, bad: list, width: int, lines) -> str:
    """Every row whose cells do not match the header, by file line."""
    parts = []
    for row in bad[:_SHOWN]:
        at = None if row.number is None else row.number - 1
        known = lines is not None and at is not None and at < len(lines)
        where = f"line {lines[at]}" if known else "a row"
        text = row.text if len(row.text) <= 60 else row.text[:57] + "..."
        why = " (an unclosed quote)" if row.text.count('"') % 2 else ""
        cells = f"{row.actual_columns} cell{'s' if row.actual_columns != 1 else ''}"
        parts.append(f"{where} has {cells}{why}: {text!r}")
    more = f"; and {len(bad) - _SHOWN} more" if len(bad) > _SHOWN else ""
    rows = f"{len(bad)} row{'s' if len(bad) != 1 else ''}"
    return (
        f"{path}: {rows} of the CSV table must have the header's {width} cells: "
        f"{'; '.join(parts)}{more}"
    )


def _no_rows(names: list[str]) -> pd.DataFrame:
    """The table of a file that has a header and no row: text columns, empty."""
    empty = pd.Categorical([], categories=pd.Index([], dtype=TEXT))
    columns = [pd.Series(empty, name=n, dtype=empty.dtype) for n in names]
    frame = pd.concat(columns, axis=1) if columns else pd.DataFrame()
    frame.columns = pd.Index(names)
    return _drop_unnamed_blank(frame)


def _drop_unnamed_blank(frame: pd.DataFrame) -> pd.DataFrame:
    """Columns without a header name and without a value (trailing separators a
    spreadsheet writes) carry nothing: they are left out. Named or not, a column
    holding a value is kept."""
    unnamed = [str(c).strip() == "" for c in frame.columns]
    if not any(unnamed):
        return frame
    keep = [
        not u or bool(frame.iloc[:, j].notna().any()) for j, u in enumerate(unnamed)
    ]
    return frame.iloc[:, keep] if not all(keep) else frame
