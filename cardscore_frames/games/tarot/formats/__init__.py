"""Other score keepers' files of tarot deals, read as the tarot deal log.

:data:`FORMATS` maps a file suffix to its reader, so that
``read_log(path, game="tarot")`` reads such a file like any log. TarotClub's
deal files are ``.json``, which the package also reads as a JSON table: a file
is TarotClub's when its content says so (:func:`is_tarotclub`).
"""

from cardscore_frames.contract import Format
from cardscore_frames.games.tarot.formats.read import read_tarotclub
from cardscore_frames.games.tarot.formats.tarotclub import (
    TAROTCLUB_COLUMNS,
    TAROTCLUB_CONTRACTS,
    TAROTCLUB_PLACES,
    is_tarotclub,
    read_tarotclub_cells,
)

__all__ = [
    "FORMATS",
    "TAROTCLUB_COLUMNS",
    "TAROTCLUB_CONTRACTS",
    "TAROTCLUB_PLACES",
    "is_tarotclub",
    "read_tarotclub",
    "read_tarotclub_cells",
]

#: File suffix -> the format of another program's file (log kind, reader, sniff).
FORMATS = {
    ".json": Format(
        "deals",
        read_tarotclub_cells,
        sniff=is_tarotclub,
        about="a TarotClub deal file (an object with deal_info and tricks)",
    )
}
