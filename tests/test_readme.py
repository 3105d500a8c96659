"""The README's two commands are the ones CI runs, in that order; the README is a
newcomer's page; nothing the project ships points to files users do not have."""

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


def test_readme_is_a_newcomers_page():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, (
        f"README.md has {len(lines)} lines; the docs hold the rest"
    )


#: Folders the docs build writes (ignored by git), not sources.
GENERATED = {"_build", "notebooks", "reference", "_generated"}
TEXT = {".md", ".rst", ".py", ".txt", ".css", ".html", ".svg", ".toml", ".cfg"}


def shipped_text_files():
    yield ROOT / "README.md"
    yield from sorted((ROOT / "cardscore_frames").rglob("*.py"))
    docs = ROOT / "docs"
    for path in sorted(docs.rglob("*")):
        parts = path.relative_to(docs).parts
        if path.is_file() and path.suffix in TEXT and parts[0] not in GENERATED:
            yield path


def test_nothing_points_outside_the_repository():
    """The rules live in the project's own docs pages: users have no shared/ folder."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in shipped_text_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "shared/rules" in line or "../shared" in line
    ]
    assert not found, found
