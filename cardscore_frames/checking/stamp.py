"""The record a checked frame carries: which game and rules checked it, and which
column arrays were checked, so that no step checks it again, and an edited frame
is never trusted.

A :class:`Stamp` sits in ``frame.attrs["cardscore"]``. It keeps a shallow copy of
the frame it stamped: with pandas' copy-on-write, any later write to the frame
(``deals.loc[5, "taker"] = ...``) copies the written columns instead of changing
the checked arrays, and a new column or row selection has arrays of its own.
:meth:`Stamp.holds` asks whether each stamped column still holds the very array
that was checked (a few identities, however long the frame), so a frame holds
its stamp only while every stamped column is exactly what was checked.

Without copy-on-write (pandas 2.3, unless the user turned it on) a write goes
into the checked array itself, which identity does not see: there the stamp
also keeps a digest of each checked column's contents, and a frame holds its
stamp only while the digests are unchanged too (about a tenth of a second per
million deals, against checking them again).
"""

from __future__ import annotations

import copy
import hashlib
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames._compat import writes_in_place

__all__ = ["Stamp", "mark", "stamp", "stamp_of", "take_kept", "ATTR"]

#: The key of the stamp in ``DataFrame.attrs``.
ATTR = "cardscore"


class Stamp(dict):
    """What checked a frame: game, log kind (``deals``, ``sheet``, ``points``,
    ``scored``), the rules, where it came from, and the checked arrays.

    It is a dict of that plain data (so that pandas can write a frame's attrs
    into Parquet or JSON metadata), and keeps the rules object and the checked
    arrays as attributes; a stamp read back from a file is a plain dict, which
    vouches for nothing.
    """

    def __init__(
        self,
        *,
        game: str,
        kind: str,
        rules: Any,
        columns: tuple[str, ...],
        source: str | None = None,
        encoding: str | None = None,
        keep: pd.DataFrame | None = None,
        arrays: tuple = (),
        digests: tuple | None = None,
        memo: dict | None = None,
    ) -> None:
        plain = rules.to_dict() if hasattr(rules, "to_dict") else None
        super().__init__(
            game=game, kind=kind, rules=plain, source=source, encoding=encoding
        )
        self.game, self.kind, self.rules = game, kind, rules
        self.source, self.encoding = source, encoding
        self.columns = columns
        self._keep = keep  # registers the arrays with copy-on-write
        self._arrays = arrays
        self._digests = digests  # contents, where writes go in place
        #: What the step that stamped the frame found out about it and a later
        #: step may reuse while the stamp holds (its games' index; the work
        #: validation did that scoring repeats, as ``(rules, value)``, taken once
        #: by :func:`take_kept`).
        self.memo = dict(memo or {})

    def __deepcopy__(self, memo: dict) -> Stamp:
        # pandas deep-copies attrs into every derived frame; the stamp is
        # immutable, and whether it holds there is decided by the arrays. The
        # work kept for a later step stays with the stamped frame alone: a
        # derived frame (a head() of a million deals) must not keep it alive.
        if not self.memo:
            return self
        twin = copy.copy(self)
        twin.memo = {}
        return twin

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    __hash__ = object.__hash__

    def holds(self, frame: pd.DataFrame) -> bool:
        """Whether every stamped column of ``frame`` is still the checked one."""
        if not self._arrays or len(self._arrays) != len(self.columns):
            return False
        try:
            same = all(
                _same(_array_of(frame[c]), a)
                for c, a in zip(self.columns, self._arrays, strict=True)
            )
            if not same or (self._digests is None and not writes_in_place()):
                return same
            return self._digests == tuple(_digest(frame[c]) for c in self.columns)
        except KeyError:
            return False


def mark(
    frame: pd.DataFrame,
    *,
    game: str,
    kind: str,
    rules: Any,
    columns: tuple[str, ...] | None = None,
    source: str | None = None,
    encoding: str | None = None,
    memo: dict | None = None,
) -> Stamp:
    """A stamp of ``frame``'s columns as they are now, not attached to it: what
    :func:`stamp` puts in a frame's attrs, or what a memo of work on a user's
    frame keeps beside it (the frame itself left as it was)."""
    columns = tuple(frame.columns if columns is None else columns)
    return Stamp(
        game=game,
        kind=kind,
        rules=rules,
        columns=columns,
        source=source,
        encoding=encoding,
        keep=frame.copy(deep=False),  # registers the arrays with copy-on-write
        arrays=tuple(_array_of(frame[c]) for c in columns),
        digests=tuple(_digest(frame[c]) for c in columns)
        if writes_in_place()
        else None,
        memo=memo,
    )


def stamp(frame: pd.DataFrame, **fields: Any) -> pd.DataFrame:
    """Stamp ``frame`` in place (it is a frame the package just made) and return
    it; ``fields`` are :func:`mark`'s (``game``, ``kind``, ``rules``, ...), and
    ``memo`` keeps what a later step may reuse while the stamp holds."""
    frame.attrs[ATTR] = mark(frame, **fields)
    return frame


def stamp_of(frame: object) -> Stamp | None:
    """The stamp a frame carries, if any (whether it still holds or not)."""
    attrs = getattr(frame, "attrs", None)
    found = attrs.get(ATTR) if isinstance(attrs, dict) else None
    return found if isinstance(found, Stamp) else None


def take_kept(frame: pd.DataFrame, name: str, rules: Any, *, once: bool = True) -> Any:
    """What validation of ``frame`` worked out under ``name`` with ``rules``
    (see :meth:`~cardscore_frames.checking.Problems.keep`), or None.

    It is given only while the stamp holds (the frame unchanged since) and for
    the same rules. It is given once and then let go, so that a checked frame
    does not hold work the size of the log for its whole life; ``once=False``
    keeps it for every later step, for small work that several steps repeat on
    one frame (a sheet's game codes, eight bytes a row, for each settlement
    method and the pairwise balances).
    """
    found = stamp_of(frame)
    if found is None or name not in found.memo or not found.holds(frame):
        return None
    kept_rules, value = found.memo.pop(name) if once else found.memo[name]
    return value if kept_rules == rules else None


def _array_of(column: pd.Series | pd.DataFrame) -> object:
    """What :meth:`Stamp.holds` compares of a column: its array (the very
    object: not equal after any copy, slice or replacement), or for numpy's
    dtypes (a new wrapper at each call) where its memory lies; None for a
    duplicated column label, which gives a frame."""
    if not isinstance(column, pd.Series):
        return None
    if isinstance(column.dtype, np.dtype):  # the stamp's shallow copy keeps the
        # memory alive: no other array can take its place
        return column.to_numpy().__array_interface__
    return column.array


def _digest(column: pd.Series | pd.DataFrame) -> bytes | None:
    """A digest of a column's contents: its codes or its numbers' bytes, else
    pandas' hash of each value; None for a duplicated label (never held)."""
    if not isinstance(column, pd.Series):
        return None
    if isinstance(column.dtype, pd.CategoricalDtype):  # categories are immutable
        values = column.cat.codes.to_numpy()
    elif isinstance(column.dtype, np.dtype) and column.dtype != object:
        values = column.to_numpy()
    else:  # text, nullable numbers, objects
        values = pd.util.hash_pandas_object(column, index=False).to_numpy()
    bytes_ = np.ascontiguousarray(values).view(np.uint8)
    return hashlib.blake2b(bytes_, digest_size=16).digest()


def _same(got: object, checked: object) -> bool:
    if got is None or checked is None:
        return False
    return got == checked if isinstance(checked, dict) else got is checked
