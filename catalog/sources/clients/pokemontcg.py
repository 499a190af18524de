"""pokemontcg.io v2 (Pokémon, English): a card by id and paginated searches in its
`field:value` query syntax; the optional API key is added by `_http.KeyTransport`, never here
(SOURCES.md §3).

Answers are checked: a card by id is that card; a search page holds at most the page size
asked, `MAX_SEARCH_CARDS` in all, and only cards the caller's `accept` takes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any
from urllib.parse import quote

from catalog.base.errors import CardNotFoundError
from catalog.sources.clients._answer import MAX_SEARCH_CARDS, objects
from catalog.sources.clients._api import ApiClient
from catalog.sources.clients._http import Page
from catalog.sources.clients.sources import POKEMONTCG

Card = dict[str, Any]

#: the API's maximum page size
PAGE_SIZE = 250


def quoted(value: str) -> str:
    """A phrase for the query syntax: double quotes, with `\\` and `"` escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def names_query(names: Iterable[str], *, exact: bool = True) -> str:
    """`!name:"A" OR !name:"B"` (exact) or `name:"A*"` style prefix matches (fuzzy)."""
    if exact:
        terms = [f"!name:{quoted(n)}" for n in names]
    else:
        terms = [f"name:{quoted(n.strip() + '*')}" for n in names]
    return terms[0] if len(terms) == 1 else "(" + " OR ".join(terms) + ")"


def ids_query(card_ids: Iterable[str]) -> str:
    terms = [f"id:{quoted(i)}" for i in card_ids]
    return terms[0] if len(terms) == 1 else "(" + " OR ".join(terms) + ")"


class PokemonTcgClient(ApiClient):
    source = POKEMONTCG

    def card(self, card_id: str) -> Card:
        """`/cards/<setId>-<number>` (e.g. `base1-4`)."""
        path = f"/cards/{quote(card_id, safe='')}"
        what = f"card id {card_id}"
        response = self._send("GET", path, what=what)
        if response.status_code == 404:
            raise CardNotFoundError(f"card not found: {card_id}")
        if response.status_code != 200:
            raise self._fail(response, "/cards/:id", what)
        body = self._json(response, "/cards/:id")
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, dict):
            raise self._unexpected(response, "/cards/:id", '{"data": {card}}')
        if str(data.get("id", "")).casefold() != card_id.casefold():
            raise self._not_asked(response, "/cards/:id", what, f"the card {data.get('id')!r}")
        return data

    def search(
        self,
        query: str,
        *,
        page_size: int = PAGE_SIZE,
        order_by: str | None = None,
        accept: Callable[[Card], bool] | None = None,
    ) -> Iterator[Page]:
        """Pages of `/cards?q=…` until `totalCount` cards have come (or a page is empty). A
        page with a card `accept` refuses, more cards than the page size or more than
        `MAX_SEARCH_CARDS` in all is refused."""
        page, seen = 1, 0
        what = f"the search {query!r}"
        while True:
            params: dict[str, str | int] = {"q": query, "page": page, "pageSize": page_size}
            if order_by:
                params["orderBy"] = order_by
            response = self._send("GET", "/cards", params=params, what=what)
            if response.status_code == 404:
                return
            if response.status_code != 200:
                raise self._fail(response, "/cards", what)
            body = self._json(response, "/cards")
            data = body.get("data") if isinstance(body, dict) else None
            if not isinstance(data, list):
                raise self._unexpected(response, "/cards", '{"data": [cards], "totalCount": N}')
            cards = self._check_cards(
                response, "/cards", what, objects(data), at_most=page_size, asked=accept
            )
            total = body.get("totalCount")
            if isinstance(total, int) and total > MAX_SEARCH_CARDS:
                detail = f"{total} cards (more than {MAX_SEARCH_CARDS})"
                raise self._not_asked(response, "/cards", what, detail)
            if cards:
                yield Page(cards, total if isinstance(total, int) else None)
            seen += len(data)
            if not data or not isinstance(total, int) or seen >= total:
                return
            page += 1
