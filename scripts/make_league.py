"""Write the bundled club league (sample_data/league/) and the broken logs
(sample_data/broken/) that show the package's error reports.

The club
--------
The *Cercle des Trois Jeux* is a card club of 26 members who meet on Friday
evenings, from mid-September to the end of June, for French tarot, Bazar-Belot
and Sochi preferans. Its members are French, Russian and Armenian, and each
writes his name as he always does (Amélie, Ольга, Արամ, Gayané...). Every member
plays two or three of the three games; on a club night he plays one of them.
Two seasons are logged, ``2024-25`` and ``2025-26``, club nights on Fridays
without the Christmas holidays (39 nights a season).

Every club night each member comes or not (each has his own habit, from 40 to 85
out of 100 evenings) and picks one of his games (the first of his list more
often). The tables are then made up:

- preferans: pools of 4 and 3 (tables P1, P2...), one pool each, Sochi rules,
  played until every pool is closed at 20, 25 or 30;
- belot: tables of four (B1, B2...); each table plays three matches to 301 under
  the seed's rules, every player partnering each of the others once ("changing
  pairs": match 1 is the first seat with the second, match 2 with the third,
  match 3 with the fourth);
- tarot: everybody else who plays tarot, at tables of 3, 4 or 5 (T1, T2...); a
  5-player table plays either with everybody in every deal (a called partner)
  or with the dealer sitting out (four play each deal); every game is 4 to 6
  rounds of deals, so that everybody deals equally often.

A member left over from belot or preferans plays tarot if he plays it, else he
watches. Game ids name the evening and the table: ``2025-10-03/T1`` (tarot),
``2025-10-03/B1-2`` (the second belot match of table B1), ``2025-10-03/P1``.

Skill
-----
Each member has a latent skill (``MEMBERS``: about -1.5 to +1.5). The game
generators of the package (``cardscore_frames.games.*.generate``) know nothing of
skill: they draw each game for anonymous seats. The script scores every game
with the package, then decides who sat in which seat: it ranks the table's
players by skill plus luck (a normal draw of standard deviation ``LUCK``; for a
belot pair, the partners' mean skill plus luck) and gives the best result of the
game to the first of them, the second best to the second, and so on. Every deal
stays exactly as drawn and valid; the better players simply win more often, so
standings and ratings show real differences without being foregone.

Files
-----
``league/tarot.csv``, ``league/belot.csv``, ``league/preferans.csv``: the three
deal logs, each with ``league`` (always "Cercle des Trois Jeux"), ``season``,
``date`` and ``table`` first. ``league/preferans_sheets.csv``: the paper
end-of-game sheet of every preferans pool, ``preferans.sheet(score(deals))`` with
the club's stake of 0.10 a whist; settled, each gives the deal log's result.

The broken logs, each made from the first club night (2024-09-13) of the league:

``broken/tarot_typos.csv`` (the three tarot tables), 3 problems:

- game 2024-09-13/T1, deal 2 (line 3): ``card_points`` 79 with 0 oudlers (the
  attack's 74 mistyped), more than the 77.5 an attack without an oudler can hold
  (column ``card_points``, value ``79``, reason ``points_vs_oudlers``);
- game 2024-09-13/T1, deal 4 (line 5): ``contract`` ``gard`` (value ``gard``,
  reason ``not_allowed``);
- game 2024-09-13/T2, deal 6 (line 31): ``taker`` Noémie, who played at table T1
  that evening (value ``Noémie``, reason ``not_seated``).

``broken/belot_after_end.csv`` (the three matches of table B1), 1 problem:

- game 2024-09-13/B1-1, deal 19 (line 20): match B1-1 was decided at its deal
  18 (318 to 288), and the first deal of the next match was written under it as
  deal 19 (column ``deal``, value ``19``, reason ``after_match``).

``broken/preferans_typos.csv`` (the pool of table P1), 2 problems:

- game 2024-09-13/P1, deal 3 (line 4): tricks 1, 8 and 2 add up to 11 (the
  declarer's 7 mistyped; column ``tricks``, value ``1+8+2``, reason
  ``tricks_sum``);
- game 2024-09-13/P1, deal 4 (line 5): a half-whist on an eight (column
  ``call3``, value ``half``, reason ``half_level``; a half-whist is allowed on a
  six or a seven only).

``csf.load_example("broken_tarot")`` raises the ``LogValidationError`` that
lists these problems; ``load_example(name, validate=False)`` gives the file's
raw cells.

``league/score_sheet.xlsx``: the score sheet of table T2 on 2025-04-25 (five
seats with a called partner, 20 deals) as its scorekeeper kept it. It is the
package's blank template (``csf.write_template``: 30 rows, the table's players,
club, season, date and table filled in) with every deal of the tarot log typed
in the paper codes of its columns (``P``, ``G``, ``GS``, ``passe``, ``S``,
``A``...), and three slips, each of which ``csf.read_excel`` reports by its
cell:

- game 2025-04-25/T2, deal 6 (cell ``Feuille de marque!D11``): ``contract``
  ``gard``, the garde written out and misspelt for ``G`` (value ``gard``,
  reason ``not_allowed``);
- game 2025-04-25/T2, deal 16 (cell ``Feuille de marque!G21``):
  ``card_points`` ``555``, the attack's 55,5 typed without its comma (value
  ``555``, reason ``out_of_range``);
- game 2025-04-25/T2, deal 17 (cell ``Feuille de marque!C22``): ``taker``
  Gaëlle, who played at table T1 that evening, for Jérôme (value ``Gaëlle``,
  reason ``not_seated``).

Read with ``errors="collect"``, the sheet gives the other 17 deals, which score
as the same deals of ``league/tarot.csv``. ``csf.load_example("broken_score_sheet")``
raises the report; ``validate=False`` gives the cells of its table as typed.
The sheet draws nothing from the league's generator, and its dates (document
properties, archive members) are fixed: see :func:`write_filled_workbook`.

Usage
-----
From the repository root::

    python scripts/make_league.py [--out DIR]

``--out`` is the folder that receives ``league/`` and ``broken/`` (default
``sample_data``). Every draw comes from one seeded generator (``SEED``) and the
score sheet is typed from the drawn log: the files are the same, byte for byte,
on every run (tests/test_sample_data.py checks it).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import zipfile
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import escape

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.excel import cell_ref, read_metadata  # noqa: E402
from cardscore_frames.excel.paper import encode  # noqa: E402
from cardscore_frames.games.belot.generate import random_deals as belot_deals  # noqa: E402
from cardscore_frames.games.preferans.generate import random_games  # noqa: E402
from cardscore_frames.games.tarot.generate import random_deals as tarot_deals  # noqa: E402
from cardscore_frames.games.tarot.paper.layout import table as tarot_table  # noqa: E402

SEED = 1947
LEAGUE = "Cercle des Trois Jeux"
#: Season -> first and last club night, and the Christmas holidays (no club night).
SEASONS = {
    "2024-25": ("2024-09-13", "2025-06-27", ("2024-12-20", "2025-01-03")),
    "2025-26": ("2025-09-12", "2026-06-26", ("2025-12-19", "2026-01-02")),
}
#: Each member: name, games (t tarot, b belot, p preferans; the first is the one
#: he picks most), how often he comes, latent skill.
MEMBERS = (
    ("Amélie", "tb", 0.85, 0.8),
    ("Benoît", "tp", 0.70, 0.2),
    ("Céline", "tb", 0.60, -0.3),
    ("Éloïse", "tp", 0.55, -0.7),
    ("François", "tbp", 0.80, 0.0),
    ("Gaëlle", "tb", 0.50, -1.2),
    ("Hélène", "tp", 0.60, 0.5),
    ("Jean-Marc", "tb", 0.70, -0.5),
    ("Jérôme", "tb", 0.65, -0.9),
    ("Loïc", "tp", 0.45, -0.4),
    ("Noémie", "tb", 0.50, -0.1),
    ("Raphaël", "tbp", 0.75, 1.5),
    ("Thérèse", "tp", 0.85, -1.4),
    ("Zoé", "pt", 0.40, -1.1),
    ("Андрей", "pt", 0.75, -0.2),
    ("Борис", "pb", 0.75, -1.0),
    ("Дмитрий", "ptb", 0.55, 0.4),
    ("Наталья", "pt", 0.50, -0.6),
    ("Ольга", "pt", 0.80, 1.1),
    ("Светлана", "pb", 0.70, 0.0),
    ("Արամ", "bt", 0.80, -0.3),
    ("Անուշ", "bp", 0.60, -0.8),
    ("Gayané", "bt", 0.60, 0.1),
    ("Lilit", "bp", 0.65, 0.3),
    ("Narek", "bt", 0.70, 0.7),
    ("Tigran", "btp", 0.70, 1.2),
)
SKILL = {name: skill for name, _, _, skill in MEMBERS}
GAMES_OF = {name: games for name, games, _, _ in MEMBERS}
#: Standard deviation of an evening's luck, in units of skill.
LUCK = 1.5
#: How much more often a member picks his first game than his second (and third).
PICK = {2: (0.65, 0.35), 3: (0.5, 0.3, 0.2)}
POOL_TARGETS = (20, 20, 25, 30)
#: Placeholder seats the generators draw for, named after skill is cast.
SEATS = tuple(f"S{i}" for i in range(1, 6))
STAKE = 0.10
FIRST = ["league", "season", "date", "table", "game_id"]
NAME_COLUMNS = {
    "tarot": ("player1", "player2", "player3", "player4", "player5", "taker")
    + ("partner", "sits_out"),
    "belot": ("a1", "a2", "b1", "b2"),
    "preferans": ("player1", "player2", "player3", "player4", "dealer", "declarer"),
}


# -- the club nights and their tables ------------------------------------------


def club_nights() -> pd.DataFrame:
    """Every club night: ``season`` and ``date`` (Fridays, without Christmas)."""
    parts = []
    for season, (first, last, (off_from, off_to)) in SEASONS.items():
        days = pd.date_range(first, last, freq="7D")
        days = days[(days < off_from) | (days > off_to)]
        parts.append(pd.DataFrame({"season": season, "date": days}))
    return pd.concat(parts, ignore_index=True)


def who_plays_what(rng: np.random.Generator, n_nights: int) -> np.ndarray:
    """(nights, members): the game each member plays that night ('' if absent)."""
    come = rng.random((n_nights, len(MEMBERS))) < [m[2] for m in MEMBERS]
    u = rng.random((n_nights, len(MEMBERS)))
    picked = np.empty((n_nights, len(MEMBERS)), dtype=object)
    for j, (_, games, _, _) in enumerate(MEMBERS):
        edges = np.cumsum(PICK[len(games)])
        picked[:, j] = np.array(list(games))[np.searchsorted(edges, u[:, j])]
    return np.where(come, picked, "")


def split(players: list[str], k: int) -> list[list[str]]:
    """``players`` at ``k`` tables as even as can be (the larger tables first)."""
    sizes = [len(players) // k + (i < len(players) % k) for i in range(k)]
    edges = np.cumsum([0, *sizes])
    return [players[a:b] for a, b in zip(edges[:-1], edges[1:], strict=True)]


def seat(players: list[str], low: int, high: int, prefer: int | None = None):
    """Tables of ``low`` to ``high`` players (of ``prefer`` or fewer where that
    seats everybody), as even as can be; and the players left over."""
    n = len(players)
    k = -(-n // (prefer or high))
    if n < low * k:
        k = -(-n // high)
    if n < low * k:
        k = n // high
    seated = min(n, high * k)
    return (split(players[:seated], k) if k else []), players[seated:]


def seat_tables(rng: np.random.Generator, season: str, date, picks) -> list[dict]:
    """The tables of one night: preferans pools, belot fours, then tarot for
    everybody else who plays it."""
    names = np.array([m[0] for m in MEMBERS], dtype=object)
    chosen = {g: list(rng.permutation(names[picks == g])) for g in "tbp"}
    pools, spare = seat(chosen["p"], 3, 4)
    fours, more = seat(chosen["b"], 4, 4)
    spare = [p for p in spare + more if "t" in GAMES_OF[p]]
    prefer = int(rng.choice([4, 5], p=[0.4, 0.6]))
    tarot, _ = seat(chosen["t"] + spare, 3, 5, prefer)
    rows = []
    for game, tables in (("preferans", pools), ("belot", fours), ("tarot", tarot)):
        for i, members in enumerate(tables, start=1):
            rows.append(
                {
                    "game": game,
                    "season": season,
                    "date": date.strftime("%Y-%m-%d"),
                    "table": f"{game[0].upper()}{i}",
                    "players": tuple(members),
                }
            )
    return rows


def tables(rng: np.random.Generator) -> pd.DataFrame:
    """Every table of every club night, in order (game, season, date, table,
    players)."""
    nights = club_nights()
    picks = who_plays_what(rng, len(nights))
    rows = []
    nights = zip(nights["season"], nights["date"], strict=True)
    for i, (season, date) in enumerate(nights):
        rows += seat_tables(rng, season, date, picks[i])
    frame = pd.DataFrame(rows)
    return frame.assign(game_id=frame["date"] + "/" + frame["table"])


# -- who sat where: the skill --------------------------------------------------


def cast(results: pd.DataFrame, lineup: pd.DataFrame) -> pd.DataFrame:
    """Real names for the placeholder seats: best result to the best evening.

    ``results``: per (game_id, player placeholder) its ``place`` and ``score``;
    ``lineup``: per (game_id, name) the evening's ``form`` (skill plus luck).
    Returns (game_id, player, name).
    """
    seats = results.sort_values(
        ["game_id", "place", "score"], ascending=[True, True, False], kind="stable"
    )
    seats = seats.assign(rank=seats.groupby("game_id", sort=False).cumcount())
    people = lineup.sort_values(
        ["game_id", "form"], ascending=[True, False], kind="stable"
    )
    people = people.assign(rank=people.groupby("game_id", sort=False).cumcount())
    both = seats[["game_id", "player", "rank"]].merge(
        people[["game_id", "name", "rank"]], on=["game_id", "rank"], validate="1:1"
    )
    return both[["game_id", "player", "name"]]


def rename_seats(deals: pd.DataFrame, game: str, names: pd.DataFrame) -> pd.DataFrame:
    """Every name column of ``deals`` from placeholders to the cast names."""
    lookup = pd.Series(
        names["name"].to_numpy(),
        index=pd.MultiIndex.from_arrays([names["game_id"], names["player"]]),
    )
    out = deals.copy()
    gid = out["game_id"].astype(str).to_numpy()
    for col in NAME_COLUMNS[game]:
        held = out[col].astype(object).to_numpy()
        given = pd.notna(held)
        key = pd.MultiIndex.from_arrays([gid[given], held[given].astype(str)])
        new = np.full(len(out), None, dtype=object)
        new[given] = lookup.reindex(key).to_numpy()
        out[col] = new
    return out


def placements(game: str, deals: pd.DataFrame) -> pd.DataFrame:
    """Per (game_id, placeholder): place and score, scored by the package."""
    g = csf.get_game(game)
    result = g.results(g.score(csf.validate(deals, game=game)))
    return pd.DataFrame(
        {
            "game_id": result["game_id"].astype(str).to_numpy(),
            "player": result["player"].astype(str).to_numpy(),
            "place": result["place"].astype(float).to_numpy(),
            "score": result["score"].to_numpy(),
        }
    )


def seated(games: pd.DataFrame) -> pd.DataFrame:
    """Per (game_id, name), in seat order: the player's skill."""
    people = games[["game_id", "players"]].explode("players", ignore_index=True)
    people = people.rename(columns={"players": "name"})
    return people.assign(skill=people["name"].map(SKILL).to_numpy())


