"""Stream source records out of files of any size: a JSON array, an envelope object
(`{"data": [...]}`, Scryfall lists, MTGJSON set files and AllPrintings), a single record,
JSON Lines, CSV or YAML — the format is detected from the content (and the extension for CSV
and YAML).

The JSON readers are catalog/ingest/json_records.py's; YAML is catalog/ingest/yaml_records.py's;
text and CSV
are catalog/ingest/textfiles.py's."""

from __future__ import annotations

import codecs
import io
import json
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Any, BinaryIO

from catalog.ingest.encodings import checked_encoding, encoding_name, unicode_encoding
from catalog.ingest.gzip_input import gunzipped, inner_name, is_gzip
from catalog.ingest.json_records import SourceRecord, array_records, json_lines, object_records
from catalog.ingest.textfiles import (
    ENCODING_HINT,
    display_name,
    open_binary,
    peekable,
    read_csv,
    text_stream,
)
from catalog.ingest.yaml_records import is_yaml, yaml_records
from converters.base import Converter, header_key
from converters.errors import InputFormatError
from converters.tabular import TEXT_COLUMNS

__all__ = ["InputFormat", "SourceRecord", "detect_format", "iter_records"]

_HEAD = 1 << 16
_CSV_NAMES = (".csv", ".tsv", ".txt")
_SCALAR_STARTS = tuple(bytes([c]) for c in b'-0123456789"tfn')


class InputFormat(StrEnum):
    JSON_ARRAY = "json-array"
    JSON_OBJECT = "json-object"
    JSON_LINES = "json-lines"
    CSV = "csv"


def detect_format(head: bytes, name: str) -> InputFormat:
    """Tell the format from a file's first bytes (and `.csv`/`.tsv` names). A lone JSON
    number, string, `true`, `false` or `null` holds no records: an error."""
    if name.lower().endswith(_CSV_NAMES):
        return InputFormat.CSV
    text = head.lstrip(b"\xef\xbb\xbf").strip()
    if text.startswith(b"["):
        return InputFormat.JSON_ARRAY
    if text.startswith(b"{"):
        first, _, rest = text.partition(b"\n")
        if rest.strip().startswith(b"{") and _is_json(first):
            return InputFormat.JSON_LINES
        return InputFormat.JSON_OBJECT
    if not text:
        raise InputFormatError(f"{name}: the file is empty")
    if text.startswith(_SCALAR_STARTS) and _is_json(text):
        raise InputFormatError(
            f"{name}: a lone JSON value ({text[:40].decode('utf-8', 'replace')}), not card records",
            hint="give a JSON array or object of records, JSON Lines, or a CSV with a header row",
        )
    return InputFormat.CSV


def _is_json(line: bytes) -> bool:
    try:
        json.loads(line)
    except (ValueError, RecursionError):
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
        if is_gzip(buffered.peek(2)[:2]):
            buffered = gunzipped(buffered, name)
        kind = inner_name(name)  # what the name says of the format (`x.csv.gz`: CSV)
        if is_yaml(kind):
            yield from yaml_records(buffered, name, converter.records)
            return
        head = buffered.peek(_HEAD)[:_HEAD]
        wide = checked_encoding(encoding) if encoding else unicode_encoding(head)
        if wide and wide not in ("utf-8", "utf-8-sig") and not kind.lower().endswith(_CSV_NAMES):
            buffered = io.BufferedReader(_Recoded(buffered, wide, name))  # JSON is read as UTF-8
            head, encoding = buffered.peek(_HEAD)[:_HEAD], None
        fmt = detect_format(head, kind)
        if fmt is not InputFormat.CSV and head.startswith(codecs.BOM_UTF8):
            buffered.read(len(codecs.BOM_UTF8))
        if fmt is InputFormat.CSV:
            yield from _csv_records(buffered, name, encoding)
        elif fmt is InputFormat.JSON_ARRAY:
            yield from array_records(buffered, name)
        elif fmt is InputFormat.JSON_LINES:
            yield from json_lines(buffered, name)
        else:
            yield from object_records(buffered, name, converter.records)


def _csv_records(raw: BinaryIO, name: str, encoding: str | None) -> Iterator[SourceRecord]:
    with text_stream(raw, name, encoding=encoding) as file:
        _headers, rows = read_csv(file, text_column=_is_text_column)
        for index, row in enumerate(rows, start=1):
            if row.extra:  # no text column took them: an error naming the line, never a loss
                raise InputFormatError(f"{name}: line {row.line}: {row.overflow()}")
            yield SourceRecord(index, row.values, row.line)


def _is_text_column(header: str) -> bool:
    """A card-text column (text, effect, テキスト, 効果…): the one that takes the cells of an
    unquoted delimiter in card text."""
    return header_key(header) in _TEXT_KEYS


_TEXT_KEYS = frozenset(header_key(name) for name in TEXT_COLUMNS)


class _Recoded(io.RawIOBase):
    """A raw stream of UTF-8 bytes read from `raw` in another encoding (UTF-16 JSON)."""

    def __init__(self, raw: BinaryIO, encoding: str, name: str) -> None:
        self._text = io.TextIOWrapper(raw, encoding=encoding, newline="")
        self._name = name
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self._pending:
            try:
                self._pending = self._text.read(len(buffer) // 4 or 1).encode("utf-8")
            except UnicodeError as exc:  # the codec's reason, never its whole message
                reason = exc.reason if isinstance(exc, UnicodeDecodeError) else "undecodable"
                raise InputFormatError(
                    f"{self._name}: not {encoding_name(self._text.encoding)} text ({reason})",
                    hint=ENCODING_HINT,
                ) from exc
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size
