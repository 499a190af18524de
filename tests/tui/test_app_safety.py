"""Never lose work, keys that cannot misfire (issue 13 items 1 and 2): the Save / Discard /
Cancel question before anything replaces an unsaved deck, the recovery file, letters after
Esc, ↓ from the search box, and a focus chain with no invisible stops."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from textual import events
from textual._xterm_parser import XTermParser
from textual.pilot import Pilot
from textual.widgets import Input

from deckbuilder import twgp_format
from deckbuilder.deck import LIBRARY, LIFE, POOL
from tests.tui.conftest import SIZE, search, settle
from tui.app import TwgpApp, make_app
from tui.config import UiSettings
from tui.key_guard import WINDOW, Divert, KeyGuard
from tui.recovery import RecoveryFile, left_behind, recovery_dir
from tui.screens.new_deck import NewDeckDialog
from tui.screens.unsaved import RecoverDialog, UnsavedDialog
from tui.services import Services
from tui.widgets.card_table import CardTable
from tui.widgets.deck_pane import DeckPane

DATA = Path(__file__).parent / "data"


async def unsaved_shock(pilot: Pilot[None]) -> None:
    """One Shock in the entry library: an unsaved change."""
    await settle(pilot)
    await search(pilot, 'name="Shock"')
    await pilot.press("e")
    await settle(pilot)
    assert isinstance(pilot.app, TwgpApp)
    assert pilot.app.main.dirty


async def answer(pilot: Pilot[None], button: str) -> None:
    assert isinstance(pilot.app.screen, UnsavedDialog)
    await pilot.click(f"#unsaved-{button}")
    await settle(pilot)


# -- 1. never lose work -----------------------------------------------------------------------


@pytest.mark.parametrize("key", ["ctrl+n", "ctrl+o"])
async def test_replacing_an_unsaved_deck_asks_and_cancel_keeps_it(app: TwgpApp, key: str) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await unsaved_shock(pilot)
        before = app.main.deck
        await pilot.press(key)
        await settle(pilot)
        await answer(pilot, "cancel")
        assert app.screen is app.main
        assert app.main.deck == before
        assert app.main.dirty


async def test_discard_then_new_deck_replaces_it(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await unsaved_shock(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        await answer(pilot, "discard")
        assert isinstance(app.screen, NewDeckDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.deck.card_count == 0
        assert not app.main.dirty


async def test_save_first_writes_the_deck_then_opens_the_other(
    app: TwgpApp, tmp_path: Path
) -> None:
    target = tmp_path / "first.twgp"
    async with app.run_test(size=SIZE) as pilot:
        await unsaved_shock(pilot)
        built = app.main.deck
        app.main.open_path(DATA / "legal_half.twgp")
        await settle(pilot)
        await answer(pilot, "save")  # never saved: the save dialog asks where
        app.screen.query_one("#save-target", Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert twgp_format.parse(target.read_text(encoding="utf-8")) == built
        assert app.main.deck.name == "Mono Beats"
        assert not app.main.dirty


async def test_an_unchanged_deck_is_replaced_without_asking(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(DATA / "legal_half.twgp")
        await settle(pilot)
        assert app.main.deck.name == "Mono Beats"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, NewDeckDialog)


async def test_quitting_with_unsaved_changes_asks(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await unsaved_shock(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        await answer(pilot, "cancel")
        assert app.is_running
        await pilot.press("ctrl+q")
        await settle(pilot)
        await answer(pilot, "discard")
        assert not app.is_running
    assert left_behind() == []
    assert not any(recovery_dir().glob("*.twgp"))


async def test_unsaved_changes_are_kept_in_the_recovery_file_until_saved(
    app: TwgpApp, tmp_path: Path
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await unsaved_shock(pilot)
        kept = app.main.recovery.path
        assert kept.parent == recovery_dir()
        assert twgp_format.parse(kept.read_text(encoding="utf-8")) == app.main.deck
        await pilot.press("ctrl+s")
        await settle(pilot)
        app.screen.query_one("#save-target", Input).value = str(tmp_path / "kept.twgp")
        await pilot.press("enter")
        await settle(pilot)
        assert not app.main.dirty
        assert not kept.exists()


def dead_pid() -> int:
    """A process id no process has now."""
    pid = 4_000_000
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except PermissionError:
            pass
        pid += 1


def left_by_a_killed_app(origin: Path) -> Path:
    """The recovery file an app killed while editing `origin` leaves behind."""
    deck = twgp_format.parse((DATA / "legal_half.twgp").read_text(encoding="utf-8"))
    edited = deck.with_format("full")
    crashed = RecoveryFile()
    crashed.path = crashed.folder / f"deck-{dead_pid()}.twgp"
    crashed.keep(edited, origin_path=origin, comments=("# unresolved line 4: 1 Mox Opal",))
    return crashed.path


async def test_a_deck_left_by_a_killed_app_is_offered_and_restored(
    app: TwgpApp, tmp_path: Path
) -> None:
    origin = tmp_path / "mono.twgp"
    left = left_by_a_killed_app(origin)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RecoverDialog)
        await pilot.click("#recover-restore")
        await settle(pilot)
        main = app.main
        assert main.deck.name == "Mono Beats"
        assert main.deck.format_id == "full"
        assert main.dirty  # the changes are still unsaved…
        assert main.place is not None
        assert main.place.path == origin  # …and ctrl+s writes them where they came from
        assert main.comments == ("# unresolved line 4: 1 Mox Opal",)
        assert not left.exists()
        await pilot.press("ctrl+s")
        await settle(pilot)
    text = origin.read_text(encoding="utf-8")
    assert text.startswith("# unresolved line 4: 1 Mox Opal\n")
    assert twgp_format.parse(text).format_id == "full"


async def test_a_recovered_deck_may_be_discarded_or_left_for_later(services: Services) -> None:
    left = left_by_a_killed_app(Path("mono.twgp"))
    app = make_app(services=services, settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # later
        await settle(pilot)
        assert app.screen is app.main
        assert left.exists()
        assert app.main.deck.card_count == 0
    app = make_app(services=services, settings=UiSettings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.click("#recover-discard")
        await settle(pilot)
        assert not left.exists()


def test_a_running_apps_recovery_file_is_not_offered() -> None:
    mine = RecoveryFile()
    mine.keep(twgp_format.parse("[life]\n1 mtg Shock\n"))
    assert mine.path.exists()
    assert left_behind() == []


# -- 2. keys that cannot misfire --------------------------------------------------------------


def burst(text: str) -> list[events.Key]:
    """The key events a terminal parser makes of `text` arriving at once (after its escape
    delay has run out)."""
    parser = XTermParser()
    keys = list(parser.feed(text))
    time.sleep(WINDOW / 4)
    keys += list(parser.tick())
    return [key for key in keys if isinstance(key, events.Key)]


async def send(pilot: Pilot[None], keys: list[events.Key]) -> None:
    """Deliver keys the way the terminal driver does: all queued before any is handled (Textual
    offers no public way to queue keys at its driver)."""
    driver = pilot.app._driver
    assert driver is not None
    for key in keys:
        driver.send_message(key)
    await settle(pilot)


@pytest.mark.parametrize(
    "typed",
    [
        pytest.param("\x1blap", id="esc+lap in one read (alt+l)"),
        pytest.param("\x1bt:weapon or t:charge_trap", id="a query after esc"),
    ],
)
async def test_letters_after_esc_go_to_the_search_box(app: TwgpApp, typed: str) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one(CardTable)
        table.focus()
        await pilot.pause()
        before = app.main.deck
        await send(pilot, burst(typed))
        assert app.main.deck == before
        assert app.screen is app.main  # no override or fetch dialog opened
        box = app.screen.query_one("#search", Input)
        assert app.focused is box
        assert box.value == typed.removeprefix("\x1b")


async def test_esc_alone_then_letters_queued_before_the_focus_moves(app: TwgpApp) -> None:
    """Esc arrives on its own, but the letters are queued before it has moved the focus."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one(CardTable).focus()
        await pilot.pause()
        before = app.main.deck
        await send(pilot, [*burst("\x1b"), *burst("lap")])
        assert app.main.deck == before
        assert app.screen.query_one("#search", Input).value == "lap"


