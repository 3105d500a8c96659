"""The validation pass: conform every column, run every check, raise or collect.

:func:`check_log` conforms every column to its dtype, runs every check, collects
every problem (never stopping at the first) and then either raises one
:class:`~cardscore_frames.errors.LogValidationError` or, with
``errors="collect"``, returns the good rows and the rejected ones with reasons.
Its result carries a stamp (:mod:`~cardscore_frames.checking.stamp`), so that
scoring it does not check it again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.checking.conform import conform, share_names
from cardscore_frames.checking.groups import game_index
from cardscore_frames.checking.problems import Problems, Source
from cardscore_frames.checking.schema import (
    GAME_KEY,
    METADATA_COLUMNS,
    Schema,
    normalise_token,
)
from cardscore_frames.checking.stamp import stamp
from cardscore_frames.errors import LogValidationError, RulesError

__all__ = ["Collected", "Errors", "check_log"]

Errors = Literal["raise", "collect"]


class Collected(NamedTuple):
    """What ``errors="collect"`` returns.

    ``deals``: the valid rows, typed and checked; ``rejected``: the rejected rows
    exactly as given, plus a ``problems`` column; ``failure_cases``: one row per
    problem, as :attr:`LogValidationError.failure_cases`. ``len(deals) +
    len(rejected)`` is the number of rows given.
    """

    deals: pd.DataFrame
    rejected: pd.DataFrame
    failure_cases: pd.DataFrame


def _rename(raw: pd.DataFrame, schema: Schema) -> tuple[pd.DataFrame, dict]:
    """Column aliases (``donne``, ``Game ID``) to the schema's names."""
    canon = {}
    for f in schema.fields:
        for a in (f.name, *f.aliases):
            canon[normalise_token(a)] = f.name
    names = {c: canon.get(normalise_token(str(c)), c) for c in raw.columns}
    return raw.set_axis(list(names.values()), axis=1), names


def check_log(
    deals: pd.DataFrame,
    schema: Schema,
    *,
    rules: Any = None,
    errors: Errors = "raise",
    source: Source | None = None,
) -> pd.DataFrame | Collected:
    """Conform ``deals`` to ``schema``, run its checks and raise or collect problems.

    Returns the typed frame (schema columns first, in schema order, then every other
    column unchanged), stamped with the game, the log kind and ``rules``; or a
    :class:`Collected` with ``errors="collect"``.
    """
    if errors not in ("raise", "collect"):
        raise RulesError(f"errors must be 'raise' or 'collect'; got {errors!r}")
    raw, names = _rename(deals, schema)
    if source is not None and source.excel_columns:
        letters = {str(names.get(c, c)): v for c, v in source.excel_columns.items()}
        source = replace(source, excel_columns=letters)
    problems = Problems(schema.game, raw, source, key=schema.key)
    raw = _drop_duplicate_columns(raw, problems)
    typed = _conform_all(raw, schema, problems)
    others = [c for c in raw.columns if c not in typed]
    out = pd.DataFrame(typed, index=raw.index)
    if others:
        out = pd.concat([out, raw[others]], axis=1)
    if not problems.whole_log:  # checks need every column in place
        index = problems.cached("games", lambda: game_index(out, schema.item))
        codes = index.codes
        _check_key(out, index, schema, problems)
        _check_metadata(out, codes, problems)
        for check in schema.checks:
            check(out, problems, rules)
        if schema.reject == "game" and errors == "collect":
            problems.add_game(codes, _WHOLE[schema.kind])
    return _finish(raw, out, problems, schema, errors, rules)


#: Why a whole game is rejected, by log kind.
_WHOLE = {
    "deals": "a game is scored from all of its deals or not at all",
    "sheet": "a game is settled whole or not at all",
    "points": "a game is counted from all of its deals or not at all",
}


