"""read_log on real files: CSV (UTF-8, BOM, cp1251, ; or ,), Parquet, JSON lines, Excel."""

from __future__ import annotations

import json
import math

import numpy as np
import openpyxl
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardscore_frames as csf

SAMPLE = "sample_data/tarot_season.csv"
HEADER = (
    "game_id,deal,player1,player2,player3,player4,taker,contract,oudlers,card_points"
)
ROWS = [
    "1,1,Аня,Борис,Вера,Глеб,Аня,garde,2,49",
    "1,2,Аня,Борис,Вера,Глеб,Борис,petite,1,50",
    "1,3,Аня,Борис,Вера,Глеб,,pass,,",
]


def write(path, text: str, encoding: str) -> str:
    path.write_bytes(text.encode(encoding))
    return str(path)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1251"])
@pytest.mark.parametrize("sep", [",", ";"])
def test_csv_encodings_and_separators(tmp_path, encoding, sep):
    text = "\n".join([HEADER, *ROWS]).replace(",", sep) + "\n"
    deals = csf.read_log(write(tmp_path / "log.csv", text, encoding), game="tarot")
    assert deals["player1"].tolist() == ["Аня"] * 3
    assert deals["taker"].iloc[1] == "Борис"
    scored = csf.tarot.score(deals, validate=False)
    # garde, 49 with 2 oudlers: (25 + 8) x 2 = 66; petite, 50 with 1: -(25 + 1)
    assert scored["deal_value"].tolist() == [66, -26, 0]


def test_csv_problems_carry_file_lines(tmp_path):
    text = (
        "\n".join(
            [
                HEADER,
                ROWS[0],
                "",
                "1,2,Аня,Борис,Вера,Глеб,Жора,garde,2,49",
                "1,3,Аня,Борис,Вера,Глеб,Аня,gard,2,49",
            ]
        )
        + "\n"
    )
    with pytest.raises(csf.LogValidationError) as err:
        csf.read_log(write(tmp_path / "bad.csv", text, "utf-8"), game="tarot")
    fc = err.value.failure_cases
    assert fc[["deal", "column", "line"]].values.tolist() == [
        [2, "taker", 4],
        [3, "contract", 5],
    ]
    assert "(line 4)" in str(err.value) and "bad.csv" in str(err.value)


@pytest.mark.parametrize("bom", [False, True])
@pytest.mark.parametrize("above", ["", "\n", "\r\n\n\r", "\n" * 70_000])
def test_a_csv_file_is_read_from_its_header_past_a_mark_and_empty_lines(
    tmp_path, bom, above
):
    # a spreadsheet's "CSV UTF-8" starts with a byte-order mark; empty lines may
    # stand above the header (more of them than the first 64 KB read, too): the
    # rows keep their file lines, and the encoding says whether the mark is there
    rows = [HEADER, ROWS[0], ROWS[1].replace("petite", "petit"), ROWS[2]]
    text = above + "\n".join(rows) + "\n"
    path = write(tmp_path / "log.csv", text, "utf-8-sig" if bom else "utf-8")
    lines_above = above.count("\n") + above.count("\r") - above.count("\r\n")
    with pytest.raises(csf.LogValidationError) as err:
        csf.read_log(path, game="tarot")
    fc = err.value.failure_cases
    assert fc[["deal", "column", "line"]].values.tolist() == [
        [2, "contract", lines_above + 3]
    ]
    good, _, _ = csf.read_log(path, game="tarot", errors="collect")
    assert good["player1"].tolist() == ["Аня", "Аня"]
    assert good["taker"].iloc[0] == "Аня" and pd.isna(good["taker"].iloc[1])
    assert good.cardscore.encoding == ("utf-8-sig" if bom else "utf-8")


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("size", [3, 70_000])
def test_a_csv_file_of_a_mark_and_empty_lines_is_empty(tmp_path, bom, size):
    path = tmp_path / "empty.csv"
    path.write_bytes(bom + b"\r\n" * size)
    with pytest.raises(csf.LogReadError, match="the file is empty"):
        csf.read_log(path, game="tarot")


