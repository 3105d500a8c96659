"""The package's layers point down: every import of a module of the package, at
the top of a module or inside a function, goes to its own layer or a lower one;
no game imports another game; and no function-level import of the package
dodges a cycle (only optional heavy packages are imported inside functions)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardscore_frames"

#: Bottom up. A module may import its own layer and those below it. A module
#: is in the layer of its longest matching prefix.
LAYERS = (
    ("core", ("errors", "atomic", "dispatch", "_compat")),
    ("checking", ("checking",)),
    ("contract", ("contract",)),
    ("ledger", ("ledger",)),
    ("excel", ("excel",)),
    ("games", ("games",)),
    ("io, season", ("io", "season")),
    ("distributed", ("distributed",)),
    ("public API", ("", "accessor", "datasets", "cli", "__main__")),
)
#: Shared layers that must never reach a game's own folder.
SHARED = ("core", "checking", "contract", "ledger", "excel", "io, season")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def layer_of(name: str) -> int:
    best, rank = -1, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if name == prefix or name.startswith(prefix + ".") or prefix == "":
                if len(prefix) > best:
                    best, rank = len(prefix), i
    return rank


def game_of(name: str) -> str | None:
    """The game folder a module belongs to (``games.tarot.scoring``: tarot)."""
    parts = name.split(".")
    if (
        parts[0] == "games"
        and len(parts) > 1
        and (PACKAGE / "games" / parts[1]).is_dir()
    ):
        return parts[1]
    return None


def imports(path: Path) -> list[tuple[str, int, bool]]:
    """Each import of the package in the module: (module, line, in a function);
    imports under ``if TYPE_CHECKING:`` are left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {
                n.lineno for s in node.body for n in ast.walk(s) if hasattr(n, "lineno")
            }
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_function |= {n.lineno for n in ast.walk(node) if hasattr(n, "lineno")}
    here = module_name(path)
    found = []
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against this module's package
                package = here.split(".")[: -node.level or None]
                if path.name == "__init__.py":
                    package = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join([*package, base] if base else package)
                base = f"cardscore_frames.{base}" if base else "cardscore_frames"
            subs = [f"{base}.{a.name}" for a in node.names]
            names = [n for n in subs if _is_module(_inner(n))] or [base]
        else:
            continue
        for name in names:
            if name == "cardscore_frames" or name.startswith("cardscore_frames."):
                target = name.removeprefix("cardscore_frames").lstrip(".")
                if _is_module(target):
                    found.append((target, node.lineno, node.lineno in in_function))
    return found


def _inner(name: str) -> str:
    return name.removeprefix("cardscore_frames").lstrip(".")


def _is_module(name: str) -> bool:
    path = PACKAGE.joinpath(*name.split(".")) if name else PACKAGE
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_has_a_layer():
    assert all(layer_of(module_name(p)) >= 0 for p in MODULES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p) or "package")
def test_imports_point_down(path):
    here = module_name(path)
    mine = layer_of(here)
    upward = [
        f"line {line}: {here or 'cardscore_frames'} ({LAYERS[mine][0]}) imports "
        f"{target} ({LAYERS[layer_of(target)][0]})"
        for target, line, _ in imports(path)
        if layer_of(target) > mine
    ]
    assert not upward, "\n".join(upward)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p) or "package")
def test_shared_code_and_games_keep_to_themselves(path):
    here = module_name(path)
    mine, game = LAYERS[layer_of(here)][0], game_of(here)
    for target, line, _ in imports(path):
        other = game_of(target)
        if mine in SHARED:
            assert other is None, f"line {line}: shared {here} imports {target}"
        if game is not None and other is not None:
            assert other == game, f"line {line}: game {game} imports {target}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p) or "package")
def test_no_function_level_import_of_the_package(path):
    deferred = [
        f"line {line}: {target}" for target, line, inside in imports(path) if inside
    ]
    assert not deferred, "imported inside a function:\n" + "\n".join(deferred)


def test_the_checker_sees_an_upward_import(tmp_path):
    """The test would fail on a ledger module importing a game."""
    assert layer_of("ledger.build") < layer_of("games.tarot.scoring")
    assert layer_of("contract") < layer_of("ledger.schema")
    assert game_of("games.tarot.scoring") == "tarot"
    assert game_of("games.points_logs") is None
    assert layer_of("") == len(LAYERS) - 1
