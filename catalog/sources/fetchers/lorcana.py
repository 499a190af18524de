"""Disney Lorcana through Lorcast (English): a set and collector number by that card, a name
by a search whose answers are kept only when the full name (`Ariel - On Human Legs`) or the
name agrees, a set by its card list. Lorcast publishes no bulk file."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from catalog.base.errors import CardNotFoundError
from catalog.base.keys import card_name_keys
from catalog.sources.clients.errors import OfflineError
from catalog.sources.clients.lorcast import LorcastClient, set_code_of
from catalog.sources.clients.sources import LORCAST
from catalog.sources.fetchers import (
    Batch,
    CardQuery,
    Miss,
    NoBulkFile,
    Record,
    closest,
    each_query,
    matches_name,
    suggestions,
)


def full_name(card: Record) -> str:
    """`Ariel - On Human Legs`: the name and the version, as decklists write them."""
    name, version = str(card.get("name") or ""), str(card.get("version") or "")
    return f"{name} - {version}" if version else name


def _keys(card: Record) -> list[str]:
    return card_name_keys(full_name(card), None) + card_name_keys(str(card.get("name") or ""), None)


class LorcanaFetcher(NoBulkFile):
    game = "lorcana"
    source = LORCAST
    no_bulk_file = (
        "Lorcast publishes no bulk file",
        "fetch whole sets with `twgp fetch lorcana --set 1`, or import the official "
        "catalog JSON or the lorcana-data files with `twgp import lorcana`",
    )

    def __init__(self, client: LorcastClient) -> None:
        self.client = client

    def lookup(
        self, queries: Sequence[CardQuery], *, fuzzy: bool = False, lang: str | None = None
    ) -> Iterator[Batch]:
        return each_query(queries, lambda query: self._one(query, fuzzy))

    def _one(self, query: CardQuery, fuzzy: bool) -> Batch | None:
        if query.set_code and query.collector_number:
            return self._printing(query)
        return self._named(query, fuzzy) if query.name else None

    def _printing(self, query: CardQuery) -> Batch:
        try:
            card = self.client.card(query.set_code or "", query.collector_number or "")
        except CardNotFoundError:
            return Batch([], 1, misses=[Miss(query.label)])
        if query.name and not matches_name(query, _keys(card)):
            return Batch([], 1, misses=[Miss(query.label, reason="that number is another card")])
        return Batch([card], 1)

    def _named(self, query: CardQuery, fuzzy: bool) -> Batch:
        cards = self.client.search(query.name or "")
        if query.set_code:
            cards = [card for card in cards if set_code_of(card) == query.set_code]
        if fuzzy:
            best = closest(query.name or "", cards, full_name)
            return Batch(best, 1) if best else Batch([], 1, misses=[Miss(query.label)])
        hits = [card for card in cards if matches_name(query, _keys(card))]
        reason = "not in that set" if query.set_code else "not found"
        return Batch(hits, 1) if hits else Batch([], 1, misses=[Miss(query.label, reason=reason)])

    def whole_set(self, set_code: str, *, lang: str | None = None) -> Iterator[Batch]:
        try:
            cards = self.client.set_cards(set_code)
        except OfflineError:
            yield Batch([], 0, offline=[f"set {set_code}"])
            return
        except CardNotFoundError as exc:
            yield Batch([], 0, misses=[Miss(f"set {set_code}", reason=exc.message)])
            return
        yield Batch(cards, len(cards), total=len(cards))

    def suggest(self, name: str) -> list[str]:
        return suggestions(
            name, self.client.search, lambda cards: sorted({full_name(card) for card in cards})
        )
