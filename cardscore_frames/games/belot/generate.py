"""Random, valid belot logs for tests, benchmarks and the bundled sample season.

Deals are drawn all at once with numpy (seeded), then every match is cut after
the deal that decided it under the given rules, so the log passes validation.
The draws are plausible rather than dealt from a shuffled pack: the declarers
usually take most tricks, bid near what they hold and make about three contracts
in four; capo, contra, recontra, no-trump, trickless and all-trick deals all occur.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.games.belot.arithmetic import score_arrays
from cardscore_frames.games.belot.rules import (
    CAPO_BASE_COST,
    CONTRACTS,
    DECK_WHISTS,
    DOUBLINGS,
    NO_TRUMP,
    PAIRS,
    TRICKS,
    Rules,
)

__all__ = ["random_deals", "NAMES"]

#: Default player names (paired in order: Aram & Ani, Davit & Gayane, ...).
NAMES = (
    "Aram",
    "Ani",
    "Davit",
    "Gayane",
    "Hayk",
    "Lilit",
    "Karen",
    "Mane",
    "Narek",
    "Sona",
    "Tigran",
    "Anush",
    "Vardan",
    "Nune",
    "Levon",
    "Marine",
)
_CONTRACT_P = (0.22, 0.22, 0.22, 0.22, 0.12)
_DOUBLING_P = (0.85, 0.12, 0.03)
_DECLARATIONS = np.array([0, 20, 40, 50, 70, 100, 120, 150, 200])
_DECLARER_DECL_P = (0.42, 0.25, 0.05, 0.12, 0.05, 0.06, 0.02, 0.02, 0.01)
_DEFENDER_DECL_P = (0.60, 0.18, 0.03, 0.10, 0.03, 0.04, 0.01, 0.005, 0.005)
_CAPO_BID_P = np.array([0.3, 0.15, 0.15, 0.1, 0.08, 0.07, 0.05, 0.04, 0.03, 0.02, 0.01])


def random_deals(
    n: int,
    *,
    seed: int | None = 0,
    rules: Rules | None = None,
    pairs: Sequence[tuple[str, str]] | None = None,
    match_slots: int = 40,
    metadata: bool = True,
    start_date: str = "2025-09-06",
) -> pd.DataFrame:
    """``n`` deals of complete or (the last one) unfinished matches, as a raw log.

    Parameters
    ----------
    n : int
        Deals to return.
    seed : int, optional
        The random seed; the same seed gives the same log.
    rules : Rules, optional
        The rules under which no match runs past its deciding deal.
    pairs : sequence of (str, str), optional
        The fixed pairs of the league; each match draws two of them. Defaults to
        consecutive couples of :data:`NAMES`.
    match_slots : int
        Deals drawn per match before it is cut at its deciding deal (a match
        that is still undecided after them stays unfinished).
    metadata : bool
        Add ``league``, ``season``, ``date`` and ``table``: a weekly club night
        with three tables (matches 1-3 on the first night, 4-6 a week later...).

    Returns
    -------
    pandas.DataFrame
        The columns of the belot log (see ``SCHEMA``): ``bid`` and ``capo_bid`` are
        ``Int64`` with blanks where the rules file leaves them empty, the other
        numbers ``int64``, ``capo`` bool, names and choices (``bela`` a/b/none)
        categorical.

    Examples
    --------
    >>> from cardscore_frames.games.belot.generate import random_deals
    >>> len(random_deals(500, seed=1))
    500
    """
    rules = rules or Rules()
    pairs = (
        list(pairs)
        if pairs is not None
        else list(zip(NAMES[::2], NAMES[1::2], strict=True))
    )
    rng = np.random.default_rng(seed)
    parts, have, first_game = [], 0, 1
    while have < n:
        n_matches = max(1, int(np.ceil((n - have) * 1.3 / 20)))
        part = _matches(rng, rules, pairs, n_matches, match_slots, first_game)
        parts.append(part)
        have += len(part)
        first_game += n_matches
    deals = pd.concat(parts, ignore_index=True).iloc[:n].reset_index(drop=True)
    if metadata:
        night = (deals["game_id"].to_numpy() - 1) // 3
        nights = pd.Timestamp(start_date) + pd.to_timedelta(
            np.arange(night.max(initial=0) + 1) * 7, unit="D"
        )
        year = pd.Timestamp(start_date).year
        deals["league"] = "Yerevan Bazar-Belot Club"
        deals["season"] = f"{year}-{year + 1}"
        deals["date"] = pd.Categorical.from_codes(night, nights.strftime("%Y-%m-%d"))
        deals["table"] = (deals["game_id"].to_numpy() - 1) % 3 + 1
    return deals


def _matches(rng, rules, pairs, n_matches, slots, first_game) -> pd.DataFrame:
    """``n_matches`` matches of ``slots`` deals each, cut after the deciding deal."""
    m = n_matches * slots
    names = sorted({p for pair in pairs for p in pair})
    pair_codes = np.array([[names.index(p) for p in pair] for pair in pairs])
    two = rng.random((n_matches, len(pairs))).argsort(axis=1)[:, :2]
    seats = np.concatenate([pair_codes[two[:, 0]], pair_codes[two[:, 1]]], axis=1)
    seats = np.repeat(seats, slots, axis=0)
    deals = pd.DataFrame(
        {
            "game_id": np.repeat(np.arange(first_game, first_game + n_matches), slots),
            "deal": np.tile(np.arange(1, slots + 1), n_matches),
            **{
                c: pd.Categorical.from_codes(seats[:, i], names)
                for i, c in enumerate(("a1", "a2", "b1", "b2"))
            },
            **_deal_columns(rng, m, rules),
        }
    )
    return deals.loc[~score_arrays(deals, rules)[2].after]


def _deal_columns(rng, m: int, rules: Rules) -> dict[str, object]:
    contract = rng.choice(len(CONTRACTS), m, p=_CONTRACT_P)
    capo = rng.random(m) < 0.03
    tricks = np.where(
        capo,
        np.where(rng.random(m) < 0.75, TRICKS, rng.integers(5, TRICKS, m)),
        # one ordinary deal in ten is a bad hand, so trickless deals occur too
        rng.binomial(TRICKS, np.where(rng.random(m) < 0.1, 0.3, 0.7)),
    )
    share = tricks / TRICKS * DECK_WHISTS + rng.normal(0, 14, m)
    vtp = np.clip(np.rint(share), 0, DECK_WHISTS).astype(np.int64)
    vtp = np.where(tricks == 0, 0, np.where(tricks == TRICKS, DECK_WHISTS, vtp))
    vcp = _DECLARATIONS[rng.choice(len(_DECLARATIONS), m, p=_DECLARER_DECL_P)]
    vcv = _DECLARATIONS[rng.choice(len(_DECLARATIONS), m, p=_DEFENDER_DECL_P)]
    hoped = (vtp + vcp) / 10 + rng.normal(-1.0, 1.8, m)
    bid = np.maximum(np.rint(hoped), rules.min_bid).astype(np.int64)
    k = rng.choice(len(_CAPO_BID_P), m, p=_CAPO_BID_P / _CAPO_BID_P.sum())
    if rules.capo_scoring == "bid":  # capo_bid holds the capo's level, 25 + K
        k = k + CAPO_BASE_COST
    declarer = (rng.random(m) >= 0.5).astype(np.int8)  # codes into PAIRS: 0 a, 1 b
    suit = contract != CONTRACTS.index(NO_TRUMP)
    bela = np.where(  # codes into BELA: 0 none, 1 a, 2 b
        suit & (vcp >= 20) & (rng.random(m) < 0.35),
        1 + declarer,
        np.where(suit & (vcv >= 20) & (rng.random(m) < 0.35), 2 - declarer, 0),
    )
    return {
        "declarer": pd.Categorical.from_codes(declarer, PAIRS),
        "contract": pd.Categorical.from_codes(contract, CONTRACTS),
        # a capo deal leaves bid blank; an ordinary one leaves capo_bid blank
        "bid": pd.arrays.IntegerArray(bid, capo.copy()),
        "capo": capo,
        "capo_bid": pd.arrays.IntegerArray(k.astype(np.int64), ~capo),
        "doubling": pd.Categorical.from_codes(
            rng.choice(3, m, p=_DOUBLING_P), DOUBLINGS
        ),
        "declarer_tricks": tricks.astype(np.int64),
        "declarer_card_points": vtp,
        "declarer_declarations": vcp,
        "defender_declarations": vcv,
        "bela": pd.Categorical.from_codes(bela, ("none", *PAIRS)),
    }
