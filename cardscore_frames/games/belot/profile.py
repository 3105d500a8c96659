"""Belot season figures per player and per partnership, from the scored deals:
contracts declared and made, capo, contra and recontra, БТ (Байт) marks.

The game's ``profile`` hook (``csf.season.profile`` dispatches here).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.checking.seats import seated, seats_taken
from cardscore_frames.contract import ensure_scored
from cardscore_frames.games.belot.ledger import to_ledger
from cardscore_frames.games.belot.schema import PLAYERS, pair_key
from cardscore_frames.games.belot.scoring import SCORE_COLUMNS, score

__all__ = ["profile"]

_SIDES = ("declarer", "defender")


def profile(scored: pd.DataFrame, *, by: Sequence[str] = ()) -> dict[str, pd.DataFrame]:
    """Each player's and each partnership's belot figures, per ``by`` group.

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`cardscore_frames.belot.score` returned (a changed frame is
        scored again first).
    by : sequence of str
        Metadata columns to split by; default: the whole log.

    Returns
    -------
    dict of str to DataFrame
        ``"declarer"``: per ``by`` and player: ``deals``, ``declared`` (deals
        his pair declared), ``made``, ``made_rate``, ``capo_declared``,
        ``capo_made``, then for contra and recontra, as declarer
        (``contra_declared``, ``contra_made``) and as defender
        (``contra_defended``, ``contra_beaten``: the declarers failed), the
        same for ``recontra_*``; ``bait_taken`` (БТ marked on his pair),
        ``bait_given`` (marked on the opponents).

        ``"contracts"``: per ``by``, player and contract his pair declared:
        ``declared``, ``made``, ``made_rate``, ``mean_bid`` (points),
        ``mean_points`` (his pair's points on the deal).

        ``"partnerships"``: per ``by`` and pair (``"A & B"``): ``matches``,
        ``wins``, ``deals``, ``declared``, ``made``, ``made_rate``,
        ``bait_taken``, ``bait_given``, ``points_for``, ``points_against``
        (points over all their deals).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.belot.profile import profile
    >>> prof = profile(csf.belot.score(csf.load_example("belot")))
    >>> prof["partnerships"][["pair", "matches", "wins", "made_rate"]].head(2).round(3)
                 pair  matches  wins  made_rate
    0      Ani & Aram        7     5      0.711
    1  Anush & Tigran        8     4      0.673
    """
    scored, _ = ensure_scored(scored, "belot", score, SCORE_COLUMNS)
    rows = _long(scored, by)
    by = list(by)
    return {
        "declarer": _declarer(rows, by),
        "contracts": _contracts(rows, by),
        "partnerships": _partnerships(rows, by),
    }


def _long(scored: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """One row per deal and player (``to_ledger`` writes deal by deal, seats
    a1, a2, b1, b2), with the deal's columns beside it."""
    ledger = to_ledger(scored)
    deal_row = np.repeat(np.arange(len(scored)), seats_taken(seated(scored, PLAYERS)))
    declares = (ledger["role"] == "declarer").to_numpy()
    made = scored["made"].to_numpy(dtype=bool)[deal_row]
    side = ledger["pair"].astype(str).to_numpy()
    bait = scored["bait"].astype(str).to_numpy()[deal_row]
    cols = [*by, "player", "seat", "game_key", "score", "opponent_score"]
    out = ledger[cols].copy()
    out["declares"], out["made"] = declares, made
    out["contract"] = scored["contract"].to_numpy()[deal_row]
    out["bid"] = scored["bid"].to_numpy(dtype=float, na_value=np.nan)[deal_row]
    out["capo"] = scored["capo"].to_numpy(dtype=bool, na_value=False)[deal_row]
    out["doubling"] = scored["doubling"].astype(str).to_numpy()[deal_row]
    out["bait_taken"] = bait == side
    out["bait_given"] = (bait != "none") & (bait != side)
    out["match_won"] = ledger["match_won"].to_numpy(dtype=float, na_value=np.nan)
    names = {s: pair_key(scored, f"{s}1", f"{s}2") for s in ("a", "b")}
    pair_name = np.where(side == "a", names["a"].to_numpy()[deal_row], "")
    out["pair"] = np.where(side == "b", names["b"].to_numpy()[deal_row], pair_name)
    return out


def _declarer(rows: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    d, made = rows["declares"].to_numpy(), rows["made"].to_numpy()
    flags = {
        "deals": np.ones(len(rows), dtype=bool),
        "declared": d,
        "made": d & made,
        "capo_declared": d & rows["capo"].to_numpy(),
        "capo_made": d & rows["capo"].to_numpy() & made,
    }
    for doubling in ("contra", "recontra"):
        doubled = rows["doubling"].to_numpy() == doubling
        flags[f"{doubling}_declared"] = d & doubled
        flags[f"{doubling}_made"] = d & doubled & made
        flags[f"{doubling}_defended"] = ~d & doubled
        flags[f"{doubling}_beaten"] = ~d & doubled & ~made
    flags["bait_taken"] = rows["bait_taken"].to_numpy()
    flags["bait_given"] = rows["bait_given"].to_numpy()
    keys = [rows[c] for c in [*by, "player"]]
    out = pd.DataFrame(flags, index=rows.index).astype(np.int64)
    out = out.groupby(keys, observed=True, dropna=False).sum()
    out.insert(3, "made_rate", out["made"] / out["declared"].where(out["declared"] > 0))
    return out.reset_index()


def _contracts(rows: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    declared = rows[rows["declares"].to_numpy()]
    grouped = declared.groupby([*by, "player", "contract"], observed=True, dropna=False)
    out = grouped.agg(
        declared=("made", "size"),
        made=("made", "sum"),
        mean_bid=("bid", "mean"),
        mean_points=("score", "mean"),
    )
    out.insert(2, "made_rate", out["made"] / out["declared"])
    out["made"] = out["made"].astype(np.int64)
    return out.reset_index()


def _partnerships(rows: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Per pair of names, from the rows of each pair's first seat (a1, b1)."""
    one = rows[np.isin(rows["seat"].to_numpy(), (1, 3))]
    d, made = one["declares"].to_numpy(), one["made"].to_numpy()
    work = pd.DataFrame(
        {
            "deals": np.ones(len(one), dtype=np.int64),
            "declared": d.astype(np.int64),
            "made": (d & made).astype(np.int64),
            "bait_taken": one["bait_taken"].to_numpy(dtype=np.int64),
            "bait_given": one["bait_given"].to_numpy(dtype=np.int64),
            "points_for": one["score"].to_numpy(),
            "points_against": one["opponent_score"].to_numpy(),
        },
        index=one.index,
    )
    keys = [*by, "pair"]
    grouped = one.groupby(keys, observed=True, dropna=False)
    out = work.groupby([one[c] for c in keys], observed=True, dropna=False).sum()
    out.insert(0, "matches", grouped["game_key"].nunique())
    wins = grouped["match_won"].sum().reindex(out.index, fill_value=0)
    out.insert(1, "wins", wins.astype(np.int64))
    rate = out["made"] / out["declared"].where(out["declared"] > 0)
    out.insert(5, "made_rate", rate)
    return out.reset_index()
