"""Scryfall (Magic: The Gathering): named, id and printing look-ups, the 75-card collection
batch, paginated search, and the bulk-data files (SOURCES.md §1)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from catalog.clients._api import ApiClient, Progress
from catalog.clients._http import Page
from catalog.clients.sources import SCRYFALL
from catalog.errors import AmbiguousCardError, CardNotFoundError

Card = dict[str, Any]
Identifier = Mapping[str, str]

#: Scryfall's documented maximum of identifiers per `POST /cards/collection`
COLLECTION_LIMIT = 75
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
        return self._card(response, "/cards/named", repr(name))

    def by_id(self, scryfall_id: str) -> Card:
        path = f"/cards/{quote(scryfall_id, safe='')}"
        response = self._send("GET", path, what=f"Scryfall id {scryfall_id}")
        if response.status_code == 404:
            raise CardNotFoundError(f"card not found: Scryfall id {scryfall_id}")
        return self._card(response, "/cards/:id", scryfall_id)

    def by_number(self, set_code: str, collector_number: str, lang: str | None = None) -> Card:
        """A printing by set and collector number (and language: `ja` for the Japanese one)."""
        parts = [set_code.lower(), collector_number] + ([lang] if lang else [])
        path = "/cards/" + "/".join(quote(p, safe="") for p in parts)
        what = f"{set_code.upper()} #{collector_number}" + (f" ({lang})" if lang else "")
        response = self._send("GET", path, what=what)
        if response.status_code == 404:
            raise CardNotFoundError(f"card not found: {what}")
        return self._card(response, "/cards/:set/:number", what)

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
            raise self._unexpected(path, 'a list object with "data"')
        not_found = body.get("not_found") or []
        return CollectionResult(
            [c for c in body["data"] if isinstance(c, dict)],
            [i for i in not_found if isinstance(i, dict)],
        )

    def search(
        self,
        query: str,
        *,
        unique: str = "cards",
        order: str | None = None,
        include_extras: bool = False,
    ) -> Iterator[Page]:
        """Pages of a `/cards/search`, following `next_page` while `has_more`, with
        `total_cards`. A query that matches nothing yields nothing (Scryfall answers a 404)."""
        params = {"q": query, "unique": unique}
        if order:
            params["order"] = order
        if include_extras:
            params["include_extras"] = "true"
        url: str | None = "/cards/search"
        what = f"the search {query!r}"
        first = True
        visited: set[str] = set()
        while url is not None and url not in visited:  # a looping next_page must not hang us
            visited.add(url)
            response = self._send("GET", url, params=params if first else None, what=what)
            if response.status_code == 404 and first:
                return
            if response.status_code != 200:
                raise self._fail(response, "/cards/search", what)
            body = self._json(response, "/cards/search")
            if not isinstance(body, dict) or not isinstance(body.get("data"), list):
                raise self._unexpected("/cards/search", 'a list object with "data"')
            total = body.get("total_cards")
            yield Page(
                [c for c in body["data"] if isinstance(c, dict)],
                total if isinstance(total, int) else None,
            )
            next_page = body.get("next_page")
            url = next_page if body.get("has_more") and isinstance(next_page, str) else None
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
        return [n for n in data if isinstance(n, str)] if isinstance(data, list) else []

    def bulk_files(self) -> list[BulkFile]:
        """The bulk-data files Scryfall publishes (`GET /bulk-data`)."""
        response = self._send("GET", "/bulk-data", what="the list of bulk files")
        if response.status_code != 200:
            raise self._fail(response, "/bulk-data", "the list of bulk files")
        body = self._json(response, "/bulk-data")
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list):
            raise self._unexpected("/bulk-data", 'a list object with "data"')
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
            raise self._unexpected("/bulk-data", "bulk_data objects with a download_uri") from None

    def download_bulk(
        self, bulk: BulkFile, dest: Path, *, progress: Progress | None = None
    ) -> Path:
        """Stream a bulk file (a JSON array of cards) to `dest`, atomically."""
        return self.download(
            bulk.download_uri, dest, what=f"the {bulk.type} bulk file", progress=progress
        )

    def _card(self, response: Any, path: str, what: str) -> Card:
        if response.status_code != 200:
            raise self._fail(response, path, what)
        body = self._json(response, path)
        if not isinstance(body, dict) or body.get("object") != "card":
            raise self._unexpected(path, 'a card object ("object": "card")')
        return body


def _error_body(response: Any) -> dict[str, Any]:
    try:
        body = response.json()
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
