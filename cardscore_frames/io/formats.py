"""Parsing log files into cells: CSV, JSON lines (or a JSON table) and Parquet.

Each parser gives the table as it is written (text as text, JSON and Parquet
numbers as numbers) with the file line of every row, and turns every way a file
can be unreadable into a :class:`~cardscore_frames.errors.LogReadError` that says
what is wrong and where (the lines of ragged rows, the line of an unclosed quote
or of bad JSON), never into a parser's own exception.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.errors import LogReadError
from cardscore_frames.io.encoding import decode, fallback_of

__all__ = [
    "read_bytes",
    "read_csv_bytes",
    "parse_csv",
    "csv_encoding",
    "json_lines_encoding",
    "parse_json",
    "parse_parquet",
    "need",
]

#: How many bad rows or lines a message lists before "... and N more".
_SHOWN = 10


def need(module: str, purpose: str, extra: str) -> None:
    """Optional dependencies are checked where they are needed, with a hint."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise ImportError(
            f"{purpose} needs {module}: pip install 'cardscore-frames[{extra}]'"
        )


def read_bytes(path: Path) -> bytes:
    """The file's bytes; a directory or an unreadable file is a LogReadError."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: OSError) -> LogReadError:
    if isinstance(exc, IsADirectoryError):
        return LogReadError(f"{path}: is a directory, not a log file")
    return LogReadError(f"{path}: cannot be read ({exc.strerror or exc})")


#: A UTF-8 byte-order mark.
_BOM = b"\xef\xbb\xbf"
#: The line breaks above a table's header.
_BREAKS = re.compile(rb"[\r\n]*")
#: Bytes read first to find where a CSV file's table starts.
_HEAD = 1 << 16


def read_csv_bytes(path: Path) -> tuple[bytes, bool, int]:
    """A CSV file's bytes from its header on, read once: past a UTF-8 byte-order
    mark (a spreadsheet's "CSV UTF-8" starts with one) and the empty lines above
    the header, which would otherwise be cut off a copy of the whole file.

    Returns the bytes, whether the file starts with the mark, and how many lines
    lie above the header. A directory or an unreadable file is a LogReadError.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEAD)
            bom, skip = _table_start(head)
            if skip < len(head) or len(head) < _HEAD:
                handle.seek(skip)
                return handle.read(), bom, _breaks(head, skip)
            # empty lines beyond the first read (a file of nothing else, or
            # an odd one): found in the whole file
            handle.seek(0)
            data = handle.read()
    except OSError as exc:
        raise _unreadable(path, exc) from None
    bom, skip = _table_start(data)
    return data[skip:], bom, _breaks(data, skip)


def _table_start(data: bytes) -> tuple[bool, int]:
    """Whether ``data`` starts with a UTF-8 byte-order mark, and where its table
    starts: past the mark and the empty lines above the header."""
    bom = data.startswith(_BOM)
    return bom, _BREAKS.match(data, len(_BOM) if bom else 0).end()


# --- CSV -------------------------------------------------------------------------


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


def json_lines_encoding(data: bytes, path: Path) -> str | None:
    """Windows-1251 or -1252: the encoding of a JSON-lines file that is not
    UTF-8, judged as :func:`csv_encoding` judges a CSV file's, on the distinct
    text values pyarrow finds parsing the bytes as they are (its JSON parser
    lets any byte through). Every word of the file lies in a key or a text
    value, so the verdict is the one its whole text gives (judging that took
    14 s for 200,000 deals).

    None where the two could differ, and the whole text is judged then: an
    escape such as ``\\u00e9`` (the parser writes its letter in UTF-8), a key
    that is not UTF-8, lists and objects as values, a file pyarrow cannot
    parse.
    """
    import pyarrow as pa
    import pyarrow.compute as pc
    from pyarrow import json as pajson

    if b"\\u" in data:
        return None
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        table = _arrow_json(pajson, pa.py_buffer(data)[bom:], {})
        names = table.schema.names  # a key that is not UTF-8: UnicodeDecodeError
    except (pa.ArrowException, UnicodeError):
        return None
    values = set()
    for field, column in zip(table.schema, table.columns, strict=True):
        kind = _json_type(field.type)
        if kind is None and not pa.types.is_timestamp(field.type):
            return None  # lists and objects: their text is not looked into
        if kind == "is_string":
            found = pc.unique(column).drop_null().view(pa.binary())
            values.update(v for v in found.to_pylist() if v)
    values.update(n.encode() for n in names)
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


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


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