@pytest.mark.parametrize("sep", [",", ";"])
def test_rows_of_separators_only_carry_no_deal_and_keep_the_lines(tmp_path, sep):
    # a row of empty cells (a spreadsheet's blank row saved as CSV) is no deal;
    # the rows after it keep their own file lines
    rows = [HEADER, ROWS[0], sep * 9, ROWS[1], sep * 9, sep * 9, ROWS[2]]
    rows[3] = rows[3].replace("petite", "petit")
    text = "\n".join(r.replace(",", sep) for r in rows) + "\n"
    path = write(tmp_path / "blank_rows.csv", text, "utf-8")
    with pytest.raises(csf.LogValidationError) as err:
        csf.read_log(path, game="tarot")
    fc = err.value.failure_cases
    assert fc[["deal", "column", "line"]].values.tolist() == [[2, "contract", 4]]
    good, rejected, _ = csf.read_log(path, game="tarot", errors="collect")
    assert good["deal"].tolist() == [1, 3] and rejected["deal"].tolist() == ["2"]


def test_parquet_jsonl_and_dataframe_give_the_same_frame(tmp_path):
    csv_deals = csf.read_log(SAMPLE, game="tarot")
    raw = pd.read_csv(SAMPLE)
    raw.to_parquet(tmp_path / "log.parquet")
    with open(tmp_path / "log.jsonl", "w", encoding="utf-8") as fh:
        for rec in raw.to_dict("records"):
            fh.write(
                json.dumps(
                    {k: (None if pd.isna(v) else v) for k, v in rec.items()},
                    ensure_ascii=False,
                )
                + "\n"
            )
    for source in (tmp_path / "log.parquet", tmp_path / "log.jsonl", raw):
        got = csf.read_log(source, game="tarot")
        a = csf.tarot.score(got)["deal_value"].to_numpy()
        b = csf.tarot.score(csv_deals)["deal_value"].to_numpy()
        assert (a == b).all()
        assert got["contract"].tolist() == csv_deals["contract"].tolist()


def test_jsonl_problems_carry_lines(tmp_path):
    recs = [
        dict(
            game_id=1,
            deal=1,
            player1="A",
            player2="B",
            player3="C",
            taker="A",
            contract="petite",
            oudlers=1,
            card_points=50.5,
        ),
        dict(
            game_id=1,
            deal=2,
            player1="A",
            player2="B",
            player3="C",
            taker="A",
            contract="petite",
            oudlers=5,
            card_points=50.5,
        ),
    ]
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in recs) + "\n", encoding="utf-8")
    with pytest.raises(csf.LogValidationError) as err:
        csf.read_log(path, game="tarot")
    assert err.value.failure_cases["line"].tolist() == [2]


