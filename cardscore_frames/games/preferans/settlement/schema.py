"""The preferans score sheet (пулька) at the end of a game: columns, checks, arrays.

One row per (game, player), as docs/games/preferans.md "The sheet" describes it:
``seat`` (1..n in seating order), ``player``, ``pool``, ``mountain`` and
``whists_on_1 .. whists_on_4``, the whists this player wrote on the player in that
seat. A blank ``pool`` (or no ``pool`` column: every pool was closed) is a closed
pool, at the game's pool target; a game that leaves some pools blank and gives
others needs that target (``pool_target`` or ``Rules(pool_target=...)``). His own seat, and seat 4 in a 3-player game, are left blank (0 is accepted);
a blank cell on an opponent means no whists. Optional per-game ``pool_target`` and
``whist_price`` (money per whist) may be given on any row of the game; the rows of
one game must not disagree.

A game with any problem is rejected whole (the schema's ``reject="game"``): its
other rows get a ``game_rejected`` problem, so that ``errors="collect"`` never
hands on part of a game.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import (
    Field,
    GameIndex,
    Problems,
    Schema,
    filled,
    game_index,
)
from cardscore_frames.games.preferans.rules import MAX_SEATS, PLAYER_COUNTS, Rules
from cardscore_frames.games.preferans.vocabulary import HEADINGS

__all__ = [
    "SHEET_SCHEMA",
    "SHEET_COLUMNS",
    "WHIST_COLUMNS",
    "SHEET_LIMIT",
    "PRICE_LIMITS",
]

#: The largest pool, mountain or whist count (and pool target) a sheet may hold.
#: Settlement keeps each game's balance as a whole number of twelfths of a whist,
#: sums of a few cells times the rules' whists per point times 12: a billion per
#: cell keeps them exact (far below 2**53) for any rules a club plays, and no
#: paper sheet comes near it.
SHEET_LIMIT = 10**9
#: The smallest and largest whist price: settlement reads prices to 9 decimal
#: places into 64-bit integers, so a smaller price would settle as 0 and a larger
#: one would not fit.
PRICE_LIMITS = (1e-9, 1e9)

WHIST_COLUMNS = tuple(f"whists_on_{j}" for j in range(1, MAX_SEATS + 1))

SHEET_FIELDS = (
    Field("game_id", "id"),
    Field("seat", "int", low=1, high=MAX_SEATS),
    Field("player", "name"),
    # blank (or left out): a closed pool, at the pool target
    Field("pool", "int", required=False, blank=True, low=0, high=SHEET_LIMIT),
    # may be negative: a surplus written off it
    Field("mountain", "int", low=-SHEET_LIMIT, high=SHEET_LIMIT),
    *(
        # negative whists are reported by check_whists, with the player's name
        Field(c, "int", required=j < 3, blank=True, high=SHEET_LIMIT)
        for j, c in enumerate(WHIST_COLUMNS)
    ),
    Field("pool_target", "int", required=False, blank=True, low=1, high=SHEET_LIMIT),
    Field("whist_price", "number", required=False, blank=True, high=PRICE_LIMITS[1]),
)
#: The sheet's columns, in order.
SHEET_COLUMNS = tuple(f.name for f in SHEET_FIELDS)


#: The name under which a sheet's validation keeps its game codes for settling.
GAMES = "preferans_sheet_games"


def _games(sheet: pd.DataFrame, problems: Problems) -> GameIndex:
    """The sheet's games, indexed once per validation pass."""
    return problems.cached("games", lambda: game_index(sheet, "seat"))


def _game_key(sheet: pd.DataFrame, problems: Problems) -> np.ndarray:
    """Game codes (0..G-1; blank game ids form one group of their own)."""

    def key() -> np.ndarray:
        codes = _games(sheet, problems).codes
        if codes.min(initial=0) >= 0:  # no blank game id: the codes as they are
            return codes
        return np.where(codes < 0, codes.max(initial=-1) + 1, codes)

    return problems.cached("game_key", key)


def _sizes(sheet: pd.DataFrame, problems: Problems) -> np.ndarray:
    """Per row, how many rows its game has (blank game ids counted as one game)."""

    def sizes() -> np.ndarray:
        codes = _game_key(sheet, problems)
        return np.bincount(codes)[codes]

    return problems.cached("sizes", sizes)


def _per_game(values: np.ndarray, index: GameIndex, how: str) -> np.ndarray:
    """(G,) each game's minimum or maximum of ``values`` (NaN where the game has
    none), reduced game by game over the index's sorted rows."""
    reduce = {"min": np.fmin, "max": np.fmax}[how]  # fmin/fmax skip NaN
    if not index.n_games:
        return np.zeros(0)
    return reduce.reduceat(values[index.order], index.starts[:-1])


