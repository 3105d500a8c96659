"""The bundled sample logs are exactly what their seeded generators write."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load(script: str):
    spec = importlib.util.spec_from_file_location(
        script, ROOT / "scripts" / f"{script}.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("script, sample", [("make_tarot_sample", "tarot_season.csv")])
def test_sample_regenerates_byte_for_byte(script, sample):
    module = load(script)
    buffer = io.StringIO()
    module.season().to_csv(buffer, index=False, float_format="%g")
    assert buffer.getvalue() == (ROOT / "sample_data" / sample).read_text(
        encoding="utf-8"
    )
