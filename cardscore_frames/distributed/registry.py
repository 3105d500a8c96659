"""What this process knows about the Dask frames it made.

Attrs do not travel through Dask, so a Dask frame cannot carry a stamp as a pandas
frame does. Instead, each frame the Dask path returns (a checked log, scored
deals, a ledger, a settlement) is remembered here by its graph name: any
operation on a Dask frame gives a new name, so a frame is trusted only while it
is exactly the one made here, unchanged, as :class:`~cardscore_frames.checking.Stamp`
trusts a pandas frame only while its buffers are the checked ones.

A frame's ``.persist()`` is the same frame, computed: it is recognised by the
partitions it holds, which are those of the remembered frame (Dask names a
persisted frame's partitions after the optimised graph that made them), so
that a persisted log, scored frame or ledger is used as it is, neither checked
nor scored again.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

__all__ = ["Known", "remember", "recall"]

#: How many frames are remembered (the oldest are forgotten first; a forgotten
#: frame is simply checked again).
_LIMIT = 1024
_KNOWN: OrderedDict[str, Known] = OrderedDict()


@dataclass(frozen=True)
class Known:
    """A Dask frame made by this package: each of its games is whole in one
    partition, and (for a log) every partition was checked with ``rules``.

    ``kind`` is the log kind (``deals``, ``sheet``), ``scored``, ``ledger``,
    ``settlement`` or ``games`` (rows of whole games, nothing more known);
    ``plan`` the :class:`~cardscore_frames.distributed.plan.Plan` of the check;
    ``checked``: its partitions have exactly the checked log's dtypes (False for
    a sheet the game made from scored deals, trusted as the game's own).
    """

    game: str | None
    kind: str
    rules: Any = None
    plan: Any = None
    checked: bool = True


def remember(frame: Any, known: Known) -> Any:
    """Remember ``frame`` as ``known`` and return it."""
    names = [frame._name]
    optimize = getattr(frame, "optimize", None)
    if optimize is not None:  # the name its persisted partitions will carry
        names.append(optimize()._name)
    for name in names:
        _KNOWN[name] = known
        _KNOWN.move_to_end(name)
    while len(_KNOWN) > _LIMIT:
        _KNOWN.popitem(last=False)
    return frame


def recall(frame: Any) -> Known | None:
    """What is known of ``frame`` (None: a frame this package did not make)."""
    found = _KNOWN.get(getattr(frame, "_name", None))
    if found is None and _is_persisted(frame):
        found = _KNOWN.get(_persisted_from(frame))
    return found


def _is_persisted(frame: Any) -> bool:
    """Whether ``frame`` is a ``.persist()`` (a frame over computed partitions):
    tested first by its expression's kind, so that no other frame's graph is
    built here."""
    return type(getattr(frame, "expr", None)).__name__ == "FromGraph"


def _persisted_from(frame: Any) -> str | None:
    """The name of the frame whose partitions a persisted ``frame`` holds: its
    graph holds its own keys and those (each partition once), nothing else."""
    own = frame._name
    names = set()
    for key in frame.__dask_graph__():
        name = key[0] if isinstance(key, tuple) else key
        if name != own:
            names.add(name)
    return names.pop() if len(names) == 1 else None
