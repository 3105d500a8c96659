"""Reading outside workbooks: true addresses, and every unsafe file refused
with a WorkbookError before a parser sees it (or when the parser fails)."""

import struct
import zipfile

import openpyxl
import pytest
from python_calamine import CalamineWorkbook

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel import (
    ArchiveLimits,
    Workbook,
    check_archive,
    open_openpyxl,
    read_metadata,
    read_sheet,
    sheet_names,
)

MIB = 1 << 20


@pytest.fixture
def book(tmp_path):
    """A small valid workbook: data from C5 on sheet "Evening 3", a second sheet."""
    path = tmp_path / "club.xlsx"
    with Workbook(path) as wb:
        sheet = wb.add_sheet("Evening 3")
        sheet.write_row(4, 2, ["Зоя", "Élodie", None, "Anne"])
        sheet.write_row(5, 2, [318, -106.5, None, 0])
        sheet.write(9, 6, "last")
        wb.add_sheet("Notes").write(0, 0, "n")
    return path


# --- addresses -------------------------------------------------------------------


def test_cells_keep_their_excel_addresses(book):
    cells = read_sheet(book, "Evening 3")
    assert (cells.first_row, cells.first_col) == (4, 2)
    assert cells.values.shape == (6, 5)
    assert cells.row_numbers.tolist() == [5, 6, 7, 8, 9, 10]
    assert [cells.letters(j) for j in range(5)] == ["C", "D", "E", "F", "G"]
    assert cells.address(0, 0) == "Evening 3!C5"
    assert cells.address(5, 4) == "Evening 3!G10"
    assert cells.values[0].tolist() == ["Зоя", "Élodie", None, "Anne", None]
    assert cells.values[1].tolist() == [318.0, -106.5, None, 0.0, None]
    frame = cells.to_frame()
    assert frame.loc[5, "C"] == "Зоя" and frame.loc[10, "G"] == "last"


def test_addresses_agree_with_calamines_untrimmed_grid(book):
    cells = read_sheet(book, "Evening 3")
    with CalamineWorkbook.from_path(str(book)) as wb:
        full = wb.get_sheet_by_name("Evening 3").to_python(skip_empty_area=False)
    for i, j in [(0, 0), (1, 1), (5, 4)]:
        expected = full[cells.first_row + i][cells.first_col + j]
        assert cells.values[i, j] == expected


def test_addresses_of_a_workbook_written_by_another_program(tmp_path):
    path = tmp_path / "other.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Feuille"
    wb.active["C5"] = "Preneur"
    wb.active["E7"] = 42
    wb.save(path)
    cells = read_sheet(path, "Feuille")
    assert cells.address(0, 0) == "Feuille!C5"
    assert cells.values[2, 2] == 42.0 and cells.address(2, 2) == "Feuille!E7"
    assert read_metadata(path) is None


def test_sheets_by_name_and_position_and_missing(book):
    assert sheet_names(book) == ["Evening 3", "Notes"]
    assert read_sheet(book, 1).sheet == "Notes"
    with pytest.raises(
        WorkbookError,
        match=r"no sheet 'Evening 4'; the sheets are 'Evening 3', 'Notes'",
    ):
        read_sheet(book, "Evening 4")
    with pytest.raises(WorkbookError, match="no sheet 5"):
        read_sheet(book, 5)


def test_empty_sheet(tmp_path):
    path = tmp_path / "empty.xlsx"
    with Workbook(path) as wb:
        wb.add_sheet("Blank")
    cells = read_sheet(path, "Blank")
    assert cells.values.shape == (0, 0) and cells.to_frame().empty


# --- unsafe files ----------------------------------------------------------------


