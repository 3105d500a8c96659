"""A corpus of bad inputs: each way a log can be wrong, and the exact error it must
produce, in every format a log comes in.

- CELL_CASES: a value no log may hold, written into a small valid log of each game
  (and of the preferans settlement sheet) and read back from CSV, TSV, semicolon
  CSV, Parquet, JSON lines, Excel and a DataFrame: the same problems (reason,
  column, game, deal) wherever it comes from, with its line or cell, and with
  ``errors="collect"`` the valid rows plus the rejected ones are the input, row
  for row, the rejected rows exactly as written.
- FILE_CASES: files that cannot be read at all, each a LogReadError,
  WorkbookError or LogNotFoundError saying what is wrong and where.
- FRAME_CASES: what only a DataFrame can hold (labels twice, lists, infinities,
  numbers beyond 64 bits, complex numbers).
- Names that look missing (NA, None, nan, null) survive every format, and a
  passed tarot deal's 0 or ``none`` oudlers and card points read as blank.

The logs are the first deals of the bundled sample logs, so that every case
starts from a log the rules accept (checked by ``test_bases_are_valid``).
"""

from __future__ import annotations

import functools
import io
import json
import zipfile
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import cardscore_frames as csf
from cardscore_frames.errors import LogNotFoundError
from cardscore_frames.io import read_table

FORMATS = ("csv", "tsv", "semicolon", "parquet", "jsonl", "xlsx", "frame")
_SEPARATORS = {"csv": ",", "tsv": "\t", "semicolon": ";"}
_SUFFIX = {"csv": ".csv", "tsv": ".tsv", "semicolon": ".csv", "parquet": ".parquet"}
_SUFFIX |= {"jsonl": ".jsonl", "xlsx": ".xlsx"}

# --- the valid logs the cases start from --------------------------------------------

#: (sample file, game, kind, rows of its first two games)
_BASES = {
    "tarot": ("tarot_season.csv", "tarot", "deals", (8, 3)),
    "belot": ("belot_season.csv", "belot", "deals", (6, 4)),
    "preferans": ("preferans_season.csv", "preferans", "deals", (7, 4)),
    "sheet": ("preferans_sheets.csv", "preferans", "sheet", (4, 4)),
}


def _native(text: str | None) -> Any:
    """A cell as JSON and Parquet would hold it: whole numbers as ints, other
    numbers as floats, the rest as text; blank as None."""
    if text is None or text == "":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def base(name: str) -> pd.DataFrame:
    """The first deals of the first two games of a sample log, as Python values
    in object columns (a frame as a user would build it)."""
    return _base(name).copy()


@functools.cache
def _base(name: str) -> pd.DataFrame:
    file, _, _, sizes = _BASES[name]
    text = pd.read_csv(f"sample_data/{file}", dtype=str, keep_default_na=False)
    ids = text["game_id"].unique()[:2]
    parts = [text[text["game_id"] == g].head(k) for g, k in zip(ids, sizes)]
    text = pd.concat(parts, ignore_index=True)
    columns = {}
    for c in text.columns:
        values = [_native(v) for v in text[c]]
        kinds = {type(v) for v in values if v is not None}
        if kinds == {int, float}:
            values = [None if v is None else float(v) for v in values]
        elif len(kinds) > 1:
            values = [None if v is None else str(v) for v in text[c]]
        columns[c] = _objects(values)
    return pd.DataFrame(columns)


def _objects(values: list) -> pd.Series:
    """Python values as they are (pandas would make text columns ``str``, blanks
    NaN)."""
    cells = np.empty(len(values), dtype=object)
    cells[:] = values
    return pd.Series(cells, dtype=object)


def game_kind(name: str) -> tuple[str, str]:
    return _BASES[name][1], _BASES[name][2]


# --- writing a frame in each format ---------------------------------------------------


def _arrow_column(values: pd.Series) -> pa.Array:
    """A column as Parquet would store it; a column mixing text and numbers (an
    edit put text in a number column) is stored as text, as a spreadsheet
    exports it."""
    data = values.to_numpy(dtype=object, na_value=None).tolist()
    try:
        return pa.array(data)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return pa.array([None if v is None else str(v) for v in data], pa.string())


def write(frame: pd.DataFrame, fmt: str, folder: Path) -> Path | pd.DataFrame:
    """``frame`` as a file of format ``fmt`` (or itself, for ``frame``)."""
    if fmt == "frame":
        return frame
    path = folder / f"log{_SUFFIX[fmt]}"
    if fmt in _SEPARATORS:
        frame.to_csv(path, index=False, sep=_SEPARATORS[fmt])
    elif fmt == "parquet":
        table = pa.table({c: _arrow_column(frame[c]) for c in frame.columns})
        pq.write_table(table, path)
    elif fmt == "jsonl":
        lines = [json.dumps(r, ensure_ascii=False) for r in frame.to_dict("records")]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        frame.to_excel(path, index=False, engine="xlsxwriter")
    return path


def _letter(frame: pd.DataFrame, column: str) -> str:
    j = list(frame.columns).index(column)
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[j]


# --- cells no log may hold ------------------------------------------------------------


class Cell(NamedTuple):
    """A bad log: ``edits`` {(row, column): value} on a game's base log, and the
    problems it must give, as (reason, column, row); ``fragment`` must be in the
    first problem's message."""

    base: str
    edits: dict
    problems: list
    fragment: str


