"""Hypothesis strategies built from the logs' schemas and the rules files.

Each cell is drawn from its :class:`~cardscore_frames.checking.Field` (:func:`cell`:
a choice from its choices, a number within its bounds and in its steps, a name
from a club, a date, ...), and the rules that tie cells together are applied on
top, so that every log drawn is valid and a failure shrinks to a short log of
small, plain deals rather than to a seed:

- :func:`tarot_logs`: card points within what the oudlers allow (whole at 4
  players), the Petit where petit au bout needs it, poignées the pack can show,
  made chelems with their points, passed deals blank (or written 0 / ``none``);
- :func:`belot_logs`: matches of fixed pairs, cut after the deal that decides
  them (found by the row-by-row reference, not by the package);
- :func:`preferans_logs`: games of ``preferans.random_games`` (whose deals tie
  calls, tricks and pools together) from a drawn seed, cut to a drawn number of
  deals, with field-level changes drawn from the schema (names, ids, deal
  numbers, metadata, how contracts are written);
- :func:`sheet_logs`: end-of-game preferans sheets, every number drawn within
  the sheet's own bounds.

Logs come with league, season, date and table per game, drawn from the
metadata fields.
"""

from __future__ import annotations

import datetime as dt
import math
import string

import numpy as np
import pandas as pd
from hypothesis import strategies as st

from cardscore_frames.checking import Field, normalise_token
from cardscore_frames.contract import get_game
from cardscore_frames.games.belot import rules as belot_rules
from cardscore_frames.games.preferans.generate import random_games
from cardscore_frames.games.tarot import rules as tarot_rules

__all__ = [
    "cell",
    "canonical",
    "names",
    "tarot_logs",
    "belot_logs",
    "preferans_logs",
    "sheet_logs",
    "schema_of",
]

#: Names a club may have: plain, accented, Cyrillic, Armenian, and names that
#: pandas readers take for missing values unless told not to.
_CLUB = ("Anne", "Amélie", "Зоя", "Կարեն", "NA", "None", "nan", "null", "N/A", "O'Neil")
_LETTERS = string.ascii_letters + "éèçäöüßАБВгдёЖзЙКЛмнЯԱԲԳ" + "0123456789 -'."


def names() -> st.SearchStrategy[str]:
    """A player's name as a log holds it (stripped, never blank)."""
    drawn = st.text(_LETTERS, min_size=1, max_size=10).map(str.strip).filter(bool)
    return st.one_of(st.sampled_from(_CLUB), drawn)


def schema_of(game: str, kind: str = "deals"):
    return get_game(game).schema(kind)


def _number(f: Field, whole: bool, small: float) -> st.SearchStrategy:
    """A number of field ``f``: within its bounds (``small`` where it leaves a
    side open, to keep logs readable), in its steps."""
    low = -small if f.low is None else f.low
    high = small if f.high is None else f.high
    step = f.step or 1.0
    if whole:
        step = max(step, 1.0)
    k_low, k_high = math.ceil(low / step), math.floor(high / step)
    values = st.integers(k_low, k_high).map(lambda k: k * step)
    return values.map(int) if whole else values


_DATES = st.dates(dt.date(1990, 1, 1), dt.date(2100, 12, 31))


def cell(f: Field, small: float = 10_000) -> st.SearchStrategy:
    """A valid, non-blank value of field ``f``, as a log file would give it."""
    if f.kind == "choice":
        values = list(f.choices) + [
            alias for alias, to in f.value_aliases.items() if alias and to in f.choices
        ]
        return st.sampled_from(values)
    if f.kind == "int":
        return _number(f, True, small)
    if f.kind == "number":
        return _number(f, False, small)
    if f.kind == "flag":
        return st.sampled_from([True, False, "true", "false", "yes", "no"])
    if f.kind == "name":
        return names()
    if f.kind == "date":
        return _DATES.map(lambda d: pd.Timestamp(d))
    if f.kind == "id":
        return st.one_of(
            st.integers(1, 10**6), st.text(string.ascii_letters + "-/", min_size=1)
        )
    return st.text(_LETTERS, min_size=1, max_size=12).map(str.strip).filter(bool)


