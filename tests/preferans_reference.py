"""A plain, row-by-row preferans deal scorer written straight from
docs/games/preferans.md ("One deal", "Pool overflow", the presets table), and
from the log format's corrections (``contract = correction``: pool1..4,
mountain1..4, whists1..4 on ``whists_on``) and per-deal ``all_pass_price``.

It shares no code with the package (not even its rule tables): it is the oracle the
vectorised scorer is checked against (tests) and the baseline it is measured against
(benchmarks). It reads the rules object's fields, so every preset is covered, and
it trusts its input (run it on valid logs only).
"""

from __future__ import annotations

import math

import pandas as pd

VALUE = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
MISERE = 10
SEATS = 4


def _blank(v) -> bool:
    return (
        v is None
        or v is pd.NA
        or (isinstance(v, float) and math.isnan(v))
        or (isinstance(v, str) and not v.strip())
    )


def _text(v) -> str | None:
    return None if _blank(v) else str(v).strip().lower()


def exact_settlement(pool, mountain, whists, a, b):
    """final_i = a(P_i - mean P) + b(mean M - M_i) + sum_j (W[i][j] - W[j][i])."""
    n = len(pool)
    mean_p, mean_m = sum(pool) / n, sum(mountain) / n
    return [
        a * (pool[i] - mean_p)
        + b * (mean_m - mountain[i])
        + sum(whists[i][j] - whists[j][i] for j in range(n))
        for i in range(n)
    ]


class _Deal:
    """What one deal writes on an n-player sheet."""

    def __init__(self, n):
        self.pool = [0] * n
        self.mountain = [0] * n
        self.whists = [[0] * n for _ in range(n)]
        self.outcome = None


def _defenders(declarer, sitting, n):
    order = [(declarer + k) % n for k in range(1, n)]
    d = [s for s in order if s != sitting]
    return d[0], d[1]


