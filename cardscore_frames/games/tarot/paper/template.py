"""A blank feuille de marque whose formulas score each donne as it is typed.

The same columns as the export (:mod:`.export`), with drop-downs on every
choice, checks on oudlers and points, and formulas in the score columns: the
donne's value S by rules 1 to 9 of docs/games/tarot.md (needed points,
margin with the half point to the winner, contract multiplier, petit au bout,
poignées of either camp, chelem), then each player's share (taker, partner,
defenders, a dealer sitting out). The working columns sit hidden right of
the table. The rule tables live on the ``Barème`` sheet, written from the
scorer's own constants and rules (:func:`rule_tables`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardscore_frames.errors import RulesError
from cardscore_frames.excel import CellRange, Workbook, cell_ref, col_letters
from cardscore_frames.excel.constants import write_constants, write_lookup
from cardscore_frames.excel.hooks import DETAIL_OPTIONS, SheetEntry
from cardscore_frames.excel.paper import Table
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.words import (
    BLANK,
    UNKNOWN,
    code_formula,
    key_formula,
)
from cardscore_frames.games.tarot.paper.drawing import (
    add_styles,
    chart,
    grey_mort,
    rules_line,
    where,
    write_bottom,
    write_scores,
    write_top,
)
from cardscore_frames.games.tarot.paper.layout import (
    CAMP_CODES,
    CHELEM_CODES,
    CONTRACT_CODES,
    FIRST_ROW,
    POIGNEE_CODES,
    table,
    word_tables,
)
from cardscore_frames.games.tarot.rules import (
    CHELEM_PRIME,
    MULTIPLIER,
    NEEDED,
    PETIT_AU_BOUT,
    POIGNEES,
    Rules,
)

__all__ = ["write_template", "RULES_SHEET", "OPTIONS"]

RULES_SHEET = "Barème"
#: Template options and their allowed values (None: any).
OPTIONS = {"rows": None, **DETAIL_OPTIONS}
#: Rule 4: a made contract is worth 25 plus the margin.
BASE_POINTS = 25


def write_template(
    book: Workbook, players: Sequence[str], rules: Any, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """A feuille for ``players`` (3, 4 or 5, in seating order) and ``rules``."""
    rules = Rules.ensure(rules)
    if rules.misere:
        raise RulesError(
            "the tarot template's formulas do not score the misère house rule "
            "(Rules(misere=True)); score such evenings with the package"
        )
    k = len(players)
    if not 3 <= k <= 5:
        raise RulesError(f"a tarot table has 3, 4 or 5 players; got {k}")
    rows = int(options.get("rows") or 40)
    add_styles(book)
    book.styles.register("grey_work", {"font_color": "#7F7F7F", "font_size": 8})
    book.styles.register("flag_text", {"font_color": "#9C0006", "bold": True})
    layout = table(list(players), mort=k == 5, partner=k == 5, template=True)
    sheet = book.add_sheet(options.get("title") or "Feuille de marque")
    rules_sheet = rule_tables(book, rules)
    details = [options.get(c) for c in ("league", "season", "date", "table")]
    details.append(options.get("game_id", 1))
    spots = write_top(sheet, layout, "Feuille de marque", details, rules_line(rules))
    layout.write_header(sheet, FIRST_ROW - 2)
    first, last = FIRST_ROW, FIRST_ROW + rows - 1
    sheet.write_column(first, 0, list(range(1, rows + 1)), ("body", "centre"))
    for column in layout.columns:
        if column.field and column.key != "deal":
            for r in range(first, last + 1):
                sheet.write(r, layout.col(column.key), None, column.style)
    layout.add_inputs(sheet, first, last)
    donnes = _formulas(sheet, layout, players, first, last)
    blank = np.full((rows, k), "", dtype=object)
    write_scores(sheet, layout, k, first, last, blank, blank, donnes=donnes)
    if k == 5:
        grey_mort(sheet, layout, k, first, last)
    write_bottom(sheet, layout, k, last, np.zeros(k, dtype=np.int64))
    x, plotted = _chart_data(book.sheet(RULES_SHEET), sheet, layout, k, first, last)
    chart(sheet, layout, k, first, last, plotted=plotted, x=x)
    sheet.autofit(minimum=5, maximum=24)
    sheet.freeze(first, 1)
    sheet.landscape_fit_to_page(repeat_rows=(first - 2, first - 1), pages_tall=1)
    found = {**where(layout, k, spots), "template": True}
    entry = SheetEntry(sheet.name, "deals", details[-1], None, found)
    return [entry, rules_sheet]


#: The working columns, in order, right of the table (then one chart column
#: per player).
_WORK = (
    "key_contract",
    "contract",
    "key_petit_au_bout",
    "petit_au_bout",
    "key_poignee_attack",
    "poignee_attack",
    "key_poignee_defence",
    "poignee_defence",
    "key_chelem",
    "chelem_code",
    "problems",
    "ok",
    "filled",
    "played",
    "players",
    "points",
    "needed",
    "margin",
    "made",
    "multiplier",
    "pab",
    "poignee",
    "chelem",
    "value",
    "alone",
    "factor",
)
#: The choice columns read through their lookup table, and their headings.
_CHOICES = {
    "contract": "Contrat",
    "petit_au_bout": "PaB",
    "poignee_attack": "Poignée att.",
    "poignee_defence": "Poignée déf.",
    "chelem": "Chelem",
}
_NAMES = {"taker": "Preneur", "partner": "Appelé", "sits_out": "Mort"}
#: Whether each choice joins several values with "+" (the tables are written
#: per template, for its rules).
_WORDS = word_tables()


def _formulas(sheet: Sheet, layout: Table, players, first: int, last: int):
    """Each row's working formulas (hidden columns), each player's donne, the
    check column, and the chart's columns (returned: their first column)."""
    k = len(players)
    start = layout.last_col + 2
    col = {name: col_letters(start + i) for i, name in enumerate(_WORK)}
    keys = [c.key for c in layout.columns if c.field]
    x = {key: col_letters(layout.col(key)) for key in (*keys, "margin")}
    names = [
        f"{col_letters(layout.col(f'donne_{p}'))}${FIRST_ROW - 1}"
        for p in range(1, k + 1)
    ]
    donnes: list[list[str]] = [[] for _ in range(k)]
    margins, checks = [], []
    for r in range(first + 1, last + 2):
        cells = {name: f"{letter}{r}" for name, letter in col.items()}
        own = {key: f"{letter}{r}" for key, letter in x.items()}
        row = [
            *_choices(cells, own),
            _problems(cells, own, names),
            *_row(cells, own, k),
        ]
        for i, formula in enumerate(row):
            sheet.write_formula(
                r - 1, start + i, formula, _cached(_WORK[i]), "grey_work"
            )
        margins.append(f'=IF({cells["played"]},{cells["margin"]},"")')
        checks.append(f"=MID({cells['problems']},4,999)")
        for p in range(k):
            donnes[p].append(_donne(cells, own, names[p], k))
    for key, formulas, style in (
        ("margin", margins, next(c.style for c in layout.columns if c.key == "margin")),
        ("check", checks, ("body", "flag_text")),
    ):
        sheet.write_formula_column(
            first, layout.col(key), formulas, [""] * len(formulas), style
        )
    sheet.hide_columns(start, start + len(_WORK) - 1)
    return donnes


