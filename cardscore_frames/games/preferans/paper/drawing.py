"""The пулька drawn on a grid of small cells (docs/guide/excel.md, the пулька).

Each zone is a merged block: the mountain (гора) nearest the centre, then the
pool (пуля), then the whist band (висты) along the player's own edge, split in
one part per opponent, each part next to the sector of the opponent it names.
Seats go round clockwise from the bottom: P1 bottom, then left, top (4
players) and right. Three players get OpenPref's rectangle (circle low in the
middle, the vertical line from the top edge down to it); four get the square
with the mountains round the centre. Corners carry a diagonal border, for
the lines that run out from the centre on paper. The centre holds the pool
target.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardscore_frames.excel.sheet import Sheet

__all__ = ["Zone", "zones", "GRID", "draw", "add_styles"]


@dataclass(frozen=True)
class Zone:
    """One block of the drawing: ``what`` is ("whists", i, j) for the whists
    seat i wrote on seat j, ("pool", i), ("mountain", i), ("centre",) or
    ("corner", diagonal), seats counted from 0."""

    what: tuple
    rows: tuple[int, int]
    cols: tuple[int, int]
    rotation: int = 0


#: Rows and columns of the drawing, by the number of players.
GRID = {3: (18, 24), 4: (24, 24)}
_UP, _DOWN = "diagonal_up", "diagonal_down"


def _four() -> list[Zone]:
    z = [Zone(("centre",), (10, 13), (10, 13))]
    # whist bands: P1 bottom, P2 left, P3 top, P4 right; parts next to whom
    # they name (left to right, or top to bottom)
    for (i, parts), (rows, cols, vertical, rot) in zip(
        ((0, (1, 2, 3)), (1, (2, 3, 0)), (2, (1, 0, 3)), (3, (2, 1, 0))),
        (
            ((20, 23), (4, 19), False, 0),
            ((4, 19), (0, 3), True, 90),
            ((0, 3), (4, 19), False, 0),
            ((4, 19), (20, 23), True, -90),
        ),
        strict=True,
    ):
        cuts = ((4, 8), (9, 14), (15, 19))
        for j, cut in zip(parts, cuts, strict=True):
            r, c = (cut, cols) if vertical else (rows, cut)
            z.append(Zone(("whists", i, j), r, c, rot))
    z += [
        Zone(("pool", 0), (18, 19), (6, 17)),
        Zone(("pool", 1), (6, 17), (4, 5), 90),
        Zone(("pool", 2), (4, 5), (6, 17)),
        Zone(("pool", 3), (6, 17), (18, 19), -90),
        Zone(("mountain", 0), (14, 17), (6, 17)),
        Zone(("mountain", 1), (10, 13), (6, 9)),
        Zone(("mountain", 2), (6, 9), (6, 17)),
        Zone(("mountain", 3), (10, 13), (14, 17)),
    ]
    for rows, cols, diag in (
        ((0, 3), (0, 3), _DOWN),
        ((0, 3), (20, 23), _UP),
        ((20, 23), (0, 3), _UP),
        ((20, 23), (20, 23), _DOWN),
        ((4, 5), (4, 5), _DOWN),
        ((4, 5), (18, 19), _UP),
        ((18, 19), (4, 5), _UP),
        ((18, 19), (18, 19), _DOWN),
    ):
        z.append(Zone(("corner", diag), rows, cols))
    return z


def _three() -> list[Zone]:
    z = [
        Zone(("centre",), (7, 8), (10, 13)),
        Zone(("whists", 1, 2), (0, 6), (0, 3), 90),
        Zone(("whists", 1, 0), (7, 13), (0, 3), 90),
        Zone(("whists", 2, 1), (0, 6), (20, 23), -90),
        Zone(("whists", 2, 0), (7, 13), (20, 23), -90),
        Zone(("whists", 0, 1), (14, 17), (4, 11)),
        Zone(("whists", 0, 2), (14, 17), (12, 19)),
        Zone(("pool", 1), (0, 11), (4, 5), 90),
        Zone(("pool", 2), (0, 11), (18, 19), -90),
        Zone(("pool", 0), (12, 13), (6, 17)),
        Zone(("mountain", 1), (0, 6), (6, 11)),
        Zone(("mountain", 2), (0, 6), (12, 17)),
        Zone(("mountain", 0), (9, 11), (6, 17)),
    ]
    for rows, cols, diag in (
        ((14, 17), (0, 3), _UP),
        ((14, 17), (20, 23), _DOWN),
        ((12, 13), (4, 5), _UP),
        ((12, 13), (18, 19), _DOWN),
        ((7, 8), (6, 9), _UP),
        ((7, 8), (14, 17), _DOWN),
    ):
        z.append(Zone(("corner", diag), rows, cols))
    return z


def zones(players: int) -> list[Zone]:
    """The zones of the drawing for 3 or 4 players."""
    return _four() if players == 4 else _three()


def add_styles(book: Any) -> None:
    """The drawing's looks: thin zone borders, small grey labels, bold entries."""
    styles = book.styles
    zone = {
        "border": 1,
        "text_wrap": True,
        "align": "center",
        "valign": "vcenter",
        "font_size": 9,
    }
    styles.register("zone", zone)
    styles.register(
        "zone_closed", {**zone, "border": 2, "bold": True, "bg_color": "#F2F2F2"}
    )
    styles.register(
        "zone_label", {"font_size": 7, "font_color": "#7F7F7F", "italic": True}
    )
    styles.register("zone_entry", {"font_size": 9, "bold": True})
    styles.register("zone_name", {"font_size": 10, "bold": True})
    styles.register("circle", {**zone, "border": 2, "font_size": 14, "bold": True})
    for angle in (90, -90):
        for name in ("zone", "zone_closed"):
            props = dict(styles.properties(name))
            styles.register(f"{name}_{angle}", {**props, "rotation": angle})


