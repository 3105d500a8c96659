"""Cell values, sheet names, widths and addresses, without writing a file."""

import ast
import datetime as dt
from decimal import Decimal
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from cardscore_frames import excel
from cardscore_frames.excel import (
    CellRange,
    cell_ref,
    classify,
    col_letters,
    quote_sheet,
    range_ref,
    safe_sheet_name,
    text_problem,
    text_width,
)
from cardscore_frames.excel.cells import BadCell, prepare_column


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param(None, ("blank", None), id="None"),
        pytest.param(pd.NA, ("blank", None), id="pd.NA"),
        pytest.param(pd.NaT, ("blank", None), id="NaT"),
        pytest.param(np.nan, ("blank", None), id="nan"),
        pytest.param(np.float32("nan"), ("blank", None), id="float32-nan"),
        pytest.param(np.datetime64("NaT"), ("blank", None), id="datetime64-NaT"),
        pytest.param("", ("blank", None), id="empty-text"),
        pytest.param("=1+1", ("text", "=1+1"), id="formula-looking-text"),
        pytest.param("007", ("text", "007"), id="number-looking-text"),
        pytest.param("http://x", ("text", "http://x"), id="url-looking-text"),
        pytest.param(np.int64(-106), ("number", -106), id="int64"),
        pytest.param(np.float32(0.5), ("number", 0.5), id="float32"),
        pytest.param(Decimal("0.38"), ("number", 0.38), id="Decimal"),
        pytest.param(np.bool_(True), ("bool", True), id="numpy-bool"),
        pytest.param(True, ("bool", True), id="bool"),
        pytest.param(dt.date(2024, 3, 1), ("date", dt.datetime(2024, 3, 1)), id="date"),
        pytest.param(
            pd.Timestamp("2024-03-01 20:30"),
            ("datetime", dt.datetime(2024, 3, 1, 20, 30)),
            id="Timestamp",
        ),
        pytest.param(
            np.datetime64("2024-03-01"),
            ("date", dt.datetime(2024, 3, 1)),
            id="datetime64",
        ),
        pytest.param(dt.time(20, 30), ("time", dt.time(20, 30)), id="time"),
        pytest.param(
            pd.Timedelta(minutes=90),
            ("duration", dt.timedelta(minutes=90)),
            id="Timedelta",
        ),
    ],
)
def test_classify(value, expected):
    kind, cell = classify(value)
    assert (kind, cell) == expected
    assert type(cell) is type(expected[1])  # plain Python types reach XlsxWriter


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        pytest.param("Anne\x07", "control_character", id="bell"),
        pytest.param("\x00", "control_character", id="nul"),
        pytest.param("a\x85b", "control_character", id="C1-next-line"),
        pytest.param("x" * 32_768, "text_too_long", id="32768-chars"),
        pytest.param("😀" * 16_384, "text_too_long", id="astral-counts-twice"),
        pytest.param(float("inf"), "not_finite", id="inf"),
        pytest.param(Decimal("-Infinity"), "not_finite", id="Decimal-inf"),
        pytest.param(2**60, "number_too_large", id="beyond-2**53"),
        pytest.param(pd.Timestamp("2024-03-01", tz="UTC"), "timezone", id="aware"),
        pytest.param(dt.date(1899, 12, 31), "date_range", id="before-1900"),
        pytest.param([1, 2], "unsupported_type", id="list"),
        pytest.param(object(), "unsupported_type", id="object"),
    ],
)
def test_classify_refuses(value, reason):
    with pytest.raises(BadCell) as caught:
        classify(value)
    assert caught.value.reason == reason


def test_tab_newline_and_carriage_return_are_allowed():
    assert text_problem("a\tb\nc\r\nd") is None
    assert text_problem("x" * 32_767) is None


def test_control_character_message_names_code_point_and_position():
    assert str(text_problem("Anne\x07")).startswith(
        "text has a control character U+0007 at position 5"
    )


def test_prepare_text_column_flags_bad_cells_by_position():
    column = pd.Series(
        ["Зоя", "bell\x07", None, "", "=1+1", "x" * 40_000], index=[9] * 6
    )
    prepared = prepare_column(column)
    assert prepared.kind == "text"
    assert prepared.values == ["Зоя", None, None, None, "=1+1", None]
    assert [(p[0], p[1]) for p in prepared.problems] == [
        (1, "control_character"),
        (5, "text_too_long"),
    ]
    assert prepared.quote.tolist() == [False, False, False, False, True, False]
    assert prepared.width == 4


