"""Pilot tests of decks of other games' formats in the app (issues 6 and 7: the app shows
whichever format the deck declares): a darkside-roster deck, an ev-tag-b deck, the format
cycle, the new-deck dialog, and dialogs in Japanese. The catalog holds the seed games' cards
through their converters (tests/deckbuilder/format_samples.py)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, RadioButton, Static

from catalog.base.errors import DatabaseError
from deckbuilder.codes import FormatCode
from deckbuilder.deck import LIFE
from deckbuilder.play_formats.registry import format_ids
from tests.deckbuilder.format_samples import ev_deck, roster
from tests.tui.conftest import MINA, SIZE, search, settle, write
from tui.app import TwgpApp, make_app
from tui.config import UiSettings
from tui.screens.deck_files import DeckPlace
from tui.screens.error_modal import ErrorModal
from tui.screens.new_deck import NewDeckDialog
from tui.screens.section_picker import SectionPicker
from tui.services import Services
from tui.widgets.card_table import CardTable
from tui.widgets.deck_pane import DeckPane, Spot
from tui.widgets.problems import ProblemsPanel


def labels(app: TwgpApp) -> list[str]:
    """The deck pane's top lines as shown: header fields, then sections with counts."""
    return [str(node.label) for node in app.screen.query_one(DeckPane).root.children]


def panel_codes(app: TwgpApp) -> set[str]:
    return {p.code.value for p in app.screen.query_one(ProblemsPanel).problems}


async def test_a_sixth_unit_breaks_the_roster_and_removing_it_mends_it(
    format_app: TwgpApp, tmp_path: Path
) -> None:
    path = write(tmp_path, "mina.twgp", roster(MINA, "ミナ"))
    async with format_app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        format_app.main.open_path(path)
        await settle(pilot)
        assert labels(format_app) == ["Character: ミナ", "Roster  5/1–5"]
        assert format_app.screen.query_one(ProblemsPanel).legal is True
        await search(pilot, "カニカマン")
        await pilot.press("e")  # another format's deck: e adds to its first section
        await settle(pilot)
        assert [e.name for e in format_app.main.deck.section("roster")][-1] == "カニカマン"
        assert labels(format_app)[1] == "Roster  6/1–5"
        assert FormatCode.ROSTER_SIZE in panel_codes(format_app)
        pane = format_app.screen.query_one(DeckPane)
        pane.focus()
        pane.go_to(Spot("roster", 5))
        await pilot.press("delete")
        await settle(pilot)
        assert FormatCode.ROSTER_SIZE not in panel_codes(format_app)
        assert format_app.screen.query_one(ProblemsPanel).legal is True


async def test_twgp_only_keys_add_nothing_to_a_roster(format_app: TwgpApp, tmp_path: Path) -> None:
    path = write(tmp_path, "mina.twgp", roster(MINA[:1], "ミナ"))
    async with format_app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        format_app.main.open_path(path)
        await settle(pilot)
        await search(pilot, "カニカマン")
        before = format_app.main.deck
        await pilot.press("l", "a", "p")
        await settle(pilot)
        assert format_app.main.deck == before
        table = format_app.screen.query_one(CardTable)
        shown = {
            b.binding.key: b.binding.description
            for b in format_app.screen.active_bindings.values()
            if b.node is table
        }
        assert shown["e"] == "Roster"
        assert "l" not in shown
        assert "p" not in shown


async def test_setting_the_character_checks_who_may_bring_each_unit(
    format_app: TwgpApp, tmp_path: Path
) -> None:
    path = write(tmp_path, "mina.twgp", roster(MINA, None))
    async with format_app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        format_app.main.open_path(path)
        await settle(pilot)
        assert labels(format_app)[0] == "Character: — (enter to set)"
        assert FormatCode.ROSTER_OWNER_UNKNOWN in panel_codes(format_app)
        pane = format_app.screen.query_one(DeckPane)
        pane.focus()
        pane.go_to(Spot("", field="character"))
        await pilot.press("enter")
        await pilot.pause()
        format_app.screen.query_one("#field-value", Input).value = "ユウ"
        await pilot.press("enter")
        await settle(pilot)
        assert format_app.main.deck.fields == {"character": "ユウ"}
        assert labels(format_app)[0] == "Character: ユウ"
        report = format_app.main.report
        assert report is not None
        assert [v.code for v in report.violations] == [FormatCode.ROSTER_NOT_LENDABLE] * 3
        assert not report.warnings


