"""Opening user files: `-` for stdin, encoding detection (UTF-8 with or without BOM, then
Shift_JIS/CP932, then Windows-1252) and the CSV dialect (`sep=` line, delimiter sniffing).

One place for these facts: the record reader, the collection importer and the decklist
readers all open text through here."""

from __future__ import annotations

import codecs
import csv
import io
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, cast

from converters.errors import InputFormatError

ENCODINGS = ("utf-8", "cp932", "cp1252")
_SAMPLE = 1 << 20


def display_name(path: str | Path) -> str:
    return "<stdin>" if str(path) == "-" else str(path)


@contextmanager
def open_binary(path: str | Path) -> Iterator[BinaryIO]:
    """Open a file (or stdin for `-`) for buffered binary reading."""
    if str(path) == "-":
        yield sys.stdin.buffer
        return
    try:
        handle = open(path, "rb")
    except OSError as exc:
        raise InputFormatError(f"{path}: cannot open: {exc.strerror or exc}") from exc
    try:
        yield handle
    finally:
        handle.close()


def peekable(raw: BinaryIO) -> io.BufferedReader:
    """A buffered reader over `raw` (files and stdin already are one), so heads can be peeked."""
    if isinstance(raw, io.BufferedReader):
        return raw
    return io.BufferedReader(cast(io.RawIOBase, raw))


def detect_encoding(sample: bytes, *, complete: bool = False) -> str:
    """The first of UTF-8, CP932 (Shift_JIS) and CP1252 that decodes `sample` (a file's head).

    A UTF-8 BOM selects "utf-8-sig". `complete` says the sample is the whole file."""
    if sample.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    decoded = {}
    for encoding in ENCODINGS:
        decoder = codecs.getincrementaldecoder(encoding)()
        try:
            decoded[encoding] = decoder.decode(sample, final=complete)
        except UnicodeDecodeError:
            continue
        if encoding != "cp932":
            break
    if "cp932" in decoded and "cp1252" in decoded and not _KANA.search(decoded["cp932"]):
        # Accented Latin (`Lim-Dûl`) is often valid CP932 too, read as rare kanji and
        # half-width kana; Japanese text nearly always has full-width kana or punctuation.
        return "cp1252"
    for encoding in ENCODINGS:
        if encoding in decoded:
            return encoding
    raise InputFormatError("cannot tell the text encoding (tried UTF-8, Shift_JIS, Windows-1252)")


_KANA = re.compile("[\u3000-\u30ff\uff01-\uff5e]")  # CJK punctuation, kana, full-width ASCII


@contextmanager
def open_text(path: str | Path, *, encoding: str | None = None) -> Iterator[TextFile]:
    """Open a text file with its encoding detected from the first megabyte. Lines keep their
    endings as read by universal newlines (CRLF, LF and lone CR)."""
    with open_binary(path) as raw:
        buffered = peekable(raw)
        sample = buffered.peek(_SAMPLE)[:_SAMPLE]
        chosen = encoding or detect_encoding(sample, complete=len(sample) < _SAMPLE)
        text = io.TextIOWrapper(buffered, encoding=chosen, newline="")
        try:
            yield TextFile(display_name(path), chosen, text)
        finally:
            text.detach()


@dataclass
class TextFile:
    name: str
    encoding: str
    stream: io.TextIOWrapper
    delimiter: str = ""  # set by read_csv: the CSV delimiter used
    sep_line: bool = False  # set by read_csv: the file began with Excel's `sep=` hint


@dataclass(frozen=True)
class CsvRow:
    line: int  # the line number in the file where the row starts (1-based)
    values: dict[str, str]


def _strip_sep_line(first: str) -> str | None:
    """Excel's delimiter hint `sep=,` (optionally quoted) → the delimiter, else None."""
    stripped = first.strip().strip('"').strip()
    if stripped.lower().startswith("sep=") and len(stripped) == 5:
        return stripped[4]
    return None


def sniff_delimiter(header: str) -> str:
    """The delimiter among `,` `;` and tab that splits the header line most."""
    counts = {d: header.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_csv(file: TextFile) -> tuple[list[str], Iterator[CsvRow]]:
    """Headers (BOM and surrounding spaces stripped) and the rows as header → value dicts.

    Short rows are padded with "", blank rows are skipped; a decoding error names the line."""
    stream = file.stream
    try:
        first = stream.readline()
    except UnicodeDecodeError as exc:
        raise InputFormatError(
            f"{file.name}: line 1: not {file.encoding} text: {exc.reason}"
        ) from exc
    line_offset = 0
    delimiter = _strip_sep_line(first)
    if delimiter is not None:
        first = stream.readline()
        line_offset = 1
    if not first.strip():
        raise InputFormatError(f"{file.name}: the file is empty: expected a header row")
    delimiter = delimiter or sniff_delimiter(first)
    file.delimiter, file.sep_line = delimiter, bool(line_offset)
    header_reader = csv.reader([first], delimiter=delimiter)
    headers = [h.replace("\ufeff", "").strip() for h in next(header_reader)]
    return headers, _rows(file, headers, delimiter, line_offset + 1)


def _rows(file: TextFile, headers: list[str], delimiter: str, header_line: int) -> Iterator[CsvRow]:
    reader = csv.reader(file.stream, delimiter=delimiter)
    consumed = 0
    try:
        for cells in reader:
            line = header_line + consumed + 1
            consumed = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            padded = cells + [""] * (len(headers) - len(cells))
            yield CsvRow(line, dict(zip(headers, padded, strict=False)))
    except UnicodeDecodeError as exc:
        line = header_line + reader.line_num + 1
        raise InputFormatError(
            f"{file.name}: line {line}: not {file.encoding} text ({exc.reason})",
            hint="save the file as UTF-8",
        ) from exc
    except csv.Error as exc:
        line = header_line + reader.line_num
        raise InputFormatError(f"{file.name}: line {line}: malformed CSV: {exc}") from exc