#: Where the chart's data starts on the Barème (0-based row, column).
_CHART_DATA = (2, 11)


def _chart_data(
    rules: Sheet, sheet: Sheet, layout: Table, k: int, first: int, last: int
) -> tuple[CellRange, list[CellRange]]:
    """The chart's x values and lines, on the Barème: the donne's number and
    each cumul, and #N/A on the rows not scored, whose points an XY chart
    leaves out in every spreadsheet, so that the lines end at the last donne
    typed. The #N/A are painted in the background colour: a person sees an
    empty cell. Visible cells, since some spreadsheets leave hidden ones out
    of charts."""
    top, left = _CHART_DATA
    rules.merge(top, left, top, left + k, "Graphique : cumul par donne", "header")
    rules.workbook.styles.register("unseen", {"font_color": "#FFFFFF"})
    out = []
    for p in range(1, k + 1):
        col = left + p - 1
        name = f"={sheet.ref(FIRST_ROW - 2, layout.col(f'donne_{p}'))}"
        rules.write_formula(top + 1, col, name, "", "subheader")
        cumul = layout.col(f"cumul_{p}")
        formulas = [
            f"=IF(ISNUMBER({sheet.ref(r, cumul)}),{sheet.ref(r, cumul)},NA())"
            for r in range(first, last + 1)
        ]
        rules.write_formula_column(
            top + 2, col, formulas, ["#N/A"] * len(formulas), ("body", "centre")
        )
        out.append(CellRange(rules.name, top + 2, col, top + 1 + len(formulas), col))
    col = left + k
    rules.write(top + 1, col, "Donne", "subheader")
    scored = sheet.ref  # a donne is scored when its first cumul is a number
    numbers = [
        f"=IF(ISNUMBER({scored(r, layout.col('cumul_1'))}),{r - first + 1},NA())"
        for r in range(first, last + 1)
    ]
    rules.write_formula_column(
        top + 2, col, numbers, ["#N/A"] * len(numbers), ("body", "centre")
    )
    x = CellRange(rules.name, top + 2, col, top + 1 + len(numbers), col)
    corner = cell_ref(top + 2, left)
    rules.highlight(
        top + 2,
        left,
        top + 1 + last - first + 1,
        left + k,
        f"=ISNA({corner})",
        "unseen",
    )
    return x, out


