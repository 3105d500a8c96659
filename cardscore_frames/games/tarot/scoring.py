"""Scoring French tarot deals, all at once, and the ledger of what each player won."""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardscore_frames import ledger as _ledger
from cardscore_frames.games.tarot.rules import (
    CHELEM_PRIME,
    MULTIPLIER,
    NEEDED,
    PETIT_AU_BOUT,
    Rules,
)
from cardscore_frames.games.tarot.schema import (
    PLAYERS,
    SCHEMA,
    active_players,
    poignee_table,
    seat_names,
)
from cardscore_frames.validate import check_log

__all__ = ["score", "to_ledger", "SCORE_COLUMNS"]

#: Columns that ``score`` adds, in order.
SCORE_COLUMNS = (
    "players",
    "alone",
    "needed",
    "margin",
    "made",
    "multiplier",
    "petit_au_bout_points",
    "poignee_points",
    "chelem_points",
    "deal_value",
    "taker_score",
)


def _margin(card_points: np.ndarray, needed: np.ndarray, rules: Rules) -> np.ndarray:
    """Rule 3: the half point goes to the winning camp (ceil when made, floor when not)."""
    if not rules.half_points:
        card_points = np.floor(card_points)
    raw = card_points - needed
    margin = np.where(raw >= 0, np.ceil(raw), np.floor(raw))
    step = rules.margin_round_to
    if step > 1:  # nearest multiple, ties toward the winner (away from zero)
        margin = np.sign(margin) * np.floor(np.abs(margin) / step + 0.5) * step
    return margin


def _poignee_points(deals: pd.DataFrame, players: np.ndarray, rules: Rules) -> np.ndarray:
    """Rule 7: every poignée shown, by either camp, as unsigned primes."""
    primes = np.array((0, *rules.poignee_values))
    total = np.zeros(len(deals), dtype=np.int64)
    for column in ("poignee_attack", "poignee_defence"):
        tokens = deals[column].fillna("none").str.split("+").explode()
        level = tokens.map({"none": 0, "simple": 1, "double": 2, "triple": 3})
        prime = pd.Series(primes[level.to_numpy(dtype=int)], index=tokens.index)
        total += prime.groupby(level=0, sort=False).sum().reindex(deals.index).to_numpy()
    return total


def score(
    deals: pd.DataFrame, *, rules: Rules | None = None, validate: bool = True
) -> pd.DataFrame:
    """Score every tarot deal (shared/rules/tarot.md), vectorised.

    Parameters
    ----------
    deals : pandas.DataFrame
        A tarot log, as :func:`cardscore_frames.read_log` returns it.
    rules : Rules, optional
        Defaults to the FFT rules, ``Rules()``.
    validate : bool
        Check the log first (every problem raises at once). Pass ``False`` only
        for a frame that ``read_log``/``validate`` already checked with these rules.

    Returns
    -------
    pandas.DataFrame
        The deals with every original column, plus:

        - ``players`` (int): players in the deal (a player sitting out excluded).
        - ``alone`` (boolean): at 5 players, the taker played without a partner.
        - ``needed`` (Int64, card points): 56/51/41/36 by oudlers; NA when passed.
        - ``margin`` (Int64, points): signed, half point to the winner; NA when passed.
        - ``made`` (boolean): the contract was made; NA when passed.
        - ``multiplier`` (int): 1, 2, 4, 6 by contract; 0 when passed.
        - ``petit_au_bout_points``, ``poignee_points``, ``chelem_points`` (int,
          points): the parts of the deal value, signed from the attack's side
          (petit au bout before the multiplier).
        - ``deal_value`` (int, points): S, what each defender pays (negative:
          receives); 0 for a passed deal.
        - ``taker_score`` (int, points): the taker's score for the deal.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    >>> scored = csf.tarot.score(deals, validate=False)
    >>> int(scored["deal_value"].abs().max()) > 0
    True
    """
    rules = rules or Rules()
    if validate:
        deals = check_log(deals, SCHEMA, rules=rules)
    played = (deals["contract"] != "pass").to_numpy()
    n = active_players(deals)
    oudlers = deals["oudlers"].fillna(0).to_numpy(dtype=int)
    needed = NEEDED[oudlers]
    margin = _margin(deals["card_points"].to_numpy(dtype=float, na_value=0.0), needed, rules)
    made = margin >= 0
    mult = deals["contract"].map(MULTIPLIER).to_numpy(dtype=np.int64)
    pab = deals["petit_au_bout"].map(PETIT_AU_BOUT).to_numpy(dtype=np.int64)
    base = np.where(made, 25 + np.abs(margin), -25 - np.abs(margin)).astype(np.int64)
    poignee = _poignee_points(deals, n, rules) * np.where(made, 1, -1)
    chelem = deals["chelem"].map(CHELEM_PRIME).to_numpy(dtype=np.int64)
    value = np.where(played, (base + pab) * mult + poignee + chelem, 0)
    alone = _alone(deals, n)
    out = deals.copy()
    out["players"] = n
    out["alone"] = pd.array(alone, dtype="boolean")
    out["alone"] = out["alone"].mask((n != 5) | ~played)
    out["needed"] = pd.array(np.where(played, needed, 0), dtype="Int64")
    out["margin"] = pd.array(margin.astype(np.int64), dtype="Int64")
    out["made"] = pd.array(made, dtype="boolean")
    for col in ("needed", "margin", "made"):
        out[col] = out[col].mask(~played)
    out["multiplier"] = mult
    out["petit_au_bout_points"] = np.where(played, pab, 0)
    out["poignee_points"] = np.where(played, poignee, 0)
    out["chelem_points"] = np.where(played, chelem, 0)
    out["deal_value"] = value.astype(np.int64)
    out["taker_score"] = _taker_score(out)
    return out


