"""A game is named by (league, season, game_id): two leagues and two seasons may
each have a game 1 and a game 2.

Each log here is four parts cut from a bundled example: its first eight games,
two to a part, relabelled as games 1 and 2 of league A or B in season 2024-25 or
2025-26. Every public function of every game must give, on the four parts
together, what it gives on each part alone, the parts' results put one after
another (a part's league and season shown beside its rows where the combined
table needs them to tell the games apart). The expected side never runs the
combined log: any place that named a game by its id alone (a groupby, an index,
a merge on ``game_id``) mixes two parts' games and breaks the equality, as
``belot.matches`` did ("cannot reindex on an axis with duplicate labels").
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import openpyxl
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.checking import telling_columns
from cardscore_frames.cli import main
from cardscore_frames.errors import LedgerError

#: The (league, season) of each part, in the combined log's order.
PARTS = (("A", "2024-25"), ("A", "2025-26"), ("B", "2024-25"), ("B", "2025-26"))
GAMES = ("tarot", "belot", "preferans")
KEY = ["league", "season", "game_id"]


def relabelled(example: str, per_part: int = 2) -> list[pd.DataFrame]:
    """The example's first games, ``per_part`` to a part, as games 1, 2, ... of
    each part's league and season (raw text, as a file holds it)."""
    raw = csf.load_example(example, validate=False)
    ids = list(dict.fromkeys(raw["game_id"]))
    parts = []
    for k, (league, season) in enumerate(PARTS):
        taken = ids[per_part * k : per_part * (k + 1)]
        part = raw[raw["game_id"].isin(taken)].copy()
        part["game_id"] = part["game_id"].map(
            {g: str(i + 1) for i, g in enumerate(taken)}
        )
        part["league"], part["season"] = league, season
        parts.append(part.reset_index(drop=True))
    return parts


def plain(frame: pd.DataFrame) -> pd.DataFrame:
    """Values as values: a categorical or text column (index level) as objects,
    since the combined log's categories are the union of the parts'."""
    out = frame.copy()
    for c in out.columns:
        if isinstance(out[c].dtype, pd.CategoricalDtype | pd.StringDtype) or (
            out[c].dtype == object
        ):
            out[c] = out[c].astype(object).where(out[c].notna(), None)
    if isinstance(out.index, pd.MultiIndex):
        out.index = pd.MultiIndex.from_arrays(
            [
                np.asarray(out.index.get_level_values(i), dtype=object)
                for i in range(out.index.nlevels)
            ],
            names=out.index.names,
        )
    elif not isinstance(out.index, pd.RangeIndex):
        out.index = pd.Index(np.asarray(out.index, dtype=object), name=out.index.name)
    return out


def assert_same(
    combined: pd.DataFrame, parts: list[pd.DataFrame], *, index=False, union=False
):
    """``combined`` equals the parts one after another (their own index kept
    when ``index``, else renumbered). ``union``: a part's table has only the
    columns its games need (standings), the combined table all of them."""
    expected = pd.concat(parts, ignore_index=not index)
    got = combined if index else combined.reset_index(drop=True)
    if union:
        assert set(got.columns) == set(expected.columns)
        expected = expected[got.columns]
    assert list(got.columns) == list(expected.columns)
    pd.testing.assert_frame_equal(plain(got), plain(expected), check_dtype=False)


def labelled(table: pd.DataFrame, part: int, *, as_index: bool) -> pd.DataFrame:
    """A part's table with its league and season in front (index levels or
    columns), as the combined table of several parts shows them."""
    league, season = PARTS[part]
    if as_index:
        return pd.concat({(league, season): table}, names=["league", "season"])
    out = table.copy()
    out.insert(0, "season", season)
    out.insert(0, "league", league)
    return out


