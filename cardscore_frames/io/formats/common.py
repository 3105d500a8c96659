"""What every log parser shares: reading a file's bytes, optional dependencies
checked with an install hint, and how many bad rows a message lists."""

from __future__ import annotations

from pathlib import Path

from cardscore_frames.errors import LogReadError

#: How many bad rows or lines a message lists before "... and N more".
_SHOWN = 10


def need(module: str, purpose: str, extra: str) -> None:
    """Optional dependencies are checked where they are needed, with a hint."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise ImportError(
            f"{purpose} needs {module}: pip install 'cardscore-frames[{extra}]'"
        )


def read_bytes(path: Path) -> bytes:
    """The file's bytes; a directory or an unreadable file is a LogReadError."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: OSError) -> LogReadError:
    if isinstance(exc, IsADirectoryError):
        return LogReadError(f"{path}: is a directory, not a log file")
    return LogReadError(f"{path}: cannot be read ({exc.strerror or exc})")


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