def _spread(per_game: np.ndarray, values: np.ndarray, index: GameIndex) -> np.ndarray:
    """A per-game array over the rows (a row of no game keeps its own value)."""
    spread = values.copy()
    spread[index.order] = np.repeat(per_game, index.sizes)
    return spread


def _game_spread(values: np.ndarray, index: GameIndex, how: str) -> np.ndarray:
    """A per-row array of a per-game minimum or maximum of ``values`` (NaN where a
    game has no value; a row of no game keeps its own)."""
    values = np.asarray(values, dtype=float)
    return _spread(_per_game(values, index, how), values, index)


def _players(sheet: pd.DataFrame) -> np.ndarray:
    return sheet["player"].to_numpy(dtype=object, na_value=None)


def _report(
    problems: Problems,
    mask: np.ndarray,
    column: str,
    reason: str,
    message: str,
    sheet: pd.DataFrame,
    **params: object,
) -> None:
    """``problems.add`` with ``{player}`` in the message; names are only looked up
    when a row fails (converting them costs more than every check of a good sheet).
    """
    if np.any(mask):
        problems.add(mask, column, reason, message, player=_players(sheet), **params)


def _floats(sheet: pd.DataFrame, column: str, problems: Problems) -> np.ndarray:
    """A number column as floats (NaN: blank), read once per validation pass."""
    return problems.cached(
        f"floats {column}", lambda: filled(sheet[column], float, np.nan)
    )


def _seats(sheet: pd.DataFrame, problems: Problems) -> np.ndarray:
    return _floats(sheet, "seat", problems)


def _gaps(codes: np.ndarray, seats: np.ndarray, size: np.ndarray) -> np.ndarray:
    """Per row: the empty seats of its game among 1..size, as text ("2" or "2, 4")."""
    text = np.full(len(codes), "", dtype=object)
    for j in range(1, MAX_SEATS + 1):
        taken = np.bincount(codes, weights=seats == j)
        empty = (taken[codes] == 0) & (j <= size)
        sep = np.where(text == "", "", ", ")
        text = np.where(empty, text + sep + str(j), text)
    return text


#: By rows in a game (more than 4 read as 5): is it a table of 3 or 4 players?
_COUNT_OK = np.isin(np.arange(MAX_SEATS + 2), PLAYER_COUNTS)


