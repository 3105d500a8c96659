"""Each game's profile, checked row by row against the scored deals."""

from __future__ import annotations

from collections import Counter, defaultdict

import pandas as pd
import pytest

import cardscore_frames as csf


def scored_of(game):
    return getattr(csf, game).score(csf.load_example(game))


def records(scored):
    return scored.astype(object).where(scored.notna(), None).to_dict("records")


def test_tarot_takes_per_contract_and_roles():
    scored = scored_of("tarot")
    prof = csf.season.profile(scored)
    takes, made, margin = Counter(), Counter(), defaultdict(float)
    called, partner_won = Counter(), Counter()
    for r in records(scored):
        if r["taker"] is None:
            continue
        key = (r["taker"], r["contract"])
        takes[key] += 1
        made[key] += bool(r["made"])
        margin[key] += r["margin"]
        if r["partner"] is not None and r["partner"] != r["taker"]:
            called[r["partner"]] += 1
            partner_won[r["partner"]] += bool(r["made"])
    got = prof["contracts"].set_index(["player", "contract"])
    assert len(got) == len(takes)
    for key, n in takes.items():
        assert got.loc[key, "takes"] == n
        assert got.loc[key, "made"] == made[key]
        assert got.loc[key, "mean_margin"] == pytest.approx(margin[key] / n)
    roles = prof["roles"].set_index(["player", "role"])
    for player, n in called.items():
        assert roles.loc[(player, "partner"), "deals"] == n
        assert roles.loc[(player, "partner"), "won"] == partner_won[player]


def test_tarot_bonuses_count_the_camps():
    scored = scored_of("tarot")
    bonuses = csf.season.profile(scored)["bonuses"].set_index("player")
    pab_for = Counter()
    for r in records(scored):
        if r["taker"] is None or r["petit_au_bout"] in (None, "none"):
            continue
        seated = [r[f"player{i}"] for i in range(1, 6) if r[f"player{i}"] is not None]
        attack = {r["taker"], r["partner"]} - {None}
        playing = [p for p in seated if p != r["sits_out"]]
        for p in playing:
            mine = "attack" if p in attack else "defence"
            pab_for[p] += r["petit_au_bout"] == mine
    assert bonuses["petit_au_bout_for"].to_dict() == {
        p: pab_for.get(p, 0) for p in bonuses.index
    }


def test_belot_declarer_and_partnerships():
    scored = scored_of("belot")
    prof = csf.season.profile(scored)
    declared, made, bait, contra = Counter(), Counter(), Counter(), Counter()
    for r in records(scored):
        side = r["declarer"]
        for seat in (f"{side}1", f"{side}2"):
            declared[r[seat]] += 1
            made[r[seat]] += bool(r["made"])
            if r["doubling"] == "contra":
                contra[r[seat]] += 1
        if r["bait"] in ("a", "b"):
            for seat in (f"{r['bait']}1", f"{r['bait']}2"):
                bait[r[seat]] += 1
    got = prof["declarer"].set_index("player")
    assert got["declared"].to_dict() == dict(declared)
    assert got["made"].to_dict() == dict(made)
    assert got["bait_taken"].to_dict() == {p: bait.get(p, 0) for p in got.index}
    assert got["contra_declared"].to_dict() == {p: contra.get(p, 0) for p in got.index}
    pairs = prof["partnerships"].set_index("pair")
    table = csf.belot.pair_totals(csf.belot.matches(scored))
    for pair, row in table.iterrows():
        assert pairs.loc[pair, "wins"] == row["won"]
        assert pairs.loc[pair, "points_for"] == row["points_for"]


def test_preferans_contracts_and_whists():
    scored = scored_of("preferans")
    prof = csf.season.profile(scored, by="season")
    declared = Counter()
    for r in records(scored):
        if r["contract"] not in ("pass", None) and r["declarer"] is not None:
            level = (
                "misere"
                if r["contract"] == "misere"
                else r["contract"].rstrip("shdcnt")
            )
            declared[(r["declarer"], level)] += 1
    got = prof["contracts"].set_index(["player", "level"])["declared"]
    assert got.to_dict() == dict(declared)
    player = prof["player"].set_index("player")
    ledger = csf.preferans.to_ledger(scored)
    sums = ledger.groupby("player", observed=True)[
        ["whists_written", "whists_received", "mountain", "score"]
    ].sum()
    assert player["whists_won"].to_dict() == sums["whists_written"].to_dict()
    assert player["whists_paid"].to_dict() == sums["whists_received"].to_dict()
    assert player["mountain"].to_dict() == sums["mountain"].to_dict()
    assert player["season"].astype(str).unique().tolist() == ["2025 autumn"]


def test_profile_needs_a_game():
    frame = pd.DataFrame({"a": [1]})
    with pytest.raises(csf.CardscoreError, match="carries no game"):
        csf.season.profile(frame)
    with pytest.raises(csf.UnknownGameError):
        csf.season.profile(frame, game="bridge")
