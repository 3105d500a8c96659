"""The error vocabulary of cardscore_frames.

Every error the package raises on purpose is a :class:`CardscoreError`; each
concrete error also subclasses the builtin it resembles, so ``except ValueError``
keeps working for callers who do not know this package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CardscoreError",
    "LogValidationError",
    "UnknownGameError",
    "RulesError",
    "LedgerError",
    "LogReadError",
    "LogNotFoundError",
    "WorkbookError",
    "FAILURE_COLUMNS",
]

#: Columns of every ``failure_cases`` frame, in order.
FAILURE_COLUMNS = (
    "game_id",
    "deal",
    "column",
    "value",
    "reason",
    "message",
    "row",
    "line",
    "cell",
)

_SHOWN = 20


class CardscoreError(Exception):
    """Base class of every error raised by cardscore_frames."""


class UnknownGameError(CardscoreError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0]) if self.args else ""


class RulesError(CardscoreError, ValueError):
    """A rules object or option that cannot be used as given."""


class LedgerError(CardscoreError, ValueError):
    """A frame that is not a valid ledger (missing columns, deals not summing to 0)."""


class LogReadError(CardscoreError, OSError):
    """A log file that cannot be read at all (unknown format, undecodable bytes,
    a damaged file, ragged rows, bad JSON), naming the file and the line."""


class LogNotFoundError(LogReadError, FileNotFoundError):
    """A log file that is not there (``except FileNotFoundError`` catches it)."""


class WorkbookError(CardscoreError, ValueError):
    """A workbook that cannot be read or written safely: not a workbook, damaged,
    password-protected, too large when unpacked, or a cell that cannot hold the text
    given (control characters, more than Excel's 32,767 characters)."""


class LogValidationError(CardscoreError, ValueError):
    """A log with problems; every problem found is in :attr:`failure_cases`.

    Parameters
    ----------
    game : str
        The game whose rules the log was checked against.
    failure_cases : pandas.DataFrame
        One row per problem with the columns of :data:`FAILURE_COLUMNS`:
        ``game_id``, ``deal`` (``seat`` in a settlement sheet; blank for
        problems of the whole table),
        ``column``, ``value`` (as given), ``reason`` (a machine-readable code),
        ``message`` (what was expected and what is allowed), ``row`` (0-based
        position in the input), ``line`` (file line, 1-based, when known) and
        ``cell`` (``Sheet!C7`` for Excel input, when known); a settlement
        sheet's problems end with ``player``, the name on the row.
    source : str, optional
        Where the log came from, for the summary.
    kind : str
        Which of the game's logs: ``deals`` (a deal log), ``sheet``, ``points``.

    The error pickles whole, so that one raised in another process (a Dask
    worker) reaches the caller as itself.
    """

    def __init__(
        self,
        game: str,
        failure_cases: pd.DataFrame,
        source: str | None = None,
        kind: str = "deals",
    ) -> None:
        self.game = game
        self.failure_cases = failure_cases
        self.source = source
        self.kind = kind
        super().__init__(self.summary())

    def __reduce__(self):
        return (
            type(self),
            (self.game, self.failure_cases, self.source, self.kind),
        )

    @property
    def error_counts(self) -> dict[str, int]:
        """How many problems of each reason code."""
        return self.failure_cases["reason"].value_counts(sort=True).to_dict()

    def summary(self, limit: int = _SHOWN) -> str:
        """A readable summary: counts, then one line per problem (at most ``limit``)."""
        fc = self.failure_cases
        item = fc.columns[1]  # "deal" in a deal log, "seat" in a sheet
        rows = fc.dropna(subset=["row"])["row"].nunique() if "row" in fc else 0
        whole = len(fc) - len(fc.dropna(subset=["row"])) if "row" in fc else 0
        what = _LOG_NAMES.get(self.kind, self.kind)
        where = f" in {self.source}" if self.source else ""
        counted = [f"{rows} {_rows_named(item, rows)}"] if rows else []
        if whole:
            counted.append(f"the whole {what}")
        head = (
            f"{self.game} {what}{where}: {len(fc)} problem"
            f"{'s' if len(fc) != 1 else ''} in {' and '.join(counted) or 'it'}"
        )
        lines = [head]
        for rec in fc.head(limit).to_dict("records"):
            lines.append("  " + describe_failure(rec, item))
        if len(fc) > limit:
            lines.append(f"  ... and {len(fc) - limit} more (see .failure_cases)")
        return "\n".join(lines)


#: What a summary calls each kind of log.
_LOG_NAMES = {"deals": "log", "points": "points log"}


def _rows_named(item: str, n: int) -> str:
    """Rows of a deal log are deals; rows of a sheet are players' rows."""
    name = "deal" if item == "deal" else "player row"
    return name + ("s" if n != 1 else "")


def describe_failure(rec: dict, item: str = "deal") -> str:
    """One problem as a line: ``game 12, deal 7 (line 9): <message>``.

    ``item`` names a row inside its game: ``deal`` in a log, ``seat`` in a sheet.
    """
    parts = []
    if not _missing(rec.get("game_id")):
        parts.append(f"game {rec['game_id']}")
    if not _missing(rec.get(item)):
        parts.append(f"{item} {rec[item]}")
    if not _missing(rec.get("player")):  # a sheet's row: the player it is
        parts.append(f"player {rec['player']}")
    where = (
        ", ".join(parts)
        if parts
        else ("whole sheet" if item == "seat" else "whole log")
    )
    if not _missing(rec.get("cell")):
        where += f" (cell {rec['cell']})"
    elif not _missing(rec.get("line")):
        where += f" (line {int(rec['line'])})"
    return f"{where}: {rec['message']}"


def _missing(value: object) -> bool:
    import pandas as pd

    if value is None:
        return True
    if isinstance(value, str) or not pd.api.types.is_scalar(value):
        return False
    return bool(pd.isna(value))
