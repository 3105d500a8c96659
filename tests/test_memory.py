"""Giving freed memory back to the system (glibc's malloc_trim where there is one)."""

from __future__ import annotations

import pytest

from cardscore_frames import memory


def test_give_back_returns_freed_memory_to_the_system_on_glibc():
    if memory._malloc_trim() is None:
        pytest.skip("no glibc here: give_back does nothing")
    import numpy as np

    def resident_mb() -> float:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * 4096 / 2**20

    # many blocks below glibc's mapping threshold, freed in an order that leaves
    # them inside its heap: they stay resident until given back
    blocks = [np.ones(100_000 // 8) for _ in range(2_000)]  # 100 kB each
    keep = blocks[-1]
    del blocks
    before = resident_mb()
    memory.give_back()
    after = resident_mb()
    assert keep.sum() == 100_000 // 8
    assert after < before - 50, (before, after)


@pytest.mark.parametrize("found", [True, False], ids=["glibc", "no-glibc"])
def test_give_back_asks_the_allocator_only_where_there_is_one(monkeypatch, found):
    calls = []
    trim = calls.append if found else None
    monkeypatch.setattr(memory, "_malloc_trim", lambda: trim)
    memory.give_back()
    assert calls == ([0] if found else [])
