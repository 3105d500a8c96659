"""Sphinx configuration of the cardscore_frames documentation.

Build from the repository's root:

    python -m sphinx -W --keep-going -b html docs docs/_build/html

Before the build reads a page, this file copies the notebooks of ``notebooks/``
into ``docs/notebooks/`` (myst-nb executes them, so the site shows their
outputs while the repository keeps them without) and writes the API reference
pages into ``docs/reference/`` from the public names' ``__all__``. Both folders
are generated and ignored by git. Nothing here needs the network.
"""

from __future__ import annotations

import importlib
import inspect
import os
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

# The package of this checkout, for autodoc and for the notebooks' kernels
# (which inherit this process's environment).
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
)

import cardscore_frames  # noqa: E402

project = "cardscore_frames"
author = "the cardscore_frames authors"
copyright = "the cardscore_frames authors"  # noqa: A001
release = cardscore_frames.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "myst_nb",
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = [
    "_build",
    "_generated",
    "**.ipynb_checkpoints",
    "Thumbs.db",
    ".DS_Store",
]
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["custom.css"]

# ---------------------------------------------------------------- the theme
html_theme = "pydata_sphinx_theme"
html_title = "cardscore_frames"
html_short_title = "cardscore_frames"
html_logo = "_static/logo.svg"
html_favicon = "_static/logo.svg"
html_theme_options = {
    "logo": {"text": "cardscore_frames"},
    "navbar_align": "left",
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
    "secondary_sidebar_items": ["page-toc"],
}
html_sidebars = {
    "index": [],
    "getting-started": [],
    "benchmarks": [],
    "contributing": [],
}
html_show_sourcelink = False

# ---------------------------------------------------------------- MyST and notebooks
myst_enable_extensions = ["colon_fence", "deflist", "attrs_inline"]
myst_heading_anchors = 3
nb_execution_mode = "force"
nb_execution_timeout = 900
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True

# ---------------------------------------------------------------- API pages
autosummary_generate = True
autosummary_imported_members = True
autodoc_typehints = "none"
autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": False}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_validation_checks: set[str] = set()
numpydoc_xref_param_type = False
numpydoc_attributes_as_param_list = False

# One page per public module, by its public import path: the package's own
# modules are being reorganised, the names users import are not.
API = {
    "cardscore_frames": (
        "The package",
        "``import cardscore_frames as csf``: reading and checking logs, the "
        "ledger, results, Excel, the game registry and the errors.",
        {
            "Reading and checking logs": [
                "read_log",
                "validate",
                "concat_logs",
                "Collected",
                "list_examples",
                "load_example",
            ],
            "Score sheets in Excel": ["to_excel", "read_excel", "write_template"],
            "The ledger and results": [
                "concat",
                "check_ledger",
                "totals",
                "results",
                "LEDGER_COLUMNS",
                "LEDGER_DTYPES",
                "RESULT_COLUMNS",
            ],
            "The games": ["GAMES", "get_game", "game_names"],
            "Errors": [
                "CardscoreError",
                "LogValidationError",
                "LogReadError",
                "LogNotFoundError",
                "UnknownGameError",
                "RulesError",
                "LedgerError",
                "WorkbookError",
            ],
        },
    ),
    "cardscore_frames.tarot": (
        "French tarot",
        "``csf.tarot``: FFT scoring at 3, 4 and 5 players. The rules are on "
        ":doc:`/games/tarot`.",
        {},
    ),
    "cardscore_frames.belot": (
        "Bazar-Belot",
        "``csf.belot``: two pairs racing to 301. The rules are on :doc:`/games/belot`.",
        {},
    ),
    "cardscore_frames.preferans": (
        "Preferans",
        "``csf.preferans``: deal scoring (Sochi, Leningrad, Rostov) and "
        "settlement. The rules are on :doc:`/games/preferans`.",
        {},
    ),
    "cardscore_frames.season": (
        "Season statistics",
        "``csf.season``: standings, head to head, profiles, ratings and their "
        "calibration, expected results and par, skill and luck, title odds, "
        "charts and the season workbook; see :doc:`/guide/season`.",
        {},
    ),
    "cardscore_frames.distributed": (
        "Dask",
        "``cardscore_frames.distributed``: the same API on Dask DataFrames; see "
        ":doc:`/guide/dask`.",
        {},
    ),
}


