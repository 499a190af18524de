"""YGOPRODeck API v7 (Yu-Gi-Oh!): `cardinfo.php` by exact names (several per request, joined
with `|`), fuzzy name, passcodes (comma list) and set; the whole database as bulk
(SOURCES.md §2).

Answers are checked against the question: cards of the names or passcodes asked (no more than
were asked), cards printed in the set asked, at most `MAX_CARDS` for a fuzzy name (the whole
database holds about 13,000)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx

from catalog.sources.clients._answer import answers_name
from catalog.sources.clients._api import ApiClient, Progress, json_body
from catalog.sources.clients.sources import YGOPRODECK

Card = dict[str, Any]

CARDINFO = "/cardinfo.php"
#: `misc=yes` adds `misc_info`, the only place YGOPRODeck marks a "?" ATK/DEF (stored as 0);
#: without it the converter cannot tell "?" from a printed 0 (converters/yugioh.py).
MISC = {"misc": "yes"}
#: the most cards one answer may hold (the whole database is about 13,000)
MAX_CARDS = 20_000


class YgoProDeckClient(ApiClient):
    source = YGOPRODECK

    def by_names(self, names: Sequence[str]) -> list[Card]:
        """Cards with exactly these names, one request. Names that match nothing are simply
        absent from the result (the caller compares); none at all gives []."""
        if any("|" in n for n in names):
            raise ValueError("a Yu-Gi-Oh! card name cannot contain '|'")
        return self._cards(
            {"name": "|".join(names)},
            _describe(names),
            at_most=len(names),
            asked=lambda card: any(answers_name(n, card.get("name")) for n in names),
        )

    def fuzzy(self, text: str) -> list[Card]:
        """Cards whose name contains `text` (`fname`)."""
        return self._cards({"fname": text}, f"names like {text!r}", at_most=MAX_CARDS)

    def by_ids(self, passcodes: Sequence[int | str]) -> list[Card]:
        """Cards by passcode, several per request (`id=1,2,3`). A passcode of an alternate
        artwork answers with its card (the artwork's id is among its `card_images`)."""
        ids = ",".join(str(p) for p in passcodes)
        wanted = {_passcode(p) for p in passcodes}
        return self._cards(
            {"id": ids},
            f"passcode(s) {ids}",
            at_most=len(passcodes),
            asked=lambda card: bool(wanted & passcodes_of(card)),
        )

    def by_set(self, set_name: str) -> list[Card]:
        """Every card printed in a set, by its name (`cardset=Metal Raiders`)."""
        wanted = set_name.casefold()
        return self._cards(
            {"cardset": set_name},
            f"the set {set_name!r}",
            at_most=MAX_CARDS,
            asked=lambda card: any(
                isinstance(p, dict) and str(p.get("set_name", "")).casefold() == wanted
                for p in card.get("card_sets") or []
            ),
        )

    def db_version(self) -> dict[str, Any]:
        """`checkDBVer.php`: the database version and date, to know when bulk is stale."""
        response = self._send("GET", "/checkDBVer.php", what="the database version")
        if response.status_code != 200:
            raise self._fail(response, "/checkDBVer.php", "the database version")
        body = self._json(response, "/checkDBVer.php")
        first = body[0] if isinstance(body, list) and body else body
        if not isinstance(first, dict):
            raise self._unexpected(response, "/checkDBVer.php", "a database_version object")
        return first

    def download_all(self, dest: Path, *, progress: Progress | None = None) -> Path:
        """The whole card database (`cardinfo.php` with no filter, >20 MB) streamed to `dest`."""
        url = str(self._http.base_url.join(CARDINFO.lstrip("/")).copy_merge_params(MISC))
        return self.download(url, dest, what="the whole YGOPRODeck database", progress=progress)

    def _cards(
        self,
        params: Mapping[str, str],
        what: str,
        *,
        at_most: int,
        asked: Callable[[Card], bool] | None = None,
    ) -> list[Card]:
        response = self._send("GET", CARDINFO, params={**params, **MISC}, what=what)
        if _is_no_match(response):
            return []
        if response.status_code != 200:
            raise self._fail(response, CARDINFO, what)
        body = self._json(response, CARDINFO)
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list):
            raise self._unexpected(response, CARDINFO, '{"data": [cards]}')
        cards = [c for c in data if isinstance(c, dict)]
        return self._check_cards(response, CARDINFO, what, cards, at_most=at_most, asked=asked)


def _passcode(value: object) -> str:
    """A passcode as one string for any way it is written ("0089631139", 89631139)."""
    text = str(value).strip()
    return str(int(text)) if text.isascii() and text.isdigit() and len(text) <= 12 else text


def passcodes_of(card: Card) -> set[str]:
    """The passcodes a card answers to: its id and those of its artworks."""
    images = card.get("card_images") or []
    return {_passcode(card.get("id"))} | {
        _passcode(i.get("id")) for i in images if isinstance(i, dict)
    }


def _is_no_match(response: httpx.Response) -> bool:
    """YGOPRODeck says "no card matching your query" with HTTP 400 (and 404 on some mirrors)."""
    if response.status_code not in (400, 404):
        return False
    try:
        body = json_body(response)
    except ValueError:
        return response.status_code == 404
    error = body.get("error") if isinstance(body, dict) else None
    return response.status_code == 404 or (isinstance(error, str) and "no card" in error.lower())


def _describe(names: Sequence[str]) -> str:
    if len(names) == 1:
        return repr(names[0])
    shown = ", ".join(names[:3])
    return f"{len(names)} cards ({shown}{', …' if len(names) > 3 else ''})"
