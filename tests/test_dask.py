"""The Dask path: the same public functions on Dask frames give exactly the pandas
results, games split across partitions are refused, and the problems of every
partition come back in one report, also from worker processes."""

from __future__ import annotations

import os
import pickle
import sys

import numpy as np
import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")
dask = pytest.importorskip("dask")

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.checking import check as check_module  # noqa: E402
from cardscore_frames.contract import GAMES  # noqa: E402
from cardscore_frames.distributed import (  # noqa: E402
    GamesSplitError,
    PartitionChangedError,
    PartitionedValidationError,
    dask_aware,
    map_games,
    partition_by_game,
    read_logs,
)

SAMPLES = {
    "tarot": "sample_data/tarot_season.csv",
    "belot": "sample_data/belot_season.csv",
    "preferans": "sample_data/preferans_season.csv",
}
SHEETS = "sample_data/preferans_sheets.csv"
#: A ledger's columns with one category per game: Dask unites them in partition
#: order when it computes, pandas sorts them; their values are compared as text.
PER_GAME = ["game_key", "game_id"]


@pytest.fixture(autouse=True, scope="module")
def local_scheduler():
    with dask.config.set(scheduler="sync"):
        yield


def raw_log(path: str) -> pd.DataFrame:
    return pd.read_csv(path, dtype=str, keep_default_na=False)


def as_text(frame: pd.DataFrame) -> pd.DataFrame:
    """Every cell as a log's text: blanks empty, and numbers with fractions in
    the digits that give back the same double (``repr``; ``astype(str)`` may
    write fewer, depending on the pandas version; pandas 2.3 writes a blank of a
    categorical as "nan")."""
    out = frame.astype(str).where(frame.notna(), "")
    for c in frame.columns:
        if pd.api.types.is_float_dtype(frame[c]):
            out[c] = [repr(float(v)) if pd.notna(v) else "" for v in frame[c]]
    return out


def write_whole_games(raw: pd.DataFrame, folder, parts: int = 3) -> list[str]:
    """The log in ``parts`` files, each game whole in one file, in game order;
    CSV and Parquet alternating (a folder may mix them)."""
    ids = raw["game_id"].drop_duplicates().to_numpy(dtype=object)
    files = []
    for i, chunk in enumerate(np.array_split(ids, parts)):
        rows = raw[raw["game_id"].isin(list(chunk))]
        if i % 2:
            path = folder / f"part-{i}.parquet"
            rows.to_parquet(path, index=False)
        else:
            path = folder / f"part-{i}.csv"
            rows.to_csv(path, index=False)
        files.append(str(path))
    return files


@pytest.fixture(scope="module", params=list(GAMES))
def case(request, tmp_path_factory):
    name = request.param
    folder = tmp_path_factory.mktemp(name)
    write_whole_games(raw_log(SAMPLES[name]), folder)
    return name, folder


def pandas_steps(name: str, rules=None):
    game = GAMES[name]
    deals = csf.read_log(SAMPLES[name], game=name, rules=rules)
    scored = game.score(deals)
    ledger = game.to_ledger(scored)
    return scored, ledger, csf.totals(ledger, by=["season"])


def dask_steps(name: str, source, rules=None):
    game = GAMES[name]
    deals = read_logs(source, game=name, rules=rules)
    scored = game.score(deals)
    ledger = game.to_ledger(scored)
    return deals, dask.compute(scored, ledger, csf.totals(ledger, by=["season"]))


def assert_ledgers_equal(got: pd.DataFrame, expected: pd.DataFrame) -> None:
    got, expected = got.reset_index(drop=True), expected.reset_index(drop=True)
    for c in PER_GAME:
        assert got[c].astype(str).equals(expected[c].astype(str)), c
        got[c], expected[c] = got[c].astype(str), expected[c].astype(str)
    pd.testing.assert_frame_equal(got, expected, check_exact=True)


