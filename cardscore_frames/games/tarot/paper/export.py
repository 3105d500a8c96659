"""Writing every partie of a scored tarot log as its feuille de marque.

What the sheets show is worked out once for all parties, column by column
(codes, scores, running totals); each partie's sheet then writes its slice,
so a season of thousands of parties costs one pass of arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from cardscore_frames.checking import game_index
from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel import Workbook
from cardscore_frames.excel.cells import prepare_column
from cardscore_frames.excel.hooks import SheetEntry
from cardscore_frames.excel.paper import encode
from cardscore_frames.games.tarot.ledger import to_ledger
from cardscore_frames.games.tarot.paper.drawing import (
    add_styles,
    chart,
    finish,
    grey_mort,
    rules_line,
    where,
    write_bottom,
    write_scores,
    write_top,
)
from cardscore_frames.games.tarot.paper.layout import DETAILS, FIRST_ROW, table
from cardscore_frames.games.tarot.seats import PLAYERS

__all__ = ["write_sheets"]


class _Season:
    """Every value the feuilles show, for all parties at once, in game then deal
    order; ``starts[g]:starts[g + 1]`` are partie g's rows."""

    def __init__(self, scored: pd.DataFrame) -> None:
        index = game_index(scored)
        data = scored.take(index.order).reset_index(drop=True)
        self.data, self.starts = data, index.starts
        first = index.starts[:-1]
        game = np.repeat(np.arange(index.n_games), np.diff(index.starts))
        seated = data[list(PLAYERS)].notna().to_numpy()
        _check_seating(data, first, game)
        self.scores = np.zeros(seated.shape, dtype=np.int64)
        ledger = to_ledger(scored.take(index.order))
        self.scores[np.nonzero(seated)] = ledger["score"].to_numpy(dtype=np.int64)
        running = np.cumsum(self.scores, axis=0)
        self.cumul = running - (running - self.scores)[first][game]
        self.seats = seated[first].sum(axis=1)
        self.mort = _any(data["sits_out"].notna().to_numpy(), first)
        misere = data["misere"].notna().to_numpy() if "misere" in data else None
        self.misere = _any(misere, first) if misere is not None else first < 0
        self.prepared = _prepare(data)
        self.heads = _heads(data, first)
        deal = data["deal"].to_numpy(dtype=np.int64)
        position = np.arange(len(data)) - np.repeat(first, np.diff(index.starts))
        self.numbered = ~_any(deal != position + 1, first)

    @property
    def n_games(self) -> int:
        return len(self.starts) - 1


def _heads(data: pd.DataFrame, first: np.ndarray) -> list[dict[str, Any]]:
    """Each partie's players, game id and details, read once for all parties."""
    columns = [*PLAYERS, "game_id", *(c for _, c, *_ in DETAILS if c != "game_id")]
    lists = {}
    for c in columns:
        if c in data:
            values = data[c].take(first).astype(object)
            lists[c] = values.where(values.notna(), None).tolist()
        else:
            lists[c] = [None] * len(first)
    return [{c: lists[c][g] for c in columns} for g in range(len(first))]


def _any(mask: np.ndarray, first: np.ndarray) -> np.ndarray:
    return np.logical_or.reduceat(mask, first) if len(first) else mask[:0]


def _prepare(data: pd.DataFrame) -> dict:
    """Every column of the table as cell values, in paper codes, prepared once."""
    played = (data["contract"] != "pass").to_numpy()
    full = table(["?"] * 5, mort=True, partner=True, misere=True)
    prepared = {}
    for column in full.columns:
        if column.field is None or column.field not in data:
            continue
        values = data[column.field]
        if column.field == "taker":
            values = values.astype(object).where(played, "—")
        prepared[column.key] = prepare_column(encode(values, column))
    prepared["margin"] = prepare_column(data["margin"])
    return prepared


def _check_seating(data: pd.DataFrame, first: np.ndarray, game: np.ndarray) -> None:
    """A feuille has one column pair per player: the seating may not change."""
    names = data[list(PLAYERS)].astype(object).to_numpy()
    start = names[first][game]
    same = (names == start) | (pd.isna(names) & pd.isna(start))
    moved = ~same.all(axis=1)
    if moved.any():
        row = int(np.flatnonzero(moved)[0])
        raise WorkbookError(
            f"tarot game {data['game_id'].iat[row]}: the players change at deal "
            f"{data['deal'].iat[row]} (a feuille de marque has one column per "
            "player); log it as a new game"
        )


def write_sheets(
    book: Workbook, scored: pd.DataFrame, kind: str, options: Mapping[str, Any]
) -> list[SheetEntry]:
    """One feuille de marque per partie of ``scored`` (what ``score`` returned)."""
    add_styles(book)
    season = _Season(scored)
    rules = scored.cardscore.rules
    return [_write_game(book, season, g, rules) for g in range(season.n_games)]


def _write_game(book: Workbook, season: _Season, g: int, rules: Any) -> SheetEntry:
    start, stop = int(season.starts[g]), int(season.starts[g + 1])
    head, k = season.heads[g], int(season.seats[g])
    players = [str(head[c]) for c in PLAYERS[:k]]
    layout = table(
        players,
        mort=bool(season.mort[g]),
        partner=k == 5,
        misere=bool(season.misere[g]),
    )
    gid = head["game_id"]
    sheet = book.add_sheet(f"Partie {gid}")
    details = [head[c] for _, c, *_ in DETAILS]
    spots = write_top(
        sheet, layout, f"Feuille de marque — partie {gid}", details, rules_line(rules)
    )
    layout.write_header(sheet, FIRST_ROW - 2)
    for column in layout.columns:
        if column.key in season.prepared:
            sheet.write_prepared(
                FIRST_ROW,
                layout.col(column.key),
                season.prepared[column.key],
                start,
                stop,
                column.style,
                column=column.field,
                blanks=False,
            )
    last = FIRST_ROW + stop - start - 1
    sheet.grid(FIRST_ROW, 0, last, layout.last_col)
    write_scores(
        sheet,
        layout,
        k,
        FIRST_ROW,
        last,
        season.scores[start:stop, :k],
        season.cumul[start:stop, :k],
    )
    if layout.has("sits_out"):
        grey_mort(sheet, layout, k, FIRST_ROW, last)
    totals = season.cumul[stop - 1, :k]
    write_bottom(sheet, layout, k, last, totals)
    chart(sheet, layout, k, FIRST_ROW, last, bool(season.numbered[g]))
    finish(sheet, stop - start)
    row = _index_row(head, stop - start, players, totals)
    return SheetEntry(sheet.name, "deals", gid, row, where(layout, k, spots))


def _index_row(
    head: dict[str, Any], deals: int, players: list[str], totals: np.ndarray
) -> dict[str, Any]:
    order = np.argsort(-totals, kind="stable")
    result = " · ".join(f"{players[i]} {int(totals[i]):+d}" for i in order)
    return {
        "Club": head.get("league"),  # shown when the games differ in them
        "Saison": head.get("season"),
        "Partie": head["game_id"],
        "Date": head["date"],
        "Table": head["table"],
        "Joueurs": ", ".join(players),
        "Donnes": deals,
        "Résultat": result.replace("-", "−"),
    }
