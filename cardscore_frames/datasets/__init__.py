"""The bundled example logs, installed with the package.

>>> import cardscore_frames as csf
>>> "tarot" in csf.list_examples()
True
>>> len(csf.load_example("belot")) > 0
True
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pandas as pd

from cardscore_frames.errors import UnknownGameError
from cardscore_frames.games.base import suggest

__all__ = ["EXAMPLES", "list_examples", "load_example", "example_path"]

#: Each example: its file, the game and log kind it is, and what it holds.
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
}


def list_examples() -> dict[str, str]:
    """Every example's name and what it holds."""
    return {name: doc for name, (_, _, _, doc) in EXAMPLES.items()}


def example_path(name: str) -> Path:
    """Where an example's file is installed."""
    if name not in EXAMPLES:
        raise UnknownGameError(
            f"example must be one of {', '.join(EXAMPLES)}; got {name!r}"
            f"{suggest(name, EXAMPLES)}"
        )
    ref = resources.files(__name__).joinpath("data", EXAMPLES[name][0])
    return Path(str(ref))


def load_example(name: str, *, validate: bool = True) -> pd.DataFrame:
    """An example log, read and validated as :func:`cardscore_frames.read_log`
    reads it (``validate=False``: the raw file, every cell text)."""
    from cardscore_frames.io import read_log, read_table

    path = example_path(name)
    if not validate:
        return read_table(path)[0]
    _, game, kind, _ = EXAMPLES[name]
    return read_log(path, game=game, kind=kind)
