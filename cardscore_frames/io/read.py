"""Reading deal logs: CSV, Parquet, JSON lines, Excel or a DataFrame, then validation.

Files are read as text (every cell a string), so that validation, not the reader,
decides what a value means and reports the exact text it could not use.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.errors import LogReadError, RulesError
from cardscore_frames.games import game_entry
from cardscore_frames.validate import Collected, Errors, Source, check_log

__all__ = ["read_log", "validate", "read_table"]

_ENCODINGS = ("utf-8-sig", "cp1251")


def read_log(
    source: str | os.PathLike | pd.DataFrame,
    *,
    game: str,
    errors: Errors = "raise",
    rules: Any = None,
    sheet: str | int = 0,
    encoding: str | None = None,
) -> pd.DataFrame | Collected:
    """Read a deal log and return it validated, with proper dtypes.

    Parameters
    ----------
    source : path or DataFrame
        ``.csv`` / ``.txt`` (UTF-8 with or without BOM, or cp1251; comma, semicolon
        or tab separated), ``.parquet``, ``.jsonl`` / ``.ndjson`` (JSON lines),
        ``.xlsx`` / ``.xlsm`` (one sheet of deal rows, header in the first row), or
        a DataFrame.
    game : str
        The log format: ``"tarot"`` (see ``cardscore_frames.games.game_names()``).
    errors : {"raise", "collect"}
        ``"raise"``: any problem raises a
        :class:`~cardscore_frames.LogValidationError` listing all of them.
        ``"collect"``: return ``(deals, rejected)`` -- the valid rows, and the
        rejected rows as given with a ``problems`` column.
    rules : Rules, optional
        The game's rules object (house rules change what a log may hold).
    sheet : str or int
        The Excel sheet to read.
    encoding : str, optional
        Force a text encoding instead of trying UTF-8, then cp1251.

    Returns
    -------
    pandas.DataFrame or Collected
        The game's columns first, typed (categoricals for enumerations, ``Int64``
        and ``Float64`` where a value may be blank), then every other column of the
        log unchanged.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    >>> list(deals["contract"].cat.categories)
    ['pass', 'petite', 'garde', 'garde_sans', 'garde_contre']
    >>> str(deals["oudlers"].dtype)
    'Int64'
    """
    entry = game_entry(game)
    raw, src = read_table(source, sheet=sheet, encoding=encoding)
    return check_log(
        raw,
        entry.get_schema(),
        rules=rules if rules is not None else entry.default_rules(),
        errors=errors,
        source=src,
    )


def validate(
    deals: pd.DataFrame, *, game: str, errors: Errors = "raise", rules: Any = None
) -> pd.DataFrame | Collected:
    """Check a deal frame against ``game``'s log schema (what :func:`read_log` does
    after reading). Returns the typed frame, or ``(deals, rejected)`` with
    ``errors="collect"``; raises :class:`~cardscore_frames.LogValidationError`."""
    return read_log(deals, game=game, errors=errors, rules=rules)


def read_table(
    source: str | os.PathLike | pd.DataFrame,
    *,
    sheet: str | int = 0,
    encoding: str | None = None,
) -> tuple[pd.DataFrame, Source]:
    """Read a table as text cells, with where each row came from."""
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
        _need("pyarrow", "reading Parquet logs", "parquet")
        frame = pd.read_parquet(path)
        return frame, Source(label=str(path), lines=None)
    if suffix in (".jsonl", ".ndjson", ".json"):
        frame = pd.read_json(path, lines=suffix != ".json", dtype=False)
        lines = np.arange(1, len(frame) + 1) if suffix != ".json" else None
        return frame, Source(label=str(path), lines=lines)
    if suffix in (".xlsx", ".xlsm"):
        return _read_excel(path, sheet)
    raise LogReadError(
        f"log file must end in .csv, .txt, .tsv, .parquet, .jsonl, .ndjson, .json, "
        f".xlsx or .xlsm; got {path.name!r}"
    )


def _need(module: str, purpose: str, extra: str) -> None:
    """Optional dependencies are checked where they are needed, with a hint."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise ImportError(
            f"{purpose} needs {module}: pip install 'cardscore-frames[{extra}]'"
        )


def _decode(path: Path, encoding: str | None) -> str:
    data = path.read_bytes()
    for enc in (encoding,) if encoding else _ENCODINGS:
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    raise LogReadError(
        f"{path}: cannot decode as {' or '.join((encoding,) if encoding else _ENCODINGS)}"
    )


def _read_csv(path: Path, encoding: str | None) -> tuple[pd.DataFrame, Source]:
    text = _decode(path, encoding)
    first = text.split("\n", 1)[0]
    try:
        sep = csv.Sniffer().sniff(first, delimiters=",;\t").delimiter
    except csv.Error:
        sep = ","
    frame = pd.read_csv(
        io.StringIO(text),
        sep=sep,
        dtype=str,
        keep_default_na=False,
        na_values=[""],
        skip_blank_lines=False,
    )
    lines = np.arange(2, len(frame) + 2)
    empty = frame.isna().all(axis=1).to_numpy()
    if empty.any():  # blank lines carry no deal; keep line numbers true
        frame = frame.loc[~empty].reset_index(drop=True)
        lines = lines[~empty]
    return frame, Source(label=str(path), lines=lines)


def _read_excel(path: Path, sheet: str | int) -> tuple[pd.DataFrame, Source]:
    from openpyxl.utils import get_column_letter

    frame = pd.read_excel(path, sheet_name=sheet, engine="openpyxl", dtype=object)
    if isinstance(sheet, int):
        import openpyxl

        wb = openpyxl.load_workbook(path, read_only=True)
        sheet_name = wb.sheetnames[sheet]
        wb.close()
    else:
        sheet_name = sheet
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
