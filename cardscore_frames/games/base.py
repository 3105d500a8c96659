"""What every game provides: its rules (:class:`RulesBase`) and its contract
(:class:`Game`), the object the registry holds.

Nothing outside a game's folder needs to know a game's rules: the ledger, the
season statistics, the Excel machinery and the command line reach a game through
its :class:`Game` entry.
"""

from __future__ import annotations

import dataclasses
import difflib
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pandas as pd

from cardscore_frames.checking import Schema, check_log, stamp_of
from cardscore_frames.checking.conform import typed_dtype
from cardscore_frames.errors import FAILURE_COLUMNS, LogValidationError, RulesError

__all__ = ["RulesBase", "Game", "suggest", "prepare_log", "ensure_scored"]


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
class Game:
    """A game's contract: its logs, rules, scorer, ledger and results.

    Every registered game provides the same things, with the same signatures:

    - ``score(deals, *, rules=None, validate=True)``: one row per deal, the log's
      columns plus the game's scored columns; the frame carries the rules.
    - ``to_ledger(scored, *, rules=None)``: one row per (game, deal, player), in
      the common ledger's columns (:data:`cardscore_frames.ledger.LEDGER_COLUMNS`)
      plus ``ledger_columns``.
    - ``results(scored_or_ledger)``: one row per game and player (score, place,
      won), :data:`cardscore_frames.results.RESULT_COLUMNS`.
    - ``report(deals, *, rules=None)``: the tables the command line prints.
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
    sample: str | None = None
    #: The game's paper score sheet in Excel: how its workbook sheets, templates
    #: and their read-back look (see ``cardscore_frames.excel``); None: none yet.
    excel: Any = None
    #: ``profile(scored)``: the game's own per-player season figures (as taker,
    #: as declarer, ...); None: none yet.
    profile: Callable[..., Any] | None = None

    def schema(self, kind: str = "deals") -> Schema:
        """The schema of one of the game's logs (``deals``, ``points``, ``sheet``)."""
        try:
            return self.logs[kind]
        except KeyError:
            raise RulesError(
                f"{self.name} logs are {', '.join(self.logs)}; got {kind!r}"
            ) from None

    def default_rules(self) -> RulesBase:
        return self.rules()


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
