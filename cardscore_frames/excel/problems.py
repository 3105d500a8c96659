"""Bad cells of a whole workbook, gathered while it is written and raised once.

A workbook with one unprintable name usually has a dozen: the writer notes each
bad cell (with its sheet and address) and goes on, and closing the workbook
raises one :class:`~cardscore_frames.errors.WorkbookError` that names them all,
before anything is saved over the old file.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from cardscore_frames.errors import FAILURE_COLUMNS, WorkbookError
from cardscore_frames.excel.refs import cell_ref

__all__ = ["CellProblems"]

_SHOWN = 20
_VALUE_SHOWN = 40


class CellProblems:
    """The bad cells found so far in one workbook."""

    def __init__(self) -> None:
        self._records: list[dict[str, Any]] = []

    def __len__(self) -> int:
        return len(self._records)

    def add(
        self,
        sheet: str,
        row: int,
        col: int,
        reason: str,
        message: str,
        value: Any = None,
        *,
        column: str | None = None,
        frame_row: int | None = None,
    ) -> None:
        """Note one bad cell: ``sheet!B7``, why (a reason code and a sentence)."""
        self._records.append(
            {
                "game_id": None,
                "deal": None,
                "column": column,
                "value": _shown(value),
                "reason": reason,
                "message": message,
                "row": frame_row,
                "line": None,
                "cell": f"{sheet}!{cell_ref(row, col)}",
            }
        )

    def error(self, path: object) -> WorkbookError:
        """One error naming every bad cell, with a ``failure_cases`` frame.

        Returns
        -------
        WorkbookError
            Its message is a count then one line per cell (``Evening 3!F14:
            text has a control character U+0007 ...``); ``failure_cases`` has
            the columns of :data:`~cardscore_frames.errors.FAILURE_COLUMNS`:
            ``column`` (frame column, when written from a frame), ``value``
            (shortened), ``reason`` (``control_character``, ``text_too_long``,
            ``not_finite``, ``number_too_large``, ``timezone``, ``date_range``,
            ``unsupported_type``, ``missing_sheet``), ``message``, ``row``
            (position in the frame written) and ``cell`` (``Sheet!B7``).
        """
        records = self._records
        head = (
            f"cannot write {path}: {len(records)} cell"
            f"{'s' if len(records) != 1 else ''} cannot hold "
            f"{'their values' if len(records) != 1 else 'its value'}; nothing was saved"
        )
        lines = [head] + [f"  {r['cell']}: {r['message']}" for r in records[:_SHOWN]]
        if len(records) > _SHOWN:
            lines.append(f"  ... and {len(records) - _SHOWN} more (see .failure_cases)")
        err = WorkbookError("\n".join(lines))
        err.failure_cases = pd.DataFrame(records, columns=list(FAILURE_COLUMNS))
        return err


def _shown(value: Any) -> Any:
    """A short, printable stand-in for a value too long or too odd to keep."""
    if isinstance(value, str):
        if len(value) > _VALUE_SHOWN:
            return repr(value[:_VALUE_SHOWN]) + f"... ({len(value):,} characters)"
        return repr(value)
    return value if value is None or isinstance(value, int | float) else repr(value)
