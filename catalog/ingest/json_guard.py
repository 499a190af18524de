"""The JSON limits (catalog/base/limits.py), checked on the bytes before a parser sees them.

Parsers cannot be trusted with hostile JSON: ijson keeps a path string per nesting level (100,000
nested `[` grew to 24 GB), its C backend takes quadratic time over a long string (a 128 MB name:
a minute), and Python's json module recurses (RecursionError) and refuses integers of more
than 4,300 digits. So every JSON byte first passes `JsonGuard.check`, which tracks, at the
speed of bytes methods (a few per cent of the parse time):

* the nesting depth outside strings (escapes resolved, strings cut out with one regex);
* the longest run of bytes without a string quote: a string or number longer than the limit
  (or that many bytes holding no string at all, which no card file has);
* the bytes since the last record ended (`record_done`), for the record-size limit.
"""

from __future__ import annotations

import io
import re
from itertools import accumulate
from typing import Any, BinaryIO

from catalog.base.limits import MAX_JSON_DEPTH, MAX_JSON_VALUE_BYTES, MAX_RECORD_BYTES, size_text
from converters.errors import InputFormatError

_STRUCTURE = b'"[]{}'
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in _STRUCTURE)
_STRINGS = re.compile(rb'"[^"]*"')
_ESCAPES = re.compile(rb'\\[\\"]')  # an escaped backslash or quote, left to right
_DEPTH_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_SLICE = 1 << 16  # checked a slice at a time, so that a value cannot hide inside one slice


class JsonGuard:
    """Feed it every byte of one JSON document (or of consecutive JSON Lines), in order."""

    def __init__(self, name: str, *, record_limit: int | None = None) -> None:
        self.name = name
        self.offset = 0  # bytes checked so far
        self.depth = 0
        self.record_limit = record_limit or MAX_RECORD_BYTES
        self._record_start = 0
        self._in_string = False
        self._run = 0  # bytes since the last quote
        self._backslashes = b""  # a run of backslashes at the end of the last slice

    def record_done(self) -> None:
        """A record ended: the record-size limit counts from here."""
        self._record_start = self.offset

    def check(self, data: bytes) -> None:
        for start in range(0, len(data), _SLICE):
            self._check_slice(data[start : start + _SLICE])

    def _check_slice(self, chunk: bytes) -> None:
        at = self.offset
        self.offset += len(chunk)
        if self.offset - self._record_start > self.record_limit:
            self.fail(at, f"a record larger than {size_text(self.record_limit)} (the limit)")
        chunk = self._resolve_escapes(chunk)
        first, last = chunk.find(b'"'), chunk.rfind(b'"')
        longest = self._run + (len(chunk) if first < 0 else first)
        if longest > MAX_JSON_VALUE_BYTES:
            self.fail(at, f"a string or number longer than {size_text(MAX_JSON_VALUE_BYTES)} "
                      "(the limit), or as many bytes holding no string")  # fmt: skip
        self._run = longest if first < 0 else len(chunk) - last - 1
        self._track_depth(chunk.translate(None, _NOT_STRUCTURE), at)

    def _resolve_escapes(self, chunk: bytes) -> bytes:
        """`chunk` with escaped backslashes and quotes made harmless (same length); a run
        of backslashes at its end waits for the next slice."""
        if self._backslashes:
            chunk, self._backslashes = self._backslashes + chunk, b""
        if chunk.endswith(b"\\"):
            kept = chunk.rstrip(b"\\")
            chunk, self._backslashes = kept, chunk[len(kept) :]
        return _ESCAPES.sub(b"__", chunk)

    def _track_depth(self, structure: bytes, at: int) -> None:
        if self._in_string:
            end = structure.find(b'"')
            if end < 0:
                return
            structure, self._in_string = structure[end + 1 :], False
        # Two adjacent quotes end one string and start the next, or enclose an empty one:
        # either way no bracket lies between them (bytes.replace is far faster than re).
        outside = _STRINGS.sub(b"", structure.replace(b'""', b""))
        opened = outside.find(b'"')
        if opened >= 0:
            outside, self._in_string = outside[:opened], True
        if not outside:
            return
        steps = memoryview(outside.translate(_DEPTH_STEPS)).cast("b")
        depths = list(accumulate(steps, initial=self.depth))
        if max(depths) > MAX_JSON_DEPTH:
            self.fail(at, f"JSON nested deeper than {MAX_JSON_DEPTH} levels (the limit)")
        self.depth = max(depths[-1], 0)  # below 0 is bad JSON: the parser says so

    def fail(self, at: int, reason: str) -> None:
        raise InputFormatError(
            f"{self.name}: near byte {at:,}: {reason}",
            hint="card files never come near this: check that this is the file you meant",
        )


class GuardedStream(io.RawIOBase):
    """A raw stream that passes every byte read from `raw` through `guard`."""

    def __init__(self, raw: BinaryIO, guard: JsonGuard) -> None:
        self._raw = raw
        self.guard = guard

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        chunk = self._raw.read(len(buffer))
        self.guard.check(chunk)
        buffer[: len(chunk)] = chunk
        return len(chunk)