def test_every_game_matches_pandas_exactly(case):
    name, folder = case
    deals, (scored, ledger, totals) = dask_steps(name, folder)
    assert deals.npartitions == 3
    p_scored, p_ledger, p_totals = pandas_steps(name)
    pd.testing.assert_frame_equal(
        scored.reset_index(drop=True), p_scored.reset_index(drop=True)
    )
    assert_ledgers_equal(ledger, p_ledger)
    # a preferans total adds up thirds and quarters of a whist: summed per game
    # first, its last bit may differ from pandas' sum in row order
    exact = GAMES[name].unit != "whists"
    tolerance = {} if exact else {"check_exact": False, "rtol": 0, "atol": 1e-9}
    pd.testing.assert_frame_equal(totals, p_totals, **tolerance)
    assert totals.index.equals(p_totals.index)


def test_dtypes_and_categories(case):
    name, folder = case
    game = GAMES[name]
    ledger = game.to_ledger(game.score(read_logs(folder, game=name)))
    p_ledger = pandas_steps(name)[1]
    # names: known categories, every file's, the same as pandas gives the whole log
    assert ledger["player"].cat.known
    assert list(ledger["player"].cat.categories) == list(
        p_ledger["player"].cat.categories
    )
    assert not ledger["game_key"].cat.known  # one per game: united when computed
    computed = ledger.compute()
    dtypes = {**csf.LEDGER_DTYPES, **game.ledger_columns}
    assert {c: str(computed[c].dtype) for c in computed} == dtypes
    assert list(ledger.columns) == list(computed.columns)


def test_rules_travel_by_argument(tmp_path):
    rules = csf.preferans.Rules.preset("leningrad", after_end="score")
    write_whole_games(raw_log(SAMPLES["preferans"]), tmp_path)
    _, (scored, ledger, _) = dask_steps("preferans", tmp_path, rules=rules)
    p_scored, p_ledger, _ = pandas_steps("preferans", rules=rules)
    assert_ledgers_equal(ledger, p_ledger)
    default = pandas_steps("preferans")[1]
    assert not np.array_equal(ledger["score"], default["score"])  # rules mattered


def test_each_partition_is_checked_once(case, monkeypatch):
    name, folder = case
    calls = []
    real = check_module.check_log

    def counted(*args, **kwargs):
        calls.append(kwargs.get("errors", "raise"))
        return real(*args, **kwargs)

    from cardscore_frames import contract as base
    from cardscore_frames.distributed import plan
    from cardscore_frames.io import read

    for module in (plan, base, read):  # every caller of check_log
        monkeypatch.setattr(module, "check_log", counted)
    game = GAMES[name]
    deals = read_logs(folder, game=name)
    assert len(calls) == 3  # the check pass: one per file
    ledger = game.to_ledger(game.score(deals))
    dask.compute(ledger, csf.totals(ledger))
    assert len(calls) == 6  # computed: each partition checked once, never rescored


def test_an_edited_scored_frame_is_scored_again(tmp_path):
    write_whole_games(raw_log(SAMPLES["tarot"]), tmp_path)
    scored = csf.tarot.score(read_logs(tmp_path, game="tarot"))
    stale = scored.assign(deal_value=0)  # a derived column overwritten
    ledger = csf.tarot.to_ledger(stale).compute()
    assert_ledgers_equal(ledger, pandas_steps("tarot")[1])


def test_totals_of_a_ledger_in_any_partitions():
    ledger = pandas_steps("tarot")[1]
    chunks = dd.from_pandas(ledger, npartitions=40, sort=False)  # games cut up
    got = csf.totals(chunks, by=["season"]).compute()
    pd.testing.assert_frame_equal(got, csf.totals(ledger, by=["season"]))


def test_a_file_changed_after_its_check(tmp_path):
    files = write_whole_games(raw_log(SAMPLES["tarot"]), tmp_path)
    deals = read_logs(tmp_path, game="tarot")
    frame = raw_log(files[0])
    frame = frame.replace("Amélie", "Amélia")  # a name the check did not see
    frame.to_csv(files[0], index=False)
    with pytest.raises(PartitionChangedError, match="part-0.csv.*'Amélia'"):
        deals.compute()


