"""What the sub-commands share: printing tables, rules presets, the problem file."""

from __future__ import annotations

import argparse
import datetime as dt
import glob
import re
import shlex
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from cardscore_frames.atomic import atomic_path, write_frame
from cardscore_frames.contract import game_names, get_game
from cardscore_frames.errors import (
    CardscoreError,
    LogNotFoundError,
    LogValidationError,
    RulesError,
)
from cardscore_frames.excel import Workbook
from cardscore_frames.io import concat_logs, read_log
from cardscore_frames.io.excel import workbook_metadata

__all__ = [
    "print_tables",
    "plural",
    "game_and_kind",
    "folder_for",
    "rules_of",
    "log_paths",
    "add_log_options",
    "log_options",
    "read_one",
    "season_hint",
    "progress",
    "read_logs",
    "write_table",
    "ProblemReport",
    "UsageError",
]


def print_tables(
    tables: dict[str, pd.DataFrame],
    out=None,
    notes: dict[str, str] | None = None,
    *,
    index: bool = True,
) -> None:
    """Each table under a ``== title ==`` line, and its note (how it is ranked)
    on the line below the title."""
    out = out or sys.stdout  # looked up at call time, so redirections are seen
    notes = notes or {}
    with pd.option_context(
        "display.width", 120, "display.max_columns", 20, "display.max_rows", 200
    ):
        for title, frame in tables.items():
            print(f"\n== {title} ==", file=out)
            if title in notes:
                print(notes[title], file=out)
            print(frame.to_string(index=index), file=out)


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 game``, ``2 games``, ``1,208 deals`` (``many``: an irregular plural)."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"


def game_and_kind(
    path: str | Path, game: str | None, kind: str | None, command: str
) -> tuple[str, str]:
    """The game and log kind of one file: as given, else as a workbook of this
    package records them, else an error that says what to add. A workbook that
    holds another kind than the command reads says which command reads it."""
    meta = _metadata(path)
    if game is None:
        if meta is None:
            raise UsageError(
                f"{path}: which game is it? Add --game "
                f"({' or '.join(game_names())}), e.g.\n"
                f"  cardscore {command} {path} --game {game_names()[0]}"
            )
        game = meta["game"]
    if kind is None:
        kind = meta.get("kind", "deals") if meta is not None else "deals"
    if command == "score" and kind == "sheet":
        raise CardscoreError(
            f"{path} holds {game} end-of-game sheets, which are settled, not "
            f"scored deal by deal:\n  cardscore settle {path}"
        )
    return game, kind


def _metadata(path: str | Path) -> dict | None:
    """A workbook's own record of its game and kind (None: not one of ours)."""
    path = Path(path)
    if path.suffix.lower() not in (".xlsx", ".xlsm") or not path.is_file():
        return None
    return workbook_metadata(path)


def folder_for(path: str | Path) -> Path:
    """``path``, its folder created when missing (``--out``, ``--png``)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def rules_of(game: str, preset: str | None):
    """The game's rules of a named preset (None: let the log's defaults stand)."""
    if preset is None:
        return None
    return get_game(game).rules.preset(preset)


def log_paths(patterns: Sequence[str]) -> list[Path]:
    """Files named on the command line, globs expanded (``logs/*.csv``,
    ``club/**/*.parquet``), in order, each once. A glob that matches nothing is an
    error naming it (a plain path is left for the reader to report)."""
    found: list[Path] = []
    for pattern in patterns:
        if glob.has_magic(pattern):
            matches = sorted(glob.glob(pattern, recursive=True))
            if not matches:
                raise LogNotFoundError(f"no file matches {pattern!r}")
            found.extend(Path(m) for m in matches)
        else:
            found.append(Path(pattern))
    return list(dict.fromkeys(found))


def progress(items: Iterable, *, total: int | None = None, desc: str = ""):
    """``items`` with a progress bar on standard error when it is a terminal
    (tqdm); plain otherwise, so that logs and pipes stay clean."""
    if not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, total=total, desc=desc, unit="file", leave=False)


#: What ``--out`` writes, by the file's suffix.
TABLE_SUFFIXES = (".csv", ".parquet", ".xlsx")


def write_table(frame: pd.DataFrame, path: str | Path, *, sheet: str = "Table") -> Path:
    """A table written whole or not at all, its format from the suffix: CSV,
    Parquet, or an Excel workbook of one sheet (names kept as text)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in TABLE_SUFFIXES:
        raise CardscoreError(
            f"--out must end in {', '.join(TABLE_SUFFIXES)}; got {path.name!r}"
        )
    if suffix == ".xlsx":
        with Workbook(path) as book:
            page = book.add_sheet(sheet)
            page.write_frame(frame.reset_index(drop=True))
            page.freeze(1)
            page.autofit()
        return path
    return write_frame(frame, path)


def add_log_options(parser: argparse.ArgumentParser) -> None:
    """``--season`` and ``--column``: what a club's files do not say."""
    parser.add_argument(
        "--season",
        default=None,
        help="the season the files hold, e.g. 2025-26: the season of rows that "
        "give none, and the year of sheets named by their date (2 SEPTEMBRE, 14.11)",
    )
    parser.add_argument(
        "--column",
        action="append",
        default=[],
        type=_heading_column,
        dest="columns",
        metavar="HEADING=COLUMN",
        help="read a heading the game does not know as one of its columns, e.g. "
        "--column 'Appel=partner' (repeatable)",
    )