def draw(
    sheet: Sheet,
    row: int,
    col: int,
    names: Sequence[str],
    text: Callable[[tuple], Sequence[tuple[str, str]]],
    *,
    closed: Mapping[int, bool] | None = None,
    centre: Any = None,
    centre_formula: str | None = None,
    formula: Callable[[tuple], tuple[str, Any]] | None = None,
) -> None:
    """Draw the пулька with its top-left corner at ``(row, col)``.

    ``text(what)`` gives a zone's rich text as (text, style) parts; ``closed``
    marks the seats whose pool is closed (drawn bold and boxed); the centre
    holds ``centre`` (the pool target), or a formula giving it. With
    ``formula(what)`` -> (formula, value), the zones show live formulas (a
    template's drawing follows its table) instead of ``text``.
    """
    n = len(names)
    rows, cols = GRID[n]
    sheet.set_widths({col + k: 3.0 for k in range(cols)})
    for k in range(rows):
        sheet.set_row_height(row + k, 18)
    for zone in zones(n):
        (r0, r1), (c0, c1) = zone.rows, zone.cols
        where = (row + r0, col + c0, row + r1, col + c1)
        kind = zone.what[0]
        if kind == "corner":
            sheet.merge(*where, None, ("zone", zone.what[1]))
        elif kind == "centre":
            if centre_formula is not None:
                shown = "" if centre is None else centre
                sheet.merge_formula(*where, centre_formula, shown, "circle")
            else:
                sheet.merge(*where, centre, "circle")
        else:
            owner = zone.what[1]
            base = (
                "zone_closed"
                if kind == "pool" and (closed or {}).get(owner)
                else "zone"
            )
            style = base if zone.rotation == 0 else f"{base}_{zone.rotation}"
            if formula is not None:
                sheet.merge_formula(*where, *formula(zone.what), style)
            else:
                sheet.merge_rich(*where, text(zone.what), style)
