"""What the sub-commands share: printing tables, rules presets, the problem file."""

from __future__ import annotations

import sys

import pandas as pd

from cardscore_frames.games import get_game

__all__ = ["print_tables", "rules_of"]


def print_tables(tables: dict[str, pd.DataFrame], out=None) -> None:
    """Each table under a ``== title ==`` line."""
    out = out or sys.stdout  # looked up at call time, so redirections are seen
    with pd.option_context(
        "display.width", 120, "display.max_columns", 20, "display.max_rows", 200
    ):
        for title, frame in tables.items():
            print(f"\n== {title} ==", file=out)
            print(frame.to_string(), file=out)


def rules_of(game: str, preset: str | None):
    """The game's rules of a named preset (None: let the log's defaults stand)."""
    if preset is None:
        return None
    return get_game(game).rules.preset(preset)
