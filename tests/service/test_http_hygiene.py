"""HTTP hygiene of the API: gzip, ETag / If-None-Match / 304, Cache-Control, rate limits that
spare the page and its static files, 404 problems (never a redirect) for unknown paths, forged
cursors, unknown games, and database faults that say nothing of the database."""

from __future__ import annotations

import base64
import gzip
import json
import socket

import httpx
import pytest
from sqlalchemy import create_engine, make_url

from service.app import create_app
from service.engines import Engines
from service.problems import CATALOG_UNAVAILABLE
from tests.catalog.conftest import POSTGRES_URL
from tests.service.conftest import BASE, MakeService, Service, make_settings

GZIP = {"accept-encoding": "gzip"}


async def test_large_answers_are_gzipped_small_ones_not(client: httpx.AsyncClient) -> None:
    page = await client.get("/v1/cards", params={"limit": 20}, headers=GZIP)
    assert page.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in page.headers["vary"].lower()
    assert page.json()["cards"]  # httpx decompressed it: a valid gzip stream
    plain = await client.get("/v1/cards", params={"limit": 20},
                             headers={"accept-encoding": "identity"})  # fmt: skip
    assert "content-encoding" not in plain.headers
    assert gzip.decompress(await _raw(client, "/v1/cards?limit=20")) == plain.content
    small = await client.get("/healthz", headers=GZIP)
    assert "content-encoding" not in small.headers


async def _raw(client: httpx.AsyncClient, url: str) -> bytes:
    """The body as sent (compressed), not decoded by httpx."""
    async with client.stream("GET", url, headers=GZIP) as answer:
        return b"".join([chunk async for chunk in answer.aiter_raw()])


