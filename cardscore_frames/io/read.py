"""Reading logs: CSV, Parquet, JSON lines, Excel or a DataFrame, then validation.

Files are read as text (every cell a string), so that validation, not the reader,
decides what a value means and reports the exact text it could not use.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Any, Literal, overload

import numpy as np
import pandas as pd

from cardscore_frames.checking import Collected, Errors, Source, check_log
from cardscore_frames.errors import LogReadError, RulesError
from cardscore_frames.games import get_game
from cardscore_frames.io.encoding import decode

__all__ = ["read_log", "validate", "read_table"]

_SUFFIXES = (".csv", ".txt", ".tsv", ".parquet", ".pq", ".jsonl", ".ndjson", ".json")


@overload
def read_log(
    source: str | os.PathLike | pd.DataFrame,
    *,
    game: str,
    kind: str = ...,
    errors: Literal["raise"] = ...,
    rules: Any = ...,
    sheet: str | int = ...,
    encoding: str | None = ...,
) -> pd.DataFrame: ...


@overload
def read_log(
    source: str | os.PathLike | pd.DataFrame,
    *,
    game: str,
    kind: str = ...,
    errors: Literal["collect"],
    rules: Any = ...,
    sheet: str | int = ...,
    encoding: str | None = ...,
) -> Collected: ...


def read_log(
    source: str | os.PathLike | pd.DataFrame,
    *,
    game: str,
    kind: str = "deals",
    errors: Errors = "raise",
    rules: Any = None,
    sheet: str | int = 0,
    encoding: str | None = None,
) -> pd.DataFrame | Collected:
    """Read a log and return it validated, with proper dtypes.

    Parameters
    ----------
    source : path or DataFrame
        ``.csv`` / ``.txt`` / ``.tsv`` (comma, semicolon or tab separated; UTF-8
        with or without BOM, else Windows-1251 or Windows-1252 as the text
        shows), ``.parquet``, ``.jsonl`` / ``.ndjson`` (JSON lines), ``.xlsx`` /
        ``.xlsm`` (one sheet of deal rows, header in the first row), or a
        DataFrame.
    game : str
        ``"tarot"``, ``"belot"`` or ``"preferans"`` (:func:`cardscore_frames.game_names`).
    kind : str
        Which of the game's logs: ``"deals"`` (one row per deal), or for
        preferans ``"sheet"`` (end-of-game sheets, one row per game and player).
    errors : {"raise", "collect"}
        ``"raise"``: any problem raises a
        :class:`~cardscore_frames.LogValidationError` listing all of them.
        ``"collect"``: return a :class:`~cardscore_frames.Collected` ``(deals,
        rejected, failure_cases)``: the valid rows, the rejected rows as given
        with a ``problems`` column, and one row per problem. Where state carries
        from deal to deal (a belot match, a preferans pool), a problem rejects
        its whole game.
    rules : Rules, optional
        The game's rules (house rules change what a log may hold); they travel
        with the frame, so that ``score`` uses them without being told again.
    sheet : str or int
        The Excel sheet to read.
    encoding : str, optional
        Force a text encoding instead of finding it.

    Returns
    -------
    pandas.DataFrame or Collected
        The game's columns first, typed (categoricals for enumerations and names,
        ``Int64`` and ``Float64`` where a value may be blank, ``date`` as
        datetime64), then every other column of the log unchanged. The frame
        knows its game, rules, source and encoding (``deals.cardscore``).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    >>> list(deals["contract"].cat.categories)
    ['pass', 'petite', 'garde', 'garde_sans', 'garde_contre']
    >>> str(deals["oudlers"].dtype), str(deals["date"].dtype)
    ('Int64', 'datetime64[ns]')
    >>> deals.cardscore.encoding
    'utf-8'
    """
    entry = get_game(game)
    schema = entry.schema(kind)
    rules = entry.rules.ensure(rules)
    raw, src = _read_cells(source, sheet=sheet, encoding=encoding)
    return check_log(raw, schema, rules=rules, errors=errors, source=src)


def validate(
    deals: pd.DataFrame,
    *,
    game: str,
    kind: str = "deals",
    errors: Errors = "raise",
    rules: Any = None,
) -> pd.DataFrame | Collected:
    """Check a frame against one of ``game``'s logs (what :func:`read_log` does
    after reading). Returns the typed frame, or a :class:`Collected` with
    ``errors="collect"``; raises :class:`~cardscore_frames.LogValidationError`.

    Examples
    --------
    >>> import pandas as pd, cardscore_frames as csf
    >>> raw = pd.DataFrame({"game_id": [1], "deal": [1], "player1": ["A"],
    ...     "player2": ["B"], "player3": ["C"], "taker": ["A"],
    ...     "contract": ["Garde"], "oudlers": [2], "card_points": [45.5]})
    >>> csf.validate(raw, game="tarot")["contract"].tolist()
    ['garde']
    """
    return read_log(deals, game=game, kind=kind, errors=errors, rules=rules)


def read_table(
    source: str | os.PathLike | pd.DataFrame,
    *,
    sheet: str | int = 0,
    encoding: str | None = None,
) -> tuple[pd.DataFrame, Source]:
    """Read a table as it is written, text as text, with where each row came from
    (what :func:`read_log` checks). Returns the frame and its :class:`Source`."""
    frame, src = _read_cells(source, sheet=sheet, encoding=encoding)
    text = {
        c: frame[c].astype("str")
        for c in frame.columns
        if isinstance(frame[c].dtype, pd.CategoricalDtype)
    }
    return (frame.assign(**text) if text else frame), src


def _read_cells(
    source: str | os.PathLike | pd.DataFrame,
    *,
    sheet: str | int = 0,
    encoding: str | None = None,
) -> tuple[pd.DataFrame, Source]:
    """A table as cells: text columns as categoricals of the text given (each
    distinct value once), numbers as numbers where the format has them."""
    if isinstance(source, pd.DataFrame):
        return source, Source()
    if not isinstance(source, (str, os.PathLike)):
        raise RulesError(
            f"source must be a file path or a DataFrame; got {type(source).__name__}"
        )
    path = Path(source)
    if not path.exists():
        raise FileNotFoundError(f"no such log file: {path}")
    suffix = path.suffix.lower()
    if suffix in (".csv", ".txt", ".tsv"):
        return _read_csv(path, encoding)
    if suffix in (".parquet", ".pq"):
        return _read_parquet(path), Source(label=str(path), lines=None)
    if suffix in (".jsonl", ".ndjson", ".json"):
        frame = pd.read_json(path, lines=suffix != ".json", dtype=False)
        lines = np.arange(1, len(frame) + 1) if suffix != ".json" else None
        return frame, Source(label=str(path), lines=lines)
    if suffix in (".xlsx", ".xlsm"):
        return _read_excel(path, sheet)
    raise LogReadError(
        f"log file must end in {', '.join(_SUFFIXES)}, .xlsx or .xlsm; "
        f"got {path.name!r}"
    )


def _read_parquet(path: Path) -> pd.DataFrame:
    """A Parquet file, its text columns dictionary-encoded as they are read (as
    Parquet stores them), so a million rows arrive as a few distinct values."""
    _need("pyarrow", "reading Parquet logs", "parquet")
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        schema = pq.read_schema(path)
        text = [
            f.name
            for f in schema
            if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)
        ]
        return pq.read_table(path, read_dictionary=text).to_pandas()
    except (pa.ArrowException, OSError) as exc:
        raise LogReadError(f"{path}: not a readable Parquet file: {exc}") from None


def _need(module: str, purpose: str, extra: str) -> None:
    """Optional dependencies are checked where they are needed, with a hint."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise ImportError(
            f"{purpose} needs {module}: pip install 'cardscore-frames[{extra}]'"
        )


