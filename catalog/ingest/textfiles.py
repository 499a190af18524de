"""Opening user files: `-` for stdin, the text encoding (catalog/ingest/encodings.py) decoded as a
stream, lines bounded in length, and the CSV dialect (`sep=` line, delimiter sniffing).

One place for these facts: the record reader, the collection importer and the decklist
readers all open text through here (`open_text`, then `read_csv`, `TextFile.lines()` or
`TextFile.read()`). Every fault is an InputFormatError naming the file and the line."""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, NoReturn, cast

from catalog.base.limits import (
    MAX_FIELD_CHARS,
    MAX_LINE_CHARS,
    MAX_ROW_CHARS,
    MAX_TEXT_CHARS,
    size_text,
)
from catalog.base.safe_output import csv_value
from catalog.ingest.encodings import SAMPLE_BYTES, checked_encoding, detect_encoding, encoding_name
from converters.errors import InputFormatError, InputReadError

ENCODING_HINT = "pass --encoding NAME (cp932 for Shift_JIS, cp1252, utf-16…) or save as UTF-8"


def display_name(path: str | Path) -> str:
    return "<stdin>" if str(path) == "-" else str(path)


@contextmanager
def open_binary(path: str | Path) -> Iterator[BinaryIO]:
    """Open a file (or stdin for `-`) for buffered binary reading."""
    if str(path) == "-":
        yield _stdin()
        return
    try:
        handle = io.BufferedReader(GuardedFile(path, "r"))
    except OSError as exc:
        raise unopenable(path, exc) from exc
    try:
        yield handle
    finally:
        handle.close()


def _stdin() -> BinaryIO:
    """Standard input, its read faults named as a file's (the process's own stdin; under a
    test runner, whatever stands in for it)."""
    try:
        descriptor = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # a stand-in without a descriptor
        return sys.stdin.buffer
    guarded = GuardedFile(descriptor, "r", closefd=False)
    guarded.label = "<stdin>"
    return io.BufferedReader(guarded)


def read_into(file: io.FileIO, buffer: Any) -> int | None:
    """The raw read under every GuardedFile: the seam where a test puts a failing disk (the
    built-in `io.FileIO.readinto` cannot be patched itself)."""
    return io.FileIO.readinto(file, buffer)


class GuardedFile(io.FileIO):
    """A file whose read faults (EIO: a failing disk, a pulled device) are an InputReadError
    naming the file: never taken for a fault of the output, nor for a bug."""

    def readinto(self, buffer: Any) -> int | None:
        try:
            return read_into(self, buffer)
        except OSError as exc:
            raise self._fault(exc) from exc

    def readall(self) -> bytes:
        try:
            return io.FileIO.readall(self)
        except OSError as exc:
            raise self._fault(exc) from exc

    label = ""  # the name in messages, when not the file's own

    def _fault(self, exc: OSError) -> InputReadError:
        return InputReadError(f"{self.label or self.name}: cannot read: {exc.strerror or exc}",
                              hint="the disk or device failed while twgp read the file; copy "
                              "it elsewhere and try again")  # fmt: skip


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
    #: cells beyond the header's columns that no text column took (never dropped silently:
    #: each reader reports them with the line)
    extra: tuple[str, ...] = ()

    def overflow(self) -> str:
        """The reason of a row with more cells than the header, naming what they hold."""
        shown = ", ".join(repr(cell.strip()[:40]) for cell in self.extra[:3])
        more = ", …" if len(self.extra) > 3 else ""
        count = len(self.extra)
        return (f"{count} more cell{'s' if count > 1 else ''} than the header has columns "
                f"({shown}{more}): a cell holding the delimiter must be quoted")


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


def read_csv(
    file: TextFile, *, text_column: Callable[[str], bool] | None = None
) -> tuple[list[str], Iterator[CsvRow]]:
    """Headers (BOM and surrounding spaces stripped) and the rows as header → value dicts.

    Short rows are padded with "", blank rows are skipped; every fault names the line. A row
    with more cells than the header loses nothing: blank trailing cells are dropped, the rest
    go back into the first column `text_column` accepts (card text with an unquoted comma:
    `Slime,monster,300,Deals 10 damage, then heals`), else they stay in `CsvRow.extra` for the
    reader to report with the line."""
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
    text_at = next((i for i, h in enumerate(headers) if text_column and text_column(h)), None)
    return headers, _rows(file, headers, lines, delimiter, spaced, text_at)


def _fit(
    cells: list[str], width: int, delimiter: str, text_at: int | None
) -> tuple[list[str], tuple[str, ...]]:
    """A row of more than `width` cells as `width` cells and what is left over: blank trailing
    cells go; the others join the text column at `text_at` (its unquoted delimiters), or are
    left over."""
    while len(cells) > width and not cells[-1].strip():
        cells = cells[:-1]
    over = len(cells) - width
    if over <= 0:
        return cells, ()
    if text_at is None:
        return cells[:width], tuple(cells[width:])
    joined = delimiter.join(cells[text_at : text_at + over + 1])
    return [*cells[:text_at], joined, *cells[text_at + over + 1 :]], ()


def _spaced(header: str, delimiter: str) -> bool:
    """Whether every delimiter of the header is followed by a space (Dragon Shield's mobile
    app writes `Folder Name, Quantity, …`): then `, "Johnny, Combo Player"` is one quoted
    field, as it is without the space."""
    parts = header.split(delimiter)
    return len(parts) > 1 and all(part.startswith(" ") for part in parts[1:])


def _rows(
    file: TextFile,
    headers: list[str],
    lines: Iterator[str],
    delimiter: str,
    spaced: bool,
    text_at: int | None = None,
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
            extra: tuple[str, ...] = ()
            if len(cells) > len(headers):
                cells, extra = _fit(cells, len(headers), delimiter, text_at)
            padded = cells + [""] * (len(headers) - len(cells))
            yield CsvRow(line, dict(zip(headers, padded, strict=False)), extra)
    except csv.Error as exc:
        reason = str(exc)
        if "field larger than field limit" in reason:
            reason = f"a field longer than {size_text(MAX_FIELD_CHARS)} characters (the limit)"
        raise InputFormatError(f"{file.name}: line {file.line}: malformed CSV: {reason}") from exc
