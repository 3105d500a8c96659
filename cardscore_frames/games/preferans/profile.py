"""Preferans season figures per player, from the scored deals: contracts by
level, misère, whisting, whists won and paid, the mountain, all-pass deals.

The game's ``profile`` hook (``csf.season.profile`` dispatches here).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.checking.seats import seated, seats_taken
from cardscore_frames.contract import ensure_scored
from cardscore_frames.games.preferans.arithmetic.arrays import DERIVED_COLUMNS
from cardscore_frames.games.preferans.ledger import to_ledger
from cardscore_frames.games.preferans.schema import PLAYERS
from cardscore_frames.games.preferans.scoring import score

__all__ = ["profile"]

#: Outcomes where the declarer's contract counts as made: played and made, and
#: the deals not played because nobody whisted (both pass, half-whist), which
#: write the contract in his pool (docs/games/preferans.md "One deal").
_MADE = ("made", "both_pass", "half_whist", "misere_made")


def profile(scored: pd.DataFrame, *, by: Sequence[str] = ()) -> dict[str, pd.DataFrame]:
    """Each player's preferans figures, per ``by`` group.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`cardscore_frames.preferans.score` returned (a changed frame
        is scored again first).
    by : sequence of str
        Metadata columns to split by; default: the whole log.

    Returns
    -------
    dict of str to DataFrame
        ``"player"``: per ``by`` and player: ``games`` (pulkas), ``deals``,
        ``declared``, ``made``, ``made_rate``, ``misere_declared``,
        ``misere_made``, ``whisted`` (deals he whisted, half-whists
        included), ``whists_won`` (whists he wrote on others), ``whists_paid``
        (whists written on him), ``pool``, ``mountain`` (points written),
        ``mountain_per_game``, ``all_pass_deals``, ``all_pass_mountain``
        (mountain points taken in all-pass deals: the all-pass losses),
        ``all_pass_clean`` (all-pass deals he took no trick in), ``score``
        (whists, the exact settlement).

        ``"contracts"``: per ``by``, player and level he declared (6 .. 10,
        misere): ``declared``, ``made``, ``made_rate``, ``undertricks``
        (tricks short, summed), ``mean_score`` (his whists per contract).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.preferans.profile import profile
    >>> prof = profile(csf.preferans.score(csf.load_example("preferans")))
    >>> prof["contracts"].columns.tolist()
    ['player', 'level', 'declared', 'made', 'made_rate', 'undertricks', 'mean_score']
    """
    scored, _ = ensure_scored(scored, "preferans", score, DERIVED_COLUMNS)
    rows = _long(scored, by)
    by = list(by)
    return {"player": _player(rows, by), "contracts": _contracts(rows, by)}


def _long(scored: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """One row per deal and seated player (``to_ledger`` writes deal by deal,
    then seat by seat), with the deal's columns beside it."""
    ledger = to_ledger(scored)
    deal_row = np.repeat(np.arange(len(scored)), seats_taken(seated(scored, PLAYERS)))
    outcome = scored["outcome"].astype(str).to_numpy()[deal_row]
    contract = scored["contract"].astype(str).to_numpy()[deal_row]
    cols = [
        *by,
        "game_key",
        "player",
        "role",
        "score",
        "pool",
        "mountain",
        "whists_written",
        "whists_received",
    ]
    out = ledger[cols].copy()
    out["declares"] = (ledger["role"] == "declarer").to_numpy()
    out["level"] = np.char.rstrip(contract.astype(str), "shdcnt")  # 7nt -> 7
    out["made"] = np.isin(outcome, _MADE)
    out["misere"] = contract == "misere"
    out["undertricks"] = scored["undertricks"].to_numpy()[deal_row]
    out["all_pass"] = (ledger["role"] == "all_pass").to_numpy()
    return out


def _player(rows: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    d, made = rows["declares"].to_numpy(), rows["made"].to_numpy()
    misere, passing = rows["misere"].to_numpy(), rows["all_pass"].to_numpy()
    role = rows["role"].astype(str).to_numpy()
    mountain = rows["mountain"].to_numpy()
    work = pd.DataFrame(
        {
            "deals": np.ones(len(rows), dtype=np.int64),
            "declared": d & ~misere,
            "made": d & ~misere & made,
            "misere_declared": d & misere,
            "misere_made": d & misere & made,
            "whisted": np.isin(role, ("whister", "half_whister")),
            "whists_won": rows["whists_written"].to_numpy(),
            "whists_paid": rows["whists_received"].to_numpy(),
            "pool": rows["pool"].to_numpy(),
            "mountain": mountain,
            "all_pass_deals": passing,
            "all_pass_mountain": np.where(passing, mountain, 0.0),
            "all_pass_clean": passing & (rows["pool"].to_numpy() > 0),
            "score": rows["score"].to_numpy(),
        },
        index=rows.index,
    )
    keys = [rows[c] for c in [*by, "player"]]
    out = work.groupby(keys, observed=True, dropna=False).sum()
    for c in ("declared", "made", "misere_declared", "misere_made", "whisted"):
        out[c] = out[c].astype(np.int64)
    for c in ("all_pass_deals", "all_pass_clean"):
        out[c] = out[c].astype(np.int64)
    games = rows.groupby([*by, "player"], observed=True, dropna=False)["game_key"]
    out.insert(0, "games", games.nunique())
    out.insert(4, "made_rate", out["made"] / out["declared"].where(out["declared"] > 0))
    out.insert(12, "mountain_per_game", out["mountain"] / out["games"])
    return out.reset_index()


def _contracts(rows: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    declared = rows[rows["declares"].to_numpy()]
    grouped = declared.groupby([*by, "player", "level"], observed=True, dropna=False)
    out = grouped.agg(
        declared=("made", "size"),
        made=("made", "sum"),
        undertricks=("undertricks", "sum"),
        mean_score=("score", "mean"),
    )
    out.insert(2, "made_rate", out["made"] / out["declared"])
    out["made"] = out["made"].astype(np.int64)
    out = out.reset_index()
    order = {str(k): k for k in range(6, 11)} | {"misere": 11}
    rank = out["level"].map(order).fillna(99).to_numpy()
    keys = [out[c].astype(str).to_numpy() for c in [*by, "player"]]
    return out.iloc[np.lexsort((rank, *keys[::-1]))].reset_index(drop=True)
