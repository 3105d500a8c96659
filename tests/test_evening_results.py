"""Evening results (``kind="results"``): a tarot club's weekly challenge, every
game's log of each player's score per evening and session.

The challenge is built here: ten Tuesday evenings of 9 to 41 players, three
sessions each, tables of 4 and 5 drawn every session (each table's scores add
up to 0) and not written down, a few players leaving before the last session.
It is written as clubs keep it, one row per player and evening (``Date``,
``Joueur``, ``S1`` .. ``S3``, ``Total``), with two typing slips (two sessions
that no longer add up to 0) and a trailing space in a name. Every figure is
checked against plain pandas written below (a melt, a groupby), never against
the code under test.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import numpy as np
import pandas as pd
import pytest
import toy_game

import cardscore_frames as csf
from cardscore_frames.contract import GAMES, get_game, register, unregister
from cardscore_frames.games.evening_results import (
    long_results,
    results_schema,
    results_to_ledger,
    session_columns,
)
from cardscore_frames.io.sheet_dates import evening_date

NAMES = (
    "Amélie Roux", "Bastien Petit", "Céline Morel", "Damien Faure", "Élodie Blanc",
    "Fabrice Girard", "Gaëlle André", "Hugo Mercier", "Inès Dupont", "Julien Lambert",
    "Karine Bonnet", "Léo François", "Manon Martinez", "Nicolas Legrand",
    "Océane Garnier", "Pascal Rousseau", "Quentin Vincent", "Rachel Muller",
    "Sébastien Lefèvre", "Thérèse Fontaine", "Ulysse Chevalier", "Valérie Robin",
    "William Masson", "Xavier Sanchez", "Yasmine Gauthier", "Zoé Perrin",
    "Adrien Morin", "Brigitte Clément", "Cyril Nicolas", "Delphine Henry",
    "Étienne Roussel", "Florence Mathieu", "Grégoire Guérin", "Hélène Boyer",
    "Ivan Lemoine", "Jeanne Barbier", "Kévin Arnaud", "Laure Giraud", "Mathis Rolland",
    "Nadia Colin", "Olivier Vidal", "Pauline Caron", "Romain Picard", "Sophie Roger",
    "Thomas Duval",
)  # fmt: skip
DATES = pd.date_range("2025-09-02", periods=10, freq="7D")
#: Players each evening: 9 to 41.
SIZES = (9, 13, 17, 20, 23, 28, 31, 35, 38, 41)
#: Evenings (by position) where the last player leaves before the third session.
LEAVE_EARLY = (2, 5, 8)
#: The two slips: (evening, session, the row of the evening, points added).
SLIPS = ((3, 2, 4, 10), (7, 3, 11, -5))
SPACED = 5  # the evening where Amélie's name is written with a trailing space


def _tables(count: int) -> list[int]:
    """Tables of 4 and 5 seating ``count`` players (5s as few as can be)."""
    fives = count % 4  # 5 is 1 more than 4: one 5 per player left over
    return [5] * fives + [4] * ((count - 5 * fives) // 4)


def _challenge(slips: bool = True) -> pd.DataFrame:
    """The wide table, as the club keeps it."""
    rng = np.random.default_rng(2025)
    parts = []
    for e, (date, size) in enumerate(zip(DATES, SIZES, strict=True)):
        players = [NAMES[0], *rng.choice(NAMES[1:], size - 1, replace=False)]
        scores = np.full((size, 3), np.nan)
        for s in range(3):
            playing = size - 1 if s == 2 and e in LEAVE_EARLY else size
            seats = rng.permutation(playing)
            start = 0
            for n in _tables(playing):
                points = rng.integers(-20, 21, n) * 10
                points[-1] = -points[:-1].sum()  # each table adds up to 0
                scores[seats[start : start + n], s] = points
                start += n
        if e == SPACED:
            players[0] = NAMES[0] + " "
        part = pd.DataFrame(
            {"Date": date.strftime("%Y-%m-%d"), "Joueur": players}
            | {f"S{s + 1}": scores[:, s] for s in range(3)}
        )
        parts.append(part)
    wide = pd.concat(parts, ignore_index=True)
    if slips:
        for e, s, row, add in SLIPS:
            at = np.flatnonzero(wide["Date"] == DATES[e].strftime("%Y-%m-%d"))[row]
            wide.loc[at, f"S{s}"] += add
    # the club's spreadsheet sums the row as typed
    wide["Total"] = wide[["S1", "S2", "S3"]].sum(axis=1)
    return wide


def _long(wide: pd.DataFrame) -> pd.DataFrame:
    """The plain melt: one row per player, evening and session played."""
    out = wide.reset_index(names="row").melt(
        id_vars=["row", "Date", "Joueur"],
        value_vars=["S1", "S2", "S3"],
        var_name="heading",
        value_name="score",
    )
    out = out.dropna(subset=["score"])
    out["session"] = out["heading"].str[1:].astype(int)
    out["player"] = out["Joueur"].str.strip()
    out["date"] = pd.to_datetime(out["Date"])
    return out.sort_values(["row", "session"]).reset_index(drop=True)


def _read(how: str, frame: pd.DataFrame, folder, game="tarot", **kw):
    if how == "dataframe":
        return csf.read_log(frame, game=game, kind="results", **kw)
    path = folder / f"challenge.{how}"
    if how == "csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_parquet(path, index=False)
    return csf.read_log(path, game=game, kind="results", **kw)


READERS = ("dataframe", "csv", "parquet")


@pytest.fixture(scope="module")
def wide():
    return _challenge()


@pytest.fixture(scope="module")
def clean():
    return _challenge(slips=False)


def test_the_challenge_is_as_described(wide):
    assert wide.groupby("Date").size().tolist() == list(SIZES)
    assert wide["Joueur"].str.endswith(" ").sum() == 1
    sums = _long(wide).groupby(["date", "session"])["score"].sum()
    assert (sums != 0).sum() == 2


# --- the slips, through every reader -------------------------------------------------


@pytest.mark.parametrize("how", READERS)
def test_the_two_slips_are_named_with_their_sums_and_scores(wide, tmp_path, how):
    with pytest.raises(csf.LogValidationError) as caught:
        _read(how, wide, tmp_path)
    fc = caught.value.failure_cases
    long = _long(wide)
    sums = long.groupby(["date", "session"])["score"].sum()
    bad = sums[sums != 0]
    assert fc["reason"].tolist() == ["not_zero_sum"] * len(bad) == ["not_zero_sum"] * 2
    for (date, session), total in bad.items():
        rows = long[(long["date"] == date) & (long["session"] == session)]
        day = date.strftime("%Y-%m-%d")
        got = fc[fc["message"].str.contains(f"session {session} of {day}")]
        assert len(got) == 1
        problem = got.iloc[0]
        assert f"add up to {int(total)}:" in problem["message"]
        for name, score in zip(rows["player"], rows["score"], strict=True):
            assert f"{name} {int(score)}" in problem["message"]
        assert problem["value"] == total
        # named by the row given (the session's first player) and his cell
        first = rows.iloc[0]
        assert problem["row"] == first["row"]
        assert problem["column"] == first["heading"]
        assert problem["game_id"] == day
        if how == "csv":
            assert problem["line"] == first["row"] + 2  # the heading is line 1
        else:
            assert pd.isna(problem["line"])


@pytest.mark.parametrize("how", READERS)
def test_collect_keeps_the_good_evenings_and_rejects_the_two_whole(wide, tmp_path, how):
    got = _read(how, wide, tmp_path, errors="collect")
    long = _long(wide)
    sums = long.groupby(["date", "session"])["score"].sum()
    bad_days = {d.strftime("%Y-%m-%d") for d, _ in sums[sums != 0].index}
    bad_rows = wide.index[wide["Date"].isin(bad_days)]
    # the rows given of the rejected evenings, as given, with their problems
    assert got.rejected.index.tolist() == bad_rows.tolist()
    assert got.rejected["Joueur"].tolist() == wide.loc[bad_rows, "Joueur"].tolist()
    reasons = got.rejected["problems"]
    assert reasons.str.contains("must add up to 0").sum() == 2
    assert (
        reasons.str.contains("an evening is counted whole").sum() == len(bad_rows) - 2
    )
    # the other evenings, long, every score as the melt has it
    kept = long[~long["date"].dt.strftime("%Y-%m-%d").isin(bad_days)]
    deals = got.deals
    assert deals.index.tolist() == kept["row"].tolist()  # the rows they came from
    assert deals["player"].astype(str).tolist() == kept["player"].tolist()
    assert deals["session"].tolist() == kept["session"].tolist()
    assert deals["score"].tolist() == kept["score"].tolist()
    assert (deals["date"] == kept["date"].to_numpy()).all()
    ledger = csf.tarot.to_ledger(deals)
    assert ledger["date"].nunique() == 8
    _same_scores(ledger, kept)


def _same_scores(ledger: pd.DataFrame, long: pd.DataFrame) -> None:
    """The ledger holds each session's score of the melt, one row each."""
    got = ledger.assign(
        day=ledger["date"].dt.strftime("%Y-%m-%d"),
        session=ledger["game_id"].astype(str).str.split(" S").str[1].astype(int),
        player=ledger["player"].astype(str),
    )[["day", "session", "player", "score"]]
    want = long.assign(day=long["date"].dt.strftime("%Y-%m-%d"))[
        ["day", "session", "player", "score"]
    ]
    key = ["day", "session", "player"]
    pd.testing.assert_frame_equal(
        got.sort_values(key).reset_index(drop=True),
        want.sort_values(key).reset_index(drop=True),
        check_dtype=False,
    )


