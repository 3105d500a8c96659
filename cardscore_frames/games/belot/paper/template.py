"""A blank протокол whose formulas score each deal as it is typed.

The same columns as the export (:mod:`.export`), with drop-downs and number
checks, and formulas for rules 1 to 8 of docs/games/belot.md: a trickless
side's declarations, whists, made or not, contract points with contra,
points for whists (capo too), the result table with БТ, the running totals,
and the end of the match (the deals after it are shaded, and a line says who
won), under every option of ``Rules`` (the Blot Star preset's too). The
working columns sit hidden right of the table. The constants live on the
``Правила`` sheet, written from the scorer's rule tables and rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscore_frames.errors import RulesError
from cardscore_frames.excel import CellRange, Workbook, cell_ref, col_letters
from cardscore_frames.excel.constants import write_constants, write_lookup
from cardscore_frames.excel.hooks import DETAIL_OPTIONS, SheetEntry
from cardscore_frames.excel.paper import Table
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.words import BLANK, UNKNOWN, code_formula, key_formula
from cardscore_frames.games.belot.paper import (
    BAIT,
    DOUBLING_CODES,
    FIRST_ROW,
    PAIR_CODES,
    SUIT_CODES,
    add_styles,
    chart,
    table,
    where,
    write_bottom,
    write_points,
    write_top,
)
from cardscore_frames.games.belot.paper.layout import word_tables
from cardscore_frames.games.belot.rules import (
    ALL_TRICKS_BASE_COST,
    ALL_TRICKS_WHISTS,
    BASE_COST,
    BELA_POINTS,
    BELA_WHISTS,
    CAPO_BASE_COST,
    DECK_WHISTS,
    DOUBLING_FACTOR,
    TRICKS,
    WHISTS_PER_POINT,
    Rules,
)

__all__ = ["write_template", "OPTIONS", "RULES_SHEET"]

RULES_SHEET = "Правила"
OPTIONS = {"rows": None, **DETAIL_OPTIONS}
#: The choice columns read through their table of accepted words, and their
#: headings in messages.
_CHOICES = {"declarer": "пара", "contract": "масть", "doubling": "К/РК", "bela": "бэла"}
#: The working columns, in order, right of the table (after each choice's key
#: and code).
_WORK = (
    "problems",
    "ok",
    "scored",
    "filled",
    "capo",
    "zero",
    "all8",
    "kept",
    "moved",
    "vcp",
    "vcv",
    "bonus",
    "vp",
    "vv",
    "made",
    "cost",
    "dbl",
    "pc",
    "pv0",
    "pp0",
    "pp",
    "pv",
    "everything",
    "lost",
    "keeps",
    "decl",
    "defs",
    "is_a",
    "over",
)


def write_template(
    book: Workbook, players: Sequence[str], rules: Any, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """A протокол for the four ``players`` (a1, a2, b1, b2) and ``rules``."""
    rules = Rules.ensure(rules)
    if len(players) != 4:
        raise RulesError(
            f"belot is played by two pairs: 4 players (a1, a2, b1, b2); got "
            f"{len(players)}"
        )
    rows = int(options.get("rows") or 30)
    add_styles(book)
    book.styles.register("grey_work", {"font_color": "#7F7F7F", "font_size": 8})
    book.styles.register("after", {"bg_color": "#FFC7CE", "font_color": "#9C0006"})
    book.styles.register("flag_text", {"font_color": "#9C0006", "bold": True})
    layout = table(bela=rules.bela_kept, template=True)
    sheet = book.add_sheet(options.get("title") or "Протокол")
    details = [options.get(c) for c in ("league", "season", "date", "table")]
    details.append(options.get("game_id", 1))
    pairs = [list(players[:2]), list(players[2:])]
    spots = write_top(sheet, layout, "Протокол", details, pairs, rules)
    layout.write_header(sheet, FIRST_ROW - 2)
    first, last = FIRST_ROW, FIRST_ROW + rows - 1
    sheet.write_column(first, 0, list(range(1, rows + 1)), ("body", "centre"))
    for column in layout.columns:
        if column.field and column.key != "deal":
            for r in range(first, last + 1):
                sheet.write(r, layout.col(column.key), None, column.style)
    layout.add_inputs(sheet, first, last)
    rules_sheet = rule_tables(book, rules)
    formulas, over = _formulas(sheet, layout, first, last)
    blank = [""] * rows
    write_points(
        sheet,
        layout,
        first,
        last,
        {k: blank for k in ("worth", "points_A", "points_B", "total_A", "total_B")},
        formulas,
    )
    for pair in ("A", "B"):
        col = layout.col(f"bait_{pair}")
        sheet.write_formula_column(
            first, col, formulas[f"bait_{pair}"], blank, ("body", "centre", "bait")
        )
    sheet.write_formula_column(
        first,
        layout.col("message"),
        formulas["message"],
        blank,
        ("body", "flag_text"),
    )
    _after_end(sheet, layout, over, first, last)
    write_bottom(sheet, layout, last, (0, 0), _winner(layout, over, first, last, rules))
    x, plotted = _chart_data(book.sheet(RULES_SHEET), sheet, layout, first, last)
    chart(sheet, layout, first, last, plotted=plotted, x=x)
    sheet.autofit(minimum=4, maximum=24)
    sheet.freeze(first, 1)
    sheet.landscape_fit_to_page(repeat_rows=(first - 2, first - 1), pages_tall=1)
    found = {**where(layout, spots), "template": True}
    entry = SheetEntry(sheet.name, "deals", details[-1], None, found)
    return [entry, rules_sheet]


def _formulas(sheet: Sheet, layout: Table, first: int, last: int):
    """The working formulas (hidden), and the visible columns' formulas."""
    start = layout.last_col + 2
    choices = [f for f in _CHOICES if layout.has(f)]
    work = [*(f"{kind}_{f}" for f in choices for kind in ("key", "code")), *_WORK]
    col = {name: col_letters(start + i) for i, name in enumerate(work)}
    keys = (
        "declarer",
        "bid",
        "capo_bid",
        "contract",
        "doubling",
        "declarer_tricks",
        "declarer_card_points",
        "declarer_declarations",
        "defender_declarations",
        "total_A",
        "total_B",
    )
    x = {k: col_letters(layout.col(k)) for k in keys}
    x["bela"] = col_letters(layout.col("bela")) if layout.has("bela") else None
    x.update({f: col_letters(layout.col(f)) for f in choices})
    visible: dict[str, list[str]] = {
        k: [] for k in ("worth", "points_A", "points_B", "bait_A", "bait_B", "message")
    }
    for r in range(first + 1, last + 2):
        c = {name: f"{letter}{r}" for name, letter in col.items()}
        own = {k: (f"{v}{r}" if v else None) for k, v in x.items()}
        row = [*_choices(c, own, choices), _problems(c, own, choices), *_row(c, own)]
        for i, formula in enumerate(row):
            sheet.write_formula(
                r - 1, start + i, formula, _cached(work[i]), "grey_work"
            )
        for key, formula in _shown(c).items():
            visible[key].append(formula)
    sheet.hide_columns(start, start + len(work) - 1)
    over = f"${col['over']}"
    return visible, over


