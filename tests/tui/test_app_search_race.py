"""The search box and the add keys under load (issue 21): with a search that takes its time,
the box keeps every letter typed, and an add key never acts on a list that is not the result
of what the box shows — it adds from the query's own results, or nothing until they come."""

from __future__ import annotations

import threading

import pytest
from textual.widgets import Input

from catalog.cards.views import CardView
from deckbuilder.deck import ARCHIVE
from tests.tui.conftest import SIZE, search, settle, wait_until
from tui.app import make_app
from tui.config import UiSettings
from tui.screens import main
from tui.services import Services
from tui.widgets.card_table import CardTable


class SlowServices(Services):
    """The test catalog, searched slowly (a loaded machine, a big catalog on a slow disk):
    while `held`, every search waits until the test lets it through (`release`)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services.engine, label="slow catalog")
        self.held = False
        self.gate = threading.Event()

    def search(self, query: str, *, limit: int, offset: int = 0) -> list[CardView]:
        if self.held:
            self.gate.wait(timeout=60)
        return super().search(query, limit=limit, offset=offset)

    def release(self) -> None:
        self.held = False
        self.gate.set()


@pytest.mark.parametrize("debounce", [main.DEBOUNCE, 0.0], ids=["typed fast", "searched per key"])
async def test_add_keys_never_act_on_a_list_the_box_does_not_show(
    services: Services, monkeypatch: pytest.MonkeyPatch, debounce: float
) -> None:
    """ctrl+u, a query typed, ↓ and `a`×5 while the searches are slow: the box shows the
    query, and the archive holds only cards the query finds (here: none of the old list)."""
    monkeypatch.setattr(main, "DEBOUNCE", debounce)  # 0: each key starts its own search
    slow = SlowServices(services)
    app = make_app(services=slow, settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "game:yugioh")
        table = app.screen.query_one(CardTable)
        old = {card.name for card in table.cards}
        assert old
        assert "Lightning Bolt" not in old
        box = app.screen.query_one("#search", Input)
        box.focus()
        slow.held = True  # from here, no search answers until released
        await pilot.press("ctrl+u", *"bolt", "down", *"aaaaa")
        await pilot.pause(debounce + 0.2)  # any typing pause has come and gone
        assert box.value == "bolt"
        assert app.main.deck.section(ARCHIVE) == ()  # nothing from the list the box left
        assert any("Not added" in n.message for n in app._notifications)
        slow.release()
        await wait_until(pilot, lambda: table.results_query == "bolt")
        assert box.value == "bolt"
        assert app.main.deck.section(ARCHIVE) == ()
        # once the results show, the key adds from them
        await pilot.press("a")
        await settle(pilot)
        assert [e.name for e in app.main.deck.section(ARCHIVE)] == ["Lightning Bolt"]


async def test_down_searches_what_the_box_shows_at_once(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """↓ does not wait for the typing pause: the box's query is searched right away."""
    monkeypatch.setattr(main, "DEBOUNCE", 30.0)  # the pause never comes within the test
    app = make_app(services=services, settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one(CardTable)
        await pilot.press(*"bolt", "down")
        await wait_until(pilot, lambda: table.results_query == "bolt")
        assert {card.name for card in table.cards} == {"Lightning Bolt"}
        assert app.focused is table
        await pilot.press("a")
        await settle(pilot)
        assert [e.name for e in app.main.deck.section(ARCHIVE)] == ["Lightning Bolt"]


async def test_sorting_keeps_what_is_typed_but_not_yet_searched(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click on a column's header (or F8) while the typing pause has not come: the sort is
    added to what the box shows, never to the older query it replaces."""
    monkeypatch.setattr(main, "DEBOUNCE", 30.0)
    app = make_app(services=services, settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*"bolt")
        app.main.sort_by("grade")
        await settle(pilot)
        box = app.screen.query_one("#search", Input)
        assert box.value.startswith("bolt ")
        assert "sort:grade" in box.value
