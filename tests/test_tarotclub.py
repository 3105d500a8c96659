"""TarotClub's saved deals read as the tarot log, and a chelem made in a garde
contre.

The deal files are written here (tests/tarotclub_files.py) in TarotClub's
format from deals of our own; their expected scores are those of TarotClub's
own tests, ``src/tarotclub-tst/tst_tarot_rules.cpp``,
``TarotRules::TestScoreCalculation`` (belegar/tarotclub), for deals with the
same contract, card points, oudlers, petit au bout, poignée and chelem. Its
``points.GetPoints(Team::ATTACK, bid)`` there is the taker's score at 4 players
(three times what each defender pays).
"""

from __future__ import annotations

import json

import pandas as pd
import pytest
import tarotclub_files as tf

import cardscore_frames as csf
from cardscore_frames.cli import main
from cardscore_frames.games.tarot import read_tarotclub

COUNTED = ["card_points", "oudlers", "petit_au_bout", "tarotclub_attack_tricks"]


def _read(tmp_path, deal, name="deal.json", **options):
    path = tf.write(tmp_path / name, deal, **options)
    return csf.read_log(path, game="tarot")


def _counted(frame: pd.DataFrame) -> dict:
    row = frame.iloc[0]
    return {
        "card_points": float(row["card_points"]),
        "oudlers": int(row["oudlers"]),
        "attack_tricks": int(row["tarotclub_attack_tricks"]),
        "petit_au_bout": str(row["petit_au_bout"]),
    }


# -- TarotClub's expected scores ------------------------------------------------

#: (deal, TarotClub test, taker score, oudlers, card points, petit au bout).
#: Seeds of tf.random_deal at 4 players (South takes, legal random play) whose
#: counts are those of TarotClub's deals; the other three are built card by card.
TAROTCLUB_EXPECTED = [
    # Test 1 (tarotmag_17): a Take lost, 1 oudler: -34 x 3; 42 points, 51 needed
    pytest.param(lambda: tf.random_deal(4, 21, taker=0, contract="petite"),
                 -102, 1, 42.0, "none", "none", id="test1-take-lost-by-9"),
    # Test 3 (tarotmag_18): a Guard made, 2 oudlers: 54 x 3; 43 points, 41 needed
    pytest.param(lambda: tf.random_deal(4, 475, taker=0, contract="garde"),
                 54 * 3, 2, 43.0, "none", "none", id="test3-guard-made-by-2"),
    # Test 4 (01-T_lasttrickbydefense): a Take lost, the defence takes the last
    # trick with the Petit in it: -58 x 3; 28 points, 1 oudler, petit au bout 10
    pytest.param(lambda: tf.random_deal(4, 3476, taker=0, contract="petite"),
                 -58 * 3, 1, 28.0, "defence", "none", id="test4-petit-au-bout-defence"),
    # Test 5 (3_oudlers): a Guard made with the 3 oudlers: 216; 47 points
    pytest.param(lambda: tf.random_deal(4, 763, taker=0, contract="garde"),
                 216, 3, 47.0, "none", "none", id="test5-three-oudlers"),
    # Test 7 (maximum_points): 2886
    pytest.param(tf.contre_chelem, 2886, 3, 88.0, "attack", "announced_made",
                 id="test7-maximum-points"),
    # Test 8 (slam_announced_failure): 360; 81 points, 3 oudlers, petit au bout
    pytest.param(tf.slam_failed, 360, 3, 81.0, "attack", "announced_failed",
                 id="test8-slam-announced-failed"),
    # Test 9 (slam_not_announed_by_defense): -686 x 3; no oudler
    pytest.param(tf.defence_chelem, -686 * 3, 0, 0.0, "none", "defence",
                 id="test9-defence-slam"),
]  # fmt: skip