def test_excel_sheet_with_cell_references(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Deals"
    ws.append(HEADER.split(","))
    for line in ROWS[:2]:
        ws.append([int(v) if v.isdigit() else v for v in line.split(",")])
    ws.append([1, 3, "Аня", "Борис", "Вера", "Глеб", "Вера", "garde", 2, 41.5])
    path = tmp_path / "log.xlsx"
    wb.save(path)
    with pytest.raises(csf.LogValidationError) as err:
        csf.read_log(path, game="tarot", sheet="Deals")
    fc = err.value.failure_cases
    assert fc["cell"].tolist() == ["Deals!J4"]  # card_points, third deal row
    assert fc["reason"].tolist() == ["half_point_at_4"]
    assert "cell Deals!J4" in str(err.value)
    ws["J4"] = 41
    wb.save(path)
    deals = csf.read_log(path, game="tarot")  # the first sheet by default
    # garde, 41 with 2 oudlers: juste fait, 25 x 2
    assert csf.tarot.score(deals)["deal_value"].tolist() == [66, -26, 50]


def test_unknown_columns_pass_through_and_metadata_reaches_ledger():
    deals = csf.read_log(SAMPLE, game="tarot")
    raw = pd.read_csv(SAMPLE)
    assert list(deals.columns[:6]) == [
        "league",
        "season",
        "date",
        "table",
        "game_id",
        "deal",
    ]
    assert str(deals["date"].dtype) == "datetime64[ns]"
    assert deals["table"].cat.categories.tolist() == ["1", "2"]
    ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
    assert ledger["league"].unique().tolist() == raw["league"].unique().tolist()
    assert len(deals) == len(raw)  # nothing dropped


def test_unsupported_or_missing_files(tmp_path):
    with pytest.raises(FileNotFoundError):
        csf.read_log(tmp_path / "nope.csv", game="tarot")
    (tmp_path / "log.doc").write_text("x")
    with pytest.raises(csf.LogReadError, match="must end in"):
        csf.read_log(tmp_path / "log.doc", game="tarot")
    with pytest.raises(csf.LogReadError, match="cannot decode"):
        csf.read_log(
            write(tmp_path / "x.csv", "a,b\n1,2\n", "utf-16"),
            game="tarot",
            encoding="ascii",
        )


def test_sample_season_is_large_and_valid():
    deals = csf.read_log(SAMPLE, game="tarot")
    assert 300 <= len(deals) <= 1000
    assert set(csf.tarot.score(deals)["players"]) == {4, 5}
    ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
    assert 8 <= ledger["player"].nunique() <= 12
    csf.check_ledger(ledger)


@pytest.mark.parametrize(
    "game, kind, sample",
    [
        ("tarot", "deals", "sample_data/tarot_season.csv"),
        ("belot", "deals", "sample_data/belot_season.csv"),
        ("preferans", "deals", "sample_data/preferans_season.csv"),
        ("preferans", "sheet", "sample_data/preferans_sheets.csv"),
    ],
)
@pytest.mark.parametrize("fmt", ["csv", "xlsx", "parquet"])
def test_export_then_import_gives_back_the_same_frame(
    tmp_path, game, kind, sample, fmt
):
    deals = csf.read_log(sample, game=game, kind=kind)
    path = tmp_path / f"log.{fmt}"
    if fmt == "csv":
        deals.to_csv(path, index=False)
    elif fmt == "xlsx":
        deals.to_excel(path, index=False, engine="openpyxl")
    else:
        deals.to_parquet(path, index=False)
    again = csf.read_log(path, game=game, kind=kind)
    pd.testing.assert_frame_equal(again, deals)


FRENCH = [
    "1,1,Amélie,Bastien,Chloé,Gaëlle,Amélie,garde,2,49",
    "1,2,Amélie,Bastien,Chloé,Gaëlle,Chloé,petite,1,50",
]


def test_windows_1252_french_file_is_read_as_such(tmp_path):
    path = write(tmp_path / "fr.csv", "\n".join([HEADER, *FRENCH]) + "\n", "cp1252")
    deals = csf.read_log(path, game="tarot")
    assert deals["player1"].iloc[0] == "Amélie" and deals["player4"].iloc[0] == "Gaëlle"
    assert deals.cardscore.encoding == "cp1252"


def test_windows_1251_russian_file_is_read_as_such(tmp_path):
    path = write(tmp_path / "ru.csv", "\n".join([HEADER, *ROWS]) + "\n", "cp1251")
    deals = csf.read_log(path, game="tarot")
    assert deals["player1"].iloc[0] == "Аня"
    assert deals.cardscore.encoding == "cp1251"


def test_a_file_that_could_be_either_is_refused_until_told(tmp_path):
    # one accented capital on its own: as good a Cyrillic letter as a Latin one
    rows = [
        "1,1,É,Bastien,Chloe,Gaelle,É,garde,2,49",
        "1,2,É,Bastien,Chloe,Gaelle,Chloe,petite,1,50",
    ]
    path = write(tmp_path / "x.csv", "\n".join([HEADER, *rows]) + "\n", "cp1252")
    with pytest.raises(csf.LogReadError, match="encoding='cp1251' or"):
        csf.read_log(path, game="tarot")
    deals = csf.read_log(path, game="tarot", encoding="cp1252")
    assert deals["player1"].iloc[0] == "É" and deals.cardscore.encoding == "cp1252"


def test_dates_read_the_same_from_every_format(tmp_path):
    base = pd.read_csv(SAMPLE, dtype=str, keep_default_na=False)
    first = base["date"].iloc[0]  # 2026-01-08
    day_first = base.assign(date=pd.to_datetime(base["date"]).dt.strftime("%d.%m.%Y"))
    day_first.to_csv(tmp_path / "dots.csv", index=False)
    a = csf.read_log(SAMPLE, game="tarot")
    b = csf.read_log(tmp_path / "dots.csv", game="tarot")
    assert a["date"].iloc[0] == pd.Timestamp(first)
    pd.testing.assert_series_equal(a["date"], b["date"])
    bad = base.assign(date=base["date"].where(base.index != 2, "next thursday"))
    with pytest.raises(csf.LogValidationError) as err:
        csf.validate(bad, game="tarot")
    fc = err.value.failure_cases  # unreadable, so not also "changes in game"
    assert fc[["deal", "column", "reason"]].values.tolist() == [
        [3, "date", "not_a_date"]
    ]
    assert "must be a date (2026-01-08, 08.01.2026" in fc["message"].iloc[0]


def test_numbers_in_text_read_to_the_very_double_written(tmp_path):
    # A third of a whist written with the 17 digits of its double (as Python's
    # repr and our workbooks write it) reads back as that double, not one unit
    # in the last place away (pandas' to_numeric of text was, at 3.0.0).
    third, sixth = 3.3333333333333357, -1.6666666666666679
    path = tmp_path / "points.csv"
    path.write_text(
        "game_id,deal,player1,player2,player3,score1,score2,score3\n"
        f"1,1,Zoya,Kira,Anna,{third!r},{sixth!r},{sixth!r}\n",
        encoding="utf-8",
    )
    log = csf.read_log(path, game="preferans", kind="points")
    assert [float(log[f"score{s}"].iloc[0]) for s in (1, 2, 3)] == [third, sixth, sixth]


def test_whole_number_columns_with_blanks_read_from_parquet_as_from_csv(tmp_path):
    """Tricks are Int64 with blanks in Parquet (the seats that did not play):
    typed as the CSV's text is, and a trick out of range still reported."""
    path = "sample_data/preferans_season.csv"
    from_csv = csf.read_log(path, game="preferans")
    typed = pd.read_csv(path, dtype={f"tricks{i}": "Int64" for i in range(1, 5)})
    assert typed["tricks1"].hasnans
    typed.to_parquet(tmp_path / "log.parquet", index=False)
    from_parquet = csf.read_log(tmp_path / "log.parquet", game="preferans")
    for column in [f"tricks{i}" for i in range(1, 5)]:
        pd.testing.assert_series_equal(from_parquet[column], from_csv[column])
    row = int(np.flatnonzero(typed["tricks2"].notna())[0])
    typed.loc[row, "tricks2"] = 11
    typed.to_parquet(tmp_path / "bad.parquet", index=False)
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(tmp_path / "bad.parquet", game="preferans")
    fc = caught.value.failure_cases
    hit = fc[(fc["column"] == "tricks2") & (fc["row"] == row)]
    assert hit["value"].tolist() == [11]


def _tarot_deals(takers, contracts, oudlers, card_points) -> pd.DataFrame:
    """One game of 3-player tarot (A, B, C), a deal for each taker given."""
    n = len(takers)
    return pd.DataFrame(
        {
            "game_id": [1] * n,
            "deal": list(range(1, n + 1)),
            "player1": ["A"] * n,
            "player2": ["B"] * n,
            "player3": ["C"] * n,
            "taker": takers,
            "contract": contracts,
            "oudlers": oudlers,
            "card_points": card_points,
        }
    )


def test_categoricals_already_typed_are_copied_not_shared():
    """A categorical whose categories are the ones it is typed to (a checked log
    checked again, a Parquet file written from one) keeps its codes, as a copy."""
    raw = _tarot_deals(
        ["A", "B", "C"], ["petite", "garde", "petite"], [2, 1, 3], [45.5, 30.0, 60.0]
    )
    typed = csf.validate(raw, game="tarot")
    given = typed.copy()
    again = csf.validate(given, game="tarot")
    pd.testing.assert_frame_equal(again, typed)
    categorical = [c for c in again if isinstance(again[c].dtype, pd.CategoricalDtype)]
    assert {"contract", "taker", "player1"} <= set(categorical)
    for c in categorical:
        assert not np.shares_memory(again[c].array.codes, given[c].array.codes), c
    given.loc[0, "contract"] = "garde"
    assert again["contract"].tolist() == ["petite", "garde", "petite"]


def test_a_checked_frame_shares_no_memory_with_the_frame_it_was_checked_from():
    """Whole-number columns are taken without a cell-by-cell look, yet the
    typed log owns them: editing either frame leaves the other as it was."""
    raw = _tarot_deals(["A", "B"], ["garde", "petite"], [2, 1], [45.5, 30.0])
    typed = csf.validate(raw, game="tarot")
    raw.loc[0, ["deal", "oudlers"]] = [7, 3]
    raw.loc[1, "game_id"] = 9
    assert typed["deal"].tolist() == [1, 2]
    assert typed["oudlers"].tolist() == [2, 1]
    assert typed["game_id"].tolist() == [1, 1]
    typed.loc[1, "oudlers"] = 0
    assert raw["oudlers"].tolist() == [3, 1]


def test_a_parquet_column_with_no_value_reads_as_blank_cells(tmp_path):
    """A log of 4-player tables stores player5, partner and sits_out with Arrow's
    null type: read as blank text cells, the same frame as the CSV, and a value
    a blank column cannot hold is still reported from the others."""
    raw = pd.read_csv(SAMPLE)
    four = raw[raw["player5"].isna()].reset_index(drop=True)
    assert len(four) > 10
    four = four.assign(player5=None, partner=None, sits_out=None)
    four.to_csv(tmp_path / "log.csv", index=False)
    four.to_parquet(tmp_path / "log.parquet", index=False)
    import pyarrow.parquet as pq

    schema = pq.read_schema(tmp_path / "log.parquet")
    assert str(schema.field("player5").type) == "null"  # what the test is about
    from_csv = csf.read_log(tmp_path / "log.csv", game="tarot")
    from_parquet = csf.read_log(tmp_path / "log.parquet", game="tarot")
    for column in ("player5", "partner", "sits_out"):
        assert from_parquet[column].isna().all()
        pd.testing.assert_series_equal(from_parquet[column], from_csv[column])
    pd.testing.assert_frame_equal(
        csf.tarot.score(from_parquet), csf.tarot.score(from_csv)
    )


#: Cells as a file may write them, with the line breaks each holds: a quoted
#: cell may hold a break; a quote inside a cell is a character.
_CELLS = [
    ("a", 0),
    ("Zoé", 0),
    ("", 0),
    ('b"c', 0),
    ('"p,q"', 0),
    ('"x\ny"', 1),
    ('"r\r\ns"', 1),
    ('"t\ru\n\nv"', 3),
]


@st.composite
def _csv_file(draw):
    """A CSV file's text and the file line of each row a reader keeps (a row of
    empty cells carries no deal), counted as it is written: breaks end lines
    (a newline, a carriage return, or both), empty lines may stand above the
    header and between rows, and a quoted cell may hold breaks. Sometimes one
    row has a cell too many: then the line of that row."""
    ending = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    line = 1 + (above := draw(st.integers(0, 2)))
    text = ending * above + "p1,p2"
    rows = draw(st.lists(st.lists(st.sampled_from(_CELLS), min_size=2, max_size=2)))
    ragged = draw(st.integers(-1, len(rows) - 1))
    lines, bad = [], None
    for k, cells in enumerate(rows):
        empty = draw(st.integers(0, 2)) if draw(st.booleans()) else 0
        text += ending * (1 + empty)
        line += 1 + empty
        if k == ragged:
            cells, bad = [*cells, ("z", 0)], line
        text += ",".join(c for c, _ in cells)
        if any(c for c, _ in cells):
            lines.append(line)
        line += sum(n for _, n in cells)
    if draw(st.booleans()):
        text += ending * draw(st.integers(1, 2))
    return text, lines, bad


@settings(max_examples=300, deadline=None)
@given(_csv_file(), st.booleans())
def test_each_csv_row_keeps_the_line_it_was_written_on(tmp_path_factory, case, bom):
    """Rows one a line, rows between empty lines, rows with quoted line breaks:
    each row read names the file line it starts on, and a row that does not
    fit the header is reported with its line."""
    from cardscore_frames.io import read_table

    text, lines, bad = case
    path = tmp_path_factory.mktemp("lines") / "log.csv"
    path.write_bytes(text.encode("utf-8-sig" if bom else "utf-8"))
    if bad is not None:
        with pytest.raises(csf.LogReadError, match=f"line {bad} has 3 cells"):
            read_table(path)
        return
    frame, src = read_table(path)
    assert len(frame) == len(lines)
    assert src.lines.tolist() == lines


_NAMES = ["Анна", "Борис", "Ёлка", "Amélie", "Gaëlle", "Zoé", "Bob", "Noël", "µ", "Ab"]


def _verdict(fn):
    """An encoding, or the text of the error that says none can be told."""
    try:
        return fn()
    except csf.LogReadError as exc:
        return str(exc)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2), min_size=1),
    st.sampled_from(["cp1251", "cp1252"]),
)
def test_a_csv_file_s_encoding_is_told_from_its_cells_as_from_its_text(rows, enc):
    """The distinct cells pyarrow finds give the verdict that the whole text
    gives (Windows-1251, Windows-1252, or neither clearly: the same error)."""
    from pathlib import Path

    from cardscore_frames.io.encoding import decode
    from cardscore_frames.io.formats import csv_encoding

    text = "\n".join(["player1,player2", *(",".join(r) for r in rows)]) + "\n"
    try:
        data = text.encode(enc)
    except UnicodeEncodeError:
        return  # names this encoding cannot write
    try:
        data.decode("utf-8")
        return  # UTF-8 (all ASCII): not a case for the fallbacks
    except UnicodeDecodeError:
        pass

    whole = _verdict(lambda: decode(data, None, "log.csv")[1])
    assert _verdict(lambda: csv_encoding(data, Path("log.csv"))) == whole


