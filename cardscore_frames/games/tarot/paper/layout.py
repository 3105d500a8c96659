"""The feuille de marque's columns, codes and details (docs/guide/excel.md,
French tarot), and reading a feuille back, ours or a filled template, by its
headings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscore_frames.excel.hooks import Words
from cardscore_frames.excel.paper import (
    Column,
    Match,
    NumberCheck,
    PaperRows,
    Table,
    details_into,
    find_columns,
    read_hinted,
    read_rows,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.words import WordTable, read_as_typed
from cardscore_frames.excel.words import word_tables as _word_tables
from cardscore_frames.games.tarot.rules import CHELEMS, PETIT_CHELEMS
from cardscore_frames.games.tarot.schema import SCHEMA
from cardscore_frames.games.tarot.seats import PLAYERS
from cardscore_frames.games.tarot.vocabulary import CAMP, CHELEM, CONTRACT, POIGNEE

__all__ = [
    "WORDS",
    "CONTRACT_CODES",
    "CAMP_CODES",
    "POIGNEE_CODES",
    "CHELEM_CODES",
    "DETAILS",
    "FIRST_ROW",
    "CHECK",
    "table",
    "word_tables",
    "read_sheet",
]

WORDS = Words(
    index="Parties",
    title="Feuilles de marque",
    link="Feuille",
    empty="Aucune partie",
    grouping=("Club", "Saison"),
)
#: The sheet's codes, from the game's one vocabulary (vocabulary.py): contrat
#: P (prise, petite), G, GS, GC or passe; petit au bout A or D (the camp that
#: took it); poignée S, D or T (in the column of the camp that showed it);
#: chelem as sheets.md words it.
CONTRACT_CODES = CONTRACT.codes
CAMP_CODES = CAMP.codes
POIGNEE_CODES = POIGNEE.codes
CHELEM_CODES = CHELEM.codes
#: The game's details above the table: label, log column, columns the value
#: spans (and the label, when not 1).
DETAILS = (
    ("Club", "league", 4, 2),
    ("Saison", "season", 2, 2),
    ("Date", "date", 2, 2),
    ("Table", "table", 1, 1),
    ("Partie", "game_id", 2, 2),  # ids like 2025-04-25/T2
)
#: The first column's text on the rows under the donnes.
TOTAL, PLACE = "Total", "Place"
#: Group heading of the zero-sum checks.
SIGMA = "Σ"
DONNE, CUMUL = "donne", "cumul"
FIRST_ROW = 5  # title, details, rules, two heading rows
#: A template's last column: what its formulas cannot score on the row.
CHECK = "Vérification"


def _coded(codes: Mapping[str, str]) -> list[str]:
    """The codes a drop-down offers: every one but the blank."""
    return [c for c in codes.values() if c]


#: Two poignées shown in one camp that the pack allows at some table: S+S,
#: S+D, D+D, S+T.
_POIGNEE_PAIRS = tuple(
    f"{POIGNEE_CODES[a]}+{POIGNEE_CODES[b]}"
    for a, b in (
        ("simple", "simple"),
        ("simple", "double"),
        ("double", "double"),
        ("simple", "triple"),
    )
)


def table(
    players: Sequence[str],
    *,
    mort: bool,
    partner: bool,
    misere: bool = False,
    template: bool = False,
) -> Table:
    """The feuille's columns for these players (seating order).

    ``mort``: a column naming the dealer who sits out (5 seats, 4 play);
    ``partner``: the called partner's column (5 seats); ``misere``: the
    house rule's column; ``template``: drop-downs and checks on the inputs.
    """
    names = tuple(players)
    pick = (lambda *c: tuple(c)) if template else (lambda *c: None)
    chelems = [CHELEM_CODES[c] for c in (*CHELEMS, *PETIT_CHELEMS)]
    columns = [
        Column(
            "deal", "N°", "deal", fills_row=False, width=4, style=("body", "centre")
        ),
        *(
            [Column("sits_out", "Mort", "sits_out", choices=pick(*names))]
            if mort
            else []
        ),
        Column("taker", "Preneur", "taker", blank="—", choices=pick(*names)),
        Column(
            "contract",
            "Contrat",
            "contract",
            codes=CONTRACT_CODES,
            width=7,
            style=("body", "centre"),
            choices=pick(*CONTRACT_CODES.values()),
            help="P, G, GS, GC, or passe",
        ),
        *(
            [Column("partner", "Appelé", "partner", choices=pick(*names))]
            if partner
            else []
        ),
        Column(
            "oudlers",
            "Bouts",
            "oudlers",
            width=6,
            style=("body", "centre"),
            check=NumberCheck(True, 0, 3) if template else None,
        ),
        Column(
            "card_points",
            "Points",
            "card_points",
            width=7,
            style=("body", "centre"),
            check=NumberCheck(False, 0, 91) if template else None,
            help="the attack's card points, 0 to 91, in half points",
        ),
        Column("margin", "Résultat", width=8, style=("body", "centre", "result")),
        Column(
            "petit_au_bout",
            "PaB",
            "petit_au_bout",
            codes=CAMP_CODES,
            width=5,
            style=("body", "centre"),
            choices=pick(*_coded(CAMP_CODES)),
        ),
        *(
            Column(
                f"poignee_{camp}",
                label,
                f"poignee_{camp}",
                group="Poignée",
                codes=POIGNEE_CODES,
                multi=True,
                width=5,
                style=("body", "centre"),
                choices=pick(*_coded(POIGNEE_CODES), *_POIGNEE_PAIRS),
            )
            for camp, label in (("attack", "att."), ("defence", "déf."))
        ),
        Column(
            "chelem", "Chelem", "chelem", codes=CHELEM_CODES, choices=pick(*chelems)
        ),
        *([Column("misere", "Misère", "misere")] if misere else []),
    ]
    for p, name in enumerate(names, start=1):
        columns.append(
            Column(f"donne_{p}", DONNE, group=name, width=7, style=("body", "signed"))
        )
        columns.append(
            Column(
                f"cumul_{p}",
                CUMUL,
                group=name,
                width=8,
                style=("body", "signed", "cumul"),
            )
        )
    columns.append(Column("sum_donne", DONNE, group=SIGMA, width=6, style="check_cell"))
    columns.append(Column("sum_cumul", CUMUL, group=SIGMA, width=6, style="check_cell"))
    if template:
        columns.append(Column("check", CHECK, width=28, style=("body", "flag_text")))
    return Table(tuple(columns))


def word_tables(chelems: Sequence[str] | None = None) -> dict[str, WordTable]:
    """Each choice column's lookup table (:func:`.words.word_tables`): its
    codes, the schema's choices and ``value_aliases`` (the words every reader
    accepts). ``chelems``: the chelems the rules score (default: all)."""
    return _word_tables(
        _FULL.columns,
        SCHEMA.field,
        lambda column, value: column != "chelem" or chelems is None or value in chelems,
    )


# --- reading -------------------------------------------------------------------------


#: Every column a feuille may have, to find them on a sheet.
_FULL = table(["?"] * 5, mort=True, partner=True, misere=True)


def read_sheet(
    cells: SheetCells, kind: str, layout: Mapping[str, Any] | None = None
) -> PaperRows | None:
    """The donnes of a feuille (ours, or a filled template) as log rows."""
    if kind != "deals":
        return None
    rows = read_hinted(cells, layout, _FULL.columns, _search)
    if rows is not None and layout is not None and layout.get("template"):
        read_as_typed(rows, word_tables())
    if rows is not None:
        for column in PLAYERS:
            if column not in rows.data:
                rows.set_constant(column, None, None)
    return rows


def _search(cells: SheetCells) -> PaperRows | None:
    """A feuille found by its headings (a template, or a sheet someone edited)."""
    match = find_columns(cells, _FULL.columns, ("deal", "taker", "contract"))
    if match is None:
        return None
    rows = read_rows(cells, match, _FULL.columns, stop=(TOTAL, PLACE))
    players = _players(cells, match)
    for column, (name, where) in zip(PLAYERS, players, strict=False):
        rows.set_constant(column, name, where)
    details_into(rows, cells, DETAILS)
    return rows


def _players(cells: SheetCells, match: Match) -> list[tuple[str, str]]:
    """Names above each ``donne`` column but Σ's, left to right, and their cells."""
    grid = cells.values
    if match.row == 0:
        return []
    out = []
    for j in range(grid.shape[1]):
        label, name = grid[match.row, j], grid[match.row - 1, j]
        if isinstance(label, str) and label.strip().lower() == DONNE:
            if isinstance(name, str) and name.strip() != SIGMA:
                out.append((name, cells.address(match.row - 1, j)))
    return out
