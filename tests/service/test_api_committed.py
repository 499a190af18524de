"""POST /v1/decks/validate warns COMMITTED_ELSEWHERE as `twgp deck validate` does: the deck
needs copies another saved deck holds (issue 20, the collection ledger)."""

from __future__ import annotations

import httpx

from catalog.collections.owned import set_owned
from catalog.lookup import repository
from catalog.store.db import session_scope
from tests.deckbuilder.sample_cards import decklist
from tests.service.conftest import Service


async def test_validate_warns_of_copies_committed_to_another_saved_deck(
    service: Service, client: httpx.AsyncClient
) -> None:
    with session_scope(service.write_engine) as session:
        serra = repository.get_card(session=session, card_ref="mtg:Serra Angel")
        set_owned(session=session, card_id=serra.id, quantity=1)
        repository.save_deck(session=session, name="Other", format="half",
                             text=decklist("half", "Other", entry_library=["mtg Serra Angel"]))
    mine = decklist("half", "Mine", entry_library=["mtg Serra Angel"])
    response = await client.post("/v1/decks/validate", content=mine)
    warnings = response.json()["warnings"]
    assert [w["code"] for w in warnings] == ["COMMITTED_ELSEWHERE"]
    assert "the others are in Other" in warnings[0]["message"]
    # the saved deck itself: its own copies are free for it
    response = await client.post("/v1/decks/validate",
                                 content=mine.replace("name: Mine", "name: Other"))
    assert response.json()["warnings"] == []
