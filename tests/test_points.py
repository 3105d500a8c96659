"""Points-only logs (``read_log(..., kind="points")``) of every game: worked
examples from the rules files by hand, every problem at once, and a points log
built from a full log's ledger giving the same ledger, results and standings."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.games import belot, preferans, tarot

KEY = ["game_key", "deal", "player", "score"]


def read_points(frame: pd.DataFrame, game: str, tmp_path, rules=None) -> pd.DataFrame:
    """A points log as a file says it: written to CSV, read back."""
    path = tmp_path / f"{game}_points.csv"
    frame.to_csv(path, index=False)
    return csf.read_log(path, game=game, kind="points", rules=rules)


def same_scores(got: pd.DataFrame, want: pd.DataFrame) -> None:
    """Two ledgers with the same (game, deal, player) scores."""
    a = got[KEY].astype({"game_key": str, "player": str})
    b = want[KEY].astype({"game_key": str, "player": str})
    a = a.sort_values(KEY[:3]).reset_index(drop=True)
    b = b.sort_values(KEY[:3]).reset_index(drop=True)
    pd.testing.assert_frame_equal(a, b, check_exact=False, atol=1e-9, rtol=0)


def wide(ledger: pd.DataFrame, seats: int) -> pd.DataFrame:
    """A ledger spread by seat with plain pandas merges: one row per deal, the
    player of seat k in ``player{k}`` and his score in ``score{k}``."""
    keys = ["game_key", "deal"]
    meta = ["league", "season", "date", "table", "game_id", "deal"]
    frame = ledger.astype(
        {
            c: object
            for c in ("game_key", "league", "season", "table", "game_id", "player")
        }
    )
    out = frame.drop_duplicates(keys)[["game_key", *meta]]
    for k in range(1, seats + 1):
        part = frame.loc[frame["seat"] == k, [*keys, "player", "score"]]
        out = out.merge(
            part.rename(columns={"player": f"player{k}", "score": f"score{k}"}),
            on=keys,
            how="left",
        )
    names = [f"player{k}" for k in range(1, seats + 1)]
    scores = [f"score{k}" for k in range(1, seats + 1)]
    return out[[*meta, *names, *scores]].reset_index(drop=True)


# --- tarot ---------------------------------------------------------------------------


def tarot_row(deal, names, scores, **more):
    r = {"game_id": 1, "deal": deal}
    for k in range(5):
        r[f"player{k + 1}"] = names[k] if k < len(names) else None
        r[f"score{k + 1}"] = scores[k] if k < len(scores) else None
    r.update(more)
    return r


FOUR = ("Anne", "Bruno", "Chloé", "Denis")
FIVE = (*FOUR, "Emma")


def test_tarot_points_read_into_the_ledger(tmp_path):
    # tarot.md worked example 1 (4 players, Bruno takes): S = 106, the taker
    # +3S = +318, each defender -106. Example 4 at 5 players with a called
    # partner (Chloé): S = 92, taker +2S = +184, partner +S = +92, each of the 3
    # defenders -92. A 5-seat table where Emma deals and sits out of a 4-player
    # deal (example 3: S = -42, taker -126): Emma scores 0.
    log = pd.DataFrame(
        [
            tarot_row(1, FOUR, [-106, 318, -106, -106]),
            tarot_row(2, FIVE, [-92, 184, 92, -92, -92]),
            tarot_row(3, FIVE, [42, -126, 42, 42, 0], sits_out="Emma"),
        ]
    )
    points = read_points(log, "tarot", tmp_path)
    assert points.cardscore.kind == "points"
    scored = tarot.score(points)
    assert scored["players"].tolist() == [4, 5, 4]
    assert scored["total2"].tolist() == [318, 318 + 184, 318 + 184 - 126]
    ledger = tarot.to_ledger(scored)
    assert ledger["score"].tolist() == [
        -106,
        318,
        -106,
        -106,
        -92,
        184,
        92,
        -92,
        -92,
        42,
        -126,
        42,
        42,
        0,
    ]
    assert ledger["role"].astype(str).tolist()[-5:] == ["player"] * 4 + ["sitting_out"]
    pd.testing.assert_frame_equal(csf.check_ledger(ledger), ledger)
    table = csf.results(ledger)
    # Bruno: 318 + 184 - 126 = 376
    assert table.loc[
        table["player"] == "Bruno", ["score", "place"]
    ].values.tolist() == [[376.0, 1]]


def test_tarot_points_every_problem_at_once():
    log = pd.DataFrame(
        [
            tarot_row(1, FOUR, [-106, 318, -106, -100]),  # -106+318-106-100 = 6
            tarot_row(2, ("Anne", "Bruno", "Chloé", None, "Emma"), [1, -1, 0, None, 0]),
            tarot_row(3, ("Anne", "Anne", "Chloé"), [0, 0, 0]),
            tarot_row(4, FOUR, [0, 0, None, 0, 5]),
            tarot_row(5, FIVE, [0, 0, 0, 0, 0], sits_out="Zoé"),
            tarot_row(6, FIVE, [-30, 90, -30, -30, 0], sits_out="Anne"),
            tarot_row(7, ("Anne", "Bruno"), [0, 0]),  # player3 is required
        ]
    )
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(log, game="tarot", kind="points")
    fc = caught.value.failure_cases
    assert fc[["deal", "column", "reason"]].values.tolist() == [
        [1, "score1", "not_zero_sum"],
        [2, "player5", "seat_gap"],
        [3, "player2", "duplicate_player"],
        [4, "score3", "blank"],
        [4, "score5", "no_such_seat"],
        [5, "sits_out", "not_seated"],
        [6, "sits_out", "sitting_out_scored"],
        [7, "player3", "blank"],
    ]
    assert "got -106 + 318 + -106 + -100 = 6" in fc["message"][0]
    assert "score3 must be given: it is the score of Chloé" in fc["message"][3]
    summary = str(caught.value)
    assert summary.startswith("tarot points log: 8 problems in 7 deals")


@pytest.mark.parametrize("example", ["tarot", "league_tarot"])
def test_tarot_points_from_the_full_log_give_the_same_ledger(example, tmp_path):
    full = tarot.to_ledger(tarot.score(csf.load_example(example)))
    log = wide(full, 5)
    if (full["role"] == "sitting_out").any():
        out = full.loc[full["role"] == "sitting_out", ["game_key", "deal", "player"]]
        at = full.drop_duplicates(["game_key", "deal"])[["game_key", "deal"]]
        log["sits_out"] = (
            at.merge(out, how="left", on=["game_key", "deal"])["player"]
            .astype(object)
            .to_numpy()
        )
    points = read_points(log, "tarot", tmp_path)
    ledger = tarot.to_ledger(tarot.score(points))
    same_scores(ledger, full)
    assert (
        ledger["game_key"].astype(str).unique() == full["game_key"].astype(str).unique()
    ).all()
    cols = ["game_key", "player", "deals", "score", "place", "won"]
    pd.testing.assert_frame_equal(
        csf.results(ledger)[cols], csf.results(full)[cols], check_categorical=False
    )
    # the package's own export is the same log
    mine = tarot.to_points(full)
    pd.testing.assert_frame_equal(
        tarot.to_ledger(tarot.score(read_points(mine, "tarot", tmp_path)))[KEY],
        ledger[KEY],
    )


def test_season_tables_read_a_points_ledger(tmp_path):
    full = tarot.to_ledger(tarot.score(csf.load_example("league_tarot")))
    points = tarot.to_ledger(
        tarot.score(read_points(tarot.to_points(full), "tarot", tmp_path))
    )
    cols = ["player", "games", "score"]
    got, want = csf.season.standings(points), csf.season.standings(full)
    pd.testing.assert_frame_equal(
        got[[c for c in got if c in cols]].reset_index(drop=True),
        want[[c for c in want if c in cols]].reset_index(drop=True),
        check_categorical=False,
    )
    h2h = csf.season.head_to_head(points)
    pd.testing.assert_frame_equal(
        h2h.reset_index(drop=True),
        csf.season.head_to_head(full).reset_index(drop=True),
        check_categorical=False,
    )


# --- belot ---------------------------------------------------------------------------

PAIRS = {"a1": "Aram", "a2": "Ani", "b1": "Davit", "b2": "Gayane"}


def belot_row(deal, a, b, **more):
    return {"game_id": 1, "deal": deal, **PAIRS, "points_a": a, "points_b": b, **more}


def test_belot_protocol_gives_its_match_and_winner(tmp_path):
    # belot.md worked examples, pair a declaring each time, target 40:
    #   bid 8, VTp 97: declarers 17, defenders 7              -> 17 : 7
    #   bid 12, VTp 95 + Бэла (115 < 120): failed, БТ a       -> 17 : 37
    #   bid 10 contra, defenders' terz: 38 : 0, БТ on b (a made under contra)
    #                                                         -> 55 : 37, a wins
    log = pd.DataFrame(
        [
            belot_row(1, 17, 7, declarer="a"),
            belot_row(2, 0, 30, declarer="a", bait="a"),
            belot_row(3, 38, 0, declarer="a", bait="b"),
        ]
    )
    rules = belot.Rules(target=40)
    scored = belot.score(read_points(log, "belot", tmp_path, rules=rules))
    assert scored["total_a"].tolist() == [17, 17, 55]
    assert scored["total_b"].tolist() == [7, 37, 37]
    assert scored["match_over"].tolist() == [False, False, True]
    match = belot.matches(scored).iloc[0]
    assert (match["total_a"], match["total_b"], match["winner"]) == (55, 37, "a")
    assert (match["bait_a"], match["bait_b"], match["margin"]) == (1, 1, 18)
    ledger = belot.to_ledger(scored)
    aram = ledger[ledger["player"] == "Aram"]
    assert aram["score"].tolist() == [17, 0, 38]
    assert aram["opponent_score"].tolist() == [7, 30, 0]
    assert aram["role"].astype(str).tolist() == ["declarer"] * 3
    assert ledger.loc[ledger["deal"] == 3, "match_won"].tolist() == [
        True,
        True,
        False,
        False,
    ]
    table = csf.results(ledger)
    assert table.loc[table["player"] == "Davit", ["score", "won"]].values.tolist() == [
        [37.0, False]
    ]


def test_belot_protocol_every_problem_at_once():
    log = pd.DataFrame(
        [
            belot_row(1, 17, 7),
            belot_row(2, 3, 2),  # 5 < the minimum bid 8
            belot_row(3, 12, 20, bait="a"),  # БТ on a pair that scored
            {**belot_row(4, 10, 10), "b2": "Aram"},
            {**belot_row(5, 10, 10), "a2": "Karen"},
        ]
    )
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(log, game="belot", kind="points")
    fc = caught.value.failure_cases
    own = fc[fc["reason"] != "game_rejected"]
    assert own[["deal", "column", "reason"]].values.tolist() == [
        [2, "points_b", "below_minimum"],
        [3, "bait", "bait_with_points"],
        [4, "b2", "duplicate_player"],
        [4, "b1", "pair_changed"],  # Davit & Aram is not the pair of deal 1
        [5, "a1", "pair_changed"],
    ]
    assert "got 3 + 2" in own["message"].iloc[0]
    assert "pair a has points_a 12" in own["message"].iloc[1]


def test_belot_protocol_rejects_deals_after_the_match(tmp_path):
    log = pd.DataFrame([belot_row(1, 17, 7), belot_row(2, 30, 0), belot_row(3, 0, 16)])
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(log, game="belot", kind="points", rules=belot.Rules(target=40))
    fc = caught.value.failure_cases
    assert fc[["deal", "reason"]].values.tolist()[0] == [3, "after_match"]
    assert "decided at deal 2 (47 to 7, target 40)" in fc["message"][0]


@pytest.mark.parametrize("example", ["belot", "league_belot"])
def test_belot_protocol_of_the_sample_gives_the_same_matches(example, tmp_path):
    scored = belot.score(csf.load_example(example))
    keep = ["league", "season", "date", "table", "game_id", "deal", *PAIRS]
    log = scored[[*keep, "points_a", "points_b", "declarer", "bait"]]
    protocol = belot.score(read_points(log, "belot", tmp_path))
    cols = ["pair_a", "pair_b", "deals", "total_a", "total_b", "bait_a", "bait_b"]
    cols += ["finished", "winner", "winning_pair", "margin"]
    pd.testing.assert_frame_equal(
        belot.matches(protocol)[cols], belot.matches(scored)[cols], check_dtype=False
    )
    full = belot.to_ledger(scored)
    ledger = belot.to_ledger(protocol)
    more = [*KEY, "role", "pair", "opponent_score", "match_won"]
    pd.testing.assert_frame_equal(ledger[more].astype(str), full[more].astype(str))
    pd.testing.assert_frame_equal(
        csf.results(ledger), csf.results(full), check_categorical=False
    )
    mine = belot.to_points(scored)
    pd.testing.assert_frame_equal(
        mine.drop(columns=[c for c in ("table",) if c not in log]).reset_index(
            drop=True
        ),
        log.reset_index(drop=True)[list(mine.columns)],
        check_dtype=False,
        check_categorical=False,
    )


# --- preferans -----------------------------------------------------------------------


def pref_row(deal, names, scores, game=1):
    r = {"game_id": game, "deal": deal}
    for k in range(4):
        r[f"player{k + 1}"] = names[k] if k < len(names) else None
        r[f"score{k + 1}"] = scores[k] if k < len(scores) else None
    return r


THREE = ("Zoya", "Kira", "Anna")


def test_preferans_points_read_into_the_ledger(tmp_path):
    # preferans.md example: seven made, both whist, tricks 7/2/1: pool[0] += 4,
    # seat 1 writes 8 and seat 2 writes 4 on seat 0. In whists (a = b = 10):
    #   seat 0: 10(4 - 4/3) + 8 + 4 = +38.667; seat 1: 10(0 - 4/3) - 8 = -21.333;
    #   seat 2: 10(0 - 4/3) - 4 = -17.333.
    log = pd.DataFrame(
        [
            pref_row(1, THREE, ["38.6666667", "-21.3333333", "-17.3333333"]),
            pref_row(2, THREE, [0, 10, -10]),
        ]
    )
    scored = preferans.score(read_points(log, "preferans", tmp_path))
    np.testing.assert_allclose(scored["total1"], [38.6666667, 38.6666667])
    ledger = preferans.to_ledger(scored)
    assert ledger["role"].astype(str).unique().tolist() == ["player"]
    assert ledger[["pool", "mountain"]].isna().all().all()
    table = csf.results(ledger)
    # Zoya 38.667; Kira -21.333 + 10 = -11.333; Anna -17.333 - 10 = -27.333
    assert table["player"].tolist() == ["Zoya", "Kira", "Anna"]
    np.testing.assert_allclose(table["score"], [38.6666667, -11.3333333, -27.3333333])
    with pytest.raises(csf.RulesError, match="points log"):
        preferans.sheet(scored)
    report = preferans.report(read_points(log, "preferans", tmp_path))
    assert list(report) == ["Results"]


def test_preferans_points_every_problem_at_once():
    log = pd.DataFrame(
        [
            pref_row(1, THREE, [10, -5, -4]),
            pref_row(2, ("Zoya", "Kira", "Vera"), [0, 0, 0]),
            pref_row(3, ("Zoya", "Kira"), [0, 0]),
            pref_row(4, THREE, [1.5, -0.75, None]),
        ]
    )
    with pytest.raises(csf.LogValidationError) as caught:
        csf.validate(log, game="preferans", kind="points")
    fc = caught.value.failure_cases
    own = fc[fc["reason"] != "game_rejected"]
    assert own[["deal", "column", "reason"]].values.tolist() == [
        [1, "score1", "not_zero_sum"],
        [2, "player3", "players_change"],
        [3, "player3", "blank"],  # 2 players: the third seat is required
        [4, "score3", "blank"],
    ]
    assert "got 10 + -5 + -4 = 1" in own["message"].iloc[0]


@pytest.mark.parametrize("example", ["preferans", "league_preferans"])
def test_preferans_points_from_the_full_log_give_the_same_ledger(example, tmp_path):
    full = preferans.to_ledger(preferans.score(csf.load_example(example)))
    log = wide(full, 4)
    ledger = preferans.to_ledger(
        preferans.score(read_points(log, "preferans", tmp_path))
    )
    same_scores(ledger, full)
    cols = ["game_key", "player", "score", "place", "won"]
    pd.testing.assert_frame_equal(
        csf.results(ledger)[cols], csf.results(full)[cols], check_categorical=False
    )
    mine = preferans.to_points(full)
    again = preferans.to_ledger(
        preferans.score(read_points(mine, "preferans", tmp_path))
    )
    same_scores(again, full)


def test_a_points_log_is_told_from_a_deal_log():
    deals = csf.load_example("tarot", validate=False)
    with pytest.raises(csf.LogValidationError, match="column score1 is missing"):
        csf.read_log(csf.datasets.example_path("tarot"), game="tarot", kind="points")
    ledger = tarot.to_ledger(tarot.score(csf.load_example("tarot")))
    raw = wide(ledger, 5)  # a plain frame, never read: told by its columns
    assert "score1" in tarot.score(raw) and "deal_value" in tarot.score(deals)


@pytest.mark.parametrize("name", ["tarot", "preferans"])
def test_to_points_takes_a_scored_log_as_well_as_its_ledger(name):
    module = getattr(csf, name)
    scored = module.score(csf.load_example(name))
    from_scored = module.to_points(scored)
    from_ledger = module.to_points(module.to_ledger(scored))
    pd.testing.assert_frame_equal(from_scored, from_ledger)
    assert len(from_scored) == len(scored)


@pytest.mark.parametrize("name", ["tarot", "preferans"])
def test_a_points_log_written_by_to_points_knows_its_game(name, tmp_path):
    # so that to_excel needs no game=, while it is still checked when used
    module = getattr(csf, name)
    points = module.to_points(module.score(csf.load_example(name)))
    assert (points.cardscore.game, points.cardscore.kind) == (name, "points")
    assert not points.cardscore.checked
    path = csf.to_excel(points, tmp_path / "points.xlsx")
    back = csf.read_excel(path, game=name, kind="points")
    assert len(back) == len(points)
    bad = points.copy()
    bad.loc[bad.index[0], "score1"] = bad["score1"].iloc[0] + 1  # no longer zero-sum
    with pytest.raises(csf.LogValidationError, match="sum"):
        module.score(bad)
