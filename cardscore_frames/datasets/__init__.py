"""The bundled example logs, installed with the package.

Three kinds of example: one season per game (``tarot``, ``belot``,
``preferans``, ``preferans_sheets``); a club league over two seasons whose
members play all three games (``league_*``: the Cercle des Trois Jeux, made by
``scripts/make_league.py``); and deliberately broken logs (``broken_*``) that
show the problem reports a scorekeeper's slips produce, one of them a league
table's Excel score sheet typed into the package's blank template
(``broken_score_sheet``), whose report names each slip's cell.

>>> import cardscore_frames as csf
>>> "tarot" in csf.list_examples()
True
>>> len(csf.load_example("belot")) > 0
True
>>> tarot = csf.load_example("league_tarot")
>>> sorted(tarot["season"].unique())
['2024-25', '2025-26']
>>> from cardscore_frames.datasets import example_path
>>> sheet = example_path("broken_score_sheet")
>>> try:
...     csf.read_excel(sheet, game="tarot")
... except csf.LogValidationError as err:
...     print(err.failure_cases[["deal", "column", "reason", "cell"]])
  deal       column        reason                   cell
0    6     contract   not_allowed  Feuille de marque!D11
1   16  card_points  out_of_range  Feuille de marque!G21
2   17        taker    not_seated  Feuille de marque!C22
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pandas as pd

from cardscore_frames.errors import UnknownGameError
from cardscore_frames.games.base import suggest

__all__ = ["EXAMPLES", "list_examples", "load_example", "example_path"]

_LEAGUE = "the Cercle des Trois Jeux club league, seasons 2024-25 and 2025-26"

#: Each example: its file (relative to the bundled ``data`` folder), the game and
#: log kind it is, and what it holds. The files of ``broken_*`` examples have
#: deliberate problems: :func:`load_example` raises the error they produce.
EXAMPLES: dict[str, tuple[str, str, str, str]] = {
    "tarot": (
        "tarot_season.csv",
        "tarot",
        "deals",
        "a tarot club's season: 568 deals in 33 games at 4 and 5 players",
    ),
    "belot": (
        "belot_season.csv",
        "belot",
        "deals",
        "a Bazar-Belot club's season: 300 deals in 22 matches to 301",
    ),
    "preferans": (
        "preferans_season.csv",
        "preferans",
        "deals",
        "a preferans club's autumn: 791 deals in 25 pools of 3 and 4 players",
    ),
    "preferans_sheets": (
        "preferans_sheets.csv",
        "preferans",
        "sheet",
        "end-of-game sheets as kept on paper, the seed's example first",
    ),
    "league_tarot": (
        "league/tarot.csv",
        "tarot",
        "deals",
        f"{_LEAGUE}: 3,208 tarot deals in 172 games at tables of 3, 4 and 5 "
        "(at some 5-seat tables the dealer sits out)",
    ),
    "league_belot": (
        "league/belot.csv",
        "belot",
        "deals",
        f"{_LEAGUE}: 2,770 Bazar-Belot deals in 198 matches to 301 between "
        "changing pairs",
    ),
    "league_preferans": (
        "league/preferans.csv",
        "preferans",
        "deals",
        f"{_LEAGUE}: 3,010 preferans deals in 98 Sochi pools of 3 and 4 players",
    ),
    "league_preferans_sheets": (
        "league/preferans_sheets.csv",
        "preferans",
        "sheet",
        f"{_LEAGUE}: the paper end-of-game sheets of the 98 preferans pools, at "
        "0.10 a whist (they settle to the deal log's results)",
    ),
    "broken_tarot": (
        "broken/tarot_typos.csv",
        "tarot",
        "deals",
        "broken on purpose: a league tarot evening with 3 slips (contract 'gard', "
        "card points impossible with 0 oudlers, a taker from another table)",
    ),
    "broken_belot": (
        "broken/belot_after_end.csv",
        "belot",
        "deals",
        "broken on purpose: a league belot table whose first match has a deal "
        "written after the match was decided",
    ),
    "broken_preferans": (
        "broken/preferans_typos.csv",
        "preferans",
        "deals",
        "broken on purpose: a league preferans pool with 2 slips (tricks adding "
        "up to 11, a half-whist on an eight)",
    ),
    "broken_score_sheet": (
        "league/score_sheet.xlsx",
        "tarot",
        "deals",
        "broken on purpose: a league tarot table's Excel score sheet, the "
        "package's blank template as its scorekeeper filled it in paper codes, "
        "with 3 slips (contract 'gard', 555 card points, a taker from another "
        "table)",
    ),
}


def list_examples() -> dict[str, str]:
    """Every example's name and what it holds.

    Returns
    -------
    dict of str to str
        Example name -> description, in the order of :data:`EXAMPLES`; the
        descriptions of broken examples begin with ``broken on purpose``.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> csf.list_examples()["league_belot"]
    'the Cercle des Trois Jeux club league, ...: 2,770 Bazar-Belot deals in 198 matches to 301 between changing pairs'
    """  # noqa: E501
    return {name: doc for name, (_, _, _, doc) in EXAMPLES.items()}


def example_path(name: str) -> Path:
    """Where an example's file is installed.

    Raises
    ------
    UnknownGameError
        ``name`` is not an example (the message suggests the nearest one).
    """
    if name not in EXAMPLES:
        raise UnknownGameError(
            f"example must be one of {', '.join(EXAMPLES)}; got {name!r}"
            f"{suggest(name, EXAMPLES)}"
        )
    ref = resources.files(__name__).joinpath("data", *EXAMPLES[name][0].split("/"))
    return Path(str(ref))


def load_example(name: str, *, validate: bool = True) -> pd.DataFrame:
    """An example log, read and validated as :func:`cardscore_frames.read_log`
    reads it.

    Parameters
    ----------
    name : str
        One of :func:`list_examples`.
    validate : bool
        ``False``: the raw file, every cell as text (blank cells NaN), as
        :func:`~cardscore_frames.read_log` sees it before checking; the way to
        open a ``broken_*`` example. A workbook gives the cells of its table
        as typed (numbers as numbers, paper codes read back into log values).

    Returns
    -------
    pandas.DataFrame
        The typed log (its game's columns first, the frame knowing its game and
        kind, ``frame.cardscore``), or the raw cells.

    Raises
    ------
    LogValidationError
        For a ``broken_*`` example validated: the report of every problem in it,
        exactly what a user reading that file with ``read_log`` sees.
    UnknownGameError
        ``name`` is not an example.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> sheets = csf.load_example("league_preferans_sheets")
    >>> sheets.cardscore.kind, sheets["game_id"].nunique()
    ('sheet', 98)
    >>> try:
    ...     csf.load_example("broken_tarot")
    ... except csf.LogValidationError as err:
    ...     print(err.failure_cases[["game_id", "deal", "column", "reason"]])
             game_id deal       column             reason
    0  2024-09-13/T1    2  card_points  points_vs_oudlers
    1  2024-09-13/T1    4     contract        not_allowed
    2  2024-09-13/T2    6        taker         not_seated
    >>> len(csf.load_example("broken_tarot", validate=False))
    60
    """
    from cardscore_frames.io import read_log, read_table

    path = example_path(name)
    if not validate:
        return read_table(path)[0]
    _, game, kind, _ = EXAMPLES[name]
    return read_log(path, game=game, kind=kind)
