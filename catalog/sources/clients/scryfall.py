"""Scryfall (Magic: The Gathering): named, id and printing look-ups, the 75-card collection
batch, paginated search, and the bulk-data files (SOURCES.md §1).

Every answer is checked against the question: the card named, the id or printing asked, the
identifiers of a batch (no more cards than identifiers, each card answering one of them), at
most 175 cards a search page and `MAX_SEARCH_CARDS` a search, its pages on the same server."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx

from catalog.base.errors import AmbiguousCardError, CardNotFoundError
from catalog.sources.clients._answer import MAX_SEARCH_CARDS, answers_name, objects
from catalog.sources.clients._api import ApiClient, Progress, json_body
from catalog.sources.clients._http import Page
from catalog.sources.clients.sources import SCRYFALL

Card = dict[str, Any]
Identifier = Mapping[str, str]

#: Scryfall's documented maximum of identifiers per `POST /cards/collection`
COLLECTION_LIMIT = 75
#: Scryfall's page size for searches
PAGE_SIZE = 175
BULK_TYPES = ("oracle_cards", "unique_artwork", "default_cards", "all_cards")


@dataclass(frozen=True)
class CollectionResult:
    """One collection batch: the cards found, and the identifiers Scryfall echoed as not found."""

    cards: list[Card]
    not_found: list[dict[str, Any]]


@dataclass(frozen=True)
class BulkFile:
    type: str
    download_uri: str
    updated_at: str
    size: int | None
    name: str = ""


class ScryfallClient(ApiClient):
    source = SCRYFALL

    def named(self, name: str, *, fuzzy: bool = False, set_code: str | None = None) -> Card:
        """`/cards/named` exact (or fuzzy). Raises CardNotFoundError; an ambiguous fuzzy name
        raises AmbiguousCardError with Scryfall's autocomplete names as candidates."""
        params = {"fuzzy" if fuzzy else "exact": name}
        if set_code:
            params["set"] = set_code
        response = self._send("GET", "/cards/named", params=params, what=repr(name))
        if response.status_code == 404:
            body = _error_body(response)
            if body.get("type") == "ambiguous":
                raise AmbiguousCardError(
                    f"several cards match {name!r}: {body.get('details', '')}".rstrip(": "),
                    candidates=self.autocomplete(name)[:8] or [name],
                )
            raise CardNotFoundError(f"card not found: {name}")
        card = self._card(response, "/cards/named", repr(name))
        if not fuzzy and not answers_name(name, *_names(card)):
            raise self._not_asked(response, "/cards/named", repr(name), f"{card.get('name')!r}")
        if set_code and str(card.get("set", "")).casefold() != set_code.casefold():
            detail = f"a card of the set {card.get('set')!r}"
            raise self._not_asked(response, "/cards/named", repr(name), detail)
        return card

    def by_id(self, scryfall_id: str) -> Card:
        path = f"/cards/{quote(scryfall_id, safe='')}"
        response = self._send("GET", path, what=f"Scryfall id {scryfall_id}")
        if response.status_code == 404:
            raise CardNotFoundError(f"card not found: Scryfall id {scryfall_id}")
        card = self._card(response, "/cards/:id", scryfall_id)
        if str(card.get("id", "")).casefold() != scryfall_id.casefold():
            raise self._not_asked(response, "/cards/:id", scryfall_id, f"id {card.get('id')!r}")
        return card

    def by_number(self, set_code: str, collector_number: str, lang: str | None = None) -> Card:
        """A printing by set and collector number (and language: `ja` for the Japanese one)."""
        parts = [set_code.lower(), collector_number] + ([lang] if lang else [])
        path = "/cards/" + "/".join(quote(p, safe="") for p in parts)
        what = f"{set_code.upper()} #{collector_number}" + (f" ({lang})" if lang else "")
        response = self._send("GET", path, what=what)
        if response.status_code == 404:
            raise CardNotFoundError(f"card not found: {what}")
        card = self._card(response, "/cards/:set/:number", what)
        wanted = {"set": set_code, "collector_number": collector_number, "lang": lang}
        if not answers({k: v for k, v in wanted.items() if v}, card):
            given = f"{card.get('set')} #{card.get('collector_number')} ({card.get('lang')})"
            raise self._not_asked(response, "/cards/:set/:number", what, given)
        return card

    def collection(self, identifiers: Sequence[Identifier]) -> CollectionResult:
        """One `POST /cards/collection` of at most COLLECTION_LIMIT identifiers."""
        if not 0 < len(identifiers) <= COLLECTION_LIMIT:
            count = len(identifiers)
            raise ValueError(f"1 to {COLLECTION_LIMIT} identifiers a request, not {count}")
        what = _describe(identifiers)
        path = "/cards/collection"
        response = self._send(
            "POST", path, json={"identifiers": [dict(i) for i in identifiers]}, what=what
        )
        if response.status_code != 200:
            raise self._fail(response, path, what)
        body = self._json(response, path)
        if not isinstance(body, dict) or not isinstance(body.get("data"), list):
            raise self._unexpected(response, path, 'a list object with "data"')
        not_found = body.get("not_found") or []
        if not isinstance(not_found, list):
            raise self._unexpected(response, path, '"not_found" as a list of identifiers')
        cards = self._check_cards(
            response,
            path,
            what,
            objects(body["data"]),
            at_most=len(identifiers),
            asked=lambda card: any(answers(i, card) for i in identifiers),
        )
        return CollectionResult(cards, objects(not_found)[: len(identifiers)])

    def search(
        self,
        query: str,
        *,
        unique: str = "cards",
        order: str | None = None,
        include_extras: bool = False,
        accept: Callable[[Card], bool] | None = None,
    ) -> Iterator[Page]:
        """Pages of a `/cards/search`, following `next_page` while `has_more`, with
        `total_cards`. A query that matches nothing yields nothing (Scryfall answers a 404).
        A page with a card `accept` refuses (one the query cannot have found), more than a
        page holds or more than `MAX_SEARCH_CARDS` in all is refused."""
        params = {"q": query, "unique": unique}
        if order:
            params["order"] = order
        if include_extras:
            params["include_extras"] = "true"
        url: str | None = "/cards/search"
        what = f"the search {query!r}"
        first = True
        seen = 0
        visited: set[str] = set()
        path = "/cards/search"
        while url is not None and url not in visited:  # a looping next_page must not hang us
            visited.add(url)
            response = self._send("GET", url, params=params if first else None, what=what)
            if response.status_code == 404 and first:
                return
            if response.status_code != 200:
                raise self._fail(response, path, what)
            body = self._json(response, path)
            if not isinstance(body, dict) or not isinstance(body.get("data"), list):
                raise self._unexpected(response, path, 'a list object with "data"')
            total = body.get("total_cards")
            total = total if isinstance(total, int) and not isinstance(total, bool) else None
            if total is not None and total > MAX_SEARCH_CARDS:
                raise self._not_asked(
                    response, path, what, f"{total} cards (more than {MAX_SEARCH_CARDS})"
                )
            cards = self._check_cards(
                response, path, what, objects(body["data"]), at_most=PAGE_SIZE, asked=accept
            )
            seen += len(cards)
            if seen > MAX_SEARCH_CARDS:
                raise self._not_asked(
                    response, path, what, f"more than {MAX_SEARCH_CARDS} cards in its pages"
                )
            yield Page(cards, total)
            next_page = body.get("next_page")
            url = next_page if body.get("has_more") and isinstance(next_page, str) else None
            if url is not None and not self._same_server(url):
                raise self._not_asked(
                    response, path, what, f"a next page on another server ({url[:80]})"
                )
            first = False

    def autocomplete(self, text: str) -> list[str]:
        """Up to 20 card names Scryfall suggests for `text` (a catalog object)."""
        response = self._send(
            "GET", "/cards/autocomplete", params={"q": text}, what=f"names like {text!r}"
        )
        if response.status_code != 200:
            return []
        body = self._json(response, "/cards/autocomplete")
        data = body.get("data") if isinstance(body, dict) else None
        return [n for n in data if isinstance(n, str)][:20] if isinstance(data, list) else []

    def bulk_files(self) -> list[BulkFile]:
        """The bulk-data files Scryfall publishes (`GET /bulk-data`)."""
        response = self._send("GET", "/bulk-data", what="the list of bulk files")
        if response.status_code != 200:
            raise self._fail(response, "/bulk-data", "the list of bulk files")
        body = self._json(response, "/bulk-data")
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list):
            raise self._unexpected(response, "/bulk-data", 'a list object with "data"')
        try:
            return [
                BulkFile(
                    type=str(d["type"]),
                    download_uri=str(d["download_uri"]),
                    updated_at=str(d.get("updated_at", "")),
                    size=d.get("size") if isinstance(d.get("size"), int) else None,
                    name=str(d.get("name", "")),
                )
                for d in data
            ]
        except (KeyError, TypeError):
            raise self._unexpected(
                response, "/bulk-data", "bulk_data objects with a download_uri"
            ) from None

    def download_bulk(
        self, bulk: BulkFile, dest: Path, *, progress: Progress | None = None
    ) -> Path:
        """Stream a bulk file (a JSON array of cards) to `dest`, atomically."""
        return self.download(
            bulk.download_uri, dest, what=f"the {bulk.type} bulk file", progress=progress
        )

    def _card(self, response: httpx.Response, path: str, what: str) -> Card:
        if response.status_code != 200:
            raise self._fail(response, path, what)
        body = self._json(response, path)
        if not isinstance(body, dict) or body.get("object") != "card":
            raise self._unexpected(response, path, 'a card object ("object": "card")')
        return body

    def _same_server(self, url: str) -> bool:
        here, there = self._http.base_url, httpx.URL(url)
        return (there.scheme, there.host, there.port) == (here.scheme, here.host, here.port)