@pytest.mark.parametrize(
    "make, taker_score, oudlers, points, pab, chelem", TAROTCLUB_EXPECTED
)
def test_scores_are_tarotclubs(
    tmp_path, make, taker_score, oudlers, points, pab, chelem
):
    deal = make()
    read = _read(tmp_path, deal)
    scored = csf.tarot.score(read)
    assert int(scored["taker_score"].iloc[0]) == taker_score
    assert (int(read["oudlers"].iloc[0]), float(read["card_points"].iloc[0])) == (
        oudlers,
        points,
    )
    assert (read["petit_au_bout"].iloc[0], read["chelem"].iloc[0]) == (pab, chelem)
    assert _counted(read) == tf.reference_count(deal)
    ledger = csf.tarot.to_ledger(scored)
    assert ledger["score"].sum() == 0
    assert ledger.loc[ledger["player"] == "South", "score"].iloc[0] in (
        taker_score,
        -taker_score / 3,  # test 9: East takes, South defends
    )


def test_maximum_deal_is_what_the_issue_computes(tmp_path):
    # per defender (25 + 52 + 10) x 6 + 40 (triple poignée) + 400 = 962
    scored = csf.tarot.score(_read(tmp_path, tf.contre_chelem()))
    row = scored.iloc[0]
    assert (row["margin"], row["poignee_points"], row["chelem_points"]) == (52, 40, 400)
    assert row["deal_value"] == 962
    assert row["poignee_attack"] == "triple"


@pytest.mark.parametrize(
    "players, points, oudlers, ok",
    [
        (4, 88, 3, True),  # TarotClub's maximum deal: the dog's 3 points lost
        (4, 64, 3, True),  # a dog of 6 kings and queens... at most 27 points
        (4, 63, 3, False),
        (4, 60, 2, True),  # the defence kept the Excuse too: 4 more
        (4, 91, 3, False),  # the dog is never the attack's in a garde contre
        (5, 89.5, 3, True),  # 3 cards in the dog at 5: 91 - 1.5
        (5, 77, 3, False),  # 91 - 13.5 = 77.5 at the least
        (3, 88.5, 3, False),  # 6 cards at 3 players too
    ],
)
def test_garde_contre_chelem_bounds(players, points, oudlers, ok):
    seats = ["Anne", "Bruno", "Chloé", "Denis", "Émile"][:players]
    row = dict(game_id="1", deal=1, taker="Anne", partner=None,
               contract="garde_contre", oudlers=oudlers, card_points=points,
               chelem="announced_made")  # fmt: skip
    row.update({f"player{i + 1}": name for i, name in enumerate(seats)})
    raw = pd.DataFrame([row])
    if ok:
        assert len(csf.validate(raw, game="tarot")) == 1
        return
    with pytest.raises(csf.LogValidationError, match="chelem made in a garde contre"):
        csf.validate(raw, game="tarot")


def test_a_made_chelem_of_other_contracts_is_still_91_or_87():
    row = dict(game_id="1", deal=1, player1="A", player2="B", player3="C",
               player4="D", taker="A", contract="garde", oudlers=3,
               card_points=88, chelem="announced_made")  # fmt: skip
    with pytest.raises(csf.LogValidationError, match="must be 91 .3 oudlers. or 87"):
        csf.validate(pd.DataFrame([row]), game="tarot")


# -- counting as the engine counts ----------------------------------------------


def test_the_dog_goes_by_contract(tmp_path):
    """The same tricks (slam_failed) in each contract: the cards no trick holds
    (hearts 1, 2, 3 and the knight, queen and king: 1.5 + 2.5 + 3.5 + 4.5 = 12
    points) are the attack's, except in a garde contre: 81, or 81 - 12 = 69."""
    got = {}
    for contract in ("petite", "garde", "garde_sans", "garde_contre"):
        deal = tf.slam_failed()
        deal["deal_info"]["contract"] = tf.CONTRACTS[contract]
        if contract in ("petite", "garde"):
            deal["deal_info"]["dog"] = ""  # the dog was taken: not checked
        got[contract] = float(_read(tmp_path, deal)["card_points"].iloc[0])
    assert got == {"petite": 81, "garde": 81, "garde_sans": 81, "garde_contre": 69}


