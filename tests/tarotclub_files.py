"""Deal files in TarotClub's format, written from deals chosen here.

TarotClub saves each deal it plays as one JSON object (its engine's
``GenerateEndDealLog``, format version "3"): ``deal_info`` (number_of_players,
taker, contract, slam, first_trick_lead, dog, attack_handle, defense_handle, as
places, contract names and ``;``-joined cards ``VV-S``) and ``tricks`` (each
trick's cards in the order they were played). The format is a fact; the deals
are ours: built card by card (:func:`ordered_tricks`) or dealt and played out
legally from a seed (:func:`random_deal`).

:func:`reference_count` counts a file's attack card points, oudlers, tricks and
petit au bout card by card, as TarotClub's engine does (the row-by-row oracle
the reader is checked against): each card goes to the camp winning its trick,
except the Excuse, which stays with its camp for a low card (or, in the last
trick, changes camp), and the cards no trick holds go to the attack except in
a garde contre.

``python tests/tarotclub_files.py`` rewrites ``tests/fixtures/tarotclub``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

PLACES = ("South", "East", "North", "West", "Fifth")
CONTRACTS = {
    "petite": "Take",
    "garde": "Guard",
    "garde_sans": "Guard without",
    "garde_contre": "Guard against",
}
HAND = {3: 24, 4: 18, 5: 15}
SUITS = "SHDC"
DECK = ["00-T"] + [f"{v:02d}-T" for v in range(1, 22)]
DECK += [f"{v:02d}-{s}" for s in SUITS for v in range(1, 15)]
OUDLERS = {"00-T", "01-T", "21-T"}
FIXTURES = Path(__file__).parent / "fixtures" / "tarotclub"


def points(card: str) -> float:
    """FFT card points: oudlers and kings 4.5, queens 3.5, knights 2.5, jacks
    1.5, any other card 0.5."""
    value, suit = int(card[:2]), card[3]
    if card in OUDLERS:
        return 4.5
    return {14: 4.5, 13: 3.5, 12: 2.5, 11: 1.5}.get(value, 0.5) if suit != "T" else 0.5


def trumps(*values: int) -> list[str]:
    return [f"{v:02d}-T" for v in values]


def suit(s: str, *values: int) -> list[str]:
    return [f"{v:02d}-{s}" for v in values]


def beats(card: str, best: str, led: str | None) -> bool:
    """Whether ``card`` takes the trick from ``best`` (``led``: the suit led)."""
    if card == "00-T":
        return False
    if best == "00-T":
        return True
    if card[3] == "T":
        return best[3] != "T" or int(card[:2]) > int(best[:2])
    return best[3] != "T" and card[3] == led and int(card[:2]) > int(best[:2])


def trick_winner(cards: list[str]) -> int:
    """The position of the card that takes the trick."""
    led = next((c[3] for c in cards if c[3] != "T"), None)
    best = 0
    for i, card in enumerate(cards[1:], start=1):
        if beats(card, cards[best], led):
            best = i
    return best


def ordered_tricks(n: int, first: int, by_seat: list[dict[int, str]]) -> list[str]:
    """Tricks as TarotClub writes them: each trick's cards (given seat -> card)
    in the order they were played, from its leader (the winner of the trick
    before). The seat a trick starts from need not be given in order."""
    out, leader = [], first
    for trick in by_seat:
        seats = [(leader + j) % n for j in range(n)]
        cards = [trick[s] for s in seats]
        out.append(";".join(cards))
        leader = seats[trick_winner(cards)]
    return out


def deal_file(
    *,
    players: int | list[str],
    taker: int,
    contract: str,
    tricks: list[str],
    slam: bool = False,
    first: int = 0,
    dog: list[str] = (),
    attack_handle: list[str] = (),
    defense_handle: list[str] = (),
    version: str | None = "3",
) -> dict:
    """A deal as TarotClub's JSON object (``players`` a count: version 3;
    names: the older layout that lists them)."""
    info: dict = {}
    if isinstance(players, int):
        info["number_of_players"] = players
    else:
        info["players"] = list(players)
    info.update(
        taker=PLACES[taker],
        contract=CONTRACTS.get(contract, contract),
        slam=slam,
        first_trick_lead=PLACES[first],
        dog=";".join(dog),
        attack_handle=";".join(attack_handle),
        defense_handle=";".join(defense_handle),
    )
    out: dict = {} if version is None else {"version": version}
    out["deal_info"] = info
    out["tricks"] = list(tricks)
    return out


def text(deal: dict, *, trailing_commas: bool = False) -> str:
    """The file's text, indented by 4 as TarotClub writes it; hand-edited files
    of TarotClub's own tests end objects with a comma, which its reader takes."""
    body = json.dumps(deal, indent=4, ensure_ascii=False)
    if trailing_commas:
        body = body.replace('"\n    },', '",\n    },')
    return body + "\n"