def _choices(c: dict[str, str], x: dict[str, Any], choices: list[str]) -> list[str]:
    """Each choice's key (the typed text normalised) and its paper code, read
    in its table of accepted words (the layout's ``word_tables``)."""
    out = []
    for field in choices:
        out.append(f"={key_formula(x[field])}")
        out.append(f"={code_formula(c[f'key_{field}'], _table_name(field))}")
    return out


def _table_name(field: str) -> str:
    return "Слова_" + field


def _problems(c: dict[str, str], x: dict[str, Any], choices: list[str]) -> str:
    """What the formulas cannot score on the row, each part after " ; "."""
    parts = [
        f'IF({c[f"code_{f}"]}="{UNKNOWN}","{_SEP}{_CHOICES[f]}: «"&{x[f]}'
        f'&"» — неизвестное слово","")'
        for f in choices
    ]
    return "=" + "&".join(parts)


_SEP = " ; "


def _cached(name: str) -> Any:
    if name.startswith("key_") or name == "problems":
        return ""
    if name.startswith("code_"):
        return BLANK
    return {
        "filled": False,
        "capo": False,
        "zero": True,
        "all8": False,
        "kept": False,
        "bonus": False,
        "made": False,
        "keeps": False,
        "is_a": False,
        "over": False,
        "dbl": 1,
        "ok": True,
        "scored": False,
    }.get(name, 0)


