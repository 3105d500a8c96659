"""The structure of a TarotClub deal file: every problem of it found at once
(see :mod:`cardscore_frames.games.tarot.formats.tarotclub` for the format)."""

from __future__ import annotations

import json
from typing import Any

import pandas as pd

from cardscore_frames.errors import FAILURE_COLUMNS
from cardscore_frames.games.tarot.formats.tricks import (
    DECK,
    HAND_SIZE,
    is_card,
    is_trump,
)
from cardscore_frames.games.tarot.rules import POIGNEE_TRUMPS

__all__ = [
    "TAROTCLUB_PLACES",
    "TAROTCLUB_CONTRACTS",
    "Found",
    "read_structure",
    "partner_seat",
]

#: TarotClub's places, in the order play goes round (its ``Place`` values 0-4).
TAROTCLUB_PLACES = ("South", "East", "North", "West", "Fifth")
#: TarotClub's contract names -> the log's contracts.
TAROTCLUB_CONTRACTS = {
    "Pass": "pass",
    "Take": "petite",
    "Guard": "garde",
    "Guard without": "garde_sans",
    "Guard against": "garde_contre",
}
#: What a file's ``deal_info`` must hold as text.
_TEXT_KEYS = ("taker", "contract", "first_trick_lead", "dog")
_HANDLES = ("attack_handle", "defense_handle")


class Found:
    """The problems of one file's structure, as ``failure_cases`` rows."""

    def __init__(self, game_id: Any, text: str) -> None:
        self.game_id = game_id
        self.text = text
        self.rows: list[dict[str, Any]] = []

    def add(self, field: str, value: Any, reason: str, message: str) -> None:
        self.rows.append(
            {
                "game_id": self.game_id,
                "deal": 1,
                "column": field,
                "value": value,
                "reason": reason,
                "message": message,
                "row": 0,
                "line": self._line(field, value),
            }
        )

    def _line(self, field: str, value: Any) -> Any:
        """The file line of a key (``deal_info.taker``) or of a trick's text."""
        key = field.split(".")[-1].split("[")[0]
        at = self.text.find(f'"{key}"')
        if at < 0:
            return pd.NA
        if "[" in field and isinstance(value, str):  # a trick: its own text
            found = self.text.find(json.dumps(value), at)
            at = found if found >= 0 else at
        return self.text.count("\n", 0, at) + 1

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.rows).reindex(columns=list(FAILURE_COLUMNS))


def read_structure(
    data: Any, found: Found, names: tuple[str, ...] | None
) -> dict[str, Any] | None:
    """The deal's facts, every problem of the file's structure in ``found``."""
    if not isinstance(data, dict):
        found.add(
            "file",
            _kind(data),
            "not_tarotclub",
            "a TarotClub deal file is a JSON object with deal_info and tricks; got "
            f"{_kind(data)}",
        )
        return None
    info = data.get("deal_info")
    if not isinstance(info, dict):
        found.add(
            "deal_info",
            None if info is None else _kind(info),
            "missing" if info is None else "not_an_object",
            "deal_info must be an object of the deal's facts (number_of_players, "
            "taker, contract, slam, first_trick_lead, dog, attack_handle, "
            f"defense_handle); got {'none' if info is None else _kind(info)}",
        )
        info = {}
    deal: dict[str, Any] = {"version": data.get("version")}
    n, seat_names = _players(info, found, names)
    deal["n"], deal["names"] = n, seat_names
    places = TAROTCLUB_PLACES[: n or 5]
    for key in _TEXT_KEYS:
        value = info.get(key)
        if not isinstance(value, str):
            _missing(found, f"deal_info.{key}", value, "a text")
    deal["taker"] = _place(info, "taker", places, found)
    deal["first"] = _place(info, "first_trick_lead", places, found)
    contract = info.get("contract")
    if isinstance(contract, str) and contract not in TAROTCLUB_CONTRACTS:
        found.add(
            "deal_info.contract",
            contract,
            "unknown_contract",
            f"contract must be one of {', '.join(TAROTCLUB_CONTRACTS)}; got "
            f"{contract!r}",
        )
    deal["contract"] = TAROTCLUB_CONTRACTS.get(contract, "")
    slam = info.get("slam")
    if not isinstance(slam, bool):
        _missing(found, "deal_info.slam", slam, "true or false")
    deal["slam"] = slam is True
    tricks = _tricks(data.get("tricks"), n, found)
    deal["tricks"] = tricks
    played = {c for t in tricks or () for c in t}
    deal["dog"] = _cards(info.get("dog"), "deal_info.dog", found)
    for key in _HANDLES:
        deal[key] = _cards(info.get(key), f"deal_info.{key}", found)
    if n:  # the dog against the tricks only when every trick could be read
        tricks_read = not any(r["column"].startswith("tricks") for r in found.rows)
        _check_dog(deal, played if tricks_read else None, found)
        _check_handles(deal, found)
    return deal


