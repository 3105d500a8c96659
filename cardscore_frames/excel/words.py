"""The words a template's choice column accepts, and the formulas that read them.

A scorekeeper types what the drop-down shows (``G``), or a word the package's
readers accept (``garde``, ``Garde sans``, ``défense``). A template turns each
such cell into its paper code with a lookup table written on its rules sheet:
the typed text is normalised by a formula (:func:`key_formula`: case, the
accents of the games' languages, spaces, hyphens, underscores, dots and commas
do not matter, as for the readers), then looked up. What the table does not hold
gives ``?``, which the sheet reports in words instead of an error value.

:func:`key` does in Python what :func:`key_formula` does in the sheet, and
:func:`code_of` what :func:`code_formula` does, so that a reader checks a
filled template with the very table its formulas use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cardscore_frames.excel.columns import Column
from cardscore_frames.excel.tables import PaperRows

#: A choice column's table: its (key, paper code) rows, and whether its values
#: join with "+".
WordTable = tuple[list[tuple[str, str]], bool]

__all__ = [
    "BLANK",
    "UNKNOWN",
    "MAX_PARTS",
    "key",
    "key_formula",
    "word_rows",
    "code_of",
    "code_formula",
    "word_tables",
    "read_as_typed",
]

#: The code of a blank cell, or of a word meaning "none".
BLANK = "-"
#: The code of a word the table does not hold.
UNKNOWN = "?"
#: Parts a multiple choice may join with ``+`` (``S+D+S``).
MAX_PARTS = 3
#: Lookup wildcards of Excel's VLOOKUP: typed, they are refused, not matched.
_WILDCARDS = ("*", "?", "~")
#: Accented letters a key is written without (a sheet's lookups see accents):
#: the Latin letters of the games' languages, lower case. Not Unicode's whole
#: decomposition, which would also change Cyrillic letters (й -> и).
_ACCENTS = {
    "e": "éèêë",
    "a": "àâäá",
    "i": "îïí",
    "o": "ôöó",
    "u": "ùûüú",
    "c": "ç",
    "y": "ÿ",
    "n": "ñ",
    "е": "ё",
}
#: What a key is written without, as the readers compare values: separators.
_SEPARATORS = (" ", "-", "_", ".", ",")
_PLAIN = str.maketrans({a: base for base, accents in _ACCENTS.items() for a in accents})


def key(text: Any) -> str:
    """The lookup key of a typed value, as :func:`key_formula` computes it.

    Examples
    --------
    >>> key("  Garde  Sans "), key("Défense"), key("petit-au-bout"), key(None)
    ('gardesans', 'defense', 'petitaubout', '')
    >>> key("Без козыря"), key("Сдаёт")
    ('безкозыря', 'сдает')
    """
    if text is None:
        return ""
    if isinstance(text, float) and text.is_integer():
        text = int(text)
    text = str(text).lower().translate(_PLAIN)
    for separator in _SEPARATORS:
        text = text.replace(separator, "")
    return text


def key_formula(ref: str) -> str:
    """The formula of :func:`key` on the cell ``ref``."""
    text = f"LOWER({ref})"
    for base, accents in _ACCENTS.items():
        for accent in accents:
            text = f'SUBSTITUTE({text},"{accent}","{base}")'
    for separator in _SEPARATORS:
        text = f'SUBSTITUTE({text},"{separator}","")'
    return text


def word_rows(
    codes: Mapping[str, str],
    choices: Iterable[str],
    aliases: Mapping[str, str] = {},  # noqa: B006 (read only)
    extra: Mapping[str, str] = {},  # noqa: B006 (read only)
) -> list[tuple[str, str]]:
    """The lookup table of one choice column: (key, paper code) rows.

    ``codes``: log value -> paper code (a value without one is its own code,
    an empty code is :data:`BLANK`); ``choices``: the values the column takes;
    ``aliases``: other words -> a log value (a schema's ``value_aliases``);
    ``extra``: other paper texts -> a log value. Keys are written without
    accents (:func:`key`), as the formula reads what is typed.
    """
    choices = list(choices)
    shown = {value: codes.get(value, value) or BLANK for value in choices}
    words: dict[str, str] = {}
    for value, code in shown.items():
        for word in (code, value):
            if word != BLANK:
                words.setdefault(key(word), code)
    for table in (aliases, extra):
        for word, value in table.items():
            if value in shown:
                words.setdefault(key(word), shown[value])
    words.pop("", None)  # a blank cell is blank, not a word
    return sorted(words.items())


def code_of(value: Any, rows: Sequence[tuple[str, str]], multi: bool = False) -> str:
    """The code a template's formula gives the typed ``value``: a paper code,
    :data:`BLANK`, or :data:`UNKNOWN`; parts joined by ``+`` when ``multi``."""
    table = dict(rows)
    text = key(value)
    if text == "":
        return BLANK
    parts = text.split("+") if multi else [text]
    if len(parts) > MAX_PARTS:
        return UNKNOWN
    out = []
    for part in parts:
        if part == "" or any(w in part for w in _WILDCARDS) or part not in table:
            return UNKNOWN
        out.append(table[part])
    return "+".join(out)


def code_formula(key_ref: str, name: str, multi: bool = False) -> str:
    """The formula of :func:`code_of`, on a cell holding the key (``key_ref``)
    and the lookup table named ``name``."""
    if not multi:
        return f'IF({key_ref}="","{BLANK}",{_lookup(key_ref, name)})'
    width = 60
    spread = f'SUBSTITUTE({key_ref},"+",REPT(" ",{width}))'
    count = f'(LEN({key_ref})-LEN(SUBSTITUTE({key_ref},"+","")))'
    pieces = []
    for i in range(MAX_PARTS):
        part = f"TRIM(MID({spread},{i * width + 1},{width}))"
        found = _lookup(part, name)
        pieces.append(found if i == 0 else f'IF({count}<{i},"","+"&{found})')
    joined = "&".join(pieces)
    unknown = f'"{UNKNOWN}"'
    return (
        f'IF({key_ref}="","{BLANK}",IF({count}>{MAX_PARTS - 1},{unknown},'
        f'IF(ISNUMBER(FIND("{UNKNOWN}",{joined})),{unknown},{joined})))'
    )


def _lookup(text: str, name: str) -> str:
    """``text``'s code in the table ``name``, or ``?`` (wildcards refused)."""
    wild = ",".join(f'ISNUMBER(FIND("{w}",{text}))' for w in _WILDCARDS)
    return (
        f'IF(OR({text}="",{wild}),"{UNKNOWN}",'
        f'IFERROR(VLOOKUP({text},{name},2,FALSE),"{UNKNOWN}"))'
    )


def word_tables(
    columns: Iterable[Column],
    field: Callable[[str], Any],
    keep: Callable[[str, str], bool] = lambda column, value: True,
) -> dict[str, WordTable]:
    """The lookup table of each coded column: its codes and aliases, and the
    choices and ``value_aliases`` of the log field it holds (``field(name)``
    gives the schema's field). ``keep(column, value)``: whether the template's
    rules score that value."""
    out = {}
    for column in columns:
        if column.codes is None or column.field is None:
            continue
        f = field(column.field)
        choices = [c for c in f.choices if keep(column.field, c)]
        rows = word_rows(column.codes, choices, f.value_aliases, column.aliases or {})
        out[column.field] = (rows, column.multi)
    return out


def read_as_typed(rows: PaperRows, tables: Mapping[str, WordTable]) -> None:
    """A filled template's choices as its formulas read them: each word its
    table holds becomes its paper code (``garde`` -> ``G``); a word it does
    not hold stays as typed, so that the log's checks report its cell."""
    for name, (words, multi) in tables.items():
        values = rows.data.get(name)
        if values is None or name not in rows.letters:
            continue
        seen: dict[Any, Any] = {}
        out = []
        for value in values:
            if value not in seen:
                seen[value] = _read_code(value, words, multi)
            out.append(seen[value])
        rows.data[name] = out


def _read_code(value: Any, words: Sequence[tuple[str, str]], multi: bool) -> Any:
    if not isinstance(value, str):
        return value
    code = code_of(value, words, multi)
    if code == UNKNOWN:
        return value
    kept = [part for part in code.split("+") if part != BLANK]
    return "+".join(kept) if kept else None
