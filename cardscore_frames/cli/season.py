"""``cardscore season LOGS... --out season.xlsx``: standings of one or more logs
of any games, printed, and written as a workbook, CSV or Parquet, with charts
as PNG."""

from __future__ import annotations

import argparse
import glob
import re
import sys
import warnings
from importlib.util import find_spec
from pathlib import Path

import pandas as pd

from cardscore_frames import season
from cardscore_frames.atomic import write_frame
from cardscore_frames.cli.common import (
    ProblemReport,
    add_log_options,
    folder_for,
    game_and_kind,
    log_options,
    print_tables,
    read_one,
    rules_of,
    season_hint,
)
from cardscore_frames.contract import game_names, get_game
from cardscore_frames.errors import CardscoreError, LogValidationError
from cardscore_frames.ledger import concat
from cardscore_frames.season.display import rule_words, shown, wall_columns
from cardscore_frames.season.frames import prepared
from cardscore_frames.season.ratings import INSTALL_HINT
from cardscore_frames.season.words import LANGUAGES, game_language

_OUT = (".xlsx", ".csv", ".parquet")


EXAMPLE = """examples:
  cardscore season tarot:sample_data/league/tarot.csv belot:sample_data/league/belot.csv \\
      preferans:sample_data/league/preferans.csv --by season --whist-price 0.10 \\
      --out season.xlsx --png charts/
  cardscore season 'club/*.csv' --game tarot --rank-by mean --min-games 5 --out table.csv
  cardscore season challenge.xlsx --game tarot --kind results --season 2025-26 \\
      --points place --best-evenings 15 --out challenge-season.xlsx"""


