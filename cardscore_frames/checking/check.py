"""The validation pass: conform every column, run every check, raise or collect.

:func:`check_log` conforms every column to its dtype, runs every check, collects
every problem (never stopping at the first) and then either raises one
:class:`~cardscore_frames.errors.LogValidationError` or, with
``errors="collect"``, returns the good rows and the rejected ones with reasons.
Its result carries a stamp (:mod:`~cardscore_frames.checking.stamp`), so that
scoring it does not check it again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking.conform import conform, share_names
from cardscore_frames.checking.groups import GameIndex, game_index
from cardscore_frames.checking.numbers import filled
from cardscore_frames.checking.problems import Problems, Source
from cardscore_frames.checking.schema import (
    GAME_KEY,
    METADATA_COLUMNS,
    METADATA_FIELDS,
    Schema,
)
from cardscore_frames.checking.stamp import stamp
from cardscore_frames.errors import LogValidationError, RulesError

__all__ = ["Collected", "Errors", "check_log"]

Errors = Literal["raise", "collect"]


class Collected(NamedTuple):
    """What ``errors="collect"`` returns.

    ``deals``: the valid rows, typed and checked (no rows, every column typed,
    when the problem is the whole log's); ``rejected``: the rejected rows exactly
    as given (the input's own columns, names, index and values; a file's cells
    as its text), plus a ``problems`` column (``problems (cardscore)`` when the
    log has a ``problems`` column of its own) and no ``attrs``;
    ``failure_cases``: one row per problem, as
    :attr:`LogValidationError.failure_cases`. ``len(deals) + len(rejected)`` is
    the number of rows given, and their indexes are the input's (of a log whose
    schema's ``prepare`` makes its rows, a wide table of sessions: each row of
    ``deals`` has the index of the row it came from, and ``rejected`` holds the
    rows given that a rejected row came from).
    """

    deals: pd.DataFrame
    rejected: pd.DataFrame
    failure_cases: pd.DataFrame


def _rename(
    raw: pd.DataFrame, schema: Schema, columns: Mapping[str, str] | None = None
) -> tuple[pd.DataFrame, dict]:
    """Headings (``Donne``, ``Appelé``, ``Game ID``) to the schema's names, column
    by column, ``columns`` (heading -> column, as the caller gives it) first (two
    columns may come to the same name: that is reported, not merged)."""
    given = dict(columns or {})
    new = [given[c] if c in given else schema.column_of(c) or c for c in raw.columns]
    return raw.set_axis(pd.Index(new, tupleize_cols=False), axis=1), dict(
        zip(raw.columns, new)
    )


def check_log(
    deals: pd.DataFrame,
    schema: Schema,
    *,
    rules: Any = None,
    errors: Errors = "raise",
    source: Source | None = None,
    columns: Mapping[str, str] | None = None,
) -> pd.DataFrame | Collected:
    """Conform ``deals`` to ``schema``, run its checks and raise or collect problems.

    ``columns`` maps a heading of ``deals`` to the column it holds, for headings
    no alias names. Returns the typed frame (schema columns first, in schema
    order, then every other column unchanged), stamped with the game, the log
    kind and ``rules``; or a :class:`Collected` with ``errors="collect"``.
    """
    if errors not in ("raise", "collect"):
        raise RulesError(f"errors must be 'raise' or 'collect'; got {errors!r}")
    _check_columns_option(columns, deals.columns, schema)
    raw, names = _rename(deals, schema, columns)
    if source is not None and source.excel_columns:
        letters = {str(names.get(c, c)): v for c, v in source.excel_columns.items()}
        source = replace(source, excel_columns=letters)
    given, came = raw, None
    if schema.prepare is not None:
        raw, source, came = _prepared(given, schema, source)
    problems = Problems(schema.game, raw, source, key=schema.key)
    if came is None:
        raw = _drop_duplicate_columns(raw, deals.columns, problems)
        _report_near_misses(raw, deals.columns, schema, problems)
    else:  # the log's own columns, as given
        _drop_duplicate_columns(given, deals.columns, problems)
        _report_near_misses(given, deals.columns, schema, problems, raw.columns)
    typed = _conform_all(raw, schema, problems, deals.columns)
    others = [c for c in raw.columns if c not in typed]
    # copy=False: the typed arrays become the columns (a dict of Series is
    # otherwise copied whole)
    out = pd.DataFrame(typed, index=raw.index, copy=False)
    if others:
        out = pd.concat([out, raw[others]], axis=1)
    if not problems.whole_log:  # checks need every column in place
        index = problems.cached("games", lambda: game_index(out, schema.item))
        codes = index.codes
        _check_key(out, index, schema, problems)
        _check_metadata(out, index, problems, schema)
        for check in schema.checks:
            check(out, problems, rules)
        if schema.reject == "game" and errors == "collect":
            problems.add_game(codes, _WHOLE[schema.kind])
    return _finish(deals, out, problems, schema, errors, rules, came)


#: Why a whole game is rejected, by log kind.
_WHOLE = {
    "deals": "a game is scored from all of its deals or not at all",
    "sheet": "a game is settled whole or not at all",
    "points": "a game is counted from all of its deals or not at all",
    "results": "an evening is counted whole or not at all",
}


class _Came(NamedTuple):
    """Where the rows a schema's ``prepare`` made came from: each one's row in
    the log as given, and per column whose cells came from several of the
    log's columns, each row's heading there."""

    rows: np.ndarray
    headings: Mapping[str, np.ndarray]
    given: int


def _prepared(
    raw: pd.DataFrame, schema: Schema, source: Source | None
) -> tuple[pd.DataFrame, Source | None, _Came]:
    """The rows ``schema.prepare`` makes of the log, indexed as the rows they
    came from, with those rows' file lines and sheet rows. A column twice is
    given once (it is reported as a problem of the whole log)."""
    once = raw.loc[:, ~raw.columns.duplicated()]
    made = schema.prepare(once.set_axis(pd.RangeIndex(len(raw))))
    rows = made.index.to_numpy(dtype=np.int64)
    headings = {
        c: np.asarray(h, dtype=object)
        for c, h in made.attrs.get("headings", {}).items()
    }
    made = made.set_axis(raw.index.take(rows))
    if source is not None:
        lines, sheet_rows = source.lines, source.excel_rows
        source = replace(
            source,
            lines=None if lines is None else np.asarray(lines)[rows],
            excel_rows=None if sheet_rows is None else np.asarray(sheet_rows)[rows],
        )
    return made, source, _Came(rows, headings, len(raw))


def _as_given(fc: pd.DataFrame, came: _Came | None, source: Source) -> pd.DataFrame:
    """Problems named by the log as given: each row's position in it, and a
    cell that came from one of several columns by that column (its heading
    first in the message) and its cell."""
    if came is None or not len(fc):
        return fc
    named = fc["row"].notna().to_numpy()
    at = fc["row"].to_numpy(dtype=np.int64, na_value=0)
    for column, per_row in came.headings.items():
        here = named & (fc["column"] == column).to_numpy()
        if not here.any():
            continue
        heads = per_row[at[here]]
        fc.loc[here, "column"] = heads
        fc.loc[here, "message"] = heads + ": " + fc.loc[here, "message"].to_numpy()
        sheet, sheet_rows = source.sheet, source.excel_rows
        if sheet is not None and sheet_rows is not None:
            letters = [source.excel_columns.get(str(h)) for h in heads]
            fc["cell"] = fc["cell"].astype(object)
            fc.loc[here, "cell"] = [
                pd.NA if x is None else f"{sheet}!{x}{r}"
                for x, r in zip(letters, sheet_rows[at[here]], strict=True)
            ]
    fc["row"] = pd.array(came.rows[at], dtype="Int64")
    fc.loc[~named, "row"] = pd.NA
    # a row given is told once that its game was rejected, and not at all when
    # it has problems of its own
    spread = (fc["reason"] == "game_rejected").to_numpy()
    own = fc.loc[~spread, "row"].dropna().unique()
    told = fc["row"].duplicated().to_numpy() | fc["row"].isin(own).to_numpy()
    return fc.loc[~(spread & told)].reset_index(drop=True)


def _drop_duplicate_columns(
    raw: pd.DataFrame, given: pd.Index, problems: Problems
) -> pd.DataFrame:
    """Two columns of one name (or of two aliases of one name) are a problem of the
    whole log: which one holds the deals cannot be told."""
    twice = raw.columns.duplicated(keep=False)
    if not twice.any():
        return raw
    names = pd.Series(range(len(raw.columns)))[twice].groupby(
        [str(c) for c in raw.columns[twice]], sort=False
    )
    for name, at in names:
        shown = ", ".join(f"{given[i]!r} (column {i + 1})" for i in at)
        problems.add_table(
            name,
            "duplicate_column",
            f"column {name} must appear once; the log has {shown}",
        )
    return raw.loc[:, ~raw.columns.duplicated()]


def _check_columns_option(
    columns: Mapping[str, str] | None, given: pd.Index, schema: Schema
) -> None:
    """``columns=`` names headings of the log and columns of the schema; every
    slip in it reported at once."""
    if not columns:
        return
    slips = [
        f"{heading!r} is not a heading of the log (its headings: {_listed(given)})"
        for heading in columns
        if heading not in given
    ] + [
        f"{heading!r}: {name!r} is not a column of the {schema.label} (its "
        f"columns: {', '.join(schema.names)})"
        for heading, name in columns.items()
        if name not in schema.names
    ]
    if slips:
        raise RulesError("columns= maps a heading to a column; " + "; ".join(slips))


def _report_near_misses(
    raw: pd.DataFrame,
    given: pd.Index,
    schema: Schema,
    problems: Problems,
    present: pd.Index | None = None,
) -> None:
    """A column the log does not know whose heading nearly names a column it
    lacks (``Apelle`` beside no partner column) is a problem, not an extra to
    keep: kept, the deals would be read without what it holds. ``present``:
    the columns the checked rows have, when ``prepare`` made them."""
    known = set(schema.names)
    present = raw.columns if present is None else present
    absent = [n for n in schema.names if n not in present]
    for at, (name, heading) in enumerate(zip(raw.columns, given)):
        if name in known or not isinstance(heading, str):
            continue
        near = schema.closest(heading, absent)
        if near is not None:
            problems.add_table(
                near,
                "unknown_column",
                f"column {heading!r} (column {at + 1}) is not a column of the "
                f"{schema.label}; did you mean {near} ({_headings_of(schema, near)})? "
                f"Rename it, or read with columns={{{heading!r}: {near!r}}} "
                f"(command line: --column {f'{heading}={near}'!r})",
            )


def _headings_of(schema: Schema, name: str) -> str:
    """``'partner', 'Appelé', 'Partenaire' ...``: what a column may be headed."""
    f = schema.field(name)
    shown = [repr(h) for h in dict.fromkeys((f.name, *f.aliases))]
    return "headed " + ", ".join(shown[:5]) + (" ..." if len(shown) > 5 else "")


def _listed(columns: pd.Index) -> str:
    """The columns a log has, for messages: ``'Donne', 'Preneur' ...``."""
    shown = [repr(str(c)) for c in columns[:20]]
    more = len(columns) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "") or "none"


def _conform_all(
    raw: pd.DataFrame, schema: Schema, problems: Problems, given: pd.Index
) -> dict:
    """Every field of the schema, typed; a missing required column is a problem
    (naming the log's columns, ``given``, as headed)."""
    typed = {}
    # keys first, so that problems name rows by their typed key; fields whose
    # blanks depend on another column after it
    order = sorted(
        schema.fields,
        key=lambda f: (f.blank_when is not None, f.name not in schema.key),
    )
    for f in order:
        if f.name in raw:
            fill = _fill_rows(f, typed)
            typed[f.name] = conform(f, raw[f.name], problems, fill)
            if f.name in schema.key:
                problems.use_key(f.name, typed[f.name])
        elif f.required:
            if not problems.reported_table(f.name):  # a near miss said it
                problems.add_table(
                    f.name,
                    "missing_column",
                    f"column {f.name} is missing ({f.allowed()}; "
                    f"{_headings_of(schema, f.name)}); the log's columns: "
                    f"{_listed(given)}",
                )
        else:  # an optional column left out: all blank (or its default), typed
            problems.left_out.add(f.name)
            typed[f.name] = (
                _all_blank(f, raw.index)  # nothing to read
                if _blank_numbers(f)
                else _left_out(f, raw.index, problems)
            )
    share_names(typed, list(schema.fields))
    return {f.name: typed[f.name] for f in schema.fields if f.name in typed}


def _blank_numbers(f) -> bool:
    """An optional number column whose blank cell is blank (no default): left
    out, it is all NA, without reading a cell (a log leaves many out)."""
    return f.kind in ("int", "number") and f.blank and f.default is None


def _all_blank(f, index: pd.Index) -> pd.Series:
    mask = np.ones(len(index), dtype=bool)
    if f.kind == "int":
        values = pd.arrays.IntegerArray(np.zeros(len(index), np.int64), mask)
    else:
        values = pd.arrays.FloatingArray(np.zeros(len(index)), mask)
    # no copy: a copy would write every zero under the mask (untouched, they
    # take no memory)
    return pd.Series(values, index=index, name=f.name, copy=False)


def _left_out(f, index: pd.Index, problems: Problems) -> pd.Series:
    """An optional column the log leaves out, typed: all blank, or its default."""
    if f.blank and f.default is None:  # blank: typed as a blank column of no
        # rows is, then stretched (no cell to look at, no problem to find)
        empty = _typed_empty(f, problems)
        if isinstance(empty, pd.Categorical):  # a label or a name: codes of -1
            blank = pd.Categorical.from_codes(
                np.full(len(index), -1, dtype=np.int8), dtype=empty.dtype
            )
        else:
            blank = empty.take(np.full(len(index), -1), allow_fill=True)
        return pd.Series(blank, index=index, name=f.name, copy=False)
    return conform(f, _blank_text(len(index), index), problems)


#: A field's column of no rows, typed, by the field's repr: what :func:`_left_out`
#: stretches. Typing it costs a millisecond of pandas' work on empty objects,
#: paid once per field instead of once per left-out column of every log.
_EMPTY: dict[str, Any] = {}


def _typed_empty(f, problems: Problems):
    """``f``'s typed column of no rows (no cell, so no problem is ever found)."""
    key = repr(f)
    empty = _EMPTY.get(key)
    if empty is None:
        none = _blank_text(0, pd.RangeIndex(0))
        empty = _EMPTY[key] = conform(f, none, problems).array
    return empty


def _blank_text(size: int, index: pd.Index) -> pd.Series:
    """A column of ``size`` blank cells, as a categorical of text reads."""
    none = np.full(size, -1, dtype=np.int8)
    blank = pd.Categorical.from_codes(none, categories=pd.Index([], dtype=TEXT))
    return pd.Series(blank, index=index)


def _fill_rows(f, typed: dict) -> np.ndarray | None:
    """Rows where ``f.blank_when`` holds (its column is typed by now)."""
    when = f.blank_when
    if when is None or when.column not in typed:
        return None
    return np.asarray(typed[when.column].isin(when.when), dtype=bool)


def _check_key(out: pd.DataFrame, index, schema: Schema, problems: Problems) -> None:
    """No two rows of a game with the same deal (seat): neighbours in deal order."""
    item = out[schema.item]
    given = item.notna().to_numpy()
    rows = index.order
    value = filled(item, np.int64, -1)[rows]
    game, given = index.codes[rows], given[rows]
    same = (game[1:] == game[:-1]) & (value[1:] == value[:-1]) & given[1:]
    dup = np.zeros(len(out), dtype=bool)
    dup[rows[1:][same]] = True
    dup[rows[:-1][same]] = True
    problems.add(
        dup,
        schema.item,
        "duplicate_key",
        f"(game_id, {schema.item}) must be unique in a league and season; this "
        f"{schema.item} {{value}} appears more than once in its game",
    )


def _check_metadata(
    out: pd.DataFrame, index: GameIndex, problems: Problems, schema: Schema
) -> None:
    """League, season, date and table are the game's: the same on all its rows
    (a column of one of these names that the schema declares as its own, as an
    evening's results do the table of one session, is the schema's to check)."""
    columns = [
        c
        for c in METADATA_COLUMNS
        if c in out and c not in GAME_KEY and _shared(schema, c)
    ]
    if not len(out) or not columns:  # the key's columns name the game
        return
    first_row = index.first_of()  # each row's game's first deal
    for col in columns:
        values = out[col]
        if isinstance(values.dtype, pd.CategoricalDtype):
            here = values.cat.codes.to_numpy()
        else:  # dates: NaT compares as the smallest integer, blank to blank
            here = values.to_numpy().view(np.int64)
        changed = here != here[first_row]
        if changed.any():
            problems.add(
                changed,
                col,
                "changes_in_game",
                f"{col} must be the same on every row of a game; got {{value}}, "
                "the game's first row has {other}",
                other=values.iloc[first_row].reset_index(drop=True),
            )


def _shared(schema: Schema, name: str) -> bool:
    """Whether the schema's column ``name`` is the metadata every log carries
    (its headings aside), not a column of that name the schema declares."""
    shared = next(f for f in METADATA_FIELDS if f.name == name)
    return replace(schema.field(name), aliases=shared.aliases) == shared


def _finish(
    given,
    out,
    problems: Problems,
    schema: Schema,
    errors: Errors,
    rules,
    came: _Came | None = None,
):
    """Raise, or collect: the good rows typed, the rejected rows exactly as given
    (their columns, names and values untouched) with their problems; rows that
    ``prepare`` made are rejected as the rows of the log they came from."""
    label = problems.source.label
    encoding = problems.source.encoding
    if errors == "raise":
        if problems:
            fc = _as_given(problems.frame(), came, problems.source)
            raise LogValidationError(schema.game, fc, label, schema.kind)
        return _stamped(out, schema, rules, label, encoding, problems.memo)
    fc = _as_given(problems.frame(), came, problems.source)
    bad = problems.bad
    if came is not None:  # the rows given that any row made of them came from
        bad = np.zeros(came.given, dtype=bool)
        bad[came.rows[problems.bad]] = True
        bad |= problems.whole_log
    rejected = given.iloc[np.flatnonzero(bad)].copy()
    rejected.attrs.clear()  # nothing of the input's attrs rides along
    rejected[_free_name(rejected.columns, "problems")] = _reasons(fc, bad)
    good = _no_rows(out, schema) if problems.whole_log else out.loc[~problems.bad]
    kept = problems.memo if not bad.any() and not problems.whole_log else None
    good = _stamped(good.copy(deep=False), schema, rules, label, encoding, kept)
    return Collected(good, rejected, fc)


def _no_rows(out: pd.DataFrame, schema: Schema) -> pd.DataFrame:
    """No deals, but every column of the schema typed (a whole-log problem may be
    a missing column): what a log of no rows reads as, the other columns kept."""
    scratch = Problems(schema.game, pd.DataFrame(index=range(0)), key=schema.key)
    empty = pd.Series(pd.Categorical([], categories=pd.Index([], dtype=TEXT)))
    typed = {f.name: conform(f, empty, scratch) for f in schema.fields}
    share_names(typed, list(schema.fields))
    others = [c for c in out.columns if c not in typed]
    return pd.concat([pd.DataFrame(typed), out.iloc[0:0][others]], axis=1)


def _stamped(out, schema: Schema, rules, label, encoding, memo=None):
    """``out`` stamped; ``memo``: the work of the checks a later step may reuse
    (the rows are the checked ones)."""
    return stamp(
        out,
        game=schema.game,
        kind=schema.kind,
        rules=rules,
        columns=schema.names,
        source=label,
        encoding=encoding,
        memo=memo,
    )


def restated(collected: Collected, failure_cases: pd.DataFrame) -> Collected:
    """``collected`` with ``failure_cases`` whose messages a reader has put in
    its own words (a paper sheet's codes), and each rejected row's problems
    written again from them, so that both say the same. The rejected rows'
    index must be their positions in the log checked (a reader's own frame)."""
    rejected = collected.rejected.copy()
    column = rejected.columns[-1]  # the problems, added last (_finish)
    rows = rejected.index.to_numpy()
    rejected[column] = _reasons(failure_cases, rows)
    return Collected(collected.deals, rejected, failure_cases)


def _reasons(fc: pd.DataFrame, bad: np.ndarray) -> pd.api.extensions.ExtensionArray:
    """Per rejected row (``bad``: a mask of the log's rows, or the rejected
    rows' positions), its problems joined (whole-log problems first)."""
    per_row = (
        fc.dropna(subset=["row"]).groupby("row")["message"].agg("; ".join)
        if len(fc)
        else pd.Series(dtype=str)
    )
    table = "; ".join(fc.loc[fc["row"].isna(), "message"])
    rows = np.flatnonzero(bad) if bad.dtype == bool else bad
    reasons = per_row.reindex(rows, fill_value="").astype(TEXT)
    if table:
        reasons = (table + "; " + reasons).str.rstrip("; ")
    return reasons.array  # text, not aligned on the rows by index


def _free_name(columns: pd.Index, name: str) -> str:
    """``name``, or ``name (cardscore)`` when the log has a column of that name
    already (which is kept as given)."""
    return name if name not in columns else f"{name} (cardscore)"
