"""Checks on a workbook file before any parser sees it.

An ``.xlsx`` file is a zip archive of XML parts. Files that users send are
checked from the outside first: that the file is a zip at all (and not a CSV
renamed, a legacy ``.xls`` or a password-protected workbook, both of which are
OLE compound files), and that unpacking it cannot exhaust memory or disk (a
"zip bomb"), judged from the sizes the archive's central directory declares,
before a single byte is decompressed. The zip readers used afterwards refuse to
unpack a member beyond its declared size, so the declared sizes are binding.
"""

from __future__ import annotations

import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

from cardscore_frames.errors import WorkbookError

__all__ = ["ArchiveLimits", "DEFAULT_LIMITS", "check_archive"]

#: An OLE/CFB compound file: legacy .xls, or an encrypted (password) .xlsx.
OLE_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
#: The stream an encrypted OOXML package keeps inside its OLE container.
_ENCRYPTED = "EncryptedPackage".encode("utf-16-le")
_SNIFF = 1 << 16
_MIB, _GIB = 1 << 20, 1 << 30


@dataclass(frozen=True)
class ArchiveLimits:
    """How large a workbook may be once unpacked.

    Attributes
    ----------
    max_total : int
        Sum of the members' uncompressed sizes, bytes (default 1 GiB).
    max_ratio : float
        Uncompressed / compressed size of one member (default 200)...
    ratio_from : int
        ...checked for members larger than this when unpacked (default 1 MiB);
        small XML parts compress very well and are harmless.
    max_members : int
        Number of members (default 100,000; a season of thousands of
        games has a sheet, a chart and their parts for each).
    """

    max_total: int = _GIB
    max_ratio: float = 200.0
    ratio_from: int = _MIB
    max_members: int = 100_000


#: The limits used when none are given.
DEFAULT_LIMITS = ArchiveLimits()


def check_archive(
    path: str | os.PathLike[str], limits: ArchiveLimits = DEFAULT_LIMITS
) -> Path:
    """Check that ``path`` is a workbook archive that is safe to unpack.

    Returns
    -------
    pathlib.Path
        The path, checked.

    Raises
    ------
    WorkbookError
        Missing or empty file, an OLE file (password-protected workbook or
        legacy ``.xls``), text or other non-zip content, a damaged or truncated
        zip, a zip that is not a spreadsheet, or one whose unpacked size, member
        count or compression ratio passes ``limits``.
    """
    path = Path(path)
    head = _head(path)
    if head.startswith(OLE_MAGIC):
        raise WorkbookError(_ole_message(path))
    if not zipfile.is_zipfile(path):
        raise WorkbookError(_not_zip_message(path, head))
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        OSError,
        ValueError,
        EOFError,
    ) as exc:
        raise WorkbookError(
            f"{path}: damaged zip archive ({exc}); it cannot be read as a workbook"
        ) from exc
    _check_sizes(path, members, limits)
    _check_spreadsheet(path, {m.filename for m in members})
    return path


def _head(path: Path) -> bytes:
    try:
        with open(path, "rb") as handle:
            head = handle.read(_SNIFF)
    except FileNotFoundError as exc:
        raise WorkbookError(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise WorkbookError(f"{path}: is a directory, not a workbook") from exc
    except OSError as exc:
        raise WorkbookError(f"{path}: cannot be opened ({exc})") from exc
    if not head:
        raise WorkbookError(f"{path}: the file is empty, not a workbook")
    return head


def _ole_message(path: Path) -> str:
    if _contains(path, _ENCRYPTED):
        return (
            f"{path}: this workbook is password-protected (encrypted); "
            "save an unprotected copy as .xlsx and read that"
        )
    return (
        f"{path}: this is an OLE compound file, such as a legacy .xls workbook or a "
        "password-protected one; save it as .xlsx (without a password) and read that"
    )


def _contains(path: Path, needle: bytes, limit: int = 64 * _MIB) -> bool:
    """Whether ``needle`` occurs in the first ``limit`` bytes (directory entries
    of a compound file sit near its start)."""
    with open(path, "rb") as handle:
        return needle in handle.read(limit)


def _not_zip_message(path: Path, head: bytes) -> str:
    if head.startswith(b"PK\x03\x04"):
        return (
            f"{path}: damaged zip archive (cut short, or its directory is "
            "missing); it cannot be read as a workbook"
        )
    try:
        sample = head.decode("utf-8")
    except UnicodeDecodeError:
        sample = None
    if sample is not None and "\x00" not in sample:
        first = sample.splitlines()[0][:60] if sample.strip() else ""
        return (
            f"{path}: not a workbook; it is a text file (first line {first!r}), "
            "perhaps a CSV named .xlsx"
        )
    return f"{path}: not a workbook (an .xlsx file is a zip archive; this is not)"


def _check_sizes(
    path: Path, members: list[zipfile.ZipInfo], limits: ArchiveLimits
) -> None:
    if len(members) > limits.max_members:
        raise WorkbookError(
            f"{path}: {len(members):,} parts in the archive; at most "
            f"{limits.max_members:,} are read"
        )
    total = sum(m.file_size for m in members)
    if total > limits.max_total:
        raise WorkbookError(
            f"{path}: unpacks to {total:,} bytes; at most {limits.max_total:,} are "
            "read "
            "(a zip bomb, or a workbook too large)"
        )
    for member in members:
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size > limits.ratio_from and ratio > limits.max_ratio:
            raise WorkbookError(
                f"{path}: part {member.filename!r} unpacks {ratio:,.0f} times larger "
                "than it is "
                f"packed ({member.file_size:,} bytes); at most "
                f"{limits.max_ratio:,.0f} times "
                "is read (a zip bomb)"
            )


def _check_spreadsheet(path: Path, names: set[str]) -> None:
    if "[Content_Types].xml" in names and (
        {"xl/workbook.xml", "xl/workbook.bin"} & names
    ):
        return
    if "content.xml" in names and "mimetype" in names:
        return  # OpenDocument spreadsheet, which calamine also reads
    kind = "a Word document" if "word/document.xml" in names else "a zip archive"
    raise WorkbookError(
        f"{path}: not a workbook; it is {kind} without a workbook part "
        "(xl/workbook.xml)"
    )