# --- the season ----------------------------------------------------------------------


@pytest.mark.parametrize("how", READERS)
def test_the_ledger_holds_every_session_score(clean, tmp_path, how):
    log = _read(how, clean, tmp_path)
    assert log.cardscore.kind == "results"
    ledger = csf.tarot.to_ledger(log)
    long = _long(clean)
    assert len(ledger) == len(long)
    _same_scores(ledger, long)
    assert list(ledger.columns) == [*csf.LEDGER_COLUMNS, "misere_points"]
    assert (ledger["deal"] == 1).all() and (ledger["role"] == "player").all()
    assert ledger["game_id"].iat[0] == "2025-09-02 S1"
    # a game per evening and session: 30 games, each adding up to 0
    assert ledger["game_key"].nunique() == 30
    assert ledger.groupby("game_key", observed=True)["score"].sum().abs().max() == 0
    pd.testing.assert_frame_equal(csf.check_ledger(ledger), ledger)


@pytest.fixture(scope="module")
def season(clean):
    return csf.tarot.to_ledger(csf.read_log(clean, game="tarot", kind="results"))


def test_results_are_each_sessions_place_in_the_room(season, clean):
    table = csf.results(season)
    long = _long(clean)
    assert len(table) == len(long)
    players = long.groupby(["date", "session"])["player"].transform("size")
    table = table.sort_values(["date", "game_id", "player"]).reset_index(drop=True)
    want = long.assign(players=players).sort_values(["date", "session", "player"])
    assert table["score"].tolist() == want["score"].tolist()
    assert table["players"].tolist() == want["players"].tolist()
    place = want.groupby(["date", "session"])["score"].rank(
        method="min", ascending=False
    )
    assert table["place"].tolist() == place.astype(int).tolist()