def _names(card: Card) -> list[Any]:
    """The names a card answers to: its name, printed name, and those of its faces."""
    names = [card.get("name"), card.get("printed_name")]
    for face in card.get("card_faces") or []:
        if isinstance(face, dict):
            names += [face.get("name"), face.get("printed_name")]
    return names


def answers(identifier: Mapping[str, Any], card: Card) -> bool:
    """Whether `card` answers a `/cards/collection` identifier (or a set + number + lang)."""
    for key, value in identifier.items():
        wanted = str(value).casefold()
        if key == "name":
            ok = answers_name(str(value), *_names(card))
        elif key == "multiverse_id":
            ok = wanted in {str(m).casefold() for m in card.get("multiverse_ids") or []}
        else:
            ok = str(card.get(key, "")).casefold() == wanted
        if not ok:
            return False
    return True


def _error_body(response: httpx.Response) -> dict[str, Any]:
    try:
        body = json_body(response)
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def identifier_label(identifier: Mapping[str, Any]) -> str:
    """How a user would name an identifier: "Lightning Bolt", "NEO #123", "Opt (DOM)"."""
    name, set_code = identifier.get("name"), identifier.get("set")
    number = identifier.get("collector_number")
    if name and set_code:
        return f"{name} ({str(set_code).upper()})"
    if name:
        return str(name)
    if set_code and number:
        return f"{str(set_code).upper()} #{number}"
    for key in ("id", "oracle_id", "multiverse_id", "mtgo_id", "illustration_id"):
        if identifier.get(key) is not None:
            return f"{key} {identifier[key]}"
    return str(dict(identifier))


def _describe(identifiers: Sequence[Identifier]) -> str:
    labels = [identifier_label(i) for i in identifiers[:3]]
    more = len(identifiers) - len(labels)
    return f"{len(identifiers)} card(s) ({', '.join(labels)}{', …' if more > 0 else ''})"
