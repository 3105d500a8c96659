"""Shared checking machinery: deal schemas, lazy problem collection, typed frames.

A game declares its log as a :class:`Schema` of :class:`Field` objects plus a list of
check functions. :func:`check_log` conforms every column to its dtype, runs every
check, collects every problem (never stopping at the first) and then either raises
one :class:`~cardscore_frames.errors.LogValidationError` or, with
``errors="collect"``, returns the good rows and the rejected ones with reasons.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.conform import blank, conform, share_names
from cardscore_frames.errors import LogValidationError, RulesError
from cardscore_frames.problems import Problems, Source
from cardscore_frames.schema import METADATA_COLUMNS, Field, Schema, normalise_token

__all__ = [
    "Field",
    "Schema",
    "Problems",
    "Source",
    "Collected",
    "METADATA_COLUMNS",
    "check_log",
    "blank",
    "normalise_token",
]

Errors = Literal["raise", "collect"]


class Collected(NamedTuple):
    """What ``errors="collect"`` returns: the good rows and the rejected ones."""

    deals: pd.DataFrame
    rejected: pd.DataFrame


def _rename(raw: pd.DataFrame, schema: Schema) -> pd.DataFrame:
    canon = {}
    for f in schema.fields:
        for a in (f.name, *f.aliases):
            canon[normalise_token(a)] = f.name
    names = {}
    for c in raw.columns:
        key = normalise_token(str(c))
        names[c] = canon.get(key, key if key in METADATA_COLUMNS else c)
    return raw.rename(columns=names), names


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
    column unchanged), or a :class:`Collected` pair with ``errors="collect"``.
    """
    if errors not in ("raise", "collect"):
        raise RulesError(f"errors must be 'raise' or 'collect'; got {errors!r}")
    raw, names = _rename(deals, schema)
    if source is not None and source.excel_columns:
        letters = {str(names.get(c, c)): v for c, v in source.excel_columns.items()}
        source = replace(source, excel_columns=letters)
    dup_cols = raw.columns[raw.columns.duplicated()].unique()
    problems = Problems(schema.game, raw, source, key=schema.key)
    for c in dup_cols:
        problems.add_table(c, "duplicate_column", f"column {c} appears more than once")
    if len(dup_cols):
        raw = raw.loc[:, ~raw.columns.duplicated()]
    typed = _conform_all(raw, schema, problems)
    others = [c for c in raw.columns if c not in typed and c not in schema.names]
    out = pd.DataFrame(typed, index=raw.index)
    out = (
        pd.concat([out, _metadata_as_categories(raw[others])], axis=1)
        if others
        else out
    )
    if not problems.whole_log:  # checks need every column in place
        _check_key(out, schema, problems)
        for check in schema.checks:
            check(out, problems, rules)
    return _finish(raw, out, problems, schema, errors)


def _conform_all(raw: pd.DataFrame, schema: Schema, problems: Problems) -> dict:
    """Every field of the schema, typed; a missing required column is a problem."""
    typed = {}
    for f in schema.fields:
        if f.name in raw:
            typed[f.name] = conform(f, raw[f.name], problems)
            if f.name in schema.key:
                problems.use_key(f.name, typed[f.name])
        elif f.required:
            problems.add_table(
                f.name, "missing_column", f"column {f.name} is missing ({f.allowed()})"
            )
        else:  # an optional column left out: all blank (or its default), typed
            typed[f.name] = conform(
                f, pd.Series([None] * len(raw), index=raw.index, dtype=object), problems
            )
    share_names(typed, list(schema.fields))
    return typed


def _metadata_as_categories(rest: pd.DataFrame) -> pd.DataFrame:
    """Text metadata (league, season, date, table) as categoricals: a handful of
    values over many deals, carried into the ledger as codes. Values are unchanged."""
    text = [
        c
        for c in METADATA_COLUMNS
        if c in rest
        and (rest[c].dtype == object or pd.api.types.is_string_dtype(rest[c].dtype))
    ]
    if not text:
        return rest
    return rest.astype({c: "category" for c in text})


def _check_key(out: pd.DataFrame, schema: Schema, problems: Problems) -> None:
    key = list(schema.key)
    dup = out.duplicated(subset=key, keep=False) & out[key].notna().all(axis=1)
    problems.add(
        dup,
        key[-1],
        "duplicate_key",
        f"({', '.join(key)}) must be unique; this {key[-1]} {{value}} appears more than once in its game",
    )


def _finish(raw, out, problems: Problems, schema: Schema, errors: Errors):
    if errors == "raise":
        if problems:
            raise LogValidationError(
                schema.game, problems.frame(), problems.source.label
            )
        return out
    fc = problems.frame()
    bad = problems.bad
    rejected = raw.loc[bad].copy()
    per_row = (
        fc.dropna(subset=["row"]).groupby("row")["message"].agg("; ".join)
        if len(fc)
        else pd.Series(dtype=str)
    )
    table = "; ".join(fc.loc[fc["row"].isna(), "message"])
    reasons = pd.Series(np.arange(len(raw))[bad]).map(per_row).fillna("")
    if table:
        reasons = (table + "; " + reasons).str.rstrip("; ")
    rejected["problems"] = reasons.to_numpy()
    rejected.attrs["failure_cases"] = fc
    if table:
        return Collected(out.iloc[0:0], rejected)
    return Collected(out.loc[~bad], rejected)