def _alone(deals: pd.DataFrame, n: np.ndarray) -> np.ndarray:
    partner = deals["partner"].to_numpy(dtype=object, na_value=None)
    taker = deals["taker"].to_numpy(dtype=object, na_value=None)
    return (partner == None) | (partner == taker)  # noqa: E711


def _taker_score(scored: pd.DataFrame) -> np.ndarray:
    scores, roles = _seat_scores(scored)
    return np.where(roles == "taker", scores, 0).sum(axis=1)


def _seat_scores(scored: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Per deal and seat (player1..player5): the score and the role.

    Defenders pay S each; a partner receives S; the taker receives the rest, so
    that every deal sums to zero (taker 2S at 3, 3S at 4, 2S with a partner or 4S
    alone at 5); a player sitting out scores 0.
    """
    names = seat_names(scored)
    value = scored["deal_value"].to_numpy(dtype=np.int64)[:, None]
    taker = scored["taker"].to_numpy(dtype=object, na_value=None)[:, None]
    partner = scored["partner"].to_numpy(dtype=object, na_value=None)[:, None]
    out = scored["sits_out"].to_numpy(dtype=object, na_value=None)[:, None]
    seated = names != None  # noqa: E711
    is_taker = seated & (names == taker)
    is_partner = seated & (names == partner) & ~is_taker
    is_out = seated & (names == out)
    is_def = seated & ~is_taker & ~is_partner & ~is_out
    n_def = is_def.sum(axis=1, keepdims=True)
    has_partner = is_partner.any(axis=1, keepdims=True)
    scores = np.select(
        [is_taker, is_partner, is_def],
        [(n_def - has_partner) * value, value, -value],
        0,
    )
    passed = (scored["contract"] == "pass").to_numpy()[:, None]
    roles = np.select(
        [~seated, passed & ~is_out, is_taker, is_partner, is_out],
        [None, "passed", "taker", "partner", "sitting_out"],
        "defender",
    ).astype(object)
    return scores.astype(np.int64), roles


def to_ledger(scored: pd.DataFrame, *, rules: Rules | None = None) -> pd.DataFrame:
    """One row per (game_id, deal, player): what each player scored on each deal.

    Returns
    -------
    pandas.DataFrame
        ``game_id``, ``deal``, ``player``, ``seat`` (1-5, the log's player column),
        ``role`` (taker, partner, defender, sitting_out, passed), ``score``
        (tarot points; every deal sums to 0) and the log's metadata columns
        (league, season, date, table). With ``Rules(misere=True)`` a misère's
        points are in ``score`` and also in ``misere_points``.
        ``attrs``: ``game="tarot"``, ``unit="points"``, ``zero_sum=True``.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> deals = csf.read_log("sample_data/tarot_season.csv", game="tarot")
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(deals, validate=False))
    >>> int(ledger.groupby(["game_id", "deal"])["score"].sum().abs().max())
    0
    """
    rules = rules or Rules()
    scores, roles = _seat_scores(scored)
    extra = {}
    if rules.misere and "misere" in scored:
        misere = _misere_scores(scored, rules)
        scores = scores + misere
        extra["misere_points"] = misere
    return _ledger.from_wide(
        scored, PLAYERS, scores, game="tarot", unit="points", zero_sum=True,
        roles=roles, extra=extra,
    )


def _misere_scores(scored: pd.DataFrame, rules: Rules) -> np.ndarray:
    """House rule: each misère declarer receives ``misere_value`` from every other player."""
    names = seat_names(scored)
    playing = (names != None) & (  # noqa: E711
        names != scored["sits_out"].to_numpy(dtype=object, na_value=None)[:, None]
    )
    split = scored["misere"].fillna("").str.split("+", expand=True)
    declared = np.zeros(names.shape, dtype=bool)
    for col in split.columns:
        who = split[col].str.strip().to_numpy(dtype=object, na_value=None)[:, None]
        declared |= playing & (names == who)
    k = declared.sum(axis=1, keepdims=True)
    n = playing.sum(axis=1, keepdims=True)
    v = rules.misere_value
    return np.where(playing, np.where(declared, v * (n - 1), 0) - v * (k - declared), 0)


def report(deals: pd.DataFrame, *, rules: Rules | None = None) -> dict[str, pd.DataFrame]:
    """The tables ``cardscore score --game tarot`` prints: player totals, then games.

    Returns
    -------
    dict of str to DataFrame
        ``"Player totals"``: :func:`cardscore_frames.totals` of the ledger (points,
        deals seated, games); ``"Games"``: per game_id, the deals logged and passed,
        and the best and worst player of the game with their points.
    """
    scored = score(deals, rules=rules, validate=False)
    ledger = to_ledger(scored, rules=rules)
    per_game = ledger.groupby(["game_id", "player"], observed=True)["score"].sum()
    ranked = per_game.sort_values(ascending=False, kind="stable")
    first = ranked.groupby(level="game_id", sort=True).head(1).reset_index(level="player")
    last = ranked.groupby(level="game_id", sort=True).tail(1).reset_index(level="player")
    games = (
        scored.assign(passed=(scored["contract"] == "pass").to_numpy())
        .groupby("game_id", sort=True)
        .agg(deals=("deal", "size"), passed=("passed", "sum"))
    )
    games["top"] = first["player"] + " " + first["score"].map("{:+d}".format)
    games["bottom"] = last["player"] + " " + last["score"].map("{:+d}".format)
    return {"Player totals": _ledger.totals(ledger), "Games": games}
