"""Game-specific season figures: each game computes its own (its ``profile``
hook, ``cardscore_frames/games/<game>/profile.py``); this module only finds
the game of a scored frame and asks it."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from cardscore_frames.checking import stamp_of
from cardscore_frames.contract import get_game
from cardscore_frames.errors import CardscoreError

__all__ = ["profile"]


def profile(
    scored: pd.DataFrame, *, game: str | None = None, by: Sequence[str] | str = ()
) -> dict[str, pd.DataFrame]:
    """A game's own per-player figures, from its scored deals.

    Parameters
    ----------
    scored : pandas.DataFrame
        What a game's ``score`` returned (it knows its game); a log read by
        :func:`cardscore_frames.read_log` is scored first.
    game : str, optional
        The game, for a frame that does not carry it.
    by : sequence of str
        Metadata columns to split by (e.g. ``["season"]``); default: the whole
        log.

    Returns
    -------
    dict of str to DataFrame
        Each game's tables (see each game's ``profile``): tarot ``roles``,
        ``contracts``, ``bonuses``; belot ``declarer``, ``contracts``,
        ``partnerships``; preferans ``player``, ``contracts``.

    Raises
    ------
    CardscoreError
        The game is not known, or has no profile.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> prof = csf.season.profile(csf.tarot.score(csf.load_example("tarot")))
    >>> prof["contracts"].columns.tolist()[:5]
    ['player', 'contract', 'takes', 'made', 'success_rate']
    """

    found = stamp_of(scored)
    name = game or (found.game if found is not None else None)
    if name is None:
        raise CardscoreError(
            "profile needs a frame a game's score returned, or game=; this "
            "frame carries no game"
        )
    entry = get_game(name)
    if entry.profile is None:
        raise CardscoreError(f"{entry.title} has no season profile yet")
    by = [by] if isinstance(by, str) else list(by)
    missing = [c for c in by if c not in scored]
    if missing:
        raise CardscoreError(
            f"by= names columns the deals do not have: {', '.join(missing)}"
        )
    return entry.profile(scored, by=by)
