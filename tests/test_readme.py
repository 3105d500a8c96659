"""The README's two commands are the ones CI runs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def commands(text: str) -> list[str]:
    return [
        line.strip()
        for line in text.splitlines()
        if line.strip().startswith("python3 -m venv .venv")
    ]


def test_ci_runs_the_readme_commands():
    readme = commands((ROOT / "README.md").read_text(encoding="utf-8"))
    ci = commands((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert len(readme) == 2
    assert readme == ci
    assert "pytest" in readme[1]
