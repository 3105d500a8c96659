"""A plain, row-by-row Bazar-Belot scorer written straight from docs/games/belot.md.

It shares no code with the package: it is the oracle the vectorised scorer is
checked against (tests) and the baseline it is measured against (benchmarks).
Every option of the rules file is implemented; ``rules`` is anything with the
attributes of ``belot.Rules`` (None: the defaults).
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pandas as pd

DEFAULTS = SimpleNamespace(
    trailing_five="up",
    no_trump_double=False,
    all_tricks_bonus=False,
    bela_kept=False,
    failed_capo_base=25,
    target=301,
    min_bid=8,
)
PLAYER_COLS = ["a1", "a2", "b1", "b2"]


def _blank(v) -> bool:
    return (
        v is None
        or v is pd.NA
        or (isinstance(v, float) and math.isnan(v))
        or (isinstance(v, str) and not v.strip())
    )


def _int(v, default=0) -> int:
    return default if _blank(v) else int(v)


def _text(v, default="none") -> str:
    return default if _blank(v) else str(v).strip().lower()


def _flag(v) -> bool:
    if _blank(v):
        return False
    if isinstance(v, str):
        return v.strip().lower() in ("true", "1", "yes")
    return bool(v)


def _round_whists(v: int, trailing_five: str) -> int:
    """Round to a multiple of 10: 14 -> 10, 16 -> 20, 15 -> 20 (up) or 10 (down)."""
    last = v % 10
    if last > 5 or (last == 5 and trailing_five == "up"):
        return v - last + 10
    return v - last


def deal_result(row, rules=None) -> dict:
    """One deal's points (rules 1-7), from a mapping of its log columns."""
    r = rules or DEFAULTS
    capo = _flag(row["capo"])
    declarer = _text(row["declarer"])
    defender = "b" if declarer == "a" else "a"
    tricks = _int(row["declarer_tricks"])
    vtp = _int(row["declarer_card_points"])
    vtv = 162 - vtp
    vcp = _int(row.get("declarer_declarations"))
    vcv = _int(row.get("defender_declarations"))
    bela_ours = r.bela_kept and _text(row.get("bela")) == declarer
    if tricks == 0:  # rule 1
        stays = min(vcp, 20) if bela_ours else 0
        vcv = vcv + vcp - stays
        vcp = stays
    cost = 25 if capo else 16
    if r.all_tricks_bonus and not capo and tricks in (0, 8):
        cost = 25
        if tricks == 8:
            vtp += 90
        else:
            vtv += 90
    vp = vtp + vcp
    vv = vtv + vcv
    if capo:
        made = tricks == 8
    else:
        made = vp >= 10 * _int(row["bid"])
    factor = {"none": 1, "contra": 2, "recontra": 4}[_text(row.get("doubling"))]
    if capo:
        pc = (25 + _int(row.get("capo_bid"))) * factor
        pv = vcv // 10
        pp = (25 if made else r.failed_capo_base) + vcp // 10
    else:
        n = _int(row["bid"])
        if r.no_trump_double and _text(row["contract"]) == "no_trump":
            n = 2 * n
        pc = n * factor
        pv = _round_whists(vv, r.trailing_five) // 10
        pp = (vp + vv - pv * 10) // 10
        limit = cost + (vcp + vcv) // 10
        if pp + pv > limit:
            pp = limit - pv
    if not made:
        ours, theirs, bait = 0, pc + pp + pv, declarer
        if bela_ours:
            ours, theirs = 2, theirs - 2
    elif factor > 1:
        ours, theirs, bait = pc + pp + pv, 0, defender
    else:
        ours, theirs, bait = pc + pp, pv, "none"
    points = {declarer: ours, defender: theirs}
    return {
        "made": made,
        "declarer_whists": vp,
        "defender_whists": vv,
        "contract_points": pc,
        "declarer_whist_points": pp,
        "defender_whist_points": pv,
        "points_declarer": ours,
        "points_defender": theirs,
        "points_a": points["a"],
        "points_b": points["b"],
        "bait": bait,
    }


def score_log(deals: pd.DataFrame, rules=None) -> pd.DataFrame:
    """Every deal's result plus the protocol (rule 8), one deal at a time.

    Returns a frame on the index of ``deals`` with the columns of
    :func:`deal_result` and ``total_a``, ``total_b``, ``match_over``, ``winner``.
    """
    r = rules or DEFAULTS
    records = deals.to_dict("index")
    order = sorted(
        records, key=lambda i: (str(records[i]["game_id"]), int(records[i]["deal"]))
    )
    totals: dict = {}
    decided: set = set()
    out = {}
    for i in order:
        row = records[i]
        res = deal_result(row, r)
        game = row["game_id"]
        ta, tb = totals.get(game, (0, 0))
        ta, tb = ta + res["points_a"], tb + res["points_b"]
        totals[game] = (ta, tb)
        over = game not in decided and max(ta, tb) >= r.target and ta != tb
        if over:
            decided.add(game)
        res.update(
            total_a=ta,
            total_b=tb,
            match_over=over,
            winner=("a" if ta > tb else "b") if over else None,
        )
        out[i] = res
    return pd.DataFrame.from_dict(out, orient="index").reindex(deals.index)


def ledger_rows(row, result: dict) -> list[dict]:
    """The four ledger rows of one scored deal: each player gets his pair's points."""
    rows = []
    for seat, col in enumerate(PLAYER_COLS, start=1):
        pair = col[0]
        other = "b" if pair == "a" else "a"
        rows.append(
            {
                "game_id": row["game_id"],
                "deal": row["deal"],
                "player": row[col],
                "seat": seat,
                "role": "declarer" if _text(row["declarer"]) == pair else "defender",
                "score": result[f"points_{pair}"],
                "opponent_score": result[f"points_{other}"],
            }
        )
    return rows
