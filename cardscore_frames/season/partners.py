"""Partnerships: who plays well with whom, beyond what each brings alone
(docs/guide/season.md, "Partnerships").

In a deal two sides play against each other: a belot pair against the other
pair (the game's ``team`` column), a tarot taker and his called partner
against the defenders. Each deal's margin is the mean score of the first side's
players less the mean of the other's. An adjusted plus-minus, as basketball
analysts rate players from who was on the floor, fits every player's
contribution to that margin at once (a ridge regression of the margins on who
sat on which side), so that a player is not rated up for the partners he was
given. A partnership's synergy is then what its deals together gave beyond
the sum of its two players' contributions, shrunk as the ratings are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd

from cardscore_frames.contract import get_game
from cardscore_frames.errors import RulesError
from cardscore_frames.season.frames import by_columns, prepared

__all__ = ["partnerships", "Partnerships"]

#: Roles of the side that declared (first side) and of the side against it.
ATTACK = ("taker", "partner")
DEFENCE = ("defender",)


class Partnerships(NamedTuple):
    """What :func:`partnerships` returns."""

    #: One row per game, group and player: ``deals`` (on a side), ``apm``
    #: (points a deal he adds to his side's margin, ridge-shrunk), ``rank``.
    players: pd.DataFrame
    #: One row per game, group and pair of partners: ``deals`` together,
    #: ``margin`` (their side's mean margin together), ``expected`` (what
    #: their and their opponents' ratings give), ``synergy`` (the rest, shrunk).
    pairs: pd.DataFrame


def partnerships(
    ledger: pd.DataFrame,
    *,
    by: Sequence[str] | str | None = ("league", "season"),
    alpha: float = 50.0,
) -> Partnerships:
    """Adjusted plus-minus of each player and the synergy of each partnership.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of games played by sides: belot (pairs), tarot (the taker
        and, at five, his called partner against the defenders). Deals
        without two sides (a preferans deal, a tarot deal all passed) are
        left out.
    by : sequence of str
        Metadata columns that split the fits (default league and season).
    alpha : float
        How strongly ratings are pulled toward 0, in deals: a player's rating
        counts as if he had also played ``alpha`` deals at the league's
        average (the ridge penalty). A partnership's synergy is shrunk the
        same way.

    Returns
    -------
    Partnerships
        ``players`` and ``pairs`` frames (see :class:`Partnerships`), sorted
        by group, then best first.

    Raises
    ------
    RulesError
        ``alpha`` is not a positive number.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> log = csf.load_example("belot")
    >>> found = csf.season.partnerships(csf.belot.to_ledger(csf.belot.score(log)))
    >>> found.pairs.columns.tolist()[-5:]
    ['partners', 'deals', 'margin', 'expected', 'synergy']
    """
    if not (isinstance(alpha, int | float) and np.isfinite(alpha) and alpha > 0):
        raise RulesError(f"alpha must be a positive number of deals; got {alpha!r}")
    prep = prepared(ledger)
    by = by_columns(prep, by)
    keys = ["game", *by]
    rows = _sides(prep.ledger, prep.results, keys)
    players, pairs = [], []
    for (_, part), labels in zip(
        rows.groupby("group", sort=True), _labels(rows, keys), strict=True
    ):
        fitted = _fit(part, alpha)
        if fitted is None:
            continue
        who, together = fitted
        players.append(_with_labels(labels, who))
        pairs.append(_with_labels(labels, together))
    if not players:
        empty = pd.DataFrame(columns=[*keys, "player", "deals", "apm", "rank"])
        return Partnerships(empty, pd.DataFrame(columns=[*keys, "partners"]))
    return Partnerships(
        pd.concat(players, ignore_index=True), pd.concat(pairs, ignore_index=True)
    )


def _sides(
    ledger: pd.DataFrame, results: pd.DataFrame, keys: list[str]
) -> pd.DataFrame:
    """The ledger's rows on a side: group, deal, player, side (+1 or -1) and
    score."""
    side = np.zeros(len(ledger), dtype=np.int8)
    games = ledger["game"].astype(str).to_numpy()
    for name in np.unique(games):
        here = games == name
        team = get_game(name).team
        if team is not None and team in ledger:
            codes = ledger[team].astype("category").cat.codes.to_numpy()
            first = codes[here & (codes >= 0)].min(initial=0)
            side[here & (codes == first)] = 1
            side[here & (codes >= 0) & (codes != first)] = -1
        elif "role" in ledger:
            role = ledger["role"].astype(str).to_numpy()
            side[here & np.isin(role, ATTACK)] = 1
            side[here & np.isin(role, DEFENCE)] = -1
    # each game's group, from the results (a game is in one group)
    group = results.groupby(keys, observed=True, dropna=False, sort=True).ngroup()
    per_game = pd.Series(group.to_numpy(), index=results["game_key"].to_numpy())
    per_game = per_game[~per_game.index.duplicated()]
    keep = np.flatnonzero(side != 0)
    kept = ledger.iloc[keep]
    out = pd.DataFrame(
        {
            "group": per_game.reindex(kept["game_key"].astype(object)).to_numpy(),
            "game_key": kept["game_key"].to_numpy(),
            "deal": kept["deal"].to_numpy(),
            "player": kept["player"].astype(str).to_numpy(),
            "side": side[keep],
            "score": kept["score"].to_numpy(dtype=float),
        }
    )
    for c in keys:
        out[c] = kept[c].to_numpy() if c in kept else results[c].iloc[0]
    return out


def _labels(rows: pd.DataFrame, keys: list[str]):
    for _, part in rows.groupby("group", sort=True):
        yield part[keys].iloc[0]


def _with_labels(labels: pd.Series, frame: pd.DataFrame) -> pd.DataFrame:
    head = pd.DataFrame({k: [labels[k]] * len(frame) for k in labels.index})
    return pd.concat([head, frame.reset_index(drop=True)], axis=1)


def _fit(part: pd.DataFrame, alpha: float):
    """The ridge fit of one group: (players, pairs), or None without deals
    that have two sides."""
    deal = part.groupby(["game_key", "deal"], observed=True, sort=False).ngroup()
    d = deal.to_numpy()
    side = part["side"].to_numpy()
    n_side = pd.Series(np.ones(len(d))).groupby([d, side]).transform("sum").to_numpy()
    per_deal = pd.Series(side).groupby(d)
    both = (per_deal.transform("min") != per_deal.transform("max")).to_numpy()
    if not both.any():
        return None
    d, side, n_side = d[both], side[both], n_side[both]
    score = part["score"].to_numpy()[both]
    names, pid = np.unique(part["player"].to_numpy()[both], return_inverse=True)
    d = pd.factorize(d)[0]
    n_deals, n_players = int(d.max()) + 1, len(names)
    # x: +1/n on the first side, -1/n on the other; the margin the same way
    x = side / n_side
    margin = np.bincount(d, weights=x * score, minlength=n_deals)
    gram = np.zeros((n_players, n_players))
    same = pd.DataFrame({"d": d, "p": pid, "x": x})
    pairs = same.merge(same, on="d", suffixes=("_i", "_j"))
    np.add.at(
        gram,
        (pairs["p_i"].to_numpy(), pairs["p_j"].to_numpy()),
        pairs["x_i"].to_numpy() * pairs["x_j"].to_numpy(),
    )
    rhs = np.bincount(pid, weights=x * margin[d], minlength=n_players)
    penalty = alpha * float(np.mean(x**2))
    apm = np.linalg.solve(gram + penalty * np.eye(n_players), rhs)
    fitted = np.bincount(d, weights=x * apm[pid], minlength=n_deals)
    residual = margin - fitted
    deals = np.bincount(pid, minlength=n_players)
    who = pd.DataFrame({"player": names, "deals": deals, "apm": apm})
    who["rank"] = who["apm"].rank(ascending=False, method="min").astype(np.int64)
    who = who.sort_values(["rank", "player"], kind="stable")
    # partners: two players on one side of a deal
    mates = pairs[
        (pairs["p_i"] < pairs["p_j"]) & (np.sign(pairs["x_i"]) == np.sign(pairs["x_j"]))
    ]
    s = np.sign(mates["x_i"].to_numpy())
    dd = mates["d"].to_numpy()
    table = pd.DataFrame(
        {
            "i": mates["p_i"].to_numpy(),
            "j": mates["p_j"].to_numpy(),
            "margin": s * margin[dd],
            "expected": s * fitted[dd],
            "rest": s * residual[dd],
        }
    )
    grouped = table.groupby(["i", "j"], sort=False)
    together = grouped.agg(
        deals=("margin", "size"),
        margin=("margin", "mean"),
        expected=("expected", "mean"),
        rest=("rest", "sum"),
    ).reset_index()
    together["synergy"] = together["rest"] / (together["deals"] + alpha)
    together.insert(
        0,
        "partners",
        [
            f"{names[i]} & {names[j]}"
            for i, j in zip(together["i"], together["j"], strict=True)
        ],
    )
    together = together.drop(columns=["i", "j", "rest"])
    together = together.sort_values(
        ["synergy", "partners"], ascending=[False, True], kind="stable"
    )
    return who, together
