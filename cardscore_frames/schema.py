"""Declaring a log: its columns (:class:`Field`) and its checks (:class:`Schema`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import pandas as pd

if TYPE_CHECKING:
    from cardscore_frames.problems import Problems

__all__ = ["Field", "Schema", "METADATA_COLUMNS", "normalise_token"]

Kind = Literal["id", "int", "number", "name", "choice", "flag", "text"]

#: Columns that describe where and when a game was played; they flow into the ledger.
METADATA_COLUMNS = ("league", "season", "date", "table")


@dataclass(frozen=True)
class Field:
    """One column of a deal log.

    ``kind`` decides the dtype: ``id`` (game ids: ``Int64`` when every id is a whole
    number, else ``str``), ``int`` (``Int64``), ``number`` (``Float64``), ``name``
    (player names, ``str``), ``choice`` (a categorical of ``choices``), ``flag``
    (``boolean``) and ``text``. ``blank`` says whether a cell may be empty;
    ``default`` is what an empty cell (or an absent optional column) means, as the
    log format documents it. ``step`` requires multiples of it.
    """

    name: str
    kind: Kind
    required: bool = True
    blank: bool = False
    choices: tuple[str, ...] = ()
    value_aliases: Mapping[str, str] = field(default_factory=dict)
    default: Any = None
    low: float | None = None
    high: float | None = None
    step: float | None = None
    aliases: tuple[str, ...] = ()
    multi: bool = False  # choice tokens joined by "+" (tarot poignées)

    def allowed(self) -> str:
        """What the column allows, for messages."""
        if self.kind == "choice":
            return (
                "one of "
                + ", ".join(self.choices)
                + (" (several joined by '+')" if self.multi else "")
            )
        if self.kind == "flag":
            return "true or false"
        bits = {"int": "a whole number", "number": "a number"}.get(self.kind, "a value")
        if self.low is not None and self.high is not None:
            bits += f" from {_fmt(self.low)} to {_fmt(self.high)}"
        elif self.low is not None:
            bits += f" of at least {_fmt(self.low)}"
        if self.step is not None and self.step != 1:
            bits += f" in steps of {_fmt(self.step)}"
        return bits


@dataclass(frozen=True)
class Schema:
    """A game's log: its fields, its row key and its cross-column checks.

    Each check is called as ``check(frame, problems, rules)`` on the typed frame
    and records problems with :meth:`Problems.add`; it must not raise on NA.
    """

    game: str
    fields: tuple[Field, ...]
    key: tuple[str, ...] = ("game_id", "deal")
    checks: tuple[Callable[[pd.DataFrame, Problems, Any], None], ...] = ()

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)


def normalise_token(text: str) -> str:
    """``' Garde Sans '`` -> ``'garde_sans'``: case, spaces and hyphens do not matter."""
    return "_".join(text.strip().lower().replace("-", " ").split())


def _fmt(x: float) -> str:
    return f"{x:g}"
