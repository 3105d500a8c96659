"""A workbook written with XlsxWriter and saved atomically.

XlsxWriter writes the file to a hidden temporary path beside the target when
the workbook closes; only then is it moved over the target
(:func:`cardscore_frames.atomic.atomic_path`). An exception inside the
``with`` block, or bad cells found while writing, leave the old file as it was.

The options are fixed where XlsxWriter's defaults are unsafe for untrusted text:
strings are never turned into formulas, numbers or links, and
``constant_memory`` is off (it keeps only the first column of a frame, and
forbids writing rows out of order, which score sheets do).
"""

from __future__ import annotations

import contextlib
import gc
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

import xlsxwriter
from xlsxwriter.exceptions import XlsxWriterException

from cardscore_frames.atomic import atomic_path
from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel.metadata import metadata_json, metadata_properties
from cardscore_frames.excel.problems import CellProblems
from cardscore_frames.excel.refs import METADATA_MARK, METADATA_SHEET, CellRange
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.styles import BASE_FONT, Styles, safe_sheet_name

__all__ = ["Workbook", "LISTS_SHEET", "gc_paused"]

#: The hidden sheet holding drop-down choices too long for an inline list.
LISTS_SHEET = "Lists"
#: Excel's rule for defined names (letters, digits, _ . \\; not a cell address).
_NAME = re.compile(r"^[^\W\d][\w.\\]*$")
_CELL_LIKE = re.compile(r"^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[RrCc])$")

_OPTIONS = {
    "strings_to_formulas": False,
    "strings_to_numbers": False,
    "strings_to_urls": False,
    "constant_memory": False,
    # Parts are assembled in memory, not in a temporary file each (thousands of
    # sheets and charts cost thousands of files otherwise).
    "in_memory": True,
    "default_date_format": "yyyy-mm-dd",
}


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a whole workbook is built
    or read.

    A workbook holds every cell of every sheet in memory until it is saved
    (hundreds of thousands of small objects for a season), and each automatic
    collection walks all of them again: a tenth of the time of a large
    workbook. Reference counting still frees what is dropped; the collector is
    switched back on afterwards (if it was on), also when something fails.

    Examples
    --------
    >>> import gc
    >>> with gc_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


