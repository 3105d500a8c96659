"""A canonical digest of what the bundled league gives a user, for comparing pandas
versions (one process has one pandas, so each version writes its digest to JSON).

The digest covers the league's pipeline for each game (``read_log`` of the CSV
file, ``score``, ``to_ledger``), the three ledgers joined (``concat``), their
``totals``, ``results`` and ``standings``, the preferans end-of-game sheets
settled, the broken examples validated with ``errors="collect"`` (good rows,
rejected rows, failure cases), each game's paper score sheets and the season
workbook, read back cell
by cell with openpyxl. Every frame is given as its dtypes in the words a user sees
(``str(dtype)``; a categorical's categories, their dtype and whether ordered), its
index, its shape, its first rows in full and a SHA-256 of each column's values
(so that any difference names the frame and the column). Floats are written to 12
significant digits, blanks as None.

The golden file is made in an environment at the pins of ``.ci/minimum.txt``
(pandas 2.3.0, numpy 1.26.4), from the repository's root::

    python tests/pandas_digest.py tests/fixtures/pandas_versions/league.json

then checked in an environment of the newest versions (pandas 3), which must
print that it gives the same before the file is committed::

    python tests/pandas_digest.py --compare tests/fixtures/pandas_versions/league.json

CI runs tests/test_pandas_versions.py under both.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import sys
import tempfile
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd

import cardscore_frames as csf
from cardscore_frames import season
from cardscore_frames.datasets import example_path

#: The league's logs: example name -> game.
LEAGUE = {
    "league_tarot": "tarot",
    "league_belot": "belot",
    "league_preferans": "preferans",
}
#: Floats to 12 significant digits: any difference a user could see, not the
#: last bit a numpy or scipy release may sum differently.
DIGITS = ".12g"
#: Rows shown in full for each frame and sheet (the rest by hash).
HEAD = 3
#: Categories shown, and workbook sheets whose first rows are shown (the rest by
#: hash).
SHOWN = 12


def plain(value: object) -> object:
    """A cell as a JSON value: blanks None, floats to 12 digits, dates ISO."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, float | np.floating):
        return None if math.isnan(value) else format(float(value), DIGITS)
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, pd.Timestamp | dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, dt.time):
        return value.isoformat()
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return str(value)


def kind(dtype: object) -> object:
    """A dtype as a user meets it (``df.dtypes``, ``.cat.categories``)."""
    if isinstance(dtype, pd.CategoricalDtype):
        cats = [plain(c) for c in dtype.categories]
        shown = cats if len(cats) <= SHOWN else {"first": cats[:SHOWN], "n": len(cats)}
        return {
            "category": shown,
            "categories_sha256": _hash(cats),
            "categories_dtype": str(dtype.categories.dtype),
            "ordered": bool(dtype.ordered),
        }
    return str(dtype)


def _hash(values: list) -> str:
    text = json.dumps(values, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def frame_digest(frame: pd.DataFrame) -> dict:
    """Dtypes, index, shape, first rows and a hash of each column of ``frame``."""
    columns = {}
    for c in frame.columns:
        values = [plain(v) for v in frame[c].astype(object).tolist()]
        columns[str(c)] = {
            "dtype": kind(frame[c].dtype),
            "head": values[:HEAD],
            "sha256": _hash(values),
        }
    index = frame.index
    # a RangeIndex (pandas 3 keeps one where 2.3 makes an Index of the same
    # numbers) has the dtype int64 too
    index_kind = [kind(index.get_level_values(i).dtype) for i in range(index.nlevels)]
    return {
        "shape": list(frame.shape),
        "index": {
            "names": [plain(n) for n in index.names],
            "dtypes": index_kind,
            "sha256": _hash([plain(v) for v in index.tolist()]),
        },
        "columns": columns,
    }


def workbook_digest(path: Path) -> dict:
    """Each sheet's size, first rows and a hash of every cell, read by openpyxl
    (formulas as their text, values as written)."""
    book = openpyxl.load_workbook(path)
    sheets = {}
    for k, sheet in enumerate(book.worksheets):
        rows = [[plain(c) for c in row] for row in sheet.iter_rows(values_only=True)]
        sheets[sheet.title] = {"dimensions": sheet.dimensions, "sha256": _hash(rows)}
        if k < SHOWN:
            sheets[sheet.title]["head"] = rows[:HEAD]
    return {"sheets": list(sheets), "cells": sheets}


def league_digest(folder: Path) -> dict:
    """The digest of the bundled league's outputs; workbooks are written in
    ``folder``."""
    out: dict = {}
    scored, ledgers = [], []
    for name, game in LEAGUE.items():
        module = csf.get_game(game)
        deals = csf.read_log(example_path(name), game=game)
        one = module.score(deals)
        ledger = module.to_ledger(one)
        out[f"{name}: read_log"] = frame_digest(deals)
        out[f"{name}: score"] = frame_digest(one)
        out[f"{name}: to_ledger"] = frame_digest(ledger)
        book = csf.to_excel(one, folder / f"{name}.xlsx")
        out[f"{name}: to_excel"] = workbook_digest(book)
        scored.append(one)
        ledgers.append(ledger)
    ledger = csf.concat(ledgers)
    out["concat"] = frame_digest(ledger)
    out["totals"] = frame_digest(csf.totals(ledger, by=["season"]))
    out["results"] = frame_digest(csf.results(ledger))
    out["standings"] = frame_digest(season.standings(ledger))
    sheets = csf.read_log(
        example_path("league_preferans_sheets"), game="preferans", kind="sheet"
    )
    out["league_preferans_sheets: read_log"] = frame_digest(sheets)
    out["league_preferans_sheets: settle"] = frame_digest(csf.preferans.settle(sheets))
    for name in ("broken_tarot", "broken_belot", "broken_preferans"):
        game = name.removeprefix("broken_")
        got = csf.validate(example_path(name), game=game, errors="collect")
        out[f"{name}: validate, collected"] = frame_digest(got.deals)
        out[f"{name}: validate, rejected"] = frame_digest(got.rejected)
        out[f"{name}: validate, failure_cases"] = frame_digest(got.failure_cases)
    book = season.to_excel(ledger, folder / "season.xlsx", scored=scored, rate=True)
    out["season.to_excel"] = workbook_digest(book)
    return out


def digest() -> dict:
    """The league's digest, made in a folder of its own."""
    with tempfile.TemporaryDirectory() as folder:
        return league_digest(Path(folder))


def differences(got: dict, want: dict, where: str = "") -> list[str]:
    """Where two digests differ, as paths (``totals/columns/score/sha256``)."""
    if isinstance(got, dict) and isinstance(want, dict):
        found = []
        for key in sorted(set(got) | set(want)):
            if key not in got or key not in want:
                found.append(
                    f"{where}/{key}: only in {'want' if key in want else 'got'}"
                )
            else:
                found += differences(got[key], want[key], f"{where}/{key}")
        return found
    return [] if got == want else [f"{where}: {got!r} != {want!r}"]


def versions() -> dict:
    return {"pandas": pd.__version__, "numpy": np.__version__}


def main(argv: list[str]) -> int:
    """``pandas_digest.py FILE`` writes the digest; ``--compare FILE`` compares."""
    if len(argv) == 2 and argv[0] == "--compare":
        want = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
        found = differences(digest(), want["outputs"])
        print("\n".join(found) or f"the same as under {want['made_with']}")
        return 1 if found else 0
    if len(argv) != 1:
        print(__doc__)
        return 2
    made = {"made_with": versions(), "outputs": digest()}
    text = json.dumps(made, ensure_ascii=False, indent=1, sort_keys=True)
    Path(argv[0]).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
