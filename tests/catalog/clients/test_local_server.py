"""A mirror at a plain `http://127.0.0.1:PORT/...` base (env override) works exactly like the
real API, over real sockets on the loopback interface (no respx here)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from catalog.base.errors import CardNotFoundError
from catalog.sources.clients import build_client
from catalog.sources.clients.scryfall import ScryfallClient
from catalog.sources.clients.sources import SCRYFALL
from tests.catalog.clients.fakes import FakeTime, make_settings, record

BOLT = record("scryfall_lightning_bolt")


class _Mirror(BaseHTTPRequestHandler):
    """Just enough of Scryfall under /mirror: named look-ups and the collection batch."""

    seen: list[tuple[str, str, str]] = []  # noqa: RUF012 - shared with the test on purpose

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        self.seen.append(("GET", url.path, self.headers.get("User-Agent", "")))
        exact = parse_qs(url.query).get("exact", [""])[0]
        if url.path == "/mirror/cards/named" and exact == "Lightning Bolt":
            self._json(200, BOLT)
        else:
            self._json(
                404,
                {"object": "error", "code": "not_found", "status": 404, "details": "No card found"},
            )

    def do_POST(self) -> None:
        self.seen.append(("POST", self.path, self.headers.get("User-Agent", "")))
        length = int(self.headers.get("Content-Length", "0"))
        identifiers = json.loads(self.rfile.read(length))["identifiers"]
        found = [BOLT for i in identifiers if i.get("name") == "Lightning Bolt"]
        gone = [i for i in identifiers if i.get("name") != "Lightning Bolt"]
        self._json(200, {"object": "list", "has_more": False, "data": found, "not_found": gone})

    def _json(self, status: int, body: object) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def mirror() -> Iterator[str]:
    _Mirror.seen = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Mirror)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/mirror"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_a_local_mirror_answers_like_scryfall(mirror: str, tmp_path: Path) -> None:
    settings = make_settings(tmp_path, FakeTime(), environ={"TWGP_SCRYFALL_URL": mirror})
    with build_client(SCRYFALL, settings) as http:
        client = ScryfallClient(http)
        assert client.named("Lightning Bolt")["name"] == "Lightning Bolt"
        result = client.collection([{"name": "Lightning Bolt"}, {"name": "Nope"}])
        with pytest.raises(CardNotFoundError, match="card not found: Nope"):
            client.named("Nope")
        assert client.named("Lightning Bolt")["id"] == BOLT["id"]  # from the cache
    assert [c["name"] for c in result.cards] == ["Lightning Bolt"]
    assert result.not_found == [{"name": "Nope"}]
    assert [(m, p) for m, p, _ua in _Mirror.seen] == [
        ("GET", "/mirror/cards/named"),
        ("POST", "/mirror/cards/collection"),
        ("GET", "/mirror/cards/named"),
    ]
    assert all(ua.startswith("twgp/") for _m, _p, ua in _Mirror.seen)
    assert settings.stats.requests == 3
