"""The preferans vocabulary: for each choice column of the deal log, the values as
stored, the codes of the пулька's deal protocol (7♠, 6БК, мизер, распасы; вист,
пас, пол) and the words clubs write, Russian and English. Every reader and the
protocol take them from here; docs/vocabulary.md lists them.
"""

from __future__ import annotations

from cardscore_frames.checking.schema import Vocabulary, numbered
from cardscore_frames.games.preferans.rules import CONTRACT_VALUE, SUITS

__all__ = ["CONTRACT", "CALL", "VOCABULARY", "HEADINGS"]

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

#: The headings Russian and English clubs give each column of the preferans
#: logs (deals, points-only, end-of-game sheets), beside the column's own name
#: (case, accents, ё and е, spaces and dots do not matter); docs/vocabulary.md
#: lists them.
HEADINGS = {
    "game_id": ("Game", "Game ID", "pool_id", "Пулька", "Партия"),
    "deal": ("Deal no", "Раздача", "Сдача", "№", "N°", "No"),
    **numbered("player", 4, "Игрок", "Player"),
    "dealer": ("Сдающий", "Сдаёт", "Прикуп сдаёт"),
    "declarer": ("Играющий", "Разыгрывающий", "Заказчик"),
    "contract": ("Контракт", "Заказ", "Игра"),
    **numbered("call", 4, "Вист", "Call"),
    **numbered("tricks", 4, "Взятки", "Взяток"),
    # "pool" also heads a deal log's pool target (the field's own alias); on an
    # end-of-game sheet it is the pool itself
    "pool_target": ("Пуля до", "Игра до", "Pool target"),
    "pool": ("Пуля",),
    **numbered("score", 4, "Счёт", "Очки", "Score"),
    "seat": ("Место", "Seat no"),
    "player": ("Name", "Игрок", "Имя"),
    "mountain": ("Гора",),
    **{f"whists_on_{i}": (f"Висты на {i}", f"Whists on {i}") for i in range(1, 5)},
    "whist_price": ("Цена виста", "Стоимость виста", "Цена"),
    # a deal log's corrections (docs/games/preferans.md, "Corrections")
    **numbered("pool", 4, "Пуля"),
    **numbered("mountain", 4, "Гора"),
    **numbered("whists", 4, "Висты"),
    "whists_on": ("Висты на",),
    "all_pass_price": ("Цена распасов", "Распасы по"),
}
