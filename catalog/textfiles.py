"""Opening user files: `-` for stdin, the text encoding (catalog/encodings.py) decoded as a
stream, lines bounded in length, and the CSV dialect (`sep=` line, delimiter sniffing).

One place for these facts: the record reader, the collection importer and the decklist
readers all open text through here (`open_text`, then `read_csv`, `TextFile.lines()` or
`TextFile.read()`). Every fault is an InputFormatError naming the file and the line."""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, NoReturn, cast

from catalog.encodings import SAMPLE_BYTES, checked_encoding, detect_encoding, encoding_name
from catalog.limits import (
    MAX_FIELD_CHARS,
    MAX_LINE_CHARS,
    MAX_ROW_CHARS,
    MAX_TEXT_CHARS,
    size_text,
)
from catalog.safe_output import csv_value
from converters.errors import InputFormatError

ENCODING_HINT = "pass --encoding NAME (cp932 for Shift_JIS, cp1252, utf-16…) or save as UTF-8"


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
        raise unopenable(path, exc) from exc
    try:
        yield handle
    finally:
        handle.close()


def unopenable(path: str | Path, exc: OSError) -> InputFormatError:
    """A file that cannot be opened, said in words ("No such file: nope.twgp"), with the hint
    that fits the reason."""
    if isinstance(exc, FileNotFoundError):
        return InputFormatError(
            f"No such file: {path}",
            hint="check the file's name and folder (a relative path starts in the folder "
            "twgp was started in)",
        )
    if isinstance(exc, IsADirectoryError):
        return InputFormatError(f"{path} is a folder, not a file", hint="name a file in it")
    if isinstance(exc, PermissionError):
        return InputFormatError(
            f"Not allowed to read {path}", hint="check the file's permissions (or copy it)"
        )
    return InputFormatError(f"Cannot open {path}: {exc.strerror or exc}")


def peekable(raw: BinaryIO) -> io.BufferedReader:
    """A buffered reader over `raw` (files and stdin already are one), so heads can be peeked."""
    if isinstance(raw, io.BufferedReader):
        return raw
    return io.BufferedReader(cast(io.RawIOBase, raw))


@contextmanager
def open_text(path: str | Path, *, encoding: str | None = None) -> Iterator[TextFile]:
    """Open a text file (`-`: stdin) with its encoding detected from the first megabyte, or
    `encoding` (the user's `--encoding`). Lines keep their endings (CRLF, LF, lone CR)."""
    with open_binary(path) as raw:
        with text_stream(raw, display_name(path), encoding=encoding) as file:
            yield file


def read_text(path: str | Path, *, encoding: str | None = None) -> tuple[str, str]:
    """(file name, whole text) of a text file (a deck file, a decklist) with its encoding
    detected (or `encoding`); text that cannot be decoded, a NUL, an over-long line or more
    than MAX_TEXT_CHARS characters is an InputFormatError naming the line."""
    with open_text(path, encoding=encoding) as file:
        return file.name, file.read(MAX_TEXT_CHARS)


@contextmanager
def text_stream(raw: BinaryIO, name: str, *, encoding: str | None = None) -> Iterator[TextFile]:
    """`open_text` for an already open binary stream (read from where it stands)."""
    sample = raw.read(SAMPLE_BYTES)
    if encoding:
        chosen = checked_encoding(encoding)
    else:
        chosen = detect_encoding(sample, complete=len(sample) < SAMPLE_BYTES, name=name)
    buffered = io.BufferedReader(Prepend(sample, raw))
    text = io.TextIOWrapper(buffered, encoding=chosen, newline="")
    try:
        yield TextFile(name, chosen, text)
    finally:
        text.detach()


