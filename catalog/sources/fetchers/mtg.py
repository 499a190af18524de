"""Magic through Scryfall: exact look-ups in `POST /cards/collection` batches of 75 (1,000 cards
→ 14 requests), other languages through OR-ed searches, fuzzy names one by one, whole sets by
search, and the bulk files."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from catalog.base.errors import AmbiguousCardError, CardNotFoundError
from catalog.sources.clients._api import Progress
from catalog.sources.clients.errors import OfflineError, SourceResponseError
from catalog.sources.clients.scryfall import BULK_TYPES, COLLECTION_LIMIT, ScryfallClient, answers
from catalog.sources.clients.sources import SCRYFALL, SourceConfigError
from catalog.sources.fetchers import (
    Batch,
    CardQuery,
    Miss,
    Record,
    chunked,
    joined_chunks,
    matches_name,
    names_of,
    read_stamp,
)

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.I)
#: Scryfall search queries are kept under this length (OR-ed terms)
MAX_QUERY_CHARS = 900
DEFAULT_BULK = "oracle_cards"


def is_scryfall_id(text: str) -> bool:
    return bool(_UUID.match(text.strip()))


def identifier(query: CardQuery) -> dict[str, str] | None:
    """The `/cards/collection` identifier for a query, the most precise one it allows."""
    if query.source_id and is_scryfall_id(query.source_id):
        return {"id": query.source_id.lower()}
    if query.set_code and query.collector_number:
        return {"set": query.set_code.lower(), "collector_number": query.collector_number}
    if query.name and query.set_code:
        return {"name": query.name, "set": query.set_code.lower()}
    if query.name:
        return {"name": query.name}
    return None


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Scryfall echoes not-found identifiers; compare them case-insensitively."""
    return _folded(a) == _folded(b)


def _folded(identifier: dict[str, Any]) -> dict[str, str]:
    return {k: str(v).casefold() for k, v in identifier.items()}


def search_term(query: CardQuery) -> str | None:
    """The Scryfall search term for a query: `!"Name"`, `(e:neo cn:"12")`, …"""
    parts = []
    if query.name:
        parts.append('!"' + query.name.replace('"', "") + '"')
    if query.set_code:
        parts.append(f"e:{query.set_code.lower()}")
    if query.collector_number:
        parts.append(f'cn:"{query.collector_number}"')
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else "(" + " ".join(parts) + ")"


def _found(query: CardQuery, card: Record) -> bool:
    if query.source_id and is_scryfall_id(query.source_id):
        return str(card.get("id", "")).lower() == query.source_id.lower()
    if query.set_code and str(card.get("set", "")).lower() != query.set_code.lower():
        return False
    if query.collector_number and str(card.get("collector_number")) != query.collector_number:
        return False
    return not query.name or matches_name(query, card_keys(card))


def _asked(query: CardQuery, lang: str | None) -> dict[str, str]:
    """What a card found by `search_term(query)` (in `lang`) must be, as `answers` reads it."""
    wanted = {
        "name": query.name,
        "set": query.set_code,
        "collector_number": query.collector_number,
        "lang": lang,
    }
    return {k: v for k, v in wanted.items() if v}


def card_keys(card: Record) -> list[str]:
    """The name keys a Scryfall card answers to: name, printed name, and those of its faces."""
    keys = names_of(card, "name", "printed_name")
    for face in card.get("card_faces") or []:
        if isinstance(face, dict):
            keys += names_of(face, "name", "printed_name")
    return keys


