"""The bundled sample logs are exactly what their seeded generators write."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_data"


def load(script: str):
    path = ROOT / "scripts" / f"{script}.py"
    spec = importlib.util.spec_from_file_location(script, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "script, sample",
    [
        ("make_tarot_sample", "tarot_season.csv"),
        ("make_preferans_season", "preferans_season.csv"),
    ],
)
def test_season_regenerates_byte_for_byte(script, sample):
    buffer = io.StringIO()
    load(script).season().to_csv(buffer, index=False, float_format="%g")
    assert buffer.getvalue() == (SAMPLES / sample).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "script, sample",
    [
        ("make_belot_sample", "belot_season.csv"),
        ("make_preferans_sheets", "preferans_sheets.csv"),
    ],
)
def test_sample_script_rewrites_the_same_file(tmp_path, script, sample):
    out = tmp_path / sample
    load(script).main(["--out", str(out)])
    assert out.read_bytes() == (SAMPLES / sample).read_bytes()
