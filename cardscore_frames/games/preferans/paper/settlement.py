"""The end of a пулька on a sheet: the players' final pool, mountain and whists
(a table that reads back as the preferans ``sheet`` log), and the settlement
laid out step by step as the seed does it (docs/guide/excel.md, the пулька).

Every step is a formula over the table, the details (pool target, price of a
whist, currency unit) and the rules sheet (a, b, the 3-whist compensation),
written with the value the package computed: an export shows the package's
numbers and stays live, a template settles what is typed in. Rows: the pools,
the mountains, the mountain with an unfinished pool's shortfall moved in, the
amnesty, the paper method's one-point corrections, the whists the mountain is
worth (written on its owner by each other player), then the netted whists
(row i, column j: i's balance against j; the row sums are the results, Σ = 0)
and the money, rounded to the unit so that it sums to 0 (largest remainders;
the working rows are hidden).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardscore_frames.excel import cell_ref
from cardscore_frames.excel.paper import Column, NumberCheck, Table
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.preferans.settlement.schema import WHIST_COLUMNS

__all__ = [
    "RULE_NAMES",
    "METHOD_TITLES",
    "table",
    "Values",
    "Refs",
    "refs",
    "write_table",
    "write_block",
]

#: The workbook names of the rules the formulas use (a, b, compensation).
RULE_NAMES = ("pool_whists", "mountain_whists", "compensation")
METHOD_TITLES = {
    "paper": "Расчёт: метод 1 (амнистия)",
    "average": "Расчёт: метод 2 (средняя гора)",
    "exact": "Расчёт: точно",
}
#: Method 2's title with ``rounding="multiple"`` (PrefCount's adjustment).
MULTIPLE_TITLE = "Расчёт: метод 2 (средняя гора, сумма гор кратна числу игроков)"
SEAT, PLAYER = "место", "игрок"
_WORK = ("двенадцатые", "числитель", "целые", "остаток", "очередь")


def table(n: int, col: int, *, template: bool = False) -> Table:
    """The end-of-game table: seat, player, pool, mountain, whists on each seat."""
    count = NumberCheck(True, 0, None) if template else None
    centre = ("body", "centre")
    columns = [
        Column("seat", SEAT, "seat", fills_row=False, width=6, style=centre),
        Column("player", PLAYER, "player", width=11, style=("body", "bold")),
        Column("pool", "пуля", "pool", width=7, style=centre, check=count),
        Column(
            "mountain",
            "гора",
            "mountain",
            width=7,
            style=centre,
            check=NumberCheck(True) if template else None,
        ),
    ]
    for j in range(n):
        columns.append(
            Column(
                f"on_{j}",
                f"на {j + 1}",
                WHIST_COLUMNS[j],
                width=7,
                style=centre,
                check=count,
            )
        )
    return Table(tuple(columns), col)


@dataclass
class Values:
    """What the package computed for one game, stored beside each formula."""

    pool: np.ndarray
    mountain: np.ndarray
    pooled: np.ndarray
    amnesty: np.ndarray
    delta: np.ndarray
    written: np.ndarray  # (amnesty + delta) x b / n
    matrix: np.ndarray  # (n, n): row i's netted whists against column j
    whists: np.ndarray
    money: np.ndarray | None  # None: no price
    work: dict[str, list] = field(default_factory=dict)

    @classmethod
    def zeros(cls, n: int) -> Values:
        z = np.zeros(n)
        work = {name: [0] * n for name in _WORK}
        return cls(z, z, z, z, z, z, np.zeros((n, n)), z, None, work)


def money_work(twelfths, names, price: float | None, unit: float) -> dict[str, list]:
    """The hidden rows' values, as their formulas compute them: exact amounts,
    whole units, remainders and each player's turn for a unit left over."""
    n = len(twelfths)
    if price is None or not np.isfinite(price):  # the formulas give 0, but the turn
        num = whole = rem = [0] * n
    else:
        p, q = round(price * 1e9), round(unit * 1e9)
        g = math.gcd(p, q) or 1
        num = [int(t) * p // g for t in twelfths]
        den = 12 * q // g
        whole = [x // den for x in num]
        rem = [x - w * den for x, w in zip(num, whole, strict=True)]
    # a spreadsheet compares text without regard to case
    names = [str(name).casefold() for name in names]
    turn = [
        sum(
            rem[j] > rem[i]
            or (rem[j] == rem[i] and num[j] > num[i])
            or (rem[j] == rem[i] and num[j] == num[i] and names[j] < names[i])
            for j in range(n)
            if j != i
        )
        for i in range(n)
    ]
    return dict(zip(_WORK, (list(twelfths), num, whole, rem, turn), strict=True))


@dataclass(frozen=True)
class Refs:
    """Where the formulas find their inputs (absolute references)."""

    pool: list[str]
    mountain: list[str]
    whists: list[list[str]]  # [i][j]: the whists i wrote on j
    names: list[str]
    target: str
    price: str
    unit: str


def refs(layout: Table, row: int, n: int, target: str, price: str, unit: str) -> Refs:
    """The references of the table whose heading is on ``row``."""

    def at(i: int, key: str) -> str:
        return cell_ref(row + 1 + i, layout.col(key), True)

    return Refs(
        pool=[at(i, "pool") for i in range(n)],
        mountain=[at(i, "mountain") for i in range(n)],
        whists=[[at(i, f"on_{j}") for j in range(n)] for i in range(n)],
        names=[at(i, "player") for i in range(n)],
        target=target,
        price=price,
        unit=unit,
    )


def write_table(
    sheet: Sheet,
    layout: Table,
    row: int,
    names: Sequence[Any],
    values: dict[str, Sequence[Any]] | None,
) -> None:
    """The heading and one row per seat (``values`` None: a blank template)."""
    layout.write_header(sheet, row)
    n = len(names)
    sheet.write_column(
        row + 1, layout.col("seat"), list(range(1, n + 1)), ("body", "centre")
    )
    sheet.write_column(row + 1, layout.col("player"), list(names), ("body", "bold"))
    for key in ("pool", "mountain", *(f"on_{j}" for j in range(n))):
        for i in range(n):
            own = key == f"on_{i}"
            value = None if values is None or own else values[key][i]
            style = ("body", "self") if own else ("body", "centre")
            sheet.write(row + 1 + i, layout.col(key), value, style)


def write_block(
    sheet: Sheet,
    row: int,
    col: int,
    method: str,
    names: Sequence[Any],
    r: Refs,
    v: Values,
    b_value: int,
    rounding: str = "nearest",
) -> int:
    """One settlement block from ``(row, col)``; returns the row after it
    (``rounding``: method 2's adjustment, as :func:`settle` takes it)."""
    n = len(names)
    a, b, _ = RULE_NAMES
    num = ("body", "centre", "exact" if method == "exact" else "signed")
    last = col + 2 + n
    seats = [col + 2 + i for i in range(n)]
    multiple = method == "average" and rounding == "multiple"
    title = MULTIPLE_TITLE if multiple else METHOD_TITLES[method]
    sheet.merge(row, col, row, last, title, ("bold", "left"))
    sheet.merge(row + 1, col, row + 1, col + 1, None, "header")
    sheet.write_row(row + 1, col + 2, list(names), "header")
    sheet.write(row + 1, last, None, "header")

    def line(rr, label, formulas, values, style=("body", "centre"), note=None):
        sheet.merge(rr, col, rr, col + 1, label, ("body", "left"))
        for i in range(n):
            sheet.write_formula(rr, seats[i], formulas[i], _num(values[i]), style)
        if note is None:
            sheet.write(rr, last, None, "body")
        else:
            sheet.write_formula(
                rr, last, note[0], _num(note[1]), ("body", "centre", "grey_text")
            )

    def cells(rr: int) -> list[str]:
        return [cell_ref(rr, c) for c in seats]

    rr = row + 2
    line(rr, "пуля", [f"={x}" for x in r.pool], v.pool)
    line(rr + 1, "гора", [f"={x}" for x in r.mountain], v.mountain)
    goal = f'IF({r.target}="",MAX({",".join(r.pool)}),{r.target})'
    pooled = [
        f"={m}+({goal}-{p})*{a}/{b}" for m, p in zip(r.mountain, r.pool, strict=True)
    ]
    line(rr + 2, "гора + недобор пули", pooled, v.pooled)
    span = f"{cells(rr + 2)[0]}:{cells(rr + 2)[-1]}"
    line(
        rr + 3,
        "− амнистия",
        [f"={x}-MIN({span})" for x in cells(rr + 2)],
        v.amnesty,
        note=(f"=MIN({span})", float(np.min(v.pooled)) if n else 0),
    )
    amnesty, rr = cells(rr + 3), rr + 4
    if method == "exact":  # no correction; the row keeps the blocks level
        sheet.merge(rr, col, rr, col + 1, "поправка", ("body", "left"))
        for c in seats:
            sheet.write(rr, c, "—", ("body", "centre", "grey_text"))
        sheet.write(rr, last, None, "body")
        delta = ["0"] * n
    else:
        line(
            rr,
            "поправка",
            _deltas(method, amnesty, n, b, rounding),
            v.delta,
            ("body", "centre", "signed"),
        )
        delta = cells(rr)
    rr += 1
    written = [f"=({x}+{d})*{b}/{n}" for x, d in zip(amnesty, delta, strict=True)]
    line(rr, f"гора × {b_value} / {n}", written, v.written, num)
    rr = _matrix(sheet, rr + 1, col, names, r, delta, v, num)
    return _money(sheet, rr, col, names, r, v)


def _num(value: Any) -> Any:
    if value is None or (isinstance(value, float) and not np.isfinite(value)):
        return ""
    f = float(value)
    return int(f) if f.is_integer() else f


def _deltas(
    method: str, amnesty: list[str], n: int, b: str, rounding: str = "nearest"
) -> list[str]:
    """Method 1 moves each mountain to the nearest that divides (a tie writes a
    point off); method 2 moves the last seat's so that the total divides: to the
    nearest total that does (a tie adds a point), or with ``rounding="multiple"``
    to the nearest multiple of n."""
    step = f"({n}/GCD({b},{n}))"
    if method == "paper":
        return [
            f"=IF(2*MOD({x},{step})>{step},{step}-MOD({x},{step}),-MOD({x},{step}))"
            for x in amnesty
        ]
    total = f"MOD(SUM({amnesty[0]}:{amnesty[-1]}),{step})"
    moved = f"=IF(2*{total}>={step},{step}-{total},-{total})"
    if rounding == "multiple":
        by_n = f"MOD(SUM({amnesty[0]}:{amnesty[-1]}),{n})"
        moved = f"=IF({total}=0,0,IF(2*{by_n}>={n},{n}-{by_n},-{by_n}))"
    return ["=0"] * (n - 1) + [moved]


def _matrix(sheet, row, col, names, r: Refs, delta, v: Values, num) -> int:
    """The netted whists: row i against column j, each row's sum, Σ = 0."""
    n = len(names)
    a, b, k = RULE_NAMES
    last = col + 2 + n
    sheet.merge(row, col, row, col + 1, "висты ↓ против →", "header")
    sheet.write_row(row, col + 2, list(names), "header")
    sheet.write(row, last, "итог", "header")
    for i in range(n):
        rr = row + 1 + i
        sheet.merge(rr, col, rr, col + 1, names[i], ("body", "bold", "left"))
        for j in range(n):
            if i == j:
                sheet.write(rr, col + 2 + j, "·", ("body", "centre", "grey_text"))
                continue
            di, dj = delta[i], delta[j]
            formula = (
                f"={r.whists[i][j]}-{r.whists[j][i]}"
                f"+(({r.mountain[j]}+{dj})-({r.mountain[i]}+{di}))*{b}/{n}"
                f"-({r.pool[j]}-{r.pool[i]})*{a}/{n}+{k}*({di}-{dj})"
            )
            sheet.write_formula(rr, col + 2 + j, formula, _num(v.matrix[i, j]), num)
        sums = f"{cell_ref(rr, col + 2)}:{cell_ref(rr, col + 1 + n)}"
        sheet.write_formula(
            rr, last, f"=SUM({sums})", _num(v.whists[i]), (*num, "bold")
        )
    total = row + 1 + n
    sheet.merge(total, col, total, col + 1, "Σ", ("body", "right"))
    for j in range(n):
        sheet.write(total, col + 2 + j, None, "body")
    column = f"{cell_ref(row + 1, last)}:{cell_ref(row + n, last)}"
    sheet.write_formula(total, last, f"=ROUND(SUM({column}),9)", 0, ("body", "check"))
    sheet.flag_nonzero(total, last, total, last)
    return total + 1


def _money(sheet, row, col, names, r: Refs, v: Values) -> int:
    """The money, to the unit: hidden working rows, then the money row."""
    n = len(names)
    last = col + 2 + n
    seats = [col + 2 + i for i in range(n)]
    whists = [cell_ref(row - 1 - n + i, last) for i in range(n)]
    at = {name: [cell_ref(row + k, c) for c in seats] for k, name in enumerate(_WORK)}
    p9, u9 = f"ROUND({r.price}*10^9,0)", f"ROUND({r.unit}*10^9,0)"
    g = f"GCD({p9},{u9})"
    den = f"(12*{u9}/{g})"
    rem, num, name = at["остаток"], at["числитель"], r.names
    formulas = {
        "двенадцатые": [f"=ROUND({w}*12,0)" for w in whists],
        "числитель": [f'=IF({r.price}="",0,{t}*{p9}/{g})' for t in at["двенадцатые"]],
        "целые": [f'=IF({r.price}="",0,INT({x}/{den}))' for x in num],
        "остаток": [
            f'=IF({r.price}="",0,{x}-{w}*{den})'
            for x, w in zip(num, at["целые"], strict=True)
        ],
        "очередь": [
            "="
            + "+".join(
                f"({rem[j]}>{rem[i]})+AND({rem[j]}={rem[i]},{num[j]}>{num[i]})"
                f"+AND({rem[j]}={rem[i]},{num[j]}={num[i]},{name[j]}<{name[i]})"
                for j in range(n)
                if j != i
            )
            for i in range(n)
        ],
    }
    for k, label in enumerate(_WORK):
        sheet.merge(row + k, col, row + k, col + 1, label, "grey_text")
        for i in range(n):
            sheet.write_formula(
                row + k,
                seats[i],
                formulas[label][i],
                _num(v.work[label][i]),
                "grey_text",
            )
        sheet.hide_rows(row + k, row + k)
    out = row + len(_WORK)
    whole = at["целые"]
    missing = f"-SUM({whole[0]}:{whole[-1]})"
    sheet.merge(out, col, out, col + 1, "деньги", ("body", "bold", "left"))
    for i in range(n):
        units = f"{whole[i]}+({at['очередь'][i]}<{missing})"
        value = "" if v.money is None else _num(v.money[i])
        sheet.write_formula(
            out,
            seats[i],
            f'=IF({r.price}="","",ROUND(({units})*{r.unit},9))',
            value,
            ("body", "centre", "signed_money", "bold"),
        )
    money = f"{cell_ref(out, seats[0])}:{cell_ref(out, seats[-1])}"
    sheet.write_formula(
        out,
        last,
        f'=IF({r.price}="","",ROUND(SUM({money}),9))',
        "" if v.money is None else 0,
        ("body", "check"),
    )
    return out + 1
