"""The tarot log's checks of who plays and what was bid: seats filled in order,
no name twice, who sits out, taker and partner, contract and house rules
(docs/games/tarot.md)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import Problems
from cardscore_frames.checking.seats import codes_where, players_text, same_name
from cardscore_frames.checking.values import is_in
from cardscore_frames.games.tarot.rules import Rules
from cardscore_frames.games.tarot.seats import (
    PLAYERS,
    cached_active,
    cached_seating,
    is_seated,
    seat_names,
)

__all__ = ["check_players", "check_contract", "misere_declared"]


def _some_rows(mask: np.ndarray, make) -> np.ndarray:
    """An object array holding ``make(rows)`` at the masked rows (for messages)."""
    out = np.full(len(mask), None, dtype=object)
    rows = np.flatnonzero(mask)
    if len(rows):
        out[rows] = make(rows)
    return out


def _gap(code: int) -> bool:
    """A seating with a blank seat before a taken one (seats not filled in order)."""
    return (code & (code + 1)) != 0


def check_players(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    code = cached_seating(deals, problems)
    gap = codes_where(code, _gap)
    if gap.any():
        shown = _some_rows(
            gap,
            lambda rows: [
                "/".join("" if pd.isna(x) else str(x) for x in r)
                for r in deals[list(PLAYERS)].to_numpy(dtype=object)[rows]
            ],
        )
        problems.add(
            gap,
            "player4",
            "seat_gap",
            "players must fill player1..playerN without a blank seat between them; "
            "got {value}",
            value=shown,
        )
    named = np.bitwise_or.reduce(code) if len(code) else 0  # seats ever taken
    for i in range(5):
        for j in range(i + 1, 5):
            if not (named >> i) & (named >> j) & 1:  # a seat no deal fills
                continue  # (player5 of a log of 4-player tables): no name twice
            twice = same_name(deals[PLAYERS[i]], deals[PLAYERS[j]])
            problems.add(
                twice,
                PLAYERS[j],
                "duplicate_player",
                f"player names must be distinct in a deal; {{value}} is also {PLAYERS[i]}",
            )
    sits = deals["sits_out"].notna().to_numpy()
    if not sits.any():  # nobody sits out (every table of 3 or 4)
        return
    problems.add(
        sits & ~is_seated(deals, "sits_out"),
        "sits_out",
        "not_seated",
        "sits_out must be one of the deal's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )
    problems.add(
        sits & codes_where(code, lambda c: bin(c).count("1") < 4),
        "sits_out",
        "sits_out_small_table",
        "a player can sit out only at a table of 4 or 5 (3 must play); got {value}",
    )


def check_contract(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    passed = (deals["contract"] == "pass").fillna(False).to_numpy()
    played = (deals["contract"] != "pass").fillna(False).to_numpy()
    for col in ("taker", "oudlers", "card_points"):
        problems.add(
            played & deals[col].isna().to_numpy(),
            col,
            "blank",
            f"{col} must be given on a played deal (contract not pass)",
        )
    for col in ("taker", "partner", "oudlers", "card_points"):
        problems.add(
            passed & deals[col].notna().to_numpy(),
            col,
            "set_on_pass",
            f"{col} must be blank on a passed deal; got {{value}}",
        )
    for col in ("petit_au_bout", "poignee_attack", "poignee_defence", "chelem"):
        problems.add(
            passed & (deals[col] != "none").fillna(False).to_numpy(),
            col,
            "set_on_pass",
            f"{col} must be none on a passed deal; got {{value}}",
        )
    n = cached_active(deals, problems)
    taker = deals["taker"].notna().to_numpy()
    problems.add(
        taker & ~is_seated(deals, "taker"),
        "taker",
        "not_seated",
        "taker must be one of the deal's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )
    problems.add(
        same_name(deals["taker"], deals["sits_out"]),
        "taker",
        "sitting_out",
        "taker must play the deal; {value} sits it out",
    )
    partner = deals["partner"].notna().to_numpy()
    if partner.any():  # a log of 4-player tables names none
        _check_partner(deals, problems, partner, n, rules)
    _check_partner_column(deals, problems, played & (n == 5), rules)
    problems.add(
        (n < 3) | (n > 5),
        "player1",
        "table_size",
        "3 to 5 players must play each deal; got {value}",
        value=n,
    )
    _check_house_rules(deals, problems, rules)


def _check_house_rules(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """A petit chelem or a misère needs its house rule on."""
    if not rules.petit_chelem:
        problems.add(
            is_in(deals["chelem"], ("petit_announced_made", "petit_announced_failed")),
            "chelem",
            "house_rule_off",
            "chelem {value} needs Rules(petit_chelem=True)",
        )
    if "misere" in deals:
        problems.add(
            deals["misere"].notna().to_numpy() & (not rules.misere),
            "misere",
            "house_rule_off",
            "misere {value} needs Rules(misere=True)",
        )
        if rules.misere:
            _check_misere(deals, problems)


def _check_partner_column(
    deals: pd.DataFrame, problems: Problems, at_five: np.ndarray, rules: Rules
) -> None:
    """A log with deals played at 5 says who was called: without a partner
    column every such deal would be scored as the taker's alone, a plausible
    wrong score. Only the rules can say that the taker always plays alone."""
    if "partner" not in problems.left_out or not rules.called_partner:
        return
    count = int(at_five.sum())
    if count:
        problems.add_table(
            "partner",
            "missing_column",
            f"column partner is missing: "
            f"{'1 deal is' if count == 1 else f'{count} deals are'} played at 5, "
            "where the taker calls a partner (a column headed partner, Appelé, "
            "Partenaire or Roi appelé, blank where the taker played alone); if "
            "the taker always plays alone at 5 in your club, read the log with "
            "rules=TarotRules(called_partner=False) (command line: --rules alone)",
        )


def _check_partner(
    deals: pd.DataFrame,
    problems: Problems,
    partner: np.ndarray,
    n: np.ndarray,
    rules: Rules,
) -> None:
    """A partner called is seated, plays, and only at a table of 5."""
    alone = same_name(deals["partner"], deals["taker"])
    problems.add(
        partner & ~alone & (not rules.called_partner),
        "partner",
        "house_rule_off",
        "partner must be blank: the rules say the taker plays alone at 5 "
        "(Rules(called_partner=False)); got {value}",
    )
    problems.add(
        partner & ~alone & ~is_seated(deals, "partner"),
        "partner",
        "not_seated",
        "partner must be one of the deal's players ({players}); got {value}",
        players=players_text(deals, PLAYERS),
    )
    problems.add(
        partner & ~alone & (n != 5),
        "partner",
        "partner_not_five",
        "a partner is called only when 5 play the deal; got {value}",
    )
    problems.add(
        same_name(deals["partner"], deals["sits_out"]),
        "partner",
        "sitting_out",
        "partner must play the deal; {value} sits it out",
    )


def misere_declared(deals: pd.DataFrame) -> tuple[np.ndarray, list, list]:
    """House rule misère: the seats whose players the ``misere`` column names.

    Returns the (n_deals, 5) declared seats, and for each name position of the
    ``+``-joined column its names and whether each is a player of the deal.
    """
    names = seat_names(deals)
    out = deals["sits_out"].to_numpy(dtype=object, na_value=None)[:, None]
    playing = (names != None) & (names != out)  # noqa: E711
    split = deals["misere"].astype(object).fillna("").str.split("+", expand=True)
    declared = np.zeros(names.shape, dtype=bool)
    named, known = [], []
    for col in split.columns:
        who = split[col].str.strip().to_numpy(dtype=object, na_value=None)
        here = playing & (names == who[:, None])
        declared |= here
        named.append(who)
        known.append(here.any(axis=1))
    return declared, named, known


def _check_misere(deals: pd.DataFrame, problems: Problems) -> None:
    _, named, known = misere_declared(deals)
    for who, here in zip(named, known, strict=True):
        given = (who != None) & (who != "")  # noqa: E711
        problems.add(
            given & ~here,
            "misere",
            "not_seated",
            "misere must name players of the deal joined by '+'; {name} is not "
            "one; got {value}",
            name=who,
        )
