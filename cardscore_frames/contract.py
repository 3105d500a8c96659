"""The game contract: what every game provides, and the registry that holds them.

A game's rules (:class:`RulesBase`), its contract (:class:`Game`: logs, scorer,
ledger, results, and every per-game fact the shared code needs), and the
registry (:func:`register`, :func:`get_game`, :data:`GAMES`, the ``game`` and
``role`` dtypes). This module sits at the bottom of the package, under the
ledger, the Excel machinery, io and the season statistics: it imports only the
errors and the checking machinery, and knows no game. Each game registers
itself (``register(GAME)`` in its package); ``cardscore_frames.games`` imports
the bundled games, the one list of them.
"""

from __future__ import annotations

import dataclasses
import difflib
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.checking import Schema, check_log, stamp_of
from cardscore_frames.checking.conform import typed_dtype
from cardscore_frames.errors import (
    FAILURE_COLUMNS,
    LogValidationError,
    RulesError,
    UnknownGameError,
)

__all__ = [
    "RulesBase",
    "Game",
    "Example",
    "Probe",
    "Format",
    "GAMES",
    "register",
    "unregister",
    "get_game",
    "game_names",
    "game_dtype",
    "role_dtype",
    "suggest",
    "prepare_log",
    "ensure_scored",
]


class RulesBase:
    """The shape of every game's frozen ``Rules`` dataclass.

    A subclass sets ``GAME`` (the registered game name) and ``PRESETS`` (preset
    name -> (description, changes from the defaults)); the first preset is the
    defaults themselves.
    """

    GAME: ClassVar[str] = ""
    PRESETS: ClassVar[Mapping[str, tuple[str, Mapping[str, Any]]]] = {}

    @classmethod
    def preset(cls, name: str, **changes: Any) -> RulesBase:
        """The rules of a named preset, with ``changes`` on top.

        >>> from cardscore_frames.games.preferans import Rules
        >>> Rules.preset("leningrad").pool_whists
        20
        """
        if name not in cls.PRESETS:
            raise RulesError(
                f"rules preset must be one of {', '.join(cls.PRESETS)} for "
                f"{cls.GAME}; got {name!r}{suggest(name, cls.PRESETS)}"
            )
        return cls(**{**cls.PRESETS[name][1], **changes})

    @classmethod
    def presets(cls) -> dict[str, str]:
        """Every preset's name and what it is."""
        return {name: doc for name, (doc, _) in cls.PRESETS.items()}

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain data (JSON-ready): ``{"game": ..., field: value}``.

        >>> from cardscore_frames.games.tarot import Rules
        >>> Rules(misere=True).to_dict()["misere"]
        True
        """
        data: dict[str, Any] = {"game": self.GAME}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RulesBase:
        """The rules :meth:`to_dict` wrote (unknown fields are an error)."""
        data = dict(data)
        game = data.pop("game", cls.GAME)
        if game != cls.GAME:
            raise RulesError(f"these are rules of {game}, not of {cls.GAME}")
        known = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise RulesError(
                f"{cls.GAME} rules have no field {', '.join(unknown)}; the fields "
                f"are {', '.join(known)}"
            )
        hints = typing.get_type_hints(cls)
        for name, value in data.items():
            if isinstance(value, list) and _is_tuple(hints.get(name)):
                data[name] = tuple(value)
        return cls(**data)

    @classmethod
    def ensure(cls, rules: object) -> RulesBase:
        """``rules`` checked to be this game's (None: the defaults)."""
        if rules is None:
            return cls()
        if isinstance(rules, cls):
            return rules
        other = getattr(rules, "GAME", None)
        what = f"{other} rules ({type(rules).__name__})" if other else repr(rules)
        raise RulesError(f"rules must be {cls.GAME} rules ({cls.__name__}); got {what}")

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the defaults."""
        base = type(self)()
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(base, f.name)
        }


def _is_tuple(hint: object) -> bool:
    origin = typing.get_origin(hint)
    if origin is tuple:
        return True
    return any(_is_tuple(a) for a in typing.get_args(hint)) if origin else False


def suggest(given: object, choices: typing.Iterable[str]) -> str:
    """``"; did you mean 'garde'?"`` when ``given`` is close to one of ``choices``."""
    if not isinstance(given, str):
        return ""
    close = difflib.get_close_matches(given.strip().lower(), list(choices), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


@dataclass(frozen=True)
class Example:
    """A log bundled with a game, for :func:`cardscore_frames.load_example`.

    ``file`` is relative to the package's bundled data folder, or an absolute
    path; ``kind`` the log it holds; ``about`` one line on what it holds (a
    broken example's begins with "broken on purpose").
    """

    file: str | Path
    kind: str = "deals"
    about: str = ""


@dataclass(frozen=True)
class Probe:
    """A change the contract tests make to one of a game's logs: a log
    ``column``, a value no log may hold there (``invalid``) and, for the deal
    log, another valid value with a different score (``valid``); ``whole_game``
    when the column holds one value per game, so that the change covers the
    row's whole game."""

    column: str
    invalid: object
    valid: object = None
    whole_game: bool = False


class Format(NamedTuple):
    """Another score keeper's file a game reads (an entry of ``Game.formats``).

    ``kind``: the game's log the file holds; ``reader(path)``: its cells (a
    frame in that log's columns) and their :class:`~cardscore_frames.checking.Source`;
    ``sniff(data)``: for a suffix the package reads itself (``.json``), whether
    the file's bytes are this program's (the package's own reader takes the
    rest); ``about``: what such a file is, for the error naming what a file
    could have been. A plain ``(kind, reader)`` pair is a format with neither.
    """

    kind: str
    reader: Callable[..., Any]
    sniff: Callable[[bytes], bool] | None = None
    about: str = ""


@dataclass(frozen=True)
class Game:
    """A game's contract: its logs, rules, scorer, ledger and results.

    Every registered game provides the same things, with the same signatures:

    - ``score(deals, *, rules=None, validate=True)``: one row per deal, the log's
      columns plus the game's scored columns; the frame carries the rules.
    - ``to_ledger(scored, *, rules=None)``: one row per (game, deal, player), in
      the common ledger's columns (:data:`cardscore_frames.LEDGER_COLUMNS`)
      plus ``ledger_columns``.
    - ``results(scored_or_ledger)``: one row per game and player (score, place,
      won), :data:`cardscore_frames.RESULT_COLUMNS`.
    - ``report(deals, *, rules=None)``: the tables the command line prints.

    The other fields are the facts about the game that shared code needs (how a
    season ranks it, whether it is paid in money, its fixed sides, other
    programs' files, its examples), so that no shared module names a game.
    """

    name: str
    title: str
    unit: str
    zero_sum: bool
    rules: type
    logs: Mapping[str, Schema]
    score: Callable[..., Any]
    to_ledger: Callable[..., Any]
    results: Callable[..., Any]
    report: Callable[..., Any]
    roles: tuple[str, ...]
    seats: tuple[str, ...]
    ledger_columns: Mapping[str, str] = field(default_factory=dict)
    #: The game's paper score sheet in Excel: how its workbook sheets, templates
    #: and their read-back look (see ``cardscore_frames.excel``); None: none yet.
    excel: Any = None
    #: ``profile(scored)``: the game's own per-player season figures (as taker,
    #: as declarer, ...); None: none yet.
    profile: Callable[..., Any] | None = None
    #: The season ranking a league of this game uses by default (a name of
    #: ``cardscore_frames.season.RANKINGS``); None: by score when zero-sum, else
    #: by games won.
    ranking: str | None = None
    #: The ranking when one group mixes table sizes whose totals are not
    #: comparable (tarot at 3, 4 and 5); None: ``ranking`` still.
    mixed_tables_ranking: str | None = None
    #: The results column naming each player's fixed side (belot: ``pair``), for
    #: head to head between sides; None: every player plays for himself.
    team: str | None = None
    #: Whether results are paid in money at a price per unit of score
    #: (preferans: a price per whist, ``whist_price``).
    priced: bool = False
    #: Files of other score keepers' programs: a file suffix mapped to a
    #: :class:`Format` (or a plain ``(log kind, reader)`` pair); the reader
    #: returns the cells and their ``checking.Source``.
    formats: Mapping[str, tuple] = field(default_factory=dict)
    #: The language its clubs write (ISO 639-1: ``fr``, ``ru``) and the game's
    #: name in it: the season workbook's headers and titles follow them.
    language: str = "en"
    local_title: str | None = None
    #: The game's bundled examples, by name; the first is its sample season.
    examples: Mapping[str, Example] = field(default_factory=dict)
    #: What the contract tests change in each log kind (see :class:`Probe`).
    probes: Mapping[str, Probe] = field(default_factory=dict)
    #: The scored deal's columns that say what was dealt and chosen before the
    #: play, as far as the log shows it, each ``"category"`` (one level per
    #: value) or ``"number"``: what ``season.expected`` explains each player's
    #: result by (with his role); empty: the game has no expected results.
    deal_features: Mapping[str, str] = field(default_factory=dict)
    #: Random valid deals, seeded: ``generate(n, *, seed, names)`` gives a raw
    #: deal log of about ``n`` deals in whole games numbered from 1 (``game_id``,
    #: ``deal``, the seats, the game's columns), seating players drawn from
    #: ``names`` (the game's own when None). Archives and benchmarks use it.
    generate: Callable[..., Any] | None = None

    def schema(self, kind: str = "deals") -> Schema:
        """The schema of one of the game's logs (``deals``, ``points``, ``sheet``)."""
        try:
            return self.logs[kind]
        except KeyError:
            raise RulesError(
                f"{self.name} logs are {', '.join(self.logs)}; got {kind!r}"
            ) from None


#: Every registered game, by the name passed as ``game=``, in registration order.
GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (a game of the same name is replaced).

    ``cardscore_frames.games`` registers the bundled games; a game of your own is
    registered the same way, with no change to the package.
    """
    if not isinstance(game, Game):
        raise TypeError(f"register takes a Game; got {type(game).__name__}")
    GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a registered game (a game of your own, after use)."""
    GAMES.pop(name, None)


def game_names() -> list[str]:
    """The registered games' names."""
    return list(GAMES)


def get_game(game: str | Game) -> Game:
    """The registry entry for ``game``; an :class:`UnknownGameError` names the choices."""
    if isinstance(game, Game):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"game must be one of {', '.join(GAMES)}; got {game!r}"
            f"{suggest(game, GAMES)}"
        ) from None


