"""Disney Lorcana through Lorcast (English): a set and collector number by that card, a name
by a search whose answers are kept only when the full name (`Ariel - On Human Legs`) or the
name agrees, a set by its card list. Lorcast publishes no bulk file."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from rapidfuzz import fuzz, process

from catalog.clients._api import Progress
from catalog.clients.errors import OfflineError
from catalog.clients.lorcast import LorcastClient, set_code_of
from catalog.clients.sources import LORCAST, SourceConfigError
from catalog.errors import CardNotFoundError
from catalog.fetchers import Batch, CardQuery, Miss, Record, matches_name
from catalog.keys import card_name_keys, name_key


def full_name(card: Record) -> str:
    """`Ariel - On Human Legs`: the name and the version, as decklists write them."""
    name, version = str(card.get("name") or ""), str(card.get("version") or "")
    return f"{name} - {version}" if version else name


def _keys(card: Record) -> list[str]:
    return card_name_keys(full_name(card), None) + card_name_keys(str(card.get("name") or ""), None)


class LorcanaFetcher:
    game = "lorcana"
    source = LORCAST

    def __init__(self, client: LorcastClient) -> None:
        self.client = client

    def lookup(
        self, queries: Sequence[CardQuery], *, fuzzy: bool = False, lang: str | None = None
    ) -> Iterator[Batch]:
        for query in queries:
            try:
                if query.set_code and query.collector_number:
                    yield self._printing(query)
                elif query.name:
                    yield self._named(query, fuzzy)
                else:
                    yield Batch([], 1, misses=[Miss(query.label, reason="nothing to look up")])
            except OfflineError:
                yield Batch([], 1, offline=[query.label])

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
            best = _closest(query.name or "", cards)
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
        word = max(name.split(), key=len, default="")
        if len(word) < 3:
            return []
        try:
            cards = self.client.search(word)
        except OfflineError:
            return []
        names = sorted({full_name(card) for card in cards})
        found = process.extract(name, names, scorer=fuzz.WRatio, processor=name_key, limit=5)
        return [n for n, _score, _i in found]

    def bulk_file(
        self,
        folder: Path,
        *,
        kind: str | None,
        refresh: bool,
        offline: bool,
        progress: Progress | None,
    ) -> Path:
        raise SourceConfigError(
            "Lorcast publishes no bulk file",
            hint="fetch whole sets with `twgp fetch lorcana --set 1`, or import the official "
            "catalog JSON or the lorcana-data files with `twgp import lorcana`",
        )


def _closest(name: str, cards: list[Record]) -> list[Record]:
    names = sorted({full_name(card) for card in cards})
    best = process.extractOne(name, names, scorer=fuzz.WRatio, processor=name_key)
    return [card for card in cards if best and full_name(card) == best[0]]
