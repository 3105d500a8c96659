"""``cardscore settle SHEET``: settle preferans end-of-game sheets."""

from __future__ import annotations

import argparse

from cardscore_frames.cli.common import print_tables, rules_of
from cardscore_frames.games import preferans
from cardscore_frames.io import read_log


def add(sub) -> None:
    st = sub.add_parser(
        "settle",
        help="settle preferans end-of-game sheets",
        description="Settle every game of a preferans sheet file (one row per game "
        "and player: pool, mountain, whists on each seat) and print the result.",
    )
    st.add_argument("sheet", help="the sheet: .csv, .parquet, .jsonl or .xlsx")
    st.add_argument(
        "--method",
        choices=preferans.METHODS,
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
    st.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    rules = rules_of("preferans", args.rules)
    sheet = read_log(args.sheet, game="preferans", kind="sheet", rules=rules)
    print_tables(
        preferans.settle_report(
            sheet,
            method=args.method,
            whist_price=args.price,
            unit=args.unit,
            adjust_seat=args.adjust_seat,
        ),
        out,
    )