def zip_with(path, members, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_zip_bomb_by_compression_ratio(tmp_path):
    path = zip_with(
        tmp_path / "bomb.xlsx",
        {
            "[Content_Types].xml": "<Types/>",
            "xl/workbook.xml": "<workbook/>",
            "xl/worksheets/sheet1.xml": b"\0" * (20 * MIB),
        },
    )
    with pytest.raises(
        WorkbookError, match=r"sheet1\.xml' unpacks .* times larger .* zip bomb"
    ):
        read_sheet(path, 0)


def test_zip_bomb_by_total_size(tmp_path):
    members = {f"xl/worksheets/sheet{i}.xml": b"\0" * (2 * MIB) for i in range(3)}
    path = zip_with(tmp_path / "big.xlsx", members, zipfile.ZIP_STORED)
    with pytest.raises(
        WorkbookError, match=r"unpacks to 6,291,456 bytes; at most 5,242,880"
    ):
        check_archive(path, ArchiveLimits(max_total=5 * MIB))


def test_declared_sizes_are_judged_before_unpacking(tmp_path, book):
    """A central directory declaring 3 GiB is refused without reading any member."""
    data = bytearray(book.read_bytes())
    end = data.rindex(b"PK\x05\x06")
    (start,) = struct.unpack_from("<I", data, end + 16)
    struct.pack_into(
        "<I", data, start + 24, 3 << 30
    )  # first member's uncompressed size
    forged = book.with_name("forged.xlsx")
    forged.write_bytes(bytes(data))
    with pytest.raises(WorkbookError, match="unpacks to 3,2"):
        sheet_names(forged)


def test_too_many_members(book):
    with pytest.raises(WorkbookError, match="parts in the archive; at most 3"):
        read_sheet(book, 0, limits=ArchiveLimits(max_members=3))


def test_truncated_zip(tmp_path, book):
    data = book.read_bytes()
    cut = tmp_path / "cut.xlsx"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(
        WorkbookError, match=r"cut\.xlsx: damaged zip archive \(cut short"
    ):
        read_sheet(cut, 0)


def test_bad_crc_is_a_workbook_error(tmp_path, book):
    with zipfile.ZipFile(book) as archive:
        crc = archive.getinfo("xl/worksheets/sheet1.xml").CRC
    data = book.read_bytes().replace(struct.pack("<I", crc), struct.pack("<I", crc ^ 1))
    damaged = tmp_path / "crc.xlsx"
    damaged.write_bytes(data)
    with pytest.raises(
        WorkbookError, match=r"crc\.xlsx, sheet 'Evening 3': cannot be read"
    ):
        read_sheet(damaged, "Evening 3")


def test_damaged_xml_inside_a_sound_zip(tmp_path, book):
    with zipfile.ZipFile(book) as archive:
        parts = {i.filename: archive.read(i) for i in archive.infolist()}
    parts["xl/worksheets/sheet1.xml"] = b"<worksheet><sheetData><row><c r="
    path = zip_with(tmp_path / "xml.xlsx", parts)
    with pytest.raises(WorkbookError, match="cannot be read as a workbook"):
        read_sheet(path, "Evening 3")


def test_text_file_named_xlsx(tmp_path):
    path = tmp_path / "scores.xlsx"
    path.write_text("player;score\nAnne;318\n", encoding="utf-8")
    with pytest.raises(
        WorkbookError,
        match=r"not a workbook; it is a text file \(first line 'player;score'\)",
    ):
        read_sheet(path, 0)


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        pytest.param(b"", "legacy .xls", id="legacy-xls"),
        pytest.param(
            "EncryptedPackage".encode("utf-16-le"), "password-protected", id="encrypted"
        ),
    ],
)
def test_ole_compound_files(tmp_path, payload, message):
    path = tmp_path / "locked.xlsx"
    path.write_bytes(
        bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 504 + payload + b"\0" * 512
    )
    with pytest.raises(WorkbookError, match=message):
        sheet_names(path)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(lambda p: p.write_bytes(b""), "empty", id="empty"),
        pytest.param(lambda p: None, "no such file", id="missing"),
        pytest.param(lambda p: p.mkdir(), "is a directory", id="directory"),
        pytest.param(
            lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n\0\0"),
            "a zip archive; this is not",
            id="binary",
        ),
        pytest.param(
            lambda p: zip_with(p, {"[Content_Types].xml": "", "word/document.xml": ""}),
            "a Word document",
            id="docx",
        ),
    ],
)
def test_other_files_that_are_not_workbooks(tmp_path, make, message):
    path = tmp_path / "book.xlsx"
    make(path)
    with pytest.raises(WorkbookError, match=message):
        read_sheet(path, 0)


# --- openpyxl on outside files ----------------------------------------------------


def test_openpyxl_reads_outside_files_read_only_with_defusedxml(book):
    assert openpyxl.DEFUSEDXML
    wb = open_openpyxl(book)
    try:
        assert wb.read_only
        assert wb["Evening 3"]["C5"].value == "Зоя"
    finally:
        wb.close()


def test_openpyxl_path_is_checked_too(tmp_path):
    path = tmp_path / "bomb.xlsx"
    zip_with(path, {"[Content_Types].xml": "", "xl/workbook.xml": b"\0" * (20 * MIB)})
    with pytest.raises(WorkbookError, match="zip bomb"):
        open_openpyxl(path)