def add(sub) -> None:
    se = sub.add_parser(
        "season",
        help="standings, head to head and ratings of one or more logs",
        description="Score one or more logs (games may be mixed: name each as "
        "GAME:PATH, or give --game for all), print each league table and write "
        "the season as a workbook (.xlsx: standings, head to head, ratings, the "
        "players two to a page, charts), or the standings as .csv or .parquet.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    se.add_argument("logs", nargs="+", metavar="LOG", help="PATH or GAME:PATH; globs")
    se.add_argument("--game", choices=game_names(), help="the game of plain PATHs")
    se.add_argument(
        "--kind",
        default=None,
        help="the logs' kind: deals (default), points (points-only logs) or "
        "results (each player's score per session of an evening)",
    )
    add_log_options(se)
    se.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="[GAME:]PRESET",
        help="a rules preset, for --game or for GAME (repeatable)",
    )
    se.add_argument("--out", help="season.xlsx, standings .csv or .parquet")
    se.add_argument("--png", metavar="DIR", help="also draw the charts as PNG here")
    se.add_argument("--by", nargs="*", default=["league", "season"], metavar="COL")
    se.add_argument("--rank-by", choices=("total", "mean"), default="total")
    se.add_argument("--min-games", type=int, default=0)
    se.add_argument(
        "--points",
        choices=tuple(season.POINTS_PRESETS),
        default=None,
        help="championship points, the table ranked by them: place (at each "
        "evening, the first of n players gets n points, the last 1) or seeger "
        "(the score, +50 a game won, -50 a game lost, 40 or 30 for each "
        "opponent of a lost game at a table of 3 or 4)",
    )
    se.add_argument(
        "--best-evenings",
        type=_count,
        default=None,
        metavar="N",
        help="count only each player's N best evenings (e.g. 15)",
    )
    se.add_argument("--whist-price", type=float, default=None)
    se.add_argument("--unit", type=float, default=0.01)
    se.add_argument("--no-ratings", action="store_true", help="skip openskill")
    se.add_argument(
        "--no-numbers",
        action="store_true",
        help="leave out the pages 'What the numbers say' (skill and luck, above "
        "expected, calibration, par, records, months, partnerships)",
    )
    se.add_argument(
        "--remaining",
        type=int,
        default=None,
        metavar="N",
        help="evenings still to play in the latest season: the pages 'What the "
        "numbers say' add each player's title odds",
    )
    se.add_argument(
        "--language",
        choices=LANGUAGES,
        default=None,
        help="headers and titles in English, French or Russian (default: each "
        "game's own: tarot French, belot and preferans Russian)",
    )
    se.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    if args.out and Path(args.out).suffix.lower() not in _OUT:
        raise CardscoreError(f"--out must end in {', '.join(_OUT)}; got {args.out}")
    read = _all_scored(_logs(args), args)
    ledger = concat(game_ledger(s) for _, s in read)
    # the players' pages profile their bids: only a log of deals says them
    scored = [s for kind, s in read if kind == "deals"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = season.standings(
            ledger,
            by=args.by,
            rank_by=args.rank_by,
            min_games=args.min_games,
            whist_price=args.whist_price,
            unit=args.unit,
            points=args.points,
            best_evenings=args.best_evenings,
        )
    for message in dict.fromkeys(str(w.message) for w in caught):
        print(f"cardscore: warning: {message}", file=sys.stderr)
    _print(table, args.by, args.language, out)
    rate = not args.no_ratings and _have("openskill", "ratings", out)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # reported above
        if args.out:
            _write(ledger, table, scored, args, rate, out)
        if args.png and _have("matplotlib", "charts", out):
            _charts(ledger, Path(args.png), rate)


def _have(package: str, what: str, out) -> bool:
    """Whether an optional package is installed; when not, one line says what is
    left out and the command that installs it."""
    if find_spec(package) is not None:
        return True
    print(
        f"\n{what} left out: they need {package} ({INSTALL_HINT})",
        file=out or sys.stdout,
    )
    return False


def game_ledger(scored: pd.DataFrame) -> pd.DataFrame:
    return get_game(scored.cardscore.game).to_ledger(scored)


def _logs(args) -> list[tuple[str, str]]:
    """(game, path) of every LOG, globs expanded."""
    found = []
    for item in args.logs:
        game, path = _split(item, args.game)
        paths = sorted(glob.glob(path)) if glob.has_magic(path) else [path]
        if not paths:
            raise CardscoreError(f"no log matches {path}")
        found += [(game, p) for p in paths]
    return found


def _split(item: str, default: str | None) -> tuple[str, str]:
    head, sep, tail = item.partition(":")
    if sep and head in game_names():
        return head, tail
    if default is None:
        raise CardscoreError(
            f"{item}: name its game as GAME:PATH ({', '.join(game_names())}) or "
            "give --game"
        )
    return default, item


def _count(text: str) -> int:
    """A number of evenings: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            f"expected a number of evenings, 1 or more (e.g. 15); got {text!r}"
        )
    return value


def _all_scored(logs: list[tuple[str, str]], args) -> list[tuple[str, pd.DataFrame]]:
    """(kind, scored) of every log; the problems of every file reported
    together (nothing is ranked from logs with problems)."""
    options = log_options(args)
    scored, failed, hints = [], [], []
    for game, path in logs:
        kind = game_and_kind(path, game, args.kind, "season")[1]
        try:
            scored.append((kind, _scored(game, path, kind, options, args)))
        except LogValidationError as err:
            failed.append(err)
            hints.append(
                season_hint(err, path, game, kind, options["season"], "season")
            )
    if failed:
        raise ProblemReport(failed, hints)
    return scored


def _scored(game: str, path: str, kind: str, options: dict, args) -> pd.DataFrame:
    preset = None
    for given in args.rules:
        head, sep, tail = given.partition(":")
        if sep and head == game:
            preset = tail
        elif not sep and game == args.game:
            preset = given
    deals = read_one(path, game, kind=kind, rules=rules_of(game, preset), **options)
    return get_game(game).score(deals)


def _print(table: pd.DataFrame, by: list[str], language: str | None, out) -> None:
    """Each league table as the wall sheet shows it: the ranking's figures under
    people's headers (each game's language unless one is chosen), how it is
    ranked above it."""
    tables, notes = {}, {}
    for values, block in table.groupby(["game", *by], observed=True, dropna=False):
        values = values if isinstance(values, tuple) else (values,)
        title = " / ".join(str(v) for v in values if pd.notna(v))
        lang = game_language(str(values[0]), language)
        frame, _ = shown(block, wall_columns(block), lang)
        tables[title] = frame.apply(_whole)
        notes[title] = rule_words(block, lang)
    print_tables(tables, out, notes, index=False)


def _whole(column: pd.Series) -> pd.Series:
    """Whole figures printed as whole numbers (12, not 12.0)."""
    if column.dtype.kind == "f" and (column.dropna() % 1 == 0).all():
        return column.astype("Int64")
    return column


def _write(ledger, table, scored, args, rate: bool, out=None) -> None:
    target = folder_for(args.out)
    suffix = target.suffix.lower()
    if suffix == ".xlsx":
        numbers = not args.no_numbers and _have(
            "scipy", "the pages 'What the numbers say'", out
        )
        season.to_excel(
            ledger,
            target,
            scored=scored,
            by=args.by,
            min_games=args.min_games,
            whist_price=args.whist_price,
            unit=args.unit,
            rate=rate,
            language=args.language,
            numbers=numbers,
            remaining=args.remaining,
            points=args.points,
            best_evenings=args.best_evenings,
        )
    else:
        write_frame(table, target)


def _charts(ledger: pd.DataFrame, folder: Path, rate: bool) -> None:
    """Per game: running totals per season, the spread of totals, ratings."""

    folder.mkdir(parents=True, exist_ok=True)
    results = prepared(ledger).results
    rated = season.ratings(ledger) if rate else None
    for game in results["game"].astype(str).unique():
        part = results[(results["game"] == game).to_numpy()]
        for name in part["season"].astype(object).dropna().astype(str).unique():
            fig = season.plot_progress(ledger, game=game, season=name)
            season.save(fig, folder / f"{game}-progress-{_safe(name)}.png")
        fig = season.plot_distribution(ledger, game=game)
        season.save(fig, folder / f"{game}-distribution.png")
        if rated is not None:
            fig = season.plot_ratings(rated, game=game)
            season.save(fig, folder / f"{game}-ratings.png")


def _safe(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text).strip("_") or "season"