async def test_reads_carry_an_etag_and_a_current_one_is_304(client: httpx.AsyncClient) -> None:
    first = await client.get("/v1/cards", params={"q": "bolt"})
    tag = first.headers["etag"]
    assert tag.startswith('W/"')
    assert first.headers["cache-control"].startswith("public, max-age=")
    again = await client.get("/v1/cards", params={"q": "bolt"}, headers={"if-none-match": tag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == tag
    assert "content-type" not in again.headers
    listed = await client.get("/v1/cards", params={"q": "bolt"},
                              headers={"if-none-match": f'W/"other", {tag.removeprefix("W/")}'})
    assert listed.status_code == 304  # weak comparison, any tag of a list
    stale = await client.get("/v1/cards", params={"q": "bolt"}, headers={"if-none-match": 'W/"x"'})
    assert stale.status_code == 200
    assert stale.content == first.content
    other = await client.get("/v1/cards", params={"q": "giant growth"})
    assert other.headers["etag"] != tag


async def test_the_etag_is_the_same_compressed_or_not(client: httpx.AsyncClient) -> None:
    zipped = await client.get("/v1/cards", params={"limit": 20}, headers=GZIP)
    plain = await client.get("/v1/cards", params={"limit": 20},
                             headers={"accept-encoding": "identity"})  # fmt: skip
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.headers["etag"] == plain.headers["etag"]
    revalidated = await client.get("/v1/cards", params={"limit": 20},
                                   headers={**GZIP, "if-none-match": plain.headers["etag"]})
    assert revalidated.status_code == 304


@pytest.mark.parametrize("path", ["/v1/sets", "/v1/games", "/v1/formats",
                                  "/v1/cards/mtg/m10-bolt", "/v1/cards/named?exact=Lightning Bolt",
                                  "/v1/cards/autocomplete?q=light"])  # fmt: skip
async def test_every_read_is_tagged(client: httpx.AsyncClient, path: str) -> None:
    first = await client.get(path)
    assert first.status_code == 200
    again = await client.get(path, headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304


async def test_keyed_private_written_and_failed_answers_are_not_stored(
    make_service: MakeService, client: httpx.AsyncClient
) -> None:
    missing = await client.get("/v1/cards/mtg/no-such-card")
    assert missing.status_code == 404
    assert missing.headers["cache-control"] == "no-store"
    assert "etag" not in missing.headers
    validated = await client.post("/v1/decks/validate", content=b"[life]\n1 mtg Lightning Bolt\n")
    assert validated.status_code == 200
    assert validated.headers["cache-control"] == "no-store"
    assert "etag" not in validated.headers
    open_server: Service = make_service()
    async with open_server.client(authorization=f"Bearer {open_server.key()}") as keyed:
        answer = await keyed.get("/v1/cards", params={"q": "bolt"})
        assert answer.headers["cache-control"] == "no-store"
        assert "etag" in answer.headers  # still revalidated, by its own client
    private: Service = make_service(private=True)
    async with private.client(authorization=f"Bearer {private.key('private')}") as keyed:
        assert (await keyed.get("/v1/cards")).headers["cache-control"] == "no-store"
    async with private.client() as anonymous:
        refused = await anonymous.get("/v1/cards")
        assert refused.status_code == 401
        assert refused.headers["cache-control"] == "no-store"


async def test_the_page_and_its_static_files_are_not_rate_limited(make_service: MakeService) -> None:
    service: Service = make_service(read_rate="2/minute")
    async with service.client() as client:
        assert [(await client.get("/v1/games")).status_code for _ in range(3)] == [200, 200, 429]
        for path in ("/", "/static/app.js", "/docs", "/docs-static/swagger-ui.css",
                     "/openapi.json", "/", "/static/app.js"):  # fmt: skip
            assert (await client.get(path)).status_code == 200, path
        assert (await client.get("/v1/games")).status_code == 429  # the API still is


@pytest.mark.parametrize("path", ["/v1/cards/", "/v1/nothing", "/v1/games/", "/v1/sets/x",
                                  "/v1/decks/validate/"])  # fmt: skip
async def test_unknown_api_paths_are_404_problems_never_redirects(
    client: httpx.AsyncClient, path: str
) -> None:
    answer = await client.get(path, headers={"host": "evil.example"}, follow_redirects=False)
    assert answer.status_code in (404, 405), answer.headers
    assert answer.headers["content-type"] == "application/problem+json"
    assert "location" not in answer.headers
    assert "evil.example" not in answer.text


def _cursor(payload: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")


def _fingerprint(query: str) -> str:
    """The query's mark as a cursor this API gives carries it."""
    from service.routes.cards import make_cursor

    given = make_cursor(query, 0)
    return str(json.loads(base64.urlsafe_b64decode(given + "=" * (-len(given) % 4)))["q"])


@pytest.mark.parametrize("cursor", [
    "not-a-cursor!", "", "=", "AAAA", _cursor([1]), _cursor("o"), _cursor(7), _cursor({"o": 1}),
    _cursor({"q": _fingerprint(""), "o": -1}), _cursor({"q": _fingerprint(""), "o": "5"}),
    _cursor({"q": _fingerprint(""), "o": 10**30}), _cursor({"q": _fingerprint(""), "o": 2**63}),
    _cursor({"q": _fingerprint(""), "o": 1.5}), _cursor({"q": _fingerprint(""), "o": True}),
    _cursor({"q": "other", "o": 2}),
    base64.urlsafe_b64encode(b"\xff\xfe").decode(),
])  # fmt: skip
async def test_a_forged_cursor_is_a_400_problem(client: httpx.AsyncClient, cursor: str) -> None:
    answer = await client.get("/v1/cards", params={"cursor": cursor})
    if cursor == "":  # an empty cursor is no cursor: the first page
        assert answer.status_code == 200
        return
    assert answer.status_code == 400, answer.text
    assert answer.json()["code"] == "InvalidCursor"


@pytest.mark.parametrize("path", ["/v1/cards/chess/bolt", "/v1/sets?game=chess",
                                  "/v1/cards/named?exact=Lightning%20Bolt&game=chess",
                                  "/v1/cards/named?fuzzy=bolt&game=chess",
                                  "/v1/cards/autocomplete?q=li&game=chess",
                                  "/v1/collection?game=chess"])  # fmt: skip
async def test_an_unknown_game_is_unknown_game_not_card_not_found(
    writer: httpx.AsyncClient, path: str
) -> None:
    answer = await writer.get(path)
    assert answer.status_code == 404, answer.text
    assert answer.json()["code"] == "UnknownGameError"
    assert "chess" in answer.json()["detail"]


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _unreachable_service(url: str, **changes: object) -> httpx.AsyncClient:
    engine = create_engine(url)
    app = create_app(make_settings(url, **changes), engines=Engines(engine, engine))
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)


async def _assert_nothing_told(url: str, **changes: object) -> None:
    parsed = make_url(url)
    secrets = {parsed.host, str(parsed.port), parsed.username, parsed.database,
               "postgres", "psycopg", "connection"} - {"twgp"}  # our name is in every problem
    async with _unreachable_service(url, **changes) as client:
        for path in ("/v1/cards", "/v1/sets", "/v1/cards/mtg/m10-bolt", "/readyz"):
            answer = await client.get(path)
            assert answer.status_code == 503, (path, answer.text)
            said = answer.text.casefold()
            told = [secret for secret in secrets if secret and secret.casefold() in said]
            assert told == [], (path, answer.text)
        decks = await client.post("/v1/decks/validate", content=b"[life]\n1 mtg Lightning Bolt\n")
        assert decks.status_code == 503
        assert decks.json()["detail"] == CATALOG_UNAVAILABLE


async def test_a_database_fault_names_no_host_port_user_or_database() -> None:
    await _assert_nothing_told(
        f"postgresql+psycopg://secret_user:pw@127.0.0.1:{_closed_port()}/secret_db?connect_timeout=2"
    )


async def test_a_private_server_on_an_unreachable_database_says_nothing_of_it() -> None:
    url = f"postgresql+psycopg://secret_user@127.0.0.1:{_closed_port()}/secret_db"
    async with _unreachable_service(url, private=True) as client:
        answer = await client.get("/v1/cards", headers={"authorization": "Bearer twgp_x" + "a" * 40})
        assert answer.status_code == 503
        assert "secret" not in answer.text
        assert "127.0.0.1" not in answer.text


@pytest.mark.postgres
@pytest.mark.skipif(not POSTGRES_URL, reason="TWGP_TEST_POSTGRES_URL is not set")
async def test_a_missing_postgres_database_is_not_named() -> None:
    url = make_url(POSTGRES_URL).set(database="twgp_secret_missing_db")
    await _assert_nothing_told(url.render_as_string(hide_password=False))
