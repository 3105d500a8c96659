"""How sure standings and profiles are: Wilson intervals, shrunk estimates and
the few-games flag, by hand and on leagues of known truth."""

from __future__ import annotations

import numpy as np
import pytest
import season_truth as truth

import cardscore_frames as csf
from cardscore_frames.season.uncertainty import shrunk_rate, wilson


def test_wilson_by_hand():
    # 8 of 10 at 95% (z = 1.959964, z^2 = 3.841459): centre
    # (0.8 + z^2/20) / (1 + z^2/10) = 0.992073 / 1.384146 = 0.716740;
    # half z / 1.384146 * sqrt(0.016 + z^2/400) = 1.416009 * 0.160011
    # = 0.226577 -> (0.4902, 0.9433), the published Wilson interval of 8/10
    low, high = wilson(np.array([8]), np.array([10]), level=0.95)
    assert low[0] == pytest.approx(0.4902, abs=1e-4)
    assert high[0] == pytest.approx(0.9433, abs=1e-4)
    # 0 of 5 at 90%: low 0, high z^2/(n + z^2) = 2.7055 / 7.7055 = 0.3511
    low, high = wilson(np.array([0]), np.array([5]), level=0.9)
    assert low[0] == 0 and high[0] == pytest.approx(0.3511, abs=1e-4)


def test_beta_binomial_shrinkage_by_hand():
    # 8/10, 2/10, 5/10: pooled p = 0.5; S = 10 (0.09 + 0.09 + 0) = 1.8;
    # t = (1.8 - 2 x 0.25) / (30 - 3 + 1 - 300/30) = 1.3 / 18 = 0.07222;
    # a + b = 0.25 / t - 1 = 2.4615, a = b = 1.2308;
    # (8 + 1.2308) / (10 + 2.4615) = 0.74074, (2 + 1.2308) / 12.4615 = 0.25926
    out = shrunk_rate(np.array([8, 2, 5]), np.array([10, 10, 10]), np.zeros(3, int))
    assert out == pytest.approx([0.740741, 0.259259, 0.5], abs=1e-5)
    # rates no more different than chance: everyone gets the pooled rate
    same = shrunk_rate(np.array([5, 6, 4]), np.array([10, 10, 10]), np.zeros(3, int))
    assert same == pytest.approx([0.5, 0.5, 0.5])


def _hand_ledger():
    # game 1: A 6, B 0, C -6; game 2: A 2, B -4, C 2 (A and C share 1st)
    return truth.to_ledger(
        np.array([0, 0, 0, 1, 1, 1]),
        np.array([0, 0, 0, 1, 1, 1]),
        np.array([0, 1, 2, 0, 1, 2]),
        np.array([6.0, 0.0, -6.0, 2.0, -4.0, 2.0]),
    )


def test_standings_intervals_by_hand():
    # means A 4, B -2, C -2; squares around own means A 8, B 8, C 32: pooled
    # 48 / (6 - 3) = 16. 90%: 4 ± 1.64485 x 4 / sqrt 2 = 4 ± 4.6523.
    # Shrunk: centre 0, spread of means (16 + 4 + 4) / 2 = 12, chance 16 / 2
    # = 8, t = 4, weight 4 / (4 + 8) = 1/3: A 4/3, B and C -2/3.
    # One deal a game: the per-deal figures are the same.
    table = csf.season.standings(_hand_ledger(), few_games=3).set_index("player")
    a = table.loc["P01"]
    assert a["mean_per_game_low"] == pytest.approx(4 - 4.65232, abs=1e-4)
    assert a["mean_per_game_high"] == pytest.approx(4 + 4.65232, abs=1e-4)
    assert a["mean_per_game_shrunk"] == pytest.approx(4 / 3)
    assert table.loc["P02", "mean_per_game_shrunk"] == pytest.approx(-2 / 3)
    assert a["mean_per_deal_shrunk"] == pytest.approx(4 / 3)
    assert a["mean_per_deal_high"] == pytest.approx(4 + 4.65232, abs=1e-4)
    # wins: A 2/2, B 0/2, C 1/2 (a shared first is a win for each);
    # Wilson 90% of 2/2: low = 2 / (2 + z^2) = 2 / 4.7055 = 0.4250
    assert a["win_rate_low"] == pytest.approx(0.4250, abs=1e-4)
    assert a["win_rate_high"] == pytest.approx(1.0)
    assert table["few_games"].all()  # 2 games < 3
    assert not csf.season.standings(_hand_ledger(), few_games=2)["few_games"].any()


def test_default_columns_keep_their_place():
    table = csf.season.standings(_hand_ledger())
    cols = table.columns.tolist()
    assert cols.index("below_min_games") < cols.index("win_rate_low")
    assert cols[-1] == "few_games"


@pytest.mark.parametrize(
    "option, message",
    [
        ({"level": 0}, "level must be a number between 0 and 1"),
        ({"level": "90%"}, "level must be a number between 0 and 1"),
        ({"few_games": -1}, "few_games must be a whole number of 0 or more"),
    ],
)
def test_bad_options_are_said(option, message):
    with pytest.raises(csf.RulesError, match=message):
        csf.season.standings(_hand_ledger(), **option)


