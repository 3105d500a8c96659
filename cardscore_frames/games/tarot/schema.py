"""The tarot deal log: its columns, who sits where (the five seat columns and
the seat lookups) and every check of docs/games/tarot.md.

Log semantics worth knowing: a blank ``petit_au_bout``, poignée or ``chelem`` cell
means ``none``; a blank ``partner`` (or the taker's own name) at 5 players means
the taker plays alone; a passed or cancelled deal leaves taker, partner, oudlers
and card points blank (its oudlers and card points may be written 0 or ``none``,
which read as blank there).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames.checking import BlankWhen, Field, Problems, Schema, filled
from cardscore_frames.checking import seats as _seats
from cardscore_frames.checking.seats import (
    codes_where,
    players_text,
    same_name,
    seating,
    seats_in,
)
from cardscore_frames.checking.values import is_in
from cardscore_frames.games.tarot.rules import (
    CHELEM_PRIME,
    CHELEMS_MADE,
    CONTRACTS,
    DOG_CARDS,
    PACK_TRUMPS,
    POIGNEE_TRUMPS,
    POIGNEES,
    Rules,
)
from cardscore_frames.games.tarot.vocabulary import VOCABULARY as WORDS

__all__ = [
    "SCHEMA",
    "PLAYERS",
    "seat_names",
    "seated",
    "seat_of",
    "is_seated",
    "active_players",
    "contre_chelem_bounds",
]

PLAYERS = tuple(f"player{i}" for i in range(1, 6))


def seat_names(deals: pd.DataFrame) -> np.ndarray:
    """Player names as an (n_deals, 5) object array, None where the seat is empty."""
    return _seats.seat_names(deals, PLAYERS)


def seated(deals: pd.DataFrame) -> np.ndarray:
    """(n_deals, 5) bool: the seat has a player."""
    return _seats.seated(deals, PLAYERS)


def seat_of(deals: pd.DataFrame, column: str) -> np.ndarray:
    """The seat (0-4) whose player is named in ``column``; -1 when blank or not seated."""
    return _seats.seat_of(deals, PLAYERS, column)


def is_seated(deals: pd.DataFrame, column: str) -> np.ndarray:
    return seat_of(deals, column) >= 0


def active_players(deals: pd.DataFrame) -> np.ndarray:
    """Players who play each deal: those seated, less one sitting out."""
    out = deals["sits_out"].notna().to_numpy() if "sits_out" in deals else 0
    return _seats.seats_taken(seated(deals)) - out


#: A passed (or cancelled) deal leaves oudlers and card points blank; score
#: sheets and other apps fill them with 0 or "none", which read as blank there
#: (docs/games/tarot.md, "Distribution").
_BLANK_ON_PASS = BlankWhen("contract", ("pass",), ("0", "none"))

FIELDS = (
    Field("game_id", "id", aliases=("game", "game id")),
    Field("deal", "int", low=1, aliases=("deal_no", "donne")),
    *(Field(p, "name", required=i < 3, blank=i >= 3) for i, p in enumerate(PLAYERS)),
    Field("taker", "name", blank=True, aliases=("preneur",)),
    Field("partner", "name", required=False, blank=True, aliases=("called",)),
    Field("contract", "choice", choices=CONTRACTS, vocabulary=WORDS["contract"]),
    Field(
        "oudlers",
        "int",
        blank=True,
        low=0,
        high=3,
        aliases=("bouts",),
        blank_when=_BLANK_ON_PASS,
    ),
    Field(
        "card_points",
        "number",
        blank=True,
        low=0,
        high=91,
        step=0.5,
        aliases=("points",),
        blank_when=_BLANK_ON_PASS,
    ),
    Field(
        "petit_au_bout",
        "choice",
        required=False,
        choices=("none", "attack", "defence"),
        vocabulary=WORDS["petit_au_bout"],
        default="none",
    ),
    Field(
        "poignee_attack",
        "choice",
        required=False,
        choices=POIGNEES,
        vocabulary=WORDS["poignee_attack"],
        multi=True,
        default="none",
    ),
    Field(
        "poignee_defence",
        "choice",
        required=False,
        choices=POIGNEES,
        vocabulary=WORDS["poignee_defence"],
        multi=True,
        default="none",
        aliases=("poignee_defense",),
    ),
    Field(
        "chelem",
        "choice",
        required=False,
        choices=tuple(CHELEM_PRIME),
        vocabulary=WORDS["chelem"],
        default="none",
        aliases=("slam",),
    ),
    Field("sits_out", "name", required=False, blank=True),
    Field("misere", "text", required=False, blank=True),
)


def _some_rows(mask: np.ndarray, make) -> np.ndarray:
    """An object array holding ``make(rows)`` at the masked rows (for messages)."""
    out = np.full(len(mask), None, dtype=object)
    rows = np.flatnonzero(mask)
    if len(rows):
        out[rows] = make(rows)
    return out


def _seating(deals: pd.DataFrame, problems: Problems) -> np.ndarray:
    """Each deal's seating code (bit k: seat k+1 has a player), worked out once
    per validation pass."""
    return problems.cached("seating", lambda: seating(deals, PLAYERS))


def _active(deals: pd.DataFrame, problems: Problems) -> np.ndarray:
    """Players in each deal (seated, less one sitting out), worked out once per
    validation pass: :func:`active_players`, from the seating codes."""

    def active() -> np.ndarray:
        taken = seats_in(_seating(deals, problems))
        return (
            taken - deals["sits_out"].notna().to_numpy()
            if "sits_out" in deals
            else taken
        )

    return problems.cached("active", active)


def _gap(code: int) -> bool:
    """A seating with a blank seat before a taken one (seats not filled in order)."""
    return (code & (code + 1)) != 0


def check_players(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    code = _seating(deals, problems)
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
    n = _active(deals, problems)
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
        _check_partner(deals, problems, partner, n)
    problems.add(
        (n < 3) | (n > 5),
        "player1",
        "table_size",
        "3 to 5 players must play each deal; got {value}",
        value=n,
    )
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


def _check_partner(
    deals: pd.DataFrame, problems: Problems, partner: np.ndarray, n: np.ndarray
) -> None:
    """A partner called is seated, plays, and only at a table of 5."""
    alone = same_name(deals["partner"], deals["taker"])
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


def check_points(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """Card points and petit au bout that the oudlers rule out (rules file, last part)."""
    pts = filled(deals["card_points"], float, np.nan)
    oud = filled(deals["oudlers"], float, np.nan)
    # from 4.5 points an oudler to 91 less 4.5 an oudler the defence has: the
    # points above the least, 0 to 77.5 (NaN, a blank, is neither)
    above = 4.5 * oud
    np.subtract(pts, above, out=above)
    outside = (above < 0) | (above > 91 - 3 * 4.5)
    chelem_made = is_in(deals["chelem"], CHELEMS_MADE)
    # a garde contre's dog is the defence's even in a chelem: its points keep to
    # the oudlers' bounds and to the dog's (docs/games/tarot.md)
    contre = (deals["contract"] == "garde_contre").fillna(False).to_numpy()
    fixed = chelem_made & ~contre
    if (outside & ~fixed).any():
        problems.add(
            outside & ~fixed,
            "card_points",
            "points_vs_oudlers",
            "card_points must be from {lo} to {hi} with {oudlers} oudlers; got {value}",
            lo=4.5 * oud,
            hi=91 - 4.5 * (3 - oud),
            oudlers=oud,
        )
    known = ~np.isnan(pts) & ~np.isnan(oud)
    if fixed.any():
        slam_ok = ((pts == 91) & (oud == 3)) | ((pts == 87) & (oud <= 2))
        problems.add(
            known & fixed & ~slam_ok,
            "card_points",
            "chelem_points",
            "card_points of a made chelem must be 91 (3 oudlers) or 87 (the defence "
            "kept the Excuse, at most 2 oudlers); got {value}",
        )
    if (chelem_made & contre).any():
        _check_contre_chelem(deals, problems, known & chelem_made & contre, pts, oud)
    n = _active(deals, problems)
    half = pts - np.floor(pts) > 0  # a blank (NaN) is not
    problems.add(
        (n == 4) & half,
        "card_points",
        "half_point_at_4",
        "card_points must be whole when 4 play the deal; got {value}",
    )
    pab = deals["petit_au_bout"]
    problems.add(
        (pab == "attack").to_numpy() & (oud == 0),
        "petit_au_bout",
        "pab_no_petit",
        "petit_au_bout attack needs the Petit in the attack's tricks; got 0 oudlers",
    )
    problems.add(
        (pab == "defence").to_numpy() & (oud == 3),
        "petit_au_bout",
        "pab_no_petit",
        "petit_au_bout defence is impossible when the attack has all 3 oudlers",
    )


def contre_chelem_bounds(
    players: np.ndarray, oudlers: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The card points a chelem made in a garde contre may leave the attack:
    91 less the dog (its cards are the defence's, 0.5 to 4.5 points each), and
    4 less again when the defence kept the Excuse (possible only with at most 2
    oudlers in the attack's tricks).
    """
    dog = np.where(players == 5, DOG_CARDS[5], DOG_CARDS[4])
    excuse_kept = np.where(oudlers <= 2, 4.0, 0.0)
    return 91 - 4.5 * dog - excuse_kept, 91 - 0.5 * dog


