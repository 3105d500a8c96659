"""Other score keepers' files of whole preferans pools, mapped to the package's
settlement sheet (the preferans log of kind ``sheet``).

:data:`FORMATS` maps a file suffix to its reader, so that
``read_log(path, game="preferans", kind="sheet")`` reads such a file like any log.
"""

from cardscore_frames.games.preferans.formats.openpref import (
    OPENPREF_COLUMNS,
    OPENPREF_NAMES,
    read_openpref,
    read_openpref_cells,
)

__all__ = [
    "FORMATS",
    "OPENPREF_COLUMNS",
    "OPENPREF_NAMES",
    "read_openpref",
    "read_openpref_cells",
]

#: File suffix -> (log kind, reader returning the file's cells and its label).
FORMATS = {".prf": ("sheet", read_openpref_cells)}