def _row(c: dict[str, str], x: dict[str, Any]) -> list[str]:
    """Rules 1-8 of docs/games/belot.md on one row."""
    n, k = f"N({x['bid']})", f"N({x['capo_bid']})"
    vtp, t = f"N({x['declarer_card_points']})", f"N({x['declarer_tricks']})"
    vcp0, vcv0 = f"N({x['declarer_declarations']})", f"N({x['defender_declarations']})"
    pair = c["code_declarer"]
    bela = c.get("code_bela")
    kept = f'AND(BelaKept=1,{bela}<>"{BLANK}",{bela}={pair})' if bela else "FALSE"
    w = "WhistsPerPoint"
    is_nt = f'{c["code_contract"]}="{SUIT_CODES["no_trump"]}"'
    no_trump = f"AND(NoTrumpDouble=1,{is_nt})"
    seed_capo = f"AND({c['capo']},CapoByBid=0)"  # a capo of 25 + K
    level = f"IF({c['capo']},{k},{n})"  # N, or a capo bid's level
    doubling = c["code_doubling"]
    dbl = (
        f'IF(OR({doubling}="{BLANK}",{doubling}="{UNKNOWN}"),1,'
        f"VLOOKUP({doubling},Doublings,2,FALSE))"
    )
    ta, tb = x["total_A"], x["total_B"]
    taken = f"AND({c['dbl']}>1,ContraTakesAll=1)"  # the declarers take Pv too
    return [
        f'={c["problems"]}=""',
        f"=AND({c['filled']},{c['ok']})",
        f'={x["declarer"]}<>""',
        f'={x["capo_bid"]}<>""',
        f"={t}=0",
        f"={t}=Tricks",
        f"={kept}",
        f"=IF(AND(TricklessTransfer=1,{c['zero']}),"
        f"{vcp0}-IF({c['kept']},MIN({vcp0},BelaWhists),0),0)",
        f"={vcp0}-{c['moved']}",
        f"={vcv0}+{c['moved']}",
        f"=AND(AllTricks=1,NOT({seed_capo}),OR({c['zero']},{c['all8']}))",
        f"={vtp}+IF(AND({c['bonus']},{c['all8']}),AllTricksWhists,0)+{c['vcp']}",
        f"=Deck-{vtp}+IF(AND({c['bonus']},{c['zero']}),AllTricksWhists,0)+{c['vcv']}",
        f"=IF({seed_capo},{c['all8']},AND({c['vp']}>={w}*{level},"
        f"OR(NOT({c['capo']}),{c['all8']})))",
        f"=IF({c['bonus']},AllTricksCost,BaseCost)",
        f"={dbl}",
        f"=IF({seed_capo},(CapoCost+{k})*{c['dbl']},{level}*IF({no_trump},2,1)"
        f"*{c['dbl']}+IF(AND(NoTrumpAddsBid=1,{is_nt}),{level},0))",
        f"=INT(({c['vv']}+Half)/{w})",
        f"=IF(WhistsEach=1,INT(({c['vp']}+Half)/{w}),"
        f"MIN(INT(({c['vp']}+{c['vv']}-{w}*{c['pv0']})/{w}),"
        f"{c['cost']}+INT(({c['vcp']}+{c['vcv']})/{w})-{c['pv0']}))",
        f"=IF({seed_capo},IF({c['made']},CapoCost,FailedCapoBase)"
        f"+INT({c['vcp']}/{w}),{c['pp0']})",
        f"=IF({seed_capo},INT({c['vcv']}/{w}),{c['pv0']})",
        f"={c['pc']}+{c['pp']}+{c['pv']}",
        # what the defenders of a failed contract score (before a kept Бэла)
        f"=IF(FailedBase=1,{c['pc']}+IF(AND({c['bonus']},{c['zero']}),"
        f"AllTricksCost,BaseCost)+INT(({c['vcv']}+Half)/{w}),{c['everything']})",
        f"=AND({c['kept']},NOT({c['made']}))",
        f"=IF({c['made']},IF({taken},{c['everything']},{c['pc']}+{c['pp']}),0)"
        f"+IF({c['keeps']},BelaPoints,0)",
        f"=IF({c['made']},IF({taken},0,{c['pv']}),{c['lost']})"
        f"-IF({c['keeps']},BelaPoints,0)",
        f'={pair}="{PAIR_CODES["a"]}"',
        f"=AND({c['scored']},MAX(N({ta}),N({tb}))>=Target,N({ta})<>N({tb}))",
    ]