async def test_letters_on_their_own_in_the_card_list_are_commands(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Shock"')
        await send(pilot, burst("l"))
        await pilot.pause(WINDOW)
        await send(pilot, burst("p"))
        deck = app.main.deck
        assert [e.name for e in deck.section(LIFE)] == ["Shock"]
        assert [e.name for e in deck.section(POOL)] == ["Shock"]


def test_the_guard_diverts_only_what_follows_escape() -> None:
    guard = KeyGuard(window=0.5)
    assert guard.route("l", "l", 1.0, typing=False) is None
    assert guard.route("escape", None, 2.0, typing=False) is None
    assert guard.route("l", "l", 2.1, typing=False) == Divert("l")
    assert guard.route("a", "a", 2.5, typing=False) == Divert("a")  # the burst goes on
    assert guard.route("down", None, 2.6, typing=False) is None  # not printable
    assert guard.route("p", "p", 3.2, typing=False) is None  # long after: a command
    assert guard.route("alt+x", "x", 4.0, typing=False) == Divert("x")
    assert guard.route("alt+shift+x", None, 9.0, typing=False) == Divert("X")
    assert guard.route("alt+x", "x", 5.0, typing=True) is None  # typing already
    assert guard.route("l", "l", 5.1, typing=True) is None


async def test_down_from_the_search_box_moves_into_the_results(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        box = app.screen.query_one("#search", Input)
        box.focus()
        box.value = "game:mtg"
        await pilot.press("down")
        await settle(pilot)
        assert app.focused is app.screen.query_one(CardTable)
        assert box.value == "game:mtg"


async def test_deck_pane_keys_that_change_the_deck_are_not_letters(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await unsaved_shock(pilot)
        pane = app.screen.query_one(DeckPane)
        pane.focus()
        await pilot.pause()
        pane.go_to(pane.lines_named(LIBRARY, ["mtg Shock"])[0])
        await pilot.press("x", "z", "r")
        await settle(pilot)
        assert [e.name for e in app.main.deck.section(LIBRARY)] == ["Shock"]
        await pilot.press("delete")
        await settle(pilot)
        assert app.main.deck.section(LIBRARY) == ()


async def test_every_focus_stop_is_a_pane_that_shows_its_focus(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        chain = list(app.screen.focus_chain)
        assert [widget.id for widget in chain] == ["search", "cards", "detail", "deck", "problems"]
        for widget, other in zip(chain, chain[1:] + chain[:1], strict=True):
            widget.focus()
            await pilot.pause()
            focused = (widget.styles.border, widget.styles.background)
            other.focus()
            await pilot.pause()
            assert (widget.styles.border, widget.styles.background) != focused, widget.id