def test_prepare_categorical_and_str_dtype_columns():
    names = pd.Series(pd.Categorical(["Élodie", "Зоя", None, "-3"]))
    prepared = prepare_column(names)
    assert prepared.values == ["Élodie", "Зоя", None, "-3"]
    assert prepared.quote.tolist() == [False, False, False, True]
    text = prepare_column(pd.Series(["a", None], dtype="str"))
    assert text.values == ["a", None]


def test_prepare_number_columns():
    ints = prepare_column(pd.Series([1, None, -318], dtype="Int64"))
    assert (ints.kind, ints.values, ints.width) == ("number", [1, None, -318], 4)
    floats = prepare_column(pd.Series([0.38, np.nan, np.inf, -1.02]))
    assert floats.values == [0.38, None, None, -1.02]
    assert [p[:2] for p in floats.problems] == [(2, "not_finite")]
    assert all(type(v) is float for v in floats.values if v is not None)
    assert prepare_column(pd.Series([True, False])).values == [True, False]


def test_prepare_mixed_and_date_columns():
    mixed = prepare_column(
        pd.Series(["Anne", 3, None, dt.date(2024, 3, 1)], dtype=object)
    )
    assert mixed.kinds == ["text", "number", "blank", "date"]
    dates = prepare_column(pd.Series(pd.to_datetime(["2024-03-01", None])))
    assert dates.kinds == ["date", "blank"]


@pytest.mark.parametrize(
    ("name", "taken", "expected"),
    [
        pytest.param("Evening 3", [], "Evening 3", id="plain"),
        pytest.param("a/b\\c:d?e*f[g]", [], "a-b-c.d_e_f(g)", id="forbidden"),
        pytest.param("'quoted'", [], "quoted", id="outer-apostrophes"),
        pytest.param("x" * 40, [], "x" * 31, id="31-chars"),
        pytest.param("Scores", ["scores"], "Scores (2)", id="case-insensitive"),
        pytest.param("Scores", ["Scores", "SCORES (2)"], "Scores (3)", id="third"),
        pytest.param("x" * 40, ["x" * 31], "x" * 27 + " (2)", id="cut-for-suffix"),
        pytest.param("Зоя и Élodie", [], "Зоя и Élodie", id="cyrillic-accents"),
        pytest.param("ЗОЯ", ["зоя"], "ЗОЯ (2)", id="cyrillic-case"),
        pytest.param("History", [], "History (2)", id="reserved"),
        pytest.param("", [], "Sheet", id="empty"),
        pytest.param("tab\there", [], "tabhere", id="control"),
    ],
)
def test_safe_sheet_name(name, taken, expected):
    assert safe_sheet_name(name, taken) == expected


def test_text_width_counts_wide_characters_twice():
    assert text_width("Élodie") == 6
    assert text_width("Зоя") == 3
    assert text_width("東京") == 4
    assert text_width("e\u0301") == 1  # combining accent takes no room


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        pytest.param((6, 1), "B7", id="B7"),
        pytest.param((6, 1, True), "$B$7", id="absolute"),
        pytest.param((0, 26), "AA1", id="AA1"),
        pytest.param((1_048_575, 16_383), "XFD1048576", id="last-cell"),
    ],
)
def test_cell_ref(args, expected):
    assert cell_ref(*args) == expected


def test_references_quote_sheet_names():
    assert cell_ref(0, 0, sheet="Scores") == "Scores!A1"
    assert cell_ref(0, 0, sheet="Evening 3") == "'Evening 3'!A1"
    assert cell_ref(0, 0, sheet="It's") == "'It''s'!A1"
    assert cell_ref(0, 0, sheet="A1") == "'A1'!A1"
    assert quote_sheet("Зоя") == "'Зоя'"
    assert range_ref(1, 2, 9, 2, True, sheet="Évé") == "'Évé'!$C$2:$C$10"
    assert CellRange("S", 0, 0, 0, 0).ref() == "S!$A$1"
    assert col_letters(701) == "ZZ"


def test_positions_outside_the_grid_are_refused():
    with pytest.raises(ValueError, match="0-based"):
        cell_ref(1_048_576, 0)
    with pytest.raises(ValueError, match="top-left"):
        range_ref(5, 0, 4, 0)


def test_public_names_are_listed():
    assert sorted(excel.__all__) == sorted(set(excel.__all__))
    for name in excel.__all__:
        assert hasattr(excel, name), name


def test_excel_package_names_no_game():
    folder = Path(excel.__file__).parent
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                assert not module.startswith("cardscore_frames.games"), path.name
                if module.startswith("cardscore_frames"):
                    assert module.split(".")[1] in ("errors", "atomic", "excel"), (
                        path.name,
                        module,
                    )