@st.composite
def _metadata(draw, schema) -> dict:
    """A game's league, season, date and table (each may be left out)."""
    out = {}
    for name in ("league", "season", "date", "table"):
        if draw(st.booleans()):
            out[name] = draw(cell(schema.field(name)))
    return out


@st.composite
def _tables(draw, sizes: tuple[int, ...], games: int) -> list[list[str]]:
    """The players of each game: distinct names, a table size from ``sizes``."""
    return [
        draw(st.lists(names(), min_size=k, max_size=k, unique=True))
        for k in (draw(st.sampled_from(sizes)) for _ in range(games))
    ]


def _frame(rows: list[dict], schema) -> pd.DataFrame:
    """Rows of Python values as a frame of object columns (None where blank); an
    optional column no row names is left out, as a log leaves it out."""
    data = {}
    for f in schema.fields:
        values = np.empty(len(rows), dtype=object)
        values[:] = [r.get(f.name) for r in rows]
        if f.required or any(f.name in r for r in rows):
            data[f.name] = values
    return pd.DataFrame(data)


# --- tarot ---------------------------------------------------------------------------

_TAROT = schema_of("tarot")


@st.composite
def _tarot_deal(draw, players: list[str]) -> dict:
    row = {f"player{i + 1}": p for i, p in enumerate(players)}
    playing = list(players)
    if len(players) == 5 and draw(st.booleans()):  # the dealer sits out
        row["sits_out"] = playing.pop(draw(st.integers(0, 4)))
    contract = draw(cell(_TAROT.field("contract")))
    if _TAROT.field("contract").value_aliases.get(contract, contract) == "pass":
        row["contract"] = contract
        filler = st.sampled_from([None, None, 0, "none"])  # blank, as sheets write it
        row["oudlers"], row["card_points"] = draw(filler), draw(filler)
        return row
    row["contract"] = contract
    n = len(playing)
    row["taker"] = draw(st.sampled_from(playing))
    if n == 5:  # a log of deals at 5 says who was called (blank: none)
        called = st.sampled_from(playing)  # the taker himself: alone
        row["partner"] = draw(st.one_of(st.none(), called))
    oudlers = draw(st.integers(0, 3))
    row["oudlers"] = oudlers
    chelem = draw(
        st.sampled_from(["none"] * 6 + ["announced_made", "announced_failed"])
    )
    contre = _TAROT.field("contract").value_aliases.get(contract, contract)
    if chelem == "announced_made" and contre == "garde_contre":
        # the dog is the defence's: 91 less its 6 (3 at 5 players) half points
        # at the least (the rules of the tarot docs page)
        oudlers = 3
        row["oudlers"], row["card_points"] = 3, 91 - (1.5 if n == 5 else 3)
    elif chelem == "announced_made":
        oudlers = 3 if draw(st.booleans()) else min(oudlers, 2)
        row["oudlers"], row["card_points"] = oudlers, 91 if oudlers == 3 else 87
    else:  # docs/games/tarot.md: points the oudlers allow, whole at 4
        halves = 1 if n == 4 else 2  # steps of 1 point, or of half a point
        low, high = 4.5 * oudlers, 91 - 4.5 * (3 - oudlers)
        k = draw(st.integers(math.ceil(low * halves), math.floor(high * halves)))
        row["card_points"] = k / halves
    row["chelem"] = chelem
    camps = ["none", "attack"] if oudlers else ["none"]
    row["petit_au_bout"] = draw(st.sampled_from(camps + (["defence"] * (oudlers < 3))))
    attack = draw(st.sampled_from(tarot_rules.POIGNEES))
    defence = draw(st.sampled_from(tarot_rules.POIGNEES))
    need = (0, *tarot_rules.POIGNEE_TRUMPS[n])
    levels = tarot_rules.POIGNEES
    if (
        need[levels.index(attack)] + need[levels.index(defence)]
        > tarot_rules.PACK_TRUMPS
    ):
        defence = "none"
    row["poignee_attack"], row["poignee_defence"] = attack, defence
    return row


