"""Reading a TarotClub deal file as a checked tarot log, with what the file
cannot say (the players' names, the partner called at 5 players)."""

from __future__ import annotations

import os

import pandas as pd

from cardscore_frames.checking import check_log
from cardscore_frames.errors import RulesError
from cardscore_frames.games.tarot.formats.tarotclub import tarotclub_cells
from cardscore_frames.games.tarot.rules import TarotRules
from cardscore_frames.games.tarot.schema import SCHEMA

__all__ = ["read_tarotclub"]


def read_tarotclub(
    path: str | os.PathLike,
    *,
    names: tuple[str, ...] | list[str] | None = None,
    partner: str | None = None,
    game_id: str | int | None = None,
    rules: TarotRules | None = None,
) -> pd.DataFrame:
    """Read a deal TarotClub saved as a checked tarot log of one deal.

    The card points, oudlers, petit au bout and chelem are counted from the
    tricks as TarotClub's engine counts them (the Excuse's exchange; the cards
    no trick holds go to the attack, except in a garde contre). See
    :doc:`/games/tarot` ("Reading TarotClub's deal files").

    Parameters
    ----------
    path : path
        A ``.json`` file TarotClub wrote for one deal (format version 3, or the
        older one naming its players).
    names : sequence of str, optional
        The players, in TarotClub's order of places (South, East, North, West,
        Fifth); default the names the file gives, else the places.
    partner : str, optional
        At 5 players, the partner the taker called (a place or a name; the
        taker's own: he played alone). The file does not record it: without
        it the taker plays alone, as TarotClub counts its file read back.
    game_id : str or int, optional
        The game's id; default the file name without ``.json``.
    rules : TarotRules, optional
        The rules to check and score it by (default FFT, as TarotClub plays).

    Returns
    -------
    pandas.DataFrame
        One row, the tarot log's columns (``game_id``, ``deal`` 1,
        ``player1`` .. ``player5``, ``taker``, ``partner``, ``contract``,
        ``oudlers``, ``card_points``, ``petit_au_bout``, ``poignee_attack``,
        ``poignee_defence``, ``chelem``, ...), then ``tarotclub_version``,
        ``tarotclub_first_trick_lead`` (a player), ``tarotclub_attack_tricks``
        (tricks the attack won) and ``tarotclub_aside`` (the cards no trick
        holds, ``;``-joined). ``csf.tarot.score`` scores it.

    Raises
    ------
    LogReadError
        The file cannot be read or is not JSON.
    LogValidationError
        Every problem of the file at once (a key missing, an unknown contract,
        place or card, a trick of the wrong size, a card played twice, ...),
        or of the deal it gives.
    RulesError
        ``names`` not distinct names.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.tarot import read_tarotclub
    >>> deal = read_tarotclub("tests/fixtures/tarotclub/contre_chelem.json",
    ...                       names=("Anne", "Bruno", "Chloé", "Denis"))
    >>> deal[["taker", "contract", "oudlers", "card_points", "chelem"]]
      taker      contract  oudlers  card_points          chelem
    0  Anne  garde_contre        3         88.0  announced_made
    >>> int(csf.tarot.score(deal)["taker_score"].iloc[0])
    2886
    """
    if names is not None:
        names = tuple(names)
        if len(set(names)) != len(names) or not all(
            isinstance(x, str) and x.strip() for x in names
        ):
            raise RulesError(f"names must be different players' names; got {names!r}")
    cells, source = tarotclub_cells(path, names=names, partner=partner, game_id=game_id)
    rules = TarotRules.ensure(rules)
    return check_log(cells, SCHEMA, rules=rules, source=source)