def test_standings_total_every_players_season(season, clean):
    long = _long(clean)
    totals = long.groupby("player")["score"].sum()
    games = long.groupby("player").size()
    table = csf.season.standings(season).set_index("player")
    assert table["total"].sort_index().tolist() == totals.sort_index().tolist()
    assert table["games"].sort_index().tolist() == games.sort_index().tolist()
    # Amélie, her name once written "Amélie Roux ", is one player: three
    # sessions on each of ten evenings
    assert table.loc[NAMES[0], "games"] == 30


def test_standings_by_place_count_each_players_evenings(season, clean):
    long = _long(clean)
    evenings = long.groupby("player")["date"].nunique()
    table = csf.season.standings(season, points="place").set_index("player")
    assert table["evenings"].sort_index().tolist() == evenings.sort_index().tolist()
    assert table["total"].sort_index().tolist() == (
        long.groupby("player")["score"].sum().sort_index().tolist()
    )
    # an evening's place: by the evening's total, n - place + 1 points
    night = long.groupby(["date", "player"])["score"].sum()
    place = night.groupby(level="date").rank(method="min", ascending=False)
    size = night.groupby(level="date").transform("size")
    points = (size - place + 1).groupby(level="player").sum()
    assert table["points"].sort_index().tolist() == points.sort_index().tolist()


def test_head_to_head_nets_what_each_won_from_the_other(season, clean):
    h2h = csf.season.head_to_head(season)
    long = _long(clean)
    a, b = NAMES[0], NAMES[1]
    both = long[long["player"].isin([a, b])]
    met = both.groupby(["date", "session"]).filter(lambda g: len(g) == 2)
    assert len(met)  # the fixture's seed seats them together at times
    pair = h2h[(h2h["player"] == a) & (h2h["opponent"] == b)].iloc[0]
    assert pair["games"] == len(met) // 2
    ahead = met.pivot_table(index=["date", "session"], columns="player", values="score")
    assert pair["wins"] == (ahead[a] > ahead[b]).sum()
    assert pair["losses"] == (ahead[a] < ahead[b]).sum()