def game_dtype() -> pd.CategoricalDtype:
    """The ``game`` column's dtype: every registered game, so that ledgers of
    different games concatenate into one categorical."""
    return pd.CategoricalDtype(pd.Index(list(GAMES), dtype=TEXT))


def role_dtype() -> pd.CategoricalDtype:
    """The ``role`` column's dtype: the roles of every registered game."""
    roles = dict.fromkeys(r for g in GAMES.values() for r in g.roles)
    return pd.CategoricalDtype(pd.Index(list(roles), dtype=TEXT))


def prepare_log(
    frame: pd.DataFrame,
    schema: Schema,
    rules_class: type,
    rules: object = None,
    *,
    validate: bool = True,
) -> tuple[pd.DataFrame, Any]:
    """A log ready to score, and its rules; what every ``score`` does first.

    A frame that :func:`~cardscore_frames.read_log` or ``validate`` returned, not
    changed since, and checked with the same rules, is used as it is; any other
    frame is checked now (``validate=False``: only its dtypes are checked, for a
    typed frame the caller vouches for). Rules not given are the ones the frame was
    checked with, else the game's defaults.
    """
    found = stamp_of(frame)
    ours = found is not None and found.game == schema.game
    if rules is None and ours and isinstance(found.rules, rules_class):
        rules = found.rules
    rules = rules_class.ensure(rules)
    if ours and found.rules == rules and found.holds(frame):
        if set(schema.names) <= set(found.columns):
            return frame, rules
    if validate:
        return check_log(frame, schema, rules=rules), rules
    _check_typed(frame, schema)
    return frame, rules