def _kind(value: Any) -> str:
    names = {list: "an array", dict: "an object", str: "a text", bool: "true or false"}
    return "null" if value is None else names.get(type(value), "a number")


def _missing(found: Found, field: str, value: Any, want: str) -> None:
    if value is None:
        found.add(field, None, "missing", f"{field} must be given ({want})")
    else:
        found.add(field, value, "wrong_type", f"{field} must be {want}; got {value!r}")


def _players(
    info: dict, found: Found, names: tuple[str, ...] | None
) -> tuple[int, list[str]]:
    """How many play and their names: ``number_of_players`` (the places named),
    or an older file's ``players`` (their names); ``names`` overrides."""
    count, listed = info.get("number_of_players"), info.get("players")
    n = 0
    if isinstance(listed, list) and count is None:
        ok = (
            3 <= len(listed) <= 5
            and all(isinstance(x, str) and x.strip() for x in listed)
            and len(set(listed)) == len(listed)
        )
        if ok:
            n = len(listed)
        else:
            found.add(
                "deal_info.players",
                json.dumps(listed),
                "bad_players",
                "players must be 3 to 5 different names; got "
                f"{json.dumps(listed, ensure_ascii=False)}",
            )
    elif isinstance(count, int) and not isinstance(count, bool) and 3 <= count <= 5:
        n = count
    else:
        found.add(
            "deal_info.number_of_players",
            count,
            "missing" if count is None else "bad_players",
            "number_of_players must be 3, 4 or 5"
            + ("" if count is None else f"; got {count!r}"),
        )
    given = list(listed) if n and isinstance(listed, list) else list(TAROTCLUB_PLACES)
    if names is not None and n and len(names) != n:
        found.add(
            "names",
            ", ".join(names),
            "bad_players",
            f"names must name the {n} players of the deal; got {len(names)}",
        )
    elif names is not None and n:
        given = list(names)
    return n, given[:n]


def _place(info: dict, key: str, places: tuple[str, ...], found: Found) -> int:
    value = info.get(key)
    if isinstance(value, str) and value not in places:
        found.add(
            f"deal_info.{key}",
            value,
            "unknown_place",
            f"{key} must be one of the places at the table, {', '.join(places)}; "
            f"got {value!r}",
        )
        return -1
    return places.index(value) if isinstance(value, str) else -1


def _cards(text: Any, field: str, found: Found) -> list[str]:
    """A ``;``-joined list of cards (``""`` is none); each one known, none twice."""
    if not isinstance(text, str):
        return []
    cards = [c.strip() for c in text.split(";")] if text.strip() else []
    unknown = [c for c in cards if not is_card(c)]
    if unknown:
        found.add(field, text, "unknown_card", _unknown(field, unknown))
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        found.add(
            field,
            text,
            "duplicate_card",
            f"{field} holds {', '.join(twice)} more than once",
        )
    return [c for c in cards if is_card(c)]


def _unknown(field: str, cards: list[str]) -> str:
    return (
        f"{field} holds {', '.join(repr(c) for c in cards)}, not a card of the "
        "pack: a card is 00-T (the Excuse), 01-T to 21-T, or 01-14 of S, H, D, C"
    )