def _shown(c: dict[str, str]) -> dict[str, str]:
    """всего, each pair's points and БТ mark (blank on a row not scored), and
    what cannot be scored."""
    fill = c["scored"]
    bait_decl = f"NOT({c['made']})"
    bait_def = f"AND({c['made']},{c['dbl']}>1)"
    return {
        "worth": f'=IF({fill},{c["decl"]}+{c["defs"]},"")',
        "points_A": f'=IF({fill},IF({c["is_a"]},{c["decl"]},{c["defs"]}),"")',
        "points_B": f'=IF({fill},IF({c["is_a"]},{c["defs"]},{c["decl"]}),"")',
        "bait_A": f"=IF(AND({fill},OR(AND({bait_decl},{c['is_a']}),"
        f'AND({bait_def},NOT({c["is_a"]})))),"{BAIT}","")',
        "bait_B": f"=IF(AND({fill},OR(AND({bait_decl},NOT({c['is_a']})),"
        f'AND({bait_def},{c["is_a"]}))),"{BAIT}","")',
        "message": f"=MID({c['problems']},4,999)",
    }


def _chart_data(
    rules: Sheet, sheet: Sheet, layout: Table, first: int, last: int
) -> tuple[CellRange, list[tuple[str, CellRange]]]:
    """The chart's x values and lines, on the Правила sheet: the deal's number
    and each pair's Σ, and #N/A on the rows not scored, whose points an XY
    chart leaves out in every spreadsheet, so that the lines end at the last
    deal typed. The #N/A are painted in the background colour; the cells stay
    visible, since some spreadsheets leave hidden ones out of charts."""
    top, left = 2, 3
    rules.merge(top, left, top, left + 2, "График: счёт по сдачам", "header")
    rules.workbook.styles.register("unseen", {"font_color": "#FFFFFF"})
    out = []
    for k, pair in enumerate(("A", "B")):
        name = f"Пара {pair}"
        rules.write(top + 1, left + k, name, "subheader")
        total = layout.col(f"total_{pair}")
        formulas = [
            f"=IF(ISNUMBER({sheet.ref(r, total)}),{sheet.ref(r, total)},NA())"
            for r in range(first, last + 1)
        ]
        rules.write_formula_column(
            top + 2, left + k, formulas, ["#N/A"] * len(formulas), ("body", "centre")
        )
        bottom = top + 1 + len(formulas)
        out.append((name, CellRange(rules.name, top + 2, left + k, bottom, left + k)))
    col = left + 2
    rules.write(top + 1, col, "Сдача", "subheader")
    total = layout.col("total_A")  # a deal is scored when its Σ is a number
    numbers = [
        f"=IF(ISNUMBER({sheet.ref(r, total)}),{r - first + 1},NA())"
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
        left + 2,
        f"=ISNA({corner})",
        "unseen",
    )
    return x, out


def _after_end(sheet: Sheet, layout: Table, over: str, first: int, last: int) -> None:
    """Deals typed after the match was decided are shaded: the log refuses them."""
    if last <= first:
        return
    formula = f"=COUNTIF({over}${first + 1}:{over}{first + 1},TRUE)>0"
    sheet.highlight(first + 1, 0, last, layout.last_col, formula, "after")