def _read_csv(path: Path, encoding: str | None) -> tuple[pd.DataFrame, Source]:
    """A CSV file as text cells (categoricals of the text given), with each row's
    file line. pyarrow parses it, each column dictionary-encoded as it is read:
    a log repeats few values in many rows, and the checks look at each distinct
    value once."""
    data = path.read_bytes()
    if encoding is not None:
        decode(data, encoding, str(path))  # a clear error if it does not decode
        used = encoding
        frame = _parse_csv(data, encoding, path)
    else:
        used = "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
        try:  # the parser checks that the text is UTF-8 as it reads it
            frame = _parse_csv(data, None, path)
        except _NotUtf8:
            used = decode(data, None, str(path))[1]  # Windows-1251 or -1252
            frame = _parse_csv(data, used, path)
    lines = _data_lines(data, len(frame))
    empty = frame.isna().all(axis=1).to_numpy()
    if empty.any():  # rows of separators only carry no deal; keep lines true
        frame = frame.loc[~empty].reset_index(drop=True)
        lines = lines[~empty]
    return frame, Source(label=str(path), lines=lines, encoding=used)


class _NotUtf8(Exception):
    """The file's bytes are not UTF-8."""


def _parse_csv(data: bytes, encoding: str | None, path: Path) -> pd.DataFrame:
    import pyarrow as pa
    from pyarrow import csv as pacsv

    first = data.split(b"\n", 1)[0].decode(encoding or "utf-8-sig", "replace")
    try:
        sep = csv.Sniffer().sniff(first, delimiters=",;\t").delimiter
    except csv.Error:
        sep = ","
    names = next(csv.reader([first.rstrip("\r")], delimiter=sep), [])
    text = pa.dictionary(pa.int32(), pa.string())
    try:
        table = pacsv.read_csv(
            pa.BufferReader(data),
            read_options=pacsv.ReadOptions(encoding=encoding or "utf8"),
            parse_options=pacsv.ParseOptions(delimiter=sep),
            convert_options=pacsv.ConvertOptions(
                column_types={n: text for n in names},
                strings_can_be_null=True,
                null_values=[""],
                quoted_strings_can_be_null=False,
            ),
        )
    except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
        if encoding is None and "invalid UTF8" in str(exc):
            raise _NotUtf8 from None
        raise LogReadError(f"{path}: not a readable CSV table: {exc}") from None
    return table.to_pandas()