class Reused:
    """One game's combined log and its parts, validated and scored."""

    def __init__(self, game: str):
        self.game = game
        self.module = getattr(csf, game)
        self.raw_parts = relabelled(game)
        self.raw = pd.concat(self.raw_parts, ignore_index=True)
        self.deals = csf.validate(self.raw, game=game)
        self.parts = [csf.validate(p, game=game) for p in self.raw_parts]
        self.scored = self.module.score(self.deals)
        self.scored_parts = [self.module.score(p) for p in self.parts]
        self.ledger = self.module.to_ledger(self.scored)
        self.ledger_parts = [self.module.to_ledger(s) for s in self.scored_parts]

    def deal_counts(self) -> Counter:
        """Deals of each (league, season, game id), counted on the raw text."""
        return Counter(
            zip(
                self.raw["league"], self.raw["season"], self.raw["game_id"], strict=True
            )
        )


@pytest.fixture(scope="module", params=GAMES)
def log(request) -> Reused:
    return Reused(request.param)


@pytest.fixture(scope="module")
def belot() -> Reused:
    return Reused("belot")


@pytest.fixture(scope="module")
def preferans() -> Reused:
    return Reused("preferans")


def test_the_parts_reuse_game_ids(log):
    # the premise: eight games, named 1 and 2 in each of the four parts
    counts = log.deal_counts()
    assert sorted(counts) == sorted(
        (league, season, gid) for league, season in PARTS for gid in ("1", "2")
    )
    assert log.deals["game_id"].nunique() == 2


def test_logs_and_ledgers_put_together(log):
    # the parts read one by one and put together are the combined log
    assert_same(csf.concat_logs(log.parts), [log.deals])
    assert_same(csf.concat(log.ledger_parts), [log.ledger])


def test_scored_frames_and_ledger(log):
    assert list(log.scored.columns) == list(log.scored_parts[0].columns)
    assert_same(log.scored, log.scored_parts)
    assert_same(log.ledger, log.ledger_parts)
    # eight games in the ledger, each with the deals the raw log holds
    per_game = log.ledger.groupby("game_key", observed=True)["deal"].nunique()
    assert len(per_game) == 8
    counts = log.deal_counts()
    firsts = log.ledger.groupby("game_key", observed=True)[KEY].first()
    for key, row in firsts.iterrows():
        assert (
            per_game[key] == counts[(row["league"], row["season"], str(row["game_id"]))]
        )


def test_results(log):
    assert_same(
        log.module.results(log.scored),
        [log.module.results(s) for s in log.scored_parts],
    )
    table = csf.results(log.ledger)
    assert_same(table, [csf.results(p) for p in log.ledger_parts])
    assert table["game_key"].nunique() == 8
    # one winner or more in every game: no game lost in another's rows
    assert (table.groupby("game_key", observed=True)["won"].sum() >= 1).all()


def test_report(log):
    got = log.module.report(log.deals)
    alone = [log.module.report(p) for p in log.parts]
    assert list(got) == list(alone[0])
    for name, table in got.items():
        as_index = "league" in (table.index.names or [])
        expected = [
            labelled(a[name], k, as_index=as_index) for k, a in enumerate(alone)
        ]
        if name in ("Player totals", "Pair totals"):  # ranked within each part
            assert as_index
        numbered = isinstance(table.index, pd.RangeIndex)  # rows, not games
        assert_same(table, expected, index=not numbered)


def test_profile(log):
    by = ("league", "season")
    got = log.module.profile(log.scored, by=by)
    alone = [log.module.profile(s, by=by) for s in log.scored_parts]
    for name, table in got.items():
        assert_same(table, [a[name] for a in alone])
    season = csf.season.profile(log.scored, by=by)
    for name, table in season.items():
        assert_same(table, [a[name] for a in alone])


def test_totals_standings_and_head_to_head(log):
    by = ["league", "season"]
    split = csf.totals(log.ledger, by=by)
    alone = [csf.totals(p, by=by) for p in log.ledger_parts]
    assert_same(split, alone, index=True)
    # over everything: each player's games are the sum of his games in the
    # parts (game 1 of two seasons is two games, not one)
    whole = csf.totals(log.ledger).droplevel("game")
    games = pd.concat([a.droplevel(["game", *by]) for a in alone])
    expected = games.groupby(level="player")[["score", "deals", "games"]].sum()
    pd.testing.assert_frame_equal(
        plain(whole.sort_index()), plain(expected.sort_index()), check_dtype=False
    )
    assert_same(
        csf.season.standings(log.ledger),
        [csf.season.standings(p) for p in log.ledger_parts],
        union=True,  # tiebreak columns as each part's ranking needs
    )
    assert_same(
        csf.season.head_to_head(log.ledger, by=by),
        [csf.season.head_to_head(p, by=by) for p in log.ledger_parts],
    )