CELL_CASES = {
    # tarot: docs/games/tarot.md, a problem rejects its deal
    "tarot-contract-typo": Cell(
        "tarot",
        {(2, "contract"): "gard"},
        [("not_allowed", "contract", 2)],
        "contract must be one of pass, petite, garde, garde_sans, garde_contre; "
        "got 'gard'",
    ),
    "tarot-oudlers-4": Cell(
        "tarot",
        {(1, "oudlers"): 4},
        [("out_of_range", "oudlers", 1)],
        "oudlers must be a whole number from 0 to 3",
    ),
    "tarot-half-point-step": Cell(
        "tarot",
        {(1, "card_points"): 46.3},
        [("not_in_steps", "card_points", 1)],
        "in steps of 0.5",
    ),
    "tarot-points-text": Cell(
        "tarot",
        {(1, "card_points"): "lots"},
        [("not_a_number", "card_points", 1)],
        "card_points must be a number from 0 to 91 in steps of 0.5; got 'lots'",
    ),
    "tarot-points-1e20": Cell(
        "tarot",
        {(1, "card_points"): 1e20},
        [("out_of_range", "card_points", 1)],
        "from 0 to 91",
    ),
    "tarot-taker-not-seated": Cell(
        "tarot",
        {(3, "taker"): "Zoé"},
        [("not_seated", "taker", 3)],
        "taker must be one of the deal's players (Amélie, Bastien, Gaëlle, Julien); "
        "got 'Zoé'",
    ),
    "tarot-player-twice": Cell(
        "tarot",
        {(4, "player3"): "Amélie"},
        [("duplicate_player", "player3", 4)],
        "player names must be distinct in a deal; 'Amélie' is also player1",
    ),
    "tarot-taker-on-pass": Cell(
        "tarot",
        {(0, "taker"): "Bastien"},
        [("set_on_pass", "taker", 0)],
        "taker must be blank on a passed deal; got 'Bastien'",
    ),
    "tarot-played-without-taker": Cell(
        "tarot",
        {(5, "taker"): None},
        [("blank", "taker", 5)],
        "taker must be given on a played deal",
    ),
    "tarot-points-vs-oudlers": Cell(
        "tarot",
        {(4, "card_points"): 10},
        [("points_vs_oudlers", "card_points", 4)],
        "card_points must be from 13.5 to 91 with 3 oudlers",
    ),
    "tarot-half-point-at-4": Cell(
        "tarot",
        {(1, "card_points"): 46.5},
        [("half_point_at_4", "card_points", 1)],
        "card_points must be whole when 4 play the deal",
    ),
    "tarot-petit-without-oudler": Cell(
        "tarot",
        {(2, "petit_au_bout"): "attack"},
        [("pab_no_petit", "petit_au_bout", 2)],
        "petit_au_bout attack needs the Petit",
    ),
    "tarot-poignee-unknown": Cell(
        "tarot",
        {(3, "poignee_attack"): "quadruple"},
        [("not_allowed", "poignee_attack", 3)],
        "poignee_attack must be one of none, simple, double, triple",
    ),
    "tarot-deal-blank": Cell(
        "tarot",
        {(6, "deal"): None},
        [("blank", "deal", 6)],
        "deal must not be blank",
    ),
    "tarot-deal-not-whole": Cell(
        "tarot",
        {(6, "deal"): 6.5},
        [("not_in_steps", "deal", 6)],
        "deal must be a whole number of at least 1",
    ),
    "tarot-deal-beyond-64-bits": Cell(
        "tarot",
        {(6, "deal"): "123456789012345678901234567890"},
        [("too_large", "deal", 6)],
        "at most 9,007,199,254,740,991 in size",
    ),
    "tarot-deal-twice": Cell(
        "tarot",
        {(3, "deal"): 3},
        [("duplicate_key", "deal", 2), ("duplicate_key", "deal", 3)],
        "(game_id, deal) must be unique",
    ),
    "tarot-date-changes-in-game": Cell(
        "tarot",
        {(5, "date"): "2026-01-09"},
        [("changes_in_game", "date", 5)],
        "date must be the same on every row of a game",
    ),
    "tarot-date-not-a-date": Cell(
        "tarot",
        {(5, "date"): "next thursday"},
        [("not_a_date", "date", 5)],
        "date must be a date",
    ),
    # belot: docs/games/belot.md, a problem rejects its match
    "belot-contract-typo": Cell(
        "belot",
        {(1, "contract"): "spadez"},
        [("not_allowed", "contract", 1)],
        "contract must be one of",
    ),
    "belot-declarer-c": Cell(
        "belot",
        {(2, "declarer"): "c"},
        [("not_allowed", "declarer", 2)],
        "declarer must be one of a, b; got 'c'",
    ),
    "belot-bid-text": Cell(
        "belot",
        {(3, "bid"): "lots"},
        [("not_a_number", "bid", 3)],
        "bid must be a whole number of at most 1000; got 'lots'",
    ),
    "belot-bid-beyond-64-bits": Cell(
        "belot",
        {(3, "bid"): "100000000000000000000"},
        [("out_of_range", "bid", 3)],  # beyond the bid's own bound first
        "bid must be a whole number of at most 1000; got '100000000000000000000'",
    ),
    "belot-tricks-9": Cell(
        "belot",
        {(7, "declarer_tricks"): 9},
        [("out_of_range", "declarer_tricks", 7)],
        "declarer_tricks must be a whole number from 0 to 8",
    ),
    "belot-bid-blank": Cell(
        "belot",
        {(0, "bid"): None},
        [("blank", "bid", 0)],
        "bid must be given on an ordinary (not capo) deal",
    ),
    "belot-player-twice": Cell(
        "belot",
        {(8, "b1"): "Anush"},
        [("duplicate_player", "b1", 8)],
        "the four players of a deal must be different",
    ),
    "belot-pair-changed": Cell(
        "belot",
        {(3, "a2"): "Narek"},
        [("pair_changed", "a1", 3)],
        "pair a must stay the same all through a match",
    ),
    "belot-capo-bid-without-capo": Cell(
        "belot",
        {(2, "capo_bid"): 5},
        [("capo_bid_without_capo", "capo_bid", 2)],
        "capo_bid must be blank unless capo is true",
    ),
    "belot-doubling-unknown": Cell(
        "belot",
        {(8, "doubling"): "triple"},
        [("not_allowed", "doubling", 8)],
        "doubling must be one of",
    ),
    "belot-declarations-not-tens": Cell(
        "belot",
        {(0, "declarer_declarations"): 45},
        [("not_in_steps", "declarer_declarations", 0)],
        "in steps of 10",
    ),
    "belot-capo-not-a-flag": Cell(
        "belot",
        {(4, "capo"): "maybe"},
        [("not_a_flag", "capo", 4)],
        "capo must be true or false; got 'maybe'",
    ),
    # preferans deals: docs/games/preferans.md, a problem rejects its game
    "preferans-contract-typo": Cell(
        "preferans",
        {(1, "contract"): "6X"},
        [("not_allowed", "contract", 1)],
        "contract must be one of",
    ),
    "preferans-call-typo": Cell(
        "preferans",
        {(1, "call1"): "wist"},
        [("not_allowed", "call1", 1)],
        "call1 must be one of",
    ),
    "preferans-declarer-not-seated": Cell(
        "preferans",
        {(2, "declarer"): "Lev"},
        [("not_seated", "declarer", 2)],
        "declarer must be one of the deal's players (Zoya, Kira, Anna); got 'Lev'",
    ),
    "preferans-tricks-11": Cell(
        "preferans",
        {(8, "tricks2"): 11},
        [("out_of_range", "tricks2", 8)],
        "tricks2 must be a whole number from 0 to 10",
    ),
    "preferans-pool-target-0": Cell(
        "preferans",
        {(0, "pool_target"): 0},
        [("out_of_range", "pool_target", 0)],
        "pool_target must be a whole number from 1 to 10000",
    ),
    "preferans-declarer-on-pass": Cell(
        "preferans",
        {(3, "declarer"): "Kira"},
        [("set_on_pass", "declarer", 3)],
        "declarer must be blank on an all-pass deal",
    ),
    "preferans-player-changes": Cell(
        "preferans",
        {(4, "player3"): "Lev"},
        [("players_change", "player3", 4)],
        "player3 must be the same in every deal of a game",
    ),
    "preferans-deal-blank": Cell(
        "preferans",
        {(5, "deal"): None},
        [("blank", "deal", 5)],
        "deal must not be blank",
    ),
    # the preferans settlement sheet: one row per game and player
    "sheet-mountain-1e20": Cell(
        "sheet",
        {(0, "mountain"): 1e20},
        [("out_of_range", "mountain", 0)],
        "mountain must be a whole number from -1,000,000,000 to 1,000,000,000",
    ),
    "sheet-mountain-beyond-64-bits": Cell(
        "sheet",
        {(5, "mountain"): "-100000000000000000000"},
        [("out_of_range", "mountain", 5)],
        "from -1,000,000,000 to 1,000,000,000",
    ),
    "sheet-whists-1e20": Cell(
        "sheet",
        {(2, "whists_on_1"): 1e20},
        [("out_of_range", "whists_on_1", 2)],
        "whists_on_1 must be a whole number of at most 1,000,000,000",
    ),
    "sheet-pool-1e15": Cell(
        "sheet",
        {(1, "pool"): 10**15},
        [("out_of_range", "pool", 1)],
        "pool must be a whole number from 0 to 1,000,000,000",
    ),
    "sheet-price-1e300": Cell(
        "sheet",
        {(r, "whist_price"): 1e300 for r in range(4)},
        [("out_of_range", "whist_price", r) for r in range(4)],
        "whist_price must be a number of at most 1,000,000,000",
    ),
    "sheet-price-below-1e-9": Cell(
        "sheet",
        {(r, "whist_price"): 1e-12 for r in range(4, 8)},
        [("too_small", "whist_price", r) for r in range(4, 8)],
        "whist_price must be at least 0.000000001",
    ),
    "sheet-price-0": Cell(
        "sheet",
        {(r, "whist_price"): 0 for r in range(4)},
        [("not_positive", "whist_price", r) for r in range(4)],
        "whist_price must be a positive number",
    ),
    "sheet-whists-negative": Cell(
        "sheet",
        {(1, "whists_on_3"): -5},
        [("negative_whists", "whists_on_3", 1)],
        "whists_on_3 must be 0 or more",
    ),
    "sheet-whists-on-self": Cell(
        "sheet",
        {(6, "whists_on_3"): 7},
        [("whists_on_self", "whists_on_3", 6)],
        "nobody writes whists on himself",
    ),
    "sheet-seat-5": Cell(
        "sheet",
        {(7, "seat"): 5},
        [("out_of_range", "seat", 7)],
        "seat must be a whole number from 1 to 4",
    ),
    "sheet-player-twice": Cell(
        "sheet",
        {(3, "player"): "С"},
        [("duplicate_player", "player", 0), ("duplicate_player", "player", 3)],
        "player names must be distinct in a game",
    ),
    "sheet-target-differs": Cell(
        "sheet",
        {(2, "pool_target"): 25},
        [("differs_in_game", "pool_target", r) for r in range(4)],
        "pool_target must be the same on every row of a game",
    ),
}