def _check_typed(frame: pd.DataFrame, schema: Schema) -> None:
    """Every column of the schema present with the dtype validation gives it."""
    wrong = []
    for f in schema.fields:
        if f.name not in frame:
            if f.required:
                wrong.append((f.name, "not_typed", f"column {f.name} is missing"))
            continue
        why = typed_dtype(f, frame[f.name])
        if why is not None:
            wrong.append((f.name, "not_typed", why))
    if wrong:
        rows = [
            {
                "column": c,
                "reason": r,
                "message": f"{m}: validate=False needs a "
                f"typed {schema.label} (from read_log or validate)",
            }
            for c, r, m in wrong
        ]
        fc = pd.DataFrame(rows).reindex(columns=list(FAILURE_COLUMNS))
        raise LogValidationError(schema.game, fc, None, schema.kind)


def ensure_scored(
    frame: pd.DataFrame,
    game: str,
    score: Callable[..., pd.DataFrame],
    score_columns: tuple[str, ...],
    rules: object = None,
) -> tuple[pd.DataFrame, Any]:
    """A scored frame whose scored columns can be trusted, and its rules.

    A frame ``score`` returned and nobody changed since is used as it is. Any
    other (a log column corrected after scoring, a frame rebuilt by hand, other
    rules asked for) is scored again from its log columns, so that no stale
    derived column (a taker's seat, a deal's value) is ever paid out.
    """
    found = stamp_of(frame)
    ours = found is not None and found.game == game
    if ours and found.kind == "scored" and found.holds(frame):
        if rules is None or rules == found.rules:
            return frame, found.rules
    if rules is None and ours:
        rules = found.rules
    log = frame[[c for c in frame.columns if c not in score_columns]]
    scored = score(log, rules=rules)
    return scored, stamp_of(scored).rules
