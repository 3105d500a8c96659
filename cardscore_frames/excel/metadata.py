"""Machine-readable metadata carried by a workbook (which game, which rules).

The metadata is a JSON object written on a very hidden sheet, ``_cardscore``:
A1 holds a marker, A2, A3... the JSON text cut into pieces that fit in a cell.
A sheet survives every spreadsheet that opens and saves the file, where custom
document properties are sometimes dropped; the top-level scalars are also
written as custom properties (``cardscore_game``...), for people who look at
File > Properties.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from pathlib import PurePath
from typing import Any

import numpy as np

from cardscore_frames.errors import WorkbookError
from cardscore_frames.excel.cells import MAX_TEXT, text_problem
from cardscore_frames.excel.refs import METADATA_MARK

__all__ = ["metadata_json", "metadata_properties", "parse_metadata"]

_CHUNK = MAX_TEXT // 2  # characters per cell, safe even if all need two UTF-16 units
_PROPERTY_PREFIX = "cardscore_"
_PROPERTY_TEXT_MAX = 255  # Excel's limit on a custom property's text


def metadata_json(metadata: Mapping[str, Any], *, where: str = "metadata") -> list[str]:
    """The metadata as JSON text, cut into pieces of at most 16,383 characters.

    Returns
    -------
    list of str

    Raises
    ------
    WorkbookError
        The metadata is not a mapping of JSON values (dates, numpy scalars,
        Decimals and paths are turned into JSON first).

    Examples
    --------
    >>> metadata_json({"game": "tarot", "players": 4})
    ['{"game": "tarot", "players": 4}']
    """
    if not isinstance(metadata, Mapping):
        raise WorkbookError(f"{where} must be a mapping; got {type(metadata).__name__}")
    try:
        text = json.dumps(
            dict(metadata), ensure_ascii=False, allow_nan=False, default=_to_json
        )
    except (TypeError, ValueError) as exc:
        raise WorkbookError(f"{where} must be JSON-serialisable: {exc}") from exc
    return [text[i : i + _CHUNK] for i in range(0, len(text), _CHUNK)]


def metadata_properties(metadata: Mapping[str, Any]) -> dict[str, Any]:
    """Top-level scalars of the metadata as custom document properties.

    Returns
    -------
    dict
        ``{"cardscore_game": "tarot", ...}``: text (at most 255 printable
        characters), booleans, and numbers; other values are left to the sheet.
    """
    props: dict[str, Any] = {}
    for key, value in metadata.items():
        name = f"{_PROPERTY_PREFIX}{key}"
        if isinstance(value, bool | np.bool_):
            props[name] = bool(value)
        elif isinstance(value, int | np.integer) and abs(int(value)) < 2**31:
            props[name] = int(value)
        elif isinstance(value, float | np.floating) and np.isfinite(value):
            props[name] = float(value)
        elif (
            isinstance(value, str)
            and len(value) <= _PROPERTY_TEXT_MAX
            and not text_problem(value)
        ):
            props[name] = value
    return props


def parse_metadata(column: Sequence[Any], *, where: str) -> dict[str, Any] | None:
    """Metadata from the first column of the metadata sheet, or None if not ours.

    Returns
    -------
    dict or None
        None when A1 does not hold the marker.

    Raises
    ------
    WorkbookError
        The marker is there but the JSON is damaged.
    """
    if not column or column[0] != METADATA_MARK:
        return None
    text = "".join(v for v in column[1:] if isinstance(v, str))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise WorkbookError(f"{where}: the metadata is not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise WorkbookError(f"{where}: the metadata is not a JSON object")
    return data


def _to_json(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    raise TypeError(f"{type(value).__name__} {value!r} is not a JSON value")
