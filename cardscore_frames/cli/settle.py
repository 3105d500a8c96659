"""``cardscore settle SHEET``: settle preferans end-of-game sheets."""

from __future__ import annotations

import argparse
import math
import sys

import pandas as pd

from cardscore_frames.cli.common import (
    folder_for,
    log_paths,
    print_tables,
    read_logs,
    rules_of,
    write_table,
)
from cardscore_frames.games import preferans

EXAMPLE = """examples:
  cardscore settle sample_data/preferans_sheets.csv --method paper --price 0.01
  cardscore settle 'pools/*.csv' --rules leningrad --out settled.xlsx
  cardscore settle saved.prf"""


def add(sub) -> None:
    st = sub.add_parser(
        "settle",
        help="settle preferans end-of-game sheets",
        description="Settle every game of a preferans sheet file (one row per game "
        "and player: pool, mountain, whists on each seat) and print the result.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    st.add_argument(
        "sheets",
        nargs="+",
        metavar="SHEET",
        help=".csv, .parquet, .jsonl, .xlsx or an OpenPref .prf; globs",
    )
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
    st.add_argument(
        "--rounding",
        choices=preferans.ROUNDINGS,
        default="nearest",
        help="method 2's adjustment: the nearest total that divides (default), "
        "or the nearest multiple of the number of players (PrefCount)",
    )
    st.add_argument(
        "--out", default=None, help="write the settlement to .csv, .parquet or .xlsx"
    )
    st.add_argument(
        "--all",
        action="store_true",
        help="print every step of the settlement (pool, mountain, whists on each "
        "pair), the pairs and the checks, not only each player's whists and money",
    )
    st.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    rules = rules_of("preferans", args.rules)
    paths = log_paths(args.sheets)
    sheet = read_logs(paths, "preferans", kind="sheet", rules=rules)
    tables = preferans.settle_report(
        sheet,
        method=args.method,
        whist_price=args.price,
        unit=args.unit,
        adjust_seat=args.adjust_seat,
        rounding=args.rounding,
    )
    settled = next(iter(tables.values()))
    if args.all:
        print_tables(tables, out)
    else:
        title = next(iter(tables))
        print_tables(
            {title: for_people(settled, args.unit)},
            out,
            notes={title: NOTE},
            index=False,
        )
    if args.out:
        written = write_table(settled, folder_for(args.out), sheet="Settled")
        print(f"\nwrote {written}", file=out or sys.stdout)


#: The columns printed by default, in order: who, where, and what each is paid
#: (a game is named by its league, season and id: two seasons may have a game 1).
PEOPLE = ("game_id", "date", "league", "season", "table", "player", "whists", "money")
NOTE = "each player's whists and money (every step: --all)"


def for_people(settled: pd.DataFrame, unit: float = 0.01) -> pd.DataFrame:
    """The settlement as players read it: game, date, league, season, table,
    player, whists (whole, else two decimals), money to the currency's unit
    (``5.80``, not ``5.8``); columns with nothing in them left out."""
    shown = [c for c in PEOPLE if c in settled and settled[c].notna().any()]
    table = settled[shown].copy()
    whists = table["whists"].round(2)
    whole = bool((whists == whists.round()).all())
    table["whists"] = whists.round().astype("Int64") if whole else whists
    if "money" in table:
        places = max(0, -math.floor(math.log10(unit) + 1e-9)) if unit > 0 else 2
        table["money"] = table["money"].map(f"{{:,.{places}f}}".format)
    if "date" in table:
        table["date"] = table["date"].dt.strftime("%Y-%m-%d")
    return table.rename(columns={"game_id": "game"})