def _edited(case: Cell) -> pd.DataFrame:
    frame = base(case.base)
    for (row, column), value in case.edits.items():
        cells = frame[column].tolist()
        cells[row] = value
        frame[column] = _objects(cells)
    return frame


def _expected(case: Cell, frame: pd.DataFrame, item: str) -> set:
    games = frame["game_id"].to_numpy(dtype=object)
    items = frame[item].to_numpy(dtype=object)
    return {
        (reason, column, int(games[r]), _key(items[r]))
        for reason, column, r in case.problems
    }


def _key(value: Any) -> Any:
    """A deal or seat as failure_cases names it: the typed number, else as given."""
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return value
    if not number.is_integer():
        return number
    return int(number) if abs(number) < 2**53 else value


def _found(fc: pd.DataFrame, item: str) -> set:
    own = fc[fc["reason"] != "game_rejected"]
    return {
        (reason, column, int(game), _key(None if pd.isna(deal) else deal))
        for reason, column, game, deal in own[
            ["reason", "column", "game_id", item]
        ].itertuples(index=False)
    }


def _where_ok(fc: pd.DataFrame, fmt: str, frame: pd.DataFrame) -> None:
    """Each problem names its file line (text formats) or its cell (Excel)."""
    own = fc[fc["reason"] != "game_rejected"]
    rows = own["row"].astype(int).to_numpy()
    if fmt in _SEPARATORS:
        assert own["line"].tolist() == (rows + 2).tolist()  # line 1 is the header
    elif fmt == "jsonl":
        assert own["line"].tolist() == (rows + 1).tolist()
    elif fmt == "xlsx":
        want = [
            f"Sheet1!{_letter(frame, c)}{r + 2}" for c, r in zip(own["column"], rows)
        ]
        assert own["cell"].tolist() == want
    else:
        assert own["line"].isna().all() and own["cell"].isna().all()


