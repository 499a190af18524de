"""Stream source records out of files of any size: a JSON array, an envelope object
(`{"data": [...]}`, Scryfall lists, MTGJSON set files and AllPrintings), a single record,
JSON Lines, or CSV — the format is detected from the content (and the extension for CSV).

Large JSON is parsed incrementally with ijson (C backend), so memory stays flat."""

from __future__ import annotations

import codecs
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, BinaryIO

import ijson

from catalog.encodings import checked_encoding, unicode_encoding
from catalog.textfiles import (
    ENCODING_HINT,
    Prepend,
    display_name,
    open_binary,
    peekable,
    read_csv,
    text_stream,
)
from converters.base import Converter
from converters.errors import InputFormatError

#: objects up to this size are loaded whole; larger ones are streamed
SMALL_OBJECT_BYTES = 64 << 20
_HEAD = 1 << 16

# Where records sit inside a large envelope object (ijson prefixes).
_RECORD_PREFIX = re.compile(r"^(?:data|cards|data\.cards|data\.[^.]+\.cards)\.item$")


class InputFormat(StrEnum):
    JSON_ARRAY = "json-array"
    JSON_OBJECT = "json-object"
    JSON_LINES = "json-lines"
    CSV = "csv"


@dataclass(frozen=True)
class SourceRecord:
    """One record and where it came from: `index` counts records from 1; `line` is the line
    for CSV and JSON Lines input."""

    index: int
    record: Any
    line: int | None = None


_CSV_NAMES = (".csv", ".tsv", ".txt")


def detect_format(head: bytes, name: str) -> InputFormat:
    """Tell the format from a file's first bytes (and `.csv`/`.tsv` names)."""
    if name.lower().endswith(_CSV_NAMES):
        return InputFormat.CSV
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if text.startswith(b"["):
        return InputFormat.JSON_ARRAY
    if text.startswith(b"{"):
        first, _, rest = text.partition(b"\n")
        if rest.strip().startswith(b"{") and _is_json(first):
            return InputFormat.JSON_LINES
        return InputFormat.JSON_OBJECT
    if not text:
        raise InputFormatError(f"{name}: the file is empty")
    return InputFormat.CSV


def _is_json(line: bytes) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def iter_records(
    path: str | Path, converter: Converter, *, encoding: str | None = None
) -> Iterator[SourceRecord]:
    """Every record in the file, in order. Raises InputFormatError for unreadable input,
    naming the file and the position. `encoding` (`--encoding`) overrides the detection."""
    name = display_name(path)
    with open_binary(path) as raw:
        buffered = peekable(raw)
        head = buffered.peek(_HEAD)[:_HEAD]
        wide = checked_encoding(encoding) if encoding else unicode_encoding(head)
        if wide and wide not in ("utf-8", "utf-8-sig") and not name.lower().endswith(_CSV_NAMES):
            buffered = io.BufferedReader(_Recoded(buffered, wide))  # JSON is read as UTF-8
            head, encoding = buffered.peek(_HEAD)[:_HEAD], None
        fmt = detect_format(head, name)
        if fmt is not InputFormat.CSV and head.startswith(codecs.BOM_UTF8):
            buffered.read(len(codecs.BOM_UTF8))
        if fmt is InputFormat.CSV:
            yield from _csv_records(buffered, name, encoding)
        elif fmt is InputFormat.JSON_ARRAY:
            yield from _array_records(buffered, name)
        elif fmt is InputFormat.JSON_LINES:
            yield from _json_lines(buffered, name)
        else:
            yield from _object_records(buffered, name, converter)


def _csv_records(raw: BinaryIO, name: str, encoding: str | None) -> Iterator[SourceRecord]:
    with text_stream(raw, name, encoding=encoding) as file:
        _headers, rows = read_csv(file)
        for index, row in enumerate(rows, start=1):
            yield SourceRecord(index, row.values, row.line)


def _json_error(name: str, stream: BinaryIO, exc: Exception) -> InputFormatError:
    try:
        where = f" near byte {stream.tell()}"
    except (OSError, ValueError):
        where = ""
    detail = " ".join(str(exc).split())[:200]
    return InputFormatError(f"{name}: invalid JSON{where}: {detail}")


def _array_records(stream: BinaryIO, name: str) -> Iterator[SourceRecord]:
    index = 0
    try:
        for index, record in enumerate(ijson.items(stream, "item", use_float=True), start=1):
            yield SourceRecord(index, record)
    except ijson.JSONError as exc:
        raise _json_error(name, stream, exc) from exc


def _json_lines(stream: BinaryIO, name: str) -> Iterator[SourceRecord]:
    index = 0  # JSON Lines are UTF-8 by definition
    for line_no, raw_line in enumerate(stream, start=1):
        line = raw_line.strip()
        if line_no == 1:
            line = line.lstrip(b"\xef\xbb\xbf")
        if not line:
            continue
        try:
            record = json.loads(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise InputFormatError(f"{name}: line {line_no}: invalid JSON: {exc}") from exc
        index += 1
        yield SourceRecord(index, record, line_no)


def _object_records(stream: BinaryIO, name: str, converter: Converter) -> Iterator[SourceRecord]:
    data = stream.read(SMALL_OBJECT_BYTES + 1)
    if len(data) <= SMALL_OBJECT_BYTES:
        try:
            document = json.loads(data.decode("utf-8-sig"))
        except json.JSONDecodeError as exc:
            raise InputFormatError(
                f"{name}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
            ) from exc
        except UnicodeDecodeError as exc:
            raise InputFormatError(f"{name}: not UTF-8 JSON ({exc.reason})") from exc
        for index, record in enumerate(converter.records(document), start=1):
            yield SourceRecord(index, record)
        return
    yield from _stream_envelope(io.BufferedReader(Prepend(data, stream)), name)


def _stream_envelope(stream: BinaryIO, name: str) -> Iterator[SourceRecord]:
    """Records of a large envelope object, found by their ijson prefix."""
    index = 0
    builder: ijson.ObjectBuilder | None = None
    depth = 0
    try:
        for prefix, event, value in ijson.parse(stream, use_float=True):
            if builder is None:
                if event == "start_map" and _RECORD_PREFIX.match(prefix):
                    builder, depth = ijson.ObjectBuilder(), 0
                else:
                    continue
            builder.event(event, value)
            if event in ("start_map", "start_array"):
                depth += 1
            elif event in ("end_map", "end_array"):
                depth -= 1
                if depth == 0:
                    index += 1
                    yield SourceRecord(index, builder.value)
                    builder = None
    except ijson.JSONError as exc:
        raise _json_error(name, stream, exc) from exc
    if index == 0:
        raise InputFormatError(
            f"{name}: a large JSON object with no record array (expected `data`, `cards` or "
            "`data.<set>.cards`)"
        )


class _Recoded(io.RawIOBase):
    """A raw stream of UTF-8 bytes read from `raw` in another encoding (UTF-16 JSON)."""

    def __init__(self, raw: BinaryIO, encoding: str) -> None:
        self._text = io.TextIOWrapper(raw, encoding=encoding, newline="")
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self._pending:
            try:
                self._pending = self._text.read(len(buffer) // 4 or 1).encode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputFormatError(
                    f"not {self._text.encoding} text ({exc.reason})", hint=ENCODING_HINT
                ) from exc
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size
