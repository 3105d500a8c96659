"""Ratings through openskill: golden values, teams and ranks as documented.

The golden values were computed with openskill 6.2.0 (PlackettLuce, default
parameters) from the bundled samples; regenerate them only when the openskill
version pinned for the tests changes, and review the diff.
"""

from __future__ import annotations

import pytest

import cardscore_frames as csf

openskill = pytest.importorskip("openskill")
from openskill.models import PlackettLuce  # noqa: E402

GOLDEN_VERSION = "6.2.0"
GOLDEN = {
    "tarot": [
        ("Amélie", 16, 28.093601973003132, 6.179099766376862),
        ("Élodie", 16, 28.569344848485116, 6.399536692218884),
    ],
    "belot": [
        ("Ani", 7, 28.83548409775444, 7.342541793304573),
        ("Hayk", 8, 27.531850286354068, 7.258208749277776),
    ],
    "preferans": [
        ("Ilya", 10, 29.525001380085527, 6.764112446845916),
        ("Zoya", 12, 28.203375964414473, 6.601475824869099),
    ],
}


def ledger_of(game):
    module = getattr(csf, game)
    return module.to_ledger(module.score(csf.load_example(game)))


@pytest.mark.parametrize("game", list(GOLDEN))
def test_golden_final_ratings(game):
    if openskill.__version__ != GOLDEN_VERSION:
        pytest.skip(f"golden values are of openskill {GOLDEN_VERSION}")
    final = csf.season.ratings(ledger_of(game)).final.set_index("player")
    for player, games, mu, sigma in GOLDEN[game]:
        row = final.loc[player]
        assert row["games"] == games
        assert row["mu"] == pytest.approx(mu, abs=1e-9)
        assert row["sigma"] == pytest.approx(sigma, abs=1e-9)
        assert row["ordinal"] == pytest.approx(mu - 3 * sigma, abs=1e-9)


def test_the_first_games_are_openskills_own_updates():
    """A belot match is pair against pair, ranked by the result; a tarot game is
    each player against the others, ranked by his total."""
    model = PlackettLuce()
    belot = csf.season.ratings(ledger_of("belot")).history
    first = belot[belot["step"] == 1].set_index("player")
    a, b = [model.rating() for _ in range(2)], [model.rating() for _ in range(2)]
    (winners, losers) = model.rate([a, b], ranks=[1, 2])  # Davit & Gayane won
    assert first.loc["Davit", "mu"] == pytest.approx(winners[0].mu)
    assert first.loc["Anush", "sigma"] == pytest.approx(losers[0].sigma)
    tarot = csf.season.ratings(ledger_of("tarot")).history
    first = tarot[tarot["step"] == 1].set_index("player")
    ranks = first["rank"].to_dict()  # places 1-4 from the game's totals
    assert sorted(ranks.values()) == [1, 2, 3, 4]
    teams = [[model.rating()] for _ in ranks]
    new = model.rate(teams, ranks=list(ranks.values()))
    for (player, _), (rating,) in zip(ranks.items(), new, strict=True):
        assert first.loc[player, "mu"] == pytest.approx(rating.mu)


def test_replay_is_reproducible_and_parameters_are_reported():
    ledger = ledger_of("preferans")
    one = csf.season.ratings(ledger, parameters={"tau": 0.0, "beta": 5.0})
    two = csf.season.ratings(
        ledger.sample(frac=1.0, random_state=3), parameters={"tau": 0.0, "beta": 5.0}
    )
    assert one.final.equals(two.final)
    assert one.model["model"] == "PlackettLuce" and one.model["tau"] == 0.0
    assert one.model["openskill"] == openskill.__version__
    assert list(one.history.columns) == [
        "game",
        "game_key",
        "league",
        "season",
        "date",
        "step",
        "player",
        "rank",
        "games",
        "mu",
        "sigma",
        "ordinal",
        "side",
        "expected_place",
        "win_chance",
        "provisional",
    ]


def test_unfinished_matches_are_not_rated_and_per_deal_works():
    ledger = ledger_of("belot")
    results = csf.results(ledger)
    finished = results.loc[results["finished"], "game_key"].nunique()
    history = csf.season.ratings(ledger).history
    assert history["game_key"].nunique() == finished
    per_deal = csf.season.ratings(ledger, per="deal", model="BradleyTerryFull")
    assert (
        per_deal.final["games"].max() > history.groupby("player")["games"].max().max()
    )


def test_bad_options():
    ledger = ledger_of("tarot")
    with pytest.raises(csf.RulesError, match="model must be one of PlackettLuce"):
        csf.season.ratings(ledger, model="Elo")
    with pytest.raises(csf.RulesError, match="per must be"):
        csf.season.ratings(ledger, per="season")
