"""Writing every пулька of a preferans log: the drawing, the end-of-game table
and the settlement beside it on one sheet per game; from a deal log also the
deal protocol (:mod:`.protocol`) on a sheet of its own.

The settlement is computed once for all games (``settle``, ``pairwise``);
each game's sheet writes its part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_index
from cardscore_frames.excel import Workbook, cell_ref
from cardscore_frames.excel.constants import write_constants
from cardscore_frames.excel.hooks import SheetEntry
from cardscore_frames.excel.paper import hint, write_details
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.games.preferans.paper import drawing
from cardscore_frames.games.preferans.paper.protocol import write_protocol
from cardscore_frames.games.preferans.paper.settlement import (
    RULE_NAMES,
    Values,
    money_work,
    refs,
    table,
    write_block,
    write_table,
)
from cardscore_frames.games.preferans.settlement.from_deals import (
    CORRECTION_PARTS,
    sheet,
)
from cardscore_frames.games.preferans.settlement.paper import COMPENSATION_WHISTS
from cardscore_frames.games.preferans.settlement.schema import WHIST_COLUMNS
from cardscore_frames.games.preferans.settlement.settle import pairwise, settle

__all__ = [
    "DETAILS",
    "RULES_SHEET",
    "TOP",
    "RIGHT",
    "write_sheets",
    "write_rules",
    "add_styles",
    "page",
]

#: The game's details: label, log column, columns the value spans, the label's.
DETAILS = (
    ("Клуб", "league", 9, 3),
    ("Сезон", "season", 5, 3),
    ("Дата", "date", 5, 3),
    ("Стол", "table", 2, 3),
    ("Пулька", "game_id", 2, 3),
)
#: The game's terms, right of the details: label, log column (None: an option).
TERMS = (("Пуля до", "pool_target"), ("Цена виста", "whist_price"), ("Единица", None))
RULES_SHEET = "Правила"
#: The heading over the corrections' parts, and each part's.
CORRECTIONS = "из них поправками"
CORRECTION_LABELS = dict(zip(CORRECTION_PARTS, ("пуля", "гора", "висты"), strict=True))
TOP = 4  # first row of the drawing and the table
RIGHT = 25  # first column right of the drawing


def add_styles(book: Workbook) -> None:
    drawing.add_styles(book)
    styles = book.styles
    styles.register("exact", {"num_format": "+0.00;[Red]-0.00;0.00"})
    styles.register(
        "grey_text", {"font_color": "#7F7F7F", "italic": True, "font_size": 8}
    )
    styles.register("self", {"bg_color": "#D9D9D9"})
    styles.register("label", {"bold": True, "align": "right", "indent": 1})


def write_rules(book: Workbook, rules: Any) -> SheetEntry:
    """The rules the formulas read, from the package's own constants."""
    sheet = book.add_sheet(RULES_SHEET)
    sheet.merge(0, 0, 0, 3, "Правила расчёта", "title")
    items = [
        ("a: вистов за очко пули", rules.pool_whists, RULE_NAMES[0]),
        ("b: вистов за очко горы", rules.mountain_whists, RULE_NAMES[1]),
        ("вистов за очко поправки", COMPENSATION_WHISTS, RULE_NAMES[2]),
    ]
    end = write_constants(sheet, 2, 0, "Константы", items)
    sheet.merge(end + 1, 0, end + 1, 3, "Правила: " + _preset(rules), "subtitle")
    sheet.set_widths({0: 28, 1: 10})
    return SheetEntry(sheet.name)


def _preset(rules: Any) -> str:
    for name in type(rules).PRESETS:
        if type(rules).preset(name) == rules:
            return name
    return ", ".join(f"{k} = {v}" for k, v in rules.changes().items())