def _tricks(value: Any, n: int, found: Found) -> list[list[str]] | None:
    if not isinstance(value, list):
        _missing(found, "tricks", value, "an array of tricks, each one text")
        return None
    want = HAND_SIZE.get(n)
    if want is not None and len(value) != want:
        found.add(
            "tricks",
            len(value),
            "wrong_trick_count",
            f"tricks must be {want} at {n} players (each plays {want} cards); got "
            f"{len(value)}",
        )
    out, seen = [], {}
    for i, text in enumerate(value, start=1):
        field = f"tricks[{i}]"
        if not isinstance(text, str):
            _missing(found, field, text, "a text of cards joined by ';'")
            continue
        cards = [c.strip() for c in text.split(";")]
        unknown = [c for c in cards if not is_card(c)]
        if unknown:
            found.add(field, text, "unknown_card", _unknown(f"trick {i}", unknown))
        if n and len(cards) != n:
            found.add(
                field,
                text,
                "wrong_trick_size",
                f"trick {i} must have {n} cards, one a player; got {len(cards)}",
            )
        again = [c for c in cards if c in seen or cards.count(c) > 1]
        if again:
            where = {c: seen.get(c, i) for c in again}
            found.add(
                field,
                text,
                "duplicate_card",
                f"trick {i} plays "
                + ", ".join(f"{c} (also in trick {w})" for c, w in where.items())
                + ": each card of the pack is played once",
            )
        for c in cards:
            seen.setdefault(c, i)
        out.append(cards)
    return out


SANS_CONTRE = ("garde_sans", "garde_contre")


def _check_dog(deal: dict, played: set[str] | None, found: Found) -> None:
    """The dog as the file gives it (TarotClub counts the cards no trick holds):
    the right size, and in a garde sans or contre, untouched."""
    size = 78 - HAND_SIZE[deal["n"]] * deal["n"]
    dog = deal["dog"]
    if dog and len(dog) != size:
        found.add(
            "deal_info.dog",
            ";".join(dog),
            "wrong_dog_size",
            f"dog must be {size} cards at {deal['n']} players; got {len(dog)}",
        )
    elif played is not None and dog and deal["contract"] in SANS_CONTRE:
        aside = [c for c in DECK if c not in played]
        if sorted(aside) != sorted(dog):
            found.add(
                "deal_info.dog",
                ";".join(dog),
                "dog_played",
                "dog must be the cards no trick holds in a garde sans or garde "
                f"contre (nobody takes it); the tricks leave {';'.join(aside)}",
            )


def _check_handles(deal: dict, found: Found) -> None:
    """Poignées of trumps only, of a size the table knows, no trump in both."""
    n = deal["n"]
    sizes = POIGNEE_TRUMPS[n]
    for key in _HANDLES:
        cards = deal[key]
        if not cards:
            continue
        field = f"deal_info.{key}"
        if not all(is_trump(c) for c in cards):
            found.add(
                field,
                ";".join(cards),
                "not_trumps",
                f"{key} must show trumps (the Excuse among them); got "
                + ", ".join(c for c in cards if not is_trump(c)),
            )
        elif len(cards) not in sizes:
            found.add(
                field,
                ";".join(cards),
                "wrong_poignee_size",
                f"{key} must show {', '.join(map(str, sizes))} trumps at {n} "
                f"players (a simple, double, triple poignée); got {len(cards)}",
            )
    both = sorted(set(deal[_HANDLES[0]]) & set(deal[_HANDLES[1]]))
    if both:
        found.add(
            "deal_info.defense_handle",
            ";".join(deal[_HANDLES[1]]),
            "duplicate_card",
            f"both poignées show {', '.join(both)}",
        )


def partner_seat(deal: dict, partner: str, found: Found) -> int | None:
    """The seat of the partner named (a place or a player's name)."""
    n = deal["n"]
    if not n:
        return None
    names = deal["names"]
    places = TAROTCLUB_PLACES[:n]
    seat = places.index(partner) if partner in places else -1
    if seat < 0 and partner in names:
        seat = names.index(partner)
    if n != 5 or seat < 0:
        found.add(
            "partner",
            partner,
            "bad_partner",
            f"partner must be one of the {n} players ({', '.join(names)}) at a table "
            f"of 5; got {partner!r}" + ("" if n == 5 else f" at {n} players"),
        )
        return None
    return None if seat == deal["taker"] else seat
