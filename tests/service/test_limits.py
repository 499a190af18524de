"""The service's guards: body limit (413), rate limits (429 with Retry-After), time limit (503),
CORS, private and read-only servers, read endpoints that cannot write, hostile queries."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from service import deps
from service.engines import deadline
from tests.deckbuilder.sample_cards import full_deck
from tests.service.conftest import MakeService, Service


async def test_a_declared_body_over_the_limit_is_413(make_service: MakeService) -> None:
    service = make_service(max_body=1000)
    async with service.client() as client:
        answer = await client.post("/v1/decks/validate", content="x" * 1001)
        assert answer.status_code == 413
        problem = answer.json()
        assert problem["code"] == "BodyTooLarge"
        assert problem["max_body"] == 1000
        assert (await client.post("/v1/decks/validate", content=full_deck()[:900])).status_code \
            != 413


async def test_a_streamed_body_over_the_limit_is_413(make_service: MakeService) -> None:
    service = make_service(max_body=1000)

    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(5):
            yield b"[" * 400  # no Content-Length: chunked

    async with service.client() as client:
        for path in ("/v1/convert/mtg", "/v1/decks/validate"):
            answer = await client.post(path, content=chunks())
            assert answer.status_code == 413, path
            assert answer.headers["content-type"] == "application/problem+json"


async def test_a_bad_content_length_is_400(make_service: MakeService) -> None:
    service = make_service()
    async with service.client() as client:
        answer = await client.post("/v1/decks/validate", content=b"x",
                                   headers={"content-length": "-5"})
        assert answer.status_code == 400


async def test_reads_past_the_rate_are_429_with_retry_after(make_service: MakeService) -> None:
    service = make_service(read_rate="3/minute")
    async with service.client() as client:
        answers = [await client.get("/v1/games") for _ in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        refused = answers[-1]
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert refused.json()["code"] == "RateLimited"
        assert (await client.get("/healthz")).status_code == 200  # probes are never limited


async def test_clients_are_limited_apart(make_service: MakeService) -> None:
    service = make_service(read_rate="2/minute")
    async with service.client("10.0.0.1") as first, service.client("10.0.0.2") as second:
        for _ in range(2):
            assert (await first.get("/v1/games")).status_code == 200
        assert (await first.get("/v1/games")).status_code == 429
        assert (await second.get("/v1/games")).status_code == 200


async def test_made_up_keys_do_not_escape_the_limit(make_service: MakeService) -> None:
    service = make_service(read_rate="2/minute")
    statuses = []
    for attempt in range(3):
        async with service.client(authorization=f"Bearer twgp_made-up-{attempt}") as client:
            statuses.append((await client.get("/v1/games")).status_code)
    assert statuses == [200, 200, 429]


async def test_writes_have_their_own_rate(make_service: MakeService) -> None:
    service = make_service(write_rate="1/minute")
    async with service.client(authorization=f"Bearer {service.key()}") as client:
        first = await client.post("/v1/overrides/mtg/m10-bolt", json={"grade": "02"})
        assert first.status_code == 200
        second = await client.post("/v1/overrides/mtg/m10-bolt", json={"grade": "03"})
        assert second.status_code == 429
        assert (await client.get("/v1/cards/mtg/m10-bolt")).json()["grade"] == "02"


async def test_a_request_past_the_time_limit_is_503(
    make_service: MakeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = make_service(time_limit=0.2)
    real_run = deps.run

    async def slow_run(request: object, call: object) -> object:
        await asyncio.sleep(1)
        return await real_run(request, call)  # type: ignore[arg-type]

    monkeypatch.setattr("service.routes.cards.run", slow_run)
    async with service.client() as client:
        answer = await client.get("/v1/cards", params={"q": "bolt"})
        assert answer.status_code == 503
        assert answer.json()["code"] == "RequestTimeout"
        assert answer.headers["retry-after"] == "1"


def test_a_statement_past_the_deadline_stops(make_service: MakeService) -> None:
    service = make_service()
    engine = service.engines.read
    slow = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
            "SELECT count(*) FROM n") if engine.dialect.name == "sqlite" else "SELECT pg_sleep(5)"
    with deadline(0.2), engine.connect() as connection:
        if engine.dialect.name != "sqlite":
            connection.execute(text("SET statement_timeout = 200"))
        with pytest.raises(SQLAlchemyError):
            connection.execute(text(slow))


def test_read_connections_cannot_write(service: Service) -> None:
    with pytest.raises(SQLAlchemyError), service.engines.read.begin() as connection:
        connection.execute(text("DELETE FROM card"))
    with service.engines.read.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM card")).scalar_one() > 0


async def test_cors_is_off_unless_configured(make_service: MakeService) -> None:
    closed = make_service()
    async with closed.client(origin="https://decks.example") as client:
        answer = await client.get("/v1/games")
        assert "access-control-allow-origin" not in answer.headers
    opened = make_service(cors_origins=("https://decks.example",))
    async with opened.client(origin="https://decks.example") as client:
        answer = await client.get("/v1/games")
        assert answer.headers["access-control-allow-origin"] == "https://decks.example"
        preflight = await client.options("/v1/decks/validate", headers={
            "access-control-request-method": "POST"})
        assert preflight.status_code == 200


async def test_a_private_server_wants_a_key_for_reads(make_service: MakeService) -> None:
    service = make_service(private=True)
    async with service.client() as client:
        for path in ("/v1/games", "/v1/cards", "/v1/collection", "/v1/formats"):
            answer = await client.get(path)
            assert answer.status_code == 401, path
        assert (await client.get("/healthz")).status_code == 200
        page = await client.get("/")  # the page holds no catalog data: it asks for the key
        assert page.status_code == 200
        assert 'id="api-key"' in page.text
    async with service.client(authorization=f"Bearer {service.key()}") as client:
        assert (await client.get("/v1/cards")).status_code == 200


async def test_a_read_only_server_refuses_every_write(make_service: MakeService) -> None:
    writable = make_service()
    key = writable.key()
    service = make_service(read_only=True)
    assert service.engines.write is None
    async with service.client(authorization=f"Bearer {key}") as client:
        answer = await client.post("/v1/overrides/mtg/m10-bolt", json={"grade": "09"})
        assert answer.status_code == 403
        assert answer.json()["code"] == "ReadOnlyServer"
        answer = await client.post("/v1/collection/import", content=b"Count,Name\n1,Bolt\n")
        assert answer.status_code == 403
        assert (await client.get("/v1/cards/mtg/m10-bolt")).json()["override"] is None
        assert (await client.post("/v1/decks/validate", content=full_deck())).status_code == 200


@pytest.mark.parametrize("query", [
    "'; DROP TABLE card; --", '" OR 1=1 --', "name:\"%\"", "(" * 500 + "bolt" + ")" * 500,
    "grade>=99999999999999999999999", "text:\x00", "game:mtg) or (1=1",
    "sort:id; DELETE", "-" * 300 + "bolt",
])  # fmt: skip
async def test_hostile_queries_are_answered_and_change_nothing(
    client: httpx.AsyncClient, query: str
) -> None:
    before = (await client.get("/v1/cards", params={"limit": 1})).json()["total"]
    answer = await client.get("/v1/cards", params={"q": query})
    assert answer.status_code in (200, 400, 422), answer.text
    if answer.status_code != 200:
        assert answer.headers["content-type"] == "application/problem+json"
    assert (await client.get("/v1/cards", params={"limit": 1})).json()["total"] == before


@pytest.mark.parametrize("raw", ["%ED%A0%80", "%FF%FE", "%00", "bolt%"])
async def test_a_query_string_of_bad_bytes_is_answered(client: httpx.AsyncClient, raw: str) -> None:
    answer = await client.get(f"/v1/cards?q={raw}")
    assert answer.status_code in (200, 400, 422), answer.text