def _heading_column(text: str) -> tuple[str, str]:
    """``Appel=partner`` as (heading, column); anything else is a usage error."""
    heading, sep, column = text.rpartition("=")
    heading, column = heading.strip(), column.strip()
    if not sep or not heading or not column:
        raise argparse.ArgumentTypeError(
            f"expected HEADING=COLUMN, a heading of the file and the column it "
            f"holds, e.g. --column 'Appel=partner'; got {text!r}"
        )
    return heading, column


def log_options(args: argparse.Namespace) -> dict:
    """``columns=`` and ``season=`` for ``read_log``, from the command line."""
    columns: dict[str, str] = {}
    for heading, column in getattr(args, "columns", None) or ():
        if columns.get(heading, column) != column:
            raise UsageError(
                f"--column {heading!r} is given twice, as {columns[heading]} and "
                f"as {column}: give it once"
            )
        columns[heading] = column
    return {"columns": columns or None, "season": getattr(args, "season", None)}


#: How the package's checker begins a problem with ``columns=`` (said here as
#: the option that gave them).
_COLUMNS_SLIP = "columns= maps a heading to a column; "


def read_one(path: str | Path, game: str, **options) -> pd.DataFrame:
    """``read_log`` of one file, a slip in ``--column`` said as a usage error
    in the option's own words."""
    try:
        return read_log(path, game=game, **options)
    except RulesError as exc:
        text = str(exc)
        if not text.startswith(_COLUMNS_SLIP):
            raise
        raise UsageError(f"--column: {text[len(_COLUMNS_SLIP) :]}") from None


def season_hint(
    err: LogValidationError,
    path: str | Path,
    game: str,
    kind: str,
    season: str | None,
    command: str,
) -> str | None:
    """What to add when evening results in a workbook have no date because the
    sheets are named by their date without the year and no season gives it."""
    fc = err.failure_cases
    missing = (fc["reason"] == "missing_column") & (fc["column"] == "date")
    if kind != "results" or not _is_workbook(path) or not missing.any():
        return None
    if season is not None and re.search(r"\d{4}", season):
        return None  # the year is given: the sheets' names are no dates
    line = (
        f"  cardscore {command} {shlex.quote(str(path))} --game {game} "
        f"--kind results --season {_this_season()}"
    )
    if season is None:
        return (
            "sheets named by their evening's date (2 SEPTEMBRE, 14.11) need the "
            f"season they belong to, which gives their year; this season's:\n{line}"
        )
    return (
        f"--season {season!r} gives no year for the sheets named by their date: "
        f"write it as 2025-26 (September to August) or 2026, e.g.\n{line}"
    )


def _is_workbook(path: str | Path) -> bool:
    """An Excel workbook (whose sheets may be named by their date)."""
    return Path(path).suffix.lower() in (".xlsx", ".xlsm")


def _this_season(today: dt.date | None = None) -> str:
    """The club season under way (September to August): ``2025-26``."""
    today = today or dt.date.today()
    first = today.year if today.month >= 9 else today.year - 1
    return f"{first}-{(first + 1) % 100:02d}"


def read_logs(
    paths: Sequence[Path],
    game: str,
    *,
    kind: str = "deals",
    rules=None,
    sheet: str | int = 0,
    errors_csv: str | Path | None = None,
    columns: dict[str, str] | None = None,
    season: str | None = None,
    command: str = "score",
) -> pd.DataFrame:
    """Several logs of one game read and checked, one progress step a file, and
    stacked (``concat_logs``); every file's problems reported together."""

    frames, failed, hints = [], [], []
    sheet = int(sheet) if str(sheet).isdigit() else sheet
    for path in progress(paths, total=len(paths), desc="reading"):
        try:
            frames.append(
                read_one(
                    path,
                    game,
                    kind=kind,
                    rules=rules,
                    sheet=sheet,
                    columns=columns,
                    season=season,
                )
            )
        except LogValidationError as err:
            failed.append((path, err))
            hints.append(season_hint(err, path, game, kind, season, command))
    if failed:
        if errors_csv:
            table = pd.concat(
                [e.failure_cases.assign(file=str(p)) for p, e in failed],
                ignore_index=True,
            )
            with atomic_path(errors_csv) as tmp:
                table.to_csv(tmp, index=False)
        raise ProblemReport([e for _, e in failed], hints)
    return frames[0] if len(frames) == 1 else concat_logs(frames)


class ProblemReport(CardscoreError):
    """Every failing file's problem report, one after another, then what to do
    about them where the command line can say (each hint once)."""

    def __init__(self, errors: list, hints: Iterable[str | None] = ()) -> None:
        self.errors = errors
        self.hints = list(dict.fromkeys(h for h in hints if h))
        super().__init__("\n".join([*(str(e) for e in errors), *self.hints]))


class UsageError(CardscoreError):
    """What the command line was not told and cannot find out (exit status 2)."""