class Workbook:
    """An Excel workbook of score sheets, saved atomically when it closes.

    Parameters
    ----------
    path : str or os.PathLike
        The ``.xlsx`` file to create or replace. Its directory must exist.
    metadata : Mapping, optional
        Machine-readable facts about the content (the game, its rules), saved as
        JSON on a hidden sheet and read back by
        :func:`~cardscore_frames.excel.read_metadata`. May also be set or
        updated through :attr:`metadata` until the workbook closes.
    properties : Mapping, optional
        Document properties (``title``, ``subject``, ``author``...).
    styles : Mapping, optional
        Named styles added to (or replacing) the vocabulary of
        :data:`~cardscore_frames.excel.styles.STYLES`.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "evening.xlsx"
    >>> with Workbook(path, metadata={"game": "example"}) as book:
    ...     sheet = book.add_sheet("Evening 3")
    ...     sheet.write_row(0, 0, ["Anne", "=1+1"], "header")
    ...     sheet.write_formula(1, 0, "=2*21", 42)
    >>> from cardscore_frames.excel import read_metadata, read_sheet
    >>> read_sheet(path, "Evening 3").values.tolist()
    [['Anne', '=1+1'], [42.0, None]]
    >>> read_metadata(path)
    {'game': 'example'}
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        metadata: Mapping[str, Any] | None = None,
        properties: Mapping[str, Any] | None = None,
        styles: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        self.path = Path(path)
        self.metadata: dict[str, Any] = dict(metadata or {})
        self._stack = contextlib.ExitStack()
        try:
            temporary = self._stack.enter_context(atomic_path(self.path))
        except OSError as exc:
            raise WorkbookError(f"cannot write {self.path}: {exc}") from exc
        self._book = xlsxwriter.Workbook(
            str(temporary), {**_OPTIONS, "default_format_properties": dict(BASE_FONT)}
        )
        if properties:
            self._book.set_properties(dict(properties))
        self.styles = Styles(self._book, styles)
        self.sheets: dict[str, Sheet] = {}
        #: The bad cells the sheets have noted, raised together at :meth:`close`.
        self.problems = CellProblems()
        self._lists: Sheet | None = None
        self._list_ranges: dict[tuple[str, ...], CellRange] = {}
        self._expected: list[tuple[str, int, int, str]] = []
        self._closed = False

    def __enter__(self) -> Workbook:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc is None:
            self.close()
        else:
            self.discard(exc)

    # --- sheets --------------------------------------------------------------

    def add_sheet(self, name: str) -> Sheet:
        """Add a worksheet; the name is made safe and unique (see
        :func:`~cardscore_frames.excel.styles.safe_sheet_name`).

        Returns
        -------
        Sheet
            Its :attr:`~Sheet.name` is the name actually given.
        """
        taken = [*self.sheets, LISTS_SHEET, METADATA_SHEET]
        safe = safe_sheet_name(name, taken)
        sheet = Sheet(self, self._book.add_worksheet(safe), safe)
        self.sheets[safe] = sheet
        return sheet

    def sheet(self, name: str) -> Sheet:
        """The sheet called ``name`` (as returned by :meth:`add_sheet`).

        Returns
        -------
        Sheet
        """
        try:
            return self.sheets[name]
        except KeyError:
            raise WorkbookError(
                f"{self.path.name} has no sheet {name!r}; it has "
                f"{', '.join(map(repr, self.sheets)) or 'none'}"
            ) from None

    def define_name(self, name: str, target: CellRange | str) -> None:
        """A workbook-wide name for a range (``Scores``), or for a formula."""
        if not _NAME.match(name) or _CELL_LIKE.match(name) or len(name) > 255:
            raise WorkbookError(
                "a defined name starts with a letter or _, holds letters, digits, _ "
                ". \\ "
                f"only and does not look like a cell; got {name!r}"
            )
        formula = "=" + target.ref() if isinstance(target, CellRange) else target
        if self._book.define_name(name, formula) == -1:
            raise WorkbookError(
                f"XlsxWriter refused the defined name {name!r} = {formula!r}"
            )

    def add_chart(self, options: Mapping[str, Any]) -> Any:
        """A new XlsxWriter chart of this workbook (used by :mod:`.charts`).

        Returns
        -------
        xlsxwriter.chart.Chart
        """
        return self._book.add_chart(dict(options))

    # --- closing ---------------------------------------------------------------

    def close(self) -> Path:
        """Check, finish and save the workbook over :attr:`path`.

        Returns
        -------
        pathlib.Path
            The file written.

        Raises
        ------
        WorkbookError
            Bad cells found while writing (all of them), links to missing sheets,
            metadata that is not JSON; nothing is saved then.
        """
        if self._closed:
            return self.path
        try:
            self._check_links()
            if len(self.problems):
                raise self.problems.error(self.path.name)
            self._write_metadata()
            self._book.close()
        except (XlsxWriterException, OSError) as exc:
            self.discard(exc)
            raise WorkbookError(f"cannot write {self.path}: {exc}") from exc
        except BaseException as exc:
            self.discard(exc)
            raise
        self._closed = True
        self._stack.close()  # moves the finished file over the target
        return self.path

    def discard(self, exc: BaseException | None = None) -> None:
        """Give up: remove the temporary file and leave the target as it was."""
        if self._closed:
            return
        self._closed = True
        failure = exc if exc is not None else WorkbookError("discarded")
        with contextlib.suppress(BaseException):
            self._stack.__exit__(type(failure), failure, failure.__traceback__)

    # --- for the sheets -------------------------------------------------------------

    def list_range(self, choices: list[str]) -> CellRange:
        """The cells of the hidden lists sheet holding ``choices`` (one column each),
        for a drop-down whose choices do not fit inline.

        Returns
        -------
        CellRange
        """
        key = tuple(choices)
        if key not in self._list_ranges:
            if self._lists is None:
                self._lists = Sheet(
                    self,
                    self._book.add_worksheet(LISTS_SHEET),
                    LISTS_SHEET,
                )
                self._lists.worksheet.hide()
            col = len(self._list_ranges)
            self._lists.write_column(0, col, list(choices), fit=False)
            self._list_ranges[key] = CellRange(
                LISTS_SHEET, 0, col, len(choices) - 1, col
            )
        return self._list_ranges[key]

    def expect_sheet(self, sheet: str, row: int, col: int, target: str) -> None:
        """Note that cell ``(row, col)`` of ``sheet`` links to sheet ``target``,
        which must exist when the workbook closes."""
        self._expected.append((sheet, row, col, target))

    # --- inner workings -----------------------------------------------------------

    def _check_links(self) -> None:
        for sheet, row, col, target in self._expected:
            if target not in self.sheets:
                self.problems.add(
                    sheet,
                    row,
                    col,
                    "missing_sheet",
                    f"link to sheet {target!r}, which the workbook does not have "
                    f"(it has {', '.join(map(repr, self.sheets))})",
                )

    def _write_metadata(self) -> None:
        if not self._book.worksheets():
            self.add_sheet("Sheet1")  # Excel needs one visible sheet
        if not self.metadata:
            return
        chunks = metadata_json(self.metadata, where=f"{self.path.name} metadata")
        ws = self._book.add_worksheet(METADATA_SHEET)
        ws.very_hidden()
        ws.write_string(0, 0, METADATA_MARK)
        for offset, chunk in enumerate(chunks, start=1):
            ws.write_string(offset, 0, chunk)
        for name, value in metadata_properties(self.metadata).items():
            self._book.set_custom_property(name, value)
