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
    """A log file that cannot be read at all (unknown format, undecodable bytes)."""


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
        ``cell`` (``Sheet!C7`` for Excel input, when known).
    source : str, optional
        Where the log came from, for the summary.
    """

    def __init__(
        self, game: str, failure_cases: pd.DataFrame, source: str | None = None
    ) -> None:
        self.game = game
        self.failure_cases = failure_cases
        self.source = source
        super().__init__(self.summary())

    def summary(self, limit: int = _SHOWN) -> str:
        """A readable summary: counts, then one line per problem (at most ``limit``)."""
        fc = self.failure_cases
        item = fc.columns[1]  # "deal" in a deal log, "seat" in a sheet
        n_items = fc.dropna(subset=[item])[["game_id", item]].drop_duplicates()
        where = f" in {self.source}" if self.source else ""
        head = (
            f"{self.game} log{where}: {len(fc)} problem"
            f"{'s' if len(fc) != 1 else ''} in {len(n_items)} {item}"
            f"{'s' if len(n_items) != 1 else ''}"
        )
        lines = [head]
        for rec in fc.head(limit).to_dict("records"):
            lines.append("  " + describe_failure(rec, item))
        if len(fc) > limit:
            lines.append(f"  ... and {len(fc) - limit} more (see .failure_cases)")
        return "\n".join(lines)


def describe_failure(rec: dict, item: str = "deal") -> str:
    """One problem as a line: ``game 12, deal 7 (line 9): <message>``.

    ``item`` names a row inside its game: ``deal`` in a log, ``seat`` in a sheet.
    """
    parts = []
    if not _missing(rec.get("game_id")):
        parts.append(f"game {rec['game_id']}")
    if not _missing(rec.get(item)):
        parts.append(f"{item} {rec[item]}")
    where = ", ".join(parts) if parts else "whole log"
    if not _missing(rec.get("cell")):
        where += f" (cell {rec['cell']})"
    elif not _missing(rec.get("line")):
        where += f" (line {int(rec['line'])})"
    return f"{where}: {rec['message']}"


def _missing(value: object) -> bool:
    import pandas as pd

    return value is None or (not isinstance(value, str) and bool(pd.isna(value)))