# --- JSON ------------------------------------------------------------------------


class _Refused(ValueError):
    """A JSON value a log cannot hold (NaN, Infinity, a key given twice)."""


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _one_key_once(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):  # json would keep the last value silently
        seen: set = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"key {key!r} is given twice in one object")
            seen.add(key)
    return out


#: One decoder for every line (json.loads given options makes one a call).
_DECODER = json.JSONDecoder(
    parse_constant=_no_constant, object_pairs_hook=_one_key_once
)


def parse_json(
    data: bytes, encoding: str | None, path: Path, lines: bool
) -> tuple[pd.DataFrame, np.ndarray | None, str]:
    """JSON lines (one object per line) or a JSON table (an array of objects, or an
    object of columns), the line of each row, and the text encoding used.

    Non-UTF-8 files are read as CSV files are (Windows-1251 or -1252 as the text
    shows). Numbers stay as JSON wrote them (a 30-digit number is a Python int,
    which validation reports as too large); NaN and Infinity, which JSON does not
    have, and a key given twice in one object are refused, naming the line.

    JSON lines are parsed by pyarrow where its reading is the same
    (:func:`_arrow_json_lines`: text dictionary-encoded, whole numbers as
    ``Int64``, a column of whole numbers and fractions as floats, as Parquet
    holds it); else line by line in Python, ten times slower.
    """
    if lines and (fast := _arrow_json_lines(data, encoding)) is not None:
        return fast
    if lines and encoding is None and not _is_utf8(data):
        encoding = json_lines_encoding(data, path)  # None: the whole text tells
    text, used = decode(data, encoding, str(path))
    text = text.lstrip("\ufeff")
    if not lines:
        return _json_table(text, path), None, used
    if not used.startswith("utf-8"):  # Windows-1251 or -1252: its text as UTF-8
        if (fast := _arrow_json_lines(text.encode(), None)) is not None:
            return fast[0], fast[1], used
    records, given, bad = [], [], []
    for i, row in enumerate(text.split("\n"), start=1):
        if not row.strip():
            continue
        try:
            value = _DECODER.decode(row)
        except (ValueError, RecursionError) as exc:
            why = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
            bad.append(f"line {i}: {why or type(exc).__name__}")
            continue
        if not isinstance(value, dict):
            bad.append(f"line {i}: {_json_kind(value)}, not an object")
        records.append(value)
        given.append(i)
    if bad:
        shown = "; ".join(bad[:_SHOWN])
        more = f"; and {len(bad) - _SHOWN} more" if len(bad) > _SHOWN else ""
        raise LogReadError(
            f"{path}: {len(bad)} line{'s' if len(bad) != 1 else ''} "
            f"{'are' if len(bad) != 1 else 'is'} not a JSON object (one deal per "
            f"line): {shown}{more}"
        )
    return _records_frame(records, path), np.array(given, dtype=np.int64), used


#: A line of JSON lines that holds nothing but JSON's whitespace, before another.
_BLANK_LINE = re.compile(rb"\n[ \t\r]*\n")
_SPACES = re.compile(rb"[ \t\r\n]*")
#: Bytes of the file's first lines pyarrow reads to learn its columns.
_PROBE = 1 << 20
#: The Arrow types a log's JSON values are read as; text is dictionary-encoded.
_JSON_TYPES = ("is_string", "is_int64", "is_float64", "is_boolean", "is_null")


def _json_type(arrow_type) -> str | None:
    """Which of :data:`_JSON_TYPES` pyarrow read a JSON column as; None for
    another (a list, an object, a timestamp)."""
    import pyarrow as pa

    return next((k for k in _JSON_TYPES if getattr(pa.types, k)(arrow_type)), None)


