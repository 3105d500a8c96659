"""Declaring a log: its columns (:class:`Field`) and its checks (:class:`Schema`)."""

from __future__ import annotations

import re
import unicodedata
import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
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
    "Vocabulary",
    "normalise_token",
    "normalise_value",
    "normalise_heading",
    "numbered",
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
class Vocabulary:
    """Every word one choice column reads, declared once beside the game's schema.

    ``codes`` gives, for each value as stored, the code the game's paper sheet
    writes for it ("" where the sheet leaves the cell blank); the sheet's writer,
    its template's drop-downs and its error messages take them from here.
    ``words`` gives the other words clubs write for each value. Every word, code
    and value is read in any case, with or without accents, spaces, hyphens,
    underscores, dots and commas (:func:`normalise_value`).
    """

    codes: Mapping[str, str]
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _ = self.aliases  # a word read as two values: a mistake of the declaration

    @property
    def values(self) -> tuple[str, ...]:
        """The values it names, codes first, in declaration order."""
        return tuple(dict.fromkeys([*self.codes, *self.words]))

    def accepted(self, value: str) -> tuple[str, ...]:
        """What reads as ``value``: its code, then the other words (no blank)."""
        given = (self.codes.get(value, ""), *self.words.get(value, ()))
        return tuple(dict.fromkeys(w for w in given if w))

    @property
    def aliases(self) -> dict[str, str]:
        """Each normalised word, code and value -> the value it reads as."""
        out: dict[str, str] = {}
        for value in self.values:
            for word in (value, *self.accepted(value)):
                key = normalise_value(word)
                if out.setdefault(key, value) != value:
                    raise ValueError(
                        f"{word!r} would read as both {out[key]!r} and {value!r}"
                    )
        return out

    def __or__(self, other: Vocabulary) -> Vocabulary:
        words = dict(self.words)
        for value, more in other.words.items():
            words[value] = (*words.get(value, ()), *more)
        return Vocabulary({**self.codes, **other.codes}, words)


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
    A choice's ``vocabulary`` (its paper codes and the words clubs write) and
    ``value_aliases`` (word -> value) are read as its values; after construction
    ``value_aliases`` holds every one of them, keyed by :func:`normalise_value`.
    """

    name: str
    kind: Kind
    required: bool = True
    blank: bool = False
    choices: tuple[str, ...] = ()
    value_aliases: Mapping[str, str] = field(default_factory=dict)
    vocabulary: Vocabulary | None = None
    default: Any = None
    low: float | None = None
    high: float | None = None
    step: float | None = None
    aliases: tuple[str, ...] = ()
    multi: bool = False  # choice tokens joined by "+" (tarot poignées)
    blank_when: BlankWhen | None = None
    doc: str = ""

    def __post_init__(self) -> None:
        if self.kind != "choice":
            return
        words = {normalise_value(c): c for c in self.choices}
        if self.vocabulary is not None:
            stray = set(self.vocabulary.values) - set(self.choices)
            if stray:
                raise ValueError(f"{self.name}'s vocabulary names {sorted(stray)}")
            words |= self.vocabulary.aliases
        words |= {normalise_value(k): v for k, v in self.value_aliases.items()}
        object.__setattr__(self, "value_aliases", words)

    @property
    def codes(self) -> Mapping[str, str]:
        """Value -> the paper sheet's code (empty: the column has no codes)."""
        return self.vocabulary.codes if self.vocabulary is not None else {}

    def allowed_on_sheet(self) -> str:
        """What the column allows in the paper sheet's codes, for messages about
        a sheet's cells: ``one of passe, P, G, GS, GC``."""
        shown = [c for v, c in self.codes.items() if c and v in self.choices]
        blank = self.blank or self.default is not None
        return (
            "one of "
            + ", ".join(shown)
            + (" (several joined by '+')" if self.multi else "")
            + (", or blank" if blank else "")
        )

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


