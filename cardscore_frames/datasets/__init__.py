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

import dataclasses
from importlib import resources
from pathlib import Path

import pandas as pd

from cardscore_frames.contract import GAMES, Example, suggest
from cardscore_frames.datasets.archive import generate_archive
from cardscore_frames.errors import UnknownGameError
from cardscore_frames.io import read_log, read_table

__all__ = [
    "examples",
    "list_examples",
    "load_example",
    "example_path",
    "generate_archive",
]


def examples() -> dict[str, tuple[str, Example]]:
    """Every registered game's examples: name -> (game, :class:`Example`), in
    the order the games were registered."""
    return {
        name: (game.name, example)
        for game in GAMES.values()
        for name, example in game.examples.items()
    }


def list_examples() -> dict[str, str]:
    """Every example's name and what it holds.

    Returns
    -------
    dict of str to str
        Example name -> description, in the order of :func:`examples`; the
        descriptions of broken examples begin with ``broken on purpose``.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> csf.list_examples()["league_belot"]
    'the Cercle des Trois Jeux club league, ...: 2,770 Bazar-Belot deals in 198 matches to 301 between changing pairs'
    """  # noqa: E501
    return {name: example.about for name, (_, example) in examples().items()}


def example_path(name: str) -> Path:
    """Where an example's file is installed.

    Raises
    ------
    UnknownGameError
        ``name`` is not an example (the message suggests the nearest one).
    """
    return Path(_example(name)[1].file)


def _example(name: str) -> tuple[str, Example]:
    """The game and the example of that name, its file resolved."""
    known = examples()
    if name not in known:
        raise UnknownGameError(
            f"example must be one of {', '.join(known)}; got {name!r}"
            f"{suggest(name, known)}"
        )
    game, example = known[name]
    file = Path(example.file)
    if not file.is_absolute():
        file = Path(str(resources.files(__name__).joinpath("data", *file.parts)))
    return game, dataclasses.replace(example, file=file)


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
    game, example = _example(name)
    if not validate:
        return read_table(example.file)[0]
    return read_log(example.file, game=game, kind=example.kind)
