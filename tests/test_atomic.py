"""Atomic writing: the target is the old file or the whole new one, never half."""

import ast
import os
import stat
from pathlib import Path

import pytest

from cardscore_frames import atomic
from cardscore_frames.atomic import atomic_open, atomic_path, write_bytes, write_text

OLD = "player,score\nAnne,318\nBruno,-106\n"


class Boom(Exception):
    pass


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_new_file_is_written(tmp_path):
    target = tmp_path / "scores.csv"
    assert write_text(target, OLD) == target
    assert target.read_text(encoding="utf-8") == OLD
    assert leftovers(tmp_path) == []


def test_temporary_file_is_hidden_beside_target_with_same_suffix(tmp_path):
    target = tmp_path / "book.xlsx"
    with atomic_path(target) as tmp:
        assert tmp.parent == tmp_path
        assert tmp.name.startswith(".") and tmp.suffix == ".xlsx"
        assert tmp.exists() and not target.exists()
        tmp.write_bytes(b"data")
    assert target.read_bytes() == b"data"
    assert leftovers(tmp_path) == []


def test_failure_half_way_keeps_old_file_byte_identical(tmp_path):
    target = tmp_path / "scores.csv"
    target.write_text(OLD, encoding="utf-8")
    before = target.read_bytes()
    with pytest.raises(Boom), atomic_open(target) as handle:
        handle.write("player,score\nAnne,")
        handle.flush()
        raise Boom("disk on fire half-way")
    assert target.read_bytes() == before
    assert leftovers(tmp_path) == []


def test_keyboard_interrupt_also_cleans_up(tmp_path):
    target = tmp_path / "scores.bin"
    write_bytes(target, b"old")
    with pytest.raises(KeyboardInterrupt), atomic_path(target) as tmp:
        tmp.write_bytes(b"new, half")
        raise KeyboardInterrupt
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_permission_bits_of_replaced_file_are_kept(tmp_path):
    target = tmp_path / "scores.csv"
    target.write_text(OLD, encoding="utf-8")
    target.chmod(0o640)
    write_text(target, "new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_text(encoding="utf-8") == "new\n"


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_new_file_gets_ordinary_permissions_not_private_temp_ones(tmp_path):
    umask = os.umask(0o022)
    try:
        write_text(tmp_path / "a.txt", "x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o644


def test_missing_directory_is_a_clear_error(tmp_path):
    target = tmp_path / "no" / "such" / "book.xlsx"
    with pytest.raises(FileNotFoundError, match=r"book\.xlsx: the directory .* exist"):
        with atomic_path(target):
            pass
    assert not (tmp_path / "no").exists()


def test_directory_as_target_is_refused(tmp_path):
    with pytest.raises(IsADirectoryError, match="is a directory"):
        write_text(tmp_path, "x")


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_symlink_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.csv"
    real.write_text(OLD, encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    write_text(link, "new\n")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new\n"


def test_binary_and_text_modes(tmp_path):
    with atomic_open(tmp_path / "a.bin", "wb") as handle:
        handle.write(b"\x00\xff")
    assert (tmp_path / "a.bin").read_bytes() == b"\x00\xff"
    write_text(tmp_path / "b.txt", "Зоя\n")
    assert (tmp_path / "b.txt").read_bytes() == "Зоя\n".encode()


def test_append_mode_is_refused(tmp_path):
    with pytest.raises(ValueError, match="mode must be"):
        with atomic_open(tmp_path / "a.txt", "a"):
            pass


def test_temp_file_removed_by_writer_is_an_error_not_a_silent_success(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(FileNotFoundError, match="temporary file"):
        with atomic_path(target) as tmp:
            tmp.unlink()
    assert target.read_text(encoding="utf-8") == "old"


def test_imports_nothing_of_ours_but_errors():
    tree = ast.parse(Path(atomic.__file__).read_text(encoding="utf-8"))
    ours = [
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("cardscore")
    ]
    ours += [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name.startswith("cardscore")
    ]
    assert set(ours) <= {"cardscore_frames.errors"}
