"""Pokémon through pokemontcg.io (English: names and ids OR-ed into few searches, at most 30
requests a minute without a key) and TCGdex (Japanese and other languages: a name, then each
printing by id)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from catalog.base.errors import CardNotFoundError
from catalog.sources.clients._answer import answers_name
from catalog.sources.clients.errors import OfflineError
from catalog.sources.clients.pokemontcg import PokemonTcgClient, ids_query, names_query
from catalog.sources.clients.sources import POKEMONTCG
from catalog.sources.clients.tcgdex import TcgdexClient
from catalog.sources.fetchers import (
    Batch,
    CardQuery,
    Miss,
    NoBulkFile,
    Record,
    chunked,
    closest,
    matches_name,
    names_of,
    suggestions,
)

#: names or ids OR-ed into one pokemontcg.io search (its queries stay short)
TERMS_PER_SEARCH = 20
_CARD_ID = re.compile(r"^[a-z]+[0-9][a-z0-9.]*-[A-Za-z0-9]+$")


def card_id_of(query: CardQuery) -> str | None:
    """A pokemontcg.io/TCGdex id: given (`base1-4`), or set + number (`base1` + `4`)."""
    if query.source_id:
        return query.source_id.strip()
    if query.set_code and query.collector_number:
        return f"{query.set_code.strip()}-{query.collector_number.strip()}"
    if query.name and _CARD_ID.match(query.name.strip()):
        return query.name.strip()
    return None


def _with_ids(ids: Sequence[str]) -> Callable[[Record], bool]:
    wanted = {i.casefold() for i in ids}
    return lambda card: str(card.get("id", "")).casefold() in wanted


def _named(names: Sequence[str], set_code: str | None) -> Callable[[Record], bool]:
    """Cards of one of `names` (in that set): what an exact names search can find."""
    code = set_code.casefold() if set_code else None

    def asked(card: Record) -> bool:
        return any(answers_name(n, card.get("name")) for n in names) and (
            code is None or _set_id(card) == code
        )

    return asked


def _set_id(card: Record) -> str:
    card_set = card.get("set")
    return str(card_set.get("id", "")).casefold() if isinstance(card_set, dict) else ""


class PokemonFetcher(NoBulkFile):
    game = "pokemon"
    source = POKEMONTCG
    no_bulk_file = (
        "pokemontcg.io and TCGdex publish no bulk file",
        "fetch whole sets with `twgp fetch pokemon --set SET`, or import the JSON "
        "files of the PokemonTCG/pokemon-tcg-data repository",
    )

    def __init__(self, client: PokemonTcgClient, tcgdex: TcgdexClient) -> None:
        self.client = client
        self.tcgdex = tcgdex

    def lookup(
        self, queries: Sequence[CardQuery], *, fuzzy: bool = False, lang: str | None = None
    ) -> Iterator[Batch]:
        other_language = lang is not None and lang != "en"
        tcgdex = [q for q in queries if other_language or q.japanese_name]
        rest = [q for q in queries if q not in tcgdex]
        by_id = [q for q in rest if card_id_of(q)]
        named = [q for q in rest if q not in by_id and q.name]
        nothing = [q for q in rest if q not in by_id and q not in named]
        if nothing:
            yield Batch(
                [],
                len(nothing),
                misses=[Miss(q.label, reason="nothing to look up") for q in nothing],
            )
        yield from self._by_ids(by_id)
        yield from (self._fuzzy(named) if fuzzy else self._by_names(named))
        for query in tcgdex:
            yield self._tcgdex(query, lang or "ja", fuzzy)

    def _search(self, query: str, accept: Callable[[Record], bool] | None = None) -> list[Record]:
        return [card for page in self.client.search(query, accept=accept) for card in page.cards]

    def _by_ids(self, queries: Sequence[CardQuery]) -> Iterator[Batch]:
        for chunk in chunked(queries, TERMS_PER_SEARCH):
            ids = [card_id_of(q) or "" for q in chunk]
            try:
                cards = self._search(ids_query(ids), _with_ids(ids))
            except OfflineError:
                yield Batch([], len(chunk), offline=[q.label for q in chunk])
                continue
            found = {str(c.get("id", "")).casefold() for c in cards}
            misses = [
                Miss(q.label) for q, i in zip(chunk, ids, strict=True) if i.casefold() not in found
            ]
            yield Batch(cards, len(chunk), misses=misses)

    def _by_names(self, queries: Sequence[CardQuery]) -> Iterator[Batch]:
        by_set: dict[str | None, list[CardQuery]] = {}
        for query in queries:
            by_set.setdefault(query.set_code, []).append(query)
        for set_code, group in by_set.items():
            for chunk in chunked(group, TERMS_PER_SEARCH):
                names = list(dict.fromkeys(q.name or "" for q in chunk))
                search = names_query(names)
                if set_code:
                    search += f" set.id:{set_code}"
                try:
                    cards = self._search(search, _named(names, set_code))
                except OfflineError:
                    yield Batch([], len(chunk), offline=[q.label for q in chunk])
                    continue
                misses = [
                    Miss(q.label)
                    for q in chunk
                    if not any(matches_name(q, names_of(c, "name")) for c in cards)
                ]
                yield Batch(cards, len(chunk), misses=misses)

    def _fuzzy(self, queries: Sequence[CardQuery]) -> Iterator[Batch]:
        for query in queries:
            search = names_query([query.name or ""], exact=False)
            if query.set_code:
                search += f" set.id:{query.set_code}"
            try:
                cards = closest(query.name or "", self._search(search))
            except OfflineError:
                yield Batch([], 1, offline=[query.label])
                continue
            yield Batch(cards, 1) if cards else Batch([], 1, misses=[Miss(query.label)])

    def _tcgdex(self, query: CardQuery, lang: str, fuzzy: bool) -> Batch:
        """TCGdex: an id directly; a name lists brief cards, then each printing by id."""
        try:
            card_id = card_id_of(query)
            if card_id:
                return Batch([self.tcgdex.card(card_id, lang=lang)], 1)
            briefs = self.tcgdex.find(query.name or "", lang=lang, exact=not fuzzy)
            if fuzzy:
                briefs = closest(query.name or "", briefs)
            if query.set_code:
                prefix = query.set_code.casefold() + "-"
                briefs = [b for b in briefs if str(b["id"]).casefold().startswith(prefix)]
            if not briefs:
                return Batch([], 1, misses=[Miss(query.label)])
            return Batch([self.tcgdex.card(str(b["id"]), lang=lang) for b in briefs], 1)
        except CardNotFoundError:
            return Batch([], 1, misses=[Miss(query.label)])
        except OfflineError:
            return Batch([], 1, offline=[query.label])

    def whole_set(self, set_code: str, *, lang: str | None = None) -> Iterator[Batch]:
        label = f"set {set_code}"
        try:
            if lang and lang != "en":
                yield from self._tcgdex_set(set_code, lang)
                return
            found = False
            wanted = set_code.casefold()
            for page in self.client.search(
                f"set.id:{set_code}", accept=lambda card: _set_id(card) == wanted
            ):
                found = True
                yield Batch(page.cards, len(page.cards), total=page.total)
            if not found:
                yield Batch([], 0, misses=[Miss(label, reason="no cards")])
        except OfflineError:
            yield Batch([], 0, offline=[label])
        except CardNotFoundError:
            yield Batch([], 0, misses=[Miss(label, reason="no such set")])

    def _tcgdex_set(self, set_code: str, lang: str) -> Iterator[Batch]:
        briefs = self.tcgdex.set_cards(set_code, lang=lang)
        for chunk in chunked(briefs, 10):
            cards = [self.tcgdex.card(str(b["id"]), lang=lang) for b in chunk]
            yield Batch(cards, len(cards), total=len(briefs))

    def suggest(self, name: str) -> list[str]:
        return suggestions(name, lambda word: self._search(names_query([word], exact=False)))
