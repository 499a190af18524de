"""Pilot tests of the app's flows on a small real catalog: browse, build, validate live,
undo/redo, files and catalog decks, overrides, errors shown in the UI."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path

import pytest
from sqlalchemy import Engine
from textual.widgets import Input, RadioButton, Static

from catalog.base.errors import DatabaseError
from catalog.cards.views import CardView
from catalog.sources.online import FetchProgress, FetchReport, Miss
from deckbuilder import twgp_format
from deckbuilder.codes import Code
from deckbuilder.deck import ARCHIVE, LIBRARY, LIFE, DeckFormat
from tests.tui.conftest import SIZE, search, settle
from tui.app import TwgpApp, make_app
from tui.config import UiSettings, load_settings
from tui.screens.error_modal import ErrorModal
from tui.services import Services
from tui.widgets.card_table import CardTable
from tui.widgets.deck_pane import DeckPane, Spot
from tui.widgets.detail_pane import DetailPane
from tui.widgets.problems import ProblemsPanel

DATA = Path(__file__).parent / "data"
CATALOG_SIZE = 33  # cards in tests/tui/cards.py (the Japanese printing is one more row)


def codes(app: TwgpApp) -> set[StrEnum]:
    report = app.main.report
    assert report is not None
    return {v.code for v in report.violations}


def status(app: TwgpApp) -> str:
    return str(app.screen.query_one("#results-status", Static).render())


async def test_first_screen_lists_the_catalog(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one(CardTable)
        assert len(table.cards) == CATALOG_SIZE
        assert table.total == CATALOG_SIZE
        assert app.screen.query_one(DetailPane).card == table.cards[0]
        assert isinstance(app.focused, Input)


async def test_search_narrows_results(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "game:pokemon")
        table = app.screen.query_one(CardTable)
        assert {c.name for c in table.cards} == {"Pikachu", "Charizard", "Bill"}
        await search(pilot, "game:pokemon type:unit grade<=5")
        assert [c.name for c in table.cards] == ["Pikachu"]
        assert status(app) == "1 card · 1 printing"


async def test_japanese_name_finds_the_printing(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "稲妻")
        table = app.screen.query_one(CardTable)
        assert [(c.name, c.name_ja) for c in table.cards] == [("Lightning Bolt", "稲妻")]
        detail = app.screen.query_one(DetailPane)
        assert {p.lang for p in detail.printings} == {"en", "ja"}


async def test_typing_searches_after_a_pause(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*"bolt")
        await pilot.pause(0.3)  # the debounce interval is the behaviour under test
        await settle(pilot)
        found = [(c.name, c.lang) for c in app.screen.query_one(CardTable).cards]
        assert sorted(found) == [("Lightning Bolt", "en"), ("Lightning Bolt", "ja")]


async def test_query_error_is_shown_and_results_kept(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "grade:abc")
        assert "query error" in status(app)
        assert len(app.screen.query_one(CardTable).cards) == CATALOG_SIZE


async def test_card_added_to_archive_updates_counts_and_problems(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Lightning Bolt"')
        await pilot.press("a")
        await settle(pilot)
        deck = app.main.deck
        assert [(e.qty, e.name) for e in deck.section(ARCHIVE)] == [(1, "Lightning Bolt")]
        label = str(app.screen.query_one(DeckPane).root.children[2].label)
        assert label.endswith("1/5")
        messages = [v.message for v in app.main.report.violations]  # type: ignore[union-attr]
        assert any("0 library and 1 archive" in m for m in messages)
        panel = app.screen.query_one(ProblemsPanel)
        assert any(p.code is Code.ENTRY_SPLIT for p in panel.problems)


async def test_fixing_the_deck_clears_the_violation(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Grizzly Bears"')
        await pilot.press("l")  # a unit in the life set
        await settle(pilot)
        assert Code.LIFE_CARD_TYPE in codes(app)
        pane = app.screen.query_one(DeckPane)
        pane.focus()
        pane.go_to(Spot(LIFE, 0))
        await pilot.press("delete")
        await settle(pilot)
        assert app.main.deck.section(LIFE) == ()
        assert Code.LIFE_CARD_TYPE not in codes(app)


async def test_a_duplicate_is_reported_and_selecting_it_jumps_to_each_line(
    app: TwgpApp,
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Hill Giant"')
        await pilot.press("e")
        await search(pilot, 'name="Shock"')
        await pilot.press("e", "a")  # one copy in the library, one in the archive
        await settle(pilot)
        assert Code.DUPLICATE_IN_HALF in codes(app)
        panel = app.screen.query_one(ProblemsPanel)
        pane = app.screen.query_one(DeckPane)
        index = next(i for i, p in enumerate(panel.problems) if p.code is Code.DUPLICATE_IN_HALF)
        visited = []
        for _ in range(3):
            panel.focus()
            panel.highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            assert app.focused is pane
            visited.append(pane.spot)
        assert visited == [Spot(LIBRARY, 1), Spot(ARCHIVE, 0), Spot(LIBRARY, 1)]


async def test_undo_and_redo(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Shock"')
        await pilot.press("e")
        await search(pilot, 'name="Pikachu"')
        await pilot.press("a")
        await settle(pilot)
        full = app.main.deck
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.main.deck.section(ARCHIVE) == ()
        assert [e.name for e in app.main.deck.section(LIBRARY)] == ["Shock"]
        await pilot.press("ctrl+z", "ctrl+z")  # the second has nothing left to undo
        await settle(pilot)
        assert app.main.deck.card_count == 0
        await pilot.press("ctrl+y", "ctrl+y")
        await settle(pilot)
        assert app.main.deck == full
        assert app.main.report is not None
        assert app.main.report.deck == twgp_format.parse(twgp_format.dump(full))


async def test_open_a_legal_deck_shows_legal(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(DATA / "legal_half.twgp")
        await settle(pilot)
        panel = app.screen.query_one(ProblemsPanel)
        assert panel.legal is True
        assert "✓ legal" in str(panel.border_title)
        assert app.main.deck.format is DeckFormat.HALF
        assert not app.main.dirty


async def test_save_then_reopen_gives_the_same_deck(app: TwgpApp, tmp_path: Path) -> None:
    target = tmp_path / "mine.twgp"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Shivan Dragon"')
        await pilot.press("f")
        await search(pilot, 'name="Dark Magician"')
        await pilot.press("p")
        await settle(pilot)
        built = app.main.deck
        await pilot.press("ctrl+s")  # no file yet: the save dialog asks
        await pilot.pause()
        box = app.screen.query_one("#save-target", Input)
        box.value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert not app.main.dirty
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.deck.card_count == 0
        await pilot.press("ctrl+o")
        await settle(pilot)
        app.screen.query_one("#open-path", Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.deck == built
    assert twgp_format.parse(target.read_text(encoding="utf-8")) == built


async def test_save_in_the_catalog_then_reopen(app: TwgpApp, services: Services) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Kuriboh"')
        await pilot.press("e")
        await settle(pilot)
        built = app.main.deck
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one("#save-kind").query(RadioButton).last().value = True
        app.screen.query_one("#save-target", Input).value = "club night"
        await pilot.press("enter")
        await settle(pilot)
        assert [d.name for d in services.saved_decks()] == ["club night"]
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        saved = app.screen.query_one("#open-saved")
        saved.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.deck == built


async def test_format_change_and_lang_toggle_are_remembered(services: Services) -> None:
    app = make_app(services=services)  # settings from the (isolated) config file
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        assert app.main.deck.format is DeckFormat.HALF
        await pilot.press("f3")
        await settle(pilot)
        table = app.screen.query_one(CardTable)
        assert table.render_line(0).text.split()[0] == "ゲーム"
        assert "ライフ" in str(app.screen.query_one(DeckPane).root.children[0].label)
    assert load_settings().lang == "ja"


async def test_override_from_the_modal(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Forest"')
        table = app.screen.query_one(CardTable)
        table.focus()
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#override-grade", Input).value = "0"
        app.screen.query_one("#override-type").value = "charge_effect"  # type: ignore[attr-defined]
        app.screen.query_one("#override-reason", Input).value = "a land fetches mana"
        await pilot.press("enter")
        await settle(pilot)
        card = table.cards[0]
        assert card.override is not None
        assert card.override.reason == "a land fetches mana"
        assert card.card_type is not None
        assert card.card_type.value == "charge_effect"
        assert app.screen.query_one(DetailPane).card == card


class FailingServices(Services):
    """Services whose deck writes fail as a locked or broken database would."""

    def __init__(self, services: Services, error: Exception) -> None:
        super().__init__(services.engine, label="test catalog")
        self.error = error

    def save_in_catalog(self, deck: object, name: str, comments: object = ()) -> None:
        raise self.error

    def search(self, query: str, *, limit: int, offset: int = 0) -> list[CardView]:
        if query == "fail":
            raise self.error
        return super().search(query, limit=limit, offset=offset)


async def test_a_service_error_shows_in_a_modal(services: Services) -> None:
    failing = FailingServices(services, DatabaseError("catalog.sqlite3: disk I/O error"))
    app = make_app(services=failing, settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.save_deck(
            app.main.deck,
            __import__("tui.screens.deck_files").screens.deck_files.DeckPlace(catalog_name="x"),
        )
        await settle(pilot)
        assert isinstance(app.screen, ErrorModal)
        assert "disk I/O error" in str(app.screen.query_one("#error-message", Static).render())
        await pilot.press("escape")
        assert app.screen_stack[-1] is app.main  # the screen now on top


async def test_a_locked_catalog_is_a_warning_not_a_crash(services: Services) -> None:
    failing = FailingServices(services, DatabaseError("catalog.sqlite3: database is locked"))
    app = make_app(services=failing, settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "fail")
        assert app.screen is app.main
        assert any("busy" in n.message for n in app._notifications)
        assert len(app.screen.query_one(CardTable).cards) == CATALOG_SIZE


async def test_export_writes_a_file_and_refuses_to_overwrite(app: TwgpApp, tmp_path: Path) -> None:
    target = tmp_path / "sheet.md"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(DATA / "legal_half.twgp")
        await settle(pilot)
        for attempt in range(2):
            await pilot.press("ctrl+e")
            await pilot.pause()
            app.screen.query_one("#export-format").value = "md"  # type: ignore[attr-defined]
            app.screen.query_one("#export-path", Input).value = str(target)
            await pilot.press("enter")
            await settle(pilot)
            if attempt == 0:
                assert app.screen is app.main
        assert isinstance(app.screen, ErrorModal)  # the second time: the file exists
        assert "exists" in str(app.screen.query_one("#error-message", Static).render())
    text = target.read_text(encoding="utf-8")
    assert "Mono Beats" in text
    assert "Lightning Bolt" in text


class FetchingServices(Services):
    """Services whose online look-up stores one card from a record written here (no network)
    and misses another, reporting progress as the real one does."""

    def __init__(self, services: Services, folder: Path) -> None:
        super().__init__(services.engine, label="test catalog")
        self.folder = folder
        self.asked: list[tuple[str, list[str]]] = []

    def fetch(
        self,
        game: str,
        names: Sequence[str],
        *,
        fuzzy: bool = False,
        progress: Callable[[FetchProgress], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> FetchReport:
        from catalog.ingest.importer import import_files
        from converters.registry import load_converter

        self.asked.append((game, list(names)))
        path = self.folder / "opt.json"
        opt = {
            "object": "card", "id": "4b4a3d5e-2a8c-5f3e-9d1e-0c2f3a4b5c6d", "name": "Opt",
            "oracle_id": "6c0e5b34-8b35-5c4f-a1f1-0b3a1c0f2e11", "lang": "en", "layout": "normal",
            "mana_cost": "{U}", "cmc": 1.0, "type_line": "Instant",
            "oracle_text": "Scry 1.\nDraw a card.", "set": "xln", "collector_number": "65",
        }  # fmt: skip
        path.write_text(json.dumps([opt]), encoding="utf-8")
        imported = import_files(self.engine, load_converter(game), [path])
        if progress is not None:
            progress(FetchProgress("looking up", 1, 2, "cards", imported.stored, 1, 0))
        return FetchReport(
            game=game, source="Scryfall", imported=imported,
            misses=[Miss("Opp", ("Opt",))],
        )  # fmt: skip


async def test_fetch_online_from_the_search_in_a_worker(services: Services, tmp_path: Path) -> None:
    from tui.messages import CardsFetched, FetchProgressed

    fetching = FetchingServices(services, tmp_path)
    app = make_app(services=fetching, settings=UiSettings())
    seen: list[object] = []
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await settle(pilot)
        await search(pilot, "game:mtg Opt")
        assert app.screen.query_one(CardTable).cards == []
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen.query_one("#fetch-names", Input).value == "Opt"
        app.screen.query_one("#fetch-names", Input).value = "Opt; Opp"
        await pilot.press("enter")
        await settle(pilot)
        assert fetching.asked == [("mtg", ["Opt", "Opp"])]
        assert [c.name for c in app.screen.query_one(CardTable).cards] == ["Opt"]
        notes = [n.message for n in app._notifications]
        assert any("1 card stored from Scryfall" in n and "closest: Opt" in n for n in notes)
    assert any(isinstance(m, FetchProgressed) for m in seen)
    assert any(isinstance(m, CardsFetched) for m in seen)


async def test_refresh_a_card_with_no_online_source_says_so(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "game:pokemon Pikachu")
        card = app.screen.query_one(CardTable).cards[0]
        app.main.fetch_online(dataclasses.replace(card, game="dm"))  # a game with no API
        await pilot.pause()
        assert any("no online source" in n.message for n in app._notifications)


async def test_results_are_paged_in_as_the_cursor_nears_the_end(
    app: TwgpApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui import workers
    from tui.widgets import card_table

    monkeypatch.setattr(workers, "PAGE", 10)
    monkeypatch.setattr(card_table, "PREFETCH", 2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one(CardTable)
        assert (len(table.cards), table.total) == (10, CATALOG_SIZE)
        assert "10 of 33 printings" in status(app)
        table.focus()
        table.move_cursor(row=8)
        await settle(pilot)
        assert len(table.cards) == 20
        every = app.services.search("", limit=100)
        assert [c.id for c in table.cards] == [c.id for c in every[:20]]


async def test_searching_works_while_another_process_writes(app: TwgpApp, catalog: Engine) -> None:
    """A CLI import holds the write lock (WAL): the app's reads go on."""
    database = catalog.url.database
    assert database is not None
    writer = sqlite3.connect(database, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE card SET name = name WHERE id = 1")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await search(pilot, "game:yugioh")
            assert len(app.screen.query_one(CardTable).cards) == 5
            assert app.screen is app.main
    finally:
        writer.execute("ROLLBACK")
        writer.close()


async def test_the_command_palette_runs_our_actions(app: TwgpApp) -> None:
    from tui.screens.export import ExportDialog

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"export")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ExportDialog)