def check_table(sheet: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """3 or 4 players a game, seats 1..n without a gap, distinct names."""
    # the game codes do not depend on the rules: every settlement of the sheet
    # takes them as they are, read-only
    codes = _games(sheet, problems).codes.view()
    codes.flags.writeable = False
    problems.keep(GAMES, None, codes)
    codes = _game_key(sheet, problems)
    seats = _seats(sheet, problems)
    _check_seating(sheet, problems, codes, seats)
    player = sheet["player"]
    if isinstance(player.dtype, pd.CategoricalDtype):  # a checked sheet's names
        names = player.array.codes
    else:
        names = pd.factorize(player)[0]
    named = names >= 0  # a blank name is its own problem
    problems.add(
        _named_twice(names, codes, _games(sheet, problems)) & named,
        "player",
        "duplicate_player",
        "player names must be distinct in a game; {value} appears more than once",
    )


def _check_seating(
    sheet: pd.DataFrame, problems: Problems, codes: np.ndarray, seats: np.ndarray
) -> None:
    """3 or 4 rows a game, and seats 1..n without a gap."""
    size = _sizes(sheet, problems)
    bad_size = ~_COUNT_OK[np.minimum(size, MAX_SEATS + 1)]
    _report(
        problems,
        bad_size,
        "game_id",
        "players",
        "a game must have 3 or 4 players, one row each; this game has {size} rows "
        "({player} is one)",
        sheet,
        value=sheet["game_id"],
        size=size,
    )
    beyond = ~bad_size & (seats > size)
    if beyond.any():
        _report(
            problems,
            beyond,
            "seat",
            "seat_gap",
            "seat must be 1 to {size} in a game of {size} players, without a gap; "
            "got {value} for {player}, and seat {gaps} is empty",
            sheet,
            size=size,
            gaps=_gaps(codes, seats, size),
        )


def _named_twice(names: np.ndarray, codes: np.ndarray, index: GameIndex) -> np.ndarray:
    """Rows whose name code another row of the same game (``codes``) has too."""
    key = codes.astype(np.int64) * (int(names.max(initial=0)) + 2) + names + 1
    if len(key) and key.max() < 8 * len(key) + 1024:  # counted by key
        return np.bincount(key)[key] > 1
    return pd.Series(key).duplicated(keep=False).to_numpy()


def check_whists(sheet: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Whists are 0 or more, never on oneself nor on a seat the game does not have."""
    size = _sizes(sheet, problems)
    seats = _seats(sheet, problems)
    for j, col in enumerate(WHIST_COLUMNS, start=1):
        if col not in sheet:
            continue
        w = filled(sheet[col], np.int64, 0)  # a blank: no whists
        if w.min(initial=0) < 0:
            _report(
                problems,
                w < 0,
                col,
                "negative_whists",
                f"{col} must be 0 or more (the whists {{player}} wrote on seat "
                f"{j}); got {{value}}",
                sheet,
            )
        given = w != 0
        # his own seat, or a seat his game lacks: one pass for a good sheet
        if not (given & ((seats == j) | (size < j))).any():
            continue
        _report(
            problems,
            given & (seats == j),
            col,
            "whists_on_self",
            f"{col} must be blank for {{player}}, who sits in seat {j}: nobody "
            "writes whists on himself; got {value}",
            sheet,
        )
        _report(
            problems,
            given & (j > size),
            col,
            "no_such_seat",
            f"{col} must be blank in a game of {{size}} players (there is no "
            f"seat {j}); got {{value}} from {{player}}",
            sheet,
            size=size,
        )


def _game_value(
    sheet: pd.DataFrame, column: str, problems: Problems, spread: bool = True
) -> np.ndarray | None:
    """The game's value of an optional per-game column (NaN where none is given);
    None when ``spread`` is false (the rows are only checked)."""
    if column not in sheet:
        return np.full(len(sheet), np.nan) if spread else None
    index = _games(sheet, problems)
    v = _floats(sheet, column, problems)
    low, high = _per_game(v, index, "min"), _per_game(v, index, "max")
    if ((low == high) | np.isnan(low)).all():  # each game one value, or none
        return _spread(low, v, index)
    low, high = _spread(low, v, index), _spread(high, v, index)
    _report(
        problems,
        ~np.isnan(v) & (low != high),
        column,
        "differs_in_game",
        f"{column} must be the same on every row of a game; got {{value}} for "
        "{player}, and {low} to {high} in the game",
        sheet,
        low=low,
        high=high,
    )
    return np.where(low == high, low, np.nan)


def check_game_values(sheet: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """A positive whist price; pools within the target where pools are capped."""
    if "whist_price" in sheet:
        _check_price(sheet, problems)
    _game_value(sheet, "whist_price", problems, spread=False)
    target = _game_value(sheet, "pool_target", problems)
    if rules.pool_target is not None:
        target = np.where(np.isnan(target), rules.pool_target, target)
    pool = filled(sheet["pool"], float, np.nan)
    closed = np.isnan(pool) & ~problems.reported("pool")
    if closed.any():  # blank: at the target, which must then be known
        some = _game_spread((~closed).astype(float), _games(sheet, problems), "max") > 0
        _report(
            problems,
            closed & some & np.isnan(target),
            "pool",
            "no_target",
            "pool is blank for {player}, which means closed at the pool target, "
            "but the game gives other pools and no pool_target: give the pool, "
            "or the game's pool_target (or Rules(pool_target=...))",
            sheet,
        )
    if rules.pool_cap:
        _report(
            problems,
            pool > target,
            "pool",
            "above_target",
            "pool must be at most the pool target {target} (pools are capped and "
            "the surplus overflows to others); got {value} for {player}",
            sheet,
            target=target,
        )


def _check_price(sheet: pd.DataFrame, problems: Problems) -> None:
    """Every whist price given is positive, and not below what is settled."""
    price = _floats(sheet, "whist_price", problems)
    least = np.fmin.reduce(price, initial=np.inf)  # NaN (blank) skipped
    if PRICE_LIMITS[0] <= least and np.fmax.reduce(price, initial=0) < np.inf:
        return  # two reductions for a good sheet
    _report(
        problems,
        ~np.isnan(price) & ~(np.isfinite(price) & (price > 0)),
        "whist_price",
        "not_positive",
        "whist_price must be a positive number (money per whist); got {value} "
        "for {player}",
        sheet,
    )
    _report(
        problems,
        (price > 0) & (price < PRICE_LIMITS[0]),
        "whist_price",
        "too_small",
        f"whist_price must be at least {PRICE_LIMITS[0]:.9f} (prices are "
        "settled to 9 decimal places); got {value} for {player}",
        sheet,
    )


SHEET_SCHEMA = Schema(
    headings=HEADINGS,
    game="preferans",
    fields=SHEET_FIELDS,
    key=("game_id", "seat"),
    checks=(check_table, check_whists, check_game_values),
    kind="sheet",
    reject="game",
)
