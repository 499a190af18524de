"""Card data written where it could act rather than be read: spreadsheet formulas in CSV cells
and HTML in Markdown; and output files, which are never written through a symbolic link.

CSV (the OWASP rule for CSV injection): a text cell that begins with `=`, `+`, `-`, `@`, a tab
or a carriage return is written with a leading apostrophe, so that Excel, LibreOffice and
Google Sheets show it as text instead of running it (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`).
twgp's own CSV reader takes the apostrophe off again (`csv_value`), so an exported collection
imports back unchanged: a card named `+2 Mace` is written `'+2 Mace` and read `+2 Mace`."""

from __future__ import annotations

import contextlib
import html
import os
import tempfile
from pathlib import Path

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A value for csv.writer: text that a spreadsheet would run gets an apostrophe first;
    numbers (not text) are left alone."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
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
    return html.escape(text, quote=False).replace("\\", "\\\\").replace("|", "\\|")


def output_exists(path: Path) -> bool:
    """True when anything is at `path`, a dangling symbolic link included."""
    return os.path.lexists(path)


def write_output(path: Path, text: str) -> None:
    """Write `text` (UTF-8, newlines as given) to `path` through a temporary file in the same
    folder, moved into place: a symbolic link at `path` is replaced, never written through,
    and a failure leaves no half-written file. Raises OSError."""
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
