"""Picture a club's own workbook and the season the package makes of it, for
docs/guide/club-workbooks.md.

Usage::

    python scripts/render_club_workbook.py [--out docs/images/club] [--dpi 110]

The workbook is the weekly challenge the tests build (tests/club_books.py: one
sheet per evening named by its date, a title, a check row, placeholder rows),
as its organiser keeps it once corrected; its first evening's sheet is printed
by LibreOffice, then the season workbook of its standings by championship
points (best 8 evenings). Look at every picture before committing it. Needs
LibreOffice and poppler-utils; not used by the tests.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts"), str(ROOT / "tests")]

import openpyxl  # noqa: E402
from club_books import SEASON, challenge  # noqa: E402
from render_sheets import render  # noqa: E402

import cardscore_frames as csf  # noqa: E402

OUT = ROOT / "docs" / "images" / "club"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--dpi", type=int, default=110)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        book = Path(work) / "challenge.xlsx"
        challenge(book, slips=[])
        first = Path(work) / "first_evening.xlsx"
        _only_sheet(book, "2 SEPTEMBRE", first)
        _keep(render(first, work, dpi=args.dpi, pages=(1, 1)), args.out, "challenge")
        with warnings.catch_warnings():  # the members' list is not read: known
            warnings.simplefilter("ignore", UserWarning)
            results = csf.read_log(book, game="tarot", kind="results", season=SEASON)
        ledger = csf.tarot.to_ledger(results)
        season = Path(work) / "season.xlsx"
        csf.season.to_excel(
            ledger,
            season,
            rate=False,
            numbers=False,
            points="place",
            best_evenings=8,
        )
        pages = render(season, work, dpi=args.dpi, pages=(1, 1))
        _keep(pages, args.out, "challenge-standings")


def _only_sheet(book: Path, name: str, out: Path) -> None:
    """A copy of ``book`` holding only the sheet ``name`` (to print it alone)."""
    wb = openpyxl.load_workbook(book)
    for sheet in list(wb.worksheets):
        if sheet.title != name:
            wb.remove(sheet)
    wb.active.page_setup.orientation = "landscape"
    wb.save(out)


def _keep(pages: list[Path], out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{name}.png"
    shutil.copy(pages[0], target)
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
