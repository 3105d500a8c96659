"""Writing score sheets: every game of a log on its own sheet(s), drawn by the
game (``Game.excel``), behind an index sheet; and blank templates.

Nothing here names a game: the game comes from the frame's stamp (or
``game=``), its hook draws its sheets, and the workbook stores what it holds
(game, log kind, rules, which sheet holds which log) as metadata, so that
:func:`~cardscore_frames.io.excel.read_excel` can read it back.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from cardscore_frames.checking import METADATA_COLUMNS, check_log, stamp_of
from cardscore_frames.contract import get_game, prepare_log
from cardscore_frames.errors import RulesError
from cardscore_frames.excel.books import (
    book_metadata,
    game_hook,
    list_sheets,
    write_index,
)
from cardscore_frames.excel.hooks import GameSheets
from cardscore_frames.excel.workbook import Workbook, gc_paused
from cardscore_frames.games.points_logs import is_points_log

__all__ = ["to_excel", "write_template"]

#: The log kind of points-only logs (one row per deal, each seat's points).
POINTS = "points"
#: The log kinds a game's ``score`` scores row by row (the others are checked).
_SCORED = ("deals", POINTS)


def to_excel(
    frame: pd.DataFrame,
    path: str | os.PathLike[str],
    *,
    method: str | None = None,
    game: str | None = None,
    kind: str | None = None,
    rules: Any = None,
    title: str | None = None,
    **options: Any,
) -> Path:
    """Write every game of a log as its paper score sheet, one sheet per game.

    Parameters
    ----------
    frame : pandas.DataFrame
        Scored deals (what a game's ``score`` returns), a deal log (scored
        first), or a preferans end-of-game sheet log (``kind="sheet"``,
        settled on the sheet).
    path : str or os.PathLike
        The ``.xlsx`` file, written atomically (an old file stays whole if
        anything fails).
    method : {"exact", "paper", "average"}, optional
        Preferans: the settlement laid out step by step beside the exact one.
    game, kind : str, optional
        For a frame that ``read_log`` or ``score`` did not make.
    rules : Rules, optional
        Score with these rules instead of the ones the frame carries.
    title : str, optional
        The index sheet's title.
    **options
        Other options of the game's sheets (preferans ``whist_price``,
        ``unit``).

    Returns
    -------
    pathlib.Path
        The workbook: an index sheet (date, players, result and a link for each
        game), then each game's sheet(s).

    Examples
    --------
    >>> import tempfile, cardscore_frames as csf
    >>> from pathlib import Path
    >>> scored = csf.belot.score(csf.load_example("belot"))
    >>> path = csf.to_excel(scored, Path(tempfile.mkdtemp()) / "belot.xlsx")
    >>> from cardscore_frames.excel import sheet_names
    >>> sheet_names(path)[:3]
    ['Матчи', 'Матч 1', 'Матч 2']
    """
    found = stamp_of(frame)
    entry = get_game(game or (found.game if found is not None else _no_game()))
    hook = game_hook(entry)
    data, kind = _ready(entry, hook, frame, kind, rules)
    checked_rules = stamp_of(data).rules
    given = {k: v for k, v in {"method": method, **options}.items() if v is not None}
    opts = _options(hook.options, given, entry.name, "to_excel")
    metadata = book_metadata(entry.name, kind, "export", checked_rules, opts)
    with (
        gc_paused(),
        Workbook(path, metadata=metadata, properties=_properties(entry)) as book,
    ):
        index = book.add_sheet(hook.words.index)
        entries = hook.write(book, data, kind, opts)
        write_index(index, entries, hook.words, title, _subtitle(data))
        list_sheets(entries, book.metadata)
        book.metadata["index"] = index.name
    return Path(path)


def write_template(
    path: str | os.PathLike[str],
    *,
    game: str,
    players: Sequence[str],
    rules: Any = None,
    **options: Any,
) -> Path:
    """Write a blank score sheet whose formulas score each deal as it is typed.

    Parameters
    ----------
    path : str or os.PathLike
        The ``.xlsx`` file, written atomically.
    game : str
        A registered game with templates.
    players : sequence of str
        The players in seating order.
    rules : Rules, optional
        The game's rules (the defaults when None); their tables are written on
        the workbook's rules sheet, which the formulas read.
    **options
        The game's template options (``rows``, ``date``, ``league``,
        ``season``, ``table``, ``game_id``...).

    Returns
    -------
    pathlib.Path

    Examples
    --------
    >>> import tempfile, cardscore_frames as csf
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "evening.xlsx"
    >>> _ = csf.write_template(path, game="tarot", players=["Anne", "Bruno", "Chloé"])
    >>> len(csf.read_excel(path, game="tarot"))  # nothing typed in yet
    0
    """
    entry = get_game(game)
    hook = game_hook(entry)
    if hook.template is None:
        raise RulesError(f"{entry.name} has no template")
    rules = entry.rules.ensure(rules)
    names = _players(players)
    opts = _options(hook.template_options, options, entry.name, "write_template")
    metadata = book_metadata(entry.name, "deals", "template", rules, opts)
    metadata["players"] = names
    with Workbook(path, metadata=metadata, properties=_properties(entry)) as book:
        entries = hook.template(book, names, rules, opts)
        book.metadata["kind"] = next((e.kind for e in entries if e.kind), "deals")
        list_sheets(entries, book.metadata)
    return Path(path)


# --- inner workings --------------------------------------------------------------


def _no_game() -> str:
    raise RulesError(
        "this frame does not say which game it holds (it was not made by read_log "
        "or a game's score); pass game="
    )


def _ready(entry, hook: GameSheets, frame: pd.DataFrame, kind, rules):
    """The frame to draw, checked (and scored for a deal or points log), and its
    log kind."""
    found = stamp_of(frame)
    ours = found is not None and found.game == entry.name
    kind = kind or (found.kind if ours else None)
    scored = kind == "scored" and ours and found.holds(frame)
    # a deal log and a points-only log are both scored; the columns tell them apart
    scorable = kind in (None, "scored", *_SCORED)
    log_kind = _scored_kind(entry, frame) if scorable else kind
    if log_kind not in hook.kinds:
        raise RulesError(
            f"{entry.name} score sheets are drawn from {', '.join(hook.kinds)} logs; "
            f"got a {log_kind!r} log"
        )
    if log_kind in _SCORED:
        if scored and (rules is None or rules == found.rules):
            return frame, log_kind
        return entry.score(frame, rules=rules), log_kind
    checked, _ = prepare_log(frame, entry.schema(log_kind), entry.rules, rules)
    if stamp_of(checked) is None:  # validate=True always stamps; be sure anyway
        checked = check_log(checked, entry.schema(log_kind), rules=rules)
    return checked, log_kind


def _scored_kind(entry, frame: pd.DataFrame) -> str:
    """A scored (or unstamped) frame's log: a points-only log when the game has one
    and the frame's columns are those of it (the game's ``score`` takes both),
    else a deal log."""
    if POINTS in entry.logs and is_points_log(
        frame, entry.schema("deals"), entry.schema(POINTS)
    ):
        return POINTS
    return "deals"


def _options(
    allowed: Mapping[str, Any], given: Mapping[str, Any], game: str, what: str
) -> dict[str, Any]:
    unknown = sorted(set(given) - set(allowed))
    if unknown:
        names = ", ".join(allowed) or "none"
        raise RulesError(
            f"{what} for {game} takes no option {', '.join(unknown)}; its options "
            f"are {names}"
        )
    for name, value in given.items():
        choices = allowed[name]
        if choices is not None and value not in choices:
            raise RulesError(
                f"{name} must be one of {', '.join(map(str, choices))}; got {value!r}"
            )
    return dict(given)


def _players(players: Sequence[str]) -> list[str]:
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    names = [p.strip() if isinstance(p, str) else p for p in players]
    bad = [p for p in names if not isinstance(p, str) or not p]
    if bad:
        raise RulesError(f"players must be non-empty names; got {list(players)!r}")
    twice = sorted({p for p in names if names.count(p) > 1})
    if twice:
        raise RulesError(f"players must be different; {', '.join(twice)} is twice")
    return names


def _properties(entry) -> dict[str, str]:
    return {"title": f"{entry.title} score sheets", "subject": entry.title}


def _subtitle(data: pd.DataFrame) -> str:
    """League and season when the log has one of each: ``Club · 2026``."""
    parts = []
    for column in METADATA_COLUMNS[:2]:
        if column in data:
            values = pd.unique(data[column].dropna())
            if len(values) == 1:
                parts.append(str(values[0]))
    return " · ".join(parts)
