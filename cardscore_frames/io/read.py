"""Reading logs: CSV, Parquet, JSON lines, Excel or a DataFrame, then validation.

Files are read as text (every cell a string), so that validation, not the reader,
decides what a value means and reports the exact text it could not use.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any, Literal, overload

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import Collected, Errors, Source, check_log
from cardscore_frames.contract import get_game
from cardscore_frames.dispatch import is_dask
from cardscore_frames.errors import (
    LogNotFoundError,
    LogReadError,
    LogValidationError,
    RulesError,
)
from cardscore_frames.io.encoding import decode
from cardscore_frames.io.excel import read_excel, read_excel_table
from cardscore_frames.io.foreign import (
    check_foreign_game,
    foreign_formats,
    read_foreign,
    sniffed_format,
    sniffed_formats,
)
from cardscore_frames.io.formats.common import read_bytes
from cardscore_frames.io.formats.csv_files import (
    NotUtf8,
    csv_encoding,
    parse_csv,
    read_csv_bytes,
)
from cardscore_frames.io.formats.json_files import parse_json
from cardscore_frames.io.formats.parquet_files import parse_parquet
from cardscore_frames.io.layout import (
    TableProblem,
    column_names,
    columns_as_read,
    header_row,
    join_names,
    joined_failures,
    name_columns,
    scan,
    totals_problem,
    with_season,
    with_table_problems,
)

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
    columns: Mapping[str, str] | None = ...,
    season: str | None = ...,
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
    columns: Mapping[str, str] | None = ...,
    season: str | None = ...,
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
    columns: Mapping[str, str] | None = None,
    season: str | None = None,
) -> pd.DataFrame | Collected:
    """Read a log and return it validated, with proper dtypes.

    Parameters
    ----------
    source : path or DataFrame
        ``.csv`` / ``.txt`` / ``.tsv`` (comma, semicolon or tab separated; UTF-8
        with or without BOM, else Windows-1251 or Windows-1252 as the text
        shows), ``.parquet``, ``.jsonl`` / ``.ndjson`` (JSON lines), ``.xlsx`` /
        ``.xlsm`` (a workbook of this package: an export or a filled template;
        or a club's own workbook, a table on each sheet under a heading row,
        with title rows above it and a totals row below it; read as
        :func:`read_excel` reads it),
        another score keeper's saved game a game knows (preferans: OpenPref's
        ``.prf``, as a sheet; tarot: TarotClub's deal ``.json``, told from a
        JSON table by its content), or a DataFrame.
    game : str
        ``"tarot"``, ``"belot"`` or ``"preferans"``
        (:func:`cardscore_frames.game_names`).
    kind : str
        Which of the game's logs: ``"deals"`` (one row per deal),
        ``"points"`` (points-only: each player's, or each belot pair's, points
        per deal; a club's table of one column per player, headed by his name,
        reads as one), ``"results"`` (evening results: each player's score per
        session of an evening, wide ``S1..Sk`` or long), or for preferans
        ``"sheet"`` (end-of-game sheets, one row per game and player).
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
        The Excel sheet to read; 0 (the default): every sheet that holds the log.
    encoding : str, optional
        Force a text encoding instead of finding it.
    columns : mapping, optional
        Heading -> log column, for headings the game does not know
        (``{"Appel": "partner"}``; case, accents and spaces aside); in a club's
        workbook or CSV file they count as the log's headings when the heading
        row is looked for.
    season : str, optional
        The season the log holds (``"2025-26"``), for a log that does not say:
        every row's ``season`` where the log has no season column, and the
        year of an evening's sheet named by its date without one (a workbook
        of one sheet per evening, as :func:`read_excel` reads it).

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
    if is_dask(source):
        raise _dask_source(source, game)
    if _is_workbook(source):  # every problem with its cell, as read_excel gives
        at = None if sheet == 0 else sheet
        result = read_excel(
            source,
            game=game,
            kind=kind,
            sheet=at,
            errors=errors,
            rules=rules,
            columns=columns,
            season=season,
        )
        if isinstance(result, Collected):
            return result._replace(rejected=_as_text(result.rejected))
        return result
    entry = get_game(game)
    schema = entry.schema(kind)
    given = rules
    rules = entry.rules.ensure(rules)
    try:
        raw, src, problems = _read_cells(
            source, sheet=sheet, encoding=encoding, game=game, club=(schema, columns)
        )
    except LogValidationError as exc:  # another program's file, its structure
        if errors != "collect" or exc.game != entry.name:
            raise
        return _file_rejected(exc, schema, rules)
    if given is None:  # a file the package wrote keeps the rules it was read with
        rules = _stored_rules(raw, entry, source) or rules
    read, raw = raw, with_season(raw, schema, season)
    headings = columns_as_read(columns, list(raw.columns))
    try:
        result = check_log(
            raw, schema, rules=rules, errors=errors, source=src, columns=headings
        )
    except LogValidationError as exc:  # the layout's problems with the others
        fc = joined_failures(exc.failure_cases, problems, schema.item)
        raise LogValidationError(exc.game, fc, exc.source, exc.kind) from None
    result = with_table_problems(result, problems, raw, schema, src.label)
    if isinstance(result, Collected) and read is not source:
        # a file's rejected rows as its text, not as the reader's categoricals
        return result._replace(rejected=_as_text(result.rejected))
    return result


