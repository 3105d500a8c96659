"""The errors of the Dask path: games split across partitions, a partition that
changed after it was checked, and one validation report gathered from every
partition."""

from __future__ import annotations

import pandas as pd

from cardscore_frames.errors import (
    CardscoreError,
    LogValidationError,
    describe_failure,
)

__all__ = ["GamesSplitError", "PartitionChangedError", "PartitionedValidationError"]

_SHOWN = 20


class GamesSplitError(CardscoreError, ValueError):
    """A Dask frame whose games are not each whole in one partition: a running
    total or a settlement computed from part of a game would be silently wrong,
    so such a frame is refused before any per-game work."""


class PartitionChangedError(CardscoreError, RuntimeError):
    """A partition that no longer holds what was checked (a file rewritten
    between the check and the computation): read it again."""


class PartitionedValidationError(LogValidationError):
    """Every problem of every partition of a Dask frame, in one report.

    :attr:`failure_cases` has the columns of a :class:`LogValidationError`
    (``row`` is the 0-based position in the whole dataset, partitions taken in
    order; ``line`` the line in its file) plus ``partition`` (its number) and
    ``file`` (the file it was read from), or for a frame not read from files
    ``index`` (the row's label in the frame's index, which a shuffle keeps).
    It pickles whole, like its base class.
    """

    def summary(self, limit: int = _SHOWN) -> str:
        fc = self.failure_cases
        if "file" not in fc or fc["file"].isna().all():
            return super().summary(limit)
        head = super().summary(0).splitlines()[0]
        item = fc.columns[1]
        lines = [head]
        for rec in fc.head(limit).to_dict("records"):
            where = "" if _blank(rec["file"]) else f"{_name(rec['file'])}: "
            lines.append(f"  {where}{describe_failure(rec, item)}")
        if len(fc) > limit:
            lines.append(f"  ... and {len(fc) - limit} more (see .failure_cases)")
        return "\n".join(lines)


def _name(path: str) -> str:
    """A file as the summary names it: its name (the column keeps the path)."""
    return str(path).replace("\\", "/").rsplit("/", 1)[-1]


def _blank(value: object) -> bool:
    return value is None or (not isinstance(value, str) and bool(pd.isna(value)))
