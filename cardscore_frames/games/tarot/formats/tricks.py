"""The pack as TarotClub writes it, and a deal's tricks counted as its engine
counts them (see :mod:`cardscore_frames.games.tarot.formats.tarotclub`).

One file holds one deal: its tricks are walked in order, as the cards were
played (the winner of each trick leads the next).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["DECK", "HAND_SIZE", "Count", "card_points", "count_tricks", "is_card"]

#: Cards each player holds, by players at the table (the dog has the rest of 78).
HAND_SIZE = {3: 24, 4: 18, 5: 15}
_SUITS = "SHDC"
#: The 78 cards: the Excuse, the 21 trumps, then 1 to king of each suit.
DECK = (
    "00-T",
    *(f"{v:02d}-T" for v in range(1, 22)),
    *(f"{v:02d}-{s}" for s in _SUITS for v in range(1, 15)),
)
_KNOWN = frozenset(DECK)
EXCUSE, PETIT = "00-T", "01-T"
OUDLERS = frozenset({"00-T", "01-T", "21-T"})


def is_card(text: str) -> bool:
    return text in _KNOWN


def is_trump(card: str) -> bool:
    return card.endswith("-T")


def card_points(card: str) -> float:
    """Oudlers and kings 4.5, queens 3.5, knights 2.5, jacks 1.5, the rest 0.5."""
    if card in OUDLERS:
        return 4.5
    value = int(card[:2])
    return value - 10 + 0.5 if not is_trump(card) and value > 10 else 0.5


class Count(NamedTuple):
    """What the tricks give the attack."""

    points: float  # card points, the aside cards counted where they go
    oudlers: int
    attack_tricks: int
    tricks: int
    petit_au_bout: str  # none, attack, defence
    aside: tuple[str, ...]  # the cards no trick holds


def _winner(trick: list[str]) -> int:
    """The position in ``trick`` of its highest trump (the Excuse is none), else
    of the highest card of the suit of its first card that is not a trump."""
    trumps = [
        (int(c[:2]), i) for i, c in enumerate(trick) if is_trump(c) and c != EXCUSE
    ]
    if trumps:
        return max(trumps)[1]
    suited = [i for i, c in enumerate(trick) if not is_trump(c)]
    led = trick[suited[0]][3]
    return max((int(trick[i][:2]), i) for i in suited if trick[i][3] == led)[1]


def count_tricks(
    tricks: list[list[str]],
    *,
    players: int,
    taker: int,
    partner: int | None,
    first: int,
    aside_to_attack: bool,
) -> Count:
    """The attack's card points and oudlers, its tricks and petit au bout, from
    tricks whose cards are valid and each played once (seats 0 .. players-1 in
    the order play goes round; ``partner`` None: the taker plays alone)."""
    attack = {taker} if partner is None else {taker, partner}
    points, oudlers, won = 0.0, 0, 0
    leader = first
    owners: list[bool] = []  # per trick: the attack's
    last = len(tricks) - 1
    for k, trick in enumerate(tricks):
        seat_at = [(leader + j) % players for j in range(players)]
        winner = seat_at[_winner(trick)]
        swap = 0  # the Excuse's 4 points and its oudler, to the attack (+1) or not
        if EXCUSE in trick:
            excuse_seat = seat_at[trick.index(EXCUSE)]
            excuse_attack = excuse_seat in attack
            if k == last and won == last and excuse_seat == taker:
                winner = taker  # a chelem's last trick, the Excuse led
            elif k == last:  # the Excuse changes camp at the last trick
                if (winner in attack) == excuse_attack:
                    swap = -1 if excuse_attack else 1
            elif (winner in attack) != excuse_attack:  # it stays with its camp
                swap = 1 if excuse_attack else -1
        mine = winner in attack
        if mine:
            won += 1
            points += sum(card_points(c) for c in trick)
            oudlers += sum(c in OUDLERS for c in trick)
        points += 4 * swap
        oudlers += swap
        owners.append(mine)
        leader = winner
    played = {c for t in tricks for c in t}
    aside = tuple(c for c in DECK if c not in played)
    if aside_to_attack:
        points += sum(card_points(c) for c in aside)
        oudlers += sum(c in OUDLERS for c in aside)
    return Count(
        points, oudlers, won, len(tricks), _petit_au_bout(tricks, owners, won), aside
    )


def _petit_au_bout(tricks: list[list[str]], owners: list[bool], won: int) -> str:
    """The camp of the last trick when it holds the Petit; in a chelem whose
    last trick holds the Excuse, of the trick before."""
    at = len(tricks) - 1
    if won in (0, len(tricks)) and EXCUSE in tricks[at]:
        at -= 1
    if at < 0 or PETIT not in tricks[at]:
        return "none"
    return "attack" if owners[at] else "defence"