def _arrow_json_lines(data: bytes, encoding: str | None):
    """A UTF-8 JSON-lines file as pyarrow parses it: the frame, each row's line
    and the encoding, as :func:`parse_json` returns them; None wherever its
    reading could differ from the line-by-line one, which then reads the file
    and names any bad line.

    pyarrow refuses what a log cannot hold (a line that is no object, a key
    given twice, a column of numbers and text) but would read other things
    its own way, each sent to the line-by-line reading: NaN and Infinity, a
    number beyond what a float counts in ones (made a float), two objects on
    one line, lists and objects as values. Text that looks like a date is
    kept as text: the columns pyarrow takes for timestamps in the first
    megabyte are read again as text, and one found only later sends the file
    to the line-by-line reading.
    """
    import pyarrow as pa
    from pyarrow import json as pajson

    if encoding is not None and encoding.lower().replace("_", "-") not in _UTF8:
        return None
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    start = _SPACES.match(data, bom).end()  # past blank lines (no copy of
    end = len(data)  # the file, as stripping it would make)
    while end > start and data[end - 1] in b" \t\r\n":
        end -= 1
    if end <= start:
        return None
    whole = pa.py_buffer(data)[start:end]
    head = data.rfind(b"\n", start, start + _PROBE) if end - start > _PROBE else end
    head = end if head <= start else head  # one line of over a megabyte
    if not _is_utf8(data[start:head]):  # pyarrow would parse the whole file
        return None  # before its text failed (the usual Windows file)
    try:
        probe = _arrow_json(pajson, whole[: head - start], {})
        dates = {
            f.name: pa.string() for f in probe.schema if pa.types.is_timestamp(f.type)
        }
        table = _arrow_json(pajson, whole, dates) if head < end or dates else probe
    except (pa.ArrowException, UnicodeError):  # bad JSON, or not UTF-8: the
        return None  # line-by-line reading says what is wrong
    try:
        got = _arrow_frame(data, start, end, probe, table)
    except (pa.ArrowException, UnicodeError):  # text that is not UTF-8
        return None
    used = encoding or ("utf-8-sig" if bom else "utf-8")
    return None if got is None else (*got, used)


def _arrow_frame(data: bytes, start: int, end: int, probe, table):
    """The frame of :func:`_arrow_json_lines` and each row's line, or None."""
    import pyarrow as pa
    import pyarrow.compute as pc

    names = list(dict.fromkeys([*probe.schema.names, *table.schema.names]))
    table = table.select(names)
    columns = []
    for field, column in zip(table.schema, table.columns, strict=True):
        kind = _json_type(field.type)
        if kind is None or (kind == "is_float64" and not _plain_floats(pc, column)):
            return None
        if kind == "is_string":  # pyarrow's JSON parser lets any byte through
            column = pc.dictionary_encode(column)
            for chunk in column.chunks:
                chunk.dictionary.validate(full=True)  # not UTF-8: ArrowInvalid
        columns.append(column)
    if _BLANK_LINE.search(data, start, end):
        rows = data[start:end].split(b"\n")
        given = np.flatnonzero([bool(r.strip(b" \t\r")) for r in rows])
    else:
        given = np.arange(data.count(b"\n", start, end) + 1)
    if len(given) != table.num_rows:  # two objects on a line
        return None
    frame = pa.table(columns, names=names).to_pandas(
        types_mapper={pa.int64(): pd.Int64Dtype()}.get
    )
    return frame, given + data.count(b"\n", 0, start) + 1


_UTF8 = ("utf-8", "utf8", "utf-8-sig")


def _arrow_json(pajson, buffer, text: dict):
    """pyarrow's parse of JSON lines, the columns of ``text`` read as text."""
    import pyarrow as pa

    return pajson.read_json(
        pa.BufferReader(buffer),
        parse_options=pajson.ParseOptions(
            explicit_schema=pa.schema(list(text.items())) if text else None,
            newlines_in_values=False,
            unexpected_field_behavior="infer",
        ),
    )


def _plain_floats(pc, column) -> bool:
    """Every number finite and within what a float counts in ones: no NaN nor
    Infinity, which JSON does not have, and no whole number beyond 2**53
    that pyarrow made a float."""
    if column.null_count == len(column):
        return True
    finite = pc.all(pc.is_finite(column)).as_py()
    return bool(finite) and pc.max(pc.abs(column)).as_py() < 2**53


