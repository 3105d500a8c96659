"""Plain-Python season standings and head to head, row by row: the oracle the
vectorised ``cardscore_frames.season`` is checked against.

Written from docs/guide/season.md without looking at the package's code:
dicts, loops and ``sorted``; no pandas groupby.
"""

from __future__ import annotations

from collections import defaultdict

PLACE_POINTS = {3: (10, 6, 2), 4: (11, 7, 4, 2), 5: (12, 8, 5, 3, 2)}


def game_results(rows):
    """{game_key: {player: dict(score, deals, pair, won, against)}} from ledger
    rows (dicts with game, game_key, player, score; belot rows with pair,
    opponent_score, match_won)."""
    games = defaultdict(dict)
    for r in rows:
        g = games[r["game_key"]].setdefault(
            r["player"],
            {
                "score": 0.0,
                "deals": 0,
                "pair": r.get("pair"),
                "won": None,
                "against": 0.0,
                "game": r["game"],
                "group": r["group"],
                "date": r.get("date"),
                "order": r.get("order", 0),
            },
        )
        g["score"] += r["score"]
        g["deals"] += 1
        g["against"] += r.get("opponent_score") or 0.0
        if r.get("match_won") is not None:
            g["won"] = bool(r["match_won"])
    for players in games.values():
        teams = any(p["pair"] is not None for p in players.values())
        for p in players.values():
            if teams:
                p["place"] = None if p["won"] is None else (1 if p["won"] else 2)
            else:
                better = sum(
                    1 for q in players.values() if q["score"] > p["score"] + 1e-9
                )
                p["place"] = 1 + better
            p["size"] = len(players)
    return games


def place_points(players, place, ties):
    points = PLACE_POINTS[players]
    return sum(points[place - 1 : place - 1 + ties]) / ties


def figures(rows):
    """{(game, group, player): figures} of the standings."""
    games = game_results(rows)
    out = {}
    for players in sorted(games.values(), key=_order):
        for name, p in players.items():
            f = out.setdefault(
                (p["game"], p["group"], name),
                {
                    "games": 0,
                    "deals": 0,
                    "total": 0.0,
                    "wins": 0,
                    "decided": 0,
                    "places": defaultdict(int),
                    "best": None,
                    "worst": None,
                    "streak": 0,
                    "run": 0,
                    "pp": 0.0,
                    "for": 0.0,
                    "against": 0.0,
                    "positive": 0,
                    "sizes": set(),
                },
            )
            f["games"] += 1
            f["deals"] += p["deals"]
            f["total"] += p["score"]
            f["for"] += p["score"]
            f["against"] += p["against"]
            f["positive"] += p["score"] > 0
            f["sizes"].add(p["size"])
            f["best"] = p["score"] if f["best"] is None else max(f["best"], p["score"])
            f["worst"] = (
                p["score"] if f["worst"] is None else min(f["worst"], p["score"])
            )
            if p["place"] is None:
                continue
            f["decided"] += 1
            f["places"][p["place"]] += 1
            won = p["place"] == 1
            f["wins"] += won
            f["run"] = f["run"] + 1 if won else 0
            f["streak"] = max(f["streak"], f["run"])
            if p["pair"] is None and p["size"] in PLACE_POINTS:
                ties = sum(1 for q in players.values() if q["place"] == p["place"])
                f["pp"] += place_points(p["size"], p["place"], ties)
    return out, games


def _order(players):
    first = next(iter(players.values()))
    return (first["date"] or "", first["order"])


def ranked(rows, criteria_of):
    """{(game, group, player): (rank, values)}; ``criteria_of(figures, game,
    group_sizes)`` names the criteria (functions of a player's figures; the
    name ``"direct"`` is the mini-league among the players still tied)."""
    figs, games = figures(rows)
    groups = defaultdict(list)
    for key in figs:
        groups[key[:2]].append(key)
    out = {}
    for group, keys in groups.items():
        sizes = set().union(*(figs[k]["sizes"] for k in keys))
        criteria = criteria_of(group[0], sizes)
        values = {k: [] for k in keys}
        for name, fn in criteria:
            if name == "direct":
                tied = defaultdict(list)
                for k in keys:
                    tied[tuple(values[k])].append(k)
                for members in tied.values():
                    for k in members:
                        values[k].append(
                            _direct(k, members, games) if len(members) > 1 else None
                        )
            else:
                for k in keys:
                    values[k].append(fn(figs[k]))
        ordered = sorted(keys, key=lambda k: [_desc(v) for v in values[k]])
        for k in keys:
            better = sum(
                1
                for j in keys
                if [_desc(v) for v in values[j]] < [_desc(v) for v in values[k]]
            )
            out[k] = (better + 1, values[k])
        del ordered
    return out, figs


def _desc(v):
    return float("inf") if v is None else -round(v, 9)


def _direct(key, members, games):
    """Encounters won minus lost against the other tied players."""
    me = key[2]
    others = {k[2] for k in members} - {me}
    net = 0
    for players in games.values():
        if me not in players or players[me]["place"] is None:
            continue
        mine = players[me]
        for other in others & set(players):
            them = players[other]
            if them["place"] is None:
                continue
            if mine["pair"] is not None and mine["pair"] == them["pair"]:
                continue
            net += (mine["place"] < them["place"]) - (mine["place"] > them["place"])
    return net


def pairwise_net(rows):
    """{(player, opponent): net} with zero-sum deals split winners-take-from-
    losers in proportion; other games: score difference per deal."""
    deals = defaultdict(list)
    for r in rows:
        deals[(r["game_key"], r["deal"])].append(r)
    net = defaultdict(float)
    for seated in deals.values():
        zero_sum = seated[0]["game"] != "belot"
        gain = sum(max(r["score"], 0.0) for r in seated)
        for a in seated:
            for b in seated:
                if a is b or (
                    a.get("pair") is not None and a.get("pair") == b.get("pair")
                ):
                    continue
                key = (a["player"], b["player"])
                if zero_sum:
                    if gain > 0:
                        net[key] += (
                            max(a["score"], 0) * max(-b["score"], 0)
                            - max(b["score"], 0) * max(-a["score"], 0)
                        ) / gain
                else:
                    net[key] += a["score"] - b["score"]
    return dict(net)