def test_settlement_matches_pandas(tmp_path):
    write_whole_games(raw_log(SHEETS), tmp_path)
    sheets = read_logs(tmp_path, game="preferans", kind="sheet")
    whole = csf.read_log(SHEETS, game="preferans", kind="sheet")
    for method in csf.preferans.METHODS:
        got = csf.preferans.settle(sheets, method=method, whist_price=0.5)
        expected = csf.preferans.settle(whole, method=method, whist_price=0.5)
        pd.testing.assert_frame_equal(
            got.compute().reset_index(drop=True), expected, check_exact=True
        )


def test_settlement_of_scored_deals(tmp_path):
    write_whole_games(raw_log(SAMPLES["preferans"]), tmp_path)
    scored = csf.preferans.score(read_logs(tmp_path, game="preferans"))
    got = csf.preferans.settle(csf.preferans.sheet(scored), method="paper")
    p_scored = pandas_steps("preferans")[0]
    expected = csf.preferans.settle(csf.preferans.sheet(p_scored), method="paper")
    pd.testing.assert_frame_equal(got.compute().reset_index(drop=True), expected)


def test_settle_options_are_checked_at_once(tmp_path):
    write_whole_games(raw_log(SHEETS), tmp_path)
    sheets = read_logs(tmp_path, game="preferans", kind="sheet")
    with pytest.raises(csf.RulesError, match="method must be one of"):
        csf.preferans.settle(sheets, method="amnesty")


def test_games_split_across_partitions_are_refused(case):
    name, folder = case
    game = GAMES[name]
    split = read_logs(folder, game=name).repartition(npartitions=7)
    with pytest.raises(GamesSplitError, match=r"split across partitions: game \S+"):
        game.score(split)
    raw = dd.from_pandas(raw_log(SAMPLES[name]), npartitions=4, sort=False)
    with pytest.raises(GamesSplitError) as caught:
        game.to_ledger(raw)
    assert "in partitions 0 and 1" in str(caught.value)
    assert "partition_by_game" in str(caught.value)


def test_a_game_in_two_files_is_refused(tmp_path):
    raw = raw_log(SAMPLES["belot"])
    first = raw["game_id"].iloc[0]
    game1 = raw[raw["game_id"] == first]
    game1.iloc[:3].to_csv(tmp_path / "a.csv", index=False)
    game1.iloc[3:].to_csv(tmp_path / "b.csv", index=False)
    with pytest.raises(GamesSplitError) as caught:
        read_logs(tmp_path, game="belot")
    message = str(caught.value)
    assert f"game {first} (league 'Yerevan Bazar-Belot Club'" in message
    assert "a.csv" in message and "b.csv" in message


def test_sheets_split_are_refused():
    sheets = dd.from_pandas(raw_log(SHEETS), npartitions=3, sort=False)
    with pytest.raises(GamesSplitError):
        csf.preferans.settle(sheets)


def test_partition_by_game_makes_any_frame_whole():
    raw = raw_log(SAMPLES["belot"])
    split = dd.from_pandas(raw, npartitions=4, sort=False)
    whole = partition_by_game(split, npartitions=3)
    got = csf.belot.score(whole).compute()
    expected = pandas_steps("belot")[0]
    order = ["game_id", "deal"]
    pd.testing.assert_frame_equal(
        got.sort_values(order).reset_index(drop=True),
        expected.sort_values(order).reset_index(drop=True),
    )


@pytest.mark.filterwarnings("ignore:The inplace keyword")  # inside Dask's reader
def test_a_frame_from_dask_read_parquet(tmp_path):
    raw = raw_log(SAMPLES["tarot"])
    ids = raw["game_id"].drop_duplicates().to_numpy(dtype=object)
    for i, chunk in enumerate(np.array_split(ids, 3)):
        raw[raw["game_id"].isin(list(chunk))].to_parquet(
            tmp_path / f"{i}.parquet", index=False
        )
    frame = dd.read_parquet(str(tmp_path))
    ledger = csf.tarot.to_ledger(csf.tarot.score(frame)).compute()
    assert_ledgers_equal(ledger, pandas_steps("tarot")[1])


