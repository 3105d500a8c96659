"""The look of score sheets: named styles, safe sheet names, widths that fit.

A score sheet uses a few recurring looks (a title, a grey header, boxed body
cells, signed scores with negatives in red, a bold running total). They are
named here once, as XlsxWriter format properties, so that every game's sheet
says ``style="signed"`` instead of repeating number formats and borders. A cell
may combine names (``("body", "signed", "cumul")``; later names win), and each
combination becomes one XlsxWriter format, created once per workbook.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

from xlsxwriter.format import Format

from cardscore_frames.errors import WorkbookError

__all__ = [
    "STYLES",
    "BASE_FONT",
    "Style",
    "Styles",
    "combine_styles",
    "safe_sheet_name",
    "text_width",
    "fit_width",
]

#: What a ``style=`` argument may be: a name, several names, raw XlsxWriter
#: properties, a ready Format, or None for Excel's default look.
Style: TypeAlias = str | Sequence[str] | Mapping[str, Any] | Format | None

#: The workbook's default font. Arial (Liberation Sans in LibreOffice has the same
#: metrics) is on every desktop and has Cyrillic and accented letters; Calibri
#: is missing outside Microsoft Office, so sheets would print with other widths.
BASE_FONT = {"font_name": "Arial", "font_size": 10}

_THIN, _MEDIUM, _THICK = 1, 2, 5  # XlsxWriter border indices

#: The style vocabulary, as XlsxWriter format properties.
STYLES: dict[str, dict[str, Any]] = {
    # Text blocks
    "title": {"bold": True, "font_size": 14},
    "subtitle": {"italic": True, "font_color": "#595959"},
    "header": {
        "bold": True,
        "align": "center",
        "valign": "vcenter",
        "text_wrap": True,
        "border": _THIN,
        "bg_color": "#D9D9D9",
    },
    "subheader": {
        "bold": True,
        "align": "center",
        "valign": "vcenter",
        "border": _THIN,
        "bg_color": "#F2F2F2",
        "font_size": 9,
    },
    "body": {"border": _THIN, "valign": "vcenter"},
    # Numbers and dates
    "integer": {"num_format": "0"},
    "signed": {"num_format": "+0;[Red]-0;0"},
    "money": {"num_format": "0.00"},
    "signed_money": {"num_format": "+0.00;[Red]-0.00;0.00"},
    "percent": {"num_format": "0.0%"},
    "date": {"num_format": "yyyy-mm-dd"},
    "datetime": {"num_format": "yyyy-mm-dd hh:mm"},
    "time": {"num_format": "hh:mm:ss"},
    "duration": {"num_format": "[h]:mm:ss"},
    # Emphasis
    "bold": {"bold": True},
    "italic": {"italic": True},
    "small": {"font_size": 8},
    "total": {"bold": True, "top": _MEDIUM},
    "cumul": {"bold": True},
    "grey": {"font_color": "#7F7F7F", "bg_color": "#EDEDED"},  # sitting out
    "check": {"italic": True, "font_color": "#7F7F7F", "align": "center"},
    "flag": {"bold": True, "font_color": "#9C0006", "bg_color": "#FFC7CE"},
    "link": {"font_color": "#0563C1", "underline": 1},
    # Borders
    "box": {"border": _THIN},
    "box_medium": {"border": _MEDIUM},
    "box_thick": {"border": _THICK},
    "band_top": {"bottom": 0},  # a heading's upper half: no line below it
    "band_bottom": {"top": 0, "valign": "bottom"},  # ...and its lower half
    "rule_top": {"top": _MEDIUM},
    "rule_bottom": {"bottom": _MEDIUM},
    "rule_bottom_thick": {"bottom": _THICK},
    "diagonal_up": {"diag_type": 1, "diag_border": _THIN},
    "diagonal_down": {"diag_type": 2, "diag_border": _THIN},
    "diagonal_both": {"diag_type": 3, "diag_border": _THIN},
    # Alignment
    "centre": {"align": "center", "valign": "vcenter"},
    "left": {"align": "left"},
    "right": {"align": "right"},
    "wrap": {"text_wrap": True, "valign": "top"},
}


class Styles:
    """The formats of one workbook, created on first use and then reused.

    Parameters
    ----------
    book : xlsxwriter.Workbook
        The workbook whose formats these are (formats cannot be shared).
    vocabulary : Mapping, optional
        Extra or replaced named styles, merged over :data:`STYLES`.
    """

    def __init__(
        self, book: Any, vocabulary: Mapping[str, Mapping] | None = None
    ) -> None:
        self._book = book
        self._names: dict[str, dict[str, Any]] = {k: dict(v) for k, v in STYLES.items()}
        self._names.update({k: dict(v) for k, v in (vocabulary or {}).items()})
        self._cache: dict[tuple, Format] = {}
        self._by_name: dict[tuple[str, ...], Format] = {}
        self._conditional: dict[tuple, Format] = {}
        #: A sheet's formats by (style, kind of value, quoted), for names only;
        #: and ("width", style): whether it wraps and how it scales text widths.
        self.by_use: dict[tuple, Any] = {}

    @property
    def names(self) -> list[str]:
        """The style names this workbook knows.

        Returns
        -------
        list of str
        """
        return sorted(self._names)

    def register(self, name: str, properties: Mapping[str, Any]) -> None:
        """Add or replace a named style (a game's own look, say ``closed_pool``)."""
        self._names[name] = dict(properties)
        self._by_name.clear()
        self.by_use.clear()

    def properties(self, style: Style, **extra: Any) -> dict[str, Any]:
        """The merged XlsxWriter properties of ``style`` plus ``extra``.

        Returns
        -------
        dict
            Later names win; ``extra`` wins over all.
        """
        if style is None:
            merged: dict[str, Any] = {}
        elif isinstance(style, str):
            merged = dict(self._named(style))
        elif isinstance(style, Mapping):
            merged = dict(style)
        elif isinstance(style, Format):
            raise WorkbookError("a ready Format has no properties to merge; use names")
        else:
            merged = {}
            for name in style:
                merged.update(self._named(name))
        merged.update(extra)
        return merged

    def format(self, style: Style, **extra: Any) -> Format | None:
        """The one Format of this workbook for ``style`` plus ``extra`` properties.

        Returns
        -------
        xlsxwriter.format.Format or None
            None when nothing is asked (Excel's default look). A ready Format
            is returned as it is, ``extra`` then ignored.
        """
        if isinstance(style, Format):
            return style
        if style is None and not extra:
            return None
        named = style if not extra and style.__class__ in (str, tuple) else None
        if named is not None:
            found = self._by_name.get(named)  # a combination of names seen before
            if found is not None:
                return found
        props = self.properties(style, **extra)
        key = tuple(sorted((k, _hashable(v)) for k, v in props.items()))
        if key not in self._cache:
            self._cache[key] = self._book.add_format(props)
        if named is not None:
            self._by_name[named] = self._cache[key]
        return self._cache[key]

    def conditional(self, style: Style) -> Format:
        """A Format for conditional formatting (kept apart from cell formats,
        which Excel stores in another table).

        Returns
        -------
        xlsxwriter.format.Format
        """
        if isinstance(style, Format):
            return style
        props = self.properties(style)
        key = tuple(sorted((k, _hashable(v)) for k, v in props.items()))
        if key not in self._conditional:
            self._conditional[key] = self._book.add_format(props)
        return self._conditional[key]

    def _named(self, name: str) -> dict[str, Any]:
        try:
            return self._names[name]
        except KeyError:
            raise WorkbookError(
                f"style must be one of {', '.join(self.names)}; got {name!r}"
            ) from None


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def combine_styles(base: Style, extra: Style) -> Style:
    """``extra`` over ``base``: names add up, anything else replaces.

    Returns
    -------
    Style
        ``("body", "signed")`` for ``"body"`` and ``"signed"``; ``extra`` itself
        when either is a dict of properties or a Format.

    Examples
    --------
    >>> combine_styles("body", ("signed", "cumul")), combine_styles("body", None)
    (('body', 'signed', 'cumul'), 'body')
    """
    if extra is None:
        return base
    if _names(base) is not None and _names(extra) is not None:
        return (*_names(base), *_names(extra))
    return extra


def _names(style: Style) -> tuple[str, ...] | None:
    if style is None:
        return ()
    if isinstance(style, str):
        return (style,)
    if isinstance(style, list | tuple) and all(isinstance(s, str) for s in style):
        return tuple(style)
    return None


# --- sheet names -----------------------------------------------------------

_FORBIDDEN = str.maketrans(
    {"/": "-", "\\": "-", ":": ".", "?": "_", "*": "_", "[": "(", "]": ")"}
)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_MAX_SHEET_NAME = 31
#: Excel keeps this name for its change history.
_RESERVED = {"history"}


def safe_sheet_name(name: str, taken: Iterable[str] = ()) -> str:
    """A sheet name Excel accepts, unique among ``taken`` (ignoring case).

    Forbidden characters ``[]:*?/\\`` become look-alikes (``/`` → ``-``,
    ``:`` → ``.``, ``[`` → ``(``), control characters and outer apostrophes
    and spaces go, the name is cut to 31 characters (Excel counts UTF-16 units)
    and a clash gets `` (2)``, `` (3)``... Cyrillic and accented letters stay.

    Returns
    -------
    str

    Examples
    --------
    >>> safe_sheet_name("Evening 2024/03/01: table [1]?")
    'Evening 2024-03-01. table (1)_'
    >>> safe_sheet_name("Зоя", taken=["зоя"])
    'Зоя (2)'
    >>> safe_sheet_name("'Élodie'"), safe_sheet_name("")
    ('Élodie', 'Sheet')
    """
    clean = _CONTROL.sub("", str(name).translate(_FORBIDDEN)).strip(" '")
    clean = _cut_utf16(clean, _MAX_SHEET_NAME).rstrip(" '") or "Sheet"
    used = {t.lower() for t in taken} | _RESERVED
    candidate, n = clean, 1
    while candidate.lower() in used:
        n += 1
        tail = f" ({n})"
        candidate = _cut_utf16(clean, _MAX_SHEET_NAME - len(tail)).rstrip(" '") + tail
    return candidate


def _cut_utf16(text: str, units: int) -> str:
    """Cut ``text`` to at most ``units`` UTF-16 code units, never inside a character."""
    out, used = [], 0
    for ch in text:
        size = 2 if ord(ch) > 0xFFFF else 1
        if used + size > units:
            break
        out.append(ch)
        used += size
    return "".join(out)


# --- widths ------------------------------------------------------------------


def text_width(text: str) -> int:
    """Width of ``text`` in Excel character units (its longest line).

    East Asian wide and full-width characters count 2, combining marks 0,
    everything else 1, which is how column widths are measured.

    Returns
    -------
    int

    Examples
    --------
    >>> text_width("Élodie"), text_width("Зоя"), text_width("東京")
    (6, 3, 4)
    >>> text_width("two\\nlines")
    5
    """
    if text.isascii():
        return max(len(line) for line in text.split("\n"))
    return max(_line_width(line) for line in text.split("\n"))


def _line_width(line: str) -> int:
    width = 0
    for ch in line:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def fit_width(
    content: float, *, minimum: float = 4, maximum: float = 60, padding: float = 2
) -> float:
    """A column width for content ``content`` characters wide.

    Returns
    -------
    float
        ``content + padding``, kept between ``minimum`` and ``maximum``.

    Examples
    --------
    >>> fit_width(0), fit_width(10), fit_width(500)
    (4, 12, 60)
    """
    return max(minimum, min(maximum, content + padding))