def _contract(row, deal, players, sitting, contract, rules):
    n = len(players)
    declarer = players.index(row["declarer"].strip())
    first, second = _defenders(declarer, sitting, n)
    calls = {s: _text(row.get(f"call{s + 1}")) for s in (first, second)}
    tricks = {}
    for s in range(n):
        cell = row.get(f"tricks{s + 1}")
        tricks[s] = 0 if _blank(cell) else int(cell)
    others = [
        s
        for s in range(n)
        if s != declarer and (s != sitting or rules.dealer_consolation)
    ]
    if contract == "misere":
        taken = tricks[declarer]
        if taken == 0:
            deal.pool[declarer] += MISERE
            deal.outcome = "misere_made"
        else:
            deal.mountain[declarer] += rules.misere_trick_mountain * taken
            deal.outcome = "misere_failed"
            if rules.misere_consolation:
                for s in others:
                    deal.whists[s][declarer] += (
                        rules.consolation_whists * MISERE * taken
                    )
        return
    level = int(contract.rstrip("schdnt"))
    v, o = VALUE[level], OBLIGATION[level]
    whisters = [s for s in (first, second) if calls[s] == "whist"]
    if not whisters:
        deal.pool[declarer] += v
        deal.outcome = "both_pass"
        if calls[second] == "half":
            deal.outcome = "half_whist"
            deal.whists[second][declarer] += rules.consolation_whists * v * o // 2
        return
    took = tricks[declarer]
    defenders_took = tricks[first] + tricks[second]
    short = max(level - took, 0)
    if short == 0:
        deal.pool[declarer] += v
        deal.outcome = "made"
    else:
        deal.mountain[declarer] += rules.undertrick_mountain * v * short
        deal.outcome = "failed"
        for s in others:
            deal.whists[s][declarer] += rules.consolation_whists * v * short
    per_trick = rules.trick_whists * v
    if len(whisters) == 2:
        for s in whisters:
            deal.whists[s][declarer] += per_trick * tricks[s]
    else:
        w = whisters[0]
        p = second if w == first else first
        if short > 0 and rules.lone_whist == "gentleman":
            deal.whists[w][declarer] += per_trick * defenders_took // 2
            deal.whists[p][declarer] += per_trick * defenders_took // 2
        else:
            deal.whists[w][declarer] += per_trick * defenders_took
    missing = max(o - defenders_took, 0)
    if not rules.responsible_whist or missing == 0:
        return
    cost = round(rules.whister_shortfall * v)
    if len(whisters) == 1:
        deal.mountain[whisters[0]] += cost * missing
    elif level <= 7:
        for s in whisters:
            deal.mountain[s] += cost * min(max(o // 2 - tricks[s], 0), missing)
    else:
        deal.mountain[second] += cost * missing


def _all_pass(row, deal, players, sitting, price, rules):
    n = len(players)
    deal.outcome = "all_pass"
    playing = [s for s in range(n) if s != sitting]
    tricks = {s: int(row[f"tricks{s + 1}"]) for s in playing}
    for s in playing:
        if tricks[s] == 0:
            deal.pool[s] += price
    if rules.all_pass == "rostov":
        fewest = min(tricks.values())
        low = [s for s in playing if tricks[s] == fewest]
        for s in low:
            for t in playing:
                if t not in low:
                    deal.whists[s][t] += rules.all_pass_whists * price * tricks[t]
    else:
        for s in playing:
            deal.mountain[s] += price * tricks[s]


def _correction(row, deal, players):
    """A correction row: the amounts it writes (pool points still to be capped)."""
    deal.outcome = "correction"
    on = row.get("whists_on")
    on = None if _blank(on) else players.index(str(on).strip())
    for s in range(len(players)):
        for kind, target in (("pool", deal.pool), ("mountain", deal.mountain)):
            cell = row.get(f"{kind}{s + 1}")
            if not _blank(cell):
                target[s] += int(cell)
        cell = row.get(f"whists{s + 1}")
        if not _blank(cell) and int(cell):
            deal.whists[s][on] += int(cell)


def _write_pool(sheet_pool, deal, donor, points, target, rules):
    """Write points in the donor's pool; overflow the surplus (rules file).
    Points taken back (a correction's negative pool) come off the pool as given."""
    n = len(sheet_pool)
    if not rules.pool_cap or points < 0:
        sheet_pool[donor] += points
        deal.pool[donor] += points
        return
    keep = max(min(points, target - sheet_pool[donor]), 0)
    sheet_pool[donor] += keep
    deal.pool[donor] += keep
    surplus = points - keep
    takers = [s for s in range(n) if s != donor and sheet_pool[s] < target]
    takers.sort(key=lambda s: (target - sheet_pool[s], (s - donor) % n))
    for s in takers:
        if surplus == 0:
            break
        given = min(surplus, target - sheet_pool[s])
        sheet_pool[s] += given
        deal.pool[s] += given
        deal.whists[donor][s] += rules.pool_whists * given
        surplus -= given
    deal.mountain[donor] -= surplus * rules.pool_whists // rules.mountain_whists


def _game(rows, rules, out):
    first = rows[0]
    players = [
        first[f"player{i}"].strip()
        for i in range(1, SEATS + 1)
        if not _blank(first.get(f"player{i}"))
    ]
    n = len(players)
    target = first.get("pool_target")
    target = rules.pool_target if _blank(target) else int(target)
    sheet_pool, sheet_mountain = [0] * n, [0] * n
    over, run = False, 0
    for row in sorted(rows, key=lambda r: int(r["deal"])):
        dealer = row.get("dealer")
        sitting = None
        if n == 4 and not _blank(dealer):  # a correction may leave it blank
            # names as the log writes them: "Nan" and "NAN" are two players
            sitting = players.index(str(dealer).strip())
        contract = _text(row["contract"])
        deal = _Deal(n)
        if contract == "correction":  # neither continues nor breaks an all-pass run
            _correction(row, deal, players)
        elif contract == "pass":
            run += 1
            prices = rules.all_pass_price
            price = prices[min(run, len(prices)) - 1]
            if not _blank(row.get("all_pass_price")):  # the log's price wins
                price = int(row["all_pass_price"])
            _all_pass(row, deal, players, sitting, price, rules)
        else:
            run = 0
            _contract(row, deal, players, sitting, contract, rules)
        wanted, deal.pool = deal.pool, [0] * n
        for s in range(n):
            if wanted[s]:
                _write_pool(sheet_pool, deal, s, wanted[s], target, rules)
        after_end = over
        if rules.end_of_game == "pool_sum":
            over = over or sum(sheet_pool) >= target
        else:
            over = over or all(p >= target for p in sheet_pool)
        for s in range(n):
            sheet_mountain[s] += deal.mountain[s]
        net = exact_settlement(
            deal.pool,
            deal.mountain,
            deal.whists,
            rules.pool_whists,
            rules.mountain_whists,
        )
        out.append(
            _record(row, deal, net, n, after_end, over, sheet_pool, sheet_mountain)
        )


def _record(row, deal, net, n, after_end, over, sheet_pool, sheet_mountain):
    rec = {
        "_row": row["_row"],
        "outcome": deal.outcome,
        "after_end": after_end,
        "game_over": over,
    }
    for i in range(SEATS):
        rec[f"pool_{i + 1}"] = deal.pool[i] if i < n else 0
        rec[f"mountain_{i + 1}"] = deal.mountain[i] if i < n else 0
        rec[f"net_{i + 1}"] = net[i] if i < n else 0.0
        rec[f"pool_sheet_{i + 1}"] = sheet_pool[i] if i < n else 0
        rec[f"mountain_sheet_{i + 1}"] = sheet_mountain[i] if i < n else 0
        for j in range(SEATS):
            if i != j:
                rec[f"whists_{i + 1}_on_{j + 1}"] = (
                    deal.whists[i][j] if i < n and j < n else 0
                )
    return rec


def score_reference(deals: pd.DataFrame, rules) -> pd.DataFrame:
    """Score a valid log deal by deal; rows come back in the log's order with the
    columns pool_i, mountain_i, whists_i_on_j, net_i, pool_sheet_i,
    mountain_sheet_i, outcome, after_end and game_over."""
    games: dict[object, list[dict]] = {}
    for pos, row in enumerate(deals.to_dict("records")):
        row["_row"] = pos
        games.setdefault(row["game_id"], []).append(row)
    out: list[dict] = []
    for rows in games.values():
        _game(rows, rules, out)
    out.sort(key=lambda r: r["_row"])
    return pd.DataFrame(out).drop(columns="_row")


def ledger_reference(deals: pd.DataFrame, rules) -> dict[tuple, float]:
    """Each game's exact settlement from its summed sheet, as a mapping
    {(game_id, player): whists}."""
    scored = score_reference(deals, rules)
    totals: dict[tuple, float] = {}
    records = deals.to_dict("records")
    sheets: dict[object, tuple[list, list, list, list]] = {}
    for row, res in zip(records, scored.to_dict("records"), strict=True):
        players = [
            row[f"player{i}"]
            for i in range(1, SEATS + 1)
            if not _blank(row.get(f"player{i}"))
        ]
        n = len(players)
        sh = sheets.setdefault(
            row["game_id"], (players, [0] * n, [0] * n, [[0] * n for _ in range(n)])
        )
        for i in range(n):
            sh[1][i] += res[f"pool_{i + 1}"]
            sh[2][i] += res[f"mountain_{i + 1}"]
            for j in range(n):
                if i != j:
                    sh[3][i][j] += res[f"whists_{i + 1}_on_{j + 1}"]
    for game, (players, pool, mountain, whists) in sheets.items():
        final = exact_settlement(
            pool, mountain, whists, rules.pool_whists, rules.mountain_whists
        )
        for p, v in zip(players, final, strict=True):
            totals[(game, p)] = v
    return totals