@st.composite
def tarot_logs(draw, max_games: int = 3, max_deals: int = 6) -> pd.DataFrame:
    """A valid tarot log: games of 3, 4 or 5 players, deals numbered 1.."""
    games = draw(st.integers(1, max_games))
    tables = draw(_tables((3, 4, 5), games))
    rows = []
    for g, players in enumerate(tables, start=1):
        meta = draw(_metadata(_TAROT))
        deals = draw(st.lists(_tarot_deal(players), min_size=1, max_size=max_deals))
        for d, deal in enumerate(deals, start=1):
            rows.append({"game_id": g, "deal": d, **meta, **deal})
    return _frame(rows, _TAROT)


# --- belot ---------------------------------------------------------------------------

_BELOT = schema_of("belot")


@st.composite
def _belot_deal(draw) -> dict:
    f = _BELOT.field
    row = {
        "declarer": draw(cell(f("declarer"))),
        "contract": draw(cell(f("contract"))),
        "doubling": draw(cell(f("doubling"))),
        "declarer_declarations": draw(st.integers(0, 9).map(lambda k: 10 * k)),
        "defender_declarations": draw(st.integers(0, 9).map(lambda k: 10 * k)),
    }
    tricks = draw(cell(f("declarer_tricks")))
    row["declarer_tricks"] = tricks
    row["declarer_card_points"] = (
        0
        if tricks == 0
        else belot_rules.DECK_WHISTS
        if tricks == belot_rules.TRICKS
        else draw(cell(f("declarer_card_points")))
    )
    if draw(st.integers(0, 9)) == 0:  # a capo: K named instead of N
        row["capo"], row["capo_bid"] = True, draw(st.integers(0, 10))
    else:
        row["capo"] = False
        row["bid"] = draw(st.integers(belot_rules.BASE_COST // 2, 30))
    return row


def _cut_at_match_end(rows: list[dict]) -> list[dict]:
    """Rule 8: no deal after the one that decides its match, found by the
    row-by-row reference."""
    from belot_reference import score_log

    if not rows:
        return rows
    ref = score_log(pd.DataFrame([canonical(r, _BELOT) for r in rows]))
    over = ref["match_over"].to_numpy(dtype=bool)
    if not over.any():
        return rows
    return rows[: int(np.flatnonzero(over)[0]) + 1]


def canonical(row: dict, schema) -> dict:
    """A row's choices as the rules name them (``nt`` is ``no_trump``), for the
    references, which read only those."""
    out = dict(row)
    for f in schema.fields:
        if f.kind == "choice" and isinstance(out.get(f.name), str):
            token = normalise_token(out[f.name])
            out[f.name] = f.value_aliases.get(token, token)
    return out


@st.composite
def belot_logs(draw, max_games: int = 3, max_deals: int = 12) -> pd.DataFrame:
    """A valid belot log: matches of two fixed pairs, each cut at its end."""
    games = draw(st.integers(1, max_games))
    rows = []
    for g, players in enumerate(draw(_tables((4,), games)), start=1):
        meta = draw(_metadata(_BELOT))
        seats = dict(zip(("a1", "a2", "b1", "b2"), players, strict=True))
        deals = draw(st.lists(_belot_deal(), min_size=1, max_size=max_deals))
        match = [
            {"game_id": g, "deal": d, **seats, **deal}
            for d, deal in enumerate(deals, start=1)
        ]
        rows += [{**r, **meta} for r in _cut_at_match_end(match)]
    return _frame(rows, _BELOT)


# --- preferans -----------------------------------------------------------------------

_PREFERANS = schema_of("preferans")
_SUIT_SIGNS = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}


@st.composite
def preferans_logs(draw, max_games: int = 3, max_deals: int = 10) -> pd.DataFrame:
    """Valid preferans games drawn by ``random_games`` from a drawn seed, each
    cut to a drawn number of deals (an unfinished game is valid), with its
    players renamed, its id and deal numbers moved, its metadata drawn, and its
    contracts written as clubs write them (``6S``, ``6♠``, ``6 s``)."""
    seed = draw(st.integers(0, 2**16))
    games = draw(st.integers(1, max_games))
    log = random_games(games, seed=seed, max_deals=max_deals, to_end=False)
    keep = draw(st.integers(1, max_deals))
    log = log[log["deal"] <= keep].astype(object).where(log.notna(), None)
    log = log.reset_index(drop=True)
    players = [c for c in ("player1", "player2", "player3", "player4")]
    named = sorted({n for c in players for n in log[c] if n is not None})
    new = draw(st.lists(names(), min_size=len(named), max_size=len(named), unique=True))
    rename = dict(zip(named, new, strict=True))
    for c in (*players, "dealer", "declarer"):
        log[c] = [rename.get(v, v) if v is not None else None for v in log[c]]
    first_deal = draw(st.integers(1, 1000))
    log["deal"] = [d + first_deal - 1 for d in log["deal"]]
    ids = draw(
        st.lists(
            cell(_PREFERANS.field("game_id")),
            min_size=games,
            max_size=games,
            unique_by=str,
        )
    )
    by_game = dict(zip(sorted(set(log["game_id"])), ids))
    log["game_id"] = [by_game[g] for g in log["game_id"]]
    style = draw(st.sampled_from(["upper", "sign", "spaced", "as is"]))
    log["contract"] = [_written(c, style) for c in log["contract"]]
    meta = {g: draw(_metadata(_PREFERANS)) for g in by_game.values()}
    for name in ("league", "season", "date", "table"):
        values = [meta[g].get(name) for g in log["game_id"]]
        if any(v is not None for v in values):
            log[name] = values
    return log


def _written(contract: str, style: str) -> str:
    if style == "as is" or contract in ("pass", "misere"):
        return contract
    level, suit = contract[:-2], contract[-2:]
    if not suit.startswith(("n",)):
        level, suit = contract[:-1], contract[-1:]
    if style == "upper":
        return contract.upper()
    if style == "sign" and suit in _SUIT_SIGNS:
        return level + _SUIT_SIGNS[suit]
    return f"{level} {suit}"


# --- preferans settlement sheets -----------------------------------------------------

_SHEET = schema_of("preferans", "sheet")


@st.composite
def sheet_logs(draw, max_games: int = 3, small: int = 500) -> pd.DataFrame:
    """Valid end-of-game sheets: 3 or 4 players a game, pools within the game's
    target, whists on the others only, one price and target per game; numbers
    from the fields' bounds (now and then their extremes)."""
    f = _SHEET.field
    games = draw(st.integers(1, max_games))
    rows = []
    for g, players in enumerate(draw(_tables((3, 4), games)), start=1):
        big = draw(st.booleans())  # a game at the sheet's bounds
        scale = None if big else small
        target = draw(_bounded(f("pool_target"), small))
        price = draw(st.integers(1, 10_000)) / 100  # money per whist, in cents
        meta = draw(_metadata(_SHEET))
        for seat, player in enumerate(players, start=1):
            row = {"game_id": g, "seat": seat, "player": player, **meta}
            row["pool"] = draw(st.integers(0, target))
            row["mountain"] = draw(_bounded(f("mountain"), scale))
            for j in range(1, len(players) + 1):
                if j != seat:
                    row[f"whists_on_{j}"] = draw(
                        _bounded(f(f"whists_on_{j}"), scale, 0)
                    )
            row["pool_target"], row["whist_price"] = target, price
            rows.append(row)
    return _frame(rows, _SHEET)


def _bounded(f: Field, scale: int | None, low: int | None = None) -> st.SearchStrategy:
    """A whole number of ``f`` (at least ``low``), within ``scale`` unless None."""
    lo = f.low if low is None else low
    hi = f.high
    if scale is not None:
        lo, hi = max(lo, -scale), min(hi, scale)
    return st.integers(int(lo), int(hi))