def _excuse_cases(deal: dict, partner: int | None = None) -> set[str]:
    """Which of the Excuse's rules a deal plays (read off its tricks)."""
    info = deal["deal_info"]
    n = info.get("number_of_players") or len(info["players"])
    attack = {tf.PLACES.index(info["taker"])} | ({partner} - {None})
    leader = tf.PLACES.index(info["first_trick_lead"])
    tricks = deal["tricks"]
    for k, text in enumerate(tricks):
        cards = text.split(";")
        seats = [(leader + j) % n for j in range(n)]
        win = seats[tf.trick_winner(cards)]
        if "00-T" in cards:
            mine = seats[cards.index("00-T")] in attack
            if k == len(tricks) - 1:
                return {"last trick"}
            return {"kept by its camp"} if mine != (win in attack) else {"no exchange"}
        leader = win
    return set()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_reader_counts_as_the_reference_on_played_deals(tmp_path, players):
    """Deals dealt and played out legally, in every contract, at 5 players with
    a partner: the reader counts what the card-by-card reference counts."""
    cases = set()
    for seed in range(24):
        contract = list(tf.CONTRACTS)[seed % 4]
        taker = seed % players
        deal = tf.random_deal(players, seed, taker=taker, contract=contract)
        partner = (taker + 1 + seed % (players - 1)) % players if players == 5 else None
        path = tf.write(tmp_path / f"d{seed}.json", deal)
        read = read_tarotclub(
            path, partner=None if partner is None else tf.PLACES[partner]
        )
        assert _counted(read) == tf.reference_count(deal, partner), seed
        assert read["contract"].iloc[0] == contract
        assert read["partner"].isna().iloc[0] == (partner is None)
        cases |= _excuse_cases(deal, partner)
        assert csf.tarot.to_ledger(csf.tarot.score(read))["score"].sum() == 0
    assert "kept by its camp" in cases  # the 4-point exchange was played


def _in_attack_tricks(deal: dict) -> tuple[float, int]:
    """Points and oudlers of the cards in the tricks South (the taker) wins and
    of the cards no trick holds (a garde: the attack's), no exchange made."""
    leader, got = 0, []
    for text in deal["tricks"]:
        cards = text.split(";")
        seats = [(leader + j) % 4 for j in range(4)]
        leader = seats[tf.trick_winner(cards)]
        got += cards if leader == 0 else []
    played = {c for t in deal["tricks"] for c in t.split(";")}
    got += [c for c in tf.DECK if c not in played]
    return sum(tf.points(c) for c in got), sum(c in tf.OUDLERS for c in got)


@pytest.mark.parametrize(
    "seed, moved",
    [
        # the defence's Excuse on a trick South wins: it goes back, for a low card
        pytest.param(11, -1, id="defence-excuse-in-attack-trick"),
        # South's Excuse on a trick the defence wins: it comes back, for a low card
        pytest.param(2, 1, id="attack-excuse-in-defence-trick"),
        # the defence's Excuse in the last trick, won by South: it goes with it
        pytest.param(50, 0, id="defence-excuse-lost-at-the-last-trick"),
        # South's Excuse in the last trick, won by the defence: it goes with it
        pytest.param(153, 0, id="attack-excuse-lost-at-the-last-trick"),
        # the defence's Excuse in the last trick, won by the defence: in the last
        # trick the Excuse leaves its camp, so TarotClub gives it to the attack
        pytest.param(1568, 1, id="defence-excuse-leaves-at-the-last-trick"),
    ],
)
def test_the_excuses_exchange(tmp_path, seed, moved):
    deal = tf.random_deal(4, seed, taker=0, contract="garde")
    points, oudlers = _in_attack_tricks(deal)
    read = _read(tmp_path, deal)
    assert float(read["card_points"].iloc[0]) == points + 4 * moved
    assert int(read["oudlers"].iloc[0]) == oudlers + moved
    assert _counted(read) == tf.reference_count(deal)


