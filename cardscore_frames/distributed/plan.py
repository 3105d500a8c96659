"""The check pass: every partition checked, every problem reported at once, and
the dtypes every partition gets.

A log is checked partition by partition, each on a worker; what comes back is
small (the problems, the partition's game keys, its row count and an empty typed
frame), never the data. From these the client

- raises one :class:`~cardscore_frames.distributed.PartitionedValidationError`
  with the problems of every partition, ``row`` counted across the whole
  dataset;
- refuses games split across partitions (:func:`.partitions.check_whole`);
- decides the dtypes every partition is given (:class:`Plan`): each
  categorical's categories are united once (player names sorted, as
  validation sorts them; a choice's own values first, then the combinations
  found), ``game_id`` whole numbers only if they are everywhere (text ids
  keep categories of their own, unknown to Dask), so that partitions agree
  with each other and with what pandas makes of the whole log.

The data itself is read, checked and scored again lazily, partition by
partition, when the result is computed: memory stays bounded by a partition.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import Collected, Schema, Source, check_log
from cardscore_frames.contract import prepare_log
from cardscore_frames.distributed.errors import (
    PartitionChangedError,
    PartitionedValidationError,
)
from cardscore_frames.distributed.partitions import check_whole, game_keys
from cardscore_frames.errors import FAILURE_COLUMNS, LogValidationError

__all__ = [
    "Plan",
    "Summary",
    "check_part",
    "summarise",
    "summary",
    "no_failures",
    "build_plan",
    "conform_part",
    "partition_error",
]


@dataclass(frozen=True, eq=False)
class Plan:
    """What the check pass decided for a checked log's partitions.

    ``meta`` is an empty frame with the columns and dtypes every partition gets;
    ``offsets`` the dataset row of each partition's first row; ``files`` the
    file each partition was read from (None: not read from a file).
    """

    schema: Schema
    rules: Any
    meta: pd.DataFrame
    offsets: tuple[int, ...]
    files: tuple[str | None, ...]

    def categories(self, column: str) -> pd.Index | None:
        """The united categories of a categorical column (None: not one)."""
        dtype = self.meta[column].dtype if column in self.meta else None
        return dtype.categories if isinstance(dtype, pd.CategoricalDtype) else None


class Summary(NamedTuple):
    """What one partition's check sends back to the client."""

    rows: int
    failures: pd.DataFrame
    keys: pd.DataFrame
    meta: pd.DataFrame | None
    rejected: pd.DataFrame | None


def check_part(
    raw: pd.DataFrame,
    schema: Schema,
    rules: Any,
    *,
    validate: bool = True,
    errors: str = "raise",
    source: Source | None = None,
) -> Collected:
    """A partition checked as pandas checks a log; problems are returned, not
    raised (``deals`` is None when the partition has any, with "raise")."""
    if errors == "collect":
        return check_log(raw, schema, rules=rules, errors="collect", source=source)
    try:
        if validate:
            typed = check_log(raw, schema, rules=rules, source=source)
        else:
            typed, _ = prepare_log(raw, schema, type(rules), rules, validate=False)
    except LogValidationError as err:
        return Collected(None, None, err.failure_cases)
    return Collected(typed, None, no_failures(schema))


def labelled(failures: pd.DataFrame, raw: pd.DataFrame) -> pd.DataFrame:
    """Failure cases of a partition not read from a file, with each row's label
    in the frame's index (``index``): after a shuffle, the row's own label."""
    at = failures["row"].to_numpy(dtype="float64", na_value=float("nan"))
    found = ~np.isnan(at)
    labels = np.full(len(at), None, dtype=object)
    labels[found] = raw.index.take(at[found].astype(np.int64)).to_numpy()
    return failures.assign(index=labels)


def no_failures(schema: Schema) -> pd.DataFrame:
    columns = [schema.item if c == "deal" else c for c in FAILURE_COLUMNS]
    return pd.DataFrame({c: pd.Series(dtype=object) for c in columns})