def _drop_duplicate_columns(raw: pd.DataFrame, problems: Problems) -> pd.DataFrame:
    dup = raw.columns[raw.columns.duplicated()].unique()
    for c in dup:
        problems.add_table(
            str(c), "duplicate_column", f"column {c} appears more than once"
        )
    return raw.loc[:, ~raw.columns.duplicated()] if len(dup) else raw


def _conform_all(raw: pd.DataFrame, schema: Schema, problems: Problems) -> dict:
    """Every field of the schema, typed; a missing required column is a problem."""
    typed = {}
    keys_first = sorted(schema.fields, key=lambda f: f.name not in schema.key)
    for f in keys_first:  # so that problems name rows by their typed key
        if f.name in raw:
            typed[f.name] = conform(f, raw[f.name], problems)
            if f.name in schema.key:
                problems.use_key(f.name, typed[f.name])
        elif f.required:
            problems.add_table(
                f.name, "missing_column", f"column {f.name} is missing ({f.allowed()})"
            )
        else:  # an optional column left out: all blank (or its default), typed
            none = np.full(len(raw), -1, dtype=np.int8)
            blank = pd.Categorical.from_codes(
                none, categories=pd.Index([], dtype="str")
            )
            typed[f.name] = conform(f, pd.Series(blank, index=raw.index), problems)
    share_names(typed, list(schema.fields))
    return {f.name: typed[f.name] for f in schema.fields if f.name in typed}


def _check_key(out: pd.DataFrame, index, schema: Schema, problems: Problems) -> None:
    """No two rows of a game with the same deal (seat): neighbours in deal order."""
    item = out[schema.item]
    given = item.notna().to_numpy()
    rows = index.order
    value = item.to_numpy(dtype=np.int64, na_value=-1)[rows]
    game = index.codes[rows]
    same = (game[1:] == game[:-1]) & (value[1:] == value[:-1]) & given[rows][1:]
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


def _check_metadata(out: pd.DataFrame, codes: np.ndarray, problems: Problems) -> None:
    """League, season, date and table are the game's: the same on all its rows."""
    if not len(out):
        return
    n_games = int(codes.max(initial=-1)) + 1
    first = np.full(n_games + 1, 0, dtype=np.int64)
    rows = np.arange(len(codes))[::-1]
    first[codes[rows]] = rows
    first_row = np.where(codes >= 0, first[codes], np.arange(len(codes)))
    for col in METADATA_COLUMNS:
        if col not in out or col in GAME_KEY:  # the key's columns name the game
            continue
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


def _finish(raw, out, problems: Problems, schema: Schema, errors: Errors, rules):
    label = problems.source.label
    encoding = problems.source.encoding
    if errors == "raise":
        if problems:
            raise LogValidationError(schema.game, problems.frame(), label, schema.kind)
        return _stamped(out, schema, rules, label, encoding)
    fc = problems.frame()
    bad = problems.bad
    rejected = raw.loc[bad].copy()
    rejected["problems"] = _reasons(fc, bad)
    rejected.attrs.clear()
    good = out.iloc[0:0] if problems.whole_log else out.loc[~bad]
    good = _stamped(good.copy(deep=False), schema, rules, label, encoding)
    return Collected(good, rejected, fc)


def _stamped(out, schema: Schema, rules, label, encoding) -> pd.DataFrame:
    return stamp(
        out,
        game=schema.game,
        kind=schema.kind,
        rules=rules,
        columns=schema.names,
        source=label,
        encoding=encoding,
    )


def _reasons(fc: pd.DataFrame, bad: np.ndarray) -> np.ndarray:
    """Per rejected row, its problems joined (whole-log problems first)."""
    per_row = (
        fc.dropna(subset=["row"]).groupby("row")["message"].agg("; ".join)
        if len(fc)
        else pd.Series(dtype=str)
    )
    table = "; ".join(fc.loc[fc["row"].isna(), "message"])
    reasons = pd.Series(np.arange(len(bad))[bad]).map(per_row).fillna("")
    if table:
        reasons = (table + "; " + reasons).str.rstrip("; ")
    return reasons.to_numpy(dtype=object)