def test_the_excuse_comes_back_and_takes_a_chelems_last_trick(tmp_path):
    """slam_failed: South's Excuse on a trick the defence wins comes back to
    him for a low card: 81 points with his 3 oudlers (77 and 2 without). In
    contre_chelem, his Excuse led into the last trick after 17 tricks won takes
    it: 18 tricks, a chelem."""
    read = _read(tmp_path, tf.slam_failed())
    assert (float(read["card_points"].iloc[0]), int(read["oudlers"].iloc[0])) == (81, 3)
    assert _counted(_read(tmp_path, tf.contre_chelem()))["attack_tricks"] == 18


def test_players_named_by_the_file_or_by_names(tmp_path):
    deal = tf.random_deal(3, 5, taker=2, contract="garde")
    deal["deal_info"].pop("number_of_players")
    deal["deal_info"]["players"] = ["Zoé", "Yann", "Xavier"]  # the older layout
    read = _read(tmp_path, deal)
    assert list(read[["player1", "player2", "player3", "taker"]].iloc[0]) == [
        "Zoé",
        "Yann",
        "Xavier",
        "Xavier",
    ]
    assert read["player4"].isna().all()
    path = tf.write(tmp_path / "d.json", tf.contre_chelem())
    named = read_tarotclub(path, names=["Anne", "Bruno", "Chloé", "Denis"])
    assert named["taker"].iloc[0] == "Anne"
    assert named["tarotclub_first_trick_lead"].iloc[0] == "Anne"
    assert named["game_id"].iloc[0] == "d"


def test_five_players_without_a_partner_is_the_taker_alone(tmp_path):
    deal = tf.random_deal(5, 3, taker=1, contract="garde")
    read = _read(tmp_path, deal)  # the file names no partner
    assert read["partner"].isna().iloc[0]
    scored = csf.tarot.score(read)
    assert bool(scored["alone"].iloc[0])
    path = tf.write(tmp_path / "five.json", deal)
    called = read_tarotclub(path, partner="West")
    assert called["partner"].iloc[0] == "West"
    assert not csf.tarot.score(called)["alone"].iloc[0]


def test_tarotclubs_trailing_commas_are_read(tmp_path):
    path = tf.write(tmp_path / "t.json", tf.contre_chelem(), trailing_commas=True)
    assert ",\n    }" in path.read_text()
    assert float(csf.read_log(path, game="tarot")["card_points"].iloc[0]) == 88


# -- the .json suffix: told by content ------------------------------------------


def test_a_json_table_still_reads_as_a_table(tmp_path):
    path = tmp_path / "log.json"
    rows = [
        dict(game_id=1, deal=1, player1="A", player2="B", player3="C", taker="A",
             contract="garde", oudlers=2, card_points=45)
    ]  # fmt: skip
    path.write_text(json.dumps(rows))
    assert csf.read_log(path, game="tarot")["contract"].tolist() == ["garde"]


def test_a_json_neither_table_nor_deal_says_what_it_could_be(tmp_path):
    path = tmp_path / "odd.json"
    path.write_text('{"name": "x", "n": 3}')
    with pytest.raises(csf.LogReadError, match="nor is it a TarotClub deal file"):
        csf.read_log(path, game="tarot")


def test_a_tarotclub_file_for_another_game_names_the_right_one(tmp_path):
    path = tf.write(tmp_path / "t.json", tf.contre_chelem())
    with pytest.raises(csf.LogReadError, match="read it with game='tarot'"):
        csf.read_log(path, game="belot")


# -- a file's problems ----------------------------------------------------------


