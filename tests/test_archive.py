"""A generated archive (``csf.generate_archive``, ``cardscore generate``): seeded,
every file a valid log of whole games, leagues and seasons as a federation
keeps them, bad arguments said in words."""

from __future__ import annotations

from datetime import date

import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.cli import main
from cardscore_frames.contract import GAMES


def files_of(table: pd.DataFrame) -> list[bytes]:
    return [open(f, "rb").read() for f in table["file"]]


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_the_same_seed_gives_the_same_files(tmp_path, fmt):
    options = {"deals": 1_200, "files": 3, "format": fmt, "leagues": 2}
    first = csf.generate_archive(tmp_path / "a", seed=5, **options)
    again = csf.generate_archive(tmp_path / "b", seed=5, **options)
    other = csf.generate_archive(tmp_path / "c", seed=6, **options)
    assert [f.rsplit("/", 1)[1] for f in first["file"]] == [
        "tarot-2024-25-01." + fmt,
        "tarot-2024-25-02." + fmt,
        "tarot-2025-26-01." + fmt,
    ]  # 3 files over 2 seasons: the first season gets the extra one
    assert files_of(first) == files_of(again)
    assert files_of(first) != files_of(other)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_writes_valid_leagues_and_seasons(tmp_path, name):
    seasons = ["2023-24", "2024-25", "2025-26"]
    table = csf.generate_archive(
        tmp_path, game=name, deals=3_000, files=3, leagues=3, seasons=seasons
    )
    logs = [csf.read_log(f, game=name) for f in table["file"]]  # all valid
    log = pd.concat(logs, ignore_index=True)
    if name == "preferans":  # whole games to their end: a few deals more
        assert 3_000 <= len(log) < 3_300
    else:
        assert len(log) == table["deals"].sum() == 3_000
    assert list(log["season"].unique()) == seasons  # a file per season, in order
    assert log["league"].nunique() == 3
    for season, dates in log.groupby("season", observed=True)["date"]:
        start = int(season[:4])  # 2025-26: 1 September 2025 to 30 June 2026
        assert dates.min().date() >= date(start, 9, 1)
        assert dates.max().date() <= date(start + 1, 6, 30)
    # game ids count from 1 in each (league, season), without gaps
    ids = log.groupby(["league", "season"], observed=True)["game_id"]
    assert (ids.min() == 1).all()
    assert (ids.max() == ids.nunique()).all()
    # each game in one file: no (league, season, game) in two files
    keys = [
        set(map(tuple, g[["league", "season", "game_id"]].to_numpy())) for g in logs
    ]
    assert sum(map(len, keys)) == len(set().union(*keys))
    # leagues have players of their own
    seats = GAMES[name].seats
    players = {
        league: {v for v in g[list(seats)].to_numpy().ravel() if pd.notna(v)}
        for league, g in log.groupby("league", observed=True)
    }
    first, second, third = players.values()
    assert not first & second and not second & third
    # the first league plays the most
    sizes = log.groupby("league", observed=True, sort=False).size()
    assert sizes.iloc[0] == sizes.max()


def test_dates_run_through_the_season_in_game_order(tmp_path):
    table = csf.generate_archive(tmp_path, deals=8_000, files=2, seasons=["2025-26"])
    assert table[["first_date", "last_date"]].to_numpy().tolist() == [
        ["2025-09-01", "2026-01-29"],  # 303 days: the first 151
        ["2026-01-30", "2026-06-30"],
    ]
    log = csf.read_log(table["file"][0], game="tarot")
    one = log[log["league"] == log["league"].iloc[0]]
    per_game = one.groupby("game_id")["date"].agg(["min", "max"])
    assert (per_game["min"] == per_game["max"]).all()  # a game is played on a day
    assert per_game["min"].is_monotonic_increasing
    assert log["date"].is_monotonic_increasing  # the file in date order


