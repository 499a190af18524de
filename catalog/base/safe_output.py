"""Card data written where it could act rather than be read: spreadsheet formulas in CSV cells,
HTML in Markdown, terminal control sequences anywhere; and output paths, which are only ever
regular files replaced whole.

CSV (the OWASP rule for CSV injection): a text cell that begins with `=`, `+`, `-`, `@`, a tab
or a carriage return is written with a leading apostrophe, so that Excel, LibreOffice and
Google Sheets show it as text instead of running it (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`).
twgp's own CSV reader takes the apostrophe off again (`csv_value`), so an exported collection
imports back unchanged: a card named `+2 Mace` is written `'+2 Mace` and read `+2 Mace`.

Control characters (`inert`): C0 controls but tab and newline, DEL and C1 controls are shown
as visible symbols (ESC as ␛) and bidirectional overrides are dropped, so an ANSI/OSC escape
sequence from a file can never reach a terminal — on stdout, on stderr or in an export opened
later. tui/safe_text.py uses the same for everything the CLI and the app print.

Outputs (`check_output`, then `write_output`): every path a command writes — `-o`, `backup`,
`restore --db`, the app's save and export — is checked here first. `-` and the process's own
standard output (`/dev/stdout`) are streams, written as such. Anything else must be nothing
yet or a regular file (a symbolic link to one is replaced, never written through): a
directory, a device, a FIFO, a socket, or a link to one is refused whatever `--force` says,
and so are the protected files of the command (the catalog, its `-wal`/`-shm`/`-journal`
files, the backup being restored, the command's own inputs)."""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from converters.errors import OutputExistsError, OutputRefusedError

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_DOCUMENT_CONTROLS = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)"
)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␛ … ␟: the Unicode control pictures
    if code == 0x7F:
        return "\u2421"  # ␡
    if code <= 0x9F:
        return "\ufffd"
    return ""  # a bidirectional override or isolate: it could disguise the text around it


def inert(value: object) -> str:
    """`value` as text with every control character made visible (tab and newline kept) and
    bidirectional overrides dropped."""
    text = "" if value is None else str(value)
    return _CONTROLS.sub(_visible, text)


def inert_document(document: str) -> str:
    """`inert` for a whole document (a decklist, a CSV or Markdown export): its CRLF line
    endings are kept as well."""
    return _DOCUMENT_CONTROLS.sub(_visible, document)


_JSON_CONTROLS = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def json_text(value: object, *, indent: int | None = None) -> str:
    """`value` as JSON (UTF-8 text kept) in which no character can act on a terminal: JSON
    escapes C0 controls itself; DEL, C1 controls and bidirectional overrides are written as
    `\\uXXXX` escapes too (they only occur inside strings: the same JSON value)."""
    document = json.dumps(value, ensure_ascii=False, indent=indent)
    return _JSON_CONTROLS.sub(lambda found: f"\\u{ord(found.group()):04x}", document)


_JSON_CONTROL_BYTES = re.compile(
    b"\x7f|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]"
)


def inert_json_bytes(document: bytes) -> bytes:
    """`json_text`'s escapes for JSON already encoded as UTF-8 (orjson's lines)."""
    return _JSON_CONTROL_BYTES.sub(
        lambda found: b"\\u%04x" % ord(found.group().decode("utf-8")), document
    )


def csv_cell(value: object) -> object:
    """A value for csv.writer: text that a spreadsheet would run gets an apostrophe first,
    and control characters are made visible; numbers (not text) are left alone."""
    if isinstance(value, str):
        value = inert(value)
        if value.startswith(FORMULA_STARTS):
            return "'" + value
    return value


def csv_value(cell: str) -> str:
    """The reverse of `csv_cell` for a cell read from a CSV file."""
    if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS):
        return cell[1:]
    return cell


def markdown_text(text: str) -> str:
    """Text for a Markdown table cell or heading: HTML escaped (`<script>` shows as text),
    and the table's `|` and Markdown's backslash escaped."""
    escaped = html.escape(inert(text), quote=False)
    return escaped.replace("\\", "\\\\").replace("|", "\\|")