#: The metadata every log may carry (optional columns, blank when absent), with
#: the headings clubs give them in French, Russian and Armenian.
METADATA_FIELDS = (
    Field(
        "league",
        "label",
        required=False,
        blank=True,
        doc="the league or club",
        aliases=("club", "ligue", "клуб", "лига", "ակումբ", "լիգա"),
    ),
    Field(
        "season",
        "label",
        required=False,
        blank=True,
        doc="the season",
        aliases=("saison", "сезон", "մրցաշրջան"),
    ),
    Field(
        "date",
        "date",
        required=False,
        blank=True,
        doc="the day the game was played",
        aliases=("jour", "дата", "ամսաթիվ"),
    ),
    Field(
        "table",
        "label",
        required=False,
        blank=True,
        doc="the table's name or number",
        aliases=("стол", "սեղան"),
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
    #: column -> the other headings clubs write for it, in the game's languages
    #: (added to the field's own ``aliases``; one table may serve all of a
    #: game's logs, each taking its own columns'); see :meth:`column_of`.
    headings: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: The rows the schema checks, made from the log as given (its headings
    #: read, its rows numbered 0..n-1) before anything is checked: a wide table
    #: of sessions melted to one row per session. Each returned row's index is
    #: the number of the row it came from, so that a problem names that row, its
    #: file line and its cells; a column whose cells came from several columns
    #: (each session's) names them per row in ``attrs["headings"]`` (column ->
    #: one heading per row). None: the log is checked as given.
    prepare: Callable[[pd.DataFrame], pd.DataFrame] | None = None
    #: Headings ``prepare`` reads by their shape, not by name: (a regular
    #: expression a normalised heading matches whole, the column it feeds),
    #: such as ``S1``, ``Séance 2`` for a session's score. They count as the
    #: log's headings when a reader looks for a table's heading row.
    heading_patterns: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        own = {f.name for f in self.fields}
        meta = tuple(f for f in METADATA_FIELDS if f.name not in own)
        fields = tuple(
            replace(f, aliases=(*f.aliases, *self.headings[f.name]))
            if f.name in self.headings
            else f
            for f in (*meta, *self.fields)
        )
        object.__setattr__(self, "fields", fields)
        _ = self.heading_map  # a heading read as two columns: a declaration's slip

    @cached_property
    def heading_map(self) -> dict[str, str]:
        """Every heading the log reads, normalised (:func:`normalise_heading`),
        -> the column it names: each column's name and its aliases."""
        out: dict[str, str] = {}
        for f in self.fields:
            for heading in (f.name, *f.aliases):
                key = normalise_heading(heading)
                if out.setdefault(key, f.name) != f.name:
                    raise ValueError(
                        f"{self.label}: heading {heading!r} would name both "
                        f"{out[key]} and {f.name}"
                    )
        return out

    def column_of(self, heading: object) -> str | None:
        """The column a heading names (``'Appelé'`` -> ``'partner'``), or None.

        Case, accents, spaces, hyphens, underscores, dots and commas do not
        matter (``'N° donne'``, ``'Poignée att.'``)."""
        if heading is None:
            return None
        return self.heading_map.get(normalise_heading(str(heading)))

    def shaped(self, heading: object) -> str | None:
        """The column a heading feeds by its shape (:attr:`heading_patterns`:
        ``'S2'`` -> ``'score'``), or None."""
        if heading is None or not self.heading_patterns:
            return None
        key = normalise_heading(str(heading))
        for pattern, column in self.heading_patterns:
            if re.fullmatch(pattern, key):
                return column
        return None

    def closest(self, heading: object, among: Iterable[str]) -> str | None:
        """The column of ``among`` whose name or alias ``heading`` nearly is (a
        slip: ``'Apelle'`` for ``partner``), or None: for "did you mean"."""
        wanted = set(among)
        known = {k: c for k, c in self.heading_map.items() if c in wanted}
        near = difflib.get_close_matches(
            normalise_heading(str(heading)), list(known), n=1, cutoff=0.8
        )
        return known[near[0]] if near else None

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


def fold_accents(text: str) -> str:
    """``'Défense'`` -> ``'Defense'``: accents dropped (``é`` is ``e``, ``ё`` is
    ``е``, as Russian is often written), except the breve of ``й``, a letter of
    its own."""
    if text.isascii():
        return text
    kept: list[str] = []
    for ch in unicodedata.normalize("NFD", text):
        if unicodedata.combining(ch) and not (
            ch == "\u0306" and kept and kept[-1] in "иИ"
        ):
            continue
        kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def normalise_token(text: str) -> str:
    """``' Garde Sans '`` -> ``'garde_sans'``: case, accents, spaces, hyphens and
    underscores do not matter (column names)."""
    return "_".join(
        fold_accents(text).lower().replace("-", " ").replace("_", " ").split()
    )


#: What a value may hold that does not matter: spaces, hyphens, underscores,
#: dots and commas (``Garde-sans``, ``garde sans``, ``déf.``).
_SEPARATORS = re.compile(r"[\s\-_.,]+")


def normalise_value(text: str) -> str:
    """``'Garde-Sans'`` -> ``'gardesans'``: how a choice's cell is compared with
    its values and words: case, accents, spaces, hyphens, underscores, dots and
    commas do not matter; both sides are normalised alike.

    Examples
    --------
    >>> normalise_value(" Garde-Sans "), normalise_value("Défense")
    ('gardesans', 'defense')
    >>> normalise_value("Без козыря"), normalise_value("Сдаёт"), normalise_value("й")
    ('безкозыря', 'сдает', 'й')
    """
    return _SEPARATORS.sub("", fold_accents(text).casefold())


def normalise_heading(text: str) -> str:
    """``'N° Donne'`` -> ``'n°donne'``: how a column's heading is compared with
    a log's names and aliases (as :func:`normalise_value` compares values).

    Examples
    --------
    >>> normalise_heading("Game ID"), normalise_heading("Poignée att."), normalise_heading("Игрок 1")
    ('gameid', 'poigneeatt', 'игрок1')
    """
    return normalise_value(text)


def numbered(name: str, count: int, *words: str) -> dict[str, tuple[str, ...]]:
    """Headings of numbered columns: ``numbered("player", 2, "Joueur", "J")``
    -> ``{"player1": ("Joueur 1", "J1"), "player2": ("Joueur 2", "J2")}``
    (``Joueur1`` reads too: spaces do not matter)."""
    return {
        f"{name}{i}": tuple(f"{w} {i}" if len(w) > 2 else f"{w}{i}" for w in words)
        for i in range(1, count + 1)
    }


def _fmt(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 1e6 else f"{x:g}"