@dataclass
class TextFile:
    name: str
    encoding: str
    stream: io.TextIOWrapper
    delimiter: str = ""  # set by read_csv: the CSV delimiter used
    sep_line: bool = False  # set by read_csv: the file began with Excel's `sep=` hint
    line: int = 0  # the number of the last line read through `lines()`
    _row_chars: int = field(default=0, repr=False)
    _row_apostrophe: bool = field(default=False, repr=False)

    def lines(self) -> Iterator[str]:
        """The lines, endings kept; a line over MAX_LINE_CHARS, a NUL character or bytes
        that are not text in the file's encoding stop with an InputFormatError."""
        while True:
            text = self._readline()
            if not text:
                return
            self.line += 1
            if len(text) > MAX_LINE_CHARS:
                self.fail(f"a line longer than {size_text(MAX_LINE_CHARS)} characters (the "
                          "limit)", hint="check that this is the file you meant")  # fmt: skip
            if "\0" in text:
                self.fail("a NUL character: binary data, not text", hint=ENCODING_HINT)
            self._row_chars += len(text)
            self._row_apostrophe = self._row_apostrophe or "'" in text
            if self._row_chars > MAX_ROW_CHARS:
                self.fail(f"a CSV row longer than {size_text(MAX_ROW_CHARS)} characters "
                          "(an unclosed quote?)", hint="check the quotes of this row")  # fmt: skip
            yield text

    def _readline(self) -> str:
        try:
            return self.stream.readline(MAX_LINE_CHARS + 1)
        except UnicodeDecodeError as exc:
            # The stream decodes ahead, a block at a time, once no whole line is left: the
            # line being read began before the block, and the block's line ends come before
            # the bad byte.
            before = exc.object[: exc.start]
            self.line += 1 + (before.count(b"\n") or before.count(b"\r"))
            self.fail(f"not {encoding_name(self.encoding)} text ({exc.reason})",
                      hint=ENCODING_HINT)  # fmt: skip
        except UnicodeError as exc:  # codecs such as punycode say no more than this
            self.line += 1
            self.fail(f"not {encoding_name(self.encoding)} text ({exc})", hint=ENCODING_HINT)

    def read(self, max_chars: int) -> str:
        """The whole (rest of the) text, at most `max_chars` characters."""
        return "".join(self.lines_up_to(max_chars))

    def lines_up_to(self, max_chars: int) -> Iterator[str]:
        """`lines()` of a text that may hold at most `max_chars` characters in all."""
        total = 0
        for line in self.lines():
            total += len(line)
            if total > max_chars:
                self.fail(f"longer than {size_text(max_chars)} characters (the limit)")
            self._row_chars = 0
            yield line

    def fail(self, reason: str, *, hint: str = "") -> NoReturn:
        where = f"line {self.line}: " if self.line else ""
        raise InputFormatError(f"{self.name}: {where}{reason}", hint=hint)


class Prepend(io.RawIOBase):
    """A raw stream that first returns `head`, then the rest of `tail`."""

    def __init__(self, head: bytes, tail: BinaryIO) -> None:
        self._head = memoryview(head)
        self._tail = tail

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size] = self._head[:size]
            self._head = self._head[size:]
            return size
        chunk = self._tail.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)


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

    Short rows are padded with "", blank rows are skipped; every fault names the line."""
    lines = file.lines()
    first = next(lines, "")
    delimiter = _strip_sep_line(first)
    file.sep_line = delimiter is not None
    if file.sep_line:
        first = next(lines, "")
    if not first.strip():
        raise InputFormatError(f"{file.name}: the file is empty: expected a header row")
    delimiter = delimiter or sniff_delimiter(first)
    file.delimiter = delimiter
    spaced = _spaced(first, delimiter)
    try:
        header_cells = next(csv.reader([first], delimiter=delimiter, skipinitialspace=spaced))
    except csv.Error as exc:
        file.fail(f"malformed CSV header: {exc}")
    headers = [h.replace("\ufeff", "").strip() for h in header_cells]
    return headers, _rows(file, headers, lines, delimiter, spaced)


def _spaced(header: str, delimiter: str) -> bool:
    """Whether every delimiter of the header is followed by a space (Dragon Shield's mobile
    app writes `Folder Name, Quantity, …`): then `, "Johnny, Combo Player"` is one quoted
    field, as it is without the space."""
    parts = header.split(delimiter)
    return len(parts) > 1 and all(part.startswith(" ") for part in parts[1:])


def _rows(
    file: TextFile, headers: list[str], lines: Iterator[str], delimiter: str, spaced: bool
) -> Iterator[CsvRow]:
    file._row_chars = 0
    reader = csv.reader(lines, delimiter=delimiter, skipinitialspace=spaced)
    start = file.line + 1
    try:
        for cells in reader:
            line, start = start, file.line + 1
            file._row_chars = 0
            if not "".join(cells).strip():
                continue
            if file._row_apostrophe:  # a cell may be one of our escaped formulas
                cells = [csv_value(cell) for cell in cells]
                file._row_apostrophe = False
            padded = cells + [""] * (len(headers) - len(cells))
            yield CsvRow(line, dict(zip(headers, padded, strict=False)))
    except csv.Error as exc:
        reason = str(exc)
        if "field larger than field limit" in reason:
            reason = f"a field longer than {size_text(MAX_FIELD_CHARS)} characters (the limit)"
        raise InputFormatError(f"{file.name}: line {file.line}: malformed CSV: {reason}") from exc
