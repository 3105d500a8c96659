"""Every file the package writes is written atomically: a write that fails half-way
leaves the previous file byte for byte, and no temporary file behind.

Each writer of the package (score sheets and season workbooks in Excel, scored
deals and standings in CSV and Parquet, the problems CSV of ``cardscore score``,
charts in PNG) is run over an existing file while the library underneath it
(XlsxWriter, pandas, pyarrow, matplotlib) writes part of the file and then fails,
as a full disk does. A source scan checks that no module writes a file but
through :mod:`cardscore_frames.atomic`.
"""

from __future__ import annotations

import ast
import errno
from pathlib import Path

import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames import cli

OLD = b"the previous file, which must survive\n"


def _half_then_full_disk(real):
    """``real`` writes its file, which is then cut to half, and the disk is full."""

    def writer(self, target, *args, **kwargs):
        real(self, target, *args, **kwargs)
        if hasattr(target, "write"):  # a handle: flush what was written
            target.flush()
        path = Path(target.name if hasattr(target, "write") else target)
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    return writer


def _old_file(folder: Path, name: str) -> Path:
    target = folder / name
    target.write_bytes(OLD)
    return target


def _untouched(target: Path) -> None:
    assert target.read_bytes() == OLD
    strays = [p.name for p in target.parent.iterdir() if p.name.startswith(".")]
    assert strays == []  # no temporary file left behind


@pytest.fixture(scope="module")
def scored():
    return csf.tarot.score(csf.load_example("tarot").head(40))


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_scored_deals_from_the_command_line(suffix, scored, tmp_path, monkeypatch):
    from cardscore_frames.cli.score import write_scored

    name = "to_csv" if suffix == ".csv" else "to_parquet"
    monkeypatch.setattr(
        pd.DataFrame, name, _half_then_full_disk(getattr(pd.DataFrame, name))
    )
    target = _old_file(tmp_path, f"scored{suffix}")
    with pytest.raises(OSError, match="No space left"):
        write_scored(scored, target)
    _untouched(target)


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_file_of_a_generated_archive(suffix, tmp_path, monkeypatch):
    """A file that fails half-way is not left behind, half written."""
    name = "to_csv" if suffix == ".csv" else "to_parquet"
    monkeypatch.setattr(
        pd.DataFrame, name, _half_then_full_disk(getattr(pd.DataFrame, name))
    )
    with pytest.raises(OSError, match="No space left"):
        csf.generate_archive(
            tmp_path, game="belot", deals=40, files=1, leagues=1,
            format=suffix[1:], seasons=["2024-25"],
        )  # fmt: skip
    assert list(tmp_path.iterdir()) == []


def test_a_table_is_csv_or_parquet(tmp_path):
    from cardscore_frames.atomic import write_frame

    frame = pd.DataFrame({"player": ["Anne", "Bruno"], "score": [318, -318]})
    for suffix, read in ((".csv", pd.read_csv), (".parquet", pd.read_parquet)):
        path = write_frame(frame, tmp_path / f"t{suffix.upper()}")
        pd.testing.assert_frame_equal(read(path), frame)
    with pytest.raises(ValueError, match=r"\.csv or \.parquet; got 't\.xlsx'"):
        write_frame(frame, tmp_path / "t.xlsx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.CSV", "t.PARQUET"]


def test_score_sheets_in_excel(scored, tmp_path, monkeypatch):
    import xlsxwriter

    real = xlsxwriter.Workbook.close

    def close(self):
        real(self)
        path = Path(self.filename)
        path.write_bytes(path.read_bytes()[:1000])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(xlsxwriter.Workbook, "close", close)
    target = _old_file(tmp_path, "tarot.xlsx")
    with pytest.raises((OSError, csf.WorkbookError)):
        csf.to_excel(scored, target)
    _untouched(target)


def test_a_value_that_fails_half_way_through_a_workbook(scored, tmp_path):
    class Unprintable:
        def __str__(self):
            raise RuntimeError("cannot be written")

    bad = scored.astype({"player1": object})
    bad.loc[bad.index[-1], "player1"] = Unprintable()
    target = _old_file(tmp_path, "tarot.xlsx")
    with pytest.raises(Exception):  # noqa: B017 (whatever the writer raises)
        csf.to_excel(bad, target)
    _untouched(target)


def test_the_problems_csv_of_cardscore_score(tmp_path, monkeypatch, capsys):
    frame = pd.read_csv("sample_data/tarot_season.csv").head(10)
    frame.loc[3, "contract"] = "gard"
    log = tmp_path / "bad.csv"
    frame.to_csv(log, index=False)
    monkeypatch.setattr(
        pd.DataFrame, "to_csv", _half_then_full_disk(pd.DataFrame.to_csv)
    )
    target = _old_file(tmp_path, "problems.csv")
    code = cli.main(["score", str(log), "--game", "tarot", "--errors-csv", str(target)])
    assert code == 1 and "No space left" in capsys.readouterr().err
    _untouched(target)