def summarise(
    raw: pd.DataFrame,
    schema: Schema,
    rules: Any,
    *,
    validate: bool = True,
    errors: str = "raise",
    source: Source | None = None,
) -> Summary:
    """Check one partition and keep only what the client needs."""
    got = check_part(
        raw, schema, rules, validate=validate, errors=errors, source=source
    )
    if source is None:
        got = got._replace(failure_cases=labelled(got.failure_cases, raw))
    # the keys as given, whatever the problems: a split game is the first one
    return summary(len(raw), got, game_keys(raw))


def summary(rows: int, got: Collected, keys: pd.DataFrame) -> Summary:
    """What the client needs of a checked partition of ``rows`` rows."""
    meta = got.deals.iloc[:0].copy() if got.deals is not None else None
    if meta is not None:
        meta.attrs.clear()
    return Summary(rows, got.failure_cases, keys, meta, got.rejected)


def build_plan(
    summaries: Sequence[Summary],
    schema: Schema,
    rules: Any,
    *,
    files: Sequence[str | None] | None = None,
    errors: str = "raise",
    label: str | None = None,
) -> tuple[Plan, pd.DataFrame, pd.DataFrame | None]:
    """The plan of a checked log, its problems and (with "collect") its
    rejected rows; raises the problems of every partition at once (with
    "raise") and, first, refuses games split across partitions."""
    files = tuple(files) if files is not None else (None,) * len(summaries)
    offsets = tuple(np.cumsum([0, *(s.rows for s in summaries)])[:-1].tolist())
    # a game split across partitions makes its parts look wrong: say so first
    check_whole([s.keys for s in summaries], files)
    failures = _failures(summaries, offsets, files)
    if errors == "raise" and len(failures):
        raise PartitionedValidationError(schema.game, failures, label, schema.kind)
    metas = [s.meta for s in summaries if s.meta is not None]
    plan = Plan(schema, rules, unify_meta(metas, schema), offsets, files)
    rejected = None
    if errors == "collect":
        rejected = _rejected(summaries, offsets)
    return plan, failures, rejected


def _failures(summaries, offsets, files) -> pd.DataFrame:
    parts = [
        globalised(s.failures, i, offsets[i], files[i])
        for i, s in enumerate(summaries)
        if len(s.failures)
    ]
    if not parts:
        empty = summaries[0].failures.iloc[:0] if summaries else pd.DataFrame()
        return empty.assign(partition=pd.Series(dtype="Int64"), file=None)
    return pd.concat(parts, ignore_index=True)


def globalised(
    failures: pd.DataFrame, number: int, offset: int, file: str | None
) -> pd.DataFrame:
    """A partition's failure cases with ``row`` counted in the whole dataset,
    and the partition's number and file."""
    out = failures.copy()
    out["row"] = pd.array(out["row"], dtype="Int64") + offset
    out["partition"] = pd.array([number] * len(out), dtype="Int64")
    out["file"] = pd.array([file] * len(out), dtype=TEXT)
    return out


def _rejected(summaries, offsets) -> pd.DataFrame:
    parts = []
    for s, offset in zip(summaries, offsets, strict=True):
        if s.rejected is not None and len(s.rejected):
            parts.append(s.rejected.set_axis(s.rejected.index + offset))
    if not parts:
        first = next((s.rejected for s in summaries if s.rejected is not None), None)
        return first.iloc[:0] if first is not None else pd.DataFrame()
    return pd.concat(parts)


def unify_meta(metas: Sequence[pd.DataFrame], schema: Schema) -> pd.DataFrame:
    """One empty frame whose dtypes every partition can take: categories
    united, ``game_id`` whole numbers only if every partition has them."""
    if not metas:
        return pd.DataFrame()
    columns = list(dict.fromkeys(c for m in metas for c in m.columns))
    kinds = {f.name: f for f in schema.fields}
    out = {}
    for c in columns:
        dtypes = [m[c].dtype for m in metas if c in m]
        out[c] = pd.Series([], dtype=_united(c, dtypes, kinds.get(c)))
    return pd.DataFrame(out)


