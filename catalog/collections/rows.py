"""What a collection file says, row by row, before any catalog lookup: `CollectionRow` (one
entry of owned copies), `RowProblem` (a row we could not read or chose not to count) and
`ParsedCollection` (a whole file)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class CollectionRow:
    """One entry of owned copies, with the vocabularies normalised (FORMATS.md §5).

    `line` is the file line where the row starts. `game` is None when the format covers every
    game (TCGplayer) and neither a column nor `--game` says; `game_hint` is then the game most
    of the file's cards are (games.py): name-only matches stay in it. `location` is the app's
    binder/folder/list, kept so that the same card in two binders stays two entries. `raw`
    holds the row as read."""

    line: int
    quantity: int
    name: str
    game: str | None = None
    source_id: str | None = None
    set_code: str | None = None
    collector_number: str | None = None
    lang: str | None = None
    finish: str = "nonfoil"
    condition: str | None = None
    name_ja: str | None = None
    alt_names: tuple[str, ...] = ()
    #: (set, number) of the same printing as another source writes it (TCGdex `sv01` `057`
    #: for PTCGL's `SVI 57`), tried after `set_code` and `collector_number`
    alt_printings: tuple[tuple[str, str], ...] = ()
    location: str | None = None
    warnings: tuple[str, ...] = ()
    raw: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    game_hint: str | None = None

    def content_key(self) -> str:
        """The row's meaning without its line number: two rows with the same key are the same
        entry (prices, dates and notes are left out, so a re-export of the same copies matches)."""
        parts = [
            self.game,
            self.source_id,
            self.name,
            self.name_ja,
            self.set_code and self.set_code.casefold(),
            self.collector_number and self.collector_number.casefold(),
            self.lang,
            self.finish,
            self.condition,
            self.location,
            self.quantity,
        ]
        return json.dumps(parts, ensure_ascii=False)


@dataclass(frozen=True)
class RowProblem:
    """A row that is not counted: `error` (unreadable, e.g. a bad quantity) or `skipped`
    (readable but not owned copies: a wish list, a deck row, quantity 0)."""

    line: int
    kind: str  # "error" | "skipped"
    reason: str
    name: str = ""


@dataclass
class ParsedCollection:
    """A collection file read: its format, encoding, rows and the problems met per row."""

    file: str
    format_id: str
    encoding: str
    headers: list[str]
    rows: list[CollectionRow] = field(default_factory=list)
    problems: list[RowProblem] = field(default_factory=list)
    rows_read: int = 0
    game: str | None = None  # the file's game (games.py), None for a file of any game

    @property
    def errors(self) -> list[RowProblem]:
        return [p for p in self.problems if p.kind == "error"]

    @property
    def skipped(self) -> list[RowProblem]:
        return [p for p in self.problems if p.kind == "skipped"]


def entry_keys(format_id: str, rows: list[CollectionRow], *, label: str = "") -> list[str]:
    """A stable key per row (see EntryKeys), for a whole file at once."""
    keys = EntryKeys(format_id, label)
    return [keys.key(row) for row in rows]


class EntryKeys:
    """A stable key per row, given in file order: format + label + the row's content + which
    occurrence of that content it is in the file (a file may list the same copies on two
    lines: both count).

    Independent of line numbers, encoding, delimiter and line endings, so importing the same
    file twice finds the same keys and counts nothing twice. Streams: it remembers an 8-byte
    digest per distinct row (about 15 MB for a million rows), not the rows."""

    def __init__(self, format_id: str, label: str = "") -> None:
        self.format_id = format_id
        self.prefix = f"{format_id}\x1f{label}\x1f"
        self._seen = DigestSet()
        self._repeats: dict[bytes, int] = {}

    def key(self, row: CollectionRow) -> str:
        content = row.content_key()
        digest = hashlib.blake2b(content.encode(), digest_size=8).digest()
        if self._seen.add(digest):
            occurrence = 0
        else:
            occurrence = self._repeats.get(digest, 1)
            self._repeats[digest] = occurrence + 1
        text = f"{self.prefix}{content}\x1f{occurrence}"
        return hashlib.sha256(text.encode()).hexdigest()[:40]


class DigestSet:
    """A set of 8-byte digests kept as bytes, 65,536 buckets by their first two bytes: about
    8 bytes a digest where a Python set of ints takes 70."""

    _TAIL = 6

    def __init__(self) -> None:
        self._buckets: list[bytearray | None] = [None] * 65536

    def add(self, digest: bytes) -> bool:
        """Add `digest`; False when it was there already."""
        index, tail = int.from_bytes(digest[:2]), digest[2:]
        bucket = self._buckets[index]
        if bucket is None:
            self._buckets[index] = bytearray(tail)
            return True
        found = bucket.find(tail)
        while found != -1:
            if found % self._TAIL == 0:
                return False
            found = bucket.find(tail, found + 1)
        bucket += tail
        return True
