"""The preferans vocabulary: for each choice column of the deal log, the values as
stored, the codes of the пулька's deal protocol (7♠, 6БК, мизер, распасы; вист,
пас, пол) and the words clubs write, Russian and English. Every reader and the
protocol take them from here; docs/vocabulary.md lists them.
"""

from __future__ import annotations

from cardscore_frames.checking.schema import Vocabulary
from cardscore_frames.games.preferans.rules import CONTRACT_VALUE, SUITS

__all__ = ["CONTRACT", "CALL", "VOCABULARY"]

#: Each suit's sign on the protocol (БК: без козыря, no trump).
_SIGNS = {"s": "♠", "c": "♣", "d": "♦", "h": "♥", "nt": "БК"}
#: Each suit as clubs write it after the level: 6 пик, семь червей, 8 ♤...
_SUIT_WORDS = {
    "s": ("пики", "пик", "пика", "spades", "♤"),
    "c": ("трефы", "треф", "трефа", "крести", "clubs", "♧"),
    "d": ("бубны", "бубен", "бубна", "буби", "diamonds", "♢"),
    "h": ("черви", "червей", "червы", "черва", "hearts", "♡"),
    "nt": ("без козыря", "без козырей", "б/к", "no trump"),
}
#: Each level in words.
_LEVEL_WORDS = {6: "шесть", 7: "семь", 8: "восемь", 9: "девять", 10: "десять"}


def _contract_words(level: int, suit: str) -> tuple[str, ...]:
    russian = [w for w in _SUIT_WORDS[suit] if not w.isascii()]
    return (
        *(f"{level} {w}" for w in _SUIT_WORDS[suit]),
        *(f"{_LEVEL_WORDS[level]} {w}" for w in (_SIGNS[suit], *russian)),
    )


#: Contracts as the protocol writes them: 7♠, 6БК, мизер; an all-pass deal is
#: распасы; a correction is поправка.
CONTRACT = Vocabulary(
    codes={
        **{f"{lv}{s}": f"{lv}{_SIGNS[s]}" for lv in CONTRACT_VALUE for s in SUITS},
        "misere": "мизер",
        "pass": "распасы",
        "correction": "поправка",
    },
    words={
        **{f"{lv}{s}": _contract_words(lv, s) for lv in CONTRACT_VALUE for s in SUITS},
        "misere": ("misère", "mis", "miser"),
        "pass": ("распас", "all pass", "raspasy"),
        "correction": ("корректировка", "adjustment"),
    },
)
#: A defender's call: вист, пас, пол (half a whist).
CALL = Vocabulary(
    codes={"whist": "вист", "pass": "пас", "half": "пол"},
    words={
        "whist": ("w",),
        "pass": ("p", "пасс"),
        "half": ("полвиста", "пол виста", "h", "half whist", "1/2", "½"),
    },
)
#: The vocabulary of each choice column of the deal log.
VOCABULARY = {
    "contract": CONTRACT,
    **{f"call{i}": CALL for i in range(1, 5)},
}