def _data_lines(data: bytes, rows: int) -> np.ndarray:
    """The file line of each data row: line 1 is the header; empty lines carry
    no row (the parser skips them), so they are counted here."""
    lines = np.arange(2, rows + 2)
    if b"\n\n" not in data and b"\n\r\n" not in data:
        return lines
    raw = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(raw == 10)
    starts = np.r_[0, ends + 1]
    stops = np.r_[ends, len(raw)]
    length = stops - starts - (raw[np.maximum(stops - 1, 0)] == 13)
    blank = length <= 0
    kept = np.flatnonzero(~blank[1:]) + 2  # 1-based line numbers after the header
    return kept[:rows]


def _read_excel(path: Path, sheet: str | int) -> tuple[pd.DataFrame, Source]:
    from openpyxl.utils import get_column_letter

    with pd.ExcelFile(path, engine="calamine") as book:
        names = book.sheet_names
        sheet_name = names[sheet] if isinstance(sheet, int) else sheet
        frame = pd.read_excel(book, sheet_name=sheet_name, dtype=object)
    rows = np.arange(2, len(frame) + 2)
    empty = frame.isna().all(axis=1).to_numpy()
    if empty.any():
        frame = frame.loc[~empty].reset_index(drop=True)
        rows = rows[~empty]
    letters = {str(c): get_column_letter(i + 1) for i, c in enumerate(frame.columns)}
    return frame, Source(
        label=f"{path} [{sheet_name}]",
        sheet=sheet_name,
        excel_rows=rows,
        excel_columns=letters,
    )
