"""twgp.client.TwgpClient: retries on 429/503 honouring Retry-After, pagination and problem
documents against a mocked API (respx), then every method against the real app in process
(Starlette's TestClient: no sockets)."""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio.from_thread
import httpx
import pytest
import respx

from tests.service.conftest import Service, make_settings
from twgp.client import ApiError, TwgpClient

BASE = "http://api.test"
PROBLEM = {"type": "x", "title": "Too Many Requests", "status": 429, "detail": "slow down",
           "code": "RateLimited"}  # fmt: skip


def _client(waits: list[float], **options: object) -> TwgpClient:
    return TwgpClient(BASE, api_key="k", sleep=waits.append, **options)  # type: ignore[arg-type]


@respx.mock
def test_429_and_503_are_retried_after_the_time_asked() -> None:
    route = respx.get(f"{BASE}/v1/cards/random").mock(side_effect=[
        httpx.Response(429, json=PROBLEM, headers={"Retry-After": "7"}),
        httpx.Response(503, json=PROBLEM | {"status": 503}, headers={"Retry-After": "2"}),
        httpx.Response(200, json=CARD),
    ])  # fmt: skip
    waits: list[float] = []
    card = _client(waits).random()
    assert card.name == "Lightning Bolt"
    assert waits == [7.0, 2.0]
    assert route.call_count == 3
    assert route.calls[0].request.headers["authorization"] == "Bearer k"


@respx.mock
def test_retries_stop_and_the_problem_is_raised() -> None:
    respx.get(f"{BASE}/v1/cards/random").mock(
        return_value=httpx.Response(429, json=PROBLEM, headers={"Retry-After": "1"}))
    waits: list[float] = []
    with pytest.raises(ApiError) as raised:
        _client(waits, attempts=3).random()
    assert waits == [1.0, 1.0]
    assert (raised.value.status, raised.value.code, raised.value.detail) == (
        429, "RateLimited", "slow down")


@respx.mock
def test_a_wait_longer_than_allowed_is_not_waited_for() -> None:
    route = respx.get(f"{BASE}/v1/cards/random").mock(
        return_value=httpx.Response(503, json=PROBLEM, headers={"Retry-After": "3600"}))
    waits: list[float] = []
    with pytest.raises(ApiError):
        _client(waits).random()
    assert waits == []
    assert route.call_count == 1


@respx.mock
def test_other_errors_are_not_retried() -> None:
    route = respx.get(f"{BASE}/v1/cards/mtg/nope").mock(return_value=httpx.Response(
        404, json={**PROBLEM, "status": 404, "code": "CardNotFoundError", "hint": "try x"}))
    with pytest.raises(ApiError) as raised:
        _client([]).card("mtg:nope")
    assert raised.value.code == "CardNotFoundError"
    assert raised.value.hint == "try x"
    assert route.call_count == 1


@respx.mock
def test_search_follows_next_page_until_the_last() -> None:
    def page(names: list[str], next_page: str | None) -> httpx.Response:
        return httpx.Response(200, json={
            "query": "", "cards": [CARD | {"name": n} for n in names], "total": None,
            "next_cursor": "c" if next_page else None, "object": "list", "total_cards": 3,
            "has_more": next_page is not None, "next_page": next_page})  # fmt: skip

    # the later page's route first: its address holds the first's parameters too
    second = respx.get(f"{BASE}/v1/cards", params={"cursor": "c"}).mock(
        return_value=page(["c"], None))
    first = respx.get(f"{BASE}/v1/cards", params={"q": "bolt"}).mock(
        return_value=page(["a", "b"], "/v1/cards?q=bolt&limit=2&cursor=c"))
    names = [card.name for card in _client([]).search("bolt", page_size=2)]
    assert names == ["a", "b", "c"]
    assert first.call_count == second.call_count == 1


# Against the real app -------------------------------------------------------------------------


