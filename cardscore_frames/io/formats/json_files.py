"""Parsing JSON logs: JSON lines (one object per line, read by pyarrow where its
reading is the same, else line by line) and JSON tables (an array of objects,
or an object of columns)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.errors import LogReadError
from cardscore_frames.io.encoding import decode, fallback_of
from cardscore_frames.io.formats.common import _SHOWN, _is_utf8


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