def test_profile_rates_have_intervals_and_flags():
    scored = csf.tarot.score(csf.load_example("tarot"))
    contracts = csf.season.profile(scored, level=0.95, few=20)["contracts"]
    low, high = wilson(contracts["made"], contracts["takes"], level=0.95)
    assert contracts["success_rate_low"].to_numpy() == pytest.approx(low)
    assert contracts["success_rate_high"].to_numpy() == pytest.approx(high)
    assert (contracts["success_rate_few"] == (contracts["takes"] < 20)).all()
    # each contract is its own pool: the shrunk rates stay within its range
    for _, part in contracts.groupby("contract", observed=True):
        lo, hi = part["success_rate"].min(), part["success_rate"].max()
        assert part["success_rate_shrunk"].between(lo - 1e-9, hi + 1e-9).all()
    with pytest.raises(csf.RulesError, match="few must be a whole number"):
        csf.season.profile(scored, few=2.5)


def test_every_game_profile_gets_its_rates():
    for game, table, rate in (
        ("belot", "declarer", "made_rate"),
        ("belot", "partnerships", "made_rate"),
        ("preferans", "player", "made_rate"),
        ("tarot", "roles", "win_rate"),
    ):
        scored = csf.get_game(game).score(csf.load_example(game))
        frame = csf.season.profile(scored)[table]
        for suffix in ("low", "high", "shrunk", "few"):
            assert f"{rate}_{suffix}" in frame
        rated = frame[frame[rate].notna()]
        assert (rated[f"{rate}_low"] <= rated[rate] + 1e-12).all()
        assert (rated[f"{rate}_high"] >= rated[rate] - 1e-12).all()


# A table of four every evening, everybody present: a player's true mean per
# game is his skill less the table's mean skill, exactly (zero-sum).
_SKILLS = np.array([1.5, 0.5, -0.5, -1.5])


def _full_table(seed: int, evenings: int = 15):
    rng = np.random.default_rng(seed)
    arrays = truth.season_arrays(
        rng, _SKILLS, np.ones(4), luck_sd=3.0, evenings=evenings, sizes=(4,)
    )
    return truth.to_ledger(*arrays)


def _true_win_rates(draws: int = 400_000) -> np.ndarray:
    rng = np.random.default_rng(1)
    raw = _SKILLS[None, :] + 3.0 * rng.standard_normal((draws, 4))
    return np.bincount(raw.argmax(axis=1), minlength=4) / draws


def test_ninety_percent_intervals_cover_the_truth_about_ninety_percent():
    true_mean = _SKILLS - _SKILLS.mean()
    true_rate = _true_win_rates()
    mean_in, rate_in, raw_err, shrunk_err = [], [], [], []
    for seed in range(50):
        table = csf.season.standings(_full_table(seed)).sort_values("player")
        low, high = table["mean_per_game_low"], table["mean_per_game_high"]
        mean_in += list((low <= true_mean) & (true_mean <= high))
        low, high = table["win_rate_low"], table["win_rate_high"]
        rate_in += list((low <= true_rate) & (true_rate <= high))
        raw_err.append(np.sum((table["mean_per_game"] - true_mean) ** 2))
        shrunk_err.append(np.sum((table["mean_per_game_shrunk"] - true_mean) ** 2))
    # 200 intervals each (4 a league): 90% expected, sd about 2.1 points
    assert 0.84 <= np.mean(mean_in) <= 0.96
    assert 0.84 <= np.mean(rate_in) <= 0.97
    # shrinking toward the league is closer to the truth on average
    assert np.mean(shrunk_err) < np.mean(raw_err)


def test_one_trial_each_is_pooled():
    # 1/1, 0/1, 0/1: one trial each says nothing of who is better: 1/3 each
    out = shrunk_rate(np.array([1, 0, 0]), np.array([1, 1, 1]), np.zeros(3, int))
    assert out == pytest.approx([1 / 3] * 3)


def test_tarot_roles_means_per_deal_have_intervals():
    # the spread of one deal, pooled over the players of each role, worked
    # out here from the ledger with pandas' own variance
    scored = csf.tarot.score(csf.load_example("tarot"))
    roles = csf.season.profile(scored)["roles"]
    ledger = csf.tarot.to_ledger(scored)
    grouped = ledger.groupby(["role", "player"], observed=True)["score"]
    squares = (grouped.var(ddof=1) * (grouped.size() - 1)).groupby("role").sum()
    dof = (grouped.size() - 1).groupby("role").sum()
    sd = np.sqrt(squares / dof)
    taker = roles[roles["role"] == "taker"].iloc[0]
    half = 1.6448536 * sd["taker"] / np.sqrt(taker["deals"])
    assert taker["mean_score_low"] == pytest.approx(taker["mean_score"] - half)
    assert taker["mean_score_high"] == pytest.approx(taker["mean_score"] + half)
    takers = roles[roles["role"] == "taker"]
    lo, hi = takers["mean_score"].min(), takers["mean_score"].max()
    assert takers["mean_score_shrunk"].between(lo, hi).all()