def write(path: Path, deal: dict, **options) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text(deal, **options), encoding="utf-8")
    return path


# -- legal random play ----------------------------------------------------------


def _legal(hand: list[str], played: list[str]) -> list[str]:
    """The cards of ``hand`` the rules let a player put on ``played``."""
    led = next((c[3] for c in played if c != "00-T"), None)
    if led is None:
        return list(hand)
    excuse = [c for c in hand if c == "00-T"]
    if led != "T":
        follow = [c for c in hand if c[3] == led]
        if follow:
            return follow + excuse
    mine = [c for c in hand if c[3] == "T" and c != "00-T"]
    if not mine:
        return list(hand)
    top = max((int(c[:2]) for c in played if c[3] == "T" and c != "00-T"), default=0)
    over = [c for c in mine if int(c[:2]) > top]
    return (over or mine) + excuse


def random_deal(
    n: int, seed: int, *, taker: int, contract: str, first: int = 0, **info
) -> dict:
    """A deal dealt from ``seed`` and played out by legal random play; the dog
    is the taker's discard left as it was dealt (cards no trick holds)."""
    rng = random.Random(seed)
    cards = DECK[:]
    rng.shuffle(cards)
    size = HAND[n]
    hands = [sorted(cards[i * size : (i + 1) * size]) for i in range(n)]
    dog = cards[n * size :]
    tricks, leader = [], first
    for _ in range(size):
        played, seats = [], [(leader + j) % n for j in range(n)]
        for s in seats:
            card = rng.choice(_legal(hands[s], played))
            hands[s].remove(card)
            played.append(card)
        tricks.append(";".join(played))
        leader = seats[trick_winner(played)]
    return deal_file(
        players=n,
        taker=taker,
        contract=contract,
        tricks=tricks,
        first=first,
        dog=dog,
        **info,
    )


# -- the oracle -----------------------------------------------------------------


def reference_count(deal: dict, partner: int | None = None) -> dict:
    """The attack's card points, oudlers, tricks and petit au bout, card by card."""
    info = deal["deal_info"]
    n = info.get("number_of_players") or len(info["players"])
    taker = PLACES.index(info["taker"])
    attack = {taker} | ({partner} if partner is not None else set())
    leader = PLACES.index(info["first_trick_lead"])
    camp_of: dict[str, str] = {}  # card -> "attack" / "defence"
    moved = 0.0  # the attack's points from Excuse exchanges
    tricks = [t.split(";") for t in deal["tricks"]]
    winners = []
    for k, cards in enumerate(tricks):
        seats = [(leader + j) % n for j in range(n)]
        win = seats[trick_winner(cards)]
        owner = seats[cards.index("00-T")] if "00-T" in cards else None
        last = k == len(tricks) - 1
        if last and owner == taker and all(w in attack for w in winners):
            win = taker  # the Excuse led last in a chelem takes the trick
        side = "attack" if win in attack else "defence"
        for card in cards:
            camp_of[card] = side
        special = last and owner == taker and win == taker
        if owner is not None and not special:
            mine = "attack" if owner in attack else "defence"
            # before the last trick the Excuse goes back to its camp when the
            # other camp wins; in the last one it leaves its camp
            if (not last and mine != side) or (last and mine == side):
                to = mine if not last else ("defence" if mine == "attack" else "attack")
                camp_of["00-T"] = to
                moved += -0.5 if to == "attack" else 0.5  # the low card given back
        winners.append(win)
        leader = win
    aside = [c for c in DECK if c not in camp_of]
    for card in aside:
        camp_of[card] = "defence" if info["contract"] == "Guard against" else "attack"
    got = [c for c, side in camp_of.items() if side == "attack"]
    won = sum(w in attack for w in winners)
    at = len(tricks) - 1
    if won in (0, len(tricks)) and "00-T" in tricks[at]:
        at -= 1
    pab = "none"
    if "01-T" in tricks[at]:
        pab = "attack" if winners[at] in attack else "defence"
    return {
        "card_points": sum(points(c) for c in got) + moved,
        "oudlers": sum(c in OUDLERS for c in got),
        "attack_tricks": won,
        "petit_au_bout": pab,
    }


