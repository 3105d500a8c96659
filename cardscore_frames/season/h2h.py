"""Head to head: every pair of players who met, and what passed between them.

How a deal splits into pairwise amounts (``net``):

- Zero-sum games (tarot, preferans): the deal's winners collect from its
  losers in proportion. With ``s⁺`` a player's gain, ``s⁻`` his loss and ``P``
  the deal's total gain, ``i`` takes ``s⁺(i) · s⁻(j) / P`` from ``j``. Partners
  who both win (a tarot taker and his called partner) exchange nothing, a
  player who scores 0 (sitting out, a passed deal) exchanges nothing, and a
  player's nets against all his opponents add up to his score, deal by deal
  and so over any season.
- Other games (belot): ``net`` is the player's points less the opponent's on
  the deals they played against each other, i.e. the point difference of the
  matches between them; partners are not opponents.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardscore_frames._compat import TEXT
from cardscore_frames.contract import get_game
from cardscore_frames.errors import LedgerError
from cardscore_frames.season.figures import group_ids
from cardscore_frames.season.frames import (
    by_columns,
    codes_of,
    per_ledger_row,
    prepared,
    sort_codes,
)
from cardscore_frames.season.pairs import PairSums, layout

__all__ = ["head_to_head", "H2H_COLUMNS", "TEAM_COLUMNS"]

#: The figures of :func:`head_to_head`, after the key columns.
H2H_COLUMNS = ("games", "deals", "wins", "draws", "losses", "net")
#: The figures of ``head_to_head(..., teams=True)``, after the key columns.
TEAM_COLUMNS = (
    "games",
    "wins",
    "losses",
    "unfinished",
    "points_for",
    "points_against",
    "difference",
)


def head_to_head(
    ledger: pd.DataFrame,
    *,
    by: Sequence[str] | str | None = (),
    teams: bool = False,
) -> pd.DataFrame:
    """Every pair of players (or, with ``teams``, of pairs) who met.

    Parameters
    ----------
    ledger : pandas.DataFrame
        A ledger of one or more games.
    by : sequence of str
        Metadata columns to split by (e.g. ``["season"]``); default: all the
        ledger at once, per game.
    teams : bool
        For games with fixed sides (belot pairs): each partnership's record
        against each other partnership instead of player against player.

    Returns
    -------
    pandas.DataFrame
        Player against player, both ways (A v B and B v A), sorted by game,
        group, player and opponent: ``game``, the ``by`` columns, ``player``,
        ``opponent``, ``games`` (games both played as opponents), ``deals``
        (deals both were seated at, as opponents), ``wins`` (games the player
        finished above the opponent), ``draws`` (level), ``losses`` (below),
        ``net`` (what the player won from the opponent, in the game's unit:
        see the module's notes; ``net`` of B v A is minus that of A v B).

        With ``teams=True``: ``game``, the ``by`` columns, ``team`` and
        ``opponent`` (the two names joined by " & ", in name order), ``games``
        (matches), ``wins``, ``losses``, ``unfinished``, ``points_for``,
        ``points_against``, ``difference`` (points).

    Raises
    ------
    LedgerError
        Not a ledger; ``teams=True`` with no game that has teams.

    Examples
    --------
    >>> import cardscore_frames as csf
    >>> ledger = csf.tarot.to_ledger(csf.tarot.score(csf.load_example("tarot")))
    >>> h2h = csf.season.head_to_head(ledger)
    >>> h2h[["player", "opponent", "games", "wins", "losses", "net"]].head(3)
       player opponent  games  wins  losses    net
    0  Amélie  Bastien      7     3       4  188.0
    1  Amélie    Chloé      7     4       3  230.0
    2  Amélie   Damien      4     2       2  215.0
    """
    prep = prepared(ledger)
    by = by_columns(prep, by)
    results = _with_sides(prep.results)
    group = group_ids(results, ["game", *by])
    if teams:
        return _teams(results, group, by)
    names = prep.ledger["player"].cat.categories
    player = _codes(results["player"], names)
    sums = PairSums(
        int(group.max()) + 1, len(names), ("games", "wins", "draws", "losses")
    )
    _game_pairs(results, group, player, sums)
    games = sums.frame("games")
    deals = _deal_frame(prep.ledger, results, group, names)
    out = games.merge(deals, on=["group", "player", "opponent"], how="left")
    return _framed(out, results, group, by, names)


def _codes(values: pd.Series, names: pd.Index) -> np.ndarray:
    """Codes of a categorical column into ``names``."""
    lut = names.get_indexer(values.cat.categories)
    return np.append(lut, -1)[values.cat.codes.to_numpy()]


def _with_sides(results: pd.DataFrame) -> pd.DataFrame:
    """``results`` with ``side``: each row's fixed side in its game, from the
    column its game names (``Game.team``: belot's ``pair``); blank where the
    game has no sides."""
    side = pd.Series(pd.NA, index=results.index, dtype=object)
    for name in results["game"].unique().dropna():
        column = get_game(str(name)).team
        if column is not None and column in results:
            rows = (results["game"] == name).to_numpy()
            # as text, a blank side blank (pandas 2.3's astype(str) writes "nan")
            side[rows] = results.loc[rows, column].astype(TEXT)
    return results.assign(side=side.astype(TEXT).astype("category"))


def _sides(frame: pd.DataFrame) -> np.ndarray:
    """The team of each row (-1 where the game has none)."""
    if "side" not in frame:
        return np.full(len(frame), -1)
    return codes_of(frame["side"])


def _seat_pairs(seats: int):
    return [(a, b) for a in range(seats) for b in range(a + 1, seats)]


def _game_pairs(results, group, player, sums: PairSums) -> None:
    """Games met, and who finished above whom, per ordered pair of players."""
    lay = layout(results["game_key"].cat.codes.to_numpy())
    who = lay.matrix(player, -1)
    place = lay.matrix(
        pd.to_numeric(results["place"], errors="coerce").to_numpy(dtype=float), np.nan
    )
    side = lay.matrix(_sides(results), -1)
    g = group[lay.first]
    one = np.ones(lay.units)
    for a, b in _seat_pairs(lay.seats):
        met = _opposed(who, side, a, b)
        above, below = (place[a] < place[b]) * 1.0, (place[a] > place[b]) * 1.0
        level = (place[a] == place[b]) * 1.0
        sums.add(
            g,
            who[a],
            who[b],
            {"games": one, "wins": above, "draws": level, "losses": below},
            met,
        )
        sums.add(
            g,
            who[b],
            who[a],
            {"games": one, "wins": below, "draws": level, "losses": above},
            met,
        )


def _opposed(who, side, a: int, b: int) -> np.ndarray:
    """Seats ``a`` and ``b`` both taken, by players of different sides."""
    return (who[a] >= 0) & (who[b] >= 0) & ((side[a] < 0) | (side[a] != side[b]))


def _deal_frame(ledger, results, group, names) -> pd.DataFrame:
    """Deals met and the net per ordered pair of players, deal by deal."""
    key_codes = ledger["game_key"].cat.codes.to_numpy()
    lay = layout(key_codes, ledger["deal"].to_numpy())
    who = lay.matrix(_codes(ledger["player"], names), -1)
    score = lay.matrix(ledger["score"].to_numpy(dtype=float), 0.0)
    side = lay.matrix(_sides(ledger), -1)
    zero_sum = _zero_sum(ledger["game"])[lay.first]
    gain = [np.maximum(s, 0.0) for s in score]
    loss = [np.maximum(-s, 0.0) for s in score]
    pool = np.sum(gain, axis=0)
    share = np.divide(1.0, pool, out=np.zeros_like(pool), where=pool > 0)
    g = per_ledger_row(ledger, results, group)[lay.first]
    sums = PairSums(int(group.max()) + 1, len(names), ("deals", "net"))
    one = np.ones(lay.units)
    for a, b in _seat_pairs(lay.seats):
        met = _opposed(who, side, a, b)
        taken = (gain[a] * loss[b] - gain[b] * loss[a]) * share
        net = np.where(zero_sum, taken, score[a] - score[b])
        sums.add(g, who[a], who[b], {"deals": one, "net": net}, met)
        sums.add(g, who[b], who[a], {"deals": one, "net": -net}, met)
    return sums.frame("deals")


def _zero_sum(games: pd.Series) -> np.ndarray:
    kinds = [get_game(str(g)).zero_sum for g in games.cat.categories]
    return np.array([*kinds, False])[games.cat.codes.to_numpy()]


def _framed(out, results, group, by, names) -> pd.DataFrame:
    keys = ["game", *by]
    firsts = np.unique(group, return_index=True)[1]
    groups = results[keys].iloc[firsts].reset_index(drop=True)
    frame = groups.iloc[out["group"].to_numpy()].reset_index(drop=True)
    dtype = pd.CategoricalDtype(names)
    frame["player"] = pd.Categorical.from_codes(out["player"].to_numpy(), dtype=dtype)
    frame["opponent"] = pd.Categorical.from_codes(
        out["opponent"].to_numpy(), dtype=dtype
    )
    for c in H2H_COLUMNS:
        values = out[c].fillna(0.0).to_numpy()
        frame[c] = values if c == "net" else np.round(values).astype(np.int64)
    return _sorted(frame, [*keys, "player", "opponent"])


def _sorted(frame: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    sort = [sort_codes(frame[c]) for c in keys]
    return frame.iloc[np.lexsort(sort[::-1])].reset_index(drop=True)


def _teams(results: pd.DataFrame, group: np.ndarray, by: list[str]) -> pd.DataFrame:
    """Each partnership against each other, from the games that have teams."""
    if "side" not in results or results["side"].isna().all():
        raise LedgerError(
            "teams=True needs a game with fixed sides (belot pairs); this ledger "
            f"has {', '.join(results['game'].astype(str).unique())}"
        )
    rows = np.flatnonzero(results["side"].notna().to_numpy())
    part = results.iloc[rows]
    names = _team_names(part)
    codes = pd.DataFrame(
        {
            "g": part["game_key"].cat.codes.to_numpy(),
            "side": codes_of(part["side"]),
        }
    )
    first = ~codes.duplicated().to_numpy()
    sides = part.loc[first, ["game", *by, "game_key", "side", "won", "place"]]
    sides = sides.assign(
        team=names[first],
        points_for=part["points_for"].to_numpy()[first],
        points_against=part["points_against"].to_numpy()[first],
    )
    return _team_record(sides, by)


def _team_record(sides: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Each side of each game against the other side(s), summed per pair."""
    both = sides.merge(
        sides[["game_key", "side", "team"]], on="game_key", suffixes=("", "_o")
    )
    both = both[both["side"].astype(str) != both["side_o"].astype(str)]
    both = both.rename(columns={"team_o": "opponent"})
    won = both["won"].astype("boolean")
    both = both.assign(
        wins=won.fillna(False).astype(int),
        losses=(~won).fillna(False).astype(int),
        unfinished=won.isna().astype(int),
    )
    keys = ["game", *by, "team", "opponent"]
    out = both.groupby(keys, observed=True, dropna=False, sort=False).agg(
        games=("game_key", "size"),
        wins=("wins", "sum"),
        losses=("losses", "sum"),
        unfinished=("unfinished", "sum"),
        points_for=("points_for", "sum"),
        points_against=("points_against", "sum"),
    )
    out["difference"] = out["points_for"] - out["points_against"]
    return _sorted(out.reset_index(), keys)


def _team_names(part: pd.DataFrame) -> np.ndarray:
    """``"A & B"`` (names in order) for each row's side in its game."""
    frame = pd.DataFrame(
        {
            "g": part["game_key"].cat.codes.to_numpy(),
            "side": codes_of(part["side"]),
            "name": part["player"].astype(str).to_numpy(dtype=object),
        }
    )
    ordered = frame.sort_values(["g", "side", "name"], kind="stable")
    grouped = ordered.groupby(["g", "side"], sort=False)["name"]
    first, last, size = grouped.first(), grouped.last(), grouped.size()
    joined = (first + " & " + last).where(size == 2, first)
    wide = size[size > 2]
    if len(wide):  # sides of more than two players: rare, joined one by one
        more = ordered.set_index(["g", "side"]).loc[wide.index, "name"]
        joined.loc[wide.index] = more.groupby(level=[0, 1]).agg(" & ".join)
    index = pd.MultiIndex.from_frame(frame[["g", "side"]])
    return joined.reindex(index).to_numpy()
