"""The belot vocabulary: for each choice column of the logs, the values as
stored, the codes of the протокол (docs/guide/excel.md, section 2.2) and the
words clubs write: Russian, Latin, and the Armenian words of Bazar-Blot's own
clubs (the suits Խաչ, Ագուռ, Սիրտ, Պիկ; ԲՈՅ for no-trump; Քուանշ and Սուր for
contra and recontra, as Armenian Bazar-Blot programs name them). Every reader
and the sheet take them from here; docs/vocabulary.md lists them.
"""

from __future__ import annotations

from cardscore_frames.checking.schema import Vocabulary

__all__ = [
    "PAIR",
    "PAIR_OR_NONE",
    "SUIT",
    "DOUBLING",
    "VOCABULARY",
    "POINTS",
    "HEADINGS",
]

_NONE = ("нет", "no", "ոչ", "")
#: The declaring pair, and a pair marked for a Бэла or a БТ; typed with
#: Cyrillic letters (А, В, Б) or Armenian ones (Ա, Բ), the pairs read the same.
PAIR = Vocabulary(
    codes={"a": "A", "b": "B"},
    words={
        "a": ("а", "пара а", "pair a", "ա", "զույգ ա"),
        "b": ("б", "в", "пара б", "pair b", "բ", "զույգ բ"),
    },
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
        "clubs": ("трефы", "треф", "трефа", "крести", "club", "խաչ", "khach"),
        "diamonds": ("бубны", "бубен", "бубна", "буби", "diamond", "ագուռ", "agur"),
        "hearts": ("черви", "червы", "червей", "черва", "heart", "սիրտ", "sirt"),
        "spades": ("пики", "пик", "пика", "spade", "պիկ", "pik"),
        "no_trump": (
            "без козыря",
            "без козырей",
            "б/к",
            "nt",
            "no trump",
            "notrump",
            "sans atout",
            "բոյ",
            "boy",
        ),
    },
)
#: К/РК: contra or recontra (К and РК typed in Latin letters read the same).
DOUBLING = Vocabulary(
    codes={"none": "", "contra": "К", "recontra": "РК"},
    words={
        "none": _NONE,
        "contra": ("контра", "контр", "k", "x", "double", "contre", "քուանշ", "kuansh"),
        "recontra": (
            "реконтра",
            "реконтр",
            "ре",
            "rk",
            "xx",
            "redouble",
            "re",
            "սուր",
            "sur",
        ),
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

#: The headings Russian, Armenian and English clubs give each column of the
#: belot logs, beside the column's own name (case, accents, spaces and dots do
#: not matter); the protocol's own headings are among them. docs/vocabulary.md
#: lists them.
HEADINGS = {
    "game_id": ("Game", "Match", "Матч", "Игра", "Партия", "Խաղ"),
    "deal": ("Deal no", "Раздача", "Сдача", "№", "N°", "No", "Բաժանում"),
    "declarer": ("Пара", "Заявившая пара", "Declaring pair", "Զույգ"),
    "contract": ("Масть", "Козырь", "Trump", "Suit"),
    "bid": ("n", "Ставка", "Заказ"),
    "capo": ("Capot", "Капо?"),
    "capo_bid": ("k", "Капо", "Ставка капо"),
    "doubling": ("к/рк", "Контра", "Удвоение", "Double"),
    "declarer_tricks": ("Tricks", "Взятки"),
    "declarer_card_points": ("Card points", "vtp", "Висты", "Очки"),
    "declarer_declarations": ("vcp", "Зак.", "Заявки"),
    "defender_declarations": ("vcv", "Защ.", "Заявки защиты"),
    "bela": ("Бэла", "Бела"),
    "points_a": ("a", "A: очки", "Очки a"),
    "points_b": ("b", "B: очки", "Очки b"),
    "bait": ("бт", "bt", "Байт"),
}
