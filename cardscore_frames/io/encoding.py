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

from cardscore_frames.errors import LogReadError

__all__ = ["decode", "FALLBACKS"]

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
    readings = {}
    for enc in FALLBACKS:
        try:
            readings[enc] = data.decode(enc)
        except UnicodeDecodeError:
            continue
    wrong = {enc: _implausible(text, enc) for enc, text in readings.items()}
    plausible = [enc for enc, n in wrong.items() if n == 0]
    if len(plausible) == 1 and len(wrong) > 1 and max(wrong.values()) > 0:
        return readings[plausible[0]], plausible[0]
    if len(readings) == 1:
        (enc,) = readings
        return readings[enc], enc
    raise LogReadError(
        f"{label}: the file is not UTF-8, and its bytes read as well in "
        "Windows-1251 (Cyrillic) as in Windows-1252 (Western European); pass "
        "encoding='cp1251' or encoding='cp1252' (or save it as UTF-8)"
    )


def _implausible(text: str, encoding: str) -> int:
    """Words that this reading makes up: for Windows-1251, Latin words with a
    Cyrillic letter inside; for Windows-1252, words of two or more letters all
    beyond ASCII (Cyrillic bytes read as accented Latin letters)."""
    count = 0
    for word in _WORD.findall(text):
        ascii_letters = sum(ch.isascii() for ch in word)
        if encoding == "cp1251":
            cyrillic = sum("\u0400" <= ch <= "\u04ff" for ch in word)
            count += bool(ascii_letters and cyrillic)
        elif len(word) >= 2 and not ascii_letters:
            count += 1
    return count