def _united(column: str, dtypes: list, field: Any) -> Any:
    if column == "game_id":
        return _game_id_dtype(dtypes)
    if all(isinstance(d, pd.CategoricalDtype) for d in dtypes):
        seen = [v for d in dtypes for v in d.categories]
        if field is not None and field.kind == "choice":
            own = list(field.choices)
            values = own + sorted(set(seen) - set(own))
        elif field is not None and field.kind in ("name", "label"):
            values = sorted(set(seen))  # as validation sorts them
        else:  # a column the game does not know: in order of appearance
            values = list(dict.fromkeys(seen))
        index = pd.Index(values, dtype=dtypes[0].categories.dtype)
        return pd.CategoricalDtype(index, ordered=dtypes[0].ordered)
    names = {str(d) for d in dtypes}
    if len(names) == 1:
        return dtypes[0]
    return TEXT if names <= {"str", "Int64"} else object


def _game_id_dtype(dtypes: list) -> Any:
    """Game ids: whole numbers if they are everywhere, else text; as a
    categorical its categories are left unknown (one per game: carrying every
    game's id in every partition would cost more than the partition)."""
    names = {str(d) for d in dtypes}
    if len(names) == 1 and not isinstance(dtypes[0], pd.CategoricalDtype):
        return dtypes[0]
    if any(isinstance(d, pd.CategoricalDtype) for d in dtypes):
        return UNKNOWN
    return TEXT


#: A categorical whose categories differ from partition to partition (Dask's
#: own marker: ``.cat.known`` is False, and Dask unites them when computed).
UNKNOWN = pd.CategoricalDtype(pd.Index(["__UNKNOWN_CATEGORIES__"], dtype=TEXT))


def conform_part(typed: pd.DataFrame, plan: Plan, number: int) -> pd.DataFrame:
    """A checked partition in the plan's dtypes.

    It carries no stamp: a stamp does not survive the trip between tasks, and
    the next step is told by argument that the partition was checked.
    """
    out = {}
    for c in plan.meta.columns:
        want = plan.meta[c].dtype
        if c not in typed:
            out[c] = pd.Series([None] * len(typed), index=typed.index, dtype=want)
            continue
        out[c] = _as(typed[c], want, plan, number)
    return pd.DataFrame(out, index=typed.index)


def _as(column: pd.Series, want: Any, plan: Plan, number: int) -> pd.Series:
    if want == UNKNOWN:
        if isinstance(column.dtype, pd.CategoricalDtype):
            return column
        return column.astype(TEXT).astype("category")
    if isinstance(want, pd.CategoricalDtype):
        have = column.cat.categories
        if have.equals(want.categories) and column.cat.ordered == want.ordered:
            return column
        new = have.difference(want.categories)
        if len(new):
            file = plan.files[number] if number < len(plan.files) else None
            raise PartitionChangedError(
                f"partition {number}{f' ({file})' if file else ''} holds "
                f"{column.name} values that were not there when it was checked "
                f"({', '.join(map(repr, new[:5]))}): the data changed since; "
                "read it again"
            )
        return column.cat.set_categories(want.categories)
    if str(column.dtype) == str(want):
        return column
    return column.astype(want)


def partition_error(
    plan: Plan, failures: pd.DataFrame, number: int
) -> PartitionedValidationError:
    """The problems one partition raised when it was computed (it changed since
    the check pass, which found none)."""
    file = plan.files[number] if number < len(plan.files) else None
    offset = plan.offsets[number] if number < len(plan.offsets) else 0
    fc = globalised(failures, number, offset, file)
    return PartitionedValidationError(plan.schema.game, fc, file, plan.schema.kind)
