"""The deck assistant in the app (issue 20 part 4): Build for me (F7, the palette) opens a
legal deck as a new unsaved deck with its explanation in the problems panel; Stop keeps the
best deck found; Complete this deck (F9) keeps the open deck's lines; the dialog in Japanese;
the owned column shows free/owned when saved decks commit copies."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from textual.pilot import Pilot
from textual.widgets import Input, Label, Select

from catalog.collections.owned import set_owned
from catalog.lookup import repository
from catalog.store.db import open_engine, session_scope
from deckbuilder.assistant.build import BuildResult
from deckbuilder.assistant.progress import Hooks, Progress
from deckbuilder.assistant.service import BuildOptions
from deckbuilder.twgp_format import parse
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import ROWS
from tests.tui.conftest import SIZE, search, settle, wait_until, write
from tui.app import TwgpApp, make_app
from tui.config import Lang, UiSettings
from tui.palette import TwgpCommands
from tui.screens.build_deck import BuildDialog, BuildingScreen
from tui.screens.error_modal import ErrorModal
from tui.services import Services
from tui.widgets.card_rows import cells
from tui.widgets.problems import ProblemsPanel

#: one copy of every typed sample card
OWNED = [f"{game}:{source_id}" for game, source_id, *_, card_type in ROWS
         if card_type is not None and source_id != "m10-bolt-ja"]  # fmt: skip


@pytest.fixture
def owned_catalog(tmp_path: Path) -> Iterator[Engine]:
    """The sample catalog, owning one copy of every typed card."""
    engine = open_engine(build_sample_catalog(tmp_path / "catalog.sqlite3"),
                         load_starter=False)  # fmt: skip
    with session_scope(engine) as session:
        for ref in OWNED:
            card = repository.get_card(session=session, card_ref=ref)
            set_owned(session=session, card_id=card.id, quantity=1)
    yield engine
    engine.dispose()


def app_on(services: Services, lang: Lang = "en") -> TwgpApp:
    return make_app(services=services, settings=UiSettings(lang=lang))


async def build_half(pilot: Pilot[None], app: TwgpApp, key: str = "f7") -> None:
    """Open the dialog with `key`, ask for a half deck in 5 s, and wait for the answer."""
    await pilot.press(key)
    await settle(pilot)
    dialog = app.screen
    assert isinstance(dialog, BuildDialog)
    dialog.query_one("#build-format", Select).value = "half"
    dialog.query_one("#build-time", Input).value = "5"
    await pilot.click("#build-ok")
    await wait_until(pilot, lambda: app.screen is app.main and app.main.notes_result is not None)


def notes(app: TwgpApp) -> list[str]:
    return [note.plain for note in app.main.query_one(ProblemsPanel).notes]


async def test_build_for_me_opens_a_legal_unsaved_deck_with_its_explanation(
    owned_catalog: Engine,
) -> None:
    app = app_on(Services(owned_catalog, label="owned"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await build_half(pilot, app)
        main = app.main
        assert main.deck.card_count == 23
        assert main.deck.format.value == "half"
        assert main.place is None
        assert main.dirty  # new and unsaved
        await wait_until(pilot, lambda: main.report is not None and not main.problems.pending)
        assert main.report is not None
        assert main.report.legal
        shown = notes(app)
        assert shown[0] == "★ Built: optimal (no better deck)"
        assert any("free-summon unit" in line for line in shown)
        panel_lines = [str(main.problems.get_option_at_index(i).prompt)
                       for i in range(main.problems.option_count)]  # fmt: skip
        assert any("Built: optimal" in line for line in panel_lines)


async def test_the_palette_has_both_actions(owned_catalog: Engine) -> None:
    app = app_on(Services(owned_catalog, label="owned"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = {command.title for command in TwgpCommands(app.main).commands()}
        assert "Build (f7)" in titles
        assert "Complete (f9)" in titles


class HeldServices(Services):
    """Holds the solver at its first legal deck until the user presses Stop."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine, label="held")
        self.stopped_in_time = False

    def build_deck(self, options: BuildOptions, hooks: Hooks | None = None) -> BuildResult:
        assert hooks is not None
        shown = hooks.on_progress
        held = threading.Event()

        def hold(progress: Progress) -> None:
            if shown is not None:
                shown(progress)
            if progress.objective is not None and not held.is_set():
                held.set()  # the solver waits in its callback: only Stop ends the search
                deadline = progress.seconds + 20
                while not hooks.cancelled and progress.seconds < deadline:
                    threading.Event().wait(0.02)
                    deadline -= 0.02
                self.stopped_in_time = hooks.cancelled

        hooks.on_progress = hold
        return super().build_deck(options, hooks)