_JSON_NAME_VALUES = st.one_of(
    st.sampled_from(_NAMES),
    st.sampled_from(["Зоя Amélie", "Анна/Zoé", "007", "2025-10-03", ""]),
    st.integers(-5, 5),
    st.booleans(),
    st.none(),
)


def _typed_columns(rows: list[dict]) -> bool:
    """Each key's values of one kind (text, numbers, or true and false; blanks
    aside): columns pyarrow's JSON parser can type (it refuses the file else)."""
    kinds: dict[str, set] = {}
    for row in rows:
        for key, value in row.items():
            if value is not None:
                kind = bool if isinstance(value, bool) else type(value)
                kinds.setdefault(key, set()).add(kind)
    return all(len(k) == 1 for k in kinds.values())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.dictionaries(
            st.sampled_from(["player1", "player2", "é", "игрок", "Zoé"]),
            st.one_of(_JSON_NAME_VALUES, st.lists(_JSON_NAME_VALUES, max_size=2)),
        ),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(["cp1251", "cp1252"]),
    st.booleans(),
)
def test_a_json_lines_file_s_encoding_is_told_from_its_values_as_from_its_text(
    rows, enc, escaped
):
    """The distinct keys and text values pyarrow finds give the verdict that
    the whole text gives (Windows-1251, Windows-1252, or neither clearly: the
    same error); where they might not (an escape, a key that is not UTF-8 to
    pyarrow, a list, a column pyarrow cannot type), the whole text is judged."""
    from pathlib import Path

    from cardscore_frames.io.encoding import decode
    from cardscore_frames.io.formats import json_lines_encoding

    text = "\n".join(json.dumps(r, ensure_ascii=escaped) for r in rows) + "\n"
    if escaped:  # a letter beyond ASCII as \u00e9 beside one written as it is
        text = text.replace("Bob", "Böb")
    try:
        data = text.encode(enc)
    except UnicodeEncodeError:
        return  # names this encoding cannot write
    if data.isascii():
        return  # UTF-8: not a case for the fallbacks

    whole = _verdict(lambda: decode(data, None, "log.jsonl")[1])
    judged = _verdict(lambda: json_lines_encoding(data, Path("log.jsonl")))
    assert judged in (whole, None)
    if b"\\u" in data or any(isinstance(v, list) for r in rows for v in r.values()):
        assert judged is None
    elif all(k.isascii() for r in rows for k in r) and _typed_columns(rows):
        assert judged == whole  # judged on the values