def _check_contre_chelem(
    deals: pd.DataFrame,
    problems: Problems,
    rows: np.ndarray,
    pts: np.ndarray,
    oud: np.ndarray,
) -> None:
    n = _active(deals, problems)
    lo, hi = contre_chelem_bounds(n, oud)
    problems.add(
        rows & ((pts < lo) | (pts > hi)),
        "card_points",
        "chelem_points",
        "card_points of a chelem made in a garde contre must be from {lo} to {hi} "
        "with {oudlers} oudlers at {players} players (91, or 87 when the defence "
        "kept the Excuse, less the dog's {dog} cards, the defence's, 0.5 to 4.5 "
        "points each); got {value}",
        lo=lo,
        hi=hi,
        oudlers=oud,
        players=n,
        dog=np.where(n == 5, DOG_CARDS[5], DOG_CARDS[4]),
    )


def poignee_counts(
    deals: pd.DataFrame, column: str, players: np.ndarray, rows: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """At ``rows``: how many poignées a camp showed, and the trumps they needed.

    The column holds few distinct values ("simple", "simple+double", ...): each is
    parsed once, into a table by the number of players, and deals index it.
    """
    codes, uniques = _codes(deals[column])
    count = np.zeros((len(uniques) + 1, 6), dtype=np.int64)  # the last row: blank
    trumps = np.zeros((len(uniques) + 1, 6), dtype=np.int64)
    for u, value in enumerate(uniques):
        levels = [POIGNEES.index(t) for t in str(value).split("+") if t in POIGNEES]
        count[u, :] = sum(lv > 0 for lv in levels)
        for size, needs in POIGNEE_TRUMPS.items():
            trumps[u, size] = sum((0, *needs)[lv] for lv in levels)
    # one flat index into both tables (a blank's code -1 wraps to the last row)
    at = np.where(codes[rows] < 0, len(uniques), codes[rows]) * 6
    at += np.clip(players[rows], 0, 5)
    return count.ravel().take(at), trumps.ravel().take(at)


def _codes(values: pd.Series) -> tuple[np.ndarray, pd.Index]:
    """A column's codes (-1: blank) and the values they stand for."""
    if isinstance(values.dtype, pd.CategoricalDtype):  # a checked log's
        return values.array.codes, values.cat.categories
    codes, uniques = pd.factorize(values)
    return codes, pd.Index(uniques)


def _shown_some(deals: pd.DataFrame, column: str) -> np.ndarray:
    """(N,) bool: the deals whose ``column`` shows a poignée (not none nor blank),
    by comparing codes: most deals show none."""
    codes, uniques = _codes(deals[column])
    some = np.zeros(len(codes), dtype=bool)
    for c, value in enumerate(uniques):
        if any(t in POIGNEES[1:] for t in str(value).split("+")):
            some |= codes == c
    return some


def check_poignees(deals: pd.DataFrame, problems: Problems, rules: Rules) -> None:
    """The poignées of a deal fit the pack's trumps and the camps' players. Only
    the deals that show one are looked at."""
    rows = np.flatnonzero(
        _shown_some(deals, "poignee_attack") | _shown_some(deals, "poignee_defence")
    )
    if not len(rows):
        return
    n = _active(deals, problems)
    att_count, att_trumps = poignee_counts(deals, "poignee_attack", n, rows)
    dfn_count, dfn_trumps = poignee_counts(deals, "poignee_defence", n, rows)
    total = att_trumps + dfn_trumps
    over = total > PACK_TRUMPS
    if over.any():
        shown = [
            f"{a} / {d}"
            for a, d in zip(
                deals["poignee_attack"].to_numpy()[rows[over]],
                deals["poignee_defence"].to_numpy()[rows[over]],
                strict=True,
            )
        ]
        problems.add(
            _at_rows(len(deals), rows[over]),
            "poignee_defence",
            "too_many_trumps",
            "poignées {value} need {trumps} trumps together, more than the "
            f"{PACK_TRUMPS} in the pack",
            trumps=_spread_at(len(deals), rows[over], total[over]),
            value=_spread_at(len(deals), rows[over], shown),
        )
    partner = (
        deals["partner"].notna().to_numpy()[rows]
        & ~same_name(deals["partner"], deals["taker"])[rows]
    )
    attack_size = 1 + partner.astype(np.int64)
    for count, size, col in (
        (att_count, attack_size, "poignee_attack"),
        (dfn_count, n[rows] - attack_size, "poignee_defence"),
    ):
        many = count > size
        if many.any():
            problems.add(
                _at_rows(len(deals), rows[many]),
                col,
                "too_many_poignees",
                "{value} is {count} poignées, more than the {size} players of the camp",
                count=_spread_at(len(deals), rows[many], count[many]),
                size=_spread_at(len(deals), rows[many], size[many]),
            )


def _at_rows(n: int, rows: np.ndarray) -> np.ndarray:
    """(n,) bool, true at ``rows``."""
    mask = np.zeros(n, dtype=bool)
    mask[rows] = True
    return mask


def _spread_at(n: int, rows: np.ndarray, values) -> np.ndarray:
    """(n,) object: ``values`` at ``rows`` (for a message's parameters)."""
    out = np.full(n, None, dtype=object)
    out[rows] = values
    return out


SCHEMA = Schema(
    game="tarot",
    fields=FIELDS,
    checks=(check_players, check_contract, check_points, check_poignees),
)
