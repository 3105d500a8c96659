"""Excel score sheets: writing and reading a season against plain XlsxWriter and
python-calamine, measured in one run.

    python benchmarks/bench_excel.py              # 50,000 tarot deals (a few minutes)
    python benchmarks/bench_excel.py --n 5000

Writing: ``csf.to_excel`` of a scored 50,000-deal tarot season (one feuille de
marque per partie, with formats, formulas, checks, charts and the index
sheet) against the same cell values (numbers, text, and formulas with their
values) written with plain XlsxWriter calls and no formatting, with the same
workbook options (no string conversion, parts assembled in memory).
Reading: ``csf.read_excel`` of that file (every sheet found by its headings,
codes decoded, the log validated) against python-calamine reading every sheet
of the same file into Python lists. Targets: at most 1.5 times each.

The baselines are plain calls, as anyone would write them. ``to_excel`` pauses
Python's cyclic garbage collector while it works (a workbook is hundreds of
thousands of small objects), which they do not. So, for information, the
writing baseline is also timed with the collector paused: what the formatting,
checks and charts cost on their own.
"""

from __future__ import annotations

import gc
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import xlsxwriter  # noqa: E402
from common import bench_parser, interleaved, limit_line, rate_line  # noqa: E402
from python_calamine import CalamineWorkbook  # noqa: E402

import cardscore_frames as csf  # noqa: E402
from cardscore_frames.excel.workbook import gc_paused  # noqa: E402
from cardscore_frames.games.tarot.generate import random_deals  # noqa: E402

TARGET = 1.5


def cells_of(path: Path) -> list[tuple[str, list[tuple[int, int, str, object]]]]:
    """Every sheet's cells as (row, col, kind, value): formulas as openpyxl reads
    them (read-only), with the values stored beside them as calamine reads them."""
    import openpyxl

    values = CalamineWorkbook.from_path(str(path))
    book = openpyxl.load_workbook(path, read_only=True)
    out = []
    for ws in book.worksheets:
        data = values.get_sheet_by_name(ws.title)
        cached, (top, left) = data.to_python(), data.start or (0, 0)
        cells = []
        for row in ws.iter_rows():
            for c in row:
                if c.value is None or not hasattr(c, "column"):
                    continue
                r, k = c.row - 1, c.column - 1
                if c.data_type == "f":
                    got = cached[r - top][k - left]
                    cells.append((r, k, "f", (c.value, got)))
                elif isinstance(c.value, str):
                    cells.append((r, k, "s", c.value))
                else:
                    cells.append((r, k, "n", c.value))
        out.append((ws.title, cells))
    book.close()
    return out


def plain_write(path: Path, sheets) -> None:
    """The same cells with plain XlsxWriter calls: no formats, no charts."""
    book = xlsxwriter.Workbook(
        str(path),
        {
            "strings_to_formulas": False,
            "strings_to_numbers": False,
            "strings_to_urls": False,
            "in_memory": True,
        },
    )
    for name, cells in sheets:
        ws = book.add_worksheet(name)
        write_string, write_number = ws.write_string, ws.write_number
        write_formula, write_datetime = ws.write_formula, ws.write_datetime
        for r, k, kind, value in cells:
            if kind == "s":
                write_string(r, k, value)
            elif kind == "f":
                write_formula(
                    r, k, value[0], None, "" if value[1] is None else value[1]
                )
            elif hasattr(value, "year"):
                write_datetime(r, k, value)
            else:
                write_number(r, k, value)
    book.close()


def calamine_read(path: Path) -> int:
    with CalamineWorkbook.from_path(str(path)) as book:
        return sum(len(book.get_sheet_by_name(n).to_python()) for n in book.sheet_names)


def tuned(run):
    """``run`` with the collector paused, as csf.to_excel pauses it."""

    def inner():
        with gc_paused():
            return run()

    return inner


def main() -> None:
    args = bench_parser(__doc__, n=50_000, sample=0, repeat=2).parse_args()
    deals = csf.validate(random_deals(args.n, seed=2026), game="tarot")
    scored = csf.tarot.score(deals)
    work = tempfile.TemporaryDirectory(prefix="bench-excel-")
    ours, plain = Path(work.name) / "season.xlsx", Path(work.name) / "plain.xlsx"
    csf.to_excel(scored, ours)
    sheets = cells_of(ours)
    n_cells = sum(len(c) for _, c in sheets)
    print(f"excel: {args.n:,} tarot deals, {len(sheets):,} sheets, {n_cells:,} cells")
    # The harness's own objects (the baseline's cells) are kept out of the
    # collector's way, so that it slows neither side.
    gc.collect()
    gc.freeze()
    (t_write, t_plain, t_tuned), _ = interleaved(
        lambda: csf.to_excel(scored, ours),
        lambda: plain_write(plain, sheets),
        tuned(lambda: plain_write(plain, sheets)),
        repeat=args.repeat,
    )
    gc.unfreeze()
    sheets.clear()  # the baseline's cells are not needed for reading
    (t_read, t_cal), (back, _) = interleaved(
        lambda: csf.read_excel(ours, game="tarot"),
        lambda: calamine_read(ours),
        repeat=args.repeat,
    )
    assert back.equals(deals), "the season read back differs from the one written"
    print(rate_line("write: to_excel", args.n, t_write))
    print(rate_line("write: plain XlsxWriter, same cells", args.n, t_plain))
    print(rate_line("write: the same, the collector paused", args.n, t_tuned))
    print(rate_line("read: read_excel", args.n, t_read))
    print(rate_line("read: python-calamine, every sheet", args.n, t_cal))
    for label, ours_t, base_t in (
        ("write: to_excel / plain XlsxWriter", t_write, t_plain),
        ("read: read_excel / python-calamine", t_read, t_cal),
    ):
        print(limit_line(label, ours_t / base_t, TARGET, "the time of the baseline"))
    print(
        f"{'for information: formats, checks, charts':<44} "
        f"{t_write / t_tuned:>10,.2f}x the time of the tuned plain writing"
    )


if __name__ == "__main__":
    main()
