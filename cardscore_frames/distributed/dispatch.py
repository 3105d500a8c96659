"""``@dask_aware``: one public function for pandas and Dask frames.

A function decorated with :func:`dask_aware` runs as it always did on a pandas
frame (one cheap type test first); given a Dask DataFrame it hands the call to a
handler of this package, which builds the Dask graph from the same pandas
function applied to whole-game partitions. Dask is imported only then.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["dask_aware", "is_dask", "need_dask", "HANDLERS"]

F = TypeVar("F", bound=Callable[..., Any])

#: The built-in handlers, by name: module and function of this package. Each is
#: called as ``handler(public_function, frame, *args, game=..., **kwargs)``.
HANDLERS = {
    "score": "cardscore_frames.distributed.apply:score",
    "to_ledger": "cardscore_frames.distributed.apply:to_ledger",
    "sheet": "cardscore_frames.distributed.apply:sheet",
    "settle": "cardscore_frames.distributed.apply:settle",
    "totals": "cardscore_frames.distributed.apply:totals",
    "per_game": "cardscore_frames.distributed.apply:per_game",
    "standings": "cardscore_frames.distributed.season:standings",
}


def is_dask(obj: object) -> bool:
    """Whether ``obj`` is a Dask collection (without importing Dask)."""
    return type(obj).__module__.startswith("dask.") and hasattr(obj, "npartitions")


def need_dask() -> Any:
    """``dask.dataframe``, or an ImportError that says how to install it."""
    try:
        import dask.dataframe as dd
    except ImportError as exc:
        raise ImportError(
            "Dask DataFrames need dask: pip install 'cardscore-frames[dask]'"
        ) from exc
    return dd


def dask_aware(how: str | Callable[..., Any], *, game: str | None = None):
    """Make a pandas function of this package accept a Dask DataFrame too.

    Parameters
    ----------
    how : str or callable
        What the Dask path does: one of :data:`HANDLERS` (``"score"``,
        ``"to_ledger"``, ``"sheet"``, ``"settle"``, ``"totals"``; ``"per_game"``
        for any function that works game by game and returns rows of whole
        games, such as one row per game and player), or a handler of your own,
        called as ``how(function, frame, *args, game=game, **kwargs)``.
    game : str, optional
        The registered game the function belongs to.

    Returns
    -------
    callable
        A decorator. The decorated function keeps its name, signature and
        docstring; on a pandas frame it is the function itself.

    Examples
    --------
    A season function written for pandas, working game by game, becomes
    Dask-aware with one line:

    >>> import pandas as pd
    >>> from cardscore_frames.distributed import dask_aware
    >>> @dask_aware("per_game")
    ... def best_deal(ledger: pd.DataFrame) -> pd.DataFrame:
    ...     return ledger.groupby(["game_key", "player"], observed=True,
    ...                           as_index=False)["score"].max()
    >>> best_deal.__name__
    'best_deal'
    """

    if not callable(how) and how not in HANDLERS:
        raise ValueError(
            f"how must be one of {', '.join(HANDLERS)} or a handler; got {how!r}"
        )

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(data: Any, *args: Any, **kwargs: Any) -> Any:
            if is_dask(data):
                need_dask()
                handler = _handler(how)
                return handler(wrapper, data, *args, game=game, **kwargs)
            return fn(data, *args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def _handler(how: str | Callable[..., Any]) -> Callable[..., Any]:
    if callable(how):
        return how
    module, name = HANDLERS[how].split(":")
    return getattr(importlib.import_module(module), name)
