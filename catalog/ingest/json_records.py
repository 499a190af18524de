"""Records out of JSON input of any size — an array, an object (a single record or an
envelope such as `{"data": [...]}`, Scryfall lists, MTGJSON set files and AllPrintings, Duel
Masters' `{"cards": [...]}` and the Lorcana catalog's `{"cards": {"all": [...]}}`) and
JSON Lines — every byte first checked by catalog/ingest/json_guard.py against the limits.

Large JSON is parsed incrementally with ijson (C backend), so memory stays flat."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

import ijson

from catalog.base.limits import MAX_RECORD_BYTES, size_text
from catalog.ingest.json_guard import GuardedStream, JsonGuard
from catalog.ingest.textfiles import Prepend
from converters.errors import InputFormatError

#: objects up to this size are loaded whole; larger ones are streamed
SMALL_OBJECT_BYTES = 64 << 20
#: what a parser may raise on bad or hostile JSON (ijson's errors, Python's int-digit limit,
#: undecodable bytes, overflowing numbers)
_PARSE_ERRORS = (ijson.JSONError, ValueError, OverflowError)

# Where records sit inside a large envelope object (ijson prefixes).
_RECORD_PREFIX = re.compile(r"^(?:data|cards|cards\.all|data\.cards|data\.[^.]+\.cards)\.item$")


@dataclass(frozen=True)
class SourceRecord:
    """One record and where it came from: `index` counts records from 1; `line` is the line
    for CSV and JSON Lines input."""

    index: int
    record: Any
    line: int | None = None


#: a parser's words → what the user is told (the first that matches; a parser's message,
#: which may quote the input around the fault, is never shown as it is)
_JSON_FAULTS = (
    ("integer string conversion", "a number with more than 4,300 digits"),  # Python's limit
    ("integer overflow", "a number too large (integer overflow)"),
    ("overflow", "a number too large"),
    ("premature eof", "the JSON breaks off before its end"),
    ("unterminated", "the JSON breaks off before its end (a string is not closed)"),
    ("incomplete", "the JSON breaks off before its end"),
)
_NOT_WELL_FORMED = "not well-formed (a bracket, brace, comma, colon or quote missing or astray)"


def invalid(name: str, where: str, exc: BaseException) -> InputFormatError:
    words = " ".join(str(exc).split()).casefold()
    detail = next((said for found, said in _JSON_FAULTS if found in words), _NOT_WELL_FORMED)
    return InputFormatError(f"{name}: {where}invalid JSON: {detail}",
                            hint="check the file, or give it as CSV or JSON Lines")  # fmt: skip


def array_records(stream: BinaryIO, name: str) -> Iterator[SourceRecord]:
    guard = JsonGuard(name)
    index = 0
    try:
        items = ijson.items(GuardedStream(stream, guard), "item", use_float=True)
        for index, record in enumerate(items, start=1):
            guard.record_done()
            yield SourceRecord(index, record)
    except _PARSE_ERRORS as exc:
        raise invalid(name, f"near byte {guard.offset:,} (record {index + 1}): ", exc) from exc


def json_lines(stream: BinaryIO, name: str) -> Iterator[SourceRecord]:
    """One record per line (UTF-8 by definition; blank lines are passed over)."""
    guard = JsonGuard(name)
    index = line_no = 0
    while raw_line := stream.readline(MAX_RECORD_BYTES + 1):
        line_no += 1
        if len(raw_line) > MAX_RECORD_BYTES:
            raise InputFormatError(
                f"{name}: line {line_no}: a record larger than {size_text(MAX_RECORD_BYTES)} "
                "(the limit)"
            )
        line = raw_line.strip().lstrip(b"\xef\xbb\xbf") if line_no == 1 else raw_line.strip()
        if not line:
            continue
        guard.check(line)
        try:
            record = json.loads(line)
        except _PARSE_ERRORS as exc:
            raise invalid(name, f"line {line_no}: ", exc) from exc
        guard.record_done()
        index += 1
        yield SourceRecord(index, record, line_no)


def object_records(
    stream: BinaryIO, name: str, records: Callable[[Any], Iterable[Any]]
) -> Iterator[SourceRecord]:
    """A JSON object: loaded whole when small (`records` finds the records in it, as the
    converter knows its source's envelopes), else streamed."""
    data = stream.read(SMALL_OBJECT_BYTES + 1)
    if len(data) > SMALL_OBJECT_BYTES:
        yield from _stream_envelope(io.BufferedReader(Prepend(data, stream)), name)
        return
    JsonGuard(name, record_limit=SMALL_OBJECT_BYTES).check(data)
    try:
        document = json.loads(data)
    except json.JSONDecodeError as exc:
        raise invalid(name, f"line {exc.lineno}, column {exc.colno}: ", exc) from exc
    except _PARSE_ERRORS as exc:
        raise invalid(name, "", exc) from exc
    for index, record in enumerate(records(document), start=1):
        yield SourceRecord(index, record)


def _stream_envelope(stream: BinaryIO, name: str) -> Iterator[SourceRecord]:
    """Records of a large envelope object, found by their ijson prefix."""
    guard = JsonGuard(name)
    index = depth = 0
    builder: ijson.ObjectBuilder | None = None
    try:
        for prefix, event, value in ijson.parse(GuardedStream(stream, guard), use_float=True):
            if builder is None:
                guard.record_done()  # the limit is on records, not on what lies between
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
    except _PARSE_ERRORS as exc:
        raise invalid(name, f"near byte {guard.offset:,}: ", exc) from exc
    if index == 0:
        raise InputFormatError(
            f"{name}: a large JSON object with no record array (expected `data`, `cards`, "
            "`cards.all` or `data.<set>.cards`)"
        )