def _cached(name: str) -> Any:
    """A blank row's working values."""
    if name.startswith("key_") or name == "problems":
        return ""
    if name in _CHOICES or name == "chelem_code":
        return BLANK
    return {"filled": False, "played": False, "made": True, "ok": True}.get(name, 0)


def _choices(c: dict[str, str], x: dict[str, str]) -> list[str]:
    """Each choice's key (the typed text normalised) and its paper code, read
    in its table of accepted words (:func:`word_tables`)."""
    out = []
    for field in _CHOICES:
        key = c[f"key_{field}"]
        multi = _WORDS[field][1]
        out.append(f"={key_formula(x[field])}")
        out.append(f"={code_formula(key, _table_name(field), multi)}")
    return out


def _code(field: str) -> str:
    """The working column holding a choice's paper code."""
    return "chelem_code" if field == "chelem" else field


def _table_name(field: str) -> str:
    return "Mots_" + field


def _problems(c: dict[str, str], x: dict[str, str], names: list[str]) -> str:
    """What the formulas cannot score on the row, each part after " ; "."""
    parts = []
    for field, label in _CHOICES.items():
        code = c[_code(field)]
        parts.append(
            f'IF(ISNUMBER(FIND("{UNKNOWN}",{code})),"{_SEP}{label} « "&{x[field]}'
            f'&" » inconnu","")'
        )
    for field, label in _NAMES.items():
        if field in x:
            known = ",".join(f"{x[field]}={n}" for n in names)
            parts.append(
                f'IF(OR({x[field]}="",{known}),"","{_SEP}{label} « "&{x[field]}'
                f'&" » n\'est pas à la table")'
            )
    return "=" + "&".join(parts)


_SEP = " ; "


def _row(c: dict[str, str], x: dict[str, str], k: int) -> list[str]:
    """The working formulas of one row (rules 1-9 of docs/games/tarot.md),
    on the paper codes of its choices (``c``)."""
    out = "0" if k < 5 else f'IF({x["sits_out"]}="",0,1)'
    alone = "TRUE" if k < 5 else f'OR({x["partner"]}="",{x["partner"]}={x["taker"]})'
    poignee = "+".join(
        f"(LEN({c[f'poignee_{camp}']})-LEN(SUBSTITUTE({c[f'poignee_{camp}']},"
        f'"{code}","")))*Poignee_{code}'
        for camp in ("attack", "defence")
        for code in ("S", "D", "T")
    )
    margin = f"ROUNDUP({c['points']}-{c['needed']},0)"
    chelem = c["chelem_code"]
    return [
        f'={c["problems"]}=""',
        f'={x["contract"]}<>""',
        f'=AND({c["filled"]},{c["ok"]},{c["contract"]}<>"{CONTRACT_CODES["pass"]}")',
        f"={k}-{out}",
        f"=IF(HalfPoints=1,N({x['card_points']}),INT(N({x['card_points']})))",
        f"=IF({c['played']},INDEX(Needed,N({x['oudlers']})+1),0)",
        f"=IF(MarginStep>1,SIGN({margin})*INT(ABS({margin})/MarginStep+0.5)"
        f"*MarginStep,{margin})",
        f"={c['margin']}>=0",
        f"=IF({c['played']},VLOOKUP({c['contract']},Contracts,3,FALSE),0)",
        f'=IF({c["petit_au_bout"]}="{CAMP_CODES["attack"]}",PetitAuBout_A,'
        f'IF({c["petit_au_bout"]}="{CAMP_CODES["defence"]}",PetitAuBout_D,0))',
        f"={poignee}",
        f'=IF(OR({chelem}="{BLANK}",{chelem}="{UNKNOWN}"),0,'
        f"VLOOKUP({chelem},Chelems,2,FALSE))",
        f"=IF({c['played']},(IF({c['made']},{BASE_POINTS}+ABS({c['margin']}),"
        f"-{BASE_POINTS}-ABS({c['margin']}))+{c['pab']})*{c['multiplier']}"
        f"+{c['poignee']}*IF({c['made']},1,-1)+{c['chelem']},0)",
        f"={alone}",
        f"={c['players']}-1-2*AND({c['players']}=5,NOT({c['alone']}))",
    ]