def test_a_windows_1251_json_lines_log_is_judged_on_its_values(tmp_path, monkeypatch):
    """A Windows-1251 JSON-lines log is told from its distinct values, not its
    whole text, and reads as its UTF-8 copy does."""
    from cardscore_frames.io import encoding
    from cardscore_frames.io.formats import json_files as formats

    judged = []
    monkeypatch.setattr(
        formats, "fallback_of", lambda v, label: judged.append(set(v)) or "cp1251"
    )
    monkeypatch.setattr(
        encoding, "_choose", lambda *a: pytest.fail("the whole text was judged")
    )
    rows = [
        {"game_id": "g1", "deal": 1, "player1": "Анна", "player2": "Борис"},
        {"game_id": "g1", "deal": 2, "player1": "Анна", "player2": "Зоя"},
    ]
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    path = tmp_path / "log.jsonl"
    path.write_bytes(text.encode("cp1251"))
    frame, at, used = formats.parse_json(path.read_bytes(), None, path, True)
    assert used == "cp1251"
    names = {"Анна", "Борис", "Зоя", "g1", "game_id", "deal", "player1", "player2"}
    assert judged == [{n.encode("cp1251") for n in names}]
    assert frame["player2"].astype(str).tolist() == ["Борис", "Зоя"]
    assert at.tolist() == [1, 2]