def test_score_gives_each_players_running_total_of_the_evening(clean):
    scored = csf.tarot.score(csf.read_log(clean, game="tarot", kind="results"))
    long = _long(clean)
    assert scored["running_total"].tolist() == (
        long.groupby(["row"])["score"].cumsum().tolist()
    )
    assert csf.tarot.to_ledger(scored)["score"].sum() == 0
    # raw, with the club's headings: read, checked and turned into the ledger
    raw = csf.tarot.to_ledger(clean)
    pd.testing.assert_frame_equal(raw, csf.tarot.to_ledger(scored))


# --- the checks, one by one ----------------------------------------------------------

EVENING = pd.DataFrame(
    {
        "Date": ["2025-09-02"] * 4,
        "Joueur": ["Ann", "Bob", "Cid", "Dee"],
        "S1": [30, -10, -10, -10],
        "S2": [-20, 60, -20, -20],
    }
)


def test_a_total_that_is_not_the_sum_names_the_row_and_both_numbers(tmp_path):
    wide = EVENING.assign(Total=[10, 50, -30, -20])
    with pytest.raises(csf.LogValidationError) as caught:
        _read("csv", wide, tmp_path)
    fc = caught.value.failure_cases
    assert fc[["reason", "column", "row", "line"]].values.tolist() == [
        ["total_mismatch", "total", 3, 5]
    ]
    assert "Dee" in fc["message"].iat[0] and "got '-20'" in fc["message"].iat[0]
    assert "add up to -30" in fc["message"].iat[0]


def test_a_total_without_a_session_is_checked_too():
    wide = pd.concat(
        [EVENING, pd.DataFrame({"Date": ["2025-09-02"], "Joueur": ["Eve"]})],
        ignore_index=True,
    ).assign(Total=[10, 50, -30, -30, 40])
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(wide, game="tarot", kind="results")
    fc = caught.value.failure_cases
    assert fc[["reason", "row"]].values.tolist() == [["total_mismatch", 4]]
    # a Total of 0, or none, on a row of no session: the player did not play
    ok = csf.read_log(
        wide.assign(Total=[10, 50, -30, -30, 0]), game="tarot", kind="results"
    )
    assert len(csf.tarot.to_ledger(ok)) == 8


def test_a_blank_session_cell_is_a_session_not_played():
    wide = EVENING.astype({"S2": object})
    wide.loc[0, "S2"] = "  "
    wide.loc[1, "S2"] = 40  # Ann left: three players shared session 2
    log = csf.read_log(wide, game="tarot", kind="results")
    assert log["session"].tolist() == [1, 1, 2, 1, 2, 1, 2]
    assert log.index.tolist() == [0, 1, 1, 2, 2, 3, 3]


def test_a_player_twice_in_a_session_and_a_score_not_a_number(tmp_path):
    wide = EVENING.astype({"S2": object})
    wide.loc[3, "Joueur"] = "Bob"
    wide.loc[2, "S2"] = "vingt"
    with pytest.raises(csf.LogValidationError) as caught:
        _read("csv", wide, tmp_path)
    fc = caught.value.failure_cases
    got = fc[["reason", "column", "row", "line"]].values.tolist()
    assert got == [
        ["not_a_number", "S2", 2, 4],
        ["duplicate_player", "player", 3, 5],
        ["duplicate_player", "player", 3, 5],
    ]
    assert fc["message"].iat[0] == "S2: score must be a number; got 'vingt'"
    assert "'Bob' has two scores in session 1 of 2025-09-02" in fc["message"].iat[1]


def test_a_score_in_an_excel_sheet_is_named_by_its_cell(tmp_path):
    wide = EVENING.astype({"S2": object})
    wide.loc[2, "S2"] = "vingt"
    path = tmp_path / "challenge.xlsx"
    wide.to_excel(path, index=False, sheet_name="Soirées", engine="openpyxl")
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(path, game="tarot", kind="results")
    fc = caught.value.failure_cases
    # S2 is column D; the heading is row 1, Cid's row 4
    assert fc[["column", "row", "cell"]].values.tolist() == [["S2", 2, "Soirées!D4"]]