# -- the deals of the tests -----------------------------------------------------


def contre_chelem() -> dict:
    """4 players, South takes a garde contre and announces a chelem; he holds
    the 16 trumps 6 to 21, the Petit and the Excuse and leads them all: 21 down
    to 6 (North's trumps 2 to 5 fall under the first four), then the Petit
    (petit au bout: in a chelem whose last trick holds the Excuse, the trick
    before is the last), then the Excuse, which takes the last trick. The dog,
    three low hearts and three low diamonds (3 points), is the defence's: the
    attack has 91 - 3 = 88 points with 3 oudlers. He shows 15 trumps (triple)."""
    east = suit("S", *range(1, 15)) + suit("H", 4, 5, 6, 7)
    north = trumps(2, 3, 4, 5) + suit("C", *range(1, 15))
    west = suit("D", *range(4, 15)) + suit("H", *range(8, 15))
    south = trumps(*range(21, 5, -1)) + ["01-T", "00-T"]
    plays = [{0: south[k], 1: east[k], 2: north[k], 3: west[k]} for k in range(18)]
    return deal_file(
        players=4,
        taker=0,
        contract="garde_contre",
        slam=True,
        tricks=ordered_tricks(4, 0, plays),
        dog=suit("H", 1, 2, 3) + suit("D", 1, 2, 3),
        attack_handle=trumps(*range(21, 6, -1)),
    )


def slam_failed() -> dict:
    """4 players, South takes a garde sans and announces a chelem, which fails
    by two tricks. He leads his trumps 21 down to 8 (North's 2, 3, 4 fall under
    the first three), then the 6, which North's 7 takes (6-T, queen of spades,
    7-T, queen of diamonds: 8 points). North leads the ace of clubs, South puts
    the Excuse on it, East and West their aces: the defence wins that trick
    (1.5 points) and the Excuse comes back to South for a low card (0.5). North
    leads the queen of clubs, South trumps with the 5, then leads the Petit into
    the last trick: petit au bout for the attack. The defence has 8 + 1.5 + 0.5
    = 10 points, the attack 91 - 10 = 81 (the dog is the attack's) with its 3
    oudlers and 16 tricks."""
    south = trumps(*range(21, 7, -1)) + trumps(6) + ["00-T"] + trumps(5, 1)
    north = trumps(2, 3, 4) + suit("C", *range(2, 13)) + trumps(7)
    north += suit("C", 1, 13, 14)
    east = suit("S", *range(2, 13), 14) + suit("H", 4, 5)
    east += suit("S", 13, 1) + suit("H", 6, 7)
    west = suit("D", *range(2, 13), 14) + suit("H", 8, 9)
    west += suit("D", 13, 1) + suit("H", 10, 11)
    plays = [{0: south[k], 1: east[k], 2: north[k], 3: west[k]} for k in range(18)]
    return deal_file(
        players=4,
        taker=0,
        contract="garde_sans",
        slam=True,
        tricks=ordered_tricks(4, 0, plays),
        dog=suit("H", 1, 2, 3, 12, 13, 14),
    )


def defence_chelem() -> dict:
    """4 players, East takes a garde contre (no chelem announced); South, a
    defender, holds the 18 trumps 4 to 21 and leads them all: the defence takes
    every trick. East's Petit falls under the 21, North puts his Excuse on the
    same trick (the defence keeps it). The dog is the defence's: the attack has
    no card point and no oudler, and no petit au bout (the last trick holds no
    Petit)."""
    south = trumps(*range(21, 3, -1))
    east = trumps(1) + suit("S", *range(1, 15)) + suit("H", 1, 2, 3)
    north = ["00-T"] + trumps(2, 3) + suit("C", *range(1, 15)) + suit("H", 4)
    west = suit("D", *range(1, 15)) + suit("H", 5, 6, 7, 8)
    plays = [{0: south[k], 1: east[k], 2: north[k], 3: west[k]} for k in range(18)]
    return deal_file(
        players=4,
        taker=1,
        contract="garde_contre",
        first=0,
        tricks=ordered_tricks(4, 0, plays),
        dog=suit("H", *range(9, 15)),
    )


#: The fixtures, by file name.
FIXTURE_DEALS = {
    "contre_chelem.json": contre_chelem,
    "slam_failed.json": slam_failed,
    "defence_chelem.json": defence_chelem,
}


def main(argv: list[str] | None = None) -> None:
    for name, make in FIXTURE_DEALS.items():
        write(FIXTURES / name, make())


if __name__ == "__main__":
    main(sys.argv[1:])