def _given(source: Path | pd.DataFrame) -> pd.DataFrame:
    """The input as written: a file's cells as text (as read_table gives them)."""
    return source if isinstance(source, pd.DataFrame) else read_table(source)[0]


def _check_collected(got, source, name: str) -> None:
    """errors="collect": valid + rejected = input, row for row, and the rejected
    rows are exactly as given (a bad row's whole game where state carries)."""
    game, kind = game_kind(name)
    schema = csf.get_game(game).schema(kind)
    given = _given(source)
    assert len(got.deals) + len(got.rejected) == len(given)
    fc = got.failure_cases
    bad_rows = set(fc.loc[fc["reason"] != "game_rejected", "row"].astype(int))
    if schema.reject == "game":  # the whole game of each bad row
        codes = given["game_id"].astype(str).to_numpy()
        bad_games = {codes[r] for r in bad_rows}
        bad_rows = {r for r in range(len(given)) if codes[r] in bad_games}
    assert sorted(got.rejected.index) == sorted(given.index[sorted(bad_rows)])
    as_given = got.rejected.drop(columns="problems")
    pd.testing.assert_frame_equal(as_given, given.loc[got.rejected.index])
    assert got.rejected["problems"].str.len().gt(0).all()
    assert not got.rejected.attrs
    assert sorted(got.deals.index) == sorted(set(given.index) - bad_rows)


def test_bases_are_valid():
    for name in _BASES:
        game, kind = game_kind(name)
        assert len(csf.validate(base(name), game=game, kind=kind)) == len(base(name))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("case", list(CELL_CASES), ids=list(CELL_CASES))
def test_a_bad_cell_is_the_same_problem_in_every_format(case, fmt, tmp_path):
    spec = CELL_CASES[case]
    game, kind = game_kind(spec.base)
    item = csf.get_game(game).schema(kind).item
    frame = _edited(spec)
    source = write(frame, fmt, tmp_path)
    got = csf.read_log(source, game=game, kind=kind, errors="collect")
    fc = got.failure_cases
    assert _found(fc, item) == _expected(spec, frame, item)
    own = fc[fc["reason"] != "game_rejected"]
    assert spec.fragment in own["message"].iloc[0]
    _where_ok(fc, fmt, frame)
    _check_collected(got, source, spec.base)


@pytest.mark.parametrize("fmt", ["jsonl", "frame"])
@pytest.mark.parametrize("case", list(CELL_CASES), ids=list(CELL_CASES))
def test_a_bad_cell_raises_and_the_rest_validates_alone(case, fmt, tmp_path):
    """The same problems raised at once; the valid rows of collect mode are what
    validating them alone gives."""
    spec = CELL_CASES[case]
    game, kind = game_kind(spec.base)
    item = csf.get_game(game).schema(kind).item
    frame = _edited(spec)
    source = write(frame, fmt, tmp_path)
    with pytest.raises(csf.LogValidationError) as err:
        csf.read_log(source, game=game, kind=kind)
    assert _found(err.value.failure_cases, item) == _expected(spec, frame, item)
    assert err.value.game == game and err.value.kind == kind
    assert isinstance(err.value, ValueError)
    got = csf.read_log(source, game=game, kind=kind, errors="collect")
    given = _given(source)
    alone = csf.validate(given.drop(index=got.rejected.index), game=game, kind=kind)
    pd.testing.assert_frame_equal(got.deals, alone, check_categorical=False)


# --- files that cannot be read ---------------------------------------------------------

_HEADER = "game_id,deal,player1,player2,player3,taker,contract,oudlers,card_points"
_ROW = "1,{d},Anne,Bob,Cy,Anne,garde,2,45"


def _lines(*rows: str) -> bytes:
    return ("\n".join([_HEADER, *rows]) + "\n").encode()


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _workbook(tmp_path: Path, sheets: dict[str, pd.DataFrame]) -> bytes:
    path = tmp_path / "book.xlsx"
    with pd.ExcelWriter(path, engine="xlsxwriter") as book:
        for name, frame in sheets.items():
            frame.to_excel(book, sheet_name=name, index=False)
    return path.read_bytes()


