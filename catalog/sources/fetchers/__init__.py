"""Per-game look-up strategies over the API clients: turn what the user asked for (names, ids,
set + number) into as few requests as each API allows, and hand back source records in
batches, with the queries that found nothing. `catalog/sources/online.py` converts and stores them.

Game → source: mtg → Scryfall; yugioh → YGOPRODeck; pokemon → pokemontcg.io (English) and
TCGdex (Japanese and the other languages); lorcana → Lorcast; digimon → digimoncard.io."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from rapidfuzz import fuzz, process

from catalog.base.keys import card_name_keys, name_key
from catalog.sources.clients._api import Progress
from catalog.sources.clients.errors import OfflineError
from catalog.sources.clients.sources import Source, SourceConfigError

Record = dict[str, Any]
T = TypeVar("T")

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")


@dataclass(frozen=True)
class CardQuery:
    """One thing to look up: a name, an id, or a set + collector number (any combination)."""

    name: str | None = None
    source_id: str | None = None
    set_code: str | None = None
    collector_number: str | None = None
    lang: str | None = None

    @property
    def label(self) -> str:
        """How the user wrote it: "Lightning Bolt", "Opt (DOM)", "NEO #123", "base1-4"."""
        if self.name and self.set_code and self.collector_number:
            return f"{self.name} ({self.set_code.upper()} #{self.collector_number})"
        if self.name and self.set_code:
            return f"{self.name} ({self.set_code.upper()})"
        if self.name:
            return self.name
        if self.set_code and self.collector_number:
            return f"{self.set_code.upper()} #{self.collector_number}"
        return self.source_id or "(nothing to look up)"

    @property
    def japanese_name(self) -> bool:
        return bool(self.name and _CJK.search(self.name))


@dataclass(frozen=True)
class Miss:
    """A query that found nothing, with the names the API or the catalog suggest."""

    query: str
    suggestions: tuple[str, ...] = ()
    reason: str = "not found"


@dataclass
class Batch:
    """Records from one request (or one paginated search) and what it accounts for: `done`
    queries or cards toward `total` (None when unknown)."""

    records: list[Record]
    done: int
    total: int | None = None
    misses: list[Miss] = field(default_factory=list)
    offline: list[str] = field(default_factory=list)  # labels that needed the network


class GameFetcher(Protocol):
    game: str
    source: Source

    def lookup(
        self, queries: Sequence[CardQuery], *, fuzzy: bool = False, lang: str | None = None
    ) -> Iterator[Batch]: ...

    def whole_set(self, set_code: str, *, lang: str | None = None) -> Iterator[Batch]: ...

    def suggest(self, name: str) -> list[str]: ...

    def bulk_file(
        self,
        folder: Path,
        *,
        kind: str | None,
        refresh: bool,
        offline: bool,
        progress: Progress | None,
    ) -> Path: ...


class NoBulkFile:
    """For a fetcher whose source publishes no bulk file: `bulk_file` refuses with the
    source's `no_bulk_file` (the message, and a hint of what to do instead)."""

    no_bulk_file: ClassVar[tuple[str, str]]

    def bulk_file(
        self,
        folder: Path,
        *,
        kind: str | None,
        refresh: bool,
        offline: bool,
        progress: Progress | None,
    ) -> Path:
        message, hint = self.no_bulk_file
        raise SourceConfigError(message, hint=hint)


def each_query(
    queries: Sequence[CardQuery], answer: Callable[[CardQuery], Batch | None]
) -> Iterator[Batch]:
    """One look-up a query: `answer`'s batch; a miss where it has nothing to look up (None);
    the query's label as offline where it needed the network."""
    for query in queries:
        try:
            batch = answer(query)
        except OfflineError:
            batch = Batch([], 1, offline=[query.label])
        if batch is None:
            batch = Batch([], 1, misses=[Miss(query.label, reason="nothing to look up")])
        yield batch


def record_name(card: Record) -> str:
    return str(card.get("name", ""))


def distinct_names(cards: Iterable[Record]) -> list[str]:
    """The cards' names, each once, sorted (cards without a name left out)."""
    return sorted({str(card.get("name")) for card in cards if card.get("name")})


def suggestions(
    name: str,
    search: Callable[[str], list[Record]],
    names: Callable[[list[Record]], Sequence[str]] = distinct_names,
) -> list[str]:
    """Up to five names close to `name`, among the `names` of the cards a search on its
    longest word finds (none for a word under 3 letters, or offline)."""
    word = max(name.split(), key=len, default="")
    if len(word) < 3:
        return []
    try:
        cards = search(word)
    except OfflineError:
        return []
    found = process.extract(name, names(cards), scorer=fuzz.WRatio, processor=name_key, limit=5)
    return [n for n, _score, _i in found]


def closest(
    name: str, cards: list[Record], name_of: Callable[[Record], str] = record_name
) -> list[Record]:
    """The cards bearing the name nearest to `name` (a fuzzy look-up picks one card)."""
    names = sorted({name_of(card) for card in cards})
    best = process.extractOne(name, names, scorer=fuzz.WRatio, processor=name_key)
    return [card for card in cards if best and name_of(card) == best[0]]


def chunked(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def joined_chunks(
    items: Sequence[str], *, max_items: int, max_chars: int, sep_len: int
) -> Iterator[Sequence[str]]:
    """Chunks of at most `max_items` whose joined length stays under `max_chars` (URL limits)."""
    chunk: list[str] = []
    length = 0
    for item in items:
        if chunk and (len(chunk) >= max_items or length + sep_len + len(item) > max_chars):
            yield chunk
            chunk, length = [], 0
        length += (sep_len if chunk else 0) + len(item)
        chunk.append(item)
    if chunk:
        yield chunk


def names_of(record: Record, *fields: str) -> list[str]:
    """Every matching key a record answers to (its name fields, faces included)."""
    keys: list[str] = []
    for name_field in fields:
        value = record.get(name_field)
        if isinstance(value, str) and value:
            keys.extend(card_name_keys(value, None))
    return keys


def matches_name(query: CardQuery, keys: Iterable[str]) -> bool:
    return bool(query.name) and name_key(query.name or "") in set(keys)


def unique(queries: Iterable[CardQuery]) -> list[CardQuery]:
    return list(dict.fromkeys(queries))


def read_stamp(path: Path) -> str | None:
    """The version stamp kept beside a bulk file (None when there is none)."""
    try:
        return path.read_text("utf-8").strip()
    except OSError:
        return None