class MtgFetcher:
    game = "mtg"
    source = SCRYFALL

    def __init__(self, client: ScryfallClient) -> None:
        self.client = client

    def lookup(
        self, queries: Sequence[CardQuery], *, fuzzy: bool = False, lang: str | None = None
    ) -> Iterator[Batch]:
        if fuzzy:
            yield from self._fuzzy(queries)
            return
        # The collection endpoint answers with a default (English) printing; other languages,
        # and names written in Japanese (printed names), need a search.
        other_language = lang is not None and lang != "en"
        searched = [q for q in queries if other_language or q.japanese_name]
        rest = [q for q in queries if not (other_language or q.japanese_name)]
        yield from self._collection(rest)
        yield from self._searched(searched, lang or "ja")

    def _collection(self, queries: Sequence[CardQuery]) -> Iterator[Batch]:
        askable = [(q, ident) for q in queries if (ident := identifier(q)) is not None]
        nothing = [
            Miss(q.label, reason="nothing to look up") for q in queries if identifier(q) is None
        ]
        if nothing:
            yield Batch([], len(nothing), misses=nothing)
        for chunk in chunked(askable, COLLECTION_LIMIT):
            try:
                result = self.client.collection([ident for _q, ident in chunk])
            except OfflineError:
                yield Batch([], len(chunk), offline=[q.label for q, _i in chunk])
                continue
            misses = [
                Miss(q.label)
                for q, ident in chunk
                if any(_same(ident, gone) for gone in result.not_found)
            ]
            yield Batch(result.cards, len(chunk), misses=misses)

    def _searched(self, queries: Sequence[CardQuery], lang: str) -> Iterator[Batch]:
        """Printings in another language: OR-ed exact terms, one search per group."""
        terms = {q: t for q in queries if (t := search_term(q)) is not None}
        for chunk in joined_chunks(
            list(terms.values()), max_items=40, max_chars=MAX_QUERY_CHARS, sep_len=4
        ):
            wanted = [q for q, t in terms.items() if t in chunk]
            yield self._search_group(wanted, f"lang:{lang} ({' or '.join(chunk)})", lang)

    def _search_group(self, wanted: list[CardQuery], query: str, lang: str) -> Batch:
        unique = "prints" if any(q.set_code for q in wanted) else "cards"
        asked = [_asked(q, lang) for q in wanted]
        cards: list[Record] = []
        try:
            for page in self.client.search(
                query, unique=unique, accept=lambda card: any(answers(a, card) for a in asked)
            ):
                cards.extend(page.cards)
        except OfflineError:
            return Batch([], len(wanted), offline=[q.label for q in wanted])
        misses = [Miss(q.label) for q in wanted if not any(_found(q, c) for c in cards)]
        return Batch(cards, len(wanted), misses=misses)

    def _fuzzy(self, queries: Sequence[CardQuery]) -> Iterator[Batch]:
        for query in queries:
            if not query.name:
                yield from self._collection([query])
                continue
            try:
                card = self.client.named(query.name, fuzzy=True, set_code=query.set_code)
            except CardNotFoundError:
                yield Batch([], 1, misses=[Miss(query.label)])
            except AmbiguousCardError as exc:
                yield Batch([], 1, misses=[Miss(query.label, exc.candidates, "ambiguous")])
            except OfflineError:
                yield Batch([], 1, offline=[query.label])
            else:
                yield Batch([card], 1)

    def whole_set(self, set_code: str, *, lang: str | None = None) -> Iterator[Batch]:
        query = f"e:{set_code.lower()}" + (f" lang:{lang}" if lang else "")
        asked = {"set": set_code, **({"lang": lang} if lang else {})}
        found = False
        try:
            for page in self.client.search(
                query, unique="prints", order="set", accept=lambda card: answers(asked, card)
            ):
                found = True
                yield Batch(page.cards, len(page.cards), total=page.total)
        except OfflineError:
            yield Batch([], 0, offline=[f"set {set_code.upper()}"])
            return
        if not found:
            yield Batch([], 0, misses=[Miss(f"set {set_code.upper()}", reason="no cards")])

    def suggest(self, name: str) -> list[str]:
        try:
            return self.client.autocomplete(name)[:5]
        except OfflineError:
            return []

    def bulk_file(
        self,
        folder: Path,
        *,
        kind: str | None,
        refresh: bool,
        offline: bool,
        progress: Progress | None,
    ) -> Path:
        """The newest bulk file of `kind` (default oracle_cards) on disk, downloaded only when
        Scryfall has published a newer one (or with --refresh)."""
        kind = kind or DEFAULT_BULK
        if kind not in BULK_TYPES:
            raise SourceConfigError(
                f"unknown Scryfall bulk file {kind!r}; use one of {', '.join(BULK_TYPES)}"
            )
        dest = folder / f"scryfall-{kind}.json"
        stamp = folder / f"scryfall-{kind}.updated_at"
        if offline and dest.exists():
            return dest
        bulk = next((b for b in self.client.bulk_files() if b.type == kind), None)
        if bulk is None:
            raise SourceResponseError(f"Scryfall lists no {kind} bulk file")
        if not refresh and dest.exists() and read_stamp(stamp) == bulk.updated_at:
            return dest
        self.client.download_bulk(bulk, dest, progress=progress)
        stamp.write_text(bulk.updated_at, "utf-8")
        return dest
