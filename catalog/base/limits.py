"""The limits every reader of user input enforces, in one place (documented in
docs/input.md, "Limits"). Each is checked while reading, before memory grows past it; a file over
a limit is refused with an InputFormatError naming the file, the position and the limit.

No real card file comes near them: the deepest real record (an MTGJSON set file) nests 7
levels, the longest real string (a card's rules text) is a few kilobytes, the largest record
(a Scryfall card with all its parts) about 20 KB."""

from __future__ import annotations

#: JSON nesting depth (arrays and objects), counted from the top of the document
MAX_JSON_DEPTH = 64
#: the longest JSON string or number, or run of bytes holding no string (bytes)
MAX_JSON_VALUE_BYTES = 1 << 20
#: the largest JSON record (one element of the top array, one JSON line) (bytes)
MAX_RECORD_BYTES = 16 << 20
#: the longest line of a CSV or text file (characters)
MAX_LINE_CHARS = 1 << 20
#: the longest CSV field, also when quoted across lines (characters; Python's csv default)
MAX_FIELD_CHARS = 128 << 10
#: the largest CSV row (all its fields and lines) (characters)
MAX_ROW_CHARS = 4 << 20
#: the longest text read whole (a kind table, a decklist) (characters)
MAX_TEXT_CHARS = 16 << 20
#: the longest search query (characters) and its deepest nesting of parentheses and `-`
MAX_QUERY_CHARS = 2000
MAX_QUERY_DEPTH = 32


def size_text(size: int) -> str:
    """1048576 → "1 MiB", 64 → "64" (for messages)."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if size >= 1 << shift and size % (1 << shift) == 0:
            return f"{size >> shift} {unit}"
    return f"{size:,}"