def _tarot_book(tmp_path: Path) -> bytes:
    return _workbook(tmp_path, {"Deals": base("tarot"), "Notes": pd.DataFrame()})


def _parquet(tmp_path: Path) -> bytes:
    base("tarot").astype(str).to_parquet(tmp_path / "ok.parquet")
    return (tmp_path / "ok.parquet").read_bytes()


def _flip_footer(data: bytes) -> bytes:
    """The footer's length field (the 4 bytes before the closing PAR1) broken."""
    return data[:-8] + b"\xff\xff\xff\x7f" + data[-4:]


class Bad(NamedTuple):
    """A file ``name`` whose bytes ``make(tmp_path)`` gives, the error it must
    raise, and fragments of its message; ``options`` go to read_log."""

    name: str
    make: Any
    error: type
    fragments: tuple
    options: dict = {}


FILE_CASES = {
    "csv-empty": Bad(
        "log.csv", lambda t: b"", csf.LogReadError, ("the file is empty",)
    ),
    "csv-newlines-only": Bad(
        "log.csv", lambda t: b"\n\r\n\n", csf.LogReadError, ("the file is empty",)
    ),
    "csv-ragged-long": Bad(
        "log.csv",
        lambda t: _lines(_ROW.format(d=1), _ROW.format(d=2) + ",x,y"),
        csf.LogReadError,
        ("must have the header's 9 cells", "line 3 has 11 cells"),
    ),
    "csv-ragged-short": Bad(
        "log.csv",
        lambda t: _lines(_ROW.format(d=1), "", "1,2,3"),
        csf.LogReadError,
        ("line 4 has 3 cells: '1,2,3'",),
    ),
    "csv-ragged-every-row-named": Bad(
        "log.tsv",
        lambda t: _lines("1\t1", "1\t2", "1\t3").replace(b",", b"\t"),
        csf.LogReadError,
        ("3 rows of the CSV table", "line 2 has 2", "line 3 has 2", "line 4 has 2"),
    ),
    "csv-unclosed-quote": Bad(
        "log.csv",
        lambda t: _lines(_ROW.format(d=1), '1,2,"Anne,Bob,Cy,Anne,garde,2,45'),
        csf.LogReadError,
        ("line 3 has 3 cells (an unclosed quote)",),
    ),
    "csv-ambiguous-encoding": Bad(  # a lone É: as good a Cyrillic letter (Й)
        "log.csv",
        lambda t: "\n".join([_HEADER, "1,1,É,Bob,Cy,Bob,garde,2,45"]).encode("cp1252"),
        csf.LogReadError,
        ("pass encoding='cp1251' or encoding='cp1252'",),
    ),
    "csv-unknown-encoding": Bad(
        "log.csv",
        lambda t: _lines(_ROW.format(d=1)),
        csf.LogReadError,
        ("cannot decode as klingon",),
        {"encoding": "klingon"},
    ),
    "xlsx-is-text": Bad(
        "log.xlsx",
        lambda t: _lines(_ROW.format(d=1)),
        csf.WorkbookError,
        ("not a workbook; it is a text file", "perhaps a CSV named .xlsx"),
    ),
    "xlsx-empty": Bad("log.xlsx", lambda t: b"", csf.WorkbookError, ("file is empty",)),
    "xlsx-zip-without-workbook": Bad(
        "log.xlsx",
        lambda t: _zip({"notes.txt": b"hello"}),
        csf.WorkbookError,
        ("without a workbook part",),
    ),
    "xlsx-word-document": Bad(
        "log.xlsx",
        lambda t: _zip({"[Content_Types].xml": b"<x/>", "word/document.xml": b"<x/>"}),
        csf.WorkbookError,
        ("it is a Word document",),
    ),
    "xlsx-cut-short": Bad(
        "log.xlsx",
        lambda t: _tarot_book(t)[:2000],
        csf.WorkbookError,
        ("damaged zip archive",),
    ),
    "xlsx-legacy-xls": Bad(
        "log.xlsx",
        lambda t: bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 600,
        csf.WorkbookError,
        ("legacy .xls",),
    ),
    "xlsx-damaged-part": Bad(
        "log.xlsx",
        lambda t: _zip(
            {
                "[Content_Types].xml": b"<Types/>",
                "xl/workbook.xml": b"<workbook><sheets",
            }
        ),
        csf.WorkbookError,
        ("cannot be read as a workbook",),
    ),
    "xlsx-missing-sheet-lists-sheets": Bad(
        "log.xlsx",
        _tarot_book,
        csf.WorkbookError,
        ("no sheet 'Donnes'", "the sheets are 'Deals', 'Notes'"),
        {"sheet": "Donnes"},
    ),
    "xlsx-sheet-number-beyond": Bad(
        "log.xlsx",
        _tarot_book,
        csf.WorkbookError,
        ("no sheet 5", "'Deals', 'Notes'"),
        {"sheet": 5},
    ),
    "jsonl-bad-line": Bad(
        "log.jsonl",
        lambda t: b'{"game_id": 1}\n{"game_id": 1,\n{"game_id": 1}\n',
        csf.LogReadError,
        ("1 line is not a JSON object", "line 2: Expecting property name"),
    ),
    "jsonl-array-lines": Bad(
        "log.jsonl",
        lambda t: b"[1, 2]\n\n[3]\n",
        csf.LogReadError,
        ("2 lines are not", "line 1: an array, not an object", "line 3: an array"),
    ),
    "jsonl-nan": Bad(
        "log.jsonl",
        lambda t: b'{"game_id": 1, "card_points": NaN}\n',
        csf.LogReadError,
        ("line 1: NaN is not a JSON number",),
    ),
    "jsonl-key-twice": Bad(
        "log.jsonl",
        lambda t: b'{"deal": 1, "deal": 2}\n',
        csf.LogReadError,
        ("line 1: key 'deal' is given twice in one object",),
    ),
    "jsonl-two-objects-a-line": Bad(
        "log.jsonl",
        lambda t: b'{"deal": 1}, {"deal": 2}\n',
        csf.LogReadError,
        ("line 1: Extra data",),
    ),
    "jsonl-not-utf8-ambiguous": Bad(
        "log.jsonl",
        lambda t: '{"player1": "É"}\n'.encode("cp1252"),
        csf.LogReadError,
        ("pass encoding='cp1251' or encoding='cp1252'",),
    ),
    "json-scalar": Bad(
        "log.json",
        lambda t: b"5",
        csf.LogReadError,
        ("a JSON log is an array of objects", "got a number"),
    ),
    "json-not-json": Bad(
        "log.json",
        lambda t: b'[{"deal": 1',
        csf.LogReadError,
        ("not valid JSON at line 1",),
    ),
    "json-ragged-columns": Bad(
        "log.json",
        lambda t: b'{"deal": [1, 2], "game_id": [1]}',
        csf.LogReadError,
        ("different lengths",),
    ),
    "parquet-garbage": Bad(
        "log.parquet",
        lambda t: b"PAR1 this is not a parquet file PAR1",
        csf.LogReadError,
        ("not a readable Parquet file",),
    ),
    "parquet-empty": Bad(
        "log.parquet", lambda t: b"", csf.LogReadError, ("not a readable Parquet file",)
    ),
    "parquet-cut-short": Bad(
        "log.parquet",
        lambda t: _parquet(t)[:300],
        csf.LogReadError,
        ("not a readable Parquet file",),
    ),
    "parquet-damaged-footer": Bad(
        "log.parquet",
        lambda t: _flip_footer(_parquet(t)),
        csf.LogReadError,
        ("not a readable Parquet file",),
    ),
    "unknown-suffix": Bad(
        "log.ods.bak",
        lambda t: b"x",
        csf.LogReadError,
        ("a log file must end in", "got 'log.ods.bak'"),
    ),
}