class InProcess(httpx.BaseTransport):
    """httpx.ASGITransport (the app in this process) for a synchronous client: each request
    runs on one event loop kept in a thread of its own (anyio's blocking portal)."""

    def __init__(self, portal: anyio.from_thread.BlockingPortal, app: object) -> None:
        self.portal = portal
        self.inner = httpx.ASGITransport(app=app, client=("127.0.0.1", 50000))  # type: ignore[arg-type]

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        async def call() -> httpx.Response:
            answer = await self.inner.handle_async_request(request)
            # the bytes as sent (gzip stays gzip): the outer client decodes them once
            content = b"".join([chunk async for chunk in answer.aiter_raw()])
            return httpx.Response(answer.status_code, headers=answer.headers, content=content)

        return self.portal.call(call)


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TwgpClient]:
    url = f"sqlite:///{tmp_path / 'catalog.sqlite3'}"
    from tests.service.conftest import fill_sample_database

    fill_sample_database(url)
    service = Service(make_settings(url))
    with anyio.from_thread.start_blocking_portal() as portal, TwgpClient(
        "http://twgp.test", transport=InProcess(portal, service.app)
    ) as client:
        yield client
    service.engines.dispose()


def test_search_pages_through_every_card(api: TwgpClient) -> None:
    pages = list(api.search_pages(page_size=3))
    assert len(pages) > 2
    everything = [card.source_id for page in pages for card in page.cards]
    assert len(everything) == pages[0].total_cards
    assert [c.source_id for c in api.search(page_size=500)] == everything
    assert all(card.game == "mtg" for card in api.search("game:mtg", page_size=2))


def test_card_lookups(api: TwgpClient) -> None:
    bolt = api.card("mtg:m10-bolt")
    assert bolt.name == "Lightning Bolt"
    assert bolt.printings
    assert api.named(exact="lightning bolt", game="mtg").identity == bolt.identity
    assert api.named(fuzzy="lightnin bolt", game="mtg").name == "Lightning Bolt"
    assert "Lightning Bolt" in api.autocomplete("light")
    found = api.collection([{"id": "m10-bolt", "game": "mtg"}, {"name": "No Such Card"}])
    assert [card.source_id for card in found.data] == ["m10-bolt"]
    assert found.not_found == [{"name": "No Such Card"}]
    assert api.random("game:mtg").game == "mtg"
    assert any(item.game == "mtg" for item in api.sets())
    assert any(game.id == "mtg" for game in api.games())
    with pytest.raises(ApiError) as raised:
        api.card("mtg:no-such-card")
    assert raised.value.status == 404


def test_decks(api: TwgpClient) -> None:
    report = api.validate("[life]\n1 mtg Lightning Bolt\n")
    assert report.legal is False
    assert report.format == "full"
    assert api.stats("[life]\n1 mtg Lightning Bolt\n").all.cards == 1
    built = api.build(from_="catalog", time_limit=2)
    assert built.status in ("optimal", "feasible", "infeasible")


def test_bulk_list_and_download(api: TwgpClient, tmp_path: Path) -> None:
    listed = api.bulk()
    mtg = next(item for item in listed.data if item.name == "mtg.jsonl.gz")
    saved = api.download(mtg.name, tmp_path)
    data = saved.read_bytes()
    assert hashlib.sha256(data).hexdigest() == mtg.sha256
    assert len(gzip.decompress(data).splitlines()) == mtg.card_count
    with pytest.raises(ApiError) as raised:
        api.download("nothing.csv.gz", tmp_path)
    assert raised.value.code == "BulkFileNotFound"


CARD: dict[str, Any] = {
    "game": "mtg", "source_id": "m10-bolt", "name": "Lightning Bolt", "name_ja": None,
    "identity": "mtg:lightning-bolt", "grade": "01", "type": "charge_effect",
    "grade_reason": "", "type_reason": "", "effects": [], "text": "", "reading": "",
    "set": None, "collector_number": None, "lang": "en", "warnings": [], "owned": 0,
    "override": None,
    "labels": {"type": None, "effects": [], "grade_reason": "", "type_reason": "", "reading": ""},
}  # fmt: skip
