"""Combining deal logs of one game (several files, seasons or clubs)."""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd
from pandas.api.types import union_categoricals

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import stamp_of
from cardscore_frames.errors import CardscoreError

__all__ = ["concat_logs"]


def concat_logs(frames: Iterable[pd.DataFrame]) -> pd.DataFrame:
    """Stack logs of one game, keeping every categorical a categorical.

    pandas' own ``concat`` turns categoricals with different categories (two
    clubs' player names) into text; here the categories are united, so names
    still compare as codes. The result is checked again when it is scored (two
    logs may both hold game 1 of the same season).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> deals = csf.load_example("tarot")
    >>> both = csf.concat_logs([deals.iloc[:100], deals.iloc[100:]])
    >>> len(both) == len(deals), str(both["player1"].dtype)
    (True, 'category')
    >>> both["taker"].cat.categories.equals(both["player1"].cat.categories)
    True
    """
    parts = list(frames)
    if not parts:
        raise CardscoreError("concat_logs needs at least one log")
    games = {stamp_of(p).game for p in parts if stamp_of(p) is not None}
    if len(games) > 1:
        raise CardscoreError(
            f"concat_logs combines logs of one game; got {', '.join(sorted(games))} "
            "(combine their ledgers with csf.concat)"
        )
    columns = list(dict.fromkeys(c for p in parts for c in p.columns))
    out = {}
    for c in columns:
        pieces = [p[c] if c in p else pd.Series([None] * len(p)) for p in parts]
        if all(isinstance(s.dtype, pd.CategoricalDtype) for s in pieces):
            ordered = all(s.cat.ordered for s in pieces)
            united = union_categoricals(
                [s.array for s in pieces], sort_categories=True, ignore_order=True
            )
            out[c] = united.as_ordered() if ordered else united
        else:
            out[c] = pd.concat(pieces, ignore_index=True)
    return _share_names(pd.DataFrame(out))


def _share_names(frame: pd.DataFrame) -> pd.DataFrame:
    """Player names (the ordered categoricals) get one set of categories again."""
    names = [
        c
        for c in frame.columns
        if isinstance(frame[c].dtype, pd.CategoricalDtype) and frame[c].cat.ordered
    ]
    if not names:
        return frame
    shared = sorted(set().union(*(frame[c].cat.categories for c in names)))
    cats = pd.Index(shared, dtype=TEXT)
    return frame.assign(**{c: frame[c].cat.set_categories(cats) for c in names})
