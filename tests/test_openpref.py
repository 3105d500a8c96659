"""OpenPref saved pools (``.prf``): the files in tests/fixtures/openpref were
written by the Debian ``openpref`` program itself (see the README there). Each is
read into the settlement sheet and checked against OpenPref's own balance, which
OpenPref computes in C integers from the same lists (``PrefDesktop::closePool``),
recomputed here independently of the reader."""

from __future__ import annotations

import math
import struct
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import cardscore_frames as csf
from cardscore_frames.games import preferans
from cardscore_frames.games.preferans.formats.openpref import parse_openpref

FIXTURES = Path(__file__).parent / "fixtures" / "openpref"
FILES = sorted(FIXTURES.glob("*.prf"))
SEATS = 3


def _trunc_thirds(points: int) -> int:
    """C's ``points * 10 / 3`` on ints: truncated toward zero."""
    return math.trunc(points * 10 / 3)


def openpref_balance(pool, mountain, left, right) -> list[int]:
    """OpenPref's closePool, seat by seat (0-based here, i+1 the next seat):
    each seat's own pool, 10/3 a point, on both its whist lists; each opponent's
    mountain, 10/3 a point, on the lists of the other two that face him; then
    whists = L'_i + R'_i - R'_(i+1) - L'_(i+2)."""
    lw = [left[i] + _trunc_thirds(pool[i]) for i in range(SEATS)]
    rw = [right[i] + _trunc_thirds(pool[i]) for i in range(SEATS)]
    for i in range(SEATS):
        rw[(i + 1) % SEATS] += _trunc_thirds(mountain[i])
        lw[(i + 2) % SEATS] += _trunc_thirds(mountain[i])
    return [
        lw[i] + rw[i] - rw[(i + 1) % SEATS] - lw[(i + 2) % SEATS] for i in range(SEATS)
    ]


def raw_ints(path: Path) -> list[int]:
    data = path.read_bytes()
    return list(struct.unpack(f"<{len(data) // 4}i", data))


def test_there_are_fixtures_of_different_outcomes():
    assert len(FILES) >= 3
    pools = {tuple(preferans.read_openpref(f)["pool"]) for f in FILES}
    assert (0, 0, 0) in pools  # a new pool
    ends = [f for f in FILES if (preferans.read_openpref(f)["pool"] >= 4).all()]
    assert ends, "a finished pool (every pool at its target)"


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_each_file_maps_to_a_sheet_that_settles_as_openpref_does(path):
    parsed = parse_openpref(path.read_bytes(), str(path))
    seats = parsed["seats"]
    # the layout: every list starts at 0, pools never pass the pool size
    for block in seats:
        for name in ("pool", "mountain", "whists_left", "whists_right"):
            assert block[name][0] == 0
        assert max(block["pool"]) <= parsed["pool_size"]
    last = {n: [b[n][-1] for b in seats] for n in ("pool", "mountain")}
    left = [b["whists_left"][-1] for b in seats]
    right = [b["whists_right"][-1] for b in seats]
    stored = [b["balance"] for b in seats]
    assert openpref_balance(last["pool"], last["mountain"], left, right) == stored

    sheet = preferans.read_openpref(path, names=("Anna", "Boris", "Vera"))
    assert sheet["pool"].tolist() == last["pool"]
    assert sheet["mountain"].tolist() == last["mountain"]
    # left whists go on the next seat, right whists on the previous one
    on = sheet[["whists_on_1", "whists_on_2", "whists_on_3"]].to_numpy(dtype=float)
    assert [on[0, 1], on[1, 2], on[2, 0]] == left
    assert [on[0, 2], on[1, 0], on[2, 1]] == right
    assert sheet["openpref_balance"].tolist() == stored
    assert (sheet["pool_target"] == parsed["pool_size"]).all()

    result = preferans.settle(sheet)  # Sochi: a = b = 10 whists a point
    assert result["twelfths"].sum() == 0  # our settlement sums to exactly 0
    # OpenPref truncates 10/3 of a point in eight terms a seat, two of each of
    # own pool, the others' pools, own mountain, the others' mountains: each
    # truncation is 0, 1/3 or 2/3 of a whist, so the two differ by under 3
    gap = np.abs(result["whists"].to_numpy() - np.array(stored))
    assert gap.max() < 3