def _donne(c: dict[str, str], x: dict[str, str], name: str, k: int) -> str:
    """A player's score for the donne: blank on a row not filled in or not
    scored, 0 sitting out, the taker's share, the partner's S, a defender's -S."""
    share = f"IF({x['taker']}={name},{c['factor']}*{c['value']},"
    if k == 5:
        share += (
            f"IF(AND({x['partner']}={name},NOT({c['alone']})),{c['value']},"
            f"-{c['value']}))"
        )
        out = f"IF({x['sits_out']}={name},0,{share})"
    else:
        share += f"-{c['value']})"
        out = share
    return (
        f'=IF(OR(NOT({c["filled"]}),NOT({c["ok"]})),"",IF(NOT({c["played"]}),0,{out}))'
    )


def rule_tables(book: Workbook, rules: Any) -> SheetEntry:
    """The Barème: the tables the formulas read, from the scorer's constants."""
    sheet = book.add_sheet(RULES_SHEET)
    sheet.merge(0, 0, 0, 5, "Barème", "title")
    contracts = [(CONTRACT_CODES[c], c, MULTIPLIER[c]) for c in CONTRACT_CODES]
    row = write_lookup(
        sheet,
        2,
        0,
        "Contrats",
        ("code", "contrat", "multiplicateur"),
        contracts,
        "Contracts",
    )
    sheet.write_row(row, 0, ["Bouts", "Points nécessaires"], "subheader")
    for b, need in enumerate(NEEDED.tolist()):
        sheet.write_row(row + 1 + b, 0, [b, need], ("body", "centre"))
    book.define_name("Needed", CellRange(sheet.name, row + 1, 1, row + 4, 1))
    row += 6
    chelems = [
        (CHELEM_CODES[c], c, CHELEM_PRIME[c]) for c in rules.chelems if c != "none"
    ]
    row = write_lookup(
        sheet,
        row,
        0,
        "Chelem",
        ("code", "prime"),
        [(code, prime) for code, _, prime in chelems],
        "Chelems",
    )
    primes = dict(zip(POIGNEES[1:], rules.poignee_values, strict=True))
    items = [
        (f"Poignée {POIGNEE_CODES[p]} ({p})", v, f"Poignee_{POIGNEE_CODES[p]}")
        for p, v in primes.items()
    ]
    items += [
        (
            f"Petit au bout {CAMP_CODES[c]}",
            PETIT_AU_BOUT[c],
            f"PetitAuBout_{CAMP_CODES[c]}",
        )
        for c in ("attack", "defence")
    ]
    items += [
        ("Demi-points (1 oui, 0 non)", int(rules.half_points), "HalfPoints"),
        ("Écart arrondi à", rules.margin_round_to, "MarginStep"),
    ]
    write_constants(sheet, 2, 5, "Primes et options", items)
    _word_tables(sheet, 2, 8, rules)
    codes = [*CONTRACT_CODES.values(), *(code for code, _, _ in chelems)]
    sheet.set_widths(
        {0: max(10, 2 + max(map(len, codes))), 1: 16, 2: 14, 5: 30, 6: 10, 8: 24}
    )
    return SheetEntry(sheet.name)


def _word_tables(sheet: Sheet, row: int, col: int, rules: Any) -> None:
    """The words each choice column accepts (its codes, the package's words
    for its values, without accents too) and the code each stands for."""
    for field, (words, _) in word_tables(rules.chelems).items():
        row = write_lookup(
            sheet,
            row,
            col,
            f"Mots acceptés : {_CHOICES[field]}",
            ("mot", "code"),
            words,
            _table_name(field),
        )
        row += 1