async def test_stop_keeps_the_best_deck_found(owned_catalog: Engine) -> None:
    services = HeldServices(owned_catalog)
    app = app_on(services)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f7")
        await settle(pilot)
        assert isinstance(app.screen, BuildDialog)
        app.screen.query_one("#build-format", Select).value = "half"
        app.screen.query_one("#build-time", Input).value = "60"  # only Stop ends it
        await pilot.click("#build-ok")
        for _ in range(100):
            if isinstance(app.screen, BuildingScreen):
                break
            await pilot.pause(0.05)
        building = app.screen
        assert isinstance(building, BuildingScreen)
        for _ in range(400):  # not settle(): it would wait for the held worker to finish
            if building.last is not None and building.last.objective is not None:
                break
            await pilot.pause(0.05)
        assert building.last is not None
        progress_text = str(building.query_one("#build-progress").render())
        assert "best so far" in progress_text
        assert "bound" in progress_text
        await pilot.click("#build-stop")
        await wait_until(pilot, lambda: app.main.notes_result is not None)
        assert services.stopped_in_time
        main = app.main
        assert main.notes_result is not None
        assert main.notes_result.built
        await wait_until(pilot, lambda: main.report is not None and not main.problems.pending)
        assert main.report is not None
        assert main.report.legal


async def test_complete_this_deck_keeps_its_lines(owned_catalog: Engine, tmp_path: Path) -> None:
    text = ("format: half\n[life]\n1 yugioh Skill Drain\n[entry.library]\n1 mtg Serra Angel\n"
            "1 mtg Grizzly Bears\n")  # fmt: skip
    path = write(tmp_path, "draft.twgp", text)
    app = make_app(services=Services(owned_catalog, label="owned"), deck_path=path,
                   settings=UiSettings())  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.main.place is not None)
        original = app.main.deck
        await build_half(pilot, app, key="f9")
        main = app.main
        deck = main.deck
        assert deck.card_count == 23
        assert main.place is not None
        assert main.place.path == path  # ctrl+s writes it where it came from
        names = {section: [e.name for e in deck.section(section)]
                 for section in ("life", "entry.library")}  # fmt: skip
        assert "Skill Drain" in names["life"]
        assert {"Serra Angel", "Grizzly Bears"} <= set(names["entry.library"])
        serra = next(line for line in notes(app) if "Serra Angel" in line)
        assert "kept from the deck" in serra
        await wait_until(pilot, lambda: main.report is not None and not main.problems.pending)
        assert main.report is not None
        assert main.report.legal
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert main.deck == original
        assert notes(app) == []  # the explanation went with the deck it explained
        assert parse(path.read_text(encoding="utf-8")).card_count == 3


