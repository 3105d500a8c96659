"""pandas 2.3 and pandas 3 give a user the same frames and workbooks.

One process has one pandas, so the outputs are compared through a digest
(tests/pandas_digest.py: dtypes as a user sees them, values, workbook cells read
back by openpyxl). The golden digest in tests/fixtures/pandas_versions was made
by a real run under pandas 2.3.0 with numpy 1.26.4 (the oldest versions the
package supports) and checked identical to the digest pandas 3.1 with numpy 2.4
gives before it was committed; CI runs this test under both versions, so each
compares itself with the golden.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from pandas_digest import differences, digest, frame_digest, kind

import cardscore_frames as csf
from cardscore_frames._compat import TEXT, as_inferred, writes_in_place

GOLDEN = Path(__file__).parent / "fixtures" / "pandas_versions" / "league.json"


@pytest.fixture(scope="module")
def golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def here() -> dict:
    return digest()


def test_the_golden_was_made_under_the_oldest_supported_versions(golden):
    # the pins of .ci/minimum.txt, the versions of CI's last run
    text = (Path(__file__).parents[1] / ".ci" / "minimum.txt").read_text()
    pins = dict(
        line.split("==") for line in text.splitlines() if "==" in line.split("#")[0]
    )
    assert golden["made_with"] == {"pandas": pins["pandas"], "numpy": pins["numpy"]}
    assert pins["pandas"] == "2.3.0" and pins["numpy"] == "1.26.4"


def test_the_league_gives_the_golden_outputs(here, golden):
    assert differences(here, golden["outputs"]) == []


def test_the_digest_holds_what_the_league_is(golden):
    # the league's own description (list_examples): 3,208 tarot deals in 172
    # games, 2,770 belot deals, 3,010 preferans deals
    out = golden["outputs"]
    assert out["league_tarot: read_log"]["shape"][0] == 3208
    assert out["league_belot: read_log"]["shape"][0] == 2770
    assert out["league_preferans: read_log"]["shape"][0] == 3010
    ledger = out["concat"]["columns"]
    assert ledger["score"]["dtype"] == "float64"
    assert ledger["game"]["dtype"]["category"] == ["belot", "preferans", "tarot"]
    # text categories are pandas 3's str on both versions, not object
    for c in ("game", "player", "league", "season", "game_key", "role"):
        assert ledger[c]["dtype"]["categories_dtype"] == "str", c
    contract = out["league_tarot: score"]["columns"]["contract"]["dtype"]
    assert contract["category"][:5] == [
        "pass",
        "petite",
        "garde",
        "garde_sans",
        "garde_contre",
    ]
    assert contract["categories_dtype"] == "str"
    # the season workbook: a table per game, in the club's languages
    sheets = out["season.to_excel"]["sheets"]
    assert "Classement · Tarot" in sheets and "Таблица · Преферанс" in sheets


def test_the_digest_tells_object_text_from_str():
    # what pandas 2.3 gives for text unless told: object; the digest must differ
    frame = pd.DataFrame({"player": pd.Series(["Anne", "Boris"], dtype=TEXT)})
    as_object = frame.astype(object)
    got = differences(frame_digest(as_object), frame_digest(frame))
    assert got == ["/columns/player/dtype: 'object' != 'str'"]
    cats = frame.astype({"player": pd.CategoricalDtype(pd.Index(["Anne", "Boris"]))})
    assert kind(cats["player"].dtype)["categories_dtype"] in ("str", "object")
    typed = frame.astype(
        {"player": pd.CategoricalDtype(pd.Index(["Anne", "Boris"], dtype=TEXT))}
    )
    assert kind(typed["player"].dtype)["categories_dtype"] == "str"


def test_the_digest_tells_one_value_changed():
    frame = pd.DataFrame({"score": [1.5, -1.5]})
    edited = pd.DataFrame({"score": [1.5, -1.25]})
    got = differences(frame_digest(edited), frame_digest(frame))
    assert [g.split(":")[0] for g in got] == [
        "/columns/score/head",
        "/columns/score/sha256",
    ]


def test_text_is_the_str_dtype_on_every_version():
    assert TEXT == "str"
    assert pd.Series(["a", None], dtype=TEXT).isna().tolist() == [False, True]
    assert pd.Series(["a", None], dtype=TEXT).dtype == pd.StringDtype(na_value=np.nan)


def test_text_built_from_python_strings_is_typed_as_pandas_3_infers_it():
    # pandas 3 makes a column of strings (and blanks) str, and leaves a column
    # mixing text and numbers, or of blanks alone, object
    frame = pd.DataFrame(
        {
            "text": pd.Series(["garde", None, "petite"], dtype=object),
            "mixed": pd.Series(["garde", 1, None], dtype=object),
            "blank": pd.Series([None, None, None], dtype=object),
            "number": [1.0, 2.0, 3.0],
        }
    )
    got = as_inferred(frame)
    assert got.dtypes.astype(str).to_dict() == {
        "text": "str",
        "mixed": "object",
        "blank": "object",
        "number": "float64",
    }
    assert got["text"].isna().tolist() == [False, True, False]
    assert frame["text"].dtype == object  # the frame given is left as it was


def test_writes_in_place_only_without_copy_on_write():
    # pandas 3 always copies on write; pandas 2.3 by default does not
    assert writes_in_place() is pd.__version__.startswith("2.")


@pytest.mark.parametrize("column", ["taker", "card_points", "date", "misere"])
def test_an_edit_in_place_voids_the_stamp(column):
    # one stamped column of each kind (categorical, nullable float, numpy
    # datetime, text) edited in place: the frame is checked again
    deals = csf.load_example("tarot")
    assert deals.cardscore.checked
    row = deals.index[2]
    value = {
        "taker": deals.loc[deals.index[3], "player1"],
        "card_points": 12.0,
        "date": pd.Timestamp("2030-01-01"),
        "misere": "oops",
    }[column]
    assert deals.loc[row, column] != value
    deals.loc[row, column] = value
    assert not deals.cardscore.checked
