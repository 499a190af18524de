"""Digimon through digimoncard.io (English): a card number (`BT1-010`, given as an id or as
the name) by a search on that number, a name by a search kept only where the name agrees, a
pack by its cards. At most 15 requests per 10 seconds; no bulk file."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from catalog.sources.clients.digimoncard import DigimonCardClient
from catalog.sources.clients.errors import OfflineError
from catalog.sources.clients.sources import DIGIMONCARD
from catalog.sources.fetchers import (
    Batch,
    CardQuery,
    Miss,
    NoBulkFile,
    closest,
    each_query,
    matches_name,
    names_of,
    suggestions,
)

#: a Digimon card number: `BT1-010`, `ST1-01`, `EX1-001`, `P-001`, maybe with a parallel suffix
CARD_NUMBER = re.compile(r"^[A-Z]{1,3}\d{0,2}-\d{2,3}(?:[_-]P\d*)?$", re.IGNORECASE)


def number_query(query: CardQuery) -> str | None:
    """The card number a query gives: its id, or a name that is a card number."""
    for value in (query.source_id, query.name):
        if value and CARD_NUMBER.match(value.strip()):
            return value.strip()
    return None


class DigimonFetcher(NoBulkFile):
    game = "digimon"
    source = DIGIMONCARD
    no_bulk_file = (
        "digimoncard.io publishes no bulk file of whole cards",
        "fetch whole packs with `twgp fetch digimon --set BT01`, or import the "
        "official list's per-pack JSON with `twgp import digimon`",
    )

    def __init__(self, client: DigimonCardClient) -> None:
        self.client = client

    def lookup(
        self, queries: Sequence[CardQuery], *, fuzzy: bool = False, lang: str | None = None
    ) -> Iterator[Batch]:
        return each_query(queries, lambda query: self._one(query, fuzzy))

    def _one(self, query: CardQuery, fuzzy: bool) -> Batch | None:
        number = number_query(query)
        if number:
            cards = self.client.by_number(number)
            return Batch(cards, 1) if cards else Batch([], 1, misses=[Miss(query.label)])
        return self._named(query, fuzzy) if query.name else None

    def _named(self, query: CardQuery, fuzzy: bool) -> Batch:
        cards = self.client.by_name(query.name or "")
        if fuzzy:
            best = closest(query.name or "", cards)
            return Batch(best, 1) if best else Batch([], 1, misses=[Miss(query.label)])
        hits = [card for card in cards if matches_name(query, names_of(card, "name"))]
        return Batch(hits, 1) if hits else Batch([], 1, misses=[Miss(query.label)])

    def whole_set(self, set_code: str, *, lang: str | None = None) -> Iterator[Batch]:
        try:
            cards = self.client.by_pack(set_code)
        except OfflineError:
            yield Batch([], 0, offline=[f"pack {set_code}"])
            return
        if not cards:
            yield Batch([], 0, misses=[Miss(f"pack {set_code}", reason="no cards in that pack")])
            return
        yield Batch(cards, len(cards), total=len(cards))

    def suggest(self, name: str) -> list[str]:
        return suggestions(name, self.client.by_name)
