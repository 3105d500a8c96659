"""Random valid tarot logs, vectorised and seeded: for simulations, tests and benchmarks.

Every deal drawn here passes validation: card points agree with the oudlers and the
table, petit au bout and poignées are possible, chelems have their fixed points.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.games.tarot.rules import PACK_TRUMPS, POIGNEE_TRUMPS
from cardscore_frames.games.tarot.seats import PLAYERS

__all__ = ["random_deals"]

_CONTRACT_P = {
    "pass": 0.12,
    "petite": 0.38,
    "garde": 0.35,
    "garde_sans": 0.1,
    "garde_contre": 0.05,
}
_CHELEM_P = {
    "none": 0.985,
    "announced_made": 0.004,
    "unannounced_made": 0.004,
    "announced_failed": 0.003,
    "defence": 0.003,
    "announced_defence": 0.001,
}


def _draw(rng: np.random.Generator, table: dict[str, float], n: int) -> np.ndarray:
    keys = np.array(list(table), dtype=object)
    p = np.array(list(table.values()))
    return keys[rng.choice(len(keys), size=n, p=p / p.sum())]


def random_deals(
    n: int,
    *,
    seed: int = 0,
    table_sizes: tuple[int, ...] = (3, 4, 5),
    deals_per_game: int = 20,
    names: list[str] | None = None,
    sits_out_share: float = 0.5,
) -> pd.DataFrame:
    """``n`` random valid tarot deals in games of ``deals_per_game`` deals.

    Each game has one table size from ``table_sizes``; at 5, ``sits_out_share`` of
    the games have the dealer sit out (4 play each deal).
    Returns a frame with the log's columns as text and numbers, ready for
    :func:`cardscore_frames.validate`.
    """
    rng = np.random.default_rng(seed)
    names = names or [f"P{i:02d}" for i in range(1, 21)]
    game = np.arange(n) // deals_per_game + 1
    n_games = int(game[-1]) if n else 0
    g_size = rng.choice(np.array(table_sizes), size=n_games + 1)
    g_sits = (g_size == 5) & (rng.random(n_games + 1) < sits_out_share)
    size, sits = g_size[game], g_sits[game]
    # each game seats distinct players: a random permutation per game, then the first k
    if len(names) < max(table_sizes):
        raise ValueError(f"{max(table_sizes)} players needed; got {len(names)} names")
    perm = np.argsort(rng.random((n_games + 1, len(names))), axis=1)[:, :5]
    seat = np.full((n, 5), None, dtype=object)
    seat[:, : perm.shape[1]] = np.array(names, dtype=object)[perm][game]
    seat[np.arange(5)[None, :] >= size[:, None]] = None
    out_seat = np.where(sits, (np.arange(n) % 5), -1)  # the dealer rotates
    active = size - sits
    playing = (seat != None) & (np.arange(5)[None, :] != out_seat[:, None])  # noqa: E711
    # the taker and partner: random playing seats
    pick = np.where(playing, rng.random((n, 5)), -1.0)
    taker_i = pick.argmax(axis=1)
    pick[np.arange(n), taker_i] = -1
    partner_i = pick.argmax(axis=1)
    contract = _draw(rng, _CONTRACT_P, n)
    oudlers = rng.choice(4, size=n, p=[0.2, 0.35, 0.3, 0.15])
    needed = np.array([56, 51, 41, 36])[oudlers]
    step = np.where(active == 4, 1.0, 0.5)
    low, high = 4.5 * oudlers, 91 - 4.5 * (3 - oudlers)
    pts = np.clip(needed + rng.normal(2, 9, n), low, high)
    pts = np.round(pts / step) * step
    pts = np.where(pts < low, pts + step, pts)
    pts = np.where(pts > high, pts - step, pts)
    chelem = _draw(rng, _CHELEM_P, n)
    made = np.isin(chelem, ("announced_made", "unannounced_made"))
    keep_excuse = made & (rng.random(n) < 0.5)
    oudlers = np.where(made, np.where(keep_excuse, 2, 3), oudlers)
    pts = np.where(made, np.where(keep_excuse, 87.0, 91.0), pts)
    # a garde contre's dog is the defence's even in a chelem: here a king, a
    # knight and four low cards (9 points) at 3 and 4 players, a king and two low
    # cards (5.5) at 5; every oudler in the attack's tricks
    contre = made & (contract == "garde_contre")
    oudlers = np.where(contre, 3, oudlers)
    pts = np.where(contre, np.where(active == 5, 85.5, 82.0), pts)
    defended = np.isin(chelem, ("defence", "announced_defence"))
    oudlers = np.where(defended, 0, oudlers)
    pts = np.where(defended, 0.0, pts)
    pab = np.where(
        rng.random(n) < 0.06, np.where(rng.random(n) < 0.6, "attack", "defence"), "none"
    ).astype(object)
    pab[(pab == "attack") & (oudlers == 0)] = "none"
    pab[(pab == "defence") & (oudlers == 3)] = "none"
    att, dfn = _poignees(rng, n, active)
    passed = contract == "pass"
    frame = pd.DataFrame({"game_id": game, "deal": np.arange(n) % deals_per_game + 1})
    for i, col in enumerate(PLAYERS):
        frame[col] = seat[:, i]
    rows = np.arange(n)
    frame["taker"] = np.where(passed, None, seat[rows, taker_i])
    alone = rng.random(n) < 0.15
    frame["partner"] = np.where(
        passed | (active != 5),
        None,
        np.where(alone, seat[rows, taker_i], seat[rows, partner_i]),
    )
    frame["contract"] = contract
    frame["oudlers"] = pd.array(np.where(passed, pd.NA, oudlers), dtype="Int64")
    frame["card_points"] = pd.array(np.where(passed, np.nan, pts), dtype="Float64")
    frame["petit_au_bout"] = np.where(passed, "none", pab)
    frame["poignee_attack"] = np.where(passed, "none", att)
    frame["poignee_defence"] = np.where(passed, "none", dfn)
    frame["chelem"] = np.where(passed, "none", chelem)
    frame["sits_out"] = np.where(sits, seat[rows, np.maximum(out_seat, 0)], None)
    return frame


def _poignees(rng: np.random.Generator, n: int, active: np.ndarray):
    """Attack and defence poignées, dropping the defence's when trumps would exceed 22."""
    att_level = np.where(rng.random(n) < 0.08, rng.choice([1, 1, 1, 2, 3], size=n), 0)
    dfn_level = np.where(rng.random(n) < 0.03, 1, 0)
    needs = np.zeros((n, 4), dtype=int)
    for size, trumps in POIGNEE_TRUMPS.items():
        needs[active == size] = (0, *trumps)
    rows = np.arange(n)
    too_many = needs[rows, att_level] + needs[rows, dfn_level] > PACK_TRUMPS
    dfn_level = np.where(too_many, 0, dfn_level)
    label = np.array(["none", "simple", "double", "triple"], dtype=object)
    return label[att_level], label[dfn_level]