def _problems(tmp_path, deal, **options) -> pd.DataFrame:
    path = tf.write(tmp_path / "bad.json", deal)
    with pytest.raises(csf.LogValidationError) as info:
        read_tarotclub(path, **options)
    assert info.value.source == str(path)
    return info.value.failure_cases


def test_bad_json_names_the_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n  "deal_info": {\n    "taker": "South"\n  "tricks": []\n}\n')
    with pytest.raises(csf.LogReadError, match=r"not valid JSON at line 4"):
        csf.read_log(path, game="tarot")


def test_every_problem_of_a_file_at_once(tmp_path):
    deal = tf.contre_chelem()
    info = deal["deal_info"]
    info["contract"] = "Guard agains"
    info["taker"] = "Nord"
    del info["slam"]
    tricks = deal["tricks"]
    tricks[2] = tricks[2].replace("19-T", "22-T")  # no such card
    tricks[5] = tricks[5] + ";05-H"  # five cards, one East plays in trick 16
    tricks[7] = tricks[7].replace("08-S", "21-T")  # played in trick 1 already
    info["attack_handle"] = "21-T;20-T;19-T"  # no poignée has 3 trumps
    fc = _problems(tmp_path, deal)
    got = dict(zip(fc["column"], fc["reason"], strict=True))
    assert got == {
        "deal_info.taker": "unknown_place",
        "deal_info.contract": "unknown_contract",
        "deal_info.slam": "missing",
        "tricks[3]": "unknown_card",
        "tricks[6]": "wrong_trick_size",
        "tricks[8]": "duplicate_card",
        "tricks[16]": "duplicate_card",
        "deal_info.attack_handle": "wrong_poignee_size",
    }
    messages = dict(zip(fc["column"], fc["message"], strict=True))
    assert (
        "one of Pass, Take, Guard, Guard without, Guard against; got "
        in (messages["deal_info.contract"])
    )
    assert "South, East, North, West; got 'Nord'" in messages["deal_info.taker"]
    assert "'22-T', not a card of the pack" in messages["tricks[3]"]
    assert "must have 4 cards, one a player; got 5" in messages["tricks[6]"]
    assert "21-T (also in trick 1)" in messages["tricks[8]"]
    assert "05-H (also in trick 6)" in messages["tricks[16]"]
    assert set(fc["game_id"]) == {"bad"} and set(fc["deal"]) == {1}
    assert fc.loc[fc["column"] == "deal_info.contract", "line"].iloc[0] == 6


def test_a_card_twice_in_one_trick(tmp_path):
    deal = tf.contre_chelem()
    deal["tricks"][0] = "21-T;07-H;21-T;01-D"
    fc = _problems(tmp_path, deal)
    assert "duplicate_card" in set(fc["reason"])


@pytest.mark.parametrize(
    "change, column, reason, words",
    [
        pytest.param(lambda d: d.pop("tricks"), "tricks", "missing",
                     "tricks must be given", id="no-tricks"),
        pytest.param(lambda d: d["tricks"].pop(), "tricks", "wrong_trick_count",
                     "tricks must be 18 at 4 players", id="17-tricks"),
        pytest.param(lambda d: d.pop("deal_info"), "deal_info", "missing",
                     "deal_info must be an object", id="no-deal-info"),
        pytest.param(lambda d: d["deal_info"].update(number_of_players=6),
                     "deal_info.number_of_players", "bad_players",
                     "must be 3, 4 or 5; got 6", id="six-players"),
        pytest.param(lambda d: d["deal_info"].update(first_trick_lead="Fifth"),
                     "deal_info.first_trick_lead", "unknown_place",
                     "South, East, North, West; got 'Fifth'", id="fifth-at-4"),
        pytest.param(lambda d: d["deal_info"].update(dog="01-H;02-H"),
                     "deal_info.dog", "wrong_dog_size", "6 cards at 4 players",
                     id="short-dog"),
        pytest.param(lambda d: d["deal_info"].update(dog="14-S;01-H;02-H;03-H;01-D;02-D"),
                     "deal_info.dog", "dog_played", "the tricks leave "
                     "01-H;02-H;03-H;01-D;02-D;03-D", id="contre-dog-played"),
        pytest.param(lambda d: d["deal_info"].update(attack_handle="21-T;14-S"),
                     "deal_info.attack_handle", "not_trumps",
                     "must show trumps", id="poignee-of-spades"),
        pytest.param(lambda d: d["deal_info"].update(attack_handle="21-T;20-T;19-T"),
                     "deal_info.attack_handle", "wrong_poignee_size",
                     "10, 13, 15 trumps at 4 players", id="poignee-of-3"),
        pytest.param(lambda d: d["deal_info"].update(slam="yes"),
                     "deal_info.slam", "wrong_type", "true or false; got 'yes'",
                     id="slam-as-text"),
    ],
)  # fmt: skip
def test_each_problem_of_a_file(tmp_path, change, column, reason, words):
    deal = tf.contre_chelem()
    change(deal)
    fc = _problems(tmp_path, deal)
    hit = fc[fc["column"] == column]
    assert list(hit["reason"]) == [reason]
    assert words in hit["message"].iloc[0]


