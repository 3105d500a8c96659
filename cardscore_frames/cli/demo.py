"""``cardscore demo``: the main job, every bundled sample season scored, and
their score sheets written as Excel workbooks (in ``out/`` by default), with the
sample league's season workbook: standings, head to head, ratings (when
openskill is installed) and a page per player."""

from __future__ import annotations

import argparse
from importlib.util import find_spec
from pathlib import Path

from cardscore_frames import season
from cardscore_frames.cli.common import print_tables, progress
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
  cardscore demo --out-dir sheets/"""


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
    demo.set_defaults(run=run)


def seasons() -> list[str]:
    """The sample seasons (not the deliberately broken logs)."""
    names = [name for name in examples() if not name.startswith("broken")]
    return sorted(names, key=lambda name: name.startswith("league"))


def run(args: argparse.Namespace, out=None) -> None:
    folder = Path(args.out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    written, league = [], []
    for name in progress(seasons(), desc="sample seasons"):
        game, example = examples()[name]
        kind = example.kind
        path = example_path(name)
        print(f"\n######## {game}: {path.name} ########", file=out)
        if kind == "deals":
            deals = score_log(str(path), game, out=out)
            scored = get_game(game).score(deals)
            written.append(to_excel(scored, folder / f"{name}.xlsx"))
            if name.startswith("league"):
                league.append(scored)
        else:
            sheet = read_log(path, game=game, kind=kind)
            print_tables({"Settled (exact)": _settled(sheet)}, out)
            written.append(to_excel(sheet, folder / f"{name}.xlsx", method="paper"))
    if league:
        written.append(_season_book(league, folder / SEASON_BOOK, out))
    print(f"\nScore sheets written to {folder.resolve()}:", file=out)
    for path in written:
        print(f"  {path.name}", file=out)


def _season_book(scored: list, path: Path, out) -> Path:
    """The sample league's season workbook; ratings when openskill is there."""

    rate = find_spec("openskill") is not None
    if not rate:
        print(f"\nThe season workbook has no ratings: {INSTALL_HINT}", file=out)
    ledger = concat(get_game(s.cardscore.game).to_ledger(s) for s in scored)
    return season.to_excel(ledger, path, scored=scored, rate=rate)


def _settled(sheet):
    return preferans.settle(sheet)[["game_id", "player", "whists", "money"]]
