"""Yu-Gi-Oh! through YGOPRODeck: exact names several per request (`|`), passcodes as comma
lists, fuzzy names one by one, sets by name, and the whole database as the bulk file."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from rapidfuzz import fuzz, process

from catalog.base.keys import name_key
from catalog.sources.clients._api import Progress
from catalog.sources.clients.errors import OfflineError
from catalog.sources.clients.sources import YGOPRODECK
from catalog.sources.clients.ygoprodeck import YgoProDeckClient
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
    suggestions,
)

_PASSCODE = re.compile(r"^\d{1,10}$")
#: names per request, and the length of the joined `name=` value (URLs stay short)
NAMES_PER_REQUEST = 40
MAX_NAMES_CHARS = 1500
IDS_PER_REQUEST = 50


def passcode_of(query: CardQuery) -> str | None:
    for value in (query.source_id, query.name):
        if value and _PASSCODE.match(value.strip()):
            return value.strip()
    return None


def _in_set(card: Record, set_code: str | None) -> bool:
    """YGOPRODeck records are whole cards; `--set` keeps those printed in that set (by the
    set code's prefix, "LOB" of "LOB-005", or the set's name)."""
    if not set_code:
        return True
    wanted = set_code.casefold()
    for printing in card.get("card_sets") or []:
        code = str(printing.get("set_code", "")).casefold()
        if code.split("-")[0] == wanted or str(printing.get("set_name", "")).casefold() == wanted:
            return True
    return False


class YugiohFetcher:
    game = "yugioh"
    source = YGOPRODECK

    def __init__(self, client: YgoProDeckClient) -> None:
        self.client = client

    def lookup(
        self, queries: Sequence[CardQuery], *, fuzzy: bool = False, lang: str | None = None
    ) -> Iterator[Batch]:
        by_id = [q for q in queries if passcode_of(q)]
        named = [q for q in queries if not passcode_of(q) and q.name and "|" not in q.name]
        nothing = [q for q in queries if q not in by_id and q not in named]
        if nothing:
            yield Batch(
                [],
                len(nothing),
                misses=[Miss(q.label, reason="nothing to look up") for q in nothing],
            )
        yield from self._by_ids(by_id)
        yield from (self._fuzzy(named) if fuzzy else self._by_names(named))

    def _by_ids(self, queries: Sequence[CardQuery]) -> Iterator[Batch]:
        for chunk in chunked(queries, IDS_PER_REQUEST):
            codes = [passcode_of(q) or "" for q in chunk]
            try:
                cards = self.client.by_ids(codes)
            except OfflineError:
                yield Batch([], len(chunk), offline=[q.label for q in chunk])
                continue
            found = {str(c.get("id")) for c in cards}
            found |= {str(img.get("id")) for c in cards for img in c.get("card_images") or []}
            misses = [
                Miss(q.label)
                for q, code in zip(chunk, codes, strict=True)
                if str(int(code)) not in found
            ]
            yield Batch(cards, len(chunk), misses=misses)

    def _by_names(self, queries: Sequence[CardQuery]) -> Iterator[Batch]:
        names = list(dict.fromkeys(q.name or "" for q in queries))
        for chunk in joined_chunks(
            names, max_items=NAMES_PER_REQUEST, max_chars=MAX_NAMES_CHARS, sep_len=1
        ):
            wanted = [q for q in queries if q.name in chunk]
            try:
                cards = self._names(list(chunk))
            except OfflineError:
                yield Batch([], len(wanted), offline=[q.label for q in wanted])
                continue
            yield self._matched(wanted, cards)

    def _names(self, names: list[str]) -> list[Record]:
        """One request; if a batch finds nothing at all, halve it: whether YGOPRODeck refuses
        a whole `|` list for one unknown name is not documented, so we do not rely on it."""
        cards = self.client.by_names(names)
        if cards or len(names) == 1:
            return cards
        middle = len(names) // 2
        return self._names(names[:middle]) + self._names(names[middle:])

    def _matched(self, wanted: Sequence[CardQuery], cards: list[Record]) -> Batch:
        kept: list[Record] = []
        misses: list[Miss] = []
        for query in wanted:
            hits = [
                c
                for c in cards
                if matches_name(query, names_of(c, "name")) and _in_set(c, query.set_code)
            ]
            if hits:
                kept.extend(c for c in hits if c not in kept)
            else:
                reason = "not in that set" if query.set_code else "not found"
                misses.append(Miss(query.label, reason=reason))
        return Batch(kept, len(wanted), misses=misses)

    def _fuzzy(self, queries: Sequence[CardQuery]) -> Iterator[Batch]:
        for query in queries:
            try:
                found = self.client.fuzzy(query.name or "")
                cards = [c for c in found if _in_set(c, query.set_code)]
            except OfflineError:
                yield Batch([], 1, offline=[query.label])
                continue
            best = _closest(query.name or "", cards)
            yield Batch([best], 1) if best else Batch([], 1, misses=[Miss(query.label)])

    def whole_set(self, set_code: str, *, lang: str | None = None) -> Iterator[Batch]:
        try:
            cards = self.client.by_set(set_code)
        except OfflineError:
            yield Batch([], 0, offline=[f"set {set_code}"])
            return
        if not cards:
            yield Batch(
                [],
                0,
                misses=[
                    Miss(
                        f"set {set_code}",
                        reason="no cards (YGOPRODeck wants the set's name, e.g. 'Metal Raiders')",
                    )
                ],
            )
            return
        yield Batch(cards, len(cards), total=len(cards))

    def suggest(self, name: str) -> list[str]:
        return suggestions(name, self.client.fuzzy, _names)

    def bulk_file(
        self,
        folder: Path,
        *,
        kind: str | None,
        refresh: bool,
        offline: bool,
        progress: Progress | None,
    ) -> Path:
        """The whole database on disk, downloaded again only when `checkDBVer.php` says it
        changed (or with --refresh)."""
        dest = folder / "ygoprodeck-cardinfo.json"
        stamp = folder / "ygoprodeck-cardinfo.version"
        if offline and dest.exists():
            return dest
        version = self.client.db_version()
        current = f"{version.get('database_version')} {version.get('last_update')}"
        if not refresh and dest.exists() and read_stamp(stamp) == current:
            return dest
        self.client.download_all(dest, progress=progress)
        stamp.write_text(current, "utf-8")
        return dest


def _names(cards: list[Record]) -> list[str]:
    return [str(c.get("name")) for c in cards if c.get("name")]


def _closest(name: str, cards: list[Record]) -> Record | None:
    if not cards:
        return None
    names = [str(c.get("name", "")) for c in cards]
    found = process.extractOne(name, names, scorer=fuzz.WRatio, processor=name_key)
    return cards[found[2]] if found else None
