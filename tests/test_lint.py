"""The code stays formatted (ruff format, 88 columns) and free of real errors
(undefined names, unused imports, syntax)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATHS = ["cardscore_frames", "tests", "benchmarks", "scripts"]


def ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, *PATHS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_formatted():
    got = ruff("format", "--check")
    assert got.returncode == 0, got.stdout + got.stderr


def test_no_errors():
    got = ruff("check", "--select", "F,E9", "--output-format", "concise")
    assert got.returncode == 0, got.stdout + got.stderr
