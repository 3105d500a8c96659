"""``cardscore validate LOGS... [--game G]``: check logs without scoring them
(the game and log kind of a workbook of this package are its own)."""

from __future__ import annotations

import argparse
import sys

import pandas as pd

from cardscore_frames.checking import game_codes, stamp_of
from cardscore_frames.cli.common import (
    ProblemReport,
    add_log_options,
    folder_for,
    game_and_kind,
    log_options,
    log_paths,
    plural,
    progress,
    read_one,
    rules_of,
    season_hint,
    write_table,
)
from cardscore_frames.contract import game_names
from cardscore_frames.errors import FAILURE_COLUMNS, LogValidationError

EXAMPLE = """examples:
  cardscore validate sample_data/league/tarot.csv --game tarot
  cardscore validate 'club/2025-*.csv' --game belot --out problems.xlsx
  cardscore validate sheets.csv --game preferans --kind sheet
  cardscore validate challenge.xlsx --game tarot --kind results --season 2025-26"""


def add(sub) -> None:
    va = sub.add_parser(
        "validate",
        help="check logs without scoring them",
        description="Check every log given (files or globs) against the game's "
        "rules and report every problem of every file at once; nothing is scored. "
        "Exits 1 when any log has a problem.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    va.add_argument("logs", nargs="+", help="log files or globs")
    va.add_argument(
        "--game",
        choices=game_names(),
        help="the game of the logs (not needed for this package's workbooks)",
    )
    va.add_argument(
        "--kind",
        default=None,
        help="deals (default), points, results (each player's score per session "
        "of an evening) or sheet (preferans end-of-game sheets)",
    )
    va.add_argument(
        "--rules",
        default=None,
        help="a rules preset of the game, e.g. leningrad for preferans, alone for "
        "tarot (at 5 players the taker always plays alone)",
    )
    va.add_argument(
        "--sheet", default=0, help="Excel sheet (default: every sheet that holds it)"
    )
    add_log_options(va)
    va.add_argument(
        "--out", default=None, help="write every problem to .csv, .parquet or .xlsx"
    )
    va.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    out = out or sys.stdout
    paths = log_paths(args.logs)
    options = log_options(args)
    reports, failed, hints = [], [], []
    for path in progress(paths, total=len(paths), desc="validating"):
        game, kind = game_and_kind(path, args.game, args.kind, "validate")
        rules = rules_of(game, args.rules)
        try:
            deals = read_one(
                path, game, kind=kind, rules=rules, sheet=_sheet(args), **options
            )
        except LogValidationError as err:
            failed.append(err)
            reports.append(err.failure_cases.assign(file=str(path)))
            hints.append(
                season_hint(err, path, game, kind, options["season"], "validate")
            )
            continue
        print(f"{path}: ok, {_counts(deals)}", file=out)
    if args.out:
        table = (
            pd.concat(reports, ignore_index=True)
            if reports
            else pd.DataFrame(columns=list(FAILURE_COLUMNS))
        )
        columns = ["file", *(c for c in table.columns if c != "file")]
        target = folder_for(args.out)
        write_table(table.reindex(columns=columns), target, sheet="Problems")
    if failed:
        raise ProblemReport(failed, hints)


def _sheet(args: argparse.Namespace) -> str | int:
    return int(args.sheet) if str(args.sheet).isdigit() else args.sheet


def _counts(deals: pd.DataFrame) -> str:
    found = stamp_of(deals)
    if found is not None and found.kind == "results":
        return _evenings(deals)
    item = "row" if found is not None and found.kind == "sheet" else "deal"
    # a game is (league, season, game_id), where the log has them; a log
    # without a league or season still has games
    games = int(game_codes(deals).max(initial=-1)) + 1
    return f"{plural(len(deals), item)} in {plural(games, 'game')}"


def _evenings(results: pd.DataFrame) -> str:
    """Evening results counted as a club counts them: scores, sessions, evenings
    (an evening is a date of a league and season, where the log has them)."""
    evening = game_codes(results)
    evenings = int(evening.max(initial=-1)) + 1
    sessions = len(
        pd.DataFrame(
            {"evening": evening, "session": results["session"].to_numpy()}
        ).drop_duplicates()
    )
    return (
        f"{plural(len(results), 'score')} in {plural(sessions, 'session')} of "
        f"{plural(evenings, 'evening')}"
    )