@pytest.mark.parametrize("case", list(FILE_CASES), ids=list(FILE_CASES))
def test_an_unreadable_file_is_named_with_what_is_wrong(case, tmp_path):
    bad = FILE_CASES[case]
    path = tmp_path / bad.name
    path.write_bytes(bad.make(tmp_path))
    with pytest.raises(bad.error) as err:
        csf.read_log(path, game="tarot", **bad.options)
    assert isinstance(err.value, csf.CardscoreError)
    text = str(err.value)
    assert str(path) in text
    for fragment in bad.fragments:
        assert fragment in text


def test_a_missing_file_or_a_folder(tmp_path):
    with pytest.raises(LogNotFoundError, match="no such log file") as err:
        csf.read_log(tmp_path / "nope.csv", game="tarot")
    assert isinstance(err.value, FileNotFoundError)  # as the builtin says it
    (tmp_path / "folder.csv").mkdir()
    with pytest.raises(csf.LogReadError, match="is a directory, not a log file"):
        csf.read_log(tmp_path / "folder.csv", game="tarot")


def test_a_30_digit_number_in_json_lines_is_reported_not_rounded(tmp_path):
    frame = base("tarot")
    records = frame.to_dict("records")
    text = [json.dumps(r, ensure_ascii=False) for r in records]
    text[2] = text[2].replace('"deal": 3', '"deal": 123456789012345678901234567890')
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(text), encoding="utf-8")
    with pytest.raises(csf.LogValidationError) as err:
        csf.read_log(path, game="tarot")
    fc = err.value.failure_cases
    assert fc[["column", "reason", "line"]].values.tolist() == [
        ["deal", "too_large", 3]
    ]
    assert fc["value"].iloc[0] == 123456789012345678901234567890  # as written


def test_json_lines_in_windows_1251_are_read_as_such(tmp_path):
    frame = base("sheet")
    text = "\n".join(
        json.dumps(r, ensure_ascii=False) for r in frame.to_dict("records")
    )
    path = tmp_path / "sheet.jsonl"
    path.write_bytes(text.encode("cp1251"))
    sheet = csf.read_log(path, game="preferans", kind="sheet")
    assert sheet.cardscore.encoding == "cp1251"
    assert sheet["player"].tolist() == frame["player"].tolist()


# --- what only a DataFrame can hold ---------------------------------------------------


def _with(name: str, column: str, values: list) -> pd.DataFrame:
    frame = base(name)
    frame[column] = _objects(values + frame[column].tolist()[len(values) :])
    return frame


def _floats(name: str, column: str, changes: dict) -> np.ndarray:
    """A base column as float64, with some values changed."""
    values = base(name)[column].to_numpy(dtype=float, na_value=np.nan)
    for row, value in changes.items():
        values[row] = value
    return values


def _typed(name: str, column: str, values: Any) -> pd.DataFrame:
    frame = base(name)
    frame[column] = values
    return frame


class Odd(NamedTuple):
    """A frame, the problems it gives as (reason, column, row or None), and a
    fragment of the first message."""

    base: str
    make: Any
    problems: list
    fragment: str