_JSON_KINDS = [
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    # beyond 64 bits, beyond a float's ones (a float of pyarrow's: refused)
    st.one_of(st.integers(-5, 5), st.sampled_from([2**64 + 1, -(2**63) - 1, 2**70])),
    st.one_of(st.integers(-5, 5), st.floats(allow_nan=False, allow_infinity=False)),
    # NaN and Infinity: no JSON, a log refuses them
    st.one_of(st.floats(-5, 5), st.sampled_from([math.nan, math.inf, -math.inf])),
    st.sampled_from(["007", "2025-10-03", "2025-10-03 20:15:00", "Зоя", "", 'a"b']),
    st.text(max_size=4),
    st.lists(st.integers(0, 3), max_size=2),
]


@st.composite
def _json_rows(draw):
    """Rows of up to four keys, each key's values mostly of one kind (as a
    log's columns are), sometimes blank or of another kind."""
    kinds = {k: draw(st.sampled_from(_JSON_KINDS)) for k in ("deal", "a", "é", "date")}
    value = {k: st.one_of(st.none(), v, v, v) for k, v in kinds.items()}
    other = st.sampled_from([None, 1, "x", True, 2.5])
    rows = []
    for _ in range(draw(st.integers(0, 6))):
        keys = draw(st.lists(st.sampled_from(list(kinds)), unique=True))
        mixed = draw(st.integers(0, 9)) == 0
        rows.append({k: draw(other if mixed else value[k]) for k in keys})
    return rows


