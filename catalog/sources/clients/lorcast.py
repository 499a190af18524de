"""Lorcast (Disney Lorcana, English): card search, a card by set and collector number, and a
set's cards (SOURCES.md §6). No key; it asks for 50–100 ms between requests.

Answers are checked: a card by set and number is that card; a set lists only its own cards;
no list holds more than MAX_RESULTS. The search's envelope (`{"results": [...]}`) is read, and
a bare array too."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx

from catalog.base.errors import CardNotFoundError
from catalog.sources.clients._api import ApiClient
from catalog.sources.clients.sources import LORCAST

Card = dict[str, Any]

#: the most cards one answer may hold (a set: about 220; a search: a name's versions)
MAX_RESULTS = 1_000


def set_code_of(card: Card) -> str:
    """A Lorcast card's set code (`{"set": {"code": "1"}}`), compared as text."""
    found = card.get("set")
    return str(found.get("code", "")) if isinstance(found, dict) else ""


class LorcastClient(ApiClient):
    source = LORCAST

    def search(self, query: str) -> list[Card]:
        """The cards a search finds (`/cards/search?q=`): a name finds its versions."""
        path = "/cards/search"
        what = f"{query!r}"
        response = self._send("GET", path, params={"q": query}, what=what)
        if response.status_code == 404:
            return []
        if response.status_code != 200:
            raise self._fail(response, path, what)
        return self._cards(response, path, what)

    def card(self, set_code: str, number: str) -> Card:
        """One card by its set code and collector number (`/cards/1/9`)."""
        path = f"/cards/{quote(set_code, safe='')}/{quote(number, safe='')}"
        what = f"set {set_code} #{number}"
        response = self._send("GET", path, what=what)
        if response.status_code == 404:
            raise CardNotFoundError(f"card not found: set {set_code} #{number}")
        if response.status_code != 200:
            raise self._fail(response, "/cards/:set/:number", what)
        body = self._json(response, "/cards/:set/:number")
        if not isinstance(body, dict) or "name" not in body:
            raise self._unexpected(response, "/cards/:set/:number", "a card object with a name")
        found = (set_code_of(body), str(body.get("collector_number", "")))
        if found != (set_code, number):
            raise self._not_asked(response, "/cards/:set/:number", what,
                                  f"the card of set {found[0]} #{found[1]}")  # fmt: skip
        return body

    def set_cards(self, set_code: str) -> list[Card]:
        """Every card of a set (`/sets/<code>/cards`)."""
        path = f"/sets/{quote(set_code, safe='')}/cards"
        what = f"the set {set_code}"
        response = self._send("GET", path, what=what)
        if response.status_code == 404:
            raise CardNotFoundError(
                f"set not found: {set_code}", hint="Lorcast's set codes are 1, 2, 3… and P1…"
            )
        if response.status_code != 200:
            raise self._fail(response, "/sets/:id/cards", what)
        cards = self._cards(response, "/sets/:id/cards", what)
        return self._check_cards(response, "/sets/:id/cards", what, cards, at_most=MAX_RESULTS,
                                 asked=lambda card: set_code_of(card) == set_code)  # fmt: skip

    def _cards(self, response: httpx.Response, path: str, what: str) -> list[Card]:
        body = self._json(response, path)
        if isinstance(body, dict) and isinstance(body.get("results"), list):
            body = body["results"]
        if not isinstance(body, list):
            raise self._unexpected(response, path, 'a card list (or {"results": [...]})')
        cards = [card for card in body if isinstance(card, dict) and "name" in card]
        return self._check_cards(response, path, what, cards, at_most=MAX_RESULTS)