@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".xlsx"])
def test_season_standings_from_the_command_line(suffix, tmp_path, monkeypatch):
    import xlsxwriter

    for owner, name in (
        (pd.DataFrame, "to_csv"),
        (pd.DataFrame, "to_parquet"),
        (xlsxwriter.Workbook, "close"),
    ):
        real = getattr(owner, name)
        if name == "close":

            def fail(self, real=real):
                real(self)
                Path(self.filename).write_bytes(b"half")
                raise OSError(errno.ENOSPC, "No space left on device")

            monkeypatch.setattr(owner, name, fail)
        else:
            monkeypatch.setattr(owner, name, _half_then_full_disk(real))
    target = _old_file(tmp_path, f"season{suffix}")
    args = ["season", "sample_data/tarot_season.csv", "--game", "tarot"]
    try:  # the command reports a WorkbookError, and lets a full disk through
        code = cli.main([*args, "--out", str(target), "--no-ratings"])
    except OSError:
        code = None
    assert code != 0
    _untouched(target)


def test_a_chart_in_png(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from cardscore_frames.season.charts import save

    monkeypatch.setattr(Figure, "savefig", _half_then_full_disk(Figure.savefig))
    figure = Figure()
    figure.add_subplot().plot([1, 2, 3])
    target = _old_file(tmp_path, "chart.png")
    with pytest.raises(OSError, match="No space left"):
        save(figure, target)
    _untouched(target)


def test_an_interrupt_half_way_keeps_the_old_file(scored, tmp_path, monkeypatch):
    real = pd.DataFrame.to_csv

    def interrupted(self, target, *args, **kwargs):
        real(self, target, *args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(pd.DataFrame, "to_csv", interrupted)
    from cardscore_frames.cli.score import write_scored

    target = _old_file(tmp_path, "scored.csv")
    with pytest.raises(KeyboardInterrupt):
        write_scored(scored, target)
    _untouched(target)


# --- no module writes a file but through cardscore_frames.atomic ---------------------

#: Calls that write a file when given a path.
_WRITERS = {"to_csv", "to_parquet", "to_excel", "to_json", "savefig", "write_text"}
_WRITERS |= {"write_bytes", "to_pickle", "to_feather", "to_html", "dump"}
PACKAGE = Path(csf.__file__).parent


def _unsafe_writes(source: str) -> list[int]:
    """Lines that write a file without a temporary path from atomic_path /
    atomic_open in the same function (or with open(..., "w"))."""
    tree = ast.parse(source)
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        text = ast.unparse(func)
        atomic = "atomic_path(" in text or "atomic_open(" in text
        for node in ast.walk(func):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            opened = name == "open" and any(
                isinstance(a, ast.Constant) and "w" in str(a.value)
                for a in node.args[1:]
            )
            writes = name in _WRITERS and node.args and not _to_text(node)
            writes = writes and not _package_writer(node)
            if (writes or opened) and not atomic:
                found.append(node.lineno)
    return found


def _package_writer(node: ast.Call) -> bool:
    """``to_excel(...)`` or ``season.to_excel(...)``: the package's own writers
    (atomic themselves, tested above), not pandas' methods."""
    func = node.func
    if isinstance(func, ast.Name):
        return True
    owner = getattr(func, "value", None)
    return isinstance(owner, ast.Name) and owner.id in ("season", "csf", "atomic")


def _to_text(node: ast.Call) -> bool:
    """``to_csv(index=False)`` without a path returns text; ``json.dump`` into a
    handle is the handle's business."""
    first = node.args[0] if node.args else None
    return first is None or (isinstance(first, ast.Constant) and first.value is None)


def test_no_module_writes_a_file_but_atomically():
    unsafe = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "atomic.py":
            continue
        lines = _unsafe_writes(path.read_text(encoding="utf-8"))
        if lines:
            unsafe[str(path.relative_to(PACKAGE))] = lines
    assert unsafe == {}


def test_the_scan_finds_a_plain_write():
    plain = "def save(frame, path):\n    frame.to_csv(path, index=False)\n"
    assert _unsafe_writes(plain) == [2]
    handle = "def save(path):\n    with open(path, 'w') as f:\n        f.write('x')\n"
    assert _unsafe_writes(handle) == [2]
    safe = (
        "def save(frame, path):\n    with atomic_path(path) as tmp:\n"
        "        frame.to_csv(tmp)\n"
    )
    assert _unsafe_writes(safe) == []
