"""TCGdex v2 (Pokémon in many languages, Japanese included): cards by id, by name
(`?name=eq:…` exact, or contains) and sets, under `/v2/<lang>/` (SOURCES.md §4).

Asian languages have their own set and card ids (`S12a-262`), not the international ones.
List endpoints return brief cards `{id, localId, name, image}`; full cards come by id.

Answers are checked: a card by id is that card; an exact name lists only cards of that name;
a set lists only its own cards; no list holds more than `MAX_BRIEFS` (each brief may cost a
request)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx

from catalog.base.errors import CardNotFoundError
from catalog.sources.clients._answer import answers_name
from catalog.sources.clients._api import ApiClient
from catalog.sources.clients.sources import TCGDEX, SourceConfigError

Card = dict[str, Any]

LANGUAGES = ("en", "fr", "es", "it", "pt", "de", "ja", "zh-tw", "id", "th")
#: the most brief cards one list may hold (a name's printings, a set: hundreds at most)
MAX_BRIEFS = 1_000


class TcgdexClient(ApiClient):
    source = TCGDEX

    def card(self, card_id: str, *, lang: str = "en") -> Card:
        """A full card by its id in that language (`swsh3-136`, or `S12a-262` in ja)."""
        path = f"/{_lang(lang)}/cards/{quote(card_id, safe='')}"
        what = f"card id {card_id} ({lang})"
        response = self._send("GET", path, what=what)
        if response.status_code == 404:
            raise CardNotFoundError(f"card not found: {card_id} ({lang})")
        if response.status_code != 200:
            raise self._fail(response, f"/{lang}/cards/:id", what)
        path = f"/{lang}/cards/:id"
        body = self._json(response, path)
        if not isinstance(body, dict) or "id" not in body or "name" not in body:
            raise self._unexpected(response, path, "a card object with id and name")
        if str(body["id"]).casefold() != card_id.casefold():
            raise self._not_asked(response, path, what, f"the card {body['id']!r}")
        return body

    def find(self, name: str, *, lang: str = "en", exact: bool = True) -> list[Card]:
        """Brief cards named `name` (`eq:` exact, case-insensitive) or containing it."""
        value = f"eq:{name}" if exact else name
        briefs, response = self._briefs(
            f"/{_lang(lang)}/cards", {"name": value}, f"{name!r} ({lang})"
        )
        if exact:
            self._check_cards(
                response,
                f"/{lang}/cards",
                f"{name!r} ({lang})",
                briefs,
                at_most=MAX_BRIEFS,
                asked=lambda brief: answers_name(name, brief.get("name")),
            )
        return briefs

    def set_cards(self, set_id: str, *, lang: str = "en") -> list[Card]:
        """The brief cards of a set (`/sets/<id>` carries them in `cards`)."""
        path = f"/{_lang(lang)}/sets/{quote(set_id, safe='')}"
        what = f"the set {set_id} ({lang})"
        response = self._send("GET", path, what=what)
        if response.status_code == 404:
            raise CardNotFoundError(
                f"set not found: {set_id} ({lang})",
                hint="Japanese sets have their own ids (e.g. SV1a, S12a)",
            )
        if response.status_code != 200:
            raise self._fail(response, f"/{lang}/sets/:id", what)
        body = self._json(response, f"/{lang}/sets/:id")
        cards = body.get("cards") if isinstance(body, dict) else None
        if not isinstance(cards, list):
            raise self._unexpected(response, f"/{lang}/sets/:id", 'a set object with "cards"')
        prefix = set_id.casefold() + "-"
        return self._check_cards(
            response,
            f"/{lang}/sets/:id",
            what,
            [c for c in cards if isinstance(c, dict) and "id" in c],
            at_most=MAX_BRIEFS,
            asked=lambda brief: str(brief["id"]).casefold().startswith(prefix),
        )

    def _briefs(
        self, path: str, params: dict[str, str], what: str
    ) -> tuple[list[Card], httpx.Response]:
        response = self._send("GET", path, params=params, what=what)
        if response.status_code == 404:
            return [], response
        if response.status_code != 200:
            raise self._fail(response, path, what)
        body = self._json(response, path)
        if not isinstance(body, list):
            raise self._unexpected(response, path, "an array of brief cards")
        briefs = [c for c in body if isinstance(c, dict) and "id" in c]
        return self._check_cards(response, path, what, briefs, at_most=MAX_BRIEFS), response


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise SourceConfigError(f"TCGdex has no language {lang!r}; it has {', '.join(LANGUAGES)}")
    return lang
