"""Fuzz the log readers: mutated files of every format, and odd DataFrames.

    python scripts/fuzz_readers.py                 # 10 minutes, seed 2026
    python scripts/fuzz_readers.py --minutes 2 --seed 7 --keep crashes/

Valid logs of every game (tarot, belot, preferans deals and settlement sheets)
are written as CSV (comma, tab, semicolon; UTF-8 and Windows-1251), Parquet,
JSON lines, a JSON table, plain Excel tables and the package's own workbooks;
each input is one of them mutated (bits flipped, bytes cut, repeated or put in,
lines swapped, cells replaced by odd values, zip members damaged) or a frame
with odd cells, labels or dtypes. Each goes through ``read_log`` (and
``read_excel`` for workbooks) in raise or collect mode, and what it reads is
scored or settled. Anything raised that is not a
:class:`~cardscore_frames.CardscoreError` is a crash; crashes are grouped by
signature (exception type and where it was raised), printed with a count and an
example, and with ``--keep`` the inputs are saved. The run is reproducible: the
same seed and the same number of inputs give the same inputs.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cardscore_frames as csf  # noqa: E402

#: (sample file, game, kind)
LOGS = (
    ("tarot_season.csv", "tarot", "deals"),
    ("belot_season.csv", "belot", "deals"),
    ("preferans_season.csv", "preferans", "deals"),
    ("preferans_sheets.csv", "preferans", "sheet"),
)
#: What a mutation puts into a file or a cell.
ODD_TEXT = (
    b"",
    b"\x00",
    b'"',
    b'""',
    b",",
    b";",
    b"\t",
    b"\n",
    b"\r",
    b"\r\n",
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    b"\xc3",
    b"9" * 30,
    b"-9" * 20,
    b"1e400",
    b"-inf",
    b"NaN",
    b"null",
    b"None",
    b"NA",
    b"[]",
    b"{}",
    b'{"a": [1, {"b": 2}]}',
    b"[" * 50,
    b"=1+1",
    b"0x10",
    b"1_000",
    b"0,5",
    b"2026-02-30",
    b"\xd0\x97\xd0\xbe\xd1\x8f",
    b"\xe9",
    b"<x>",
    b"]]>",
)
ODD_CELLS = (
    None,
    np.nan,
    pd.NA,
    pd.NaT,
    np.inf,
    -np.inf,
    10**30,
    -(2**63),
    2**64 - 1,
    1e300,
    -0.0,
    0.5,
    True,
    "",
    " ",
    "NA",
    "nan",
    "null",
    "none",
    "0",
    "9" * 40,
    [1, 2],
    {"a": 1},
    b"bytes",
    (1, 2),
    {1, 2},
    1 + 2j,
    np.array([1, 2]),
    pd.Timestamp("2026-01-08"),
    pd.Timedelta(1, "s"),
    object(),
)
SLOW_SECONDS = 20


@dataclass
class Crash:
    count: int = 0
    example: str = ""
    trace: str = ""
    kept: list[str] = field(default_factory=list)


class Slow(Exception):
    """An input that took longer than SLOW_SECONDS."""


# --- seeds: valid logs in every format -----------------------------------------------


def _excel(frame: pd.DataFrame, path: Path) -> None:
    frame.to_excel(path, index=False, engine="xlsxwriter")


def seeds(folder: Path, rows: int = 40) -> list[tuple[Path, str, str]]:
    """Valid files of every format for every log, written into ``folder``."""
    out = []
    for file, game, kind in LOGS:
        text = pd.read_csv(
            ROOT / "sample_data" / file, dtype=str, keep_default_na=False
        )
        text = text[text["game_id"].isin(text["game_id"].unique()[:2])].head(rows)
        stem = f"{game}_{kind}"
        for name, sep, encoding in (
            ("comma.csv", ",", "utf-8"),
            ("tab.tsv", "\t", "utf-8"),
            ("semicolon.csv", ";", "cp1252" if game == "tarot" else "cp1251"),
        ):
            path = folder / f"{stem}_{name}"
            text.to_csv(path, index=False, sep=sep, encoding=encoding)
            out.append((path, game, kind))
        typed = csf.read_log(folder / f"{stem}_comma.csv", game=game, kind=kind)
        typed.to_parquet(folder / f"{stem}.parquet", index=False)
        records = [
            {k: (None if v == "" else v) for k, v in r.items()}
            for r in text.to_dict("records")
        ]
        lines = "\n".join(json.dumps(r, ensure_ascii=False) for r in records)
        (folder / f"{stem}.jsonl").write_text(lines + "\n", encoding="utf-8")
        (folder / f"{stem}.json").write_text(json.dumps(records), encoding="utf-8")
        _excel(text, folder / f"{stem}_plain.xlsx")
        out += [
            (folder / f"{stem}.{suffix}", game, kind)
            for suffix in ("parquet", "jsonl", "json")
        ]
        out.append((folder / f"{stem}_plain.xlsx", game, kind))
        book = _our_workbook(typed, game, kind, folder / f"{stem}_book.xlsx")
        if book is not None:
            out.append((book, game, kind))
    return out


def _our_workbook(typed: pd.DataFrame, game: str, kind: str, path: Path):
    """The package's own workbook of the log, when it writes one."""
    to_excel = getattr(csf, "to_excel", None)
    if to_excel is None:
        return None
    try:
        if kind == "sheet":
            return to_excel(typed, path, game=game, kind=kind)
        return to_excel(csf.get_game(game).score(typed), path)
    except Exception:  # a writer's own failure is not what is fuzzed here
        return None


