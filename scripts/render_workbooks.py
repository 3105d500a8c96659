"""Picture one workbook of each game, from the bundled samples, for the README.

Usage::

    python scripts/render_workbooks.py [--out docs/images/excel] [--dpi 110]

Each workbook is written as ``cardscore score --out`` writes it, printed by
LibreOffice (headless, recalculating every formula) and pictured page by page
with ``pdftoppm`` (:mod:`render_sheets`); the pages kept are the first of the
index sheet and of a game's sheet(s). The pictures are committed in
``docs/images/excel/``; run this again after changing how a sheet looks, and
look at every picture before committing it. Needs LibreOffice and
poppler-utils; not used by the tests.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from render_sheets import render  # noqa: E402

import cardscore_frames as csf  # noqa: E402

#: Where the README's pictures live.
OUT = ROOT / "docs" / "images" / "excel"


def _games(name: str, ids: list[int] | None = None):
    """A sample log, or the part of it with these game ids (checked again)."""
    log = csf.load_example(name)
    if ids is None:
        return log
    part = log[log["game_id"].isin(ids)].reset_index(drop=True).astype(object)
    return csf.validate(part, game=log.cardscore.game, kind=log.cardscore.kind)


def workbooks(folder: Path) -> dict[str, tuple[Path, dict[int, str]]]:
    """Each workbook and the pages to keep: page number -> picture name."""
    tarot = csf.to_excel(csf.tarot.score(_games("tarot")), folder / "tarot.xlsx")
    belot = csf.to_excel(csf.belot.score(_games("belot")), folder / "belot.xlsx")
    pools = csf.preferans.score(_games("preferans", [1, 2]))
    preferans = csf.to_excel(
        pools, folder / "preferans.xlsx", method="paper", whist_price=0.01
    )
    seed = csf.to_excel(
        _games("preferans_sheets", [1]), folder / "seed.xlsx", method="paper"
    )
    template = csf.write_template(
        folder / "template.xlsx",
        game="tarot",
        players=["Anne", "Bruno", "Chloé", "Denis", "Élodie"],
        rows=20,
    )
    return {
        "tarot": (tarot, {1: "tarot-index", 2: "tarot-feuille"}),
        "belot": (belot, {2: "belot-protocol"}),
        "preferans": (preferans, {2: "preferans-pulka", 3: "preferans-deals"}),
        "seed": (seed, {2: "preferans-seed"}),
        "template": (template, {1: "tarot-template"}),
    }


def shrink(png: Path, target: Path, colours: int) -> None:
    """Copy ``png`` with at most ``colours`` colours (with Pillow, if installed):
    a sheet is mostly white, black and a few greys and reds, and the picture
    a third of the size, with no visible difference."""
    try:
        from PIL import Image
    except ImportError:
        colours = 0
    if not colours:
        shutil.copyfile(png, target)
        return
    with Image.open(png) as image:
        fewer = image.convert("RGB").quantize(
            colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
        fewer.save(target, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    parser.add_argument("--dpi", type=int, default=110)
    parser.add_argument(
        "--colours",
        type=int,
        default=96,
        help="colours kept in each PNG (a third of the size; 0 keeps them all)",
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="workbooks-") as work:
        folder = Path(work)
        for _, (book, keep) in workbooks(folder).items():
            pages = (min(keep), max(keep))
            pictures = render(book, folder / "png", dpi=args.dpi, pages=pages)
            for png in pictures:
                number = int(png.stem.rsplit("-", 1)[1])
                if number in keep:
                    target = args.out / f"{keep[number]}.png"
                    shrink(png, target, args.colours)
                    print(
                        target.relative_to(ROOT)
                        if target.is_relative_to(ROOT)
                        else target
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