def _public(path: str):
    head, *rest = path.split(".")
    obj = importlib.import_module(head)
    for name in rest:
        obj = getattr(obj, name)
    return obj


def _kind(obj) -> str:
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        return "Errors"
    if inspect.isclass(obj):
        return "Classes"
    if callable(obj):
        return "Functions"
    return "Constants"


def _api_pages(folder: Path) -> None:
    """Write docs/reference/: an index and one page per public module."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    index = [
        "API reference",
        "=============",
        "",
        "Every public name, documented where users import it from. The games'",
        "rules are in the user guide; each function's page lists its output",
        "columns and their units.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
    ]
    for path, (title, intro, groups) in API.items():
        module = _public(path)
        names = [
            n
            for n in module.__all__
            if not n.startswith("__") and not inspect.ismodule(getattr(module, n))
        ]
        if not groups:
            groups = {}
            for name in names:
                groups.setdefault(_kind(getattr(module, name)), []).append(name)
            order = ["Functions", "Classes", "Constants", "Errors"]
            groups = {k: groups[k] for k in order if k in groups}
        listed = {n for group in groups.values() for n in group}
        rest = [n for n in names if n not in listed]
        if rest:
            groups = {**groups, "Other names": rest}
        slug = path.replace(".", "-")
        index.append(f"   {slug}")
        heading = f"{title}: ``{path}``"
        lines = [
            heading,
            "=" * len(heading),
            "",
            intro,
            "",
            f".. currentmodule:: {path}",
            "",
        ]
        for group, members in groups.items():
            lines += [
                group,
                "-" * len(group),
                "",
                ".. autosummary::",
                "   :toctree: generated",
                "",
            ]
            lines += [f"   {name}" for name in members]
            lines.append("")
        (folder / f"{slug}.rst").write_text("\n".join(lines), encoding="utf-8")
    (folder / "index.rst").write_text("\n".join(index) + "\n", encoding="utf-8")


def _notebooks(folder: Path) -> None:
    """Copy notebooks/*.ipynb into docs/notebooks/ for myst-nb to execute."""
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.ipynb"):
        old.unlink()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        shutil.copy2(notebook, folder / notebook.name)


def _ratio(value: float) -> str:
    return f"{value:,.0f}×" if value >= 100 else f"{value:#.3g}×"


def _benchmarks(folder: Path) -> None:
    """docs/_generated/benchmarks.md: the latest run's ratios as one table."""
    import pandas as pd

    folder.mkdir(exist_ok=True)
    runs = pd.read_csv(ROOT / "benchmarks" / "results" / "latest.csv")
    rows = runs[runs["ratio"].notna()]
    lines = [
        f"Commit `{rows['commit'].iat[0]}`, `python benchmarks/run.py` at full "
        "sizes on a 2-core machine.",
        "",
        "| benchmark | measure | ratio | target | verdict |",
        "|---|---|---|---|---|",
    ]
    for row in rows.itertuples():
        target, verdict = "", "for information"
        if row.verdict in ("meets", "MISSES"):
            above = row.ratio >= row.target
            sign = "≥" if above == (row.verdict == "meets") else "≤"
            target, verdict = f"{sign} {_ratio(row.target)}", row.verdict
            if verdict == "MISSES":
                verdict = "**misses**"
        name = row.benchmark.removeprefix("bench_")
        lines.append(
            f"| {name} | {row.stage} | {_ratio(row.ratio)} | {target} | {verdict} |"
        )
    (folder / "benchmarks.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


_api_pages(DOCS / "reference")
_benchmarks(DOCS / "_generated")
_notebooks(DOCS / "notebooks")


def _drop_type_docstrings(app, what, name, obj, options, lines):
    """A constant without a doc comment would show its type's docstring
    (tuple's, numpy.ndarray's): show nothing instead."""
    if what in ("data", "attribute") and not inspect.isclass(obj):
        text = "\n".join(lines).strip()
        borrowed = (inspect.getdoc(type(obj)), inspect.cleandoc(obj.__doc__ or ""))
        if any(doc and text.startswith(doc.strip()[:40]) for doc in borrowed):
            lines[:] = []


def setup(app):
    app.connect("autodoc-process-docstring", _drop_type_docstrings, priority=100)