# --- mutations -------------------------------------------------------------------------


def mutate_bytes(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    """One to four byte-level changes."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(8)
        at = rng.randrange(len(buf) + 1)
        if kind == 0 and buf:  # flip a bit
            i = min(at, len(buf) - 1)
            buf[i] ^= 1 << rng.randrange(8)
        elif kind == 1:  # cut a range
            del buf[at : at + rng.randint(1, 64)]
        elif kind == 2:  # put in odd text
            buf[at:at] = rng.choice(ODD_TEXT)
        elif kind == 3:  # repeat a range
            end = min(len(buf), at + rng.randint(1, 200))
            buf[at:at] = buf[at:end] * rng.randint(1, 5)
        elif kind == 4:  # cut short
            del buf[at:]
        elif kind == 5 and others:  # splice another file in
            other = rng.choice(others)
            j = rng.randrange(len(other) + 1)
            buf[at:] = other[j:]
        elif kind == 6:  # random bytes
            buf[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        else:  # overwrite with odd text
            odd = rng.choice(ODD_TEXT)
            buf[at : at + len(odd)] = odd
    return bytes(buf)


def mutate_lines(data: bytes, rng: random.Random) -> bytes:
    """Line and cell changes of a text table (CSV, JSON lines)."""
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(5)
        if kind == 0:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 1 and len(lines) > 1:
            del lines[i]
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        else:  # a cell (or a JSON value) replaced
            sep = rng.choice([b",", b";", b"\t", b": ", b'"'])
            parts = lines[i].split(sep)
            k = rng.randrange(len(parts))
            parts[k] = rng.choice(ODD_TEXT)
            lines[i] = sep.join(parts)
    return b"\n".join(lines)


def mutate_zip(data: bytes, rng: random.Random) -> bytes:
    """A workbook with one member damaged, dropped, doubled or made huge."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = {i.filename: archive.read(i) for i in archive.infolist()}
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return data
    names = list(members)
    name = rng.choice(names)
    kind = rng.randrange(4)
    if kind == 0:
        members[name] = mutate_bytes(members[name], rng, [])
    elif kind == 1:
        del members[name]
    elif kind == 2:
        members[name] = mutate_lines(members[name], rng)
    else:
        members[rng.choice(names)] = members[name]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, content in members.items():
            archive.writestr(member, content)
    return out.getvalue()


def mutate_frame(frame: pd.DataFrame, rng: random.Random) -> pd.DataFrame:
    """A frame with odd cells, labels or dtypes."""
    frame = frame.copy()
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        column = rng.choice(list(frame.columns))
        if kind <= 2 and len(frame):  # an odd cell
            values = frame[column].to_numpy(dtype=object, copy=True)
            values[rng.randrange(len(values))] = rng.choice(ODD_CELLS)
            cells = np.empty(len(values), dtype=object)
            cells[:] = list(values)
            frame[column] = pd.Series(cells, index=frame.index, dtype=object)
        elif kind == 3:  # a label twice, or a label changed
            labels = list(frame.columns)
            labels[rng.randrange(len(labels))] = rng.choice(
                [column, 0, ("a", "b"), "", str(column).upper(), None]
            )
            frame.columns = labels
        elif kind == 4:  # a column of another dtype
            dtype = rng.choice(
                [
                    "float64",
                    "int64",
                    "uint64",
                    "complex128",
                    "str",
                    "category",
                    "boolean",
                ]
            )
            try:
                frame[column] = frame[column].astype(dtype)
            except (TypeError, ValueError, OverflowError):
                pass
        else:  # rows dropped, doubled, or none at all
            frame = rng.choice(
                [frame.iloc[0:0], pd.concat([frame, frame.head(2)]), frame.iloc[::2]]
            )
    return frame


# --- running an input --------------------------------------------------------------------


def _on_alarm(signum, frame):
    raise Slow(f"took more than {SLOW_SECONDS} s")


def run_one(source, game: str, kind: str, errors: str, excel: bool) -> None:
    """Read (and score) one input; a CardscoreError is a proper answer."""
    try:
        if excel:
            got = csf.read_excel(source, game=game, kind=kind, errors=errors)
        else:
            got = csf.read_log(source, game=game, kind=kind, errors=errors)
        deals = got.deals if isinstance(got, csf.Collected) else got
        if isinstance(got, csf.Collected) and isinstance(source, pd.DataFrame):
            assert len(got.deals) + len(got.rejected) == len(source), "rows lost"
        if kind == "sheet":
            csf.preferans.settle(deals)
        else:
            csf.get_game(game).to_ledger(csf.get_game(game).score(deals))
    except csf.CardscoreError:
        pass


def signature(exc: BaseException) -> str:
    """Exception type and where it was raised: the deepest frame of the package,
    and the deepest frame of all."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "cardscore_frames" in f.filename]
    last = frames[-1] if frames else None

    def where(f) -> str:
        return f"{Path(f.filename).name}:{f.lineno} {f.name}"

    origin = where(last) if last else "?"
    package = where(ours[-1]) if ours else "outside the package"
    return f"{type(exc).__module__}.{type(exc).__name__} at {package} <- {origin}"


@dataclass
class Fuzzer:
    seed: int
    folder: Path
    keep: Path | None = None
    crashes: dict[str, Crash] = field(default_factory=dict)
    counts: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.seeds = seeds(self.folder)
        self.data = {p: p.read_bytes() for p, _, _ in self.seeds}
        self.frames = {
            (g, k): pd.read_csv(p, dtype=str, keep_default_na=False)
            for p, g, k in self.seeds
            if p.name.endswith("_comma.csv")
        }

    def one(self, n: int) -> None:
        rng = self.rng
        errors = rng.choice(["raise", "collect"])
        if rng.random() < 0.2:  # a frame
            game, kind = rng.choice(list(self.frames))
            source = mutate_frame(self.frames[(game, kind)], rng)
            label, excel = f"frame of {game} {kind}", False
        else:
            path, game, kind = rng.choice(self.seeds)
            data = self.data[path]
            if path.suffix == ".xlsx" and rng.random() < 0.6:
                data = mutate_zip(data, rng)
            elif path.suffix in (".csv", ".tsv", ".jsonl") and rng.random() < 0.5:
                data = mutate_lines(data, rng)
            else:
                data = mutate_bytes(data, rng, list(self.data.values()))
            source = self.folder / f"input_{n}{path.suffix}"
            source.write_bytes(data)
            label = f"{path.name} mutated"
            excel = path.suffix == ".xlsx" and rng.random() < 0.5
        self.counts["inputs"] += 1
        signal.alarm(SLOW_SECONDS)
        try:
            run_one(source, game, kind, errors, excel)
        except Exception as exc:  # a crash: what the fuzzer looks for
            self.record(exc, label, source)
        finally:
            signal.alarm(0)
            if isinstance(source, Path):
                source.unlink(missing_ok=True)

    def record(self, exc: Exception, label: str, source) -> None:
        sig = "slow input" if isinstance(exc, Slow) else signature(exc)
        crash = self.crashes.setdefault(sig, Crash())
        crash.count += 1
        if not crash.example:
            crash.example = f"{label}: {str(exc)[:200]}"
            crash.trace = "".join(traceback.format_exception(exc)[-6:])
        if self.keep is not None and len(crash.kept) < 3:
            self.keep.mkdir(parents=True, exist_ok=True)
            name = f"crash{len(self.crashes)}_{crash.count}"
            if isinstance(source, Path):
                target = self.keep / (name + source.suffix)
                shutil.copyfile(source, target)
            else:
                target = self.keep / (name + ".pkl")
                source.to_pickle(target)
            crash.kept.append(str(target))

    def run(self, seconds: float, limit: int | None = None) -> None:
        signal.signal(signal.SIGALRM, _on_alarm)
        end = time.monotonic() + seconds
        n = 0
        while time.monotonic() < end and (limit is None or n < limit):
            self.one(n)
            n += 1

    def report(self) -> str:
        lines = [
            f"{self.counts['inputs']} inputs (seed {self.seed}), "
            f"{sum(c.count for c in self.crashes.values())} crashes, "
            f"{len(self.crashes)} signatures"
        ]
        for sig, crash in sorted(self.crashes.items(), key=lambda x: -x[1].count):
            lines.append(f"\n[{crash.count}x] {sig}\n    {crash.example}")
            lines.append("    " + crash.trace.strip().replace("\n", "\n    "))
            if crash.kept:
                lines.append("    kept: " + ", ".join(crash.kept))
        return "\n".join(lines)


def fuzz(seconds: float, seed: int, keep: Path | None = None) -> Fuzzer:
    """Run the fuzzer for ``seconds`` with ``seed``; returns it with its crashes."""
    import warnings

    with tempfile.TemporaryDirectory() as folder, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fuzzer = Fuzzer(seed, Path(folder), keep)
        fuzzer.run(seconds)
    return fuzzer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--keep", type=Path, help="folder to save crashing inputs in")
    args = parser.parse_args()
    started = time.monotonic()
    fuzzer = fuzz(args.minutes * 60, args.seed, args.keep)
    print(fuzzer.report())
    print(f"\n{time.monotonic() - started:.0f} s")
    sys.exit(1 if fuzzer.crashes else 0)


if __name__ == "__main__":
    main()
