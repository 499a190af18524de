"""The on-disk HTTP cache: fresh answers make no request; validators, max-age, no-store, the
24-hour default, POST bodies, --refresh and --offline."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
import respx

from catalog.sources.clients import build_client
from catalog.sources.clients._cache import (
    CACHE_STATUS,
    DEFAULT_FRESHNESS,
    CacheMode,
    CacheTransport,
    FileCache,
    NotCachedError,
)
from catalog.sources.clients.errors import OfflineError
from catalog.sources.clients.scryfall import ScryfallClient
from catalog.sources.clients.sources import SCRYFALL
from tests.catalog.clients.fakes import SCRYFALL as SCRYFALL_URL
from tests.catalog.clients.fakes import (
    FakeTime,
    make_settings,
    record,
    scryfall_card,
    scryfall_list,
)

BOLT = record("scryfall_lightning_bolt")
URL = "https://example.test/cards/1"


class Server(httpx.BaseTransport):
    """A scripted origin: hands out the queued responses and records what it was sent."""

    def __init__(self, *responses: httpx.Response) -> None:
        self.responses = list(responses)
        self.requests: list[httpx.Request] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.responses.pop(0)


def cached_client(
    tmp_path: Path, server: Server, clock: FakeTime, mode: CacheMode = CacheMode.NORMAL
) -> httpx.Client:
    transport = CacheTransport(server, FileCache(tmp_path / "c"), mode=mode, clock=clock.clock)
    return httpx.Client(transport=transport)


def ok(body: bytes = b'{"n": 1}', **headers: str) -> httpx.Response:
    return httpx.Response(200, content=body, headers=headers)


def test_a_second_identical_fetch_makes_zero_requests(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").respond(json=BOLT)
    first = scryfall.named("Lightning Bolt")
    second = scryfall.named("Lightning Bolt")
    assert first == second
    assert route.call_count == 1


def test_the_cache_lives_on_disk_across_clients(
    respx_mock: respx.MockRouter, tmp_path: Path, fake: FakeTime
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").respond(json=BOLT)
    for _ in range(2):
        settings = make_settings(tmp_path, fake)
        with build_client(SCRYFALL, settings) as http:
            ScryfallClient(http).named("Lightning Bolt")
    assert route.call_count == 1
    assert settings.stats.requests == 0
    assert settings.stats.cache_hits == 1


def test_collection_posts_are_cached_by_their_body(
    respx_mock: respx.MockRouter, scryfall: ScryfallClient
) -> None:
    def echo(request: httpx.Request) -> httpx.Response:
        names = [i["name"] for i in json.loads(request.content)["identifiers"]]
        return httpx.Response(200, json=scryfall_list([scryfall_card(n) for n in names]))

    route = respx_mock.post(f"{SCRYFALL_URL}/cards/collection").mock(side_effect=echo)
    scryfall.collection([{"name": "Grizzly Bears"}])
    scryfall.collection([{"name": "Grizzly Bears"}])
    assert route.call_count == 1
    scryfall.collection([{"name": "Runeclaw Bear"}])
    assert route.call_count == 2


def test_no_cache_headers_mean_fresh_for_24_hours(tmp_path: Path) -> None:
    clock = FakeTime(start=1_700_000_000)
    server = Server(ok(b"1"), ok(b"2"))
    with cached_client(tmp_path, server, clock) as http:
        assert http.get(URL).content == b"1"
        clock.now += DEFAULT_FRESHNESS - 60
        assert http.get(URL).content == b"1"
        clock.now += 120
        assert http.get(URL).content == b"2"
    assert len(server.requests) == 2


def test_max_age_is_honoured(tmp_path: Path) -> None:
    clock = FakeTime(start=1_700_000_000)
    server = Server(ok(b"1", **{"Cache-Control": "max-age=60"}), ok(b"2"))
    with cached_client(tmp_path, server, clock) as http:
        http.get(URL)
        clock.now += 30
        assert http.get(URL).extensions[CACHE_STATUS] == "hit"
        clock.now += 31
        assert http.get(URL).content == b"2"


def test_age_header_counts_against_max_age(tmp_path: Path) -> None:
    clock = FakeTime(start=1_700_000_000)
    server = Server(ok(b"1", **{"Cache-Control": "max-age=60", "Age": "59"}), ok(b"2"))
    with cached_client(tmp_path, server, clock) as http:
        http.get(URL)
        clock.now += 2
        assert http.get(URL).content == b"2"


def test_stale_entry_is_revalidated_with_its_etag_and_a_304_serves_the_stored_body(
    tmp_path: Path,
) -> None:
    clock = FakeTime(start=1_700_000_000)
    server = Server(
        ok(
            b"body",
            **{
                "Cache-Control": "max-age=10",
                "ETag": '"v1"',
                "Last-Modified": "Wed, 01 May 2024 09:00:00 GMT",
            },
        ),
        httpx.Response(304, headers={"Cache-Control": "max-age=10"}),
    )
    with cached_client(tmp_path, server, clock) as http:
        http.get(URL)
        clock.now += 20
        again = http.get(URL)
        assert again.content == b"body"
        assert again.extensions[CACHE_STATUS] == "revalidated"
        clock.now += 5
        assert http.get(URL).extensions[CACHE_STATUS] == "hit"  # the 304 renewed it
    conditional = server.requests[1]
    assert conditional.headers["If-None-Match"] == '"v1"'
    assert conditional.headers["If-Modified-Since"] == "Wed, 01 May 2024 09:00:00 GMT"
    assert len(server.requests) == 2


def test_no_store_is_not_stored_and_no_cache_always_revalidates(tmp_path: Path) -> None:
    clock = FakeTime()
    server = Server(
        ok(b"1", **{"Cache-Control": "no-store"}),
        ok(b"2"),
        ok(b"3", **{"Cache-Control": "no-cache"}),
        ok(b"4"),
    )
    with cached_client(tmp_path, server, clock) as http:
        assert http.get(URL).content == b"1"
        assert http.get(URL).content == b"2"  # nothing was stored
        assert http.get(f"{URL}?x").content == b"3"
        assert http.get(f"{URL}?x").content == b"4"


def test_errors_are_not_stored(tmp_path: Path) -> None:
    server = Server(httpx.Response(404), ok(b"found"))
    with cached_client(tmp_path, server, FakeTime()) as http:
        assert http.get(URL).status_code == 404
        assert http.get(URL).content == b"found"


def test_expires_header_sets_the_lifetime(tmp_path: Path) -> None:
    clock = FakeTime(start=1_714_554_000)  # 2024-05-01 09:00:00 UTC
    server = Server(
        ok(b"1", Date="Wed, 01 May 2024 09:00:00 GMT", Expires="Wed, 01 May 2024 09:01:00 GMT"),
        ok(b"2"),
    )
    with cached_client(tmp_path, server, clock) as http:
        http.get(URL)
        clock.now += 30
        assert http.get(URL).content == b"1"
        clock.now += 60
        assert http.get(URL).content == b"2"


def test_refresh_asks_the_server_and_stores_the_new_answer(tmp_path: Path) -> None:
    clock = FakeTime()
    with cached_client(tmp_path, Server(ok(b"old")), clock) as http:
        http.get(URL)
    server = Server(ok(b"new"))
    with cached_client(tmp_path, server, clock, CacheMode.REFRESH) as http:
        assert http.get(URL).content == b"new"
    with cached_client(tmp_path, Server(), clock) as http:
        assert http.get(URL).content == b"new"
    assert "If-None-Match" not in server.requests[0].headers


def test_offline_serves_even_stale_entries_and_never_sends(tmp_path: Path) -> None:
    clock = FakeTime()
    with cached_client(
        tmp_path, Server(ok(b"kept", **{"Cache-Control": "max-age=1"})), clock
    ) as http:
        http.get(URL)
    clock.now += 10 * DEFAULT_FRESHNESS
    server = Server()
    with cached_client(tmp_path, server, clock, CacheMode.OFFLINE) as http:
        response = http.get(URL)
        assert response.content == b"kept"
        assert response.extensions[CACHE_STATUS] == "stale"
        with pytest.raises(NotCachedError, match=r"GET https://example\.test/other"):
            http.get("https://example.test/other")
    assert server.requests == []


def test_offline_client_error_names_the_card(
    respx_mock: respx.MockRouter, tmp_path: Path, fake: FakeTime
) -> None:
    route = respx_mock.get(f"{SCRYFALL_URL}/cards/named").respond(json=BOLT)
    with build_client(SCRYFALL, make_settings(tmp_path, fake, offline=True)) as http:
        with pytest.raises(OfflineError) as caught:
            ScryfallClient(http).named("Counterspell")
    assert "'Counterspell'" in caught.value.message
    assert "--offline" in caught.value.hint
    assert not route.called


def test_a_damaged_entry_reads_as_a_miss(tmp_path: Path) -> None:
    clock = FakeTime()
    with cached_client(tmp_path, Server(ok(b"1")), clock) as http:
        http.get(URL)
    for meta in (tmp_path / "c").rglob("*.json"):
        meta.write_text("{broken")
    with cached_client(tmp_path, Server(ok(b"2")), clock) as http:
        assert http.get(URL).content == b"2"


def test_no_request_header_reaches_the_disk(tmp_path: Path) -> None:
    server = Server(ok(b"1"))
    with cached_client(tmp_path, server, FakeTime()) as http:
        http.get(URL, headers={"X-Api-Key": "secret-value"})
    stored = b"".join(p.read_bytes() for p in (tmp_path / "c").rglob("*") if p.is_file())
    assert b"secret-value" not in stored
    assert b"example.test" in stored  # the entry is there, keyed and labelled by its URL
