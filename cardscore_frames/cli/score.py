"""``cardscore score LOGS... [--game G]``: validate and score logs, print the
results (the game and log kind of a workbook of this package are its own);
``--out FILE`` also writes them (``.xlsx``: the score sheets as on paper;
``.csv`` or ``.parquet``: the scored frame)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from cardscore_frames.atomic import atomic_path, write_frame
from cardscore_frames.cli.common import (
    ProblemReport,
    add_log_options,
    folder_for,
    game_and_kind,
    log_options,
    log_paths,
    print_tables,
    read_logs,
    read_one,
    rules_of,
    season_hint,
)
from cardscore_frames.contract import game_names, get_game
from cardscore_frames.errors import LogReadError, LogValidationError
from cardscore_frames.io.excel import to_excel

EXAMPLE = """examples:
  cardscore score sample_data/league/tarot.csv --game tarot
  cardscore score 'club/2025-*.csv' --game belot --out season.xlsx
  cardscore score pools.csv --game preferans --rules leningrad --out pools.xlsx --method paper
  cardscore score protocol.csv --game belot --kind points
  cardscore score club.xlsx --game tarot --sheet Deals --errors-csv problems.csv
  cardscore score challenge.xlsx --game tarot --kind results --season 2025-26
  cardscore score evening.csv --game tarot --column 'Appel=partner'
  cardscore score cinq.csv --game tarot --rules alone   # at 5, the taker alone
  cardscore score feuille.xlsx      # a sheet of this package knows its game"""

#: What ``--out`` writes, by the file's suffix.
OUT_SUFFIXES = (".xlsx", ".csv", ".parquet")


def add(sub) -> None:
    sc = sub.add_parser(
        "score",
        help="validate and score logs, print the results",
        description="Validate deal logs (files or globs, scored together), score "
        "every deal and print the results (player totals, match results or pool "
        "settlements, by game); with --out, also write the score sheets (.xlsx) or "
        "the scored deals (.csv, .parquet).",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sc.add_argument(
        "logs", nargs="+", metavar="LOG", help=".csv, .parquet, .jsonl or .xlsx; globs"
    )
    sc.add_argument(
        "--game",
        choices=game_names(),
        help="the game of the logs (not needed for this package's workbooks)",
    )
    sc.add_argument(
        "--kind",
        default=None,
        help="deals (default), points (points-only logs) or results (each "
        "player's score per session of an evening)",
    )
    sc.add_argument(
        "--sheet", default=0, help="Excel sheet (default: every sheet that holds it)"
    )
    sc.add_argument(
        "--rules",
        default=None,
        help="a rules preset of the game, e.g. leningrad for preferans, alone for "
        "tarot (at 5 players the taker always plays alone)",
    )
    add_log_options(sc)
    sc.add_argument(
        "--errors-csv",
        default=None,
        help="also write the problems found to this CSV file",
    )
    sc.add_argument(
        "--out",
        default=None,
        help="write the score sheets (.xlsx) or the scored deals (.csv, .parquet)",
    )
    sc.add_argument(
        "--method",
        default=None,
        choices=("exact", "paper", "average"),
        help="preferans: the settlement the score sheets lay out beside the exact one",
    )
    sc.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    paths = log_paths(args.logs)
    game, kind = game_and_kind(paths[0], args.game, args.kind, "score")
    options = log_options(args)
    if len(paths) == 1:
        score_log(
            paths[0],
            game,
            sheet=args.sheet,
            rules=args.rules,
            errors_csv=args.errors_csv,
            out=out,
            out_file=args.out,
            method=args.method,
            kind=kind,
            **options,
        )
        return
    if args.out is not None:
        _check_suffix(args.out)
    entry = get_game(game)
    deals = read_logs(
        paths,
        game,
        kind=kind,
        rules=rules_of(game, args.rules),
        sheet=args.sheet,
        errors_csv=args.errors_csv,
        **options,
    )
    print_tables(entry.report(deals), out)
    if args.out is not None:
        written = write_scored(
            entry.score(deals), folder_for(args.out), method=args.method
        )
        print(f"\nwrote {written}", file=out)


def score_log(
    log,
    game,
    *,
    sheet=0,
    rules=None,
    errors_csv=None,
    out=None,
    out_file=None,
    method=None,
    kind="deals",
    columns=None,
    season=None,
) -> pd.DataFrame:
    """Read, check, score and print a log (and write it with ``out_file``);
    returns the checked deals. ``columns`` and ``season`` as for ``read_log``."""
    entry = get_game(game)
    if out_file is not None:
        _check_suffix(out_file)
    try:
        deals = read_one(
            log,
            game,
            kind=kind,
            rules=rules_of(game, rules),
            sheet=int(sheet) if str(sheet).isdigit() else sheet,
            columns=columns,
            season=season,
        )
    except LogValidationError as exc:
        if errors_csv:  # atomically, as every file the package writes
            with atomic_path(errors_csv) as temporary:
                exc.failure_cases.to_csv(temporary, index=False)
        hint = season_hint(exc, log, game, kind, season, "score")
        if hint is None:
            raise
        raise ProblemReport([exc], [hint]) from None
    print_tables(entry.report(deals), out)
    if out_file is not None:
        written = write_scored(entry.score(deals), folder_for(out_file), method=method)
        print(f"\nwrote {written}", file=out)
    return deals


def _check_suffix(path: str | Path) -> Path:
    path = Path(path)
    if path.suffix.lower() not in OUT_SUFFIXES:
        raise LogReadError(
            f"--out must end in {', '.join(OUT_SUFFIXES)}; got {path.name!r}"
        )
    return path


def write_scored(scored: pd.DataFrame, path: str | Path, *, method=None) -> Path:
    """The scored deals as score sheets (.xlsx) or as a frame (.csv, .parquet),
    written atomically (an old file stays whole if anything fails)."""
    path = _check_suffix(path)
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        return to_excel(scored, path, method=method)
    return write_frame(scored, path)