def _stored_rules(raw: pd.DataFrame, entry: Any, source: Any) -> Any:
    """The rules a frame of the package carried when it was written to a file
    that keeps a frame's ``attrs`` (Parquet), when it was of this game; None
    otherwise (a frame handed over keeps its own stamp, read by check_log)."""
    if raw is source or not isinstance(raw, pd.DataFrame):
        return None
    stamp = raw.attrs.get("cardscore")
    if not isinstance(stamp, dict) or stamp.get("game") != entry.name:
        return None
    stored = stamp.get("rules")
    if not stored:
        return None
    try:
        return entry.rules.from_dict(stored)
    except (RulesError, TypeError) as exc:
        raise LogReadError(
            f"{source}: the {entry.name} rules stored with this file cannot be read "
            f"({exc}); give them with rules="
        ) from exc


def _file_rejected(exc: LogValidationError, schema: Any, rules: Any) -> Collected:
    """``errors="collect"`` on a file whose own structure has problems (a deal
    file of another program): no deal to keep, each deal it names rejected
    with its problems."""
    names = [f.name for f in schema.fields if f.required]
    empty = pd.DataFrame({name: pd.Series([], dtype=TEXT) for name in names})
    good = check_log(empty, schema, rules=rules, errors="collect").deals
    fc = exc.failure_cases
    rejected = (
        fc.groupby(list(schema.key), sort=False, dropna=False)["message"]
        .agg("; ".join)
        .reset_index()
        .rename(columns={"message": "problems"})
    )
    return Collected(good, rejected, fc)


def _dask_source(source: Any, game: str) -> RulesError:
    """What to do with a Dask frame instead of reading it."""
    kind = type(source).__name__
    return RulesError(
        f"read_log reads a file or a pandas DataFrame; got a Dask {kind}. A Dask "
        f"frame is checked where it is: hand it to the game's functions "
        f"(csf.{game}.score(frame), csf.{game}.to_ledger(...), csf.totals(...)), "
        "which check every partition first; to read a folder of log files as a "
        "Dask frame, use cardscore_frames.distributed.read_logs("
        f"'folder/', game={game!r})"
    )


def validate(
    deals: pd.DataFrame,
    *,
    game: str,
    kind: str = "deals",
    errors: Errors = "raise",
    rules: Any = None,
    columns: Mapping[str, str] | None = None,
    season: str | None = None,
) -> pd.DataFrame | Collected:
    """Check a frame against one of ``game``'s logs (what :func:`read_log` does
    after reading). Returns the typed frame, or a :class:`Collected` with
    ``errors="collect"``; raises :class:`~cardscore_frames.LogValidationError`.
    ``columns`` maps a heading of ``deals`` to the log column it holds, for
    headings the game does not know; ``season`` is every row's season where
    the frame gives none (as :func:`read_log`).

    Examples
    --------
    >>> import pandas as pd, cardscore_frames as csf
    >>> raw = pd.DataFrame({"game_id": [1], "deal": [1], "player1": ["A"],
    ...     "player2": ["B"], "player3": ["C"], "taker": ["A"],
    ...     "contract": ["Garde"], "oudlers": [2], "card_points": [45.5]})
    >>> csf.validate(raw, game="tarot")["contract"].tolist()
    ['garde']
    """
    return read_log(
        deals,
        game=game,
        kind=kind,
        errors=errors,
        rules=rules,
        columns=columns,
        season=season,
    )


