"""What the sub-commands share: printing tables, rules presets, the problem file."""

from __future__ import annotations

import glob
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from cardscore_frames.atomic import atomic_path, write_frame
from cardscore_frames.contract import game_names, get_game
from cardscore_frames.errors import CardscoreError, LogNotFoundError, LogValidationError
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


def read_logs(
    paths: Sequence[Path],
    game: str,
    *,
    kind: str = "deals",
    rules=None,
    sheet: str | int = 0,
    errors_csv: str | Path | None = None,
) -> pd.DataFrame:
    """Several logs of one game read and checked, one progress step a file, and
    stacked (``concat_logs``); every file's problems reported together."""

    frames, failed = [], []
    sheet = int(sheet) if str(sheet).isdigit() else sheet
    for path in progress(paths, total=len(paths), desc="reading"):
        try:
            frames.append(
                read_log(path, game=game, kind=kind, rules=rules, sheet=sheet)
            )
        except LogValidationError as err:
            failed.append((path, err))
    if failed:
        if errors_csv:
            table = pd.concat(
                [e.failure_cases.assign(file=str(p)) for p, e in failed],
                ignore_index=True,
            )
            with atomic_path(errors_csv) as tmp:
                table.to_csv(tmp, index=False)
        raise ProblemReport([e for _, e in failed])
    return frames[0] if len(frames) == 1 else concat_logs(frames)


class ProblemReport(CardscoreError):
    """Every failing file's problem report, one after another."""

    def __init__(self, errors: list) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


class UsageError(CardscoreError):
    """What the command line was not told and cannot find out (exit status 2)."""
