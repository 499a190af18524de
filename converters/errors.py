"""The root of twgp's error tree; every layer's errors subclass these.

TwgpError
 ├─ ConverterError ─ UnknownGameError, InvalidRecordError, SkipRecord
 ├─ InputFormatError            (unreadable file: names the file and the position)
 ├─ CatalogError (catalog/errors.py)
 └─ DeckError (deckbuilder/errors.py)
"""

from __future__ import annotations


class TwgpError(Exception):
    """An error written for the user. `exit_code` is what the CLI exits with."""

    exit_code: int = 1

    def __init__(self, message: str, *, title: str = "", hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.title = title or type(self).__name__
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}\n  hint: {self.hint}" if self.hint else self.message


class ConverterError(TwgpError):
    """A converter could not do its job."""


class UnknownGameError(ConverterError):
    """No converter is installed under that game id."""

    exit_code = 2


class InvalidRecordError(ConverterError):
    """A record is not in any shape the converter reads (a missing name, a wrong type)."""


class SkipRecord(ConverterError):  # noqa: N818 - it is a signal, not a failure
    """The record is valid but is not a card TWGP plays (a token, an emblem, a skill card)."""


class InputFormatError(TwgpError):
    """A file cannot be read: bad JSON or CSV, unknown encoding, missing columns."""

    exit_code = 2
