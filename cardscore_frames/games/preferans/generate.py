"""Random valid preferans logs, vectorised and seeded: for tests, benchmarks, samples.

Every deal drawn here passes validation: a dealer who sits out at 4 players, calls
only by the defenders, half-whists only by the second defender after a pass on a
six or a seven, and tricks of the players of a played deal summing to 10. Games are
played to their end (``to_end=True``): deals are drawn past it, scored, and cut
after the deal that ends the game.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.errors import RulesError
from cardscore_frames.games.preferans.arithmetic.arrays import compute
from cardscore_frames.games.preferans.arithmetic.seats import (
    CALL_COLUMNS,
    PLAYERS,
    TRICK_COLUMNS,
)
from cardscore_frames.games.preferans.rules import (
    CALLS,
    CONTRACTS,
    MAX_SEATS,
    SUITS,
    Rules,
)

__all__ = ["random_games", "random_deals", "NAMES"]

#: Default players: a club of twelve.
NAMES = (
    "Anna",
    "Boris",
    "Vera",
    "Gleb",
    "Dina",
    "Egor",
    "Zoya",
    "Ilya",
    "Kira",
    "Lev",
    "Maya",
    "Oleg",
)
#: Shares of all-pass deals, misères and contracts 6..10 among all deals.
KIND_P = {"pass": 0.12, "misere": 0.04, 6: 0.42, 7: 0.24, 8: 0.11, 9: 0.05, 10: 0.02}
#: Probability that the first and the second defender whist, by level.
WHIST_P = {
    6: (0.55, 0.45),
    7: (0.6, 0.5),
    8: (0.45, 0.35),
    9: (0.35, 0.3),
    10: (0.3, 0.25),
}
#: Probability of a half-whist by the second defender after a pass (6 and 7).
HALF_P = 0.25
#: The declarer's tricks minus the level, and how likely each is.
MARGIN = (
    np.array([-3, -2, -1, 0, 1, 2]),
    np.array([0.02, 0.06, 0.17, 0.5, 0.18, 0.07]),
)


def _kinds(rng, size):
    keys = list(KIND_P)
    p = np.array(list(KIND_P.values()))
    pick = rng.choice(len(keys), size=size, p=p / p.sum())
    level = np.array([k if isinstance(k, int) else 0 for k in keys])[pick]
    return level, pick == keys.index("pass"), pick == keys.index("misere")


def _calls(rng, level, misere, all_pass):
    """Calls of the first and second defender as codes into CALLS (-1: none)."""
    size = len(level)
    p1 = np.array([WHIST_P.get(lv, (0, 0))[0] for lv in range(11)])[level]
    p2 = np.array([WHIST_P.get(lv, (0, 0))[1] for lv in range(11)])[level]
    w1, w2 = rng.random(size) < p1, rng.random(size) < p2
    half = ~w1 & ~w2 & (level >= 6) & (level <= 7) & (rng.random(size) < HALF_P)
    none = misere | all_pass
    whist, pass_, half_ = (CALLS.index(c) for c in ("whist", "pass", "half"))
    c1 = np.where(none, -1, np.where(w1, whist, pass_))
    c2 = np.where(none, -1, np.where(w2, whist, np.where(half, half_, pass_)))
    return c1, c2, (w1 | w2) & ~none


def _tricks(rng, level, misere, all_pass, played):
    """Tricks of (declarer, first, second) or, all-pass, of the three players."""
    size = len(level)
    margin = MARGIN[0][rng.choice(len(MARGIN[0]), size=size, p=MARGIN[1])]
    declarer = np.clip(level + margin, 0, 10)
    fell = rng.random(size) < 0.3
    declarer = np.where(misere, np.where(fell, rng.integers(1, 4, size), 0), declarer)
    first = rng.binomial(10 - declarer, 0.5)
    out = np.column_stack([declarer, first, 10 - declarer - first])
    # all-pass: uneven shares, so that a player with no trick is not rare
    ap = np.flatnonzero(all_pass)
    out[ap] = rng.multinomial(10, rng.dirichlet([0.8, 0.8, 0.8], size=len(ap)))
    return np.where((played | misere | all_pass)[:, None], out, -1)


def _tables(rng, games, table_sizes, targets, names):
    n = rng.choice(np.asarray(table_sizes), size=games)
    target = rng.choice(np.asarray(targets), size=games)
    if len(names) < max(table_sizes):
        raise RulesError(
            f"names must hold at least {max(table_sizes)} players; got {len(names)}"
        )
    seated = np.full((games, MAX_SEATS), -1)
    drawn = np.argsort(rng.random((games, len(names))), axis=1)[:, :MAX_SEATS]
    seated[:, : drawn.shape[1]] = drawn
    seated[np.arange(MAX_SEATS)[None, :] >= n[:, None]] = -1
    return n, target, seated


def _categorical(codes: np.ndarray, categories) -> pd.Categorical:
    return pd.Categorical.from_codes(codes, categories=list(categories))


def _contracts(rng, level, all_pass, misere) -> pd.Categorical:
    suit = rng.integers(0, len(SUITS), len(level))
    code = np.where(
        all_pass,
        CONTRACTS.index("pass"),
        np.where(misere, CONTRACTS.index("misere"), (level - 6) * len(SUITS) + suit),
    )
    return _categorical(code, CONTRACTS)


def _draw(
    rng, games, per_game, table_sizes, targets, names, play_half=False
) -> pd.DataFrame:
    """``per_game`` deals for each game, not cut at the end (``play_half``: half
    the half-whists played out, drawn only then, so other logs stay the same)."""
    n_g, target_g, seated_g = _tables(rng, games, table_sizes, targets, names)
    game = np.repeat(np.arange(games), per_game)
    deal = np.tile(np.arange(1, per_game + 1), games)
    size, n = len(game), n_g[game]
    who = seated_g[game]  # (N, 4) codes into names, -1 where no seat
    rows = np.arange(size)
    dealer = (deal - 1) % n
    # the three players of the deal, clockwise from the dealer's left
    active = (dealer[:, None] + 1 + np.arange(3)[None, :]) % n[:, None]
    level, all_pass, misere = _kinds(rng, size)
    m = rng.integers(0, 3, size)
    role = active[rows[:, None], (m[:, None] + np.arange(3)[None, :]) % 3]
    c1, c2, played = _calls(rng, level, misere, all_pass)
    if play_half:
        played = played | (c2 == CALLS.index("half")) & (rng.random(size) < 0.5)
    tricks = _tricks(rng, level, misere, all_pass, played)
    calls = np.full((size, MAX_SEATS), -1)
    calls[rows[:, None], role[:, 1:]] = np.column_stack([c1, c2])
    trick_cells = np.full((size, MAX_SEATS), -1)
    trick_cells[rows[:, None], np.where(all_pass[:, None], active, role)] = tricks
    frame = {"game_id": game + 1, "deal": deal}
    for i, p in enumerate(PLAYERS):
        frame[p] = _categorical(who[:, i], names)
    frame["dealer"] = _categorical(who[rows, dealer], names)
    declarer = np.where(all_pass, -1, who[rows, role[:, 0]])
    frame["declarer"] = _categorical(declarer, names)
    frame["contract"] = _contracts(rng, level, all_pass, misere)
    for i, c in enumerate(CALL_COLUMNS):
        frame[c] = _categorical(calls[:, i], CALLS)
    for i, t in enumerate(TRICK_COLUMNS):
        frame[t] = pd.arrays.IntegerArray(
            np.maximum(trick_cells[:, i], 0), trick_cells[:, i] < 0
        )
    frame["pool_target"] = target_g[game]
    return pd.DataFrame(frame)


def _cut_at_end(frame: pd.DataFrame, rules: Rules, keep_unfinished: bool):
    """Keep each game up to the deal that ends it (drop games that never end)."""
    res = compute(frame, rules)
    keep = ~res.after_end
    if not keep_unfinished:
        over = pd.Series(res.game_over).groupby(frame["game_id"].to_numpy())
        keep &= over.transform("max").to_numpy()
    return frame.loc[keep].reset_index(drop=True)


def random_games(
    games: int,
    *,
    seed: int = 0,
    table_sizes: tuple[int, ...] = (3, 4),
    pool_targets: tuple[int, ...] = (20, 25, 30),
    max_deals: int = 100,
    to_end: bool = True,
    rules: Rules | None = None,
    names: tuple[str, ...] = NAMES,
) -> pd.DataFrame:
    """Random valid preferans games, as a log ``read_log`` and ``score`` accept.

    Parameters
    ----------
    games : int
        Games to draw (with ``to_end``, those that do not end within
        ``max_deals`` are dropped, so a few fewer may come back).
    seed : int
        Seed of the random generator: the same seed gives the same log.
    table_sizes, pool_targets : tuple of int
        Each game draws its players (3 or 4) and its pool target from these.
    max_deals : int
        Deals drawn per game; without ``to_end`` every game has exactly these.
    to_end : bool
        Cut every game after the deal that ends it, under ``rules``.
    rules : Rules, optional
        The rules that decide when a game ends (Sochi by default); with
        ``half_whist="played"`` about half the half-whists are played out.
    names : tuple of str
        The club; each game seats distinct players drawn from it.

    Returns
    -------
    pandas.DataFrame
        The log's columns: ``game_id`` (1..), ``deal`` (1..), ``player1 ..
        player4``, ``dealer`` (rotating clockwise), ``declarer``, ``contract``
        (``6s`` .. ``10nt``, ``misere``, ``pass``), ``call1 .. call4`` (names,
        contracts and calls as categoricals), ``tricks1 .. tricks4`` (Int64) and
        ``pool_target``.
    """
    rng = np.random.default_rng(seed)
    rules = rules or Rules()
    play_half = rules.half_whist == "played"
    frame = _draw(rng, games, max_deals, table_sizes, pool_targets, names, play_half)
    if to_end:
        frame = _cut_at_end(frame, rules, keep_unfinished=False)
    return frame


def random_deals(
    n: int,
    *,
    seed: int = 0,
    deal_range: tuple[int, int] | None = None,
    **options,
) -> pd.DataFrame:
    """Whole random games (see :func:`random_games`, which takes ``options``) with
    at least ``n`` deals in all, or as close as whole games allow: the first games
    that reach ``n``. ``deal_range=(low, high)`` keeps only games of ``low`` to
    ``high`` deals."""
    mean = 32 if options.get("to_end", True) else options.get("max_deals", 100)
    frame = random_games(max(1, int(n / mean * 1.4) + 2), seed=seed, **options)
    sizes = frame.groupby("game_id", sort=False).size()
    if deal_range is not None:
        sizes = sizes[(sizes >= deal_range[0]) & (sizes <= deal_range[1])]
    enough = np.searchsorted(np.cumsum(sizes.to_numpy()), n) + 1
    return frame[frame["game_id"].isin(sizes.index[:enough])].reset_index(drop=True)