def test_points_log(log, tmp_path):
    source = log.scored if log.game == "belot" else log.ledger
    sources = log.scored_parts if log.game == "belot" else log.ledger_parts
    points = log.module.to_points(source)
    assert_same(points, [log.module.to_points(s) for s in sources])
    path = tmp_path / "points.csv"
    points.to_csv(path, index=False)
    back = csf.read_log(path, game=log.game, kind="points")
    # the points log's results are the deal log's, game by game
    got = log.module.results(log.module.score(back))
    want = log.module.results(log.scored)
    cols = [*KEY, "player", "score", "place", "won"]
    tables = log.module.report(back)
    for name, table in tables.items():
        alone = [
            log.module.report(csf.validate(p, game=log.game, kind="points"))[name]
            for p in (log.module.to_points(s) for s in sources)
        ]
        as_index = "league" in (table.index.names or [])
        numbered = isinstance(table.index, pd.RangeIndex)
        expected = [labelled(a, k, as_index=as_index) for k, a in enumerate(alone)]
        assert_same(table, expected, index=not numbered)
    pd.testing.assert_frame_equal(
        plain(got[cols]), plain(want[cols]), check_dtype=False
    )


def test_excel_round_trip(log, tmp_path):
    path = csf.to_excel(log.scored, tmp_path / f"{log.game}.xlsx")
    back = csf.read_excel(path, game=log.game)
    assert_same(back, [log.deals])
    assert_same(log.module.score(back), log.scored_parts)
    # each part alone gives the same sheets' deals
    alone = [
        csf.read_excel(csf.to_excel(s, tmp_path / f"{k}.xlsx"), game=log.game)
        for k, s in enumerate(log.scored_parts)
    ]
    assert_same(back, alone)
    # the index sheet names each game by league, season and id; a workbook of
    # one league and one season leaves the league and season out
    words = csf.get_game(log.game).excel.words
    headings, rows = index_sheet(path)
    league, season, game = headings[:3]  # then the game's id
    assert (league, season) == words.grouping
    named = [(r[league], r[season], str(r[game])) for r in rows]
    assert named == [(lg, se, gid) for lg, se in PARTS for gid in ("1", "2")]
    headings, _ = index_sheet(tmp_path / "0.xlsx")
    assert not set(words.grouping) & set(headings)


def index_sheet(path) -> tuple[tuple, list[dict]]:
    """The index sheet's headings and rows (heading -> value)."""
    sheet = openpyxl.load_workbook(path, read_only=True).worksheets[0]
    cells = list(sheet.iter_rows(min_row=4, values_only=True))
    headings = tuple(h for h in cells[0] if h is not None)
    rows = [dict(zip(headings, row, strict=False)) for row in cells[1:]]
    return headings, [r for r in rows if r[headings[0]] is not None]


def test_points_log_workbook(log, tmp_path):
    source = log.scored if log.game == "belot" else log.ledger
    points = csf.validate(log.module.to_points(source), game=log.game, kind="points")
    path = csf.to_excel(log.module.score(points), tmp_path / "points.xlsx")
    back = csf.read_excel(path, game=log.game, kind="points")
    assert_same(back, [points])


def test_results_do_not_depend_on_row_order(log):
    # the parts' rows mixed together: every game found again by its key
    shuffled = log.deals.sample(frac=1, random_state=7)
    table = csf.results(log.module.to_ledger(log.module.score(shuffled)))
    order = [*KEY, "player"]
    got = table.sort_values(order).reset_index(drop=True)
    want = csf.results(log.ledger).sort_values(order).reset_index(drop=True)
    pd.testing.assert_frame_equal(plain(got), plain(want), check_dtype=False)


