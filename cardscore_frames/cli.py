"""The ``cardscore`` command: score a log, or run the main job on the sample season.

Exit status: 0 on success, 1 when the input has problems (the full report is printed
to standard error), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from cardscore_frames import CardscoreError, LogValidationError, read_log
from cardscore_frames.games import game_names, get_game

__all__ = ["main", "build_parser"]

#: The bundled sample logs the main job reads, by game.
SAMPLE_LOGS = {
    "tarot": "tarot_season.csv",
    "belot": "belot_season.csv",
    "preferans": "preferans_season.csv",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardscore",
        description="Score card-game logs (French tarot, Bazar-Belot, preferans).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sc = sub.add_parser(
        "score",
        help="validate and score a log, print the results",
        description="Validate a deal log, score every deal and print the results "
        "(player totals, match results or pool settlements, by game).",
    )
    sc.add_argument("log", help="the log: .csv, .parquet, .jsonl or .xlsx")
    sc.add_argument(
        "--game",
        required=True,
        choices=game_names(),
    )
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
    st = sub.add_parser(
        "settle",
        help="settle preferans end-of-game sheets",
        description="Settle every game of a preferans sheet file (one row per game "
        "and player: pool, mountain, whists on each seat) and print the result.",
    )
    st.add_argument("sheet", help="the sheet: .csv, .parquet, .jsonl or .xlsx")
    st.add_argument(
        "--method",
        choices=("exact", "paper", "average"),
        default="exact",
        help="exact formula, or the paper methods 1 (amnesty) and 2 (average mountain)",
    )
    st.add_argument(
        "--price",
        type=float,
        default=None,
        help="price of a whist (a per-game whist_price column wins)",
    )
    st.add_argument(
        "--unit",
        type=float,
        default=0.01,
        help="the currency's smallest unit (default 0.01)",
    )
    st.add_argument("--rules", default=None, help="sochi (default), leningrad, rostov")
    st.add_argument(
        "--adjust-seat",
        type=int,
        default=-1,
        help="the seat method 2 adjusts (default -1: the last)",
    )
    demo = sub.add_parser(
        "demo",
        help="the main job: score every bundled sample season",
        description="Score every sample log in DATA (tarot_season.csv, "
        "belot_season.csv, preferans_season.csv; whichever exist) and print results.",
    )
    demo.add_argument("--data", default="sample_data", help="folder of sample logs")
    return parser


def _print_tables(tables: dict[str, pd.DataFrame], out=None) -> None:
    out = out or sys.stdout  # looked up at call time, so redirections are seen
    with pd.option_context(
        "display.width", 120, "display.max_columns", 20, "display.max_rows", 200
    ):
        for title, frame in tables.items():
            print(f"\n== {title} ==", file=out)
            print(frame.to_string(), file=out)


def _rules(game: str, preset: str | None):
    if preset is None:
        return None
    return get_game(game).rules.preset(preset)


def score_command(
    log: str, game: str, *, sheet=0, rules=None, errors_csv=None, out=None
) -> None:
    entry = get_game(game)
    rules_obj = _rules(game, rules)
    try:
        deals = read_log(
            log,
            game=game,
            rules=rules_obj,
            sheet=int(sheet) if str(sheet).isdigit() else sheet,
        )
    except LogValidationError as exc:
        if errors_csv:
            exc.failure_cases.to_csv(errors_csv, index=False)
        raise
    _print_tables(entry.report(deals), out)


def settle_command(args: argparse.Namespace, out=None) -> None:
    from cardscore_frames.games import preferans

    rules = _rules("preferans", args.rules)
    sheet = read_log(args.sheet, game="preferans", kind="sheet", rules=rules)
    _print_tables(
        preferans.settle_report(
            sheet,
            method=args.method,
            whist_price=args.price,
            unit=args.unit,
            rules=rules,
            adjust_seat=args.adjust_seat,
        ),
        out,
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "score":
            score_command(
                args.log,
                args.game,
                sheet=args.sheet,
                rules=args.rules,
                errors_csv=args.errors_csv,
            )
        elif args.command == "settle":
            settle_command(args)
        elif args.command == "demo":
            data = Path(args.data)
            found = [
                (g, data / f) for g, f in SAMPLE_LOGS.items() if (data / f).exists()
            ]
            if not found:
                raise CardscoreError(f"no sample log in {data}")
            for game, path in found:
                print(f"\n######## {game}: {path} ########")
                score_command(str(path), game)
    except (CardscoreError, FileNotFoundError) as exc:
        print(f"cardscore: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader stopped early (cardscore ... | head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