def test_a_partner_only_at_five(tmp_path):
    fc = _problems(tmp_path, tf.contre_chelem(), partner="East")
    assert list(fc["reason"]) == ["bad_partner"]
    assert "at a table of 5; got 'East' at 4 players" in fc["message"].iloc[0]


def test_names_must_fit_the_table(tmp_path):
    fc = _problems(tmp_path, tf.contre_chelem(), names=["A", "B", "C"])
    assert list(fc["reason"]) == ["bad_players"]
    path = tf.write(tmp_path / "t.json", tf.contre_chelem())
    with pytest.raises(csf.RulesError, match="different players' names"):
        read_tarotclub(path, names=["A", "A", "B", "C"])


def test_the_deal_itself_is_checked_as_any_log(tmp_path):
    """A file whose deal the log cannot hold is reported by the log's checks:
    contract Pass with a taker and card points."""
    deal = tf.contre_chelem()
    deal["deal_info"]["contract"] = "Pass"
    with pytest.raises(csf.LogValidationError) as info:
        _read(tmp_path, deal)
    fc = info.value.failure_cases
    assert {"taker", "card_points"} <= set(fc["column"])
    assert "must be blank on a passed deal" in " ".join(fc["message"])


def test_missing_file(tmp_path):
    with pytest.raises(csf.LogNotFoundError):
        read_tarotclub(tmp_path / "none.json")


# -- the fixtures ---------------------------------------------------------------


def test_fixtures_are_the_generators(tmp_path):
    for name, make in tf.FIXTURE_DEALS.items():
        written = tf.write(tmp_path / name, make())
        assert written.read_bytes() == (tf.FIXTURES / name).read_bytes(), name


def test_collect_rejects_a_broken_file_whole(tmp_path):
    deal = tf.contre_chelem()
    deal["deal_info"]["contract"] = "Guard agains"
    path = tf.write(tmp_path / "bad.json", deal)
    got = csf.read_log(path, game="tarot", errors="collect")
    assert len(got.deals) == 0
    assert list(got.deals.columns[:6]) == ["league", "season", "date", "table",
                                           "game_id", "deal"]  # fmt: skip
    assert got.rejected[["game_id", "deal"]].values.tolist() == [["bad", 1]]
    assert "contract must be one of" in got.rejected["problems"].iloc[0]
    assert list(got.failure_cases["reason"]) == ["unknown_contract"]


def test_the_command_line_counts_its_one_game(tmp_path, capsys):
    path = tf.write(tmp_path / "t.json", tf.contre_chelem())
    assert main(["validate", str(path), "--game", "tarot"]) == 0
    assert capsys.readouterr().out.strip().endswith("ok, 1 deal in 1 game")
