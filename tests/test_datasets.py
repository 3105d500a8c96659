"""The bundled examples: listed, described, installed, and loaded as a user would."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.datasets import example_path, examples

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = examples()
BROKEN = [name for name in EXAMPLES if name.startswith("broken_")]
GOOD = [name for name in EXAMPLES if name not in BROKEN]


def test_every_example_is_listed_with_a_description():
    listed = csf.list_examples()
    assert list(listed) == list(EXAMPLES)
    assert all(len(doc) > 20 for doc in listed.values())
    assert {"tarot", "belot", "preferans", "preferans_sheets"} <= set(listed)
    for name in BROKEN:
        assert listed[name].startswith("broken on purpose")


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_example_file_is_package_data(name):
    """The file exists under the package and a wheel would carry it: its path
    matches one of the package-data patterns of pyproject.toml."""
    path = example_path(name)
    assert path.is_file()
    assert path.parent.parent.name == "data" or path.parent.name == "data"
    with open(ROOT / "pyproject.toml", "rb") as f:
        patterns = tomllib.load(f)["tool"]["setuptools"]["package-data"][
            "cardscore_frames.datasets"
        ]
    relative = f"data/{EXAMPLES[name][1].file}"
    assert any(
        fnmatch.fnmatch(relative, p) and p.count("/") == relative.count("/")
        for p in patterns
    )


@pytest.mark.parametrize("name", GOOD)
def test_load_example_gives_the_checked_log(name):
    game, example = EXAMPLES[name]
    kind = example.kind
    frame = csf.load_example(name)
    assert len(frame) > 0
    assert frame.cardscore.game == game
    assert frame.cardscore.kind == kind
    assert frame.cardscore.checked
    raw = csf.load_example(name, validate=False)
    assert len(raw) == len(frame)
    assert all(pd.api.types.is_string_dtype(t) for t in raw.dtypes)


@pytest.mark.parametrize("name", BROKEN)
def test_broken_example_raises_what_read_log_raises(name):
    game, example = EXAMPLES[name]
    kind = example.kind
    with pytest.raises(csf.LogValidationError) as from_example:
        csf.load_example(name)
    with pytest.raises(csf.LogValidationError) as from_file:
        csf.read_log(example_path(name), game=game, kind=kind)
    assert from_example.value.game == game
    pd.testing.assert_frame_equal(
        from_example.value.failure_cases, from_file.value.failure_cases
    )
    assert len(from_example.value.failure_cases) >= 1
    raw = csf.load_example(name, validate=False)  # the raw cells still open
    assert len(raw) > len(from_example.value.failure_cases)


@pytest.mark.parametrize(
    "name", [n for n in GOOD if n.startswith("league_") and "sheets" not in n]
)
def test_league_descriptions_count_what_the_files_hold(name):
    doc = csf.list_examples()[name]
    deals, games = re.search(r"([\d,]+) \S+ deals in (\d+)", doc).groups()
    frame = csf.load_example(name)
    assert len(frame) == int(deals.replace(",", ""))
    assert frame["game_id"].nunique() == int(games)


def test_league_sheets_description_counts_the_pools():
    doc = csf.list_examples()["league_preferans_sheets"]
    pools = int(re.search(r"the (\d+) preferans pools", doc).group(1))
    sheets = csf.load_example("league_preferans_sheets")
    assert sheets["game_id"].nunique() == pools


def test_examples_in_a_sub_folder_are_found():
    assert example_path("league_tarot").parent.name == "league"
    assert example_path("broken_belot").parent.name == "broken"


def test_an_unknown_example_is_refused_with_the_nearest_name():
    with pytest.raises(csf.UnknownGameError, match="did you mean 'league_tarot'"):
        csf.load_example("league_tarrot")
    with pytest.raises(KeyError):  # the builtin it resembles
        example_path("nothing like it")