def test_the_finished_pool_by_hand():
    # sochi4_end.prf: every pool at the pool size 4; Anna (seat 1) has a mountain
    # of 56; whists: Boris on Vera 16, Boris on Anna 88, Vera on Anna 128, Vera
    # on Boris 12. Exact (a = b = 10, mean M = 56/3, every pool equal):
    #   Anna:  10(56/3 - 56) - 88 - 128      = -373.333 - 216   = -589.333
    #   Boris: 10(56/3) + 16 + 88 - 12       =  186.667 + 92    = +278.667
    #   Vera:  10(56/3) + 128 + 12 - 16      =  186.667 + 124   = +310.667
    # OpenPref stores -588, +278, +310 (its thirds truncated).
    sheet = preferans.read_openpref(FIXTURES / "sochi4_end.prf")
    assert sheet["player"].tolist() == ["You", "Player 1", "Player 2"]
    assert sheet["openpref_mountain"].tolist() == ["[0, 56]", "[0]", "[0]"]
    assert sheet["openpref_whists_left"].tolist() == [
        "[0]",
        "[0, 4, 16]",
        "[0, 88, 128]",
    ]
    result = preferans.settle(sheet)
    np.testing.assert_allclose(
        result["whists"], [-589 - 1 / 3, 278 + 2 / 3, 310 + 2 / 3]
    )
    assert sheet["openpref_balance"].tolist() == [-588, 278, 310]
    paper = preferans.settle(sheet, method="paper", whist_price=0.1)
    assert paper["whists"].sum() == 0 and paper["money_units"].sum() == 0


def test_read_log_reads_prf_files():
    path = FIXTURES / "sochi4_deal2.prf"
    sheet = csf.read_log(path, game="preferans", kind="sheet")
    assert sheet.cardscore.kind == "sheet" and sheet.cardscore.source == str(path)
    pd.testing.assert_frame_equal(sheet, preferans.read_openpref(path))
    assert sheet["game_id"].tolist() == ["sochi4_deal2"] * 3
    kept = ["openpref_next_first_hand", "openpref_greedy_whist", "openpref_format"]
    # OpenPref started the pool on seat 3, so deal 3 starts on seat 2
    assert sheet[kept].iloc[0].tolist() == [2, 1, "OpenPref 0.1.3 .prf"]


@pytest.mark.parametrize(
    "cut, match",
    [
        pytest.param(lambda b: b[:-4], "ends before greedy whist", id="truncated"),
        pytest.param(lambda b: b + b"\0" * 8, "8 bytes follow", id="trailing-bytes"),
        pytest.param(lambda b: b[:-1], "not a whole number", id="odd-length"),
        pytest.param(lambda b: b"\0" * 4 + b, "bbpref", id="bbpref-header"),
    ],
)
def test_a_damaged_file_is_named_with_what_is_wrong(tmp_path, cut, match):
    bad = tmp_path / "bad.prf"
    bad.write_bytes(cut((FIXTURES / "sochi4_deal2.prf").read_bytes()))
    with pytest.raises(csf.LogReadError, match=match) as caught:
        csf.read_log(bad, game="preferans", kind="sheet")
    assert "bad.prf" in str(caught.value)


def test_names_must_be_three_players():
    with pytest.raises(csf.RulesError, match="3 different players"):
        preferans.read_openpref(FIXTURES / "sochi4_end.prf", names=("A", "A", "B"))


# --- optional: drive the real program (only where openpref and Xvfb are installed) --

sys.path.insert(0, str(FIXTURES))
import drive_openpref  # noqa: E402


@pytest.mark.skipif(
    not drive_openpref.available(),
    reason="OpenPref, Xvfb, xdotool and ImageMagick are not installed "
    "(Debian: openpref xvfb xdotool imagemagick)",
)
def test_openpref_live(tmp_path):
    saved = drive_openpref.play(tmp_path, pool=4, minutes=3, stop_after=2)
    assert saved, "OpenPref saved no pool"
    for path in saved:
        sheet = preferans.read_openpref(path)
        seats = parse_openpref(path.read_bytes())["seats"]
        stored = [b["balance"] for b in seats]
        want = openpref_balance(
            [b["pool"][-1] for b in seats],
            [b["mountain"][-1] for b in seats],
            [b["whists_left"][-1] for b in seats],
            [b["whists_right"][-1] for b in seats],
        )
        assert want == stored
        assert preferans.settle(sheet)["twelfths"].sum() == 0
