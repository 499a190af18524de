"""digimoncard.io (Digimon Card Game, English): its public search (SOURCES.md §5) by card
number, by name and by pack, always within `series=Digimon Card Game`. No key; 15 requests per
10 seconds at most.

The answer is a bare array of cards; "nothing found" may come as an empty array, a 404, or an
object carrying `error` — all are no cards. Answers are checked: a search by number lists only
that card's prints; no list holds more than MAX_RESULTS."""

from __future__ import annotations

from typing import Any

import httpx

from catalog.sources.clients._api import ApiClient
from catalog.sources.clients.sources import DIGIMONCARD
from converters.digimon import PARALLEL

Card = dict[str, Any]

SERIES = "Digimon Card Game"
#: the most cards one answer may hold (a pack: a few hundred)
MAX_RESULTS = 2_000


def number_of(card: Card) -> str:
    """A card's number without a parallel suffix (the converter's PARALLEL): `cardnumber`, or
    `id` in older answers."""
    value = card.get("cardnumber", card.get("id", ""))
    return PARALLEL.sub("", str(value).strip()).upper()


class DigimonCardClient(ApiClient):
    source = DIGIMONCARD

    def by_number(self, number: str) -> list[Card]:
        """The prints of a card number (`BT1-010`)."""
        wanted = PARALLEL.sub("", number.strip()).upper()
        response, cards = self._search({"card": wanted}, f"card {wanted}")
        return self._check_cards(response, "/search", f"card {wanted}", cards,
                                 at_most=MAX_RESULTS,
                                 asked=lambda card: number_of(card) == wanted)  # fmt: skip

    def by_name(self, name: str) -> list[Card]:
        """Cards whose name contains `name` (the caller keeps the exact ones)."""
        return self._search({"n": name}, repr(name))[1]

    def by_pack(self, pack: str) -> list[Card]:
        """The cards of a pack (`BT01`, or its name)."""
        return self._search({"pack": pack}, f"the pack {pack}")[1]

    def _search(self, params: dict[str, str], what: str) -> tuple[httpx.Response, list[Card]]:
        path = "/search"
        response = self._send("GET", path, params={**params, "series": SERIES}, what=what)
        if response.status_code in (400, 404):
            return response, []
        if response.status_code != 200:
            raise self._fail(response, path, what)
        body = self._json(response, path)
        if isinstance(body, dict) and "error" in body:
            return response, []
        if not isinstance(body, list):
            raise self._unexpected(response, path, "an array of cards")
        cards = [card for card in body if isinstance(card, dict) and "name" in card]
        return response, self._check_cards(response, path, what, cards, at_most=MAX_RESULTS)
