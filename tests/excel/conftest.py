"""Helpers for the Excel tests: look inside the written archive, read it back."""

import zipfile
from pathlib import Path
from xml.etree import ElementTree

import openpyxl
import pytest

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def _sheet_part(path: Path, name: str) -> str:
    """The XML part of the sheet called ``name`` (by the workbook's relations)."""
    with zipfile.ZipFile(path) as archive:
        book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        rid = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
        ids = {s.get("name"): s.get(rid) for s in book.iter(f"{MAIN}sheet")}
        targets = {r.get("Id"): r.get("Target") for r in rels}
        target = targets[ids[name]].lstrip("/")
        return archive.read(
            target if target.startswith("xl/") else f"xl/{target}"
        ).decode()


@pytest.fixture
def sheet_xml():
    """``sheet_xml(path, name)``: the sheet's XML text."""
    return _sheet_part


@pytest.fixture
def formulas_in():
    """``formulas_in(path, name)``: {cell: formula text} of every <f> in the sheet."""

    def formulas(path: Path, name: str) -> dict[str, str]:
        root = ElementTree.fromstring(_sheet_part(path, name))
        return {
            c.get("r"): c.find(f"{MAIN}f").text
            for c in root.iter(f"{MAIN}c")
            if c.find(f"{MAIN}f") is not None
        }

    return formulas


@pytest.fixture
def full_openpyxl():
    """Our own files, opened in openpyxl's full mode (data validations, styles and
    conditional formats are not read in read-only mode). Only for files the tests
    wrote; outside files go through ``open_openpyxl``."""

    def load(path: Path, data_only: bool = False):
        assert openpyxl.DEFUSEDXML
        return openpyxl.load_workbook(path, data_only=data_only)

    return load