FRAME_CASES = {
    "label-twice": Odd(
        "tarot",
        lambda: base("tarot").set_axis(
            [*base("tarot").columns[:-1], "contract"], axis=1
        ),
        [("duplicate_column", "contract", None)],
        "column contract must appear once; the log has 'contract' (column 14), "
        "'contract' (column 21)",
    ),
    "two-aliases-of-one-name": Odd(
        "tarot",
        lambda: (
            base("tarot")
            .rename(columns={"poignee_defence": "poignee_defense"})
            .assign(poignee_defence="none")
        ),
        [("duplicate_column", "poignee_defence", None)],
        "'poignee_defense' (column 19), 'poignee_defence' (column 22)",
    ),
    "list-in-a-name": Odd(
        "tarot",
        lambda: _with("tarot", "taker", [None, ["Bastien"]]),
        [("not_a_value", "taker", 1)],
        "taker must be a player's name; got ['Bastien'] (a list: a cell holds one "
        "value)",
    ),
    "dict-in-a-choice": Odd(
        "belot",
        lambda: _with("belot", "contract", [{"suit": "hearts"}]),
        [("not_a_value", "contract", 0)],
        "got {'suit': 'hearts'} (a dict: a cell holds one value)",
    ),
    "bytes-in-a-name": Odd(
        "sheet",
        lambda: _with("sheet", "player", [b"\xd0\xa1"]),
        [("not_a_value", "player", 0)],
        "player must be a player's name; got b'\\xd0\\xa1' (bytes",
    ),
    "array-in-a-number": Odd(
        "sheet",
        lambda: _with("sheet", "mountain", [np.array([4, 5])]),
        [("not_a_value", "mountain", 0)],
        "(an array: a cell holds one value)",
    ),
    "tuple-in-an-id": Odd(
        "preferans",
        lambda: _with("preferans", "game_id", [(1, 2)]),
        [("not_a_value", "game_id", 0)],
        "(a tuple: a cell holds one value)",
    ),
    "infinity-in-a-float-column": Odd(
        "tarot",
        lambda: _typed(
            "tarot", "card_points", _floats("tarot", "card_points", {1: np.inf})
        ),
        [("not_a_number", "card_points", 1)],
        "card_points must be a number from 0 to 91 in steps of 0.5; got inf",
    ),
    "minus-infinity-unbounded": Odd(  # belot's declarations have no upper bound
        "belot",
        lambda: _typed(
            "belot",
            "defender_declarations",
            [-np.inf] + base("belot")["defender_declarations"].tolist()[1:],
        ),
        [("not_a_number", "defender_declarations", 0)],
        "defender_declarations must be a whole number of at least 0 in steps of "
        "10; got -inf",
    ),
    "int64-beyond-2-53": Odd(
        "belot",
        lambda: _typed(
            "belot",
            "defender_declarations",
            np.array([2**62] + base("belot")["defender_declarations"].tolist()[1:]),
        ),
        [("too_large", "defender_declarations", 0)],
        "at most 9,007,199,254,740,991 in size (beyond it a number is no longer "
        "counted exactly)",
    ),
    "python-int-beyond-64-bits": Odd(
        "sheet",
        lambda: _with("sheet", "mountain", [10**30]),
        [("out_of_range", "mountain", 0)],
        "got 1000000000000000000000000000000",
    ),
    "float-id-beyond-2-53": Odd(
        "tarot",
        lambda: _typed("tarot", "game_id", [1e30] * 8 + [2.0] * 3),
        [("too_large", "game_id", r) for r in range(8)],
        "game_id must be a whole number (at most 9,007,199,254,740,991 in size) or "
        "a text",
    ),
    "complex-numbers": Odd(
        "tarot",
        lambda: _typed("tarot", "oudlers", np.array([0j] * 11)),
        [("not_a_value", "oudlers", r) for r in range(11)],
        "(a complex number: a cell holds one value)",
    ),
    "unsigned-ids-beyond-int64": Odd(
        "tarot",
        lambda: _typed(
            "tarot", "game_id", np.array([2**64 - 1] * 11, dtype=np.uint64)
        ).head(8),
        [],
        "",
    ),
    "header-only-missing-column": Odd(
        "tarot",
        lambda: base("tarot").iloc[0:0].drop(columns="contract"),
        [("missing_column", "contract", None)],
        "column contract is missing (one of pass, petite, garde",
    ),
}


@pytest.mark.parametrize("case", list(FRAME_CASES), ids=list(FRAME_CASES))
def test_what_only_a_frame_holds_is_reported(case):
    odd = FRAME_CASES[case]
    game, kind = game_kind(odd.base)
    frame = odd.make()
    if not odd.problems:  # kept exactly, as text
        got = csf.validate(frame, game=game, kind=kind)
        assert got["game_id"].astype(str).tolist() == [str(2**64 - 1)] * len(frame)
        return
    with pytest.raises(csf.LogValidationError) as err:
        csf.validate(frame, game=game, kind=kind)
    fc = err.value.failure_cases
    own = fc[fc["reason"] != "game_rejected"]
    rows = [None if pd.isna(r) else int(r) for r in own["row"]]
    assert list(zip(own["reason"], own["column"], rows)) == odd.problems
    assert odd.fragment in own["message"].iloc[0]
    got = csf.validate(frame, game=game, kind=kind, errors="collect")
    assert len(got.deals) + len(got.rejected) == len(frame)
    pd.testing.assert_frame_equal(
        got.rejected.drop(columns="problems"), frame.loc[got.rejected.index]
    )


