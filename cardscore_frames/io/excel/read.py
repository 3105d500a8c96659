"""Reading score sheets back from Excel: our workbooks, filled templates and
plain deal tables, validated as every log is.

A workbook this package wrote says in its metadata which game, log kind and
rules it holds and which sheets hold which log; the game's hook
(``Game.excel.read``) finds its table on each sheet by the headings and
decodes the paper codes. Any other workbook is read as a plain table: a
heading row of log columns, then one deal a row. Cells holding formulas are
read by the values stored with them. Problems name the sheet and the cell
(``Partie 3!D14``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import Collected, Errors, Source, check_log
from cardscore_frames.checking.check import restated
from cardscore_frames.checking.conform import sheet_choice_message
from cardscore_frames.checking.schema import Schema
from cardscore_frames.contract import get_game
from cardscore_frames.errors import LogValidationError, RulesError, WorkbookError
from cardscore_frames.excel.books import FORMAT, game_hook
from cardscore_frames.excel.paper import Column, Match, PaperRows, read_rows, stack
from cardscore_frames.excel.reading import SheetCells, read_book
from cardscore_frames.excel.workbook import gc_paused

__all__ = ["read_excel", "read_excel_table", "workbook_metadata"]


def read_excel(
    path: str | os.PathLike[str],
    *,
    game: str,
    kind: str = "deals",
    sheet: str | int | None = None,
    errors: Errors = "raise",
    rules: Any = None,
) -> pd.DataFrame | Collected:
    """Read a log from a workbook: our score sheets, a filled template, or a
    plain table of log columns.

    Parameters
    ----------
    path : str or os.PathLike
        The ``.xlsx`` file; checked before it is opened (a zip, not encrypted,
        not a zip bomb).
    game : str
        The game the log is of.
    kind : str
        Which of the game's logs: ``"deals"``, ``"points"`` (each seat's points
        per deal, as a points-only log's sheets hold them), or preferans
        ``"sheet"`` (end-of-game sheets). A workbook of another kind says which
        to ask for.
    sheet : str or int, optional
        One sheet to read. By default every sheet of our workbook that holds a
        log of ``kind``, or the first sheet of any other workbook.
    errors : {"raise", "collect"}
        As :func:`cardscore_frames.read_log`.
    rules : Rules, optional
        The rules to check with; by default the ones the workbook was written
        with, else the game's defaults.

    Returns
    -------
    pandas.DataFrame or Collected
        What :func:`cardscore_frames.read_log` returns for the same log: typed
        columns, stamped with game, rules and source. Problems
        (:class:`~cardscore_frames.LogValidationError`) give each cell as
        ``failure_cases["cell"]`` (``Partie 3!D14``).

    Examples
    --------
    >>> import tempfile, cardscore_frames as csf
    >>> from pathlib import Path
    >>> deals = csf.load_example("tarot")
    >>> path = csf.to_excel(csf.tarot.score(deals), Path(tempfile.mkdtemp()) / "t.xlsx")
    >>> back = csf.read_excel(path, game="tarot")
    >>> back.equals(deals)
    True
    """

    entry = get_game(game)
    schema = entry.schema(kind)
    # Many small objects, none of them cyclic garbage. The sheets' rows are let
    # go before the collector runs again, else its first pass walks them all.
    with gc_paused():
        meta, parts = _load(path, entry, kind, sheet)
        raw = stack(parts) if parts else pd.DataFrame(columns=list(schema.names))
        rules = entry.rules.ensure(_rules_of(entry, meta) if rules is None else rules)
        source = Source(label=str(path))
        try:
            result = check_log(raw, schema, rules=rules, errors=errors, source=source)
        except LogValidationError as exc:
            fc = _with_cells(exc.failure_cases, parts, schema)
            raise LogValidationError(exc.game, fc, exc.source, exc.kind) from None
        if isinstance(result, Collected):  # raw's index is its rows' positions
            fc = _with_cells(result.failure_cases, parts, schema)
            result = restated(result, fc)
        del parts, raw
    return result


def read_excel_table(
    path: str | os.PathLike[str], sheet: str | int = 0
) -> tuple[pd.DataFrame, Source]:
    """The raw rows of a workbook's log and where they came from, for
    :func:`cardscore_frames.read_log` (which validates them).

    Our workbooks give the log they were written from (every sheet holding it
    when ``sheet`` is 0, the default); any other workbook gives the plain
    table on ``sheet``.

    Returns
    -------
    (pandas.DataFrame, Source)
        Cells as read; the source names sheet and cells when the rows come from
        one table of one sheet.
    """
    meta, parts = _load(path, None, None, None if sheet == 0 else sheet)
    if not parts:  # our workbook of no game: an empty log of its kind
        schema = get_game(meta["game"]).schema(meta.get("kind", "deals"))
        return pd.DataFrame(columns=list(schema.names)), Source(label=str(path))
    raw = stack(parts)
    if len(parts) == 1 and not parts[0].fixed:
        part = parts[0]
        return raw, Source(
            label=f"{path} [{part.sheet}]",
            sheet=part.sheet,
            excel_rows=np.asarray(part.rows),
            excel_columns=dict(part.letters),
        )
    return raw, Source(label=str(path))


def workbook_metadata(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """What a workbook of this package says of itself (``game``, ``kind``, the
    ``layout``: ``export`` or ``template``, its ``sheets``), without reading its
    sheets; None for any other workbook.

    Examples
    --------
    >>> import tempfile, cardscore_frames as csf
    >>> from pathlib import Path
    >>> scored = csf.tarot.score(csf.load_example("tarot"))
    >>> path = csf.to_excel(scored, Path(tempfile.mkdtemp()) / "t.xlsx")
    >>> meta = workbook_metadata(path)
    >>> meta["game"], meta["kind"]
    ('tarot', 'deals')
    """
    meta, _ = read_book(path, lambda meta, names: [])
    return _ours(meta)


# --- inner workings --------------------------------------------------------------


def _ours(meta: dict | None) -> dict | None:
    return meta if meta is not None and meta.get("format") == FORMAT else None


def _load(
    path: str | os.PathLike[str],
    entry: Any,
    kind: str | None,
    sheet: str | int | None,
) -> tuple[dict | None, list[PaperRows]]:
    """The workbook's metadata (ours, else None) and each chosen sheet's rows:
    the game's tables on our sheets, plain tables elsewhere.

    ``entry`` None: the game and log kind are the workbook's own (read_log).
    """

    found: dict[str, Any] = {}

    def choose(meta: dict | None, names: list[str]) -> list[str | int]:
        meta = _ours(meta)
        found["meta"] = meta
        if meta is None:
            if entry is not None:
                found["entry"], found["kind"] = entry, kind or "deals"
            return [0 if sheet is None else sheet]
        game = entry if entry is not None else get_game(meta.get("game"))
        if game.name != meta.get("game"):
            raise WorkbookError(
                f"{path} holds {meta.get('game')} score sheets, not {game.name}"
            )
        found["entry"], found["kind"] = game, kind or meta.get("kind", "deals")
        if sheet is not None:
            return [sheet]
        sheets = meta.get("sheets", [])
        listed = [s["name"] for s in sheets if s.get("kind") == found["kind"]]
        held = sorted({s["kind"] for s in sheets if s.get("kind")})
        if not listed and (found["kind"] not in game.logs or held):
            hint = " or ".join(f"kind={k!r} (command line: --kind {k})" for k in held)
            raise WorkbookError(
                f"{path} holds no {game.name} {found['kind']} log (its sheets hold "
                f"{' and '.join(held) or meta.get('kind')} logs"
                + (f"; read it with {hint})" if hint else ")")
            )
        return listed

    def convert(cells: SheetCells) -> PaperRows:
        game = found.get("entry")
        if "hook" not in found:
            found["hook"] = game_hook(game) if game is not None else None
        return _rows_of(cells, found["hook"], found.get("kind"), found["meta"], game)

    _, rows = read_book(path, choose, convert=convert)
    return found.get("meta"), rows


def _rows_of(cells: SheetCells, hook, kind, meta, entry) -> PaperRows:
    """One sheet's rows: by the game's layout, else as a plain table."""
    rows = None
    if hook is not None:
        layout = _layout_of(meta, cells.sheet)
        rows = hook.read(cells, kind, layout)
    if rows is None and meta is not None:
        raise WorkbookError(
            f"{cells.path}, sheet {cells.sheet!r}: no {entry.name} {kind} table "
            "found (its heading row is missing or was changed)"
        )
    return rows if rows is not None else plain_rows(cells)


def _layout_of(meta: dict | None, sheet: str) -> dict | None:
    """The layout the writer stored for ``sheet`` (None: search its headings)."""
    if meta is None:
        return None
    if "_by_name" not in meta:  # looked up once per workbook, not per sheet
        layouts = meta.get("layouts", [])
        meta["_by_name"] = {
            item.get("name"): layouts[at]
            for item in meta.get("sheets", [])
            if isinstance(at := item.get("layout"), int) and at < len(layouts)
        }
    return meta["_by_name"].get(sheet)


def plain_rows(cells: SheetCells) -> PaperRows:
    """A plain table: the first row holds the column names, each row below a log
    row; empty rows are skipped."""
    if not cells.rows:
        return PaperRows(cells.sheet)
    head = cells.rows[0]
    cols = {_heading(v): j for j, v in enumerate(head) if v is not None and v != ""}
    match = Match(0, {name: j for name, j in cols.items()})
    columns = [Column(name, name, name) for name in cols]
    return read_rows(cells, match, columns)


def _heading(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _with_cells(
    fc: pd.DataFrame, parts: list[PaperRows], schema: Schema
) -> pd.DataFrame:
    """``failure_cases`` with the cell of each problem (``Sheet!C7``)."""
    if not len(fc):
        return fc
    canon = _canonical(parts, schema)
    starts = np.cumsum([0] + [len(p) for p in parts])
    cells, messages, values = [], list(fc["message"]), list(fc["value"])
    for i, (row, column, given) in enumerate(
        zip(fc["row"], fc["column"], fc["cell"], strict=True)
    ):
        if pd.isna(row):
            cells.append(given)
            continue
        k = int(np.searchsorted(starts, int(row), side="right")) - 1
        part = parts[min(k, len(parts) - 1)]
        where = part.cell(int(row) - int(starts[k]), canon[k].get(column, column))
        cells.append(where if where is not None else given)
        coder = part.coded.get(column)
        if fc["reason"].iat[i] == "not_allowed" and coder is not None and coder.codes:
            # a paper sheet's cell: as typed, and what it allows in its own codes
            values[i] = _as_typed(values[i], coder.codes)
            messages[i] = sheet_choice_message(schema.field(column), values[i])
    out = fc.copy()
    out["cell"] = pd.Series(cells, index=fc.index, dtype=object)
    out["value"] = pd.Series(values, index=fc.index, dtype=fc["value"].dtype)
    out["message"] = pd.Series(messages, index=fc.index, dtype=fc["message"].dtype)
    return out


def _as_typed(value: Any, codes: Mapping[Any, str]) -> Any:
    """A cell of codes joined by ``+`` as it was typed (``S+Q``): its codes were
    decoded (``simple+Q``) before it was found wrong."""
    if not isinstance(value, str) or "+" not in value:
        return value
    return "+".join(str(codes.get(p, p)) for p in value.split("+"))


def _canonical(parts: list[PaperRows], schema: Schema) -> list[dict[str, str]]:
    """Per part, the schema's column name -> the column name as read (a plain
    table may use an alias: ``donne`` for ``deal``)."""
    out = []
    for part in parts:
        names = [*part.letters, *part.fixed]
        out.append({schema.column_of(n) or n: n for n in names})
    return out


def _rules_of(entry: Any, meta: dict | None) -> Any:
    if meta is None or not meta.get("rules"):
        return None
    try:
        return entry.rules.from_dict(meta["rules"])
    except (RulesError, TypeError) as exc:
        raise WorkbookError(f"the workbook's rules cannot be read: {exc}") from exc