def lineup(rng: np.random.Generator, games: pd.DataFrame) -> pd.DataFrame:
    """Per (game_id, name): skill plus the evening's luck."""
    people = seated(games)
    return people.assign(form=people["skill"] + rng.normal(0, LUCK, len(people)))


def with_metadata(deals: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    """League, season, date and table first, from each game's table."""
    meta = games.set_index("game_id")[["season", "date", "table"]]
    gid = deals["game_id"].to_numpy()
    out = deals.drop(columns=[c for c in FIRST if c in deals and c != "game_id"])
    for col in ("table", "date", "season"):
        out.insert(0, col, meta[col].reindex(gid).to_numpy())
    out.insert(0, "league", LEAGUE)
    return out[FIRST + [c for c in out.columns if c not in FIRST]]


# -- the three games -----------------------------------------------------------


def _seed(rng: np.random.Generator) -> int:
    return int(rng.integers(1 << 31))


def _in_table_order(deals: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    order = pd.Series(np.arange(len(games)), index=games["game_id"])
    key = order.reindex(deals["game_id"].to_numpy()).to_numpy()
    deals = deals.assign(_order=key).sort_values(["_order", "deal"], kind="stable")
    return deals.drop(columns="_order").reset_index(drop=True)


def _named(rng, game: str, deals: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    """Metadata, then real names cast by skill, in the order of the tables."""
    deals = with_metadata(deals, games)
    names = cast(placements(game, deals), lineup(rng, games))
    return _in_table_order(rename_seats(deals, game, names), games)


def tarot_log(rng: np.random.Generator, games: pd.DataFrame) -> pd.DataFrame:
    """Every tarot table's game: 4 to 6 rounds of deals; at 5, the dealer sits out
    at some tables."""
    size = games["players"].map(len).to_numpy()
    sits = (size == 5) & (rng.random(len(games)) < 0.4)
    n_deals = rng.integers(4, 7, len(games)) * size
    parts = []
    for s, out in sorted(set(zip(size.tolist(), sits.tolist(), strict=True))):
        at = np.flatnonzero((size == s) & (sits == out))
        drawn = tarot_deals(
            len(at) * 30,
            seed=_seed(rng),
            table_sizes=(s,),
            deals_per_game=30,
            names=list(SEATS[:s]),
            sits_out_share=float(out),
        )
        g = drawn["game_id"].to_numpy() - 1
        drawn = drawn.loc[drawn["deal"].to_numpy() <= n_deals[at][g]].copy()
        drawn["game_id"] = games["game_id"].to_numpy()[at][g[drawn.index]]
        parts.append(drawn)
    return _named(rng, "tarot", pd.concat(parts, ignore_index=True), games)


def belot_matches(games: pd.DataFrame) -> pd.DataFrame:
    """Three matches per belot table: the first seat partners each other once."""
    rows = []
    for table in games.to_dict("records"):
        p = table["players"]
        for r, (i, j, k, m) in enumerate(((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))):
            rows.append(
                {
                    **table,
                    "game_id": f"{table['game_id']}-{r + 1}",
                    "players": (p[i], p[j], p[k], p[m]),  # pair 1, then pair 2
                }
            )
    return pd.DataFrame(rows)


def belot_log(rng: np.random.Generator, games: pd.DataFrame) -> pd.DataFrame:
    """Every match of every belot table, played to its end (301, the seed's rules)."""
    matches = belot_matches(games)
    drawn = belot_deals(
        len(matches) * 30,
        seed=_seed(rng),
        pairs=[SEATS[0:2], SEATS[2:4]],
        match_slots=60,
        metadata=False,
    )
    done = csf.belot.matches(csf.belot.score(csf.validate(drawn, game="belot")))
    done = done.index[done["finished"].to_numpy(dtype=bool)][: len(matches)]
    if len(done) < len(matches):
        raise RuntimeError("not enough finished belot matches drawn")
    ids = pd.Series(matches["game_id"].to_numpy(), index=done.astype(str))
    drawn = drawn.loc[drawn["game_id"].astype(str).isin(ids.index)].copy()
    drawn["game_id"] = ids.reindex(drawn["game_id"].astype(str)).to_numpy()
    deals = with_metadata(drawn, matches)
    names = cast(placements("belot", deals), pair_lineup(rng, matches))
    return _in_table_order(rename_seats(deals, "belot", names), matches)


def pair_lineup(rng: np.random.Generator, matches: pd.DataFrame) -> pd.DataFrame:
    """Per (match, name): the pair's mean skill plus the pair's luck."""
    people = seated(matches)  # pair 1, then pair 2, of each match
    pair_skill = people["skill"].to_numpy().reshape(-1, 2).mean(axis=1)
    form = pair_skill + rng.normal(0, LUCK, len(pair_skill))
    return people.assign(form=np.repeat(form, 2))


def preferans_log(rng: np.random.Generator, games: pd.DataFrame) -> pd.DataFrame:
    """One pool per preferans table, Sochi, played until every pool is closed."""
    size = games["players"].map(len).to_numpy()
    parts = []
    for s in (3, 4):
        at = np.flatnonzero(size == s)
        drawn = random_games(
            len(at) + len(at) // 4 + 4,
            seed=_seed(rng),
            table_sizes=(s,),
            pool_targets=POOL_TARGETS,
            names=SEATS[:s],
        )
        first = drawn["game_id"].unique()[: len(at)]
        if len(first) < len(at):
            raise RuntimeError("not enough finished preferans pools drawn")
        ids = pd.Series(games["game_id"].to_numpy()[at], index=first)
        drawn = drawn.loc[drawn["game_id"].isin(first)].copy()
        drawn["game_id"] = ids.reindex(drawn["game_id"]).to_numpy()
        parts.append(drawn)
    return _named(rng, "preferans", pd.concat(parts, ignore_index=True), games)


def preferans_sheets(deals: pd.DataFrame) -> pd.DataFrame:
    """The paper sheet of every pool at its end, at the club's stake."""
    scored = csf.preferans.score(csf.validate(deals, game="preferans"))
    sheet = csf.preferans.sheet(scored)
    sheet["whist_price"] = STAKE
    sheet["date"] = sheet["date"].dt.strftime("%Y-%m-%d")
    return sheet.reset_index(drop=True)


def league(seed: int = SEED) -> dict[str, pd.DataFrame]:
    """The league's four files, by name under ``league/``."""
    rng = np.random.default_rng(seed)
    every = tables(rng)
    at = {g: every.loc[every["game"] == g] for g in ("tarot", "belot", "preferans")}
    preferans = preferans_log(rng, at["preferans"])  # drawn first: the seed's order
    return {
        "tarot.csv": tarot_log(rng, at["tarot"]),
        "belot.csv": belot_log(rng, at["belot"]),
        "preferans.csv": preferans,
        "preferans_sheets.csv": preferans_sheets(preferans),
    }


# -- the broken logs -----------------------------------------------------------

FIRST_NIGHT = "2024-09-13"


def _deal(deals: pd.DataFrame, game_id: str, deal: int) -> np.ndarray:
    return ((deals["game_id"] == game_id) & (deals["deal"] == deal)).to_numpy()


def tarot_typos(tarot: pd.DataFrame) -> pd.DataFrame:
    """The first night's tarot tables with three scorekeeper's slips."""
    out = tarot.loc[tarot["date"] == FIRST_NIGHT].copy()
    out = out.astype({"contract": object, "taker": object, "card_points": object})
    out.loc[_deal(out, f"{FIRST_NIGHT}/T1", 4), "contract"] = "gard"
    out.loc[_deal(out, f"{FIRST_NIGHT}/T1", 2), "card_points"] = 79  # for 74
    out.loc[_deal(out, f"{FIRST_NIGHT}/T2", 6), "taker"] = "Noémie"  # of table T1
    return out


def belot_after_end(belot: pd.DataFrame) -> pd.DataFrame:
    """Table B1 of the first night; the next match's first deal written as one
    more deal of the decided match B1-1."""
    table = belot.loc[(belot["date"] == FIRST_NIGHT) & (belot["table"] == "B1")]
    first = table.loc[table["game_id"] == f"{FIRST_NIGHT}/B1-1"]
    extra = table.loc[_deal(table, f"{FIRST_NIGHT}/B1-2", 1)].copy()
    players = ["game_id", "a1", "a2", "b1", "b2"]
    extra[players] = first[players].iloc[[0]].to_numpy()
    extra["deal"] = first["deal"].max() + 1
    at = len(first)
    return pd.concat([table.iloc[:at], extra, table.iloc[at:]], ignore_index=True)


def preferans_typos(preferans: pd.DataFrame) -> pd.DataFrame:
    """The pool of table P1 on the first night with two slips: eleven tricks, and a
    half-whist on an eight."""
    out = preferans.loc[preferans["game_id"] == f"{FIRST_NIGHT}/P1"].copy()
    pool = f"{FIRST_NIGHT}/P1"
    out.loc[_deal(out, pool, 3), "tricks2"] = 8  # 1 + 8 + 2
    eight = _deal(out, pool, 4)
    out = out.astype({"call1": object, "call3": object})
    out.loc[eight, ["call1", "call3"]] = ["pass", "half"]
    return out


def broken(logs: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The broken logs, by name under ``broken/``."""
    return {
        "tarot_typos.csv": tarot_typos(logs["tarot.csv"]),
        "belot_after_end.csv": belot_after_end(logs["belot.csv"]),
        "preferans_typos.csv": preferans_typos(logs["preferans.csv"]),
    }


# -- the Excel score sheet -----------------------------------------------------

#: The table typed into a blank score sheet: five seats with a called partner,
#: twenty deals (four rounds) with poignées, a petit au bout of either camp and
#: passed deals.
SHEET_GAME = "2025-04-25/T2"
#: Rows of the club's printed sheet: six rounds at five seats.
SHEET_ROWS = 30
#: The scorekeeper's slips: deal, log column, what was typed instead of the
#: paper code or number (see the module's docstring).
SHEET_SLIPS = (
    (6, "contract", "gard"),  # garde written out, misspelt, for G
    (16, "card_points", 555),  # 55,5 typed without its comma
    (17, "taker", "Gaëlle"),  # of table T1 that evening, for Jérôme
)
#: Every member of the archive gets this date (the earliest a zip can hold).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
#: The XlsxWriter the bundled sheet was written with. Other versions write the
#: same workbook with some XML in another order (styles, conditional formats),
#: so the sheet is the same byte for byte only with this one.
SHEET_XLSXWRITER = "3.3.1"
_CELL = '<c r="{}"( s="[0-9]+")?/>'
_FORMULA_CELL = re.compile(r"<c ([^>]*)>(<f[^>]*>[^<]*</f>)<v>[^<]*</v></c>")
_CORE_DATE = re.compile(r"(<dcterms:(created|modified) [^>]*>)[^<]*(</dcterms:\2>)")


def write_filled_workbook(directory: Path, logs: dict[str, pd.DataFrame]) -> Path:
    """The score sheet of table ``SHEET_GAME`` as its scorekeeper typed it.

    The package's blank template (``csf.write_template``, with the table's
    players, club, season, date and table), its deals typed in the paper codes
    of its columns (``G``, ``S``, ``passe``...) and the ``SHEET_SLIPS`` typed
    over them; saved as ``directory/league/score_sheet.xlsx``.

    The cells are typed into the template's own sheet part, so that everything
    else (drop-downs, formulas, chart) stays as the template has it; openpyxl
    would drop the chart. The sheet's formulas keep no stored result, so that
    none is stale (a spreadsheet computes them on opening), and the file's
    dates are fixed: the same workbook, byte for byte, on every run.
    """
    deals = logs["tarot.csv"]
    deals = deals.loc[deals["game_id"] == SHEET_GAME].sort_values("deal", kind="stable")
    first = deals.iloc[0]
    players = [p for p in first[[f"player{i}" for i in range(1, 6)]] if pd.notna(p)]
    date = pd.Timestamp(first["date"])
    path = directory / "league" / "score_sheet.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        blank = csf.write_template(
            Path(tmp) / "blank.xlsx",
            game="tarot",
            players=players,
            rows=SHEET_ROWS,
            league=str(first["league"]),
            season=str(first["season"]),
            date=date.date(),
            table=str(first["table"]),
            game_id=SHEET_GAME,
        )
        sheet, typed = typed_cells(blank, deals.reset_index(drop=True), players)
        stamp = date.strftime("%Y-%m-%dT23:30:00Z")  # saved at the evening's end
        retyped(blank, path, sheet, typed, stamp)
    return path


def typed_cells(
    blank: Path, deals: pd.DataFrame, players: list[str]
) -> tuple[str, dict[str, object]]:
    """The template's score sheet (its name) and what the scorekeeper typed:
    cell (``C7``) -> text or number, the slips included."""
    meta = read_metadata(blank)
    sheet = next(s for s in meta["sheets"] if s.get("layout") is not None)
    layout = meta["layouts"][sheet["layout"]]
    k = len(players)
    columns = {
        c.field: c
        for c in tarot_table(
            players, mort=k == 5, partner=k == 5, template=True
        ).columns
        if c.field
    }
    top = layout["row"] + 1  # 0-based sheet row of the first deal

    def cell(deal: int, field: str) -> str:
        return cell_ref(top + deal - 1, layout["cols"][field])

    typed: dict[str, object] = {}
    for field in layout["fills"]:
        shown = encode(deals[field].reset_index(drop=True), columns[field])
        for deal, value in zip(deals["deal"], shown, strict=True):
            if pd.notna(value):  # a blank cell stays blank
                typed[cell(int(deal), field)] = value
    for deal, field, value in SHEET_SLIPS:
        typed[cell(deal, field)] = value
    return sheet["name"], typed


def retyped(
    blank: Path, path: Path, sheet: str, typed: dict[str, object], stamp: str
) -> None:
    """``blank`` copied to ``path`` member by member with ``typed`` in the cells of
    ``sheet``, the document's dates set to ``stamp`` and every member dated
    ``ZIP_DATE``."""
    with zipfile.ZipFile(blank) as source:
        part = sheet_part(source, sheet)
        with zipfile.ZipFile(path, "w") as out:
            for item in source.infolist():
                data = source.read(item.filename)
                if item.filename == part:
                    data = fill_sheet(data.decode("utf-8"), typed).encode("utf-8")
                elif item.filename == "docProps/core.xml":
                    text = _CORE_DATE.sub(rf"\g<1>{stamp}\g<3>", data.decode("utf-8"))
                    data = text.encode("utf-8")
                info = zipfile.ZipInfo(item.filename, ZIP_DATE)
                info.compress_type = item.compress_type
                info.create_system = 3  # the same bytes whatever system runs this
                info.external_attr = 0o600 << 16
                out.writestr(info, data)


def sheet_part(book: zipfile.ZipFile, sheet: str) -> str:
    """The archive member (``xl/worksheets/sheet1.xml``) of the sheet ``sheet``."""
    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    rel = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    workbook = ElementTree.fromstring(book.read("xl/workbook.xml"))
    rid = next(
        s.get(rel) for s in workbook.iter(f"{main}sheet") if s.get("name") == sheet
    )
    rels = ElementTree.fromstring(book.read("xl/_rels/workbook.xml.rels"))
    target = next(r.get("Target") for r in rels if r.get("Id") == rid)
    return target.lstrip("/") if target.startswith("/") else f"xl/{target}"


def fill_sheet(xml: str, typed: dict[str, object]) -> str:
    """The sheet's XML with each typed value in its (blank, styled) cell, and no
    stored result on any formula."""
    for ref, value in typed.items():
        blank = re.compile(_CELL.format(ref))
        if len(blank.findall(xml)) != 1:
            raise RuntimeError(f"the template has no blank cell {ref} to type into")
        xml = blank.sub(lambda m, v=value, r=ref: _typed(r, m.group(1) or "", v), xml)
    return _FORMULA_CELL.sub(_without_result, xml)


def _typed(ref: str, style: str, value: object) -> str:
    if isinstance(value, str):
        return f'<c r="{ref}"{style} t="inlineStr"><is><t>{escape(value)}</t></is></c>'
    number = float(value)
    shown = str(int(number)) if number.is_integer() else repr(number)
    return f'<c r="{ref}"{style}><v>{shown}</v></c>'


def _without_result(match: re.Match) -> str:
    attributes = re.sub(r' t="[a-z]+"', "", match.group(1))
    return f"<c {attributes}>{match.group(2)}</c>"


# -- writing -------------------------------------------------------------------


def write(frame: pd.DataFrame, path: Path) -> None:
    """CSV in UTF-8 with ``\\n`` line ends; numbers as short as they are (46, 45.5)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    frame.to_csv(path, index=False, float_format="%g", lineterminator="\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "sample_data")
    args = parser.parse_args(argv)
    logs = league()
    files = {f"league/{k}": v for k, v in logs.items()}
    files.update({f"broken/{k}": v for k, v in broken(logs).items()})
    for name, frame in files.items():
        write(frame, args.out / name)
        size = (args.out / name).stat().st_size
        print(f"wrote {name}: {len(frame)} rows, {size:,} bytes")
    sheet = write_filled_workbook(args.out, logs)
    name = sheet.relative_to(args.out).as_posix()
    print(f"wrote {name}: table {SHEET_GAME}, {sheet.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
