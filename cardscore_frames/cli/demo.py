"""``cardscore demo``: the main job, every bundled sample season scored, and
their score sheets written as Excel workbooks (in ``out/`` by default), with the
sample league's season workbook: standings, head to head, ratings (when
openskill is installed), a page "What the numbers say" per game (when scipy
is) and the players two to a page."""

from __future__ import annotations

import argparse
import io
import sys
from importlib.util import find_spec
from pathlib import Path

import pandas as pd

from cardscore_frames import season
from cardscore_frames.checking import game_codes
from cardscore_frames.cli.common import plural, print_tables, progress
from cardscore_frames.cli.score import score_log
from cardscore_frames.contract import get_game
from cardscore_frames.datasets import example_path, examples
from cardscore_frames.games import preferans
from cardscore_frames.io import read_log
from cardscore_frames.io.excel import to_excel
from cardscore_frames.ledger import concat
from cardscore_frames.season.ratings import INSTALL_HINT

#: Where the workbooks go when --out-dir is not given (the repository ignores it).
OUT_DIR = "out"
#: The sample league's season workbook, of every game its deal logs hold.
SEASON_BOOK = "league_season.xlsx"


EXAMPLE = """examples:
  cardscore demo                    # workbooks in out/
  cardscore demo --out-dir sheets/
  cardscore demo --verbose          # every table of every sample"""


def add(sub) -> None:
    demo = sub.add_parser(
        "demo",
        help="the main job: score every bundled sample season",
        description="Score every bundled sample log, print the results and write "
        "each season's score sheets as an Excel workbook, and the sample "
        "league's season workbook (standings, head to head, ratings, players).",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    demo.add_argument(
        "--out-dir",
        default=OUT_DIR,
        help=f"folder for the workbooks (default: {OUT_DIR}/ here)",
    )
    demo.add_argument(
        "--verbose",
        action="store_true",
        help="print every table of every sample (by default a few lines each)",
    )
    demo.set_defaults(run=run)


def seasons() -> list[str]:
    """The sample seasons (not the deliberately broken logs)."""
    names = [name for name in examples() if not name.startswith("broken")]
    return sorted(names, key=lambda name: name.startswith("league"))


def run(args: argparse.Namespace, out=None) -> None:
    out = out or sys.stdout
    verbose = getattr(args, "verbose", False)
    tables = out if verbose else io.StringIO()  # every table only with --verbose
    folder = Path(args.out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    written, league = [], []
    for name in progress(seasons(), desc="sample seasons"):
        game, example = examples()[name]
        path = example_path(name)
        print(f"\n######## {game}: {path.name} ########", file=tables)
        if example.kind == "deals":
            deals = score_log(str(path), game, out=tables)
            scored = get_game(game).score(deals)
            written.append(to_excel(scored, folder / f"{name}.xlsx"))
            print(_summary(name, scored, written[-1]), file=out)
            if name.startswith("league"):
                league.append(scored)
        else:
            sheet = read_log(path, game=game, kind=example.kind)
            settled = _settled(sheet)
            print_tables({"Settled (exact)": settled}, tables)
            written.append(to_excel(sheet, folder / f"{name}.xlsx", method="paper"))
            print(_settled_summary(name, settled, written[-1]), file=out)
    if league:
        written.append(_season_book(league, folder / SEASON_BOOK, out))
        print(
            "\nThe league's season: standings, head to head, what the numbers "
            f"say, the players two to a page\n  written: {written[-1]}",
            file=out,
        )
    print(f"\nScore sheets written to {folder.resolve()}:", file=out)
    for path in written:
        print(f"  {path.name}", file=out)
    if not verbose:
        print("\nEvery table in full: cardscore demo --verbose", file=out)


def _summary(name: str, scored: pd.DataFrame, written: Path) -> str:
    """A few lines on one sample: what was read, who leads, what was written."""
    entry = get_game(scored.cardscore.game)
    ledger = entry.to_ledger(scored)
    games = ledger["game_key"].nunique()
    table = season.standings(ledger, by=[])
    leaders = ", ".join(table["player"].astype(str).head(3))
    rule = str(table["ranking"].iloc[0]).split(", then")[0]
    return (
        f"\n{name}: {entry.title}, {plural(len(scored), 'deal')} in "
        f"{plural(games, 'game')}\n  leading by {rule}: {leaders}\n"
        f"  written: {written}"
    )


def _settled_summary(name: str, settled: pd.DataFrame, written: Path) -> str:
    games = int(game_codes(settled).max(initial=-1)) + 1  # by league, season, id
    best = settled.groupby("player", observed=True)["whists"].sum().idxmax()
    return (
        f"\n{name}: end-of-game sheets of {plural(games, 'game')}, settled\n"
        f"  most whists won: {best}\n  written: {written}"
    )


def _season_book(scored: list, path: Path, out) -> Path:
    """The sample league's season workbook; ratings when openskill is there,
    the pages "What the numbers say" when scipy is."""

    rate = find_spec("openskill") is not None
    if not rate:
        print(f"\nThe season workbook has no ratings: {INSTALL_HINT}", file=out)
    numbers = find_spec("scipy") is not None
    if not numbers:
        print(
            "\nThe season workbook has no pages 'What the numbers say': "
            f"{INSTALL_HINT}",
            file=out,
        )
    ledger = concat(get_game(s.cardscore.game).to_ledger(s) for s in scored)
    return season.to_excel(ledger, path, scored=scored, rate=rate, numbers=numbers)


def _settled(sheet):
    return preferans.settle(sheet)[["game_id", "player", "whists", "money"]]
