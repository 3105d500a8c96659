"""A short run of the reader fuzzer (scripts/fuzz_readers.py) in the test suite.

Mutated files of every format (CSV, TSV, semicolon CSV in Windows code pages,
Parquet, JSON lines, JSON tables, plain Excel tables and the package's own
workbooks) and frames with odd cells, labels and dtypes go through read_log and
read_excel, then scoring or settlement; nothing may escape but the package's
own errors. The seed is fixed, so a failure comes back on the next run; the
script runs the same fuzzer for minutes and keeps what crashes.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "fuzz_readers.py"


def _fuzzer():
    spec = importlib.util.spec_from_file_location("fuzz_readers", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [2026, 12])
def test_no_input_escapes_the_package_errors(seed):
    fuzzer = _fuzzer().fuzz(seconds=9, seed=seed)
    assert fuzzer.counts["inputs"] > 50
    assert not fuzzer.crashes, fuzzer.report()
