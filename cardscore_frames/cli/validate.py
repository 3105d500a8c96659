"""``cardscore validate LOGS... [--game G]``: check logs without scoring them
(the game and log kind of a workbook of this package are its own)."""

from __future__ import annotations

import argparse
import sys

import pandas as pd

from cardscore_frames.checking import game_codes, stamp_of
from cardscore_frames.cli.common import (
    ProblemReport,
    folder_for,
    game_and_kind,
    log_paths,
    plural,
    progress,
    rules_of,
    write_table,
)
from cardscore_frames.contract import game_names
from cardscore_frames.errors import FAILURE_COLUMNS, LogValidationError
from cardscore_frames.io import read_log

EXAMPLE = """examples:
  cardscore validate sample_data/league/tarot.csv --game tarot
  cardscore validate 'club/2025-*.csv' --game belot --out problems.xlsx
  cardscore validate sheets.csv --game preferans --kind sheet"""


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
        help="deals (default), points, or sheet (preferans end-of-game sheets)",
    )
    va.add_argument("--rules", default=None, help="a rules preset of the game")
    va.add_argument("--sheet", default=0, help="Excel sheet (default: the first)")
    va.add_argument(
        "--out", default=None, help="write every problem to .csv, .parquet or .xlsx"
    )
    va.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    out = out or sys.stdout
    paths = log_paths(args.logs)
    reports, failed = [], []
    for path in progress(paths, total=len(paths), desc="validating"):
        game, kind = game_and_kind(path, args.game, args.kind, "validate")
        rules = rules_of(game, args.rules)
        try:
            deals = read_log(
                path, game=game, kind=kind, rules=rules, sheet=_sheet(args)
            )
        except LogValidationError as err:
            failed.append(err)
            reports.append(err.failure_cases.assign(file=str(path)))
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
        raise ProblemReport(failed)


def _sheet(args: argparse.Namespace) -> str | int:
    return int(args.sheet) if str(args.sheet).isdigit() else args.sheet


def _counts(deals: pd.DataFrame) -> str:
    found = stamp_of(deals)
    item = "row" if found is not None and found.kind == "sheet" else "deal"
    # a game is (league, season, game_id), where the log has them; a log
    # without a league or season still has games
    games = int(game_codes(deals).max(initial=-1)) + 1
    return f"{plural(len(deals), item)} in {plural(games, 'game')}"
