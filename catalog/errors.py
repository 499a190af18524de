"""Errors of the catalog layer: the store, card look-ups, queries and decks.

TwgpError (converters/errors.py)
 └─ CatalogError
     ├─ CardNotFoundError      no card matches (with the closest names)
     ├─ AmbiguousCardError     several cards match (with `.candidates`)
     ├─ DeckNotFoundError      no saved deck of that name
     ├─ DatabaseError          the database cannot be opened, migrated or written
     ├─ SourceUnavailableError a public card API cannot be reached
     └─ QuerySyntaxError       a search query we cannot read (with `.position`)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from converters.errors import TwgpError


class CatalogError(TwgpError):
    """Something the catalog cannot do as asked."""


class CardNotFoundError(CatalogError):
    """No card matches a reference; `closest` holds the nearest names, if any."""

    def __init__(self, message: str, *, closest: Sequence[str] = (), hint: str = "") -> None:
        self.closest = tuple(closest)
        if self.closest and not hint:
            hint = "did you mean: " + ", ".join(self.closest)
        super().__init__(message, hint=hint)


class AmbiguousCardError(CatalogError):
    """Several different cards match; `candidates` are references that pick one each."""

    def __init__(self, message: str, *, candidates: Sequence[str]) -> None:
        self.candidates = tuple(candidates)
        super().__init__(message, hint="use one of: " + "; ".join(self.candidates))


class DeckNotFoundError(CatalogError):
    """No deck of that name is saved."""


class DatabaseError(CatalogError):
    """The database cannot be opened, migrated or written (names the database, not secrets)."""

    exit_code = 3


def fault_text(exc: BaseException) -> str:
    """The driver's own words for a database fault, on one line of at most 300 characters."""
    original = getattr(exc, "orig", None) or exc
    words = getattr(original, "strerror", None) if isinstance(original, OSError) else None
    return " ".join(str(words or original).split())[:300]


#: words of SQLite and PostgreSQL faults a user can act on → what to do
_FAULT_HINTS = (
    (("disk is full", "no space left"), "the disk is full: free some space and try again"),
    (
        ("readonly database", "read-only", "permission denied"),
        "the catalog or its folder cannot be written here: searches work, changes need write "
        "access (or use another catalog with --db)",
    ),
    (
        ("malformed", "not a database"),
        "the catalog file is damaged: `twgp doctor` checks it; `twgp restore` puts back a backup",
    ),
    (
        ("disk i/o error",),
        "the disk failed to read or write (full, removed or failing?); `twgp doctor` checks "
        "the catalog",
    ),
)


def database_error(what: str, exc: BaseException, *, hint: str = "") -> DatabaseError:
    """`what: <the fault>`, with a hint for the faults a user can act on."""
    text = fault_text(exc)
    folded = text.casefold()
    for words, advice in _FAULT_HINTS:
        if any(word in folded for word in words):
            hint = f"{advice}; {hint}" if hint else advice
            break
    return DatabaseError(f"{what}: {text}", hint=hint)


class SourceUnavailableError(CatalogError):
    """A public card API is unreachable, rate-limited or answered with a server error."""


class QuerySyntaxError(CatalogError):
    """A search query that cannot be read. `position` is the 0-based offset of the fault."""

    exit_code = 2

    def __init__(self, reason: str, *, query: str, position: int) -> None:
        self.reason = reason
        self.query = query
        self.position = max(0, min(position, len(query)))
        super().__init__(
            f"query error at position {self.position + 1}: {reason}\n{self.caret()}",
            hint="`twgp search --help` lists the keys",
        )

    def caret(self) -> str:
        """The query on one line and a caret under the offending part."""
        line = self.query.replace("\n", " ").replace("\t", " ")
        return f"  {line}\n  {' ' * display_width(line[: self.position])}^"


def display_width(text: str) -> int:
    """Terminal columns of `text`: full-width (Japanese) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
