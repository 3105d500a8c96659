"""A plain, row-by-row French tarot scorer written straight from docs/games/tarot.md.

It shares no code with the package: it is the oracle the vectorised scorer is
checked against (tests) and the baseline it is measured against (benchmarks).
Only the default FFT rules are implemented here.
"""

from __future__ import annotations

import math

import pandas as pd

PLAYER_COLS = ["player1", "player2", "player3", "player4", "player5"]


def _blank(v) -> bool:
    return (
        v is None
        or v is pd.NA
        or (isinstance(v, float) and math.isnan(v))
        or (isinstance(v, str) and not v.strip())
    )


def _text(v, default="none") -> str:
    return default if _blank(v) else str(v)


def deal_value(row) -> int:
    """S: what each defender pays (negative: receives), for one deal (a mapping)."""
    contract = _text(row["contract"], "pass")
    if contract == "pass":
        return 0
    oudlers = int(row["oudlers"])
    points = float(row["card_points"])
    needed = {0: 56, 1: 51, 2: 41, 3: 36}[oudlers]
    diff = points - needed
    if diff >= 0:
        made = True
        margin = math.ceil(diff)
    else:
        made = False
        margin = math.floor(diff)
    base = 25 + abs(margin) if made else -(25 + abs(margin))
    pab = {"none": 0, "attack": 10, "defence": -10}[_text(row.get("petit_au_bout"))]
    mult = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}[contract]
    handful = 0
    for col in ("poignee_attack", "poignee_defence"):
        for token in _text(row.get(col)).split("+"):
            handful += {"none": 0, "simple": 20, "double": 30, "triple": 40}[token]
    if not made:
        handful = -handful
    slam = {
        "none": 0,
        "announced_made": 400,
        "unannounced_made": 200,
        "announced_failed": -200,
        "defence": -200,
        "announced_defence": -400,
    }[_text(row.get("chelem"))]
    return (base + pab) * mult + handful + slam


def seat_scores(row) -> list[int]:
    """Each seat's score (player1..player5; 0 for an empty seat) for one deal."""
    seats = [None if _blank(row.get(c)) else row.get(c) for c in PLAYER_COLS]
    out = None if _blank(row.get("sits_out")) else row.get("sits_out")
    playing = [p for p in seats if p is not None and p != out]
    s = deal_value(row)
    taker = row.get("taker")
    partner = None if _blank(row.get("partner")) else row.get("partner")
    if partner == taker:
        partner = None
    scores = []
    for p in seats:
        if p is None or p == out or s == 0:
            scores.append(0)
        elif p == taker:
            if len(playing) == 3:
                scores.append(2 * s)
            elif len(playing) == 4:
                scores.append(3 * s)
            elif partner is None:
                scores.append(4 * s)
            else:
                scores.append(2 * s)
        elif p == partner:
            scores.append(s)
        else:
            scores.append(-s)
    return scores


def score_row(row) -> int:
    """What ``DataFrame.apply(score_row, axis=1)`` gives: the deal value S."""
    return deal_value(row)