def html_text(text: str) -> str:
    """Text for HTML (the printable sheet): `inert`, then HTML escaped."""
    return html.escape(inert(text))


def output_exists(path: Path) -> bool:
    """True when anything is at `path`, a dangling symbolic link included."""
    return os.path.lexists(path)


STDOUT_NAMES = ("-", "/dev/stdout")

_KINDS = (
    (stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)  # fmt: skip


def is_stdout(path: Path | str) -> bool:
    """True for `-`, `/dev/stdout` and any other name of this process's standard output
    (`/dev/fd/1`, `/proc/self/fd/1`): written to as a stream, never replaced."""
    if str(path) in STDOUT_NAMES:
        return True
    try:
        return os.path.samestat(os.stat(path), os.fstat(1))
    except (OSError, ValueError):
        return False


def check_output(path: Path, *, force: bool = False, protected: Iterable[Path] = ()) -> None:
    """Refuse to write `path` unless it is nothing yet, or a regular file (or a symbolic link
    to one, or a dangling one) and `force` is given; never one of the `protected` files.
    Raises OutputRefusedError (whatever `force` says) or OutputExistsError (without it)."""
    if is_stdout(path):
        return
    for kept in protected:
        if _same_file(path, kept):
            raise OutputRefusedError(
                f"{path} is {_protected_kind(kept)}; twgp never writes over it",
                hint="name another output file",
            )
    refuse_special(path)
    if output_exists(path) and not force:
        raise OutputExistsError(f"{path} exists; not overwritten",
                                hint="pass --force to replace it")  # fmt: skip


def refuse_special(path: Path, *, hint: str = "name a file (`-` writes to standard output)"
                   ) -> None:
    """OutputRefusedError when `path` is (or links to) anything but a regular file: twgp
    never writes into a directory, a device, a FIFO or a socket. Nothing there is fine."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return  # nothing there, or a dangling link (replaced, never followed)
    except OSError as exc:
        raise OutputRefusedError(f"{path}: cannot use as an output: {exc.strerror or exc}",
                                 hint=hint) from exc  # fmt: skip
    if not stat.S_ISREG(found.st_mode):
        kind = next((word for test, word in _KINDS if test(found.st_mode)), "not a regular file")
        via = " (through a symbolic link)" if os.path.islink(path) else ""
        raise OutputRefusedError(
            f"{path} is {kind}{via}; twgp writes only regular files, never over anything else",
            hint=hint,
        )


def _same_file(path: Path, kept: Path) -> bool:
    try:
        if os.path.samefile(path, kept):
            return True
    except OSError:
        pass
    return path.resolve() == kept.resolve()


def _protected_kind(kept: Path) -> str:
    name = kept.name
    for side in ("-wal", "-shm", "-journal"):
        if name.endswith(side):
            return f"a file SQLite keeps beside the catalog ({side})"
    return f"{kept}, which this command uses (the catalog, a backup or an input)"


def utf8(text: str) -> bytes:
    """`text` as UTF-8, always valid: characters that stand for undecodable bytes (a file name
    read in the C locale) as the UTF-8 text those bytes are (U+FFFD where they are none: a
    Latin-1 file name's `é`), any other lone surrogate as `?`."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace")
    return raw if text.isascii() else raw.decode("utf-8", "replace").encode()


def write_output(path: Path, text: str) -> None:
    """Write `text` (UTF-8, newlines as given) to `path` through a temporary file in the same
    folder, moved into place: a symbolic link at `path` is replaced, never written through,
    and a failure leaves no half-written file. A path that is not a regular file is refused
    first, and so is standard output (the caller writes a stream itself): OutputRefusedError.
    Raises OSError."""
    if is_stdout(path):
        raise OutputRefusedError(f"{path} is standard output, not a file to replace",
                                 hint="name a file")  # fmt: skip
    refuse_special(path)
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(utf8(text))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