def broken_files(tmp_path) -> list[str]:
    """Three whole-game tarot files; the first and the third have a problem."""
    files = write_whole_games(raw_log(SAMPLES["tarot"]), tmp_path)
    for path, row, column, value in (
        (files[0], 2, "contract", "gard"),
        (files[2], 5, "oudlers", "5"),
    ):
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        frame.loc[row, column] = value
        frame.to_csv(path, index=False)
    return files


def test_problems_of_every_file_in_one_report(tmp_path):
    files = broken_files(tmp_path)
    before = len(pd.read_csv(files[0])) + len(pd.read_parquet(files[1]))
    with pytest.raises(PartitionedValidationError) as caught:
        read_logs(tmp_path, game="tarot")
    err = caught.value
    assert isinstance(err, csf.LogValidationError)
    fc = err.failure_cases
    assert fc["column"].tolist() == ["contract", "oudlers"]
    assert fc["partition"].tolist() == [0, 2]
    assert fc["file"].tolist() == [files[0], files[2]]
    assert fc["line"].tolist() == [4, 7]  # header is line 1, row 0 is line 2
    assert fc["row"].tolist() == [2, before + 5]  # counted across the files
    text = str(err)
    assert "2 problems in 2 deals" in text
    assert "part-0.csv: game 1, deal 3 (line 4): contract must be one of" in text
    assert "part-2.csv: " in text and "got '5'" in text
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is PartitionedValidationError
    pd.testing.assert_frame_equal(again.failure_cases, fc)


def test_collect_keeps_the_good_rows(tmp_path):
    broken_files(tmp_path)
    got = read_logs(tmp_path, game="tarot", errors="collect")
    whole = raw_log(SAMPLES["tarot"])
    assert got.failure_cases["reason"].tolist() == ["not_allowed", "out_of_range"]
    assert got.rejected.index.tolist() == got.failure_cases["row"].tolist()
    assert got.rejected["problems"].str.contains("contract must be").iloc[0]
    deals = got.deals.compute()
    assert len(deals) == len(whole) - 2
    assert len(csf.tarot.score(got.deals).compute()) == len(deals)


def test_problems_of_a_frame_not_from_files():
    raw = raw_log(SAMPLES["tarot"])
    raw.loc[3, "contract"] = "gard"
    raw.loc[500, "card_points"] = "x"
    frame = partition_by_game(dd.from_pandas(raw, npartitions=3, sort=False))
    with pytest.raises(PartitionedValidationError) as caught:
        csf.tarot.score(frame)
    fc = caught.value.failure_cases
    assert sorted(fc["index"].tolist()) == [3, 500]  # the rows' own labels
    assert fc["file"].isna().all()


def test_dask_aware_per_game(case):
    name, folder = case

    @dask_aware("per_game")
    def best_deal(ledger: pd.DataFrame) -> pd.DataFrame:
        return ledger.groupby(["game_key", "player"], observed=True, as_index=False)[
            "score"
        ].max()

    game = GAMES[name]
    ledger = game.to_ledger(game.score(read_logs(folder, game=name)))
    got = best_deal(ledger).compute()
    expected = best_deal(pandas_steps(name)[1])
    key = ["game_key", "player"]
    got[key] = got[key].astype(str)
    expected[key] = expected[key].astype(str)
    pd.testing.assert_frame_equal(
        got.sort_values(key).reset_index(drop=True),
        expected.sort_values(key).reset_index(drop=True),
    )
    split = ledger.repartition(npartitions=5)
    with pytest.raises(GamesSplitError):
        map_games(best_deal, split)


def test_results_of_a_dask_ledger_per_game(tmp_path):
    write_whole_games(raw_log(SAMPLES["belot"]), tmp_path)
    ledger = csf.belot.to_ledger(csf.belot.score(read_logs(tmp_path, game="belot")))
    got = map_games(csf.results, ledger).compute().reset_index(drop=True)
    expected = csf.results(pandas_steps("belot")[1])
    assert_ledgers_equal(got, expected)


