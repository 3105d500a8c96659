"""Which text encoding a log file was written in.

UTF-8 (with or without a byte-order mark) is tried first. Failing that, a file
comes from a Windows spreadsheet: Windows-1251 where the players are Russian or
Armenian (belot, preferans), Windows-1252 where they are French (tarot). Both
decode almost any bytes, so the choice is made from what the decoded text looks
like: French names read as Windows-1251 mix Cyrillic letters into Latin words
(``Amйlie``), Russian names read as Windows-1252 become words of accented Latin
letters only (``Àííà``). When neither reading is clearly wrong, the file is
refused and the caller asked to say which it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardscore_frames.errors import LogReadError

__all__ = ["decode", "fallback_of", "FALLBACKS"]

#: The single-byte encodings a file that is not UTF-8 may be in.
FALLBACKS = ("cp1251", "cp1252")
_WORD = re.compile(r"[^\W\d_]+")


def decode(data: bytes, encoding: str | None, label: str) -> tuple[str, str]:
    """The text of ``data`` and the encoding it was read with.

    ``encoding`` forces one; otherwise UTF-8, then Windows-1251 or Windows-1252
    as the text shows.
    """
    if encoding:
        try:
            return data.decode(encoding), encoding
        except (UnicodeDecodeError, LookupError) as exc:
            raise LogReadError(f"{label}: cannot decode as {encoding}: {exc}") from None
    try:
        text = data.decode("utf-8-sig")
        return text, "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
    except UnicodeDecodeError:
        pass
    enc = fallback_of([data], label)
    return data.decode(enc), enc


def fallback_of(values: Iterable[bytes], label: str) -> str:
    """Which of :data:`FALLBACKS` a file that is not UTF-8 is in, judged on its
    ``values``: its whole bytes (:func:`decode`), or its distinct cells and its
    header, as a parser finds them, which give the same verdict, since every
    word of a table lies in one of its cells (its separators, quotes and line
    breaks are no letters). A log repeats a few hundred values a million
    times: each is decoded and looked at once."""
    words = {}
    for enc in FALLBACKS:
        try:
            words[enc] = {w for v in values for w in _WORD.findall(v.decode(enc))}
        except UnicodeDecodeError:
            continue
    return _choose(words, label)


def _choose(words: dict[str, set[str]], label: str) -> str:
    """The one reading whose words are all plausible, where another's are not;
    the only reading there is; else a clear error."""
    wrong = {enc: _implausible(found, enc) for enc, found in words.items()}
    plausible = [enc for enc, n in wrong.items() if n == 0]
    if len(plausible) == 1 and len(wrong) > 1 and max(wrong.values()) > 0:
        return plausible[0]
    if len(words) == 1:
        (enc,) = words
        return enc
    raise LogReadError(
        f"{label}: the file is not UTF-8, and its bytes read as well in "
        "Windows-1251 (Cyrillic) as in Windows-1252 (Western European); pass "
        "encoding='cp1251' or encoding='cp1252' (or save it as UTF-8)"
    )


def _implausible(words: Iterable[str], encoding: str) -> int:
    """Words that this reading makes up: for Windows-1251, Latin words with a
    Cyrillic letter inside; for Windows-1252, words of two or more letters all
    beyond ASCII (Cyrillic bytes read as accented Latin letters). Only whether
    there is one counts, so each distinct word is looked at once."""
    count = 0
    for word in words:
        ascii_letters = sum(ch.isascii() for ch in word)
        if encoding == "cp1251":
            cyrillic = sum("\u0400" <= ch <= "\u04ff" for ch in word)
            count += bool(ascii_letters and cyrillic)
        elif len(word) >= 2 and not ascii_letters:
            count += 1
    return count
