"""The league table as a styled table for Jupyter (pandas Styler).

Every text cell is HTML-escaped (``format(escape="html")``): a player named
``<img src=x onerror=alert(1)>`` shows as that text, never as markup.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from cardscore_frames.errors import CardscoreError
from cardscore_frames.season.ratings import INSTALL_HINT

__all__ = ["style"]

_INTEGER = ("rank", "games", "deals", "wins", "losses", "longest_streak", "positive")
_PERCENT = ("win_rate",)


def style(table: pd.DataFrame, *, precision: int = 1) -> Any:
    """A league table (:func:`~cardscore_frames.season.standings`) styled for a
    notebook: the leaders in bold, players below ``min_games`` greyed, numbers
    formatted, every text escaped.

    Parameters
    ----------
    table : pandas.DataFrame
        A standings table (other frames are styled with the same rules for the
        columns they share).
    precision : int
        Decimals of scores and means.

    Returns
    -------
    pandas.io.formats.style.Styler
        Render with ``.to_html()``, or let Jupyter show it.

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({"rank": [1], "player": ["<b>Anne</b>"], "total": [3.0]})
    >>> "&lt;b&gt;Anne&lt;/b&gt;" in style(table).to_html()
    True
    """
    formats: dict[str, Any] = {}
    for column in table.columns:
        if column in _INTEGER:
            formats[column] = "{:.0f}"
        elif column in _PERCENT:
            formats[column] = "{:.0%}"
        elif pd.api.types.is_float_dtype(table[column]):
            formats[column] = f"{{:.{precision}f}}"
    try:
        styler = table.style.format(formats, escape="html", na_rep="")
    except ImportError:  # pragma: no cover - pandas' Styler needs jinja2
        raise CardscoreError(
            f"a styled table needs jinja2 (pandas' Styler): {INSTALL_HINT}"
        ) from None
    styler = styler.format_index(escape="html", axis=1).hide(axis="index")
    if "rank" in table:
        bold = table["rank"].to_numpy() == 1
        styler = styler.apply(
            lambda _: ["font-weight: bold" if b else "" for b in bold], axis=0
        )
    if "below_min_games" in table:
        grey = table["below_min_games"].to_numpy(dtype=bool)
        styler = styler.apply(
            lambda _: ["color: #8c8c8c" if g else "" for g in grey], axis=0
        )
    return styler.set_table_styles(
        [
            {
                "selector": "th",
                "props": "background-color: #d9d9d9; text-align: center",
            },
            {"selector": "td", "props": "padding: 2px 8px"},
        ]
    )
