"""XlsxWriter's worksheet, with formulas prepared quickly and numbers kept exact.

Before storing a formula XlsxWriter runs it through some thirty regular
expressions (then a hundred more for conditional formats and input checks),
each adding the ``_xlfn.`` prefix to one of Excel's newer functions. A score
sheet's formulas use none of those: ``SUM``, ``IF``, ``ROUND``... A season of
fifty thousand deals has hundreds of thousands of them, and these rewrites
that change nothing were most of the time spent writing it.

:class:`QuickWorksheet` gives the very same formula text as XlsxWriter when
every function a formula calls is one of :data:`CLASSIC` (checked with
XlsxWriter's own rewriting when the module is loaded, so that a newer
XlsxWriter that prefixes one of them is still obeyed); any other formula goes
through XlsxWriter's rewriting as before.

XlsxWriter writes a number with 16 significant digits, which gives back the
same double for most numbers but not all (a third of a whist, 46.666666666666664,
comes back as 46.66666666666666). :class:`QuickWorksheet` writes those few with
the 17 digits that always give them back, as Excel does, and every other number
exactly as XlsxWriter does.
"""

from __future__ import annotations

import re
from typing import Any

from xlsxwriter.worksheet import Worksheet

__all__ = ["QuickWorksheet", "CLASSIC"]

#: Functions every spreadsheet has known since Excel 2007, none of them prefixed.
_NAMES = """
ABS AND AVERAGE CEILING CHAR CHOOSE COLUMN COLUMNS COUNT COUNTA COUNTBLANK
COUNTIF COUNTIFS EXACT FIND FLOOR GCD HLOOKUP HYPERLINK IF IFERROR INDEX INT
ISBLANK ISERROR ISEVEN ISNUMBER ISODD ISTEXT LARGE LEFT LEN LOWER MATCH MAX MID
MIN MOD N NOT OR POWER PRODUCT RANK RIGHT ROUND ROUNDDOWN ROUNDUP ROW ROWS
SEARCH SIGN SMALL SUBSTITUTE SUM SUMIF SUMIFS SUMPRODUCT TEXT TRIM TRUNC UPPER
VALUE VLOOKUP
""".split()

#: The word (letters, digits, _ and .) just before each "(" of a formula.
_CALL = re.compile(r"([\w.]*)\(")


def _untouched(name: str) -> bool:
    """Whether XlsxWriter leaves a call of ``name`` as it is, even when asked to
    prefix every newer function."""
    probe = f"{name}(1)"
    return _PLAIN._prepare_formula(probe, True) == probe


_PLAIN = Worksheet()


#: The functions whose calls :class:`QuickWorksheet` passes through as they are.
CLASSIC = frozenset(name for name in _NAMES if _untouched(name))


class QuickWorksheet(Worksheet):
    """A worksheet whose formulas of :data:`CLASSIC` functions skip XlsxWriter's
    rewriting (which would leave them as they are), and whose numbers read back
    as the very doubles written."""

    def _xml_number_element(self, number: Any, attributes: Any = ()) -> None:
        text = f"{number:.16G}"
        if "." in text and float(text) != number:  # whole numbers are exact
            text = f"{number:.17G}"
        attr = "".join(
            f' {key}="{self._escape_attributes(value)}"' for key, value in attributes
        )
        self.fh.write(f"<c{attr}><v>{text}</v></c>")

    def _prepare_formula(
        self, formula: str, expand_future_functions: bool = False
    ) -> Any:
        text = formula
        if text.startswith("{"):
            text = text[1:]
        if text.startswith("="):
            text = text[1:]
        if text.endswith("}"):
            text = text[:-1]
        # A "(" after no word groups; after a word, the whole word (from the
        # last character that is not a letter, digit, _ or .) must be classic.
        if "_xlfn." in text or all(
            not name or name in CLASSIC for name in _CALL.findall(text)
        ):
            return text
        return super()._prepare_formula(formula, expand_future_functions)
