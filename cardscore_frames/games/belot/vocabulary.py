"""The belot vocabulary: for each choice column of the logs, the values as
stored, the codes of the протокол (docs/guide/excel.md, section 2.2) and the
words clubs write, Russian and Latin. Every reader and the sheet take them from
here; docs/vocabulary.md lists them.
"""

from __future__ import annotations

from cardscore_frames.checking.schema import Vocabulary

__all__ = ["PAIR", "PAIR_OR_NONE", "SUIT", "DOUBLING", "VOCABULARY", "POINTS"]

_NONE = ("нет", "no", "")
#: The declaring pair, and a pair marked for a Бэла or a БТ; typed with
#: Cyrillic letters (А, В, Б), the pairs read the same.
PAIR = Vocabulary(
    codes={"a": "A", "b": "B"},
    words={"a": ("а", "пара а", "pair a"), "b": ("б", "в", "пара б", "pair b")},
)
PAIR_OR_NONE = Vocabulary({"none": ""}, {"none": _NONE}) | PAIR
#: The trump suit, or БК (без козыря) for no-trump.
SUIT = Vocabulary(
    codes={
        "clubs": "♣",
        "diamonds": "♦",
        "hearts": "♥",
        "spades": "♠",
        "no_trump": "БК",
    },
    words={
        "clubs": ("трефы", "треф", "трефа", "крести", "club"),
        "diamonds": ("бубны", "бубен", "бубна", "буби", "diamond"),
        "hearts": ("черви", "червы", "червей", "черва", "heart"),
        "spades": ("пики", "пик", "пика", "spade"),
        "no_trump": (
            "без козыря",
            "без козырей",
            "б/к",
            "nt",
            "no trump",
            "notrump",
            "sans atout",
        ),
    },
)
#: К/РК: contra or recontra (К and РК typed in Latin letters read the same).
DOUBLING = Vocabulary(
    codes={"none": "", "contra": "К", "recontra": "РК"},
    words={
        "none": _NONE,
        "contra": ("контра", "контр", "k", "x", "double", "contre"),
        "recontra": ("реконтра", "реконтр", "ре", "rk", "xx", "redouble", "re"),
    },
)
#: The vocabulary of each choice column of the deal log.
VOCABULARY = {
    "declarer": PAIR,
    "contract": SUIT,
    "doubling": DOUBLING,
    "bela": PAIR_OR_NONE,
}
#: The vocabulary of each choice column of the points log.
POINTS = {"declarer": PAIR, "bait": PAIR_OR_NONE}