def _cells(frame: pd.DataFrame) -> list:
    """Each column's name and cells as Python values (a blank as None), whatever
    dtype the reader gave it."""
    out = []
    for name in frame.columns:
        column = frame[name].astype(object)
        values = [None if v is None or v is pd.NA or v != v else v for v in column]
        out.append((name, [(type(v) is bool, v) for v in values]))
    return out


@settings(max_examples=500, deadline=None)
@given(
    _json_rows(),
    st.lists(st.sampled_from(["\n", "\r\n", "\n\n", "\n  \n", " \n"]), min_size=7),
    st.booleans(),
    st.booleans(),
)
def test_json_lines_read_by_pyarrow_as_line_by_line(rows, ends, bom, pair):
    """A JSON-lines file that pyarrow reads gives the columns, cells, lines and
    encoding of the line-by-line reading (which names a bad line); what pyarrow
    would read its own way (NaN, a number beyond a float's ones, text that looks
    like a date, two objects on a line, a list) is left to that reading."""
    from pathlib import Path

    from cardscore_frames.io.formats import json_files as formats

    lines = [json.dumps(r, ensure_ascii=False) for r in rows]
    if pair and len(lines) > 1:  # two objects on one line
        lines[:2] = [lines[0] + " " + lines[1]]
    text = "".join(line + end for line, end in zip(lines, ends, strict=False))
    data = (b"\xef\xbb\xbf" if bom else b"") + ends[-1].encode() + text.encode()

    def read(fast: bool):
        keep = formats._arrow_json_lines
        if not fast:
            formats._arrow_json_lines = lambda data, encoding: None
        try:
            frame, at, used = formats.parse_json(data, None, Path("log.jsonl"), True)
        except csf.LogReadError as exc:
            return str(exc)
        finally:
            formats._arrow_json_lines = keep
        return _cells(frame), at.tolist(), used

    assert read(fast=True) == read(fast=False)


