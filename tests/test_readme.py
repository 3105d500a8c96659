"""The README's two commands are the ones CI runs, in that order."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def commands(text: str) -> list[str]:
    return [
        line.strip()
        for line in text.splitlines()
        if line.strip().startswith("python3 -m venv .venv ")
    ]


def test_ci_runs_the_readme_commands():
    readme = commands((ROOT / "README.md").read_text(encoding="utf-8"))
    ci = commands((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert len(readme) == 2
    assert readme == ci
    assert "pytest" in readme[1] and "demo" in readme[0]


def test_ci_also_tests_the_minimum_versions():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-c .ci/minimum.txt" in ci
    pins = (ROOT / ".ci" / "minimum.txt").read_text(encoding="utf-8")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for line in pins.splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            declared = re.findall(rf'"{re.escape(name)}>=([0-9.]+)"', pyproject)
            assert declared, f"{name} is pinned but not declared"
            for low in declared:  # the pin is the declared floor itself
                assert version == low or version.startswith(low + "."), name