@pytest.mark.parametrize("name", list(GAMES))
def test_the_archive_reads_on_dask_as_in_pandas(tmp_path, name):
    pytest.importorskip("dask")
    import dask

    from cardscore_frames.distributed import read_logs

    game = GAMES[name]
    table = csf.generate_archive(
        tmp_path, game=name, deals=2_000, files=4, format="csv"
    )
    raw = [pd.read_csv(f, dtype=str, keep_default_na=False) for f in table["file"]]
    p_ledger = game.to_ledger(game.score(csf.validate(pd.concat(raw), game=name)))
    expected = csf.totals(p_ledger, by=["league", "season"])
    with dask.config.set(scheduler="sync"):
        deals = read_logs(tmp_path, game=name, persist=True)
        ledger = game.to_ledger(game.score(deals)).persist()
        got = csf.totals(ledger, by=["league", "season"]).compute()
        table = csf.season.standings(ledger).compute()
    assert deals.npartitions == 4
    # a preferans total adds thirds of a whist: summed per file first, its
    # last bit may differ from pandas' sum in row order
    exact = game.unit != "whists"
    tolerance = {} if exact else {"check_exact": False, "rtol": 0, "atol": 1e-9}
    pd.testing.assert_frame_equal(got, expected, **tolerance)
    pd.testing.assert_frame_equal(table, csf.season.standings(p_ledger))


def test_bad_arguments_are_said_at_once(tmp_path):
    with pytest.raises(csf.RulesError) as caught:
        csf.generate_archive(
            tmp_path, deals=5, files=1, format="xls", leagues=9,
            seasons=["2025-27", "2024-25"],
        )  # fmt: skip
    message = str(caught.value)
    for part in (
        "format must be parquet or csv; got 'xls'",
        "leagues must be from 1 to 7; got 9",
        "'2025-27' is not a season: a season is written like 2025-26",
        "files must be at least the number of seasons (2",
        "deals must be at least files x leagues (9",
    ):
        assert part in message
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_folder_that_holds_logs_is_refused_unless_overwritten(tmp_path):
    csf.generate_archive(tmp_path, deals=800, files=4)
    with pytest.raises(csf.RulesError, match="already holds 4 log files"):
        csf.generate_archive(tmp_path, deals=400, files=2)
    table = csf.generate_archive(tmp_path, deals=400, files=2, overwrite=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "tarot-2024-25-01.parquet",
        "tarot-2025-26-01.parquet",
    ]  # the old archive's files are gone: reading the folder reads this one
    assert table["deals"].sum() == 400
    (tmp_path / "club.csv").write_text("game_id,deal\n", encoding="utf-8")
    with pytest.raises(csf.RulesError, match="other log files \\(club.csv"):
        csf.generate_archive(tmp_path, deals=400, files=2, overwrite=True)


def test_the_command_says_each_file_and_the_total(tmp_path, capsys):
    out = tmp_path / "archive"
    code = main(
        ["generate", "--game", "belot", "--deals", "3000", "--files", "2",
         "--out", str(out), "--format", "csv", "--leagues", "2", "--seed", "3"]
    )  # fmt: skip
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"wrote {out}/belot-2024-25-01.csv: 1,500 deals in ")
    assert lines[0].endswith(", 2024-25 (2024-09-01 to 2025-06-30)")
    assert lines[2].startswith("3,000 deals in ")
    assert lines[2].endswith(f"games of 2 leagues over 2 seasons, in 2 files in {out}")
    again = tmp_path / "again"
    main(["generate", "--game", "belot", "--deals", "3000", "--files", "2",
          "--out", str(again), "--format", "csv", "--leagues", "2",
          "--seed", "3"])  # fmt: skip
    assert [p.read_bytes() for p in sorted(out.iterdir())] == [
        p.read_bytes() for p in sorted(again.iterdir())
    ]


def test_the_command_refuses_bad_arguments_with_status_2(tmp_path, capsys):
    code = main(
        ["generate", "--game", "tarot", "--deals", "100", "--files", "1",
         "--out", str(tmp_path), "--seasons", "2025"]
    )  # fmt: skip
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("cardscore: cannot generate this archive:\n")
    assert "'2025' is not a season: a season is written like 2025-26" in err
    main(["generate", "--game", "tarot", "--deals", "100", "--files", "2",
          "--out", str(tmp_path)])  # fmt: skip
    capsys.readouterr()
    code = main(["generate", "--game", "tarot", "--deals", "100", "--files", "2",
                 "--out", str(tmp_path)])  # fmt: skip
    assert code == 2
    assert "or replace the archive there (--overwrite)" in capsys.readouterr().err


def test_the_command_writes_what_the_function_writes(tmp_path):
    main(["generate", "--game", "preferans", "--deals", "900", "--files", "2",
          "--out", str(tmp_path / "cli")])  # fmt: skip
    table = csf.generate_archive(tmp_path / "py", game="preferans", deals=900, files=2)
    assert [p.read_bytes() for p in sorted((tmp_path / "cli").iterdir())] == files_of(
        table
    )
