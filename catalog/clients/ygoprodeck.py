"""YGOPRODeck API v7 (Yu-Gi-Oh!): `cardinfo.php` by exact names (several per request, joined
with `|`), fuzzy name, passcodes (comma list) and set; the whole database as bulk
(SOURCES.md §2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx

from catalog.clients._api import ApiClient, Progress
from catalog.clients.sources import YGOPRODECK

Card = dict[str, Any]

CARDINFO = "/cardinfo.php"
#: `misc=yes` adds `misc_info`, the only place YGOPRODeck marks a "?" ATK/DEF (stored as 0);
#: without it the converter cannot tell "?" from a printed 0 (converters/yugioh.py).
MISC = {"misc": "yes"}


class YgoProDeckClient(ApiClient):
    source = YGOPRODECK

    def by_names(self, names: Sequence[str]) -> list[Card]:
        """Cards with exactly these names, one request. Names that match nothing are simply
        absent from the result (the caller compares); none at all gives []."""
        if any("|" in n for n in names):
            raise ValueError("a Yu-Gi-Oh! card name cannot contain '|'")
        return self._cards({"name": "|".join(names)}, _describe(names))

    def fuzzy(self, text: str) -> list[Card]:
        """Cards whose name contains `text` (`fname`)."""
        return self._cards({"fname": text}, f"names like {text!r}")

    def by_ids(self, passcodes: Sequence[int | str]) -> list[Card]:
        """Cards by passcode, several per request (`id=1,2,3`)."""
        ids = ",".join(str(p) for p in passcodes)
        return self._cards({"id": ids}, f"passcode(s) {ids}")

    def by_set(self, set_name: str) -> list[Card]:
        """Every card printed in a set, by its name (`cardset=Metal Raiders`)."""
        return self._cards({"cardset": set_name}, f"the set {set_name!r}")

    def db_version(self) -> dict[str, Any]:
        """`checkDBVer.php`: the database version and date, to know when bulk is stale."""
        response = self._send("GET", "/checkDBVer.php", what="the database version")
        if response.status_code != 200:
            raise self._fail(response, "/checkDBVer.php", "the database version")
        body = self._json(response, "/checkDBVer.php")
        first = body[0] if isinstance(body, list) and body else body
        if not isinstance(first, dict):
            raise self._unexpected("/checkDBVer.php", "a database_version object")
        return first

    def download_all(self, dest: Path, *, progress: Progress | None = None) -> Path:
        """The whole card database (`cardinfo.php` with no filter, >20 MB) streamed to `dest`."""
        url = str(self._http.base_url.join(CARDINFO.lstrip("/")).copy_merge_params(MISC))
        return self.download(url, dest, what="the whole YGOPRODeck database", progress=progress)

    def _cards(self, params: Mapping[str, str], what: str) -> list[Card]:
        response = self._send("GET", CARDINFO, params={**params, **MISC}, what=what)
        if _is_no_match(response):
            return []
        if response.status_code != 200:
            raise self._fail(response, CARDINFO, what)
        body = self._json(response, CARDINFO)
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list):
            raise self._unexpected(CARDINFO, '{"data": [cards]}')
        return [c for c in data if isinstance(c, dict)]


def _is_no_match(response: httpx.Response) -> bool:
    """YGOPRODeck says "no card matching your query" with HTTP 400 (and 404 on some mirrors)."""
    if response.status_code not in (400, 404):
        return False
    try:
        body = response.json()
    except ValueError:
        return response.status_code == 404
    error = body.get("error") if isinstance(body, dict) else None
    return response.status_code == 404 or (isinstance(error, str) and "no card" in error.lower())


def _describe(names: Sequence[str]) -> str:
    if len(names) == 1:
        return repr(names[0])
    shown = ", ".join(names[:3])
    return f"{len(names)} cards ({shown}{', …' if len(names) > 3 else ''})"