@pytest.mark.parametrize(
    "headings",
    [
        ("Soirée", "Nom", "Séance 1", "Séance 2", "Total général"),
        ("Дата", "Игрок", "Тур 1", "Тур 2", "Итого"),
        ("Ամսաթիվ", "Խաղացող", "Խաղ 1", "Խաղ 2", "Ընդամենը"),
    ],
    ids=["fr", "ru", "hy"],
)
def test_the_clubs_headings_read_as_the_columns(headings):
    wide = EVENING.assign(Total=[10, 50, -30, -30])
    want = csf.read_log(wide, game="tarot", kind="results")
    got = csf.read_log(
        wide.set_axis(list(headings), axis=1), game="tarot", kind="results"
    )
    names = list(results_schema("tarot").names)
    pd.testing.assert_frame_equal(got[names], want[names])


def test_the_long_form_with_tables_adds_up_per_table():
    rows = [  # session 1 at two tables; in session 2, 10 points moved table
        ("2025-09-02", t, p, s, v)
        for s, scores in ((1, (40, -20, -10, -10, 25, -5, -5, -5, -10)),
                          (2, (30, -10, -10, 0, 20, 0, -10, -10, -10)))
        for (t, p), v in zip(
            [(1, n) for n in "ABCD"] + [(2, n) for n in "EFGHI"], scores, strict=True
        )
    ]  # fmt: skip
    long = pd.DataFrame(rows, columns=["Date", "Table", "Joueur", "Séance", "Points"])
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(long, game="tarot", kind="results")
    fc = caught.value.failure_cases
    assert fc["reason"].tolist() == ["not_zero_sum", "not_zero_sum"]
    assert "session 2 of 2025-09-02 at table 1" in fc["message"].iat[0]
    assert "add up to 10: A 30, B -10, C -10, D 0" in fc["message"].iat[0]
    assert (
        "at table 2 must add up to 0 (tarot is zero-sum); they add up to -10"
        in (fc["message"].iat[1])
    )
    # without the tables the room adds up to 0: nothing to see
    assert len(csf.read_log(long.drop(columns="Table"), game="tarot", kind="results"))
    fixed = long.copy()
    fixed.loc[12, "Points"] = -10  # D in session 2: the slip undone
    fixed.loc[14, "Points"] = 10  # F
    ledger = csf.tarot.to_ledger(csf.read_log(fixed, game="tarot", kind="results"))
    assert ledger["game_id"].unique().tolist() == [
        "2025-09-02 S1 T1",
        "2025-09-02 S1 T2",
        "2025-09-02 S2 T1",
        "2025-09-02 S2 T2",
    ]
    assert ledger["table"].astype(str).unique().tolist() == ["1", "2"]
    table = csf.results(ledger)
    assert sorted(table["players"].unique()) == [4, 5]
    want = fixed.groupby("Joueur")["Points"].sum()
    got = csf.season.standings(ledger).set_index("player")["total"]
    assert got.sort_index().tolist() == want.sort_index().tolist()


def test_collect_on_the_long_form_rejects_the_evening_whole():
    long = long_results(
        pd.concat([EVENING, EVENING.assign(Date="2025-09-09")], ignore_index=True)
    ).reset_index(drop=True)
    long.columns = ["Date", "Joueur", "Séance", "Score"]
    long.loc[9, "Score"] = 0.5  # 2025-09-09, Ann's session 2
    got = csf.read_log(long, game="tarot", kind="results", errors="collect")
    assert got.rejected.index.tolist() == list(range(8, 16))
    assert got.deals.index.tolist() == list(range(8))
    assert len(got.deals) + len(got.rejected) == len(long)


# --- every game, and a game of the tests' own ----------------------------------------


@pytest.mark.parametrize("name", ["tarot", "belot", "preferans"])
def test_every_game_reads_evening_results(name, tmp_path):
    game = get_game(name)
    assert game.schema("results").kind == "results"
    log = _read("csv", EVENING, tmp_path, game=name)
    ledger = game.to_ledger(game.score(log))
    assert list(ledger.columns) == [*csf.LEDGER_COLUMNS, *game.ledger_columns]
    dtypes = {**csf.LEDGER_DTYPES, **game.ledger_columns}
    assert {c: str(ledger[c].dtype) for c in ledger} == dtypes
    pd.testing.assert_frame_equal(csf.check_ledger(ledger), ledger)
    assert ledger["score"].tolist() == [30, -10, -10, -10, -20, 60, -20, -20]
    assert len(csf.results(ledger)) == 8
    table = csf.season.standings(ledger).set_index("player")["total"]
    assert table.sort_index().tolist() == [10, 50, -30, -30]
    assert len(csf.season.head_to_head(ledger)) == 12


