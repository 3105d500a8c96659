"""Atomic file writing: a file is either the old one or the whole new one.

Every writer of the package (CSV, Parquet, Excel, PNG) writes to a hidden
temporary file beside its target and moves it over the target only once it is
complete, with :func:`os.replace`. A crash, an exception or a full disk half-way
through leaves the previous file exactly as it was, and no temporary file behind.

The temporary file lives in the target's own directory because a rename is only
atomic within one file system; it keeps the target's suffix so that libraries
which choose a format from the name (pandas, XlsxWriter, matplotlib) choose the
right one.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

__all__ = ["atomic_path", "atomic_open", "write_text", "write_bytes", "write_frame"]

_NEW_FILE_MODE = 0o666  # the kernel applies the umask, as for open(..., "w")


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Give a temporary path to write; move it over ``target`` on success.

    Parameters
    ----------
    target : str or os.PathLike
        The file to create or replace. Its directory must exist. A symbolic link
        is followed, so the file it points to is replaced and the link kept.

    Yields
    ------
    pathlib.Path
        A hidden, empty file in the same directory, with the same suffix
        (``.book.3f9a2c1d.tmp.xlsx`` for ``book.xlsx``). Write it whole, by name.

    Raises
    ------
    FileNotFoundError
        The target's directory does not exist.
    IsADirectoryError
        The target is a directory.

    Notes
    -----
    On leaving the block normally the file is flushed to disk (``fsync``), given
    the permission bits of the file it replaces (or the usual ones for a new
    file) and renamed over the target. On any exception, ``KeyboardInterrupt``
    included, the temporary file is removed and the target is not touched.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with atomic_path(folder / "scores.csv") as tmp:
    ...     _ = tmp.write_text("player,score\\nAnne,318\\n")
    >>> (folder / "scores.csv").read_text().splitlines()
    ['player,score', 'Anne,318']
    """
    target = _resolve_target(Path(target))
    tmp = _create_temp(target)
    try:
        yield tmp
        _commit(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


@contextlib.contextmanager
def atomic_open(
    target: str | os.PathLike[str], mode: str = "w", **kwargs: Any
) -> Iterator[IO[Any]]:
    """Open a file object whose content replaces ``target`` only when complete.

    Parameters
    ----------
    target : str or os.PathLike
        The file to create or replace (see :func:`atomic_path`).
    mode : str, default "w"
        A write mode: ``"w"``, ``"wt"`` or ``"wb"`` (appending cannot be atomic
        without copying the old file, so ``"a"`` is refused).
    **kwargs
        Passed to :func:`open`; text modes default to ``encoding="utf-8"``.

    Yields
    ------
    file object
        Open on the temporary file; it is closed before the move.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with atomic_open(folder / "notes.txt") as f:
    ...     _ = f.write("Зоя, Élodie\\n")
    >>> (folder / "notes.txt").read_text(encoding="utf-8")
    'Зоя, Élodie\\n'
    """
    if mode not in ("w", "wt", "wb", "tw", "bw"):
        raise ValueError(
            f"atomic_open writes whole files: mode must be 'w' or 'wb'; got {mode!r}"
        )
    if "b" not in mode:
        kwargs.setdefault("encoding", "utf-8")
    with atomic_path(target) as tmp, open(tmp, mode, **kwargs) as handle:
        yield handle


def write_text(
    target: str | os.PathLike[str],
    text: str,
    *,
    encoding: str = "utf-8",
    newline: str | None = None,
) -> Path:
    """Write ``text`` to ``target`` atomically.

    Returns
    -------
    pathlib.Path
        The target as written (a symbolic link resolved to the file it names).
    """
    with atomic_open(target, "w", encoding=encoding, newline=newline) as handle:
        handle.write(text)
    return _resolve_target(Path(target))


def write_bytes(target: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``target`` atomically.

    Returns
    -------
    pathlib.Path
        The target as written (a symbolic link resolved to the file it names).
    """
    with atomic_open(target, "wb") as handle:
        handle.write(data)
    return _resolve_target(Path(target))


def write_frame(frame: Any, target: str | os.PathLike[str]) -> Path:
    """Write a DataFrame to ``target`` atomically, without its index: CSV for a
    ``.csv`` name, Parquet for a ``.parquet`` one.

    Returns
    -------
    pathlib.Path
        ``target``, as given.

    Raises
    ------
    ValueError
        ``target`` ends in neither ``.csv`` nor ``.parquet``.
    """
    path = Path(target)
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise ValueError(f"a table is written as .csv or .parquet; got {path.name!r}")
    with atomic_path(path) as tmp:
        if suffix == ".csv":
            frame.to_csv(tmp, index=False)
        else:
            frame.to_parquet(tmp, index=False)
    return path


def _resolve_target(target: Path) -> Path:
    """The file to replace: links followed, its directory checked."""
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    target = target.absolute()
    if not target.parent.is_dir():
        raise FileNotFoundError(
            f"cannot write {target.name}: the directory {target.parent} does not exist"
        )
    if target.is_dir():
        raise IsADirectoryError(f"cannot write {target}: it is a directory")
    return target


def _create_temp(target: Path) -> Path:
    """Reserve a hidden temporary name beside ``target`` (``O_EXCL``: never shared)."""
    for _ in range(100):
        name = f".{target.stem}.{secrets.token_hex(4)}.tmp{target.suffix}"
        tmp = target.with_name(name)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _NEW_FILE_MODE)
        except FileExistsError:
            continue
        os.close(fd)
        return tmp
    raise FileExistsError(f"cannot find a free temporary name beside {target}")


def _commit(tmp: Path, target: Path) -> None:
    """Flush ``tmp`` to disk, give it the old file's mode, move it over ``target``."""
    if not tmp.exists():
        raise FileNotFoundError(
            f"cannot write {target.name}: its temporary file {tmp.name} was removed "
            "before the write finished"
        )
    _fsync_file(tmp)
    with contextlib.suppress(FileNotFoundError):
        os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
    os.replace(tmp, target)
    _fsync_directory(target.parent)


def _fsync_file(path: Path) -> None:
    # Without this a power cut after the rename can leave an empty file behind.
    flags = os.O_RDONLY if os.name != "nt" else os.O_RDWR  # Windows needs write
    fd = os.open(path, flags)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_directory(directory: Path) -> None:
    # Makes the rename itself durable; not possible (nor needed) on Windows.
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
