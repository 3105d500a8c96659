"""Duel: a two-player toy game, defined here in the tests, that proves the contract.

How to add a game
-----------------
A game is a folder of its own (``cardscore_frames/games/<game>/``, or a module of
yours like this one) and one ``register(GAME)`` line (the bundled games' is in
``cardscore_frames/games/__init__.py``); nothing else in the package changes.

- ``Rules``: a frozen dataclass subclassing ``contract.RulesBase``, with ``GAME``
  and ``PRESETS`` (the first preset is the defaults).
- Its log: a ``checking.Schema`` of ``checking.Field`` (league, season, date and
  table come with every schema) and checks that record ``Problems.add``.
- ``score(deals, *, rules=None, validate=True)``: ``contract.prepare_log``, then
  column arithmetic, then ``checking.stamp(..., kind="scored")``.
- ``to_ledger(scored, *, rules=None)``: ``contract.ensure_scored``, then
  ``ledger.from_wide`` of a (deals, seats) array of scores and role codes.
- ``results`` (``ledger.results_by_score`` for a zero-sum game), ``report`` and,
  optionally, ``profile`` (the game's own season figures).
- Its paper sheet: an ``excel.hooks.GameSheets`` (write, read, template) drawn
  with an ``excel.paper.Table``, found again through ``paper.hint``.
- A ``contract.Game`` holding it all, with ``examples``, ``probes`` and a
  ``ranking`` of ``season.RANKINGS``; tests/test_contract.py checks every
  registered game (tests/test_toy_game.py shows how for a game of your own).

The rules of duel: each deal one of the two players bids 1 to 5 tricks of 8 and
plays. Made (tricks >= bid): the bidder scores +10 x bid and the opponent -10 x
bid; failed: the reverse. Every deal sums to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames.checking import (
    Field,
    Problems,
    Schema,
    filled,
    game_index,
    running_sum,
    stamp,
)
from cardscore_frames.checking.seats import (
    players_text,
    same_name,
    seat_of,
)
from cardscore_frames.contract import (
    Example,
    Game,
    Probe,
    RulesBase,
    ensure_scored,
    prepare_log,
)
from cardscore_frames.errors import RulesError
from cardscore_frames.excel import Workbook, col_letters
from cardscore_frames.excel.constants import write_constants
from cardscore_frames.excel.hooks import DETAIL_OPTIONS, GameSheets, SheetEntry, Words
from cardscore_frames.excel.paper import (
    Column,
    NumberCheck,
    PaperRows,
    Table,
    details_into,
    find_columns,
    hint,
    read_hinted,
    read_rows,
    write_details,
)
from cardscore_frames.excel.reading import SheetCells
from cardscore_frames.excel.sheet import Sheet
from cardscore_frames.ledger import totals
from cardscore_frames.ledger.per_game import results_by_score

NAME = "duel"
#: Tricks in a deal.
TRICKS = 8
PLAYERS = ("player1", "player2")
#: Ledger roles, in the order of their codes.
ROLES = ("bidder", "opponent")
#: Columns that ``score`` adds, in order.
SCORE_COLUMNS = (
    "made",
    "value",
    "bidder_seat",
    "points1",
    "points2",
    "total1",
    "total2",
)
#: The bundled example: three games over two evenings.
EXAMPLE = Path(__file__).resolve().parent / "fixtures" / "toy" / "duel_evenings.csv"


@dataclass(frozen=True)
class Rules(RulesBase):
    """Duel's rules: ``trick_value`` points a bid trick, bids 1 to ``max_bid``."""

    GAME: ClassVar[str] = NAME
    PRESETS: ClassVar[dict] = {
        "club": ("the toy rules: 10 points a bid trick, bids 1 to 5", {}),
        "high": (
            "high stakes: 20 points a bid trick, bids 1 to 7",
            {"trick_value": 20, "max_bid": 7},
        ),
    }

    trick_value: int = 10
    max_bid: int = 5

    def __post_init__(self) -> None:
        if not (isinstance(self.max_bid, int) and 1 <= self.max_bid <= TRICKS):
            raise RulesError(
                f"max_bid must be a whole number from 1 to {TRICKS}; "
                f"got {self.max_bid!r}"
            )


