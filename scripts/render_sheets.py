"""Render workbooks as PNG pictures of their printed pages, to look at a sheet.

Usage::

    python scripts/render_sheets.py BOOK.xlsx [BOOK.xlsx ...] [--out DIR] [--dpi 110]
    python scripts/render_sheets.py --demo [--out DIR]

LibreOffice, headless and with a private profile (so that parallel runs do not
collide), recalculates the workbook and prints it to PDF with each sheet's own
print set-up; ``pdftoppm`` turns every page into ``<book>-<page>.png``. Hidden
sheets are not printed. ``--demo`` first writes ``demo_sheet.xlsx``, a small
made-up score sheet (title, header, running totals as formulas, negatives in red,
a chart, landscape on one page wide) built with :mod:`cardscore_frames.excel`.

Needs LibreOffice (``soffice``) and poppler's ``pdftoppm``. Not used by tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from cardscore_frames.excel import CellRange, Workbook, cell_ref, line_chart

#: LibreOffice keeps the stored values of an .xlsx unless told to recalculate.
_PROFILE_SETTINGS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
<prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""


def render(
    xlsx_path: str | os.PathLike[str],
    out_dir: str | os.PathLike[str],
    *,
    dpi: int = 110,
    pages: tuple[int, int] | None = None,
) -> list[Path]:
    """Print a workbook to PNG pages.

    Parameters
    ----------
    xlsx_path : str or os.PathLike
        The workbook.
    out_dir : str or os.PathLike
        Folder for the pictures (created if needed); earlier pictures of the
        same workbook there are replaced.
    dpi : int, default 110
        Resolution of the pictures.
    pages : (int, int), optional
        The first and last page to picture (1-based); all by default.

    Returns
    -------
    list of pathlib.Path
        One PNG per printed page, in page order.
    """
    source = Path(xlsx_path).resolve()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="render-") as work:
        pdf = _to_pdf(source, Path(work))
        folder = Path(work) / "pages"
        folder.mkdir()
        span = [] if pages is None else ["-f", str(pages[0]), "-l", str(pages[1])]
        _run(
            [
                _tool("pdftoppm"),
                "-png",
                "-r",
                str(dpi),
                *span,
                str(pdf),
                str(folder / source.stem),
            ]
        )
        for old in out.glob(f"{source.stem}-*.png"):
            old.unlink()
        made = []
        for png in sorted(folder.glob("*.png"), key=_page_number):
            shutil.copyfile(png, out / png.name)
            made.append(out / png.name)
    return made


def _to_pdf(source: Path, work: Path) -> Path:
    profile = work / "profile"
    (profile / "user").mkdir(parents=True)
    (profile / "user" / "registrymodifications.xcu").write_text(
        _PROFILE_SETTINGS, encoding="utf-8"
    )
    command = [
        _tool("soffice"),
        f"-env:UserInstallation={profile.as_uri()}",
        "--headless",
        "--convert-to",
        "pdf",
        "--outdir",
        str(work),
        str(source),
    ]
    _run(command)
    pdf = work / f"{source.stem}.pdf"
    if not pdf.exists():
        raise RuntimeError(f"LibreOffice did not print {source.name} to PDF")
    return pdf


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        hint = "LibreOffice" if name == "soffice" else "poppler-utils"
        raise RuntimeError(f"{name} is not on PATH; install {hint}")
    return found


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr.strip()}")


def _page_number(png: Path) -> int:
    return int(png.stem.rsplit("-", 1)[1])


# --- the demo sheet -------------------------------------------------------------

PLAYERS = ("Зоя", "Élodie", "Anne", "Bruno")


def demo_scores(deals: int = 12, seed: int = 2026) -> pd.DataFrame:
    """Made-up zero-sum deal scores: one row per deal, one column per player.

    Returns
    -------
    pandas.DataFrame
        Columns ``deal``, ``dealer``, ``note`` and one integer column per player.
    """
    rng = np.random.default_rng(seed)
    taker = rng.integers(0, len(PLAYERS), deals)
    stake = rng.choice([-3, -2, -1, 1, 2, 3], deals) * rng.integers(10, 60, deals)
    scores = np.repeat(-stake[:, None], len(PLAYERS), axis=1)
    scores[np.arange(deals), taker] = 3 * stake
    frame = pd.DataFrame(scores, columns=list(PLAYERS))
    frame.insert(
        0,
        "note",
        [
            f"{PLAYERS[t]} {'+' if s > 0 else '−'}{abs(s)}"
            for t, s in zip(taker, stake, strict=True)
        ],
    )
    frame.insert(0, "dealer", [PLAYERS[d % len(PLAYERS)] for d in range(deals)])
    frame.insert(0, "deal", np.arange(1, deals + 1))
    return frame


def build_demo(path: str | os.PathLike[str], *, deals: int = 12) -> Path:
    """Write the demo score sheet (``deals`` rows; many rows print on several
    pages, each with the header rows repeated).

    Returns
    -------
    pathlib.Path
    """
    scores = demo_scores(deals)
    n, first = len(scores), 4  # data rows start on row 5
    with Workbook(path, metadata={"demo": True, "players": list(PLAYERS)}) as book:
        sheet = book.add_sheet("Soirée du 1er mars")
        width = 3 + 2 * len(PLAYERS) + 1
        sheet.merge(0, 0, 0, width - 1, "Soirée du 1er mars — table 3", "title")
        sheet.merge(
            1,
            0,
            1,
            width - 1,
            "Feuille de démonstration : donne, cumul, contrôle Σ = 0",
            "subtitle",
        )
        for k, name in enumerate(("N°", "Donneur", "Note")):
            sheet.merge(2, k, 3, k, name, "header")
        for p, player in enumerate(PLAYERS):
            col = 3 + 2 * p
            sheet.merge(2, col, 2, col + 1, player, "header")
            sheet.write_row(3, col, ["donne", "cumul"], "subheader")
        sheet.merge(2, width - 1, 3, width - 1, "Σ", "header")
        sheet.write_column(first, 0, scores["deal"], ("body", "centre"))
        sheet.write_column(first, 1, scores["dealer"], "body")
        sheet.write_column(first, 2, scores["note"], "body")
        _write_player_columns(sheet, scores, first)
        donnes = range(3, 3 + 2 * len(PLAYERS), 2)
        checks = [
            f"=SUM({','.join(cell_ref(first + i, col) for col in donnes)})"
            for i in range(n)
        ]
        sheet.write_formulas(first, width - 1, checks, [0] * n, ("body", "check"))
        sheet.flag_nonzero(first, width - 1, first + n - 1, width - 1)
        _write_totals(sheet, scores, first, width)
        categories = CellRange(sheet.name, first, 0, first + n - 1, 0)
        series = {
            CellRange(sheet.name, 2, 3 + 2 * p, 2, 3 + 2 * p): CellRange(
                sheet.name, first, 4 + 2 * p, first + n - 1, 4 + 2 * p
            )
            for p in range(len(PLAYERS))
        }
        sheet.autofit(minimum=6)
        line_chart(
            sheet,
            first + n + 2,
            0,
            categories=categories,
            series=series,
            title="Cumul par donne",
            x_title="Donne",
            y_title="Points",
            size=(sheet.columns_px(0, width - 1), 320),  # as wide as the table
        )
        sheet.freeze(first, 3)
        sheet.landscape_fit_to_page(repeat_rows=(2, 3))
    return Path(path)


def _write_player_columns(sheet, scores: pd.DataFrame, first: int) -> None:
    for p, player in enumerate(PLAYERS):
        col = 3 + 2 * p
        sheet.write_column(first, col, scores[player], ("body", "signed"))
        running = scores[player].cumsum().tolist()
        formulas = [f"={cell_ref(first, col)}"] + [
            f"={cell_ref(first + i - 1, col + 1)}+{cell_ref(first + i, col)}"
            for i in range(1, len(scores))
        ]
        sheet.write_formulas(
            first, col + 1, formulas, running, ("body", "signed", "cumul")
        )


def _write_totals(sheet, scores: pd.DataFrame, first: int, width: int) -> None:
    last = first + len(scores) - 1
    total_row = last + 1
    sheet.merge(total_row, 0, total_row, 2, "Total", ("body", "total"))
    for p, player in enumerate(PLAYERS):
        col = 3 + 2 * p
        sheet.write(total_row, col, None, ("body", "total"))
        sheet.write_formula(
            total_row,
            col + 1,
            f"={cell_ref(last, col + 1)}",
            int(scores[player].sum()),
            ("body", "total", "signed"),
        )
    cumuls = ",".join(cell_ref(total_row, 4 + 2 * p) for p in range(len(PLAYERS)))
    sheet.write_formula(
        total_row, width - 1, f"=SUM({cumuls})", 0, ("body", "total", "check")
    )
    sheet.flag_nonzero(total_row, width - 1, total_row, width - 1)


def main(argv: list[str] | None = None) -> int:
    """Render the workbooks named on the command line (or the demo).

    Returns
    -------
    int
        The exit status.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("books", nargs="*", type=Path, help="workbooks to render")
    parser.add_argument(
        "--out", type=Path, default=Path("rendered"), help="folder for the PNGs"
    )
    parser.add_argument("--dpi", type=int, default=110)
    parser.add_argument(
        "--demo", action="store_true", help="write and render demo_sheet.xlsx"
    )
    parser.add_argument("--deals", type=int, default=12, help="rows of the demo")
    args = parser.parse_args(argv)
    books = list(args.books)
    if args.demo:
        args.out.mkdir(parents=True, exist_ok=True)
        books.append(build_demo(args.out / "demo_sheet.xlsx", deals=args.deals))
    if not books:
        parser.error("name a workbook, or ask for --demo")
    for book in books:
        for png in render(book, args.out, dpi=args.dpi):
            print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
