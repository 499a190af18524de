"""Gzip-compressed card files (twgp's bulk files, `*.jsonl.gz`, `*.csv.gz`) read as the
bytes they hold: told by their first two bytes, never by their name, and streamed (memory
stays flat whatever the size). A broken or cut-off archive is an InputFormatError naming the
file, as any other unreadable input."""

from __future__ import annotations

import gzip
import io
import zlib
from typing import Any

from converters.errors import InputFormatError

GZIP_MAGIC = b"\x1f\x8b"
_SUFFIX = ".gz"


def is_gzip(head: bytes) -> bool:
    return head.startswith(GZIP_MAGIC)


def inner_name(name: str) -> str:
    """The name of what a `.gz` file holds (`mtg.csv.gz` → `mtg.csv`), for the format's
    detection by extension."""
    return name[: -len(_SUFFIX)] if name.lower().endswith(_SUFFIX) else name


def gunzipped(raw: io.BufferedReader, name: str) -> io.BufferedReader:
    """A buffered reader of what the gzip stream `raw` holds."""
    return io.BufferedReader(_Gunzipped(raw, name), buffer_size=1 << 16)


class _Gunzipped(io.RawIOBase):
    def __init__(self, raw: io.BufferedReader, name: str) -> None:
        self._file = gzip.GzipFile(fileobj=raw, mode="rb")
        self._name = name

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        try:
            return self._file.readinto(buffer)
        except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
            raise InputFormatError(  # zlib's own words are not shown (as no parser's are)
                f"{self._name}: not a whole gzip file (cut off or damaged)",
                hint="download or copy the file again",
            ) from exc
