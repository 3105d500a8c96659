"""``cardscore template FILE.xlsx --game G --players A,B,C,D``: a blank score
sheet whose formulas score each deal as it is typed, in Excel or LibreOffice."""

from __future__ import annotations

import argparse

from cardscore_frames.cli.common import rules_of
from cardscore_frames.contract import game_names
from cardscore_frames.io.excel import write_template

EXAMPLE = """examples:
  cardscore template evening.xlsx --game tarot --players Anne,Bruno,Chloé,Denis
  cardscore template match.xlsx --game belot --players Tigran,Anush,Davit,Gayane
  cardscore template pulka.xlsx --game preferans --players Зоя,Кира,Анна"""


def add(sub) -> None:
    tp = sub.add_parser(
        "template",
        help="write a blank score sheet that scores itself",
        description="Write a blank score sheet for one game and its players: "
        "drop-down lists, checks on numbers, and formulas that score each deal as "
        "it is typed (preferans: an end-of-game sheet, settled both as on paper, "
        "with the amnesty, and exactly). Read it back with cardscore score FILE.xlsx.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    tp.add_argument("file", help="the workbook to write (.xlsx)")
    tp.add_argument("--game", required=True, choices=game_names())
    tp.add_argument(
        "--players",
        required=True,
        help="the players in seating order, separated by commas",
    )
    tp.add_argument("--rules", default=None, help="a rules preset of the game")
    tp.add_argument(
        "--rows", type=int, default=None, help="deal rows (tarot 40, belot 30)"
    )
    tp.add_argument("--date", default=None, help="the date written on the sheet")
    tp.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    players = [p.strip() for p in args.players.split(",")]
    options = {"date": args.date}
    if args.rows is not None:
        options["rows"] = args.rows
    path = write_template(
        args.file,
        game=args.game,
        players=players,
        rules=rules_of(args.game, args.rules),
        **{k: v for k, v in options.items() if v is not None},
    )
    print(f"wrote {path}", file=out)