def _json_kind(value: Any) -> str:
    names = {list: "an array", str: "a string", bool: "true or false"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")


def _json_table(text: str, path: Path) -> pd.DataFrame:
    """A JSON table: an array of objects, or an object of columns (``{"deal":
    [1, 2]}`` or pandas' ``{"deal": {"0": 1, "1": 2}}``)."""
    try:
        value = _DECODER.decode(text)
    except (ValueError, RecursionError) as exc:
        where = (
            f" at line {exc.lineno}, column {exc.colno}"
            if isinstance(exc, json.JSONDecodeError)
            else ""
        )
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise LogReadError(f"{path}: not valid JSON{where}: {why}") from None
    if isinstance(value, list):
        bad = [i for i, v in enumerate(value) if not isinstance(v, dict)]
        if bad:
            raise LogReadError(
                f"{path}: item {bad[0] + 1} of the array is "
                f"{_json_kind(value[bad[0]])}; a JSON log is an array of objects, "
                "one per deal"
            )
        return _records_frame(value, path)
    if isinstance(value, dict) and all(
        isinstance(v, (list, dict)) for v in value.values()
    ):
        return _columns_frame(value, path)
    got = "an object of values" if isinstance(value, dict) else _json_kind(value)
    raise LogReadError(
        f"{path}: a JSON log is an array of objects (one per deal) or an object "
        f"of columns; got {got}"
    )


def _columns_frame(value: dict, path: Path) -> pd.DataFrame:
    sizes = {len(v) for v in value.values()}
    if len(sizes) > 1:
        raise LogReadError(
            f"{path}: the columns of the JSON table have different lengths "
            f"({', '.join(map(str, sorted(sizes)))})"
        )
    if all(isinstance(v, list) for v in value.values()):
        return _object_frame({k: v for k, v in value.items()})
    keys = [list(v) if isinstance(v, dict) else None for v in value.values()]
    if any(k is None for k in keys) or any(k != keys[0] for k in keys):
        raise LogReadError(
            f"{path}: the columns of the JSON table do not have the same row labels"
        )
    return _object_frame({k: list(v.values()) for k, v in value.items()})


def _records_frame(records: list[dict], path: Path) -> pd.DataFrame:
    """Rows as objects: columns in the order keys first appear, a key absent from
    a row is a blank cell, every value as JSON gave it."""
    columns = list(dict.fromkeys(k for r in records for k in r))
    return _object_frame({c: [r.get(c) for r in records] for c in columns})


def _object_frame(columns: dict[str, list]) -> pd.DataFrame:
    """Columns of Python values kept as objects (no inference that could turn a
    text ``"007"`` or a huge number into something else)."""
    data = {}
    for name, values in columns.items():
        array = np.empty(len(values), dtype=object)
        array[:] = values
        data[name] = array
    n = len(next(iter(data.values()))) if data else 0
    return pd.DataFrame(data, index=pd.RangeIndex(n), copy=False)


# --- Parquet ---------------------------------------------------------------------


def _blank_cells(n: int) -> pd.Categorical:
    """``n`` blank text cells: a categorical of no text, every code -1."""
    text = pd.CategoricalDtype(pd.Index([], dtype=TEXT))
    return pd.Categorical.from_codes(np.full(n, -1, dtype=np.int8), dtype=text)


def _stored_attrs(metadata: dict | None) -> dict:
    """The ``attrs`` pandas stored with a frame it wrote (its game, kind and
    rules, when the frame was the package's), as ``pd.read_parquet`` gives
    them back; {} when none or unreadable."""
    raw = (metadata or {}).get(b"PANDAS_ATTRS")
    if raw is None:
        return {}
    try:
        attrs = json.loads(raw)
    except ValueError:
        return {}
    return attrs if isinstance(attrs, dict) else {}


def parse_parquet(path: Path) -> pd.DataFrame:
    """A Parquet file, its text columns dictionary-encoded as they are read (as
    Parquet stores them), so a million rows arrive as a few distinct values.
    Any failure of the reader, a damaged file above all, is a LogReadError."""
    need("pyarrow", "reading Parquet logs", "parquet")
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        schema = pq.read_schema(path)
        text = [
            f.name
            for f in schema
            if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)
        ]
        # a column with no value at all (a log of 4-player tables has no
        # player5): Arrow's null type, which pandas makes a column of None
        empty = [f.name for f in schema if pa.types.is_null(f.type)]
        if len(set(schema.names)) < len(schema.names):
            text = empty = []  # a name twice: read as it is, validation reports it
        with pq.ParquetFile(path, read_dictionary=text or None) as book:
            table = book.read(use_pandas_metadata=True)
        # each column's Arrow memory let go as it is converted, and given back
        # to the system after (the pool would keep it for the process's life)
        frame = table.to_pandas(split_blocks=True, self_destruct=True)
        del table
        pa.default_memory_pool().release_unused()
        for name in empty:  # blank text cells, as a CSV's empty column reads
            frame[name] = _blank_cells(len(frame))
        frame.attrs = _stored_attrs(schema.metadata)
        return frame
    except MemoryError:
        raise LogReadError(
            f"{path}: not a readable Parquet file (it claims more memory than there "
            "is: damaged)"
        ) from None
    except Exception as exc:  # any failure inside the reader is a damaged file
        raise LogReadError(
            f"{path}: not a readable Parquet file ({type(exc).__name__}: {exc})"
        ) from None
