"""``@dask_aware``: one public function for pandas and Dask frames.

A function decorated with :func:`dask_aware` runs as it always did on a pandas
frame (one cheap type test first); given a Dask DataFrame it hands the call to a
handler, which builds the Dask graph from the same pandas function applied to
whole-game partitions. Dask is imported only then.

This module is part of the core: it imports nothing of the package. The Dask
layer (``cardscore_frames.distributed``) sits above everything else and
registers its handlers here when it is imported (:func:`register_handler`), as
``cardscore_frames`` does on import.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["dask_aware", "is_dask", "need_dask", "register_handler", "HANDLERS"]

F = TypeVar("F", bound=Callable[..., Any])

#: The handlers, by name, that the Dask layer registers: each is called as
#: ``handler(public_function, frame, *args, game=..., **kwargs)``.
HANDLERS: dict[str, Callable[..., Any]] = {}
#: The names the package's functions use.
NAMES = ("score", "to_ledger", "sheet", "settle", "totals", "per_game", "standings")


def register_handler(name: str, handler: Callable[..., Any]) -> None:
    """Register the Dask handler called ``name`` (one of :data:`NAMES`)."""
    HANDLERS[name] = handler


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
        What the Dask path does: one of :data:`NAMES` (``"score"``,
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

    if not callable(how) and how not in NAMES:
        raise ValueError(
            f"how must be one of {', '.join(NAMES)} or a handler; got {how!r}"
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
    if how not in HANDLERS:
        raise ImportError(
            "Dask frames are handled by cardscore_frames.distributed: "
            "import cardscore_frames first"
        )
    return HANDLERS[how]
