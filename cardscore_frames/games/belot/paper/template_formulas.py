"""The formulas of the blank протокол (:mod:`.template`), row by row: each
choice read through its table of accepted words, the hidden working columns
that score a deal by rules 1 to 8 of docs/games/belot.md, and the visible
columns they feed (всего, each pair's points, БТ, what cannot be scored)."""

from __future__ import annotations

from typing import Any

from cardscore_frames.excel import col_letters
from cardscore_frames.excel.paper import Table
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.excel.words import BLANK, UNKNOWN, code_formula, key_formula
from cardscore_frames.games.belot.paper import BAIT, PAIR_CODES, SUIT_CODES

__all__ = ["CHOICES", "working_formulas", "table_name"]


#: The choice columns read through their table of accepted words, and their
#: headings in messages.
CHOICES = {"declarer": "пара", "contract": "масть", "doubling": "К/РК", "bela": "бэла"}


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


def working_formulas(sheet: Sheet, layout: Table, first: int, last: int):
    """The working formulas (hidden), and the visible columns' formulas."""
    start = layout.last_col + 2
    choices = [f for f in CHOICES if layout.has(f)]
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
        out.append(f"={code_formula(c[f'key_{field}'], table_name(field))}")
    return out


def table_name(field: str) -> str:
    """The name of a choice's table of accepted words (on the Правила sheet)."""
    return "Слова_" + field


def _problems(c: dict[str, str], x: dict[str, Any], choices: list[str]) -> str:
    """What the formulas cannot score on the row, each part after " ; "."""
    parts = [
        f'IF({c[f"code_{f}"]}="{UNKNOWN}","{_SEP}{CHOICES[f]}: «"&{x[f]}'
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
