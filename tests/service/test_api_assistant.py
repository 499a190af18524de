"""POST /v1/decks/build and /v1/decks/missing: the deck assistant over HTTP, answering as
`twgp deck build --json` and `twgp deck missing` do; the collection from the body or, with an
API key, the server's; the time limit capped by the server; problem documents for bad input."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from catalog.collections.owned import set_owned
from catalog.lookup import repository
from catalog.store.db import session_scope
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import ROWS
from tests.service.conftest import Service, make_settings

#: one copy of every typed card of the sample catalog (as a request body's collection)
COLLECTION: list[dict[str, Any]] = [{"card": f"{game}:{source_id}", "quantity": 1}
              for game, source_id, *_, card_type in ROWS
              if card_type is not None and source_id != "m10-bolt-ja"]  # fmt: skip


async def validated(client: httpx.AsyncClient, deck_text: str) -> dict[str, Any]:
    answer = await client.post("/v1/decks/validate", content=deck_text,
                               headers={"content-type": "text/plain"})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


async def test_build_from_the_body_collection_is_a_deck_that_validates(
    client: httpx.AsyncClient,
) -> None:
    answer = await client.post("/v1/decks/build", json={
        "format": "half", "collection": COLLECTION, "time_limit": 5,
        "include": ["mtg:Serra Angel"]})  # fmt: skip
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["built"] is True
    assert data["status"] == "optimal"
    assert data["time_limit"] == 5
    cards = {row["card"]: row for row in data["cards"]}
    assert cards["mtg Serra Angel"]["why"].startswith("asked for (--include)")
    deck = parse(data["deck"])
    assert deck.format.value == "half"
    assert deck.card_count == 23
    report = await validated(client, data["deck"])
    assert report["violations"] == []


async def test_the_body_collection_is_the_budget(client: httpx.AsyncClient) -> None:
    """Too few cards owned: infeasible is an answer (200), the rule named, with what to acquire."""
    answer = await client.post("/v1/decks/build", json={
        "format": "half", "collection": COLLECTION[:5], "time_limit": 2, "lang": "ja"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["built"] is False
    assert data["status"] == "infeasible"
    assert data["deck"] is None
    assert {p["rule"] for p in data["problems"]} & {"halves", "life"}
    assert data["acquire"]
    assert "正規のデッキ" in data["summary"]


async def test_the_time_limit_is_capped_by_the_server(db: str) -> None:
    service = Service(make_settings(db, build_time_limit=0.5))
    try:
        async with service.client() as client:
            answer = await client.post("/v1/decks/build", json={
                "format": "half", "collection": COLLECTION, "time_limit": 600})
        assert answer.status_code == 200, answer.text
        assert answer.json()["time_limit"] == 0.5
    finally:
        service.engines.dispose()


async def test_the_server_collection_needs_a_key(service: Service,
                                                 client: httpx.AsyncClient) -> None:  # fmt: skip
    answer = await client.post("/v1/decks/build", json={"format": "half", "time_limit": 1})
    assert answer.status_code == 401
    assert answer.json()["code"] == "ApiKeyRequired"
    answer = await client.post("/v1/decks/missing", json={"deck": "[life]\n"})
    assert answer.status_code == 401


@pytest.fixture
async def owner(service: Service) -> AsyncIterator[httpx.AsyncClient]:
    """A client with an API key, on a server that owns one copy of every typed sample card."""
    with session_scope(service.write_engine) as session:
        for row in COLLECTION:
            card = repository.get_card(session=session, card_ref=row["card"])
            set_owned(session=session, card_id=card.id, quantity=1)
    async with service.client(authorization=f"Bearer {service.key()}") as made:
        yield made


async def test_the_server_collection_with_a_key(owner: httpx.AsyncClient) -> None:
    answer = await owner.post("/v1/decks/build", json={"format": "half", "time_limit": 5})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["built"] is True
    report = await validated(owner, data["deck"])
    assert report["violations"] == []
    missing = await owner.post("/v1/decks/missing", json={"deck": data["deck"]})
    assert missing.status_code == 200, missing.text
    assert missing.json()["copies"] == 0  # built from the free copies: nothing is missing


async def test_from_the_catalog_without_a_collection_lists_every_copy_to_acquire(
    client: httpx.AsyncClient,
) -> None:
    answer = await client.post("/v1/decks/build", json={
        "format": "half", "from": "catalog", "time_limit": 5})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["built"] is True
    assert sum(row["acquire"] for row in data["cards"]) == 23  # nothing owned: buy every card


async def test_missing_from_the_body_collection_as_a_wants_list(
    client: httpx.AsyncClient,
) -> None:
    deck = "[entry.library]\n3 mtg Lightning Bolt\n1 mtg Serra Angel\n"
    answer = await client.post("/v1/decks/missing", json={
        "deck": deck, "collection": [{"card": "mtg:m10-bolt", "quantity": 1},
                                     {"card": "mtg:Serra Angel", "quantity": 1}],
        "to": "moxfield"})  # fmt: skip
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["copies"] == 2
    assert [(c["name"], c["needed"], c["free"], c["missing"]) for c in data["cards"]] == [
        ("Lightning Bolt", 3, 1, 2)]
    assert data["to"] == "moxfield"
    assert data["wants"].splitlines()[0].startswith('"Count"')
    assert "Lightning Bolt" in data["wants"]


async def test_bad_input_is_a_problem_document(client: httpx.AsyncClient) -> None:
    unknown = await client.post("/v1/decks/build", json={
        "format": "half", "collection": [{"card": "mtg:No Such Card", "quantity": 1}]})
    assert unknown.status_code == 422
    assert unknown.headers["content-type"].startswith("application/problem+json")
    assert unknown.json()["code"] == "CardNotFoundError"
    assert unknown.json()["detail"].startswith("collection[0]:")
    include = await client.post("/v1/decks/build", json={
        "format": "half", "collection": COLLECTION, "include": ["mtg:No Such Card"]})
    assert include.status_code == 404
    assert include.json()["code"] == "CardNotFoundError"
    wrong = await client.post("/v1/decks/build", json={"format": "huge", "collection": []})
    assert wrong.status_code == 422
    assert wrong.json()["code"] == "InvalidRequest"
    assert "format" in wrong.json()["detail"]
    curve = await client.post("/v1/decks/build", json={
        "goal": "curve", "curve": {"99x": 2}, "collection": COLLECTION})
    assert curve.status_code == 400
    assert "99x" in curve.json()["detail"]
    deck = await client.post("/v1/decks/missing", json={"deck": "[nonsense\n", "collection": []})
    assert deck.status_code == 400
    assert deck.json()["code"] == "DecklistFormatError"