def test_a_plain_json_lines_log_is_read_by_pyarrow(tmp_path):
    """The usual log (text, whole numbers, blanks, dates as text) takes the
    fast reading, whose cells the validation types as it types a CSV file's."""
    from cardscore_frames.io.formats import json_files as formats

    deals = csf.read_log(SAMPLE, game="tarot")
    given = pd.read_csv(SAMPLE, dtype=str, keep_default_na=False)
    path = tmp_path / "log.jsonl"
    records = [
        {k: _json_value(v) for k, v in r.items()} for r in given.to_dict("records")
    ]
    lines = [json.dumps(r, ensure_ascii=False) for r in records]
    text = "\n\n".join(lines[:2]) + "\n" + "\n".join(lines[2:]) + "\n"
    path.write_text(text, encoding="utf-8")
    fast = formats._arrow_json_lines(path.read_bytes(), None)
    assert fast is not None
    frame, at, used = fast
    assert str(frame["date"].dtype) == "category"  # text, not a timestamp
    assert at.tolist() == [1, 3, *range(4, len(lines) + 2)]  # the blank line 2
    assert used == "utf-8"
    got = csf.read_log(path, game="tarot")
    pd.testing.assert_frame_equal(got, deals, check_categorical=False)


def test_a_windows_1252_json_lines_log_is_read_by_pyarrow_as_utf_8(
    tmp_path, monkeypatch
):
    """A log in Windows-1252 (its accented names tell) is read by pyarrow once
    its text is UTF-8, and knows the encoding it was written in."""
    from cardscore_frames.io.formats import json_files as formats

    taken = []
    fast = formats._arrow_json_lines

    def spy(data, encoding):
        got = fast(data, encoding)
        taken.append(got is not None)
        return got

    monkeypatch.setattr(formats, "_arrow_json_lines", spy)
    deals = csf.read_log(SAMPLE, game="tarot")
    given = pd.read_csv(SAMPLE, dtype=str, keep_default_na=False)
    records = [
        {k: _json_value(v) for k, v in r.items()} for r in given.to_dict("records")
    ]
    text = "\n".join(json.dumps(r, ensure_ascii=False) for r in records)
    assert "é" in text
    path = tmp_path / "log.jsonl"
    path.write_bytes(text.encode("cp1252"))
    got = csf.read_log(path, game="tarot")
    assert taken == [False, True]  # not UTF-8; then its text as UTF-8
    assert got.cardscore.encoding == "cp1252"
    pd.testing.assert_frame_equal(got, deals, check_categorical=False)


def _json_value(text: str):
    """A CSV cell as a JSON writer gives it: a number as a number, blank as null."""
    if text == "":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def test_a_parquet_file_of_the_package_keeps_the_rules_it_was_read_with(tmp_path):
    # house rules (poignées 20/40/60, petit chelem, misère) travel with the frame;
    # pandas stores a frame's attrs in the Parquet file, and read_log takes them
    # back unless rules are given
    from cardscore_frames.checking import stamp_of

    house = csf.tarot.Rules.preset("house")
    deals = csf.read_log(csf.load_example("tarot"), game="tarot", rules=house)
    path = tmp_path / "house.parquet"
    deals.to_parquet(path)
    back = csf.read_log(path, game="tarot")
    assert stamp_of(back).rules == house
    assert csf.tarot.score(back).equals(csf.tarot.score(deals))
    plain = csf.read_log(path, game="tarot", rules=csf.tarot.Rules())
    assert stamp_of(plain).rules == csf.tarot.Rules()  # given rules win
    # a frame written by pandas alone: the defaults
    pd.DataFrame(csf.load_example("tarot")).to_parquet(tmp_path / "plain.parquet")
    assert stamp_of(csf.read_log(tmp_path / "plain.parquet", game="tarot")).rules == (
        csf.tarot.Rules()
    )


def test_rules_stored_in_a_parquet_file_that_cannot_be_read_are_an_error(tmp_path):
    deals = csf.read_log(csf.load_example("tarot"), game="tarot")
    deals.attrs["cardscore"]["rules"] = {"game": "tarot", "poignee_values": "many"}
    path = tmp_path / "bad.parquet"
    deals.to_parquet(path)
    with pytest.raises(csf.LogReadError, match="rules stored with this file"):
        csf.read_log(path, game="tarot")
