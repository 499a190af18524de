"""The root of twgp's error tree; every layer's errors subclass these.

TwgpError
 ├─ ConverterError ─ UnknownGameError, InvalidRecordError, SkipRecord
 ├─ InputFormatError            (unreadable file: names the file and the position)
 │   └─ InputReadError          (the disk or device failed while reading: EIO)
 ├─ OutputExistsError           (an output would replace a file without --force)
 ├─ OutputRefusedError          (an output path that is not a regular file, or the catalog)
 ├─ OutputWriteError            (standard output or an output file could not be written)
 ├─ CatalogError (catalog/base/errors.py)
 └─ DeckError (deckbuilder/errors.py)
"""

from __future__ import annotations

from converters.exit_codes import ExitCode


class TwgpError(Exception):
    """An error written for the user. `exit_code` is what the CLI exits with."""

    exit_code: int = ExitCode.CHECK_FAILED

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

    exit_code = ExitCode.USAGE


class InvalidRecordError(ConverterError):
    """A record is not in any shape the converter reads (a missing name, a wrong type)."""


class SkipRecord(ConverterError):  # noqa: N818 - it is a signal, not a failure
    """The record is valid but is not a card TWGP plays (a token, an emblem, a skill card)."""


class InputFormatError(TwgpError):
    """A file cannot be read: bad JSON or CSV, unknown encoding, missing columns."""

    exit_code = ExitCode.USAGE


class InputReadError(InputFormatError):
    """The disk or the device failed while an input file was read (EIO): not the file's
    fault, and not twgp's."""

    exit_code = ExitCode.READ_FAILED


class OutputExistsError(TwgpError):
    """Outputs never replace a file unless asked to (`--force`): a usage error."""

    exit_code = ExitCode.USAGE


class OutputRefusedError(TwgpError):
    """An output path twgp never writes, whatever `--force` says: a directory, a device, a
    FIFO, a socket (or a link to one), the catalog and its side files, an input in use."""

    exit_code = ExitCode.OUTPUT_REFUSED


class OutputWriteError(TwgpError):
    """Standard output or an output file could not be written (a full disk, an I/O error)."""

    exit_code = ExitCode.WRITE_FAILED