def test_bad_sources_and_options(tmp_path):
    (tmp_path / "notes.md").write_text("not a log")
    with pytest.raises(csf.LogReadError, match=r"no log files in .*\.csv"):
        read_logs(tmp_path, game="tarot")
    with pytest.raises(FileNotFoundError, match="no such log file: .*absent.csv"):
        read_logs([tmp_path / "absent.csv"], game="tarot")
    with pytest.raises(csf.RulesError, match="errors must be 'raise' or 'collect'"):
        read_logs(SAMPLES["tarot"], game="tarot", errors="ignore")
    with pytest.raises(csf.UnknownGameError, match="did you mean 'tarot'"):
        read_logs(SAMPLES["tarot"], game="tarok")


def test_missing_dask_says_how_to_install(monkeypatch):
    frame = dd.from_pandas(raw_log(SAMPLES["tarot"]), npartitions=1)
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)
    with pytest.raises(ImportError, match=r"pip install 'cardscore-frames\[dask\]'"):
        csf.tarot.score(frame)


def test_errors_cross_worker_processes(tmp_path):
    distributed = pytest.importorskip("distributed")
    files = write_whole_games(raw_log(SAMPLES["belot"]), tmp_path, parts=2)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pids = set(client.run(os.getpid).values())
        assert os.getpid() not in pids and len(pids) == 2
        deals = read_logs(tmp_path, game="belot")
        ledger = csf.belot.to_ledger(csf.belot.score(deals))
        assert_ledgers_equal(ledger.compute(), pandas_steps("belot")[1])
        # a file broken after its check: its worker raises, the error crosses whole
        frame = pd.read_parquet(files[1])
        frame.loc[0, "bid"] = "x"
        frame.to_parquet(files[1], index=False)
        with pytest.raises(PartitionedValidationError) as caught:
            ledger.compute()
        fc = caught.value.failure_cases
        assert fc[["column", "partition", "file"]].values.tolist() == [
            ["bid", 1, files[1]]
        ]
        assert fc["row"].tolist() == [len(pd.read_csv(files[0]))]
        # the check pass gathers the problems from the workers into one report
        raw = raw_log(files[0])
        raw.loc[1, "declarer"] = "c"
        raw.to_csv(files[0], index=False)
        with pytest.raises(PartitionedValidationError) as caught:
            read_logs(tmp_path, game="belot")
        assert caught.value.failure_cases["partition"].tolist() == [0, 1]


@pytest.mark.parametrize("name", list(GAMES))
def test_points_only_logs_match_pandas(name, tmp_path):
    """A points-only log (each player's or pair's points per deal), read from
    whole-game files or given as a plain Dask frame, scores to pandas' ledger."""
    game, module = GAMES[name], getattr(csf, name)
    full = game.score(csf.read_log(SAMPLES[name], game=name))
    points = module.to_points(full if name == "belot" else game.to_ledger(full))
    write_whole_games(as_text(points), tmp_path)
    expected = game.to_ledger(game.score(points))
    from_files = game.to_ledger(
        game.score(read_logs(str(tmp_path / "part-*"), game=name, kind="points"))
    ).compute()
    assert_ledgers_equal(from_files, expected)
    plain = dd.from_pandas(points, npartitions=1)  # found a points log by its columns
    got = csf.totals(game.to_ledger(game.score(plain))).compute()
    pd.testing.assert_frame_equal(got, csf.totals(expected), check_exact=False)


STANDINGS_OPTIONS = [{}, {"by": ()}, {"rank_by": "mean", "min_games": 4}]


def test_standings_of_a_dask_ledger_are_pandas_standings_exactly(case):
    name, folder = case
    game = GAMES[name]
    ledger = game.to_ledger(game.score(read_logs(folder, game=name)))
    _, p_ledger, _ = pandas_steps(name)
    for options in STANDINGS_OPTIONS:
        table = csf.season.standings(ledger, **options)
        assert dask.is_dask_collection(table)  # lazy until computed
        pd.testing.assert_frame_equal(
            table.compute(), csf.season.standings(p_ledger, **options), check_exact=True
        )
    totals = csf.totals(ledger).compute()
    table = csf.season.standings(ledger, by=()).compute()
    for (_, player), row in totals.iterrows():
        got = table.loc[table["player"] == player, "total"].item()
        assert got == pytest.approx(row["score"], abs=1e-9)  # summed by game, not deal


