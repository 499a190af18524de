"""Recent decks (issue 13 item 8): the decks opened or saved are remembered in the settings
(the newest first, at most eight), offered at start to reopen (Enter reopens the last one),
on ctrl+r, and by the palette's "Reopen the last deck" — each guarded by Save / Discard /
Cancel when the deck has unsaved changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList

from tests.tui.conftest import SIZE, assert_deck_open_from, search, settle, wait_until, write
from tui.app import TwgpApp, make_app
from tui.config import MAX_RECENT, RecentDeck, UiSettings, load_settings, save_settings
from tui.screens.deck_files import DeckPlace
from tui.screens.recent import RecentDialog
from tui.screens.unsaved import UnsavedDialog
from tui.services import Services

DATA = Path(__file__).parent / "data"
LEGAL = (DATA / "legal_half.twgp").read_text(encoding="utf-8")


def test_recent_decks_are_kept_newest_first_once_and_at_most_eight(tmp_path: Path) -> None:
    settings = UiSettings()
    for n in range(MAX_RECENT + 3):
        settings = settings.with_recent(RecentDeck("file", f"/decks/{n}.twgp"))
    settings = settings.with_recent(RecentDeck("file", "/decks/5.twgp"))
    assert len(settings.recent) == MAX_RECENT
    assert settings.recent[0] == RecentDeck("file", "/decks/5.twgp")
    assert settings.recent[1] == RecentDeck("file", f"/decks/{MAX_RECENT + 2}.twgp")
    assert len(set(settings.recent)) == MAX_RECENT
    path = tmp_path / "tui.json"
    save_settings(settings, path)
    assert load_settings(path) == settings


@pytest.mark.parametrize(
    "recent",
    [
        "not a list",
        [{"kind": "file"}, {"kind": "disk", "where": "/x"}, ["file", "/x"], {"where": 3}],
    ],
)
def test_a_broken_recent_list_is_skipped_not_fatal(tmp_path: Path, recent: object) -> None:
    path = tmp_path / "tui.json"
    path.write_text(json.dumps({"lang": "ja", "recent": recent}), encoding="utf-8")
    assert load_settings(path) == UiSettings(lang="ja")


async def test_opening_and_saving_remember_the_deck(app: TwgpApp, tmp_path: Path) -> None:
    deck = write(tmp_path, "mono.twgp", LEGAL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(deck)
        await settle(pilot)
        assert app.settings.recent[0] == RecentDeck("file", str(deck))
        await pilot.press("ctrl+s")  # a saved deck goes first again (it is there already)
        await settle(pilot)
        app.main.save_deck(app.main.deck, DeckPlace(catalog_name="Mono"))
        await settle(pilot)
        assert app.settings.recent[:2] == (
            RecentDeck("catalog", "Mono"),
            RecentDeck("file", str(deck)),
        )


async def test_the_recent_decks_reach_the_settings_file(
    services: Services, tmp_path: Path
) -> None:
    """The app on the user's settings (isolated here) writes each deck it opens there, and
    keeps what another twgp added to the list meanwhile."""
    deck = write(tmp_path, "mono.twgp", LEGAL)
    app = make_app(services=services)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        save_settings(UiSettings(recent=(RecentDeck("catalog", "Elsewhere"),)))
        app.main.open_path(deck)
        await settle(pilot)
    assert load_settings().recent == (
        RecentDeck("file", str(deck)),
        RecentDeck("catalog", "Elsewhere"),
    )
    again = make_app(services=services)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, RecentDialog)


def recent_app(services: Services, *decks: RecentDeck, deck_path: Path | None = None) -> TwgpApp:
    return make_app(services=services, settings=UiSettings(recent=decks), deck_path=deck_path)


async def test_the_start_offers_to_reopen_the_last_deck(services: Services, tmp_path: Path) -> None:
    deck = write(tmp_path, "mono.twgp", LEGAL)
    older = RecentDeck("file", str(tmp_path / "gone.twgp"))
    app = recent_app(services, RecentDeck("file", str(deck)), older)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RecentDialog)
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 0
        assert "mono.twgp" in str(options.get_option_at_index(0).prompt)
        assert "missing" in str(options.get_option_at_index(1).prompt)
        await pilot.press("enter")
        await settle(pilot)
        assert_deck_open_from(app, deck)
        assert app.main.deck.name == "Mono Beats"


async def test_the_offer_is_declined_with_esc_and_not_made_for_a_named_deck(
    services: Services, tmp_path: Path
) -> None:
    deck = write(tmp_path, "mono.twgp", LEGAL)
    app = recent_app(services, RecentDeck("file", str(deck)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.main
        assert app.main.place is None
    named = recent_app(services, RecentDeck("file", str(deck)), deck_path=deck)
    async with named.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert named.screen is named.main  # the deck named is opened, nothing offered


async def test_ctrl_r_opens_a_recent_deck_after_asking_about_unsaved_changes(
    services: Services, tmp_path: Path
) -> None:
    first = write(tmp_path, "first.twgp", LEGAL.replace("Mono Beats", "First"))
    second = write(tmp_path, "second.twgp", LEGAL.replace("Mono Beats", "Second"))
    app = recent_app(services, RecentDeck("file", str(first)), RecentDeck("file", str(second)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, RecentDialog))
        assert isinstance(app.screen, RecentDialog)
        await pilot.press("escape")  # not now
        await wait_until(pilot, lambda: app.screen is app.main)
        await search(pilot, 'name="Shock"')
        await wait_until(pilot, lambda: app.main.table.highlighted is not None)
        await pilot.press("e")  # an unsaved change
        await wait_until(pilot, lambda: app.main.dirty)
        assert app.main.dirty
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: isinstance(app.screen, RecentDialog))
        assert isinstance(app.screen, RecentDialog)
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, UnsavedDialog))
        assert isinstance(app.screen, UnsavedDialog)
        await pilot.click("#unsaved-discard")
        await wait_until(pilot, lambda: app.main.deck.name == "Second")
        assert app.main.deck.name == "Second"
        assert app.settings.recent[0] == RecentDeck("file", str(second))


async def test_the_palette_reopens_the_last_deck(services: Services, tmp_path: Path) -> None:
    deck = write(tmp_path, "mono.twgp", LEGAL)
    app = recent_app(services, RecentDeck("file", str(deck)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"reopen")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.place is not None
        assert app.main.place.path == deck


async def test_with_no_recent_deck_ctrl_r_says_so(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert app.screen is app.main
        assert any("No deck opened" in n.message for n in app._notifications)