async def test_the_dialog_and_the_explanation_in_japanese(owned_catalog: Engine) -> None:
    app = app_on(Services(owned_catalog, label="owned"), lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f7")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, BuildDialog)
        assert str(dialog.query_one(".dialog-title").render()) == "おまかせ構築"
        labels = [str(label.render()) for label in dialog.query(Label)]
        assert "形式" in labels
        assert "目標" in labels
        assert "制限時間（秒）" in labels
        await pilot.press("escape")
        await settle(pilot)
        await build_half(pilot, app)
        shown = notes(app)
        assert shown[0].startswith("★ 構築しました: 最適")
        assert any("フリー召喚できるユニット" in line for line in shown)


async def test_the_owned_column_shows_free_of_owned(owned_catalog: Engine,
                                                    tmp_path: Path) -> None:  # fmt: skip
    with session_scope(owned_catalog) as session:
        serra = repository.get_card(session=session, card_ref="mtg:m10-serra")
        set_owned(session=session, card_id=serra.id, quantity=3)
        repository.save_deck(session=session, name="angels", format="half",
                             text="format: half\n[entry.library]\n2 mtg Serra Angel\n")
    app = app_on(Services(owned_catalog, label="owned"))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, 'name="Serra Angel"')
        table = app.main.table
        await wait_until(pilot, lambda: table.committed)
        assert cells(table.rows[0], "en", table.committed)["owned"] == "1/3"  # 2 in "angels"
        # the deck named "angels" open: its own copies are not committed elsewhere
        path = write(tmp_path, "angels.twgp", "name: angels\nformat: half\n[life]\n")
        app.main.open_path(path)
        await wait_until(pilot, lambda: not table.committed)
        assert cells(table.rows[0], "en", table.committed)["owned"] == "3"


async def test_a_failed_build_closes_the_progress_and_says_why(owned_catalog: Engine,
                                                               tmp_path: Path) -> None:  # fmt: skip
    path = write(tmp_path, "draft.twgp", "format: half\n[entry.library]\n1 mtg No Such Card\n")
    app = make_app(services=Services(owned_catalog, label="owned"), deck_path=path,
                   settings=UiSettings())  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.main.place is not None)
        await pilot.press("f9")
        await settle(pilot)
        await pilot.click("#build-ok")
        await wait_until(pilot, lambda: isinstance(app.screen, ErrorModal))
        assert isinstance(app.screen, ErrorModal)
        assert not any(isinstance(s, BuildingScreen) for s in app.screen_stack)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen_stack[-1] is app.main  # the screen now on top
        assert app.main.deck.card_count == 1  # the deck as it was


async def test_the_problems_panel_warns_of_copies_committed_elsewhere(owned_catalog: Engine,
                                                                      tmp_path: Path) -> None:  # fmt: skip
    """The app's validation adds COMMITTED_ELSEWHERE as `twgp deck validate` and
    POST /v1/decks/validate do (one service function: with_committed)."""
    with session_scope(owned_catalog) as session:
        repository.save_deck(session=session, name="angels", format="half",
                             text="format: half\n[entry.library]\n1 mtg Serra Angel\n")
    path = write(tmp_path, "mine.twgp",
                 "name: mine\nformat: half\n[entry.library]\n1 mtg Serra Angel\n")
    app = make_app(services=Services(owned_catalog, label="owned"), deck_path=path,
                   settings=UiSettings())  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        main = app.main
        await wait_until(pilot, lambda: main.place is not None and main.report is not None
                         and not main.problems.pending)  # fmt: skip
        assert main.report is not None
        assert [w.code.value for w in main.report.warnings] == ["COMMITTED_ELSEWHERE"]
        panel_lines = [str(main.problems.get_option_at_index(i).prompt)
                       for i in range(main.problems.option_count)]  # fmt: skip
        shown = [line for line in panel_lines if "COMMITTED_ELSEWHERE" in line]
        assert len(shown) == 1
        assert "Serra Angel" in shown[0]
        assert "angels" in shown[0]
        # the saved deck itself open: its own copies are free for it
        angels = write(tmp_path, "angels.twgp",
                       "name: angels\nformat: half\n[entry.library]\n1 mtg Serra Angel\n")
        app.main.open_path(angels)
        await wait_until(pilot, lambda: main.deck.name == "angels" and main.report is not None
                         and main.report.deck.name == "angels" and not main.problems.pending)  # fmt: skip
        assert main.report is not None
        assert main.report.warnings == ()
