"""``cardscore score LOG --game G``: validate and score a log, print the results."""

from __future__ import annotations

import argparse

from cardscore_frames.cli.common import print_tables, rules_of
from cardscore_frames.errors import LogValidationError
from cardscore_frames.games import game_names, get_game
from cardscore_frames.io import read_log


def add(sub) -> None:
    sc = sub.add_parser(
        "score",
        help="validate and score a log, print the results",
        description="Validate a deal log, score every deal and print the results "
        "(player totals, match results or pool settlements, by game).",
    )
    sc.add_argument("log", help="the log: .csv, .parquet, .jsonl or .xlsx")
    sc.add_argument("--game", required=True, choices=game_names())
    sc.add_argument("--sheet", default=0, help="Excel sheet name (default: the first)")
    sc.add_argument(
        "--rules",
        default=None,
        help="a rules preset of the game, e.g. leningrad for preferans",
    )
    sc.add_argument(
        "--errors-csv",
        default=None,
        help="also write the problems found to this CSV file",
    )
    sc.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    score_log(
        args.log,
        args.game,
        sheet=args.sheet,
        rules=args.rules,
        errors_csv=args.errors_csv,
        out=out,
    )


def score_log(log, game, *, sheet=0, rules=None, errors_csv=None, out=None) -> None:
    entry = get_game(game)
    try:
        deals = read_log(
            log,
            game=game,
            rules=rules_of(game, rules),
            sheet=int(sheet) if str(sheet).isdigit() else sheet,
        )
    except LogValidationError as exc:
        if errors_csv:
            exc.failure_cases.to_csv(errors_csv, index=False)
        raise
    print_tables(entry.report(deals), out)
