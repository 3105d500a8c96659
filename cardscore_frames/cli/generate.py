"""``cardscore generate --game tarot --deals 2000000 --files 8 --out archive/``:
a generated archive of several leagues over several seasons, in files of whole
games, to try the Dask path on (:func:`cardscore_frames.generate_archive`)."""

from __future__ import annotations

import argparse
import sys

from cardscore_frames.cli.common import UsageError, plural
from cardscore_frames.contract import game_names
from cardscore_frames.datasets.archive import (
    FORMATS,
    SEASONS,
    archive_problems,
    generate_archive,
)
from cardscore_frames.errors import RulesError

EXAMPLE = """examples:
  cardscore generate --game tarot --deals 2000000 --files 8 --out archive/
  cardscore generate --game belot --deals 100000 --files 4 --out belot/ --format csv
  cardscore generate --game preferans --deals 500000 --files 6 --out pref/ \\
      --leagues 2 --seasons 2023-24,2024-25,2025-26 --seed 7

then read it on a Dask cluster:
  python -c "from cardscore_frames.distributed import read_logs; \\
print(read_logs('archive/', game='tarot'))\""""


def add(sub) -> None:
    gp = sub.add_parser(
        "generate",
        help="write a generated archive of logs (leagues, seasons, whole games)",
        description="Write a generated archive of one game: several leagues over "
        "several seasons (each from September to June), in files of whole "
        "games, every deal drawn by the game's own generator. The same "
        "arguments and --seed give the same files.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    gp.add_argument("--game", required=True, choices=game_names())
    gp.add_argument("--deals", type=int, default=2_000_000, help="deals in all")
    gp.add_argument("--files", type=int, default=8, help="how many files")
    gp.add_argument("--out", required=True, help="the folder to write to")
    gp.add_argument("--format", default="parquet", help=" or ".join(FORMATS))
    gp.add_argument("--seed", type=int, default=0, help="the random seed")
    gp.add_argument("--leagues", type=int, default=3, help="leagues (clubs)")
    gp.add_argument(
        "--seasons",
        default=",".join(SEASONS),
        help="seasons, separated by commas (default: %(default)s)",
    )
    gp.add_argument(
        "--overwrite",
        action="store_true",
        help="replace the archive already in the folder",
    )
    gp.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    out = out or sys.stdout
    seasons = [s.strip() for s in args.seasons.split(",") if s.strip()]
    options = {
        "game": args.game,
        "deals": args.deals,
        "files": args.files,
        "format": args.format.lower(),
        "leagues": args.leagues,
        "seasons": seasons,
    }
    found = archive_problems(**options)
    if found:
        raise UsageError("cannot generate this archive:\n  " + "\n  ".join(found))

    def line(row: dict) -> None:
        print(
            f"wrote {row['file']}: {plural(row['deals'], 'deal')} in "
            f"{plural(row['games'], 'game')}, {row['season']} "
            f"({row['first_date']} to {row['last_date']})",
            file=out,
            flush=True,
        )

    try:
        table = generate_archive(
            args.out,
            seed=args.seed,
            overwrite=args.overwrite,
            progress=line,
            **options,
        )
    except RulesError as exc:  # a folder that already holds logs
        raise UsageError(str(exc).replace("overwrite=True", "--overwrite")) from None
    print(
        f"{plural(int(table['deals'].sum()), 'deal')} in "
        f"{plural(int(table['games'].sum()), 'game')} of "
        f"{plural(args.leagues, 'league')} over {plural(len(seasons), 'season')}, "
        f"in {plural(len(table), 'file')} in {args.out}",
        file=out,
    )