def read_table(
    source: str | os.PathLike | pd.DataFrame,
    *,
    sheet: str | int = 0,
    encoding: str | None = None,
) -> tuple[pd.DataFrame, Source]:
    """Read a table as it is written, text as text, with where each row came from
    (what :func:`read_log` checks). Returns the frame and its :class:`Source`."""
    frame, src, _ = _read_cells(source, sheet=sheet, encoding=encoding)
    return _as_text(frame), src


def _as_text(frame: pd.DataFrame) -> pd.DataFrame:
    """Categorical columns (text as the readers parse it) as ``str`` columns."""
    text = [
        j
        for j, dtype in enumerate(frame.dtypes)
        if isinstance(dtype, pd.CategoricalDtype)
    ]
    if not text:
        return frame
    out = frame.copy(deep=False)
    for j in text:  # by position: a log may repeat a column's name
        out.isetitem(j, frame.iloc[:, j].astype(TEXT))
    return out


def _read_cells(
    source: str | os.PathLike | pd.DataFrame,
    *,
    sheet: str | int = 0,
    encoding: str | None = None,
    game: str | None = None,
    club: tuple[Any, Mapping[str, str] | None] | None = None,
) -> tuple[pd.DataFrame, Source, list[TableProblem]]:
    """A table as cells: text columns as categoricals of the text given (each
    distinct value once), numbers as numbers where the format has them; and the
    problems of a CSV file's layout. ``club``: the log's schema and the
    caller's ``columns=``, to read a CSV file as a club laid it out (a table
    of the file as it is without)."""
    if isinstance(source, pd.DataFrame):
        return source, Source(), []
    if not isinstance(source, (str, os.PathLike)):
        raise RulesError(
            f"source must be a file path or a DataFrame; got {type(source).__name__}"
        )
    path = Path(source)
    if not path.exists():
        raise LogNotFoundError(f"no such log file: {path}")
    suffix = path.suffix.lower()
    if suffix in (".csv", ".txt", ".tsv"):
        frame, src = _read_csv(path, encoding, club)
        return _club_csv(frame, src, *club) if club else (frame, src, [])
    return (*_read_file(path, suffix, sheet, encoding, game), [])


def _read_file(
    path: Path, suffix: str, sheet: str | int, encoding: str | None, game
) -> tuple[pd.DataFrame, Source]:
    """A Parquet, JSON, Excel file or another program's, as cells."""
    if suffix in (".parquet", ".pq"):
        return parse_parquet(path), Source(label=str(path), lines=None)
    if suffix in (".jsonl", ".ndjson", ".json"):
        data = read_bytes(path)
        if suffix == ".json" and (found := sniffed_format(path, data)) is not None:
            owner, fmt = found  # another program's JSON, told by its content
            check_foreign_game(path, owner, fmt.kind, game)
            return fmt.reader(path)
        try:
            frame, lines, used = parse_json(data, encoding, path, suffix != ".json")
        except LogReadError as exc:
            raise LogReadError(f"{exc}{_other_programs(suffix)}") from None
        return frame, Source(label=str(path), lines=lines, encoding=used)
    if suffix in (".xlsx", ".xlsm"):
        return _read_excel(path, sheet)
    if suffix in foreign_formats():  # another program's file, read by its game
        return read_foreign(path, game)
    raise LogReadError(
        f"{path}: a log file must end in {', '.join(_SUFFIXES)}, .xlsx or .xlsm; "
        f"got {path.name!r}"
    )


def _other_programs(suffix: str) -> str:
    """What else a file of ``suffix`` could have been, for a reading error."""
    known = [f"{fmt.about} ({game})" for game, fmt in sniffed_formats(suffix)]
    return f"; nor is it {' or '.join(known)}" if known else ""


def _read_csv(
    path: Path, encoding: str | None, club: tuple | None = None
) -> tuple[pd.DataFrame, Source]:
    """A CSV file as text cells, with each row's file line; the encoding is
    UTF-8 (the parser checks it as it reads), else found from the text. With
    ``club`` (schema, columns), read from the header line past title lines."""
    header = partial(header_row, schema=club[0], columns=club[1]) if club else None
    data, bom, above = read_csv_bytes(path, header, encoding)  # from the header on
    if encoding is not None:
        decode(data, encoding, str(path))  # a clear error if it does not decode
        used = encoding
        frame, lines = parse_csv(data, encoding, path, above)
    else:
        used = "utf-8-sig" if bom else "utf-8"
        try:
            frame, lines = parse_csv(data, None, path, above)
        except NotUtf8:
            used = csv_encoding(data, path)  # Windows-1251 or -1252
            frame, lines = parse_csv(data, used, path, above)
    empty = _blank_rows(frame)
    if empty.any():  # rows of separators only carry no deal; keep lines true
        frame = frame.loc[~empty].reset_index(drop=True)
        lines = None if lines is None else lines[~empty]
    return frame, Source(label=str(path), lines=lines, encoding=used)