def _winner(layout: Table, over: str, first: int, last: int, rules: Any):
    """The line under the table: the first deal that ended the match says who won."""
    span = f"{over}${first + 1}:{over}${last + 1}"
    ta = col_letters(layout.col("total_A"))
    tb = col_letters(layout.col("total_B"))
    at = f"MATCH(TRUE,{span},0)"
    a = f"INDEX(${ta}${first + 1}:${ta}${last + 1},{at})"
    b = f"INDEX(${tb}${first + 1}:${tb}${last + 1},{at})"
    formula = (
        f'=IF(COUNTIF({span},TRUE)=0,"Матч не окончен (игра до "&Target&")",'
        f'"Победа: пара "&IF({a}>{b},"A","B")&" — "&{a}&" : "&{b})'
    )
    return formula, f"Матч не окончен (игра до {rules.target})"


def rule_tables(book: Workbook, rules: Any) -> SheetEntry:
    """The Правила sheet: the constants and options the formulas read."""
    sheet = book.add_sheet(RULES_SHEET)
    sheet.merge(0, 0, 0, 4, "Правила", "title")
    items = [
        ("очков карт в колоде (с последней взяткой)", DECK_WHISTS, "Deck"),
        ("вистов в очке", WHISTS_PER_POINT, "WhistsPerPoint"),
        ("взяток в сдаче", TRICKS, "Tricks"),
        ("цена контракта C", BASE_COST, "BaseCost"),
        ("цена капо", CAPO_BASE_COST, "CapoCost"),
        ("бэла, вистов", BELA_WHISTS, "BelaWhists"),
        ("бэла, очков при подсаде", BELA_POINTS, "BelaPoints"),
        ("все взятки: вистов", ALL_TRICKS_WHISTS, "AllTricksWhists"),
        ("все взятки: C", ALL_TRICKS_BASE_COST, "AllTricksCost"),
        (
            "5 на конце округляется (5 вверх, 4 вниз)",
            5 if rules.trailing_five == "up" else 4,
            "Half",
        ),
        ("БК вдвойне (1 да, 0 нет)", int(rules.no_trump_double), "NoTrumpDouble"),
        ("бонус за все взятки (1/0)", int(rules.all_tricks_bonus), "AllTricks"),
        ("бэла при подсаде (1/0)", int(rules.bela_kept), "BelaKept"),
        ("C на сорванном капо", rules.failed_capo_base, "FailedCapoBase"),
        (
            "очки за висты: каждой стороне своё округление (1/0)",
            int(rules.whist_rounding == "each"),
            "WhistsEach",
        ),
        (
            "без взяток заявки уходят защите (1/0)",
            int(rules.trickless_transfer),
            "TricklessTransfer",
        ),
        (
            "контра сыграна: висты защиты играющим (1/0)",
            int(rules.contra_takes_all),
            "ContraTakesAll",
        ),
        (
            "БК: заказ ещё раз после контры (1/0)",
            int(rules.no_trump_adds_bid),
            "NoTrumpAddsBid",
        ),
        (
            "подсад: защите заказ + 16 (25) + свои заявки (1/0)",
            int(rules.failed_payout == "base"),
            "FailedBase",
        ),
        (
            "капо — заказ своего уровня (1/0)",
            int(rules.capo_scoring == "bid"),
            "CapoByBid",
        ),
        ("игра до", rules.target, "Target"),
        ("минимальный заказ", rules.min_bid, "MinBid"),
    ]
    row = write_constants(sheet, 2, 0, "Константы и опции", items)
    doublings = [
        (DOUBLING_CODES[d], DOUBLING_FACTOR[d]) for d in ("contra", "recontra")
    ]
    write_lookup(
        sheet, row + 1, 0, "Контра", ("код", "множитель"), doublings, "Doublings"
    )
    _word_tables(sheet, row + 6, 0)
    sheet.set_widths({0: 42, 1: 10, 3: 10, 4: 10, 5: 10})
    return SheetEntry(sheet.name)


def _word_tables(sheet: Sheet, row: int, col: int) -> None:
    """The words each choice column accepts (its codes, the package's words
    for its values) and the code each stands for."""
    for field, (words, _) in word_tables().items():
        row = write_lookup(
            sheet,
            row,
            col,
            f"Слова: {_CHOICES[field]}",
            ("слово", "код"),
            words,
            _table_name(field),
        )
        row += 1