# --- the deal log ----------------------------------------------------------------

FIELDS = (
    Field("game_id", "id", aliases=("game",)),
    Field("deal", "int", low=1),
    Field("player1", "name"),
    Field("player2", "name"),
    Field("bidder", "name"),
    Field("bid", "int", low=1),  # its highest value is the rules': check_bid
    Field("tricks", "int", low=0, high=TRICKS),
)


def check_players(deals: pd.DataFrame, problems: Problems, rules: Any) -> None:
    """Two different players, the same two on every deal of a game."""
    problems.add(
        same_name(deals["player1"], deals["player2"]),
        "player2",
        "duplicate_player",
        "player names must be distinct in a deal; {value} is also player1",
    )
    index = problems.cached("games", lambda: game_index(deals, "deal"))
    first = index.first_of()
    for column in PLAYERS:
        names = deals[column]
        moved = ~same_name(names, names.iloc[first].set_axis(names.index))
        problems.add(
            moved & names.notna().to_numpy(),
            column,
            "player_changed",
            f"{column} must be the same on every deal of a game; got {{value}}, "
            "not the game's first deal's {first}",
            first=names.iloc[first].to_numpy(dtype=object),
        )


def check_bidder(deals: pd.DataFrame, problems: Problems, rules: Any) -> None:
    given = deals["bidder"].notna().to_numpy()
    problems.add(
        given & (seat_of(deals, PLAYERS, "bidder") < 0),
        "bidder",
        "not_seated",
        "bidder must be one of the deal's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )


def check_bid(deals: pd.DataFrame, problems: Problems, rules: Any) -> None:
    rules = Rules.ensure(rules)
    bid = deals["bid"].to_numpy(dtype=float, na_value=np.nan)
    problems.add(
        bid > rules.max_bid,
        "bid",
        "out_of_range",
        f"bid must be a whole number from 1 to {rules.max_bid}; got {{value}}",
    )


SCHEMA = Schema(
    game=NAME, fields=FIELDS, checks=(check_players, check_bidder, check_bid)
)


# --- scoring -----------------------------------------------------------------------


def score(
    deals: pd.DataFrame, *, rules: Rules | None = None, validate: bool = True
) -> pd.DataFrame:
    """Score every duel deal at once.

    Returns
    -------
    pandas.DataFrame
        The deals with every original column, plus ``made`` (bool),
        ``value`` (int, points: trick_value x bid), ``bidder_seat`` (int8, 1
        or 2), ``points1``, ``points2`` (int, points: each seat's deal score,
        summing to 0) and ``total1``, ``total2`` (int, points: each seat's
        running total in its game, in deal order).
    """
    deals, rules = prepare_log(deals, SCHEMA, Rules, rules, validate=validate)
    bid = filled(deals["bid"], np.int64, 0)
    made = filled(deals["tricks"], np.int64, 0) >= bid
    value = rules.trick_value * bid
    bidder_score = np.where(made, value, -value)
    seat = seat_of(deals, PLAYERS, "bidder")
    points1 = np.where(seat == 0, bidder_score, -bidder_score)
    index = game_index(deals)
    added = {
        "made": made,
        "value": value,
        "bidder_seat": (seat + 1).astype(np.int8),
        "points1": points1,
        "points2": -points1,
        "total1": running_sum(points1, index),
        "total2": running_sum(-points1, index),
    }
    out = deals.drop(columns=[c for c in added if c in deals])
    out = pd.concat([out, pd.DataFrame(added, index=deals.index)], axis=1)
    return stamp(out, game=NAME, kind="scored", rules=rules)


def to_ledger(scored: pd.DataFrame, *, rules: Rules | None = None) -> pd.DataFrame:
    """One row per (game, deal, player): the common ledger, ``score`` in points;
    ``role`` bidder or opponent."""
    scored, rules = ensure_scored(scored, NAME, score, SCORE_COLUMNS, rules)
    seat = scored["bidder_seat"].to_numpy(dtype=np.int8) - 1
    points = np.column_stack(
        [scored[c].to_numpy(dtype=np.int64) for c in ("points1", "points2")]
    )
    roles = (seat[:, None] != np.arange(len(PLAYERS))).astype(np.int8)
    return _ledger.from_wide(
        scored, PLAYERS, points, game=NAME, roles=roles, role_names=ROLES
    )


def results(scored: pd.DataFrame) -> pd.DataFrame:
    """One row per game and player: the game's total, place and won."""
    ledger = scored if "player" in scored and "score" in scored else to_ledger(scored)
    return results_by_score(ledger)


def profile(scored: pd.DataFrame, *, by: Sequence[str] = ()) -> dict:
    """Each player's figures as bidder, per ``by`` group: ``"bidder"`` with
    ``bids``, ``made``, ``success_rate`` and ``points`` (his score on his bids)."""
    scored, _ = ensure_scored(scored, NAME, score, SCORE_COLUMNS)
    bidder_points = np.where(
        scored["bidder_seat"].to_numpy() == 1, scored["points1"], scored["points2"]
    )
    rows = scored[[*by, "bidder", "made"]].assign(points=bidder_points)
    table = (
        rows.groupby([*by, "bidder"], observed=True)
        .agg(bids=("made", "size"), made=("made", "sum"), points=("points", "sum"))
        .reset_index()
        .rename(columns={"bidder": "player"})
    )
    table.insert(len(by) + 3, "success_rate", table["made"] / table["bids"])
    return {"bidder": table}


def report(deals: pd.DataFrame, *, rules: Rules | None = None) -> dict:
    """The tables the command line prints: each player's totals, each game's."""
    ledger = to_ledger(score(deals, rules=rules))
    table = results(ledger)
    return {"Player totals": totals(ledger).droplevel("game"), "Games": table}


# --- the paper sheet ---------------------------------------------------------------

WORDS = Words(index="Duels", title="Duel score sheets", link="Sheet", empty="No duel")
#: What is the same on every deal of a game, a row of the sheet each line:
#: (label, log column, the value's span, the label's span).
DETAILS = (
    (("Date", "date", 2, 2), ("Table", "table", 1, 1), ("Game", "game_id", 1, 1)),
    (("League", "league", 2, 2), ("Season", "season", 2, 1)),
    (("Player 1", "player1", 2, 2), ("Player 2", "player2", 2, 1)),
)
#: Title, the rows of DETAILS, the rules line, then the headings and the deals.
HEADING_ROW, FIRST_ROW = 5, 6
TOTAL = "Total"
RULES_SHEET = "Rules"


def table(players: Sequence[str] = (), rules: Rules | None = None) -> Table:
    """The sheet's columns; with ``players`` and ``rules``, a template's inputs."""
    centre = ("body", "centre")
    inputs: dict[str, dict] = {"bidder": {}, "bid": {}, "tricks": {}}
    if rules is not None:
        inputs["bidder"]["choices"] = tuple(players)
        inputs["bid"]["check"] = NumberCheck(True, 1, rules.max_bid)
        inputs["tricks"]["check"] = NumberCheck(True, 0, TRICKS)
    scores = (("points", "Points", "signed"), ("total", "Total", "cumul"))
    return Table(
        (
            Column("deal", "Deal", "deal", fills_row=False, width=6, style=centre),
            *(
                Column(key, key.title(), key, width=9, style=centre, **more)
                for key, more in inputs.items()
            ),
            *(
                Column(
                    f"{key}{seat}", f"{label} {seat}", width=9, style=(*centre, look)
                )
                for seat in (1, 2)
                for key, label, look in scores
            ),
        )
    )


_READ = table()


def _top(sheet: Sheet, title: str, values: Mapping[str, Any], rules: Rules) -> dict:
    """Title, details, the two players and the rules line; returns the layout
    hint (the table, and where each value above it is)."""
    sheet.write(0, 0, title, "title", fit=False)
    fixed = {}
    for row, line in enumerate(DETAILS, start=1):
        pairs = [(label, _value(values.get(c)), *spans) for label, c, *spans in line]
        cells = write_details(sheet, row, 0, pairs)
        fixed.update(zip((c for _, c, *_ in line), cells, strict=True))
    text = f"{rules.trick_value} points a bid trick · bids 1 to {rules.max_bid}"
    sheet.write(len(DETAILS) + 1, 0, text, "subtitle", fit=False)
    return hint(_READ, HEADING_ROW, stop=(TOTAL,), fixed=fixed)


def _value(value: Any) -> Any:
    return None if value is None or pd.isna(value) else value


def write_sheets(
    book: Workbook, scored: pd.DataFrame, kind: str, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """One sheet per game of ``scored``."""
    index = game_index(scored)
    data = scored.take(index.order).reset_index(drop=True)
    rules = scored.cardscore.rules
    starts = index.starts
    return [
        _write_game(book, data.iloc[starts[g] : starts[g + 1]], rules)
        for g in range(index.n_games)  # a loop over games, not deals
    ]


def _write_game(book: Workbook, game: pd.DataFrame, rules: Rules) -> SheetEntry:
    first = game.iloc[0]
    gid = first["game_id"]
    sheet = book.add_sheet(f"Duel {gid}")
    players = [first[c] for c in PLAYERS]
    layout = _top(sheet, f"Duel — game {gid}", first, rules)
    _READ.write_header(sheet, HEADING_ROW)
    for column in _READ.columns:
        key, col = column.key, _READ.col(column.key)
        if column.field is not None:
            values = game[column.field].astype(object).reset_index(drop=True)
            sheet.write_column(FIRST_ROW, col, values, column.style)
        else:
            sheet.write_numbers(FIRST_ROW, col, game[key].to_numpy(), column.style)
    last = FIRST_ROW + len(game) - 1
    end = (int(game["total1"].iat[-1]), int(game["total2"].iat[-1]))
    sheet.write(last + 1, 0, TOTAL, ("bold", "total"))
    for key, value in zip(("total1", "total2"), end, strict=True):
        sheet.write(last + 1, _READ.col(key), value, ("total", "centre", "signed"))
    sheet.autofit(minimum=4, maximum=24)
    winner = (
        "draw" if end[0] == end[1] else str(players[int(np.argmax(end))])
    )  # two totals summing to 0: the higher one won
    index = {
        "Game": gid,
        "Date": _value(first.get("date")),
        "Table": _value(first.get("table")),
        "Players": f"{players[0]} v {players[1]}",
        "Score": f"{end[0]} : {end[1]}",
        "Deals": len(game),
        "Winner": winner,
    }
    return SheetEntry(sheet.name, "deals", gid, index, layout)


def read_sheet(
    cells: SheetCells, kind: str, layout: Mapping[str, Any] | None = None
) -> PaperRows | None:
    """The deals on one sheet (ours or a filled template) as log rows."""
    if kind != "deals":
        return None
    return read_hinted(cells, layout, _READ.columns, _search)


def _search(cells: SheetCells) -> PaperRows | None:
    """A sheet whose layout is not known (an edited one): by its headings."""
    match = find_columns(cells, _READ.columns, ("deal", "bidder", "bid"))
    if match is None:
        return None
    rows = read_rows(cells, match, _READ.columns, stop=(TOTAL,))
    details_into(rows, cells, [item for line in DETAILS for item in line])
    return rows


def write_template(
    book: Workbook, players: Sequence[str], rules: Any, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """A blank sheet for two ``players`` whose formulas score each typed deal."""
    rules = Rules.ensure(rules)
    if len(players) != 2:
        raise RulesError(f"duel is played by 2 players; got {len(players)}")
    rows = int(options.get("rows") or 12)
    layout_table = table(players, rules)
    sheet = book.add_sheet(options.get("title") or "Duel")
    values = {**options, "game_id": options.get("game_id", 1)}
    values.update(zip(PLAYERS, players, strict=True))
    layout = _top(sheet, "Duel", values, rules)
    layout_table.write_header(sheet, HEADING_ROW)
    first, last = FIRST_ROW, FIRST_ROW + rows - 1
    sheet.write_column(first, 0, list(range(1, rows + 1)), ("body", "centre"))
    for key in ("bidder", "bid", "tricks"):
        for r in range(first, last + 1):
            sheet.write(r, layout_table.col(key), None, ("body", "centre"))
    layout_table.add_inputs(sheet, first, last)
    for key, formulas in _formulas(layout, first, last).items():
        column = next(c for c in layout_table.columns if c.key == key)
        col = layout_table.col(key)
        sheet.write_formula_column(first, col, formulas, [""] * rows, column.style)
    sheet.write(last + 1, 0, TOTAL, ("bold", "total"))
    for seat in (1, 2):  # under each running total, the sum of the points
        letter = col_letters(layout_table.col(f"points{seat}"))
        formula = f"=SUM({letter}{first + 1}:{letter}{last + 1})"
        style = ("total", "centre", "signed")
        sheet.write_formula(
            last + 1, layout_table.col(f"total{seat}"), formula, 0, style
        )
    sheet.freeze(first, 1)
    entry = SheetEntry(sheet.name, "deals", values["game_id"], None, layout)
    return [entry, _rules_sheet(book, rules)]


def _formulas(layout: Mapping[str, Any], first: int, last: int) -> dict[str, list]:
    """Each row's points and running totals, from the rules sheet's names."""
    r1, c1 = layout["fixed"]["player1"]
    player1 = f"${col_letters(c1)}${r1 + 1}"
    x = {k: col_letters(c) for k, c in layout["cols"].items()}
    p1, p2 = col_letters(_READ.col("points1")), col_letters(_READ.col("points2"))
    out: dict[str, list] = {k: [] for k in ("points1", "total1", "points2", "total2")}
    for r in range(first + 1, last + 2):
        bidder, bid, tricks = (f"{x[k]}{r}" for k in ("bidder", "bid", "tricks"))
        made = f"IF(N({tricks})>=N({bid}),1,-1)"
        side = f"IF({bidder}={player1},1,-1)"
        typed = f'IF({bidder}="",""'
        out["points1"].append(f"={typed},{side}*{made}*TrickValue*N({bid}))")
        out["points2"].append(f"={typed},-{p1}{r})")
        out["total1"].append(f"={typed},SUM({p1}${first + 1}:{p1}{r}))")
        out["total2"].append(f"={typed},SUM({p2}${first + 1}:{p2}{r}))")
    return out


def _rules_sheet(book: Workbook, rules: Rules) -> SheetEntry:
    sheet = book.add_sheet(RULES_SHEET)
    items = [
        ("points a bid trick", rules.trick_value, "TrickValue"),
        ("highest bid", rules.max_bid, "MaxBid"),
        ("tricks in a deal", TRICKS, "Tricks"),
    ]
    write_constants(sheet, 0, 0, "Rules", items)
    sheet.set_widths({0: 24, 1: 8})
    return SheetEntry(sheet.name)


EXCEL = GameSheets(
    write=write_sheets,
    read=read_sheet,
    template=write_template,
    kinds=("deals",),
    template_options={"rows": None, **DETAIL_OPTIONS},
    words=WORDS,
)

#: The duel entry for the game registry (``contract.register(GAME)``).
GAME = Game(
    name=NAME,
    title="Duel",
    unit="points",
    zero_sum=True,
    rules=Rules,
    logs={"deals": SCHEMA},
    score=score,
    to_ledger=to_ledger,
    results=results,
    report=report,
    roles=ROLES,
    seats=PLAYERS,
    excel=EXCEL,
    profile=profile,
    examples={
        NAME: Example(
            EXAMPLE,
            about="two evenings of a toy club: 12 duel deals in 3 games, 4 players",
        )
    },
    ranking="score",
    probes={"deals": Probe("bid", "lots", 5)},
)