def test_the_rejected_frame_keeps_to_plain_pandas():
    frame = base("tarot")
    frame.attrs["origin"] = pd.DataFrame({"x": [1]})  # what a user may keep there
    frame.loc[2, "contract"] = "gard"
    got = csf.validate(frame, game="tarot", errors="collect")
    assert not got.rejected.attrs
    got.rejected.astype(str)
    got.rejected.merge(got.rejected, on="deal")
    got.deals.astype(str)
    got.deals.merge(got.deals, on="deal")
    pd.concat([got.deals, got.deals])


def test_a_log_with_a_problems_column_keeps_it():
    frame = base("tarot").assign(problems="none known")
    frame.loc[2, "contract"] = "gard"
    got = csf.validate(frame, game="tarot", errors="collect")
    assert got.rejected["problems"].tolist() == ["none known"]
    assert "contract must be one of" in got.rejected["problems (cardscore)"].iloc[0]


# --- names that look missing, and passed deals -----------------------------------------

_MISSING_LOOKING = ("NA", "None", "nan", "null", "N/A", "NaN", "#N/A", "")


@pytest.mark.parametrize("fmt", FORMATS)
def test_names_that_look_missing_survive_every_format(fmt, tmp_path):
    frame = base("tarot").head(4)
    names = {"Amélie": "NA", "Bastien": "None", "Gaëlle": "nan", "Julien": "null"}
    # cell by cell into object columns: replace (pandas 2.3) and map would turn a
    # column of numbers and None into floats and NaN
    for c in frame.columns:
        frame[c] = _objects(
            [names.get(v, v) if isinstance(v, str) else v for v in frame[c]]
        )
    deals = csf.read_log(write(frame, fmt, tmp_path), game="tarot")
    assert (
        deals[["player1", "player2", "player3", "player4"]].values.tolist()
        == [["NA", "None", "nan", "null"]] * 4
    )
    assert deals["taker"].tolist()[1:] == ["None"] * 3
    sheet = base("sheet").head(4)
    sheet["player"] = ["N/A", "NaN", "#N/A", "NULL"]
    got = csf.read_log(write(sheet, fmt, tmp_path), game="preferans", kind="sheet")
    assert got["player"].tolist() == ["N/A", "NaN", "#N/A", "NULL"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("filler", [0, "0", "none", "NONE", 0.0, "0,0"])
def test_a_passed_deal_with_zeros_reads_as_blank(filler, fmt, tmp_path):
    frame = base("tarot").head(3)
    frame.loc[0, ["oudlers", "card_points"]] = [filler, filler]
    deals = csf.read_log(write(frame, fmt, tmp_path), game="tarot")
    assert deals[["oudlers", "card_points"]].isna().values.tolist()[0] == [True, True]
    assert csf.tarot.score(deals)["deal_value"].tolist()[0] == 0


def test_zero_oudlers_on_a_played_deal_stay_zero():
    frame = base("tarot").head(3)  # deal 3: petite, 0 oudlers, 62 points
    deals = csf.validate(frame, game="tarot")
    assert deals["oudlers"].tolist()[2] == 0


def test_a_passed_deal_with_other_values_is_still_refused():
    frame = base("tarot").head(3)
    frame.loc[0, ["oudlers", "card_points"]] = [2, "nothing"]
    with pytest.raises(csf.LogValidationError) as err:
        csf.validate(frame, game="tarot")
    fc = err.value.failure_cases
    assert fc[["column", "reason"]].values.tolist() == [
        ["card_points", "not_a_number"],
        ["oudlers", "set_on_pass"],
    ]


# --- what the fuzzer found (scripts/fuzz_readers.py) -----------------------------------


def test_a_carriage_return_alone_ends_a_line_as_the_parser_reads_it(tmp_path):
    path = tmp_path / "log.csv"
    path.write_bytes(b"game_id,deal\rplayer1\n1,1\n")  # the header is one line
    with pytest.raises(csf.LogReadError, match="line 2 has 1 cell: 'player1'"):
        csf.read_log(path, game="tarot")


def test_a_quote_inside_a_cell_keeps_the_lines_true(tmp_path):
    frame = base("tarot")
    frame.loc[1, "player3"] = 'Ga"lle'  # a quote inside a cell is a character
    frame.loc[5, "taker"] = "Zoé"
    path = tmp_path / "log.csv"
    frame.replace({"Gaëlle": 'Ga"lle'}).to_csv(path, index=False, quoting=3)
    with pytest.raises(csf.LogValidationError) as err:
        csf.read_log(path, game="tarot")
    fc = err.value.failure_cases
    assert fc[["column", "line"]].values.tolist() == [["taker", 7]]


def test_a_byte_order_mark_on_an_empty_first_line(tmp_path):
    path = tmp_path / "log.csv"
    path.write_bytes(b"\xef\xbb\xbf\n" + _lines(_ROW.format(d=1), "1,2,Anne"))
    with pytest.raises(csf.LogReadError, match="line 4 has 3 cells"):
        csf.read_log(path, game="tarot")


def test_a_ragged_row_in_a_windows_1252_file_names_its_line(tmp_path):
    path = tmp_path / "log.csv"
    rows = [_ROW.format(d=1).replace("Anne", "Amélie"), "1,2,Amélie"]
    path.write_bytes(_lines(*rows).decode().encode("cp1252"))
    with pytest.raises(csf.LogReadError, match="line 3 has 3 cells: '1,2,Amélie'"):
        csf.read_log(path, game="tarot")


@pytest.mark.parametrize("read", [csf.read_log, csf.read_excel], ids=["log", "excel"])
def test_a_workbook_whose_stored_layout_is_damaged(read):
    path = Path("tests/corpus/belot_book_damaged_layout.xlsx")
    with pytest.raises(csf.WorkbookError, match="belot_book_damaged_layout.xlsx"):
        read(path, game="belot")
