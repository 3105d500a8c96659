"""The Dask path of the public functions: graphs of the pandas functions applied
to whole-game partitions, with ``meta`` from the same functions on an empty
typed frame.

Each handler is called by :func:`~cardscore_frames.distributed.dask_aware` as
``handler(public_function, frame, ..., game=...)``; every partition is handed
to the public function itself, as a pandas frame. Nothing but ``meta`` and the
check pass is computed when a handler returns: the result is a lazy Dask frame.

Rules and checks travel by argument (a pandas stamp does not survive the trip
between tasks): a partition the check pass vouched for is scored with
``validate=False``, and a scored partition from :func:`score` is stamped again
before the game's ``to_ledger``, so nothing is checked or scored twice.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import stamp
from cardscore_frames.contract import get_game
from cardscore_frames.distributed.partitions import check_whole, game_keys, key_columns
from cardscore_frames.distributed.plan import (
    Plan,
    build_plan,
    check_part,
    conform_part,
    labelled,
    partition_error,
    summarise,
)
from cardscore_frames.distributed.registry import Known, recall, remember
from cardscore_frames.games.points_logs import is_points_log
from cardscore_frames.ledger.check import conformed

__all__ = [
    "score",
    "to_ledger",
    "sheet",
    "settle",
    "totals",
    "per_game",
    "map_games",
    "checked",
    "survey",
    "refuse_split_games",
]

#: Ledger columns whose categories are one per game: a Dask ledger leaves them
#: unknown (Dask unites them when computed) rather than carry every game's key
#: in every partition.
_PER_GAME_CATEGORIES = ["game_key", "game_id"]
#: Ledger columns whose categories are the log's (few): known, the log's own.
_LABELS = ("league", "season", "table")


def survey(
    frame: Any,
    schema: Any,
    rules: Any,
    *,
    validate: bool = True,
    errors: str = "raise",
) -> tuple[Plan, pd.DataFrame, pd.DataFrame | None]:
    """The check pass over a Dask frame's partitions (computed now, on the
    workers): see :mod:`cardscore_frames.distributed.plan`."""
    import dask

    one = partial(
        summarise, schema=schema, rules=rules, validate=validate, errors=errors
    )
    parts = frame.to_delayed()
    summaries = dask.compute(*[dask.delayed(one)(p) for p in parts])
    return build_plan(summaries, schema, rules, errors=errors)


def checked(
    frame: Any, game: str, kind: str, rules: Any, validate: bool = True
) -> tuple[Any, Known]:
    """A Dask log checked with ``rules``, its games whole in their partitions.

    A frame :func:`~cardscore_frames.distributed.read_logs` or this function
    returned, unchanged and checked with the same rules, is used as it is; any
    other goes through the check pass, then is checked again lazily, partition
    by partition, as it is computed.
    """

    entry = get_game(game)
    known = recall(frame)
    ours = known is not None and known.game == entry.name and known.kind == kind
    if ours and (rules is None or rules == known.rules):
        return frame, known
    if rules is None and ours:
        rules = known.rules
    rules = entry.rules.ensure(rules)
    plan, _, _ = survey(frame, entry.schema(kind), rules, validate=validate)
    typed = frame.map_partitions(
        partial(_typed_part, plan=plan, validate=validate),
        meta=plan.meta,
        enforce_metadata=False,
    )
    known = Known(entry.name, kind, rules, plan)
    return remember(typed, known), known


def _typed_part(
    raw: pd.DataFrame, *, plan: Plan, validate: bool, partition_info=None
) -> pd.DataFrame:
    number = partition_info["number"] if partition_info else 0
    got = check_part(raw, plan.schema, plan.rules, validate=validate)
    if got.deals is None:
        raise partition_error(plan, labelled(got.failure_cases, raw), number)
    return conform_part(got.deals, plan, number)


def _clean(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame without its stamp: stamps do not survive between tasks, and a
    stale one would only be carried along (and pickled twice)."""
    frame.attrs.clear()
    return frame


def score(
    fn: Callable[..., pd.DataFrame],
    deals: Any,
    *,
    rules: Any = None,
    validate: bool = True,
    game: str,
) -> Any:
    """The game's ``score`` of a Dask log (a deal log or a points-only one):
    checked once per partition, scored per partition."""
    typed, known = checked(deals, game, _log_kind(deals, game), rules, validate)
    meta = _clean(fn(known.plan.meta, rules=known.rules, validate=False))
    out = typed.map_partitions(
        partial(_score_part, fn=fn, rules=known.rules),
        meta=meta,
        enforce_metadata=False,
    )
    return remember(out, Known(game, "scored", known.rules, known.plan))


def _log_kind(frame: Any, game: str) -> str:
    """``points`` for a game's points-only log (as read, or by its columns),
    else ``deals``."""

    known = recall(frame)
    if known is not None and known.game == game and known.kind in ("deals", "points"):
        return known.kind
    entry = get_game(game)
    if "points" not in entry.logs:
        return "deals"
    points = is_points_log(frame._meta, entry.schema("deals"), entry.schema("points"))
    return "points" if points else "deals"