def test_standings_of_a_dask_league_of_three_games_and_two_seasons():
    parts = []
    for name in GAMES:
        game = GAMES[name]
        path = f"sample_data/league/{name}.csv"
        parts.append(game.to_ledger(game.score(csf.read_log(path, game=name))))
    league = csf.concat(parts)
    assert league["season"].nunique() == 2
    chunks = partition_by_game(dd.from_pandas(league, npartitions=4))
    for options in [*STANDINGS_OPTIONS, {"whist_price": 0.25}]:
        got = csf.season.standings(chunks, **options).compute()
        expected = csf.season.standings(league, **options)
        pd.testing.assert_frame_equal(got, expected, check_exact=True)


def test_standings_refuse_split_games_and_unknown_columns_at_once():
    game = GAMES["tarot"]
    ledger = game.to_ledger(game.score(csf.load_example("tarot")))
    split = dd.from_pandas(ledger, npartitions=5, sort=False)
    with pytest.raises(GamesSplitError, match="split across partitions"):
        csf.season.standings(split)
    whole = partition_by_game(split)
    with pytest.raises(csf.LedgerError, match="by= names columns the ledger does not"):
        csf.season.standings(whole, by=["division"])  # said before any compute
    with pytest.raises(csf.RulesError, match="rank_by must be 'total' or 'mean'"):
        csf.season.standings(whole, rank_by="median")


def test_standings_by_a_column_that_varies_in_a_game_say_so_as_pandas_does():
    game = GAMES["tarot"]
    ledger = game.to_ledger(game.score(csf.load_example("tarot")))
    ledger["division"] = np.where(np.arange(len(ledger)) % 2, "north", "south")
    with pytest.raises(csf.LedgerError, match="by='division' must be the same") as p:
        csf.season.standings(ledger, by=["division"])
    chunks = partition_by_game(dd.from_pandas(ledger, npartitions=3))
    table = csf.season.standings(chunks, by=["division"])  # lazy: said when computed
    with pytest.raises(csf.LedgerError, match="by='division' must be the same") as d:
        table.compute()
    keys = set(ledger["game_key"].astype(str))
    for caught in (p, d):  # games of the ledger, named by their keys
        named = str(caught.value).split("varies in ")[1].split(", ")
        assert named and set(named) <= keys


def count_reads_and_scoring(monkeypatch) -> list[str]:
    """Every check of a log (each read of a file checks it), every partition
    scored or turned into ledger rows, and every pass over a frame's game keys
    (a frame not known to be whole), from now on, in one list."""
    from cardscore_frames import contract as base
    from cardscore_frames.distributed import apply, plan
    from cardscore_frames.distributed import season as dask_season
    from cardscore_frames.io import read

    calls: list[str] = []

    def counted(name, real):
        def call(*args, **kwargs):
            calls.append(name)
            return real(*args, **kwargs)

        return call

    for module in (plan, base, read):
        monkeypatch.setattr(
            module, "check_log", counted("check", check_module.check_log)
        )
    for name in ("_score_part", "_ledger_part"):
        monkeypatch.setattr(apply, name, counted(name, getattr(apply, name)))
    for module in (apply, dask_season):
        real = apply.refuse_split_games
        monkeypatch.setattr(module, "refuse_split_games", counted("keys", real))
    return calls


def test_a_persisted_ledger_is_not_read_or_scored_again(case, monkeypatch):
    name, folder = case
    game = GAMES[name]
    ledger = game.to_ledger(game.score(read_logs(folder, game=name))).persist()
    calls = count_reads_and_scoring(monkeypatch)
    totals = csf.totals(ledger, by=["season"]).compute()
    table = csf.season.standings(ledger).compute()
    whole = ledger.compute()  # the persisted partitions, gathered
    h2h = csf.season.head_to_head(whole)
    # nothing read, checked, scored or made into rows again; known whole
    assert calls == []
    _, p_ledger, p_totals = pandas_steps(name)
    exact = GAMES[name].unit != "whists"  # see test_every_game_matches_pandas_exactly
    tolerance = {} if exact else {"check_exact": False, "rtol": 0, "atol": 1e-9}
    pd.testing.assert_frame_equal(totals, p_totals, **tolerance)
    pd.testing.assert_frame_equal(table, csf.season.standings(p_ledger))
    assert_ledgers_equal(whole, p_ledger)
    pd.testing.assert_frame_equal(h2h, csf.season.head_to_head(p_ledger))


