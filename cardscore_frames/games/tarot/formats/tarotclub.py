"""TarotClub's saved deals (``.json``) as a tarot deal log.

TarotClub (tarotclub.fr, GPL-3.0+) writes each deal it plays as a JSON object
(its engine's ``GenerateEndDealLog``; its own tests keep such files as
``played_deals/*.json``, format version ``"3"``)::

    {"version": "3",
     "deal_info": {"number_of_players": 4, "taker": "South",
                   "contract": "Guard against", "slam": true,
                   "first_trick_lead": "South", "dog": "01-S;02-S;...",
                   "attack_handle": "21-T;20-T;...", "defense_handle": ""},
     "tricks": ["21-T;07-S;02-T;11-H", ...]}

Players are places, ``South``, ``East``, ``North``, ``West``, ``Fifth``, in the
order play goes round; an older layout names them instead (``"players":
["ann", "bob", ...]``, the same order). A card is ``VV-S``: ``00-T`` the Excuse,
``01-T`` to ``21-T`` the trumps, ``01`` to ``14`` of ``S``, ``H``, ``D``, ``C``
(11 jack, 12 knight, 13 queen, 14 king). Each trick lists its cards in the
order they were played, the first led by ``first_trick_lead``, the next ones by
the winner of the trick before. The contracts are ``Take``, ``Guard``, ``Guard
without``, ``Guard against``. The file does not say who was called at 5
players: TarotClub itself, reading its file back, counts the taker alone.

What the log gets is counted from the tricks as TarotClub's engine counts it
(``Engine::SetTrick`` and ``AnalyzeGame``):

- a trick goes to its highest trump, else to the highest card of the suit of
  its first card that is not the Excuse;
- the Excuse stays with its camp: when the other camp wins its trick, the
  attack's points move by 4 (the Excuse's 4.5 for a low card's 0.5) and its
  oudlers by one; played in the last trick it changes camp (the same 4
  points), unless the taker plays it there having won every trick before,
  when it takes the trick (a chelem);
- the cards no trick holds (the dog, or what the taker put aside) count for the
  attack, except in a garde contre, where they are the defence's;
- petit au bout: the camp winning the last trick when it holds the Petit (in a
  chelem with the Excuse last, the trick before);
- a chelem: one camp took every trick (``slam`` says whether it was announced);
- poignées: the number of trumps shown (``attack_handle``,
  ``defense_handle``), by the package's table for the players at the table.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pandas as pd

from cardscore_frames.checking import Source
from cardscore_frames.errors import LogNotFoundError, LogReadError, LogValidationError
from cardscore_frames.games.tarot.formats.structure import (
    TAROTCLUB_CONTRACTS,
    TAROTCLUB_PLACES,
    Found,
    partner_seat,
    read_structure,
)
from cardscore_frames.games.tarot.formats.tricks import Count, count_tricks
from cardscore_frames.games.tarot.rules import POIGNEE_TRUMPS, POIGNEES

__all__ = [
    "TAROTCLUB_PLACES",
    "TAROTCLUB_CONTRACTS",
    "TAROTCLUB_COLUMNS",
    "is_tarotclub",
    "read_tarotclub_cells",
    "tarotclub_cells",
]

#: The columns kept beside the log's, in order.
TAROTCLUB_COLUMNS = (
    "tarotclub_version",
    "tarotclub_first_trick_lead",
    "tarotclub_attack_tricks",
    "tarotclub_aside",
)
#: A comma before a closing bracket (TarotClub's own reader takes it), outside
#: of strings: strings are matched first and kept.
_TRAILING = re.compile(r'("(?:\\.|[^"\\])*")|,(\s*[}\]])')
_SNIFF = 1 << 16


def is_tarotclub(data: bytes) -> bool:
    """Whether a ``.json`` file's bytes look like a TarotClub deal: a JSON object
    naming ``deal_info`` or ``tricks`` near its start (a JSON table of this
    package is an array of objects, or an object of columns)."""
    head = data[:_SNIFF].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"{") and (b'"deal_info"' in head or b'"tricks"' in head)


def read_tarotclub_cells(path: str | os.PathLike) -> tuple[pd.DataFrame, Source]:
    """A TarotClub deal file as the cells of one row of the tarot deal log, and
    its :class:`Source`: what ``read_log(path, game="tarot")`` checks."""
    return tarotclub_cells(path)


def tarotclub_cells(
    path: str | os.PathLike,
    *,
    names: tuple[str, ...] | None = None,
    partner: str | None = None,
    game_id: str | int | None = None,
) -> tuple[pd.DataFrame, Source]:
    """The cells of :func:`read_tarotclub` before they are checked.

    Raises
    ------
    LogReadError
        The file cannot be read, or is not JSON.
    LogValidationError
        The file's structure: every problem at once.
    """
    path = Path(path)
    if not path.exists():
        raise LogNotFoundError(f"no such TarotClub deal file: {path}")
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise LogReadError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise LogReadError(
            f"{path}: a TarotClub deal file is UTF-8 text; byte {exc.start} is not"
        ) from None
    data = _parse(text, path)
    gid = path.stem if game_id is None else game_id
    found = Found(gid, text)
    deal = read_structure(data, found, names)
    if deal is not None and partner is not None:
        deal["partner"] = partner_seat(deal, partner, found)
    if found.rows:
        raise LogValidationError("tarot", found.frame(), str(path), "deals")
    counted = count_tricks(
        deal["tricks"],
        players=deal["n"],
        taker=deal["taker"],
        partner=deal.get("partner"),
        first=deal["first"],
        aside_to_attack=deal["contract"] != "garde_contre",
    )
    return _row(deal, counted, gid), Source(label=str(path), lines=None)


def _parse(text: str, path: Path) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    try:  # TarotClub's reader takes a comma before a closing bracket
        return json.loads(_TRAILING.sub(lambda m: m.group(1) or m.group(2), text))
    except json.JSONDecodeError as exc:
        raise LogReadError(
            f"{path}: not valid JSON at line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg}; a TarotClub deal file is one JSON object"
        ) from None


def _poignee(cards: list[str], n: int) -> str:
    if not cards:
        return "none"
    return POIGNEES[POIGNEE_TRUMPS[n].index(len(cards)) + 1]


def _chelem(count: Count, announced: bool) -> str:
    if count.attack_tricks == count.tricks:
        return "announced_made" if announced else "unannounced_made"
    if count.attack_tricks == 0:
        return "announced_defence" if announced else "defence"
    return "announced_failed" if announced else "none"


def _row(deal: dict, count: Count, game_id: Any) -> pd.DataFrame:
    n, names = deal["n"], deal["names"]
    partner = deal.get("partner")
    row: dict[str, Any] = {"game_id": game_id, "deal": 1}
    for i in range(5):
        row[f"player{i + 1}"] = names[i] if i < n else None
    row["taker"] = names[deal["taker"]]
    row["partner"] = None if partner is None else names[partner]
    row["contract"] = deal["contract"]
    row["oudlers"] = count.oudlers
    row["card_points"] = count.points
    row["petit_au_bout"] = count.petit_au_bout
    row["poignee_attack"] = _poignee(deal["attack_handle"], n)
    row["poignee_defence"] = _poignee(deal["defense_handle"], n)
    row["chelem"] = _chelem(count, deal["slam"])
    version = deal["version"]
    row["tarotclub_version"] = None if version is None else str(version)
    row["tarotclub_first_trick_lead"] = names[deal["first"]]
    row["tarotclub_attack_tricks"] = count.attack_tricks
    row["tarotclub_aside"] = ";".join(count.aside)
    return pd.DataFrame([row])
