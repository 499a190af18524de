"""Errors of the catalog layer: the store, card look-ups, queries and decks.

TwgpError (converters/errors.py)
 └─ CatalogError
     ├─ CardNotFoundError      no card matches (with the closest names)
     ├─ AmbiguousCardError     several cards match (with `.candidates`)
     ├─ DeckNotFoundError      no saved deck of that name
     ├─ DatabaseError          the database cannot be opened, migrated or written
     │   └─ ReadOnlyCatalogError  a change asked of a catalog opened read-only
     ├─ SourceUnavailableError a public card API cannot be reached
     └─ QuerySyntaxError       a search query we cannot read (with `.position`)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from converters.base import Printing
from converters.errors import TwgpError
from converters.exit_codes import ExitCode


class CatalogError(TwgpError):
    """Something the catalog cannot do as asked."""


class CardNotFoundError(CatalogError):
    """No card matches a reference; `closest` holds the nearest names, if any."""

    def __init__(self, message: str, *, closest: Sequence[str] = (), hint: str = "") -> None:
        self.closest = tuple(closest)
        if self.closest and not hint:
            hint = "did you mean: " + ", ".join(self.closest)
        super().__init__(message, hint=hint)


@dataclass(frozen=True)
class Candidate:
    """One of the different cards an ambiguous reference may mean, as data (the app's picker
    lists these; `ref` picks it in any command or deck line)."""

    ref: str  # game:source_id
    game: str
    source_id: str
    name: str
    name_ja: str | None
    set_code: str | None
    collector_number: str | None
    lang: str | None
    identity: str

    def describe(self) -> str:
        """"pokemon:base1-58 Pikachu (set base1, no. 58, en)"."""
        detail = Printing(self.set_code, self.collector_number, self.lang).describe()
        name = self.name
        if self.name_ja and self.name_ja != self.name:
            name += f" / {self.name_ja}"
        return f"{self.ref} {name}" + (f" ({detail})" if detail else "")

    def to_json(self) -> dict[str, Any]:
        return {
            "ref": self.ref, "game": self.game, "source_id": self.source_id, "name": self.name,
            "name_ja": self.name_ja, "set": self.set_code,
            "collector_number": self.collector_number, "lang": self.lang,
            "identity": self.identity,
        }  # fmt: skip


class AmbiguousCardError(CatalogError):
    """Several different cards match; `candidates` are references that pick one each and
    `choices` the same cards as data (set, number, language, id)."""

    def __init__(
        self, message: str, *, candidates: Sequence[str], choices: Sequence[Candidate] = ()
    ) -> None:
        self.candidates = tuple(candidates)
        self.choices = tuple(choices)
        super().__init__(message, hint="use one of: " + "; ".join(self.candidates))

    @classmethod
    def of(cls, ref: str, choices: Sequence[Candidate], shown: int = 20) -> AmbiguousCardError:
        """The error for `ref` meaning each of `choices`, every one described."""
        listed = "; ".join(choice.describe() for choice in choices[:shown])
        more = f"; and {len(choices) - shown} more" if len(choices) > shown else ""
        return cls(
            f"{ref!r} names {len(choices)} different cards: {listed}{more}",
            candidates=[choice.ref for choice in choices],
            choices=choices,
        )


class DeckNotFoundError(CatalogError):
    """No deck of that name is saved."""


class DatabaseError(CatalogError):
    """The database cannot be opened, migrated or written (names the database, not secrets)."""

    exit_code = ExitCode.DATABASE


class ReadOnlyCatalogError(DatabaseError):
    """A change asked of a catalog opened read-only (`?mode=ro`, or a file or folder that
    cannot be written here): refused, nothing changed."""


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
        ("database is locked",),
        "another twgp is writing to the catalog (an import, an upgrade, a restore): try again "
        "when it is done",
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

    exit_code = ExitCode.USAGE

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