def write_sheets(
    book: Workbook, frame: pd.DataFrame, kind: str, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """One sheet per пулька (and its protocol from a deal log)."""
    add_styles(book)
    rules = frame.cardscore.rules
    method = options.get("method", "exact")
    price, unit = options.get("whist_price"), options.get("unit", 0.01)
    log = sheet(frame) if kind == "deals" else frame
    methods = list(dict.fromkeys([method, "exact"]))
    # method 2's adjustment for the chosen method (the exact block has none)
    rounding = {m: "nearest" for m in methods}
    rounding[method] = options.get("rounding", "nearest")
    settled = {
        m: settle(
            log,
            method=m,
            whist_price=price,
            unit=unit,
            rules=rules,
            rounding=rounding[m],
        )
        for m in methods
    }
    pairs = {
        m: pairwise(log, method=m, rules=rules, rounding=rounding[m]) for m in methods
    }
    index = game_index(log, "seat")
    order = log.take(index.order).reset_index(drop=True)
    deals = _deal_index(frame) if kind == "deals" else None
    entries, pair_at = [], 0
    for g in range(index.n_games):
        start, stop = int(index.starts[g]), int(index.starts[g + 1])
        n = stop - start
        game = order.iloc[start:stop]
        part = {
            m: (
                settled[m].iloc[start:stop],
                pairs[m].iloc[pair_at : pair_at + n * (n - 1)],
            )
            for m in methods
        }
        pair_at += n * (n - 1)
        rows = None if deals is None else frame.take(deals[g])
        entries += write_game(
            book, game, part, methods, rules, unit, rows, rounding[method]
        )
    entries.append(write_rules(book, rules))
    return entries


def _deal_index(scored: pd.DataFrame) -> list[np.ndarray]:
    index = game_index(scored)
    return [
        index.order[index.starts[g] : index.starts[g + 1]] for g in range(index.n_games)
    ]


def write_game(
    book,
    game: pd.DataFrame,
    part,
    methods,
    rules,
    unit,
    deals: pd.DataFrame | None,
    rounding: str = "nearest",
) -> list[SheetEntry]:
    """A пулька's sheet (and its protocol's); ``rounding``: method 2's
    adjustment in the first block."""
    first = game.iloc[0]
    gid = first["game_id"]
    names = [str(x) for x in game["player"]]
    sheet = book.add_sheet(f"Пулька {gid}")
    protocol = None
    if deals is not None:
        protocol = book.add_sheet(f"Пулька {gid} · сдачи")
    price = part[methods[0]][0]["whist_price"].iloc[0]
    spots = page(sheet, game, rules, unit, f"Пулька {gid}", price)
    texts = _texts(game, deals)
    target = _plain(first.get("pool_target"))  # None: no target known
    target_ref = spots["pool_target_ref"]
    closed = {
        i: target is not None and bool(p == target) for i, p in enumerate(game["pool"])
    }
    drawing.draw(
        sheet,
        TOP,
        0,
        names,
        texts,
        closed=closed,
        centre=_plain(target),
        centre_formula=f'=IF({target_ref}="","",{target_ref})',  # as the template
    )
    layout = table(len(names), RIGHT)
    values = {"pool": game["pool"].tolist(), "mountain": game["mountain"].tolist()}
    for j, column in enumerate(WHIST_COLUMNS[: len(names)]):
        values[f"on_{j}"] = game[column].astype(object).tolist()
    write_table(sheet, layout, TOP, names, values)
    _write_corrections(sheet, layout, game)
    r = refs(
        layout,
        TOP,
        len(names),
        spots["pool_target_ref"],
        spots["price_ref"],
        spots["unit_ref"],
    )
    col = RIGHT
    for k, method in enumerate(methods):
        if k:  # the second block's label columns are past the table's
            sheet.set_widths({col: 7, col + 1: 13})
        v = _values(part[method], len(names), rules, unit)
        write_block(
            sheet,
            TOP + len(names) + 2,
            col,
            method,
            names,
            r,
            v,
            rules.mountain_whists,
            rounding if k == 0 else "nearest",
        )
        col += len(names) + 4
    _finish(sheet, col)
    fixed = {
        c: spots[c]
        for c in (
            "game_id",
            "league",
            "season",
            "date",
            "table",
            "pool_target",
            "whist_price",
        )
    }
    layout_hint = hint(layout, TOP, fixed=fixed, until_blank=True)
    index = _index_row(first, names, part[methods[0]][0], methods[0])
    entries = [SheetEntry(sheet.name, "sheet", gid, index, layout_hint)]
    if protocol is not None:
        sheet.link_to_sheet(2, RIGHT + 9, protocol.name, "сдачи →")
        entries.append(write_protocol(protocol, deals, names, sheet.name, rules))
    return entries


def _write_corrections(sheet: Sheet, layout, game: pd.DataFrame) -> None:
    """Right of the table, the part of each player's pool, mountain and whists
    (those he wrote on others) that corrections wrote: a sheet shows a
    correction as such. Only for a game that has one; not read back (the
    table's totals hold it)."""
    parts = [c for c in CORRECTION_PARTS if c in game and game[c].notna().any()]
    if not parts:
        return
    col = layout.last_col + 1
    sheet.merge(TOP - 1, col, TOP - 1, col + len(parts) - 1, CORRECTIONS, "header")
    for k, name in enumerate(parts):
        sheet.write(TOP, col + k, CORRECTION_LABELS[name], "header")
        sheet.write_column(TOP + 1, col + k, game[name], ("body", "centre", "italic"))
    sheet.set_widths({col + k: 7 for k in range(len(parts))})


def page(
    sheet: Sheet, game: pd.DataFrame, rules, unit, title: str, price: Any = None
) -> dict[str, Any]:
    """Title, details and terms; returns where each value is."""
    first = game.iloc[0]
    sheet.merge(0, 0, 0, 23, title, "title")
    sheet.set_row_height(0, 22)
    pairs = [(label, _plain(first.get(c)), *span) for label, c, *span in DETAILS]
    where = write_details(sheet, 1, 0, pairs[:2], label_style="label")
    where += write_details(sheet, 2, 0, pairs[2:], label_style="label")
    spots = {c: w for (_, c, *_), w in zip(DETAILS, where, strict=True)}
    terms = [
        ("Пуля до", _plain(first.get("pool_target")), 1, 2),
        ("Цена виста", _plain(price), 1, 2),
        ("Единица", unit, 1, 2),
    ]
    right = write_details(sheet, 1, RIGHT, terms, label_style="label")
    spots["pool_target"], spots["whist_price"], unit_at = right
    spots["pool_target_ref"] = cell_ref(*spots["pool_target"], True)
    spots["price_ref"] = cell_ref(*spots["whist_price"], True)
    spots["unit_ref"] = cell_ref(*unit_at, True)
    sheet.merge(2, RIGHT, 2, RIGHT + 8, "Правила: " + _preset(rules), "subtitle")
    return spots


def _plain(value: Any) -> Any:
    if value is None:
        return None
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        return value
    return value.item() if hasattr(value, "item") else value


def _finish(sheet: Sheet, last_col: int) -> None:
    sheet.autofit(minimum=8, maximum=30)
    sheet.landscape_fit_to_page(pages_tall=1)


def _values(part, n: int, rules, unit: float) -> Values:
    settled, pairs = part
    matrix = np.zeros((n, n))
    s = pairs["seat"].to_numpy() - 1
    o = pairs["opponent_seat"].to_numpy() - 1
    matrix[s, o] = pairs["total"].to_numpy(dtype=float)
    amnesty = settled["mountain_amnesty"].to_numpy(dtype=float)
    delta = settled["adjustment"].to_numpy(dtype=float)
    price = settled["whist_price"].iloc[0]
    money = settled["money"]
    names = [str(x) for x in settled["player"]]
    twelfths = settled["twelfths"].to_numpy(dtype=np.int64)
    return Values(
        pool=settled["pool"].to_numpy(dtype=float),
        mountain=settled["mountain"].to_numpy(dtype=float),
        pooled=settled["mountain_pooled"].to_numpy(dtype=float),
        amnesty=amnesty,
        delta=delta,
        written=(amnesty + delta) * rules.mountain_whists / n,
        matrix=matrix,
        whists=settled["whists"].to_numpy(dtype=float),
        money=None if money.isna().any() else money.to_numpy(dtype=float),
        work=money_work(
            twelfths.tolist(), names, None if pd.isna(price) else float(price), unit
        ),
    )


def _texts(game: pd.DataFrame, deals: pd.DataFrame | None):
    """Each zone's text: its running entries (a deal log), or the last one."""
    names = [str(x) for x in game["player"]]
    n = len(names)
    runs = _runs(deals, n) if deals is not None else _finals(game, n)

    def text(what: tuple) -> list[tuple[str, str]]:
        kind = what[0]
        entries = _dots(runs.get(what, []))
        if kind == "whists":
            return [(f"на {names[what[2]]}\n", "zone_label"), (entries, "zone_entry")]
        if kind == "pool":
            return [("пуля  ", "zone_label"), (entries, "zone_entry")]
        return [
            (f"{names[what[1]]}\n", "zone_name"),
            ("гора  ", "zone_label"),
            (entries, "zone_entry"),
        ]

    return text


def _dots(values: Sequence[Any]) -> str:
    # A zero-width space after each dot lets a long run wrap between entries.
    return "\u200b".join(f"{_whole(v)}." for v in values)


def _whole(v: Any) -> Any:
    f = float(v)
    return int(f) if f.is_integer() else f


def _finals(game: pd.DataFrame, n: int) -> dict[tuple, list]:
    runs: dict[tuple, list] = {}
    for i in range(n):
        row = game.iloc[i]
        for kind in ("pool", "mountain"):
            if row[kind]:
                runs[(kind, i)] = [row[kind]]
        for j in range(n):
            w = row[WHIST_COLUMNS[j]]
            if j != i and not pd.isna(w) and w:
                runs[("whists", i, j)] = [w]
    return runs


def _runs(deals: pd.DataFrame, n: int) -> dict[tuple, list]:
    """Every zone's cumulative totals after each deal that changed it."""
    runs: dict[tuple, list] = {}
    for i in range(1, n + 1):
        for kind in ("pool", "mountain"):
            total = deals[f"{kind}_sheet_{i}"].to_numpy()
            step = np.diff(total, prepend=0)
            runs[(kind, i - 1)] = total[step != 0].tolist()
        for j in range(1, n + 1):
            if j != i:
                w = deals[f"whists_{i}_on_{j}"].to_numpy()
                runs[("whists", i - 1, j - 1)] = np.cumsum(w)[w != 0].tolist()
    return runs


def _index_row(first, names, settled, method) -> dict[str, Any]:
    whists = settled["whists"].to_numpy(dtype=float)
    order = np.argsort(-whists, kind="stable")
    result = " · ".join(f"{names[i]} {_signed(whists[i])}" for i in order)
    money = settled["money"]
    return {
        "Клуб": _plain(first.get("league")),  # shown when the pools differ
        "Сезон": _plain(first.get("season")),
        "Пулька": first["game_id"],
        "Дата": _plain(first.get("date")),
        "Стол": _plain(first.get("table")),
        "Игроки": ", ".join(names),
        "Пуля до": _plain(first.get("pool_target")),
        f"Итог, висты ({_METHOD_WORD[method]})": result,
        "Деньги": None
        if money.isna().any()
        else " · ".join(f"{names[i]} {money.iloc[i]:+.2f}" for i in order).replace(
            "-", "−"
        ),
    }


_METHOD_WORD = {"exact": "точно", "paper": "метод 1", "average": "метод 2"}


def _signed(x: float) -> str:
    text = f"{x:+.0f}" if float(x).is_integer() else f"{x:+.2f}"
    return text.replace("-", "−")