def _score_part(part: pd.DataFrame, *, fn: Callable, rules: Any) -> pd.DataFrame:
    return _clean(fn(part, rules=rules, validate=False))


def _scored(scored: Any, game: str, rules: Any) -> tuple[Any, Known]:
    """A Dask frame :func:`score` made with ``rules``; any other is scored again
    from its log columns (as the pandas ``ensure_scored`` does)."""

    known = recall(scored)
    ours = known is not None and known.game == game and known.kind == "scored"
    if ours and (rules is None or rules == known.rules):
        return scored, known
    if rules is None and known is not None and known.game == game:
        rules = known.rules
    entry = get_game(game)
    if known is not None and known.plan.schema.kind != "deals":
        log = scored[[c for c in known.plan.meta.columns if c in scored.columns]]
        again = entry.score(log, rules=rules)
        return again, recall(again)
    own = importlib.import_module(entry.score.__module__).SCORE_COLUMNS
    log = scored[[c for c in scored.columns if c not in own]]
    again = entry.score(log, rules=rules)
    return again, recall(again)


def _as_scored(part: pd.DataFrame, game: str, rules: Any) -> pd.DataFrame:
    """A partition of a frame :func:`score` made, stamped again as scored (its
    stamp was dropped between tasks), so that the game does not score it again."""
    return stamp(part.copy(deep=False), game=game, kind="scored", rules=rules)


def to_ledger(
    fn: Callable[..., pd.DataFrame], scored: Any, *, rules: Any = None, game: str
) -> Any:
    """The game's ``to_ledger`` of Dask scored deals, partition by partition."""
    scored, known = _scored(scored, game, rules)
    labels = {
        c: known.plan.categories(c)
        for c in _LABELS
        if known.plan.categories(c) is not None
    }
    one = partial(_ledger_part, fn=fn, game=game, rules=known.rules, labels=labels)
    meta = _ledger_meta(one(scored._meta))
    out = scored.map_partitions(one, meta=meta, enforce_metadata=False)
    return remember(out, Known(game, "ledger", known.rules, known.plan))


def _ledger_part(
    part: pd.DataFrame, *, fn: Callable, game: str, rules: Any, labels: dict
) -> pd.DataFrame:
    ledger = fn(_as_scored(part, game, rules), rules=rules)
    for column, categories in labels.items():
        ledger[column] = ledger[column].cat.set_categories(categories)
    return _clean(ledger)


def _ledger_meta(meta: pd.DataFrame) -> pd.DataFrame:
    from dask.dataframe.utils import clear_known_categories

    return clear_known_categories(meta, cols=_PER_GAME_CATEGORIES, index=False)


def sheet(fn: Callable[..., pd.DataFrame], scored: Any, *, game: str) -> Any:
    """Preferans ``sheet`` of Dask scored deals: each game's end-of-game sheet,
    ready for :func:`settle` (which does not check it again)."""

    scored, known = _scored(scored, game, None)
    one = partial(_sheet_part, fn=fn, game=game, rules=known.rules)
    meta = one(scored._meta)
    # an empty frame's text columns come out as object, a full one's as str
    meta = meta.astype({c: TEXT for c in meta if meta[c].dtype == object})
    out = scored.map_partitions(one, meta=meta, enforce_metadata=False)
    schema = get_game(game).schema("sheet")
    plan = Plan(schema, known.rules, meta, known.plan.offsets, known.plan.files)
    return remember(out, Known(game, "sheet", known.rules, plan, checked=False))


def _sheet_part(
    part: pd.DataFrame, *, fn: Callable, game: str, rules: Any
) -> pd.DataFrame:
    return _clean(fn(_as_scored(part, game, rules)))


def settle(
    fn: Callable[..., pd.DataFrame],
    sheet: Any,
    *,
    method: str = "exact",
    whist_price: float | None = None,
    unit: float = 0.01,
    rules: Any = None,
    adjust_seat: int = -1,
    rounding: str = "nearest",
    validate: bool = True,
    game: str,
) -> Any:
    """Preferans ``settle`` of a Dask sheet: checked once, settled per partition.
    Options are checked at once (on the empty frame that gives ``meta``)."""
    typed, known = checked(sheet, game, "sheet", rules, validate)
    options = {
        "method": method,
        "whist_price": whist_price,
        "unit": unit,
        "adjust_seat": adjust_seat,
        "rounding": rounding,
    }
    one = partial(_settle_part, fn=fn, rules=known.rules, options=options, known=known)
    meta = one(known.plan.meta)
    out = typed.map_partitions(one, meta=meta, enforce_metadata=False)
    return remember(out, Known(game, "settlement", known.rules, known.plan))


def _settle_part(
    part: pd.DataFrame, *, fn: Callable, rules: Any, options: dict, known: Known
) -> pd.DataFrame:
    if known.kind == "sheet" and not known.checked:
        # a sheet the game made from scored deals: trusted as the game trusts
        # its own sheet, by its stamp (its metadata columns are text)
        part = stamp(part.copy(deep=False), game=known.game, kind="sheet", rules=rules)
        return _clean(fn(part, rules=rules, **options))
    return _clean(fn(part, rules=rules, validate=False, **options))


