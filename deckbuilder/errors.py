"""Errors of the deck builder (the DeckError branch of the tree in converters/errors.py).

DeckError
 ├─ DecklistFormatError   (a decklist cannot be read: names the line and what was expected)
 ├─ UnknownFormatError    (no deck format installed under that id, or its plugin is broken)
 └─ FormatMismatchError   (decks validated together declare different formats, or too many)
"""

from __future__ import annotations

from converters.errors import OutputExistsError, TwgpError
from converters.exit_codes import ExitCode

__all__ = [
    "DeckError", "DecklistFormatError", "FormatMismatchError", "OutputExistsError",
    "UnknownFormatError",
]


class DeckError(TwgpError):
    """Something about a deck went wrong."""


class DecklistFormatError(DeckError):
    """A decklist (ours or a foreign one) cannot be read. `line` is 1-based when known."""

    exit_code = ExitCode.USAGE

    def __init__(
        self, message: str, *, line: int | None = None, source: str = "", hint: str = ""
    ) -> None:
        where = ":".join(part for part in (source, f"line {line}" if line else "") if part)
        super().__init__(f"{where}: {message}" if where else message, hint=hint)
        self.line = line
        self.source = source
        self.bare_message = message  # without the file and line (to name them again)


class UnknownFormatError(DeckError):
    """No deck format is installed under that id (the message names the installed ones), or
    its plugin cannot be loaded."""

    exit_code = ExitCode.USAGE


class FormatMismatchError(DeckError):
    """Decks validated together must share one format and be no more than it takes at once."""

    exit_code = ExitCode.USAGE
