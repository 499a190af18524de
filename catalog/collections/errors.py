"""Errors of collection files: unreadable as a collection (the whole file) or one bad cell.

InputFormatError (converters/errors.py)
 └─ CollectionFormatError   unknown format, missing columns, no header row
     └─ QuantityError       a quantity cell that is not a count (reported per row)
"""

from __future__ import annotations

from converters.errors import InputFormatError
from converters.exit_codes import ExitCode


class CollectionFormatError(InputFormatError):
    """A file that is not a collection CSV we read, or lacks a column its format needs."""


class QuantityError(CollectionFormatError):
    """A quantity that is not a non-negative whole number (`4`, `4x`, `x4`, `4 x`)."""

    exit_code = ExitCode.CHECK_FAILED