def totals(
    fn: Callable[..., pd.DataFrame],
    ledger: Any,
    *,
    by: Sequence[str] = (),
    game: str | None = None,
) -> Any:
    """:func:`~cardscore_frames.totals` of a Dask ledger, in one partition with
    the order and index of the pandas result.

    A ledger this package made has each game whole in one partition: each
    partition's totals are the pandas function's own (games counted there),
    and the partitions' totals (a row per player each) are added up in one
    task. Any other ledger is summed per (player, game) first, with Dask
    groupby aggregations, so that ``games`` counts distinct games however its
    rows are cut.
    """

    by = list(by)
    keys = ["game", *by, "player"]
    if recall(ledger) is not None:  # every frame made here has whole games
        part = partial(_partial_totals, fn=fn, by=by)
        partials = ledger.map_partitions(part, meta=part(ledger._meta))
        one = partial(_added_up, keys=keys, by=by)
        return partials.repartition(npartitions=1).map_partitions(
            one, meta=one(partials._meta)
        )
    ledger = ledger.map_partitions(conformed, meta=conformed(ledger._meta))
    partials = (
        ledger.groupby([*keys, "game_key"], observed=True, sort=False)
        .agg(score=("score", "sum"), deals=("deal", "size"), split_out=1)
        .reset_index()
    )
    out = partials.groupby(keys, observed=True, sort=False).agg(
        score=("score", "sum"),
        deals=("deals", "sum"),
        games=("game_key", "size"),
        split_out=1,
    )
    one = partial(_ordered, keys=keys, by=by)
    return out.map_partitions(one, meta=one(out._meta))


def _partial_totals(part: pd.DataFrame, *, fn: Callable, by: list) -> pd.DataFrame:
    """A partition's totals per player, by the pandas function (its games are
    whole), as columns."""
    return fn(part, by=by).reset_index()


def _added_up(partials: pd.DataFrame, *, keys: list, by: list) -> pd.DataFrame:
    """Every partition's totals added up per player, in the pandas order."""
    out = partials.groupby(keys, observed=True, sort=True)[
        ["score", "deals", "games"]
    ].sum()
    return _ordered(out, keys=keys, by=by)


def _ordered(frame: pd.DataFrame, *, keys: list[str], by: list[str]) -> pd.DataFrame:
    """The pandas result's order: by key, then by score descending within each
    game and ``by`` group (ties in key order)."""
    order = ["game", *by, "score"]
    asc = [True] * (len(by) + 1) + [False]
    return (
        frame.sort_index()
        .reset_index()
        .sort_values(order, ascending=asc, kind="stable")
        .set_index(keys)
    )


def per_game(fn: Callable[..., Any], frame: Any, *args: Any, game=None, **kw) -> Any:
    """``@dask_aware("per_game")``: :func:`map_games` of the decorated function."""
    return map_games(fn, frame, *args, **kw)


def map_games(
    fn: Callable[..., pd.DataFrame],
    frame: Any,
    *args: Any,
    meta: Any = None,
    **kwargs: Any,
) -> Any:
    """Apply a pandas function that works game by game to every partition of a
    Dask frame whose games are whole in their partitions.

    Parameters
    ----------
    fn : callable
        ``fn(pandas_frame, *args, **kwargs)``, returning rows of whole games
        (one row per game and player, per game, ...).
    frame : dask.dataframe.DataFrame
        Deals, scored deals, sheets or a ledger. A frame this package made is
        whole by construction; any other is checked first (one pass over its
        game-key columns) and refused if a game is split
        (:class:`~cardscore_frames.distributed.GamesSplitError`).
    meta : optional
        The result's ``meta``; by default ``fn`` applied to an empty frame.

    Returns
    -------
    dask.dataframe.DataFrame
        ``fn``'s rows of every partition, lazily.
    """
    known = recall(frame)
    if known is None:
        refuse_split_games(frame)
    one = partial(_games_part, fn=fn, args=args, kwargs=kwargs, known=known)
    meta = one(frame._meta) if meta is None else meta
    out = frame.map_partitions(one, meta=meta, enforce_metadata=False)
    game = known.game if known is not None else None
    return remember(out, Known(game, "games"))


def _games_part(
    part: pd.DataFrame, *, fn: Callable, args: tuple, kwargs: dict, known: Any
) -> Any:
    if known is not None and known.kind == "scored":
        part = _as_scored(part, known.game, known.rules)
    out = fn(part, *args, **kwargs)
    return _clean(out) if isinstance(out, pd.DataFrame) else out


def refuse_split_games(frame: Any) -> None:
    """Refuse a Dask frame whose games are split across partitions (one pass
    over its game-key columns)."""
    import dask

    cols = key_columns(list(frame.columns))
    parts = frame[cols].to_delayed()
    keys = dask.compute(*[dask.delayed(game_keys)(p) for p in parts])
    check_whole(keys)