async def test_an_ev_deck_shows_main_and_side_and_adds_where_picked(
    format_app: TwgpApp, tmp_path: Path
) -> None:
    text = ev_deck(["eternalvoice アスラ", "2 eternalvoice 炎の精霊"], ["eternalvoice カバー"])
    path = write(tmp_path, "asura.twgp", text)
    async with format_app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        format_app.main.open_path(path)
        await settle(pilot)
        assert labels(format_app) == ["Main  3", "Sideboard  1"]
        report = format_app.main.report
        assert report is not None
        assert report.legal
        assert [w.code for w in report.warnings] == [FormatCode.EV_TEAMMATE_MISSING]
        assert "ev-tag-b" in str(format_app.screen.query_one(DeckPane).border_title)
        await search(pilot, "天馬")
        await pilot.press("s")
        await pilot.pause()
        picker = format_app.screen
        assert isinstance(picker, SectionPicker)
        options = picker.query_one(OptionList)
        assert [options.get_option_at_index(i).id for i in range(options.option_count)] == [
            "main",
            "side",
        ]
        options.highlighted = 1
        await pilot.press("enter")
        await settle(pilot)
        assert [e.name for e in format_app.main.deck.section("side")] == ["カバー", "天馬"]
        assert labels(format_app) == ["Main  3", "Sideboard  2"]


async def test_f4_goes_through_every_installed_format(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seen = []
        for _ in format_ids():
            await pilot.press("f4")
            await settle(pilot)
            deck = app.main.deck
            seen.append((deck.format_id, deck.plugin_format))
        assert seen == [
            ("half", None),
            ("trial", None),
            ("2chtcg", "2chtcg"),
            ("darkside-roster", "darkside-roster"),
            ("ev-tag-b", "ev-tag-b"),
            ("full", None),
        ]
        await pilot.press("f4", "f4", "f4")
        await settle(pilot)
        assert labels(app) == ["Main  0/40"]
        report = app.main.report
        assert report is not None
        assert [v.code for v in report.violations] == [FormatCode.DECK_SIZE_2CH]
        await pilot.press("f4")
        await settle(pilot)
        assert labels(app) == ["Character: — (enter to set)", "Roster  0/1–5"]


async def test_f4_skips_formats_with_no_place_for_the_cards(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Skill Drain"')
        await pilot.press("l")
        await settle(pilot)
        visited = []
        for _ in range(3):
            await pilot.press("f4")
            await settle(pilot)
            visited.append(app.main.deck.format_id)
        assert visited == ["half", "trial", "full"]
        assert [e.name for e in app.main.deck.section(LIFE)] == ["Skill Drain"]
        notes = [n.message for n in app._notifications]
        assert any(
            "Skipped 2chtcg, darkside-roster, ev-tag-b" in n and "[life]" in n for n in notes
        )


async def test_the_new_deck_dialog_offers_every_format(
    format_app: TwgpApp, format_services: Services
) -> None:
    async with format_app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await pilot.pause()
        dialog = format_app.screen
        assert isinstance(dialog, NewDeckDialog)
        buttons = list(dialog.query(RadioButton))
        assert [b.name for b in buttons] == ["full", "half", "trial", *format_ids()[3:]]
        next(b for b in buttons if b.name == "darkside-roster").value = True
        dialog.query_one("#new-deck-name", Input).value = "Mina"
        await pilot.press("enter")
        await settle(pilot)
        deck = format_app.main.deck
        assert (deck.name, deck.format_id, deck.plugin_format) == ("Mina", *["darkside-roster"] * 2)
        await search(pilot, "ラマルトゥ")
        await pilot.press("e")
        await settle(pilot)
        built = format_app.main.deck
        format_app.main.save_deck(built, DeckPlace(catalog_name="Mina"))
        await settle(pilot)
    saved = format_services.saved_decks()
    assert [(d.name, d.format) for d in saved] == [("Mina", "darkside-roster")]
    assert format_services.load_saved("Mina")[0] == built
    assert [e.name for e in built.section("roster")] == ["ラマルトゥ"]


async def test_dialogs_speak_japanese(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        await pilot.press("ctrl+n")
        await pilot.pause()
        title = app.screen.query_one(".dialog-title", Static)
        assert str(title.render()) == "新しいデッキ"
        assert "フル — " in str(app.screen.query(RadioButton).first().label)
        await pilot.press("escape")
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert str(app.screen.query_one(".dialog-title", Static).render()) == "デッキを書き出す"


class FailingSave(Services):
    def save_in_catalog(self, deck: object, name: str, comments: object = ()) -> None:
        raise DatabaseError("catalog.sqlite3: disk I/O error")


async def test_the_error_modal_title_in_japanese(services: Services) -> None:
    failing = FailingSave(services.engine, label="test catalog")
    app = make_app(services=failing, settings=UiSettings(lang="ja"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.save_deck(app.main.deck, DeckPlace(catalog_name="x"))
        await settle(pilot)
        assert isinstance(app.screen, ErrorModal)
        title = str(app.screen.query_one("#error-title", Static).render())
        assert title == "カタログのデータベースを使えません — カタログのデッキ「x」 への保存中"
        message = str(app.screen.query_one("#error-message", Static).render())
        assert message == "詳細（英語）: catalog.sqlite3: disk I/O error"  # its meaning, then this
        assert str(app.screen.query_one("#error-close").label) == "閉じる"  # type: ignore[attr-defined]