def test_a_session_need_not_add_up_in_a_game_that_is_not_zero_sum():
    uneven = EVENING.assign(S2=[-20, 60, -20, 0])
    assert not get_game("belot").zero_sum
    ledger = csf.belot.to_ledger(csf.read_log(uneven, game="belot", kind="results"))
    assert ledger["score"].sum() == 20
    with pytest.raises(csf.LogValidationError, match="tarot is zero-sum"):
        csf.read_log(uneven, game="tarot", kind="results")


@pytest.fixture
def duel():
    """The tests' toy game, registered with the shared evening results log:
    one line, no change to the package."""
    base = toy_game.GAME
    register(
        dataclasses.replace(base, logs={**base.logs, "results": results_schema("duel")})
    )
    try:
        yield
    finally:
        unregister(toy_game.NAME)


def test_a_game_of_the_tests_own_reads_evening_results(duel):
    with pytest.raises(csf.LogValidationError, match="duel is zero-sum"):
        csf.read_log(EVENING.assign(S2=[0, 0, 0, 10]), game="duel", kind="results")
    log = csf.read_log(EVENING, game="duel", kind="results")
    ledger = results_to_ledger(log, "duel")
    assert (ledger["game"] == "duel").all()
    assert ledger["score"].tolist() == [30, -10, -10, -10, -20, 60, -20, -20]
    table = csf.season.standings(ledger).set_index("player")["total"]
    assert table.sort_index().tolist() == [10, 50, -30, -30]
    assert len(csf.results(ledger)) == 8
    assert list(GAMES)[-1] == "duel"


# --- the sheets of an evening workbook -----------------------------------------------


@pytest.mark.parametrize(
    ("name", "season", "day"),
    [
        pytest.param("2 SEPTEMBRE", "2025-26", dt.date(2025, 9, 2), id="fr-upper"),
        pytest.param("14.11", "2025-26", dt.date(2025, 11, 14), id="day.month"),
        pytest.param("14.01", "2025-26", dt.date(2026, 1, 14), id="january-next-year"),
        pytest.param("12 ноября", "2025-26", dt.date(2025, 11, 12), id="ru-genitive"),
        pytest.param("3 сентября", "2025-26", dt.date(2025, 9, 3), id="ru-september"),
        pytest.param("Oct 5", "2025-26", dt.date(2025, 10, 5), id="en-short"),
        pytest.param("5 March", "2025-26", dt.date(2026, 3, 5), id="en-march"),
        pytest.param("2025-09-02", None, dt.date(2025, 9, 2), id="iso"),
        pytest.param("2025-09-02", "2030-31", dt.date(2025, 9, 2), id="iso-own-year"),
        pytest.param("Mardi 2 décembre", "2025-26", dt.date(2025, 12, 2), id="weekday"),
        pytest.param("7 février", "2025-2026", dt.date(2026, 2, 7), id="long-season"),
        pytest.param("3 սեպտեմբերի", "2025-26", dt.date(2025, 9, 3), id="hy-genitive"),
        pytest.param("Մարտ 10", "2025-26", dt.date(2026, 3, 10), id="hy-march"),
        pytest.param("12 ноября", "2026", dt.date(2026, 11, 12), id="one-year-season"),
        pytest.param("14.02", "2026", dt.date(2026, 2, 14), id="one-year-february"),
        pytest.param("14.11.2024", "2025-26", dt.date(2024, 11, 14), id="own-year"),
        pytest.param("1 août", "Saison 2025-26", dt.date(2026, 8, 1), id="august-last"),
        pytest.param("Modèle", "2025-26", None, id="template-fr"),
        pytest.param("Membres", "2025-26", None, id="members"),
        pytest.param("Template", "2025-26", None, id="template-en"),
        pytest.param("Séance 2", "2025-26", None, id="no-month"),
        pytest.param("31.11", "2025-26", None, id="no-such-day"),
        pytest.param("2 septembre", None, None, id="no-year"),
    ],
)
def test_evening_date(name, season, day):
    assert evening_date(name, season) == day


def test_session_headings_are_declared_once():
    headings = ["S1", "Session 2", "Séance 3", "Тур 4", "Партия 5", "séance_6", "Total"]
    assert session_columns(headings) == {h: i for i, h in enumerate(headings[:-1], 1)}