def _club_csv(
    frame: pd.DataFrame, src: Source, schema: Any, columns
) -> tuple[pd.DataFrame, Source, list[TableProblem]]:
    """A CSV file's table as a club laid it out: placeholder rows left out,
    totals rows checked and left out, a last and a first name column joined
    (:mod:`cardscore_frames.io.layout`); each row keeps its file line."""
    headings = [str(c) for c in frame.columns]
    names = column_names(headings, schema, columns)
    joined = name_columns(headings, schema)
    if joined:  # the name columns are the player's content
        names[joined[0]] = names[joined[1]] = None
    found = scan(frame, names, schema)
    problems = _csv_totals(found, names, headings, src.lines)
    if not found.keep.all():
        frame = _unused_dropped(frame.loc[found.keep].reset_index(drop=True))
        lines = None if src.lines is None else src.lines[found.keep]
        src = Source(label=src.label, lines=lines, encoding=src.encoding)
    if joined:
        frame = _joined(frame, *joined)
    return frame, src, problems


def _unused_dropped(frame: pd.DataFrame) -> pd.DataFrame:
    """Text left out with the rows that held it (a totals row's ``Total`` in the
    game column) is no value of the rows kept: validation types a column by
    its values."""
    out = frame.copy(deep=False)
    for j, dtype in enumerate(frame.dtypes):
        if isinstance(dtype, pd.CategoricalDtype):
            out.isetitem(j, frame.iloc[:, j].cat.remove_unused_categories())
    return out


def _csv_totals(found, names, headings, lines) -> list[TableProblem]:
    """Each totals cell that is not the sum of the rows above it, by its line."""
    position = np.cumsum(found.keep) - 1  # each row's place among those kept
    out = []
    for m in found.mismatches:
        summed = np.flatnonzero(found.keep[m.first : m.last + 1]) + m.first
        if lines is None or not len(summed):
            where = "the rows above it" if len(summed) else "no row above it"
        else:
            where = f"lines {lines[summed[0]]} to {lines[summed[-1]]}"
        line = None if lines is None else int(lines[m.row])
        column = names[m.col] or headings[m.col]
        problem = totals_problem(
            m, column, headings[m.col], line=line, rows=position[summed], where=where
        )
        out.append(problem)
    return out


def _joined(frame: pd.DataFrame, last: int, first: int, player: str) -> pd.DataFrame:
    """The last and first name columns as one ``player`` column where the last
    name stood: ``Prénom Nom``."""
    names = join_names(frame.iloc[:, first], frame.iloc[:, last])
    keep = [j for j in range(frame.shape[1]) if j not in (last, first)]
    out = frame.iloc[:, keep]
    at = sum(j < last for j in keep)
    return pd.concat(
        [out.iloc[:, :at], names.rename(player).to_frame(), out.iloc[:, at:]], axis=1
    )


def _blank_rows(frame: pd.DataFrame) -> np.ndarray:
    """Rows with no value in any cell, looked at a column at a time: the first
    column with a value on every row ends the look (no table of every cell)."""
    blank = np.ones(len(frame), dtype=bool)
    for j in range(frame.shape[1]):
        blank &= frame.iloc[:, j].isna().to_numpy()
        if not blank.any():
            break
    return blank


def _is_workbook(source: object) -> bool:
    """An Excel file that exists (a missing one is reported by the readers)."""
    if not isinstance(source, (str, os.PathLike)):
        return False
    path = Path(source)
    return path.suffix.lower() in (".xlsx", ".xlsm") and path.is_file()


def _read_excel(path: Path, sheet: str | int) -> tuple[pd.DataFrame, Source]:
    """Our score sheets and filled templates by their layout, any other workbook
    as a plain table (:func:`cardscore_frames.io.excel.read_excel_table`)."""
    return read_excel_table(path, sheet)
