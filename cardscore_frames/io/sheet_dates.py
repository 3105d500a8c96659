"""The date a sheet's name gives: a workbook of one sheet per evening names each
sheet by its date, usually without the year (``2 SEPTEMBRE``, ``14.11``,
``12 ноября``, ``Oct 5``); the season the workbook holds gives the year.
"""

from __future__ import annotations

import datetime as dt
import re

from cardscore_frames.checking.schema import fold_accents

__all__ = ["evening_date", "MONTHS", "SEASON_START"]

#: Month names and their shortenings, as clubs write them in French, English,
#: Russian (with the genitive of "12 ноября") and Armenian (with the genitive
#: "սեպտեմբերի"); compared in lower case, accents aside.
MONTHS = {
    1: "janvier janv january jan январь января янв հունվար հունվարի",
    2: "février fevr fev february feb февраль февраля фев փետրվար փետրվարի",
    3: "mars march mar март марта мар մարտ մարտի",
    4: "avril avr april apr апрель апреля апр ապրիլ ապրիլի",
    5: "mai may май мая մայիս մայիսի",
    6: "juin june jun июнь июня июн հունիս հունիսի",
    7: "juillet juil july jul июль июля июл հուլիս հուլիսի",
    8: "août aout august aug август августа авг օգոստոս օգոստոսի",
    9: "septembre sept september sep сентябрь сентября сент сен սեպտեմբեր սեպտեմբերի",
    10: "octobre oct october октябрь октября окт հոկտեմբեր հոկտեմբերի",
    11: "novembre nov november ноябрь ноября нояб ноя նոյեմբեր նոյեմբերի",
    12: "décembre dec december декабрь декабря дек դեկտեմբեր դեկտեմբերի",
}
_MONTH_OF = {
    fold_accents(word).casefold(): month
    for month, words in MONTHS.items()
    for word in words.split()
}
_ISO = re.compile(r"(?<!\d)(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?!\d)")
_DAY_MONTH = re.compile(r"(?<!\d)(\d{1,2})[./-](\d{1,2})(?:[./-](\d{4}|\d{2}))?(?!\d)")
_SEASON = re.compile(r"(?<!\d)(\d{4})(?:\s*[-/–]\s*(\d{4}|\d{2}))?(?!\d)")
#: The first month of a season that spans two years (September: a club season
#: runs September to August); earlier months are in its second year.
SEASON_START = 9


def evening_date(sheet_name: str, season: str | None) -> dt.date | None:
    """The evening a sheet's name gives (one sheet per evening), or None.

    Parameters
    ----------
    sheet_name : str
        ``2 SEPTEMBRE``, ``14.11``, ``12 ноября``, ``Oct 5``, ``2025-09-02``,
        ``Mardi 2 septembre``, ``3 սեպտեմբերի``: a day and a month (a name, in
        French, English, Russian or Armenian, or a number after a dot), with
        or without a year.
    season : str or None
        The season the workbook holds: ``"2025-26"`` (September to December
        in 2025, January to August in 2026) or ``"2026"`` (all of it in 2026);
        it gives the year a sheet's name leaves out.

    Returns
    -------
    datetime.date or None
        None for a name that is no date (``Modèle``, ``Membres``,
        ``Template``), for a day the month has not (``31.11``), and for a name
        without a year when ``season`` gives none.

    Examples
    --------
    >>> evening_date("2 SEPTEMBRE", "2025-26"), evening_date("14.01", "2025-26")
    (datetime.date(2025, 9, 2), datetime.date(2026, 1, 14))
    >>> evening_date("12 ноября", "2026"), evening_date("Modèle", "2025-26")
    (datetime.date(2026, 11, 12), None)
    """
    text = fold_accents(str(sheet_name)).casefold()
    found = _ISO.search(text)
    if found is not None:
        year, month, day = map(int, found.groups())
        return _date(year, month, day)
    day_month = _named_month(text)
    if day_month is None:
        found = _DAY_MONTH.search(text)
        if found is None:
            return None
        day, month, year = int(found[1]), int(found[2]), _year(found[3])
    else:
        day, month, year = day_month
    year = year if year is not None else _season_year(season, month)
    return None if year is None else _date(year, month, day)


def _named_month(text: str) -> tuple[int, int, int | None] | None:
    """(day, month, year or None) of a name with its month in words: one month
    word, one day number (1 or 2 digits) and at most one year (4 digits)."""
    words = re.findall(r"[^\W\d_]+", text)
    months = {_MONTH_OF[w] for w in words if w in _MONTH_OF}
    numbers = re.findall(r"\d+", text)
    days = [int(n) for n in numbers if len(n) <= 2]
    years = [int(n) for n in numbers if len(n) == 4]
    if len(months) != 1 or len(days) != 1 or len(years) > 1:
        return None
    return days[0], months.pop(), years[0] if years else None


def _year(text: str | None) -> int | None:
    """A year as written after a day and month: ``2025``, or ``25`` (2025)."""
    if text is None:
        return None
    return int(text) + (2000 if len(text) == 2 else 0)


def _season_year(season: str | None, month: int) -> int | None:
    """The year of ``month`` in ``season`` (``2025-26``, ``2025/2026``, ``2026``)."""
    found = _SEASON.search(str(season)) if season is not None else None
    if found is None:
        return None
    first = int(found[1])
    if found[2] is None:
        return first
    return first if month >= SEASON_START else first + 1


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:  # 31 November, month 13
        return None
