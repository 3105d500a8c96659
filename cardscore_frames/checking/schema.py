"""Declaring a log: its columns (:class:`Field`) and its checks (:class:`Schema`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import pandas as pd

if TYPE_CHECKING:
    from cardscore_frames.checking.problems import Problems

__all__ = [
    "Field",
    "BlankWhen",
    "Schema",
    "METADATA_COLUMNS",
    "METADATA_FIELDS",
    "GAME_KEY",
    "normalise_token",
]

Kind = Literal["id", "int", "number", "name", "choice", "flag", "text", "label", "date"]

#: Columns that describe where and when a game was played; every log may carry
#: them, they must be the same on every row of a game, and they flow into the ledger.
METADATA_COLUMNS = ("league", "season", "date", "table")

#: What names a game across leagues and seasons: a ``game_id`` is unique within
#: its league and season only, so two seasons may both have a game 1.
GAME_KEY = ("league", "season", "game_id")

#: The largest whole number a number column holds exactly (2**53): beyond it a
#: float64 no longer counts in ones, and nothing is changed silently on the way in.
EXACT_LIMIT = 2**53 - 1


@dataclass(frozen=True)
class BlankWhen:
    """Cells that read as blank on some rows: where ``column`` (a choice field,
    conformed first) is one of ``when``, a cell holding one of ``values`` (a number
    equal to it, or the word, in any case) means blank, as score sheets and other
    apps fill the cells a row leaves empty (tarot: a passed deal's oudlers and card
    points written as 0 or ``none``)."""

    column: str
    when: tuple[str, ...]
    values: tuple[str, ...] = ("0", "none")


@dataclass(frozen=True)
class Field:
    """One column of a log.

    ``kind`` decides the dtype: ``id`` (game ids: ``Int64`` when every id is a whole
    number, else ``str``), ``int`` (``Int64``), ``number`` (``Float64``), ``name``
    (player names: a categorical shared by every name column of the log),
    ``choice`` (a categorical of ``choices``), ``flag`` (``boolean``), ``text``
    (``str``), ``label`` (text with few distinct values, such as a league: a
    categorical of the values given) and ``date`` (``datetime64[ns]``).
    ``blank`` says whether a cell may be empty; ``default`` is what an empty cell
    (or an absent optional column) means, as the log format documents it.
    ``step`` requires multiples of it. Numbers without ``low``/``high`` are still
    held to what a float counts exactly (about 9e15).
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
    blank_when: BlankWhen | None = None
    doc: str = ""

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
        if self.kind == "date":
            return "a date (2026-01-08, 08.01.2026 or 08/01/2026)"
        bits = {
            "int": "a whole number",
            "number": "a number",
            "id": "a game id, a whole number or a text",
            "name": "a player's name",
        }.get(self.kind, "a text")
        if self.low is not None and self.high is not None:
            bits += f" from {_fmt(self.low)} to {_fmt(self.high)}"
        elif self.low is not None:
            bits += f" of at least {_fmt(self.low)}"
        elif self.high is not None:
            bits += f" of at most {_fmt(self.high)}"
        if self.step is not None and self.step != 1:
            bits += f" in steps of {_fmt(self.step)}"
        return bits

    def bounds(self) -> tuple[float, float]:
        """The range a number column holds: its own, within what floats count."""
        low = -EXACT_LIMIT if self.low is None else self.low
        high = EXACT_LIMIT if self.high is None else self.high
        return low, high


#: The metadata every log may carry (optional columns, blank when absent).
METADATA_FIELDS = (
    Field("league", "label", required=False, blank=True, doc="the league or club"),
    Field("season", "label", required=False, blank=True, doc="the season"),
    Field(
        "date", "date", required=False, blank=True, doc="the day the game was played"
    ),
    Field(
        "table", "label", required=False, blank=True, doc="the table's name or number"
    ),
)

Check = Callable[[pd.DataFrame, "Problems", Any], None]


@dataclass(frozen=True)
class Schema:
    """A game's log: its fields, its row key and its cross-column checks.

    Each check is called as ``check(frame, problems, rules)`` on the typed frame
    and records problems with :meth:`Problems.add`; it must not raise on NA.

    ``kind`` names the log among the game's logs (``deals``, ``points``,
    ``sheet``). ``reject`` says what ``errors="collect"`` rejects for a problem:
    the ``deal`` (row) alone, or its whole ``game`` where state carries from deal
    to deal (a belot match, a preferans pool), so that no game is ever scored
    from part of its deals. The metadata fields are added to every schema.
    """

    game: str
    fields: tuple[Field, ...]
    key: tuple[str, ...] = ("game_id", "deal")
    checks: tuple[Check, ...] = ()
    kind: str = "deals"
    reject: Literal["deal", "game"] = "deal"

    def __post_init__(self) -> None:
        own = {f.name for f in self.fields}
        meta = tuple(f for f in METADATA_FIELDS if f.name not in own)
        object.__setattr__(self, "fields", (*meta, *self.fields))

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    @property
    def label(self) -> str:
        """``tarot log`` or ``preferans sheet``: what messages call it."""
        return f"{self.game} {'log' if self.kind == 'deals' else self.kind}"

    @property
    def item(self) -> str:
        """What names a row inside its game: ``deal``, or ``seat`` in a sheet."""
        return self.key[-1]


def normalise_token(text: str) -> str:
    """``' Garde Sans '`` -> ``'garde_sans'``: case, spaces and hyphens do not matter."""
    return "_".join(text.strip().lower().replace("-", " ").split())


def _fmt(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 1e6 else f"{x:g}"
