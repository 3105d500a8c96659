"""Tarot season figures per player, from the scored deals: as taker (per
contract), as called partner, as defender, and the bonuses of his camp.

The game's ``profile`` hook (``csf.season.profile`` dispatches here).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames.checking.seats import seats_taken
from cardscore_frames.contract import ensure_scored
from cardscore_frames.games.tarot.ledger import to_ledger
from cardscore_frames.games.tarot.scoring import SCORE_COLUMNS, score
from cardscore_frames.games.tarot.seats import seated

__all__ = ["profile"]

#: Chelem outcomes by the camp that made or failed them (docs/games/tarot.md
#: rule 8).
_ATTACK_MADE = ("announced_made", "unannounced_made", "petit_announced_made")
_ATTACK_FAILED = ("announced_failed", "petit_announced_failed")
_DEFENCE_MADE = ("defence", "announced_defence")


def profile(scored: pd.DataFrame, *, by: Sequence[str] = ()) -> dict[str, pd.DataFrame]:
    """Each player's tarot figures, per ``by`` group (e.g. ``["season"]``).

    Parameters
    ----------
    scored : pandas.DataFrame
        What :func:`cardscore_frames.tarot.score` returned (a changed frame is
        scored again first).
    by : sequence of str
        Metadata columns to split by; default: the whole log.

    Returns
    -------
    dict of str to DataFrame
        ``"roles"``: per ``by``, player and role (taker, partner, defender,
        sitting_out, passed): ``deals``, ``won`` (deals his camp won; blank
        for sitting out and passed deals), ``win_rate``, ``score`` (points),
        ``mean_score`` (points per deal).

        ``"contracts"``: per ``by``, player and contract he took: ``takes``,
        ``made``, ``success_rate``, ``mean_margin`` (card points over or under
        what was needed, signed), ``mean_score`` (his points per take),
        ``alone`` (5-player takes without a partner).

        ``"bonuses"``: per ``by`` and player, counted on the deals he played
        (sitting out excluded), for his camp and against it:
        ``petit_au_bout_for`` / ``_against``, ``poignees_for`` / ``_against``
        (deals with a poignée shown), ``chelems_made`` (by his camp),
        ``chelems_failed`` (announced by his attack, not made),
        ``chelems_conceded`` (made by the other camp).

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> from cardscore_frames.games.tarot.profile import profile
    >>> prof = profile(csf.tarot.score(csf.load_example("tarot")))
    >>> sorted(prof)
    ['bonuses', 'contracts', 'roles']
    """
    scored, _ = ensure_scored(scored, "tarot", score, SCORE_COLUMNS)
    rows = _long(scored, by)
    return {
        "roles": _roles(rows, list(by)),
        "contracts": _contracts(rows, list(by)),
        "bonuses": _bonuses(rows, list(by)),
    }


def _long(scored: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """The ledger (one row per deal and seated player) with the deal's own
    columns beside each row: ``to_ledger`` writes rows in deal order, then
    seat order."""
    ledger = to_ledger(scored)
    deal_row = np.repeat(np.arange(len(scored)), seats_taken(seated(scored)))
    attack = ledger["role"].isin(["taker", "partner"]).to_numpy()
    defence = (ledger["role"] == "defender").to_numpy()
    made = scored["made"].to_numpy(dtype=float, na_value=np.nan)[deal_row]
    chelem = scored["chelem"].astype(str).to_numpy()[deal_row]
    pab = scored["petit_au_bout"].astype(str).to_numpy()[deal_row]
    out = ledger[[*by, "player", "role", "score"]].copy()
    out["contract"] = scored["contract"].to_numpy()[deal_row]
    out["made"] = made
    out["margin"] = scored["margin"].to_numpy(dtype=float, na_value=np.nan)[deal_row]
    out["alone"] = (
        scored["alone"].to_numpy(dtype=bool, na_value=False)
        & (scored["players"].to_numpy() == 5)
    )[deal_row]
    out["won"] = np.where(attack, made, np.where(defence, 1 - made, np.nan))
    out["attack"], out["defence"] = attack, defence
    out["pab_attack"], out["pab_defence"] = pab == "attack", pab == "defence"
    for camp in ("attack", "defence"):
        shown = scored[f"poignee_{camp}"].astype(str).to_numpy()[deal_row]
        out[f"poignee_{camp}"] = shown != "none"
    out["chelem_attack"] = np.isin(chelem, _ATTACK_MADE)
    out["chelem_failed"] = np.isin(chelem, _ATTACK_FAILED)
    out["chelem_defence"] = np.isin(chelem, _DEFENCE_MADE)
    return out


def _roles(rows: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    grouped = rows.groupby([*by, "player", "role"], observed=True, dropna=False)
    out = grouped.agg(deals=("score", "size"), score=("score", "sum"))
    out.insert(1, "won", grouped["won"].sum(min_count=1))
    decided = grouped["won"].count()
    out["win_rate"] = out["won"] / decided.where(decided > 0)
    out["mean_score"] = out["score"] / out["deals"]
    return out.reset_index()


def _contracts(rows: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    takes = rows[(rows["role"] == "taker").to_numpy()]
    out = takes.groupby([*by, "player", "contract"], observed=True, dropna=False).agg(
        takes=("score", "size"),
        made=("made", "sum"),
        mean_margin=("margin", "mean"),
        mean_score=("score", "mean"),
        alone=("alone", "sum"),
    )
    out.insert(2, "success_rate", out["made"] / out["takes"])
    out["made"] = out["made"].astype(np.int64)
    out["alone"] = out["alone"].astype(np.int64)
    return out.reset_index()


def _bonuses(rows: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    a, d = rows["attack"].to_numpy(), rows["defence"].to_numpy()

    def camp(attack_flag: str, defence_flag: str) -> tuple[np.ndarray, np.ndarray]:
        fa, fd = rows[attack_flag].to_numpy(), rows[defence_flag].to_numpy()
        return (a & fa) | (d & fd), (a & fd) | (d & fa)

    pab_for, pab_against = camp("pab_attack", "pab_defence")
    p_for, p_against = camp("poignee_attack", "poignee_defence")
    c_for, c_against = camp("chelem_attack", "chelem_defence")
    flags = pd.DataFrame(
        {
            "petit_au_bout_for": pab_for,
            "petit_au_bout_against": pab_against,
            "poignees_for": p_for,
            "poignees_against": p_against,
            "chelems_made": c_for,
            "chelems_failed": a & rows["chelem_failed"].to_numpy(),
            "chelems_conceded": c_against,
        },
        index=rows.index,
    )
    keys = [rows[c] for c in [*by, "player"]]
    out = flags.astype(np.int64).groupby(keys, observed=True, dropna=False).sum()
    return out.reset_index()