def test_persisted_logs_and_scored_deals_are_trusted(monkeypatch, tmp_path):
    write_whole_games(raw_log(SAMPLES["tarot"]), tmp_path)
    deals = read_logs(tmp_path, game="tarot").persist()
    scored = csf.tarot.score(deals).persist()
    calls = count_reads_and_scoring(monkeypatch)
    ledger = csf.tarot.to_ledger(scored).compute()
    # one per partition and one on the empty frame that gives Dask its meta
    assert calls == ["_ledger_part"] * 4  # nothing checked or scored
    assert_ledgers_equal(ledger, pandas_steps("tarot")[1])
    # a persisted frame changed before it was persisted is a frame of its own
    edited = scored[scored["deal"] > 1].persist()
    calls.clear()
    csf.tarot.to_ledger(edited).compute()
    assert "_score_part" in calls  # scored again from its log columns


def test_read_log_of_a_dask_frame_says_what_to_do():
    frame = dd.from_pandas(raw_log(SAMPLES["tarot"]), npartitions=2)
    for call in (csf.read_log, csf.validate):
        with pytest.raises(csf.RulesError) as caught:
            call(frame, game="tarot")
        message = str(caught.value)
        assert "got a Dask DataFrame" in message
        assert "csf.tarot.score(frame)" in message
        assert "cardscore_frames.distributed.read_logs('folder/', game='tarot')" in (
            message
        )
    # what it says works: the game's score of a Dask frame of whole games
    scored = csf.tarot.score(partition_by_game(frame)).compute()
    assert len(scored) == len(frame)


def test_read_logs_persisted_reads_each_file_once(case, monkeypatch):
    name, folder = case
    game = GAMES[name]
    calls = count_reads_and_scoring(monkeypatch)
    deals = read_logs(folder, game=name, persist=True)
    assert calls == ["check"] * 3  # the check pass: one per file
    ledger = game.to_ledger(game.score(deals)).persist()
    totals = csf.totals(ledger, by=["season"]).compute()
    # computed: each partition scored once, never read or checked again
    assert sorted(set(calls)) == ["_ledger_part", "_score_part", "check"]
    assert calls.count("check") == 3 and calls.count("_score_part") == 3
    _, p_ledger, p_totals = pandas_steps(name)
    assert_ledgers_equal(ledger.compute(), p_ledger)
    exact = GAMES[name].unit != "whists"  # see test_every_game_matches_pandas_exactly
    tolerance = {} if exact else {"check_exact": False, "rtol": 0, "atol": 1e-9}
    pd.testing.assert_frame_equal(totals, p_totals, **tolerance)


def test_read_logs_persisted_reports_every_problem_at_once(tmp_path):
    files = write_whole_games(raw_log(SAMPLES["tarot"]), tmp_path)
    for path in files[:2]:  # a slip in two files
        frame = raw_log(path) if path.endswith(".csv") else pd.read_parquet(path)
        frame.loc[frame.index[0], "contract"] = "gard"
        if path.endswith(".csv"):
            frame.to_csv(path, index=False)
        else:
            frame.to_parquet(path, index=False)
    reports = []
    for persist in (False, True):
        with pytest.raises(PartitionedValidationError) as caught:
            read_logs(tmp_path, game="tarot", persist=persist)
        reports.append(caught.value.failure_cases)
    pd.testing.assert_frame_equal(reports[1], reports[0])  # the same report
    assert set(reports[1]["partition"]) == {0, 1}  # both files' slips at once
    got = read_logs(tmp_path, game="tarot", errors="collect", persist=True)
    pd.testing.assert_frame_equal(got.failure_cases, reports[0])
    pandas = csf.read_log(SAMPLES["tarot"], game="tarot")
    assert len(got.deals.compute()) + len(got.rejected) == len(pandas)