def test_command_line(log, tmp_path, capsys):
    path = tmp_path / f"{log.game}.csv"
    log.raw.to_csv(path, index=False)
    assert main(["validate", str(path), "--game", log.game]) == 0
    assert "in 8 games" in capsys.readouterr().out
    out = tmp_path / "scored.csv"
    assert main(["score", str(path), "--game", log.game, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "2025-26" in printed and "2024-25" in printed  # each game's season shown
    written = pd.read_csv(out, dtype={"game_id": str})
    expected = pd.concat(log.scored_parts, ignore_index=True)
    assert (
        written[KEY].astype(str).values.tolist()
        == expected[KEY].astype(str).values.tolist()
    )
    assert written["deal"].tolist() == expected["deal"].tolist()
    table = tmp_path / "standings.csv"
    assert (
        main(
            [
                "season",
                str(path),
                "--game",
                log.game,
                "--no-ratings",
                "--out",
                str(table),
            ]
        )
        == 0
    )
    capsys.readouterr()
    standings = pd.read_csv(table)
    alone = pd.concat(
        [csf.season.standings(p) for p in log.ledger_parts], ignore_index=True
    )
    assert standings[["league", "season", "player"]].values.tolist() == (
        alone[["league", "season", "player"]].astype(str).values.tolist()
    )
    assert standings["games"].tolist() == alone["games"].tolist()


def test_validate_counts_the_games_of_a_log_without_league_or_season(capsys):
    # the paper sheets of the sample name no league or season: 37 games,
    # counted on the file's own ids
    path = "sample_data/preferans_sheets.csv"
    ids = pd.read_csv(path, dtype=str)["game_id"].nunique()
    assert ids == 37
    assert main(["validate", path, "--game", "preferans", "--kind", "sheet"]) == 0
    assert "126 rows in 37 games" in capsys.readouterr().out


# --- belot: matches and the pairs' standings ---


def test_belot_matches_of_two_seasons(belot):
    # the log: matches 1 and 2 in season 2024-25 and again in 2025-26
    got = csf.belot.matches(belot.scored)
    alone = [csf.belot.matches(s) for s in belot.scored_parts]
    assert_same(got, alone, index=True)
    assert len(got) == 8 and got.index.tolist() == [1, 2] * 4
    counts = belot.deal_counts()
    keys = zip(got["league"], got["season"], got.index.astype(str), strict=True)
    assert got["deals"].tolist() == [counts[k] for k in keys]
    # each match's totals are the sums of its deals' points, from the raw parts
    for (league, season), part, m in zip(PARTS, belot.scored_parts, alone, strict=True):
        sums = part.groupby("game_id")[["points_a", "points_b"]].sum()
        rows = got[(got["league"] == league) & (got["season"] == season)]
        assert rows["total_a"].tolist() == sums["points_a"].tolist()
        assert rows["total_b"].tolist() == sums["points_b"].tolist()
        assert rows["winner"].astype(str).tolist() == m["winner"].astype(str).tolist()


def test_belot_matches_do_not_depend_on_row_order(belot):
    shuffled = belot.deals.sample(frac=1, random_state=3)
    got = csf.belot.matches(csf.belot.score(shuffled))
    pd.testing.assert_frame_equal(plain(got), plain(csf.belot.matches(belot.scored)))


def test_belot_pair_totals(belot):
    table = csf.belot.matches(belot.scored)
    alone = [csf.belot.pair_totals(csf.belot.matches(s)) for s in belot.scored_parts]
    split = csf.belot.pair_totals(table, by=["league", "season"])
    expected = [labelled(a, k, as_index=True) for k, a in enumerate(alone)]
    assert_same(split, expected, index=True)
    # over every match: a pair's figures are the sums of its figures in the parts
    whole = csf.belot.pair_totals(table)
    summed = pd.concat(alone).groupby(level="pair").sum()
    pd.testing.assert_frame_equal(
        plain(whole.sort_index()),
        plain(summed[whole.columns].sort_index()),
        check_dtype=False,
    )
    assert whole["matches"].sum() == 2 * 8
    with pytest.raises(
        LedgerError, match="by= names columns the match table does not have: week"
    ):
        csf.belot.pair_totals(table, by=["week"])


def test_belot_report_of_one_season_is_unchanged(belot):
    # one league, one season: no league or season column, pair totals by pair
    tables = csf.belot.report(belot.parts[0])
    assert list(tables["Matches"].columns) == [
        "date",
        "pair_a",
        "pair_b",
        "deals",
        "total_a",
        "total_b",
        "winner",
    ]
    assert tables["Pair totals"].index.names == ["pair"]


# --- preferans: the paper sheet and its settlement ---


def test_preferans_sheet_and_settlement(preferans):
    sheet = csf.preferans.sheet(preferans.scored)
    sheets = [csf.preferans.sheet(s) for s in preferans.scored_parts]
    assert_same(sheet, sheets)
    for method in csf.preferans.METHODS:
        assert_same(
            csf.preferans.settle(sheet, method=method, whist_price=0.1),
            [csf.preferans.settle(s, method=method, whist_price=0.1) for s in sheets],
        )
        assert_same(
            csf.preferans.pairwise(sheet, method=method),
            [csf.preferans.pairwise(s, method=method) for s in sheets],
        )
    pairs = csf.preferans.pairwise(sheet)
    assert {"league", "season"} <= set(pairs.columns)
    got = csf.preferans.settle_report(sheet, method="paper", whist_price=0.1)
    alone = [
        csf.preferans.settle_report(s, method="paper", whist_price=0.1) for s in sheets
    ]
    for name, table in got.items():
        parts = [a[name] for a in alone]
        if name == "Games":  # one row per game: its league and season in front
            parts = [labelled(p, k, as_index=False) for k, p in enumerate(parts)]
        assert_same(table, parts)
    assert len(got["Games"]) == 8


def relabelled_sheets() -> tuple[list[pd.DataFrame], pd.DataFrame]:
    parts = relabelled("league_preferans_sheets")
    return parts, pd.concat(parts, ignore_index=True)


def test_preferans_sheet_log(tmp_path, capsys):
    raw_parts, raw = relabelled_sheets()
    sheet = csf.validate(raw, game="preferans", kind="sheet")
    parts = [csf.validate(p, game="preferans", kind="sheet") for p in raw_parts]
    assert_same(csf.preferans.settle(sheet), [csf.preferans.settle(p) for p in parts])
    # read back from its workbook
    path = csf.to_excel(sheet, tmp_path / "sheets.xlsx")
    back = csf.read_excel(path, game="preferans", kind="sheet")
    headings, rows = index_sheet(path)
    named = [(r["Клуб"], r["Сезон"], str(r["Пулька"])) for r in rows]
    assert named == [(lg, se, gid) for lg, se in PARTS for gid in ("1", "2")]
    assert_same(csf.preferans.settle(back), [csf.preferans.settle(p) for p in parts])
    # the command line settles it as each part alone, and prints each season
    log = tmp_path / "sheets.csv"
    raw.to_csv(log, index=False)
    out = tmp_path / "settled.csv"
    assert main(["settle", str(log), "--method", "paper", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "season" in printed and "2025-26" in printed
    written = pd.read_csv(out, dtype={"game_id": str, "season": str})
    expected = pd.concat(
        [csf.preferans.settle(p, method="paper") for p in parts], ignore_index=True
    )
    assert written[[*KEY, "player"]].values.tolist() == (
        expected[[*KEY, "player"]].astype(str).values.tolist()
    )
    assert written["whists"].tolist() == expected["whists"].tolist()


def test_telling_columns_are_the_league_and_season_that_vary():
    # as game_codes counts them: one value tells no game apart, a blank is a value
    frame = pd.DataFrame(
        {
            "league": ["A", "A", "A"],
            "season": ["2024-25", None, "2024-25"],
            "game_id": [1, 1, 2],
        }
    )
    assert telling_columns(frame) == ["season"]
    assert telling_columns(frame.assign(season="2024-25")) == []
    # in the key's order, whatever the frame's
    moved = frame.drop(columns="league").assign(league=list("ABA"))
    assert telling_columns(moved) == ["league", "season"]
