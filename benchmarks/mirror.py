"""A stand-in Scryfall on the loopback interface (the local-mirror approach of the online
tests): `POST /cards/collection`, `GET /cards/named` and `GET /cards/search` answer from the
synthetic cards it was given, and every request is counted. twgp reaches it through
`TWGP_SCRYFALL_URL`, over real sockets, exactly as it reaches the real API."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

Card = dict[str, Any]


class _Cards:
    def __init__(self, cards: Iterable[Card]) -> None:
        self.by_name: dict[str, Card] = {}
        self.by_id: dict[str, Card] = {}
        self.by_number: dict[tuple[str, str], Card] = {}
        for card in cards:
            self.by_name.setdefault(card["name"].casefold(), card)
            self.by_id[card["id"]] = card
            self.by_number[(card["set"], card["collector_number"])] = card
        self.requests: list[str] = []
        self.lock = threading.Lock()

    def find(self, identifier: dict[str, Any]) -> Card | None:
        if "id" in identifier:
            return self.by_id.get(str(identifier["id"]))
        if "collector_number" in identifier:
            key = (str(identifier.get("set", "")), str(identifier["collector_number"]))
            return self.by_number.get(key)
        return self.by_name.get(str(identifier.get("name", "")).casefold())


def _handler(cards: _Cards) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            url = urlsplit(self.path)
            self._count("GET", url.path)
            query = parse_qs(url.query)
            card = None
            if url.path.endswith("/cards/named"):
                card = cards.find({"name": (query.get("exact") or query.get("fuzzy") or [""])[0]})
            if card is not None:
                self._json(200, card)
            else:
                self._json(404, {"object": "error", "code": "not_found", "status": 404,
                                 "details": "No card found"})  # fmt: skip

        def do_POST(self) -> None:
            self._count("POST", self.path)
            length = int(self.headers.get("Content-Length", "0"))
            identifiers = json.loads(self.rfile.read(length))["identifiers"]
            found: list[Card] = []
            missing: list[dict[str, Any]] = []
            for identifier in identifiers:
                card = cards.find(identifier)
                if card is not None:
                    found.append(card)
                else:
                    missing.append(identifier)
            self._json(200, {"object": "list", "has_more": False, "data": found,
                             "not_found": missing})  # fmt: skip

        def _count(self, method: str, path: str) -> None:
            with cards.lock:
                cards.requests.append(f"{method} {path}")

        def _json(self, status: int, body: object) -> None:
            data = json.dumps(body, ensure_ascii=False).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


class Mirror:
    def __init__(self, url: str, cards: _Cards) -> None:
        self.url = url
        self._cards = cards

    @property
    def requests(self) -> list[str]:
        with self._cards.lock:
            return list(self._cards.requests)


@contextmanager
def scryfall_mirror(cards: Iterable[Card]) -> Iterator[Mirror]:
    """A running mirror holding `cards`; its base URL is `mirror.url`."""
    state = _Cards(cards)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Mirror(f"http://127.0.0.1:{server.server_address[1]}", state)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
