"""Browse… (ctrl+b) in Open, Save and Export (issue 13 item 6): a file picker over the dialog,
starting in the folder of the path typed, `.twgp` decks first; the file picked is opened,
saved or exported as if typed; the picker speaks Japanese after F3."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Input, OptionList, RadioButton
from textual_fspicker import FileOpen, FileSave

from tests.tui.conftest import SIZE, assert_deck_open_from, settle, wait_until, write
from tui.app import TwgpApp
from tui.screens.browse import start_of
from tui.screens.deck_files import OpenDeckDialog, SaveDeckDialog
from tui.screens.export import ExportDialog

DATA = Path(__file__).parent / "data"
LEGAL = (DATA / "legal_half.twgp").read_text(encoding="utf-8")


def test_the_picker_starts_in_the_folder_of_the_path_typed(tmp_path: Path) -> None:
    assert start_of(f"{tmp_path}/mono.twgp") == (tmp_path, "mono.twgp")
    assert start_of(f"{tmp_path}/") == (tmp_path, "")
    assert start_of(str(tmp_path)) == (tmp_path, "")
    assert start_of(f"{tmp_path}/gone/mono.twgp") == (Path.cwd(), "mono.twgp")
    assert start_of("  ") == (Path.cwd(), "")


def shown(pilot_app: TwgpApp) -> list[str]:
    """The names the picker lists (folders and files)."""
    options = pilot_app.screen.query_one("DirectoryNavigation", OptionList)
    entries = (options.get_option_at_index(i) for i in range(options.option_count))
    return [entry.location.name for entry in entries]  # type: ignore[attr-defined]


async def test_browse_opens_the_deck_picked(app: TwgpApp, tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = write(folder, "mono.twgp", LEGAL)
    write(folder, "notes.txt", "not a deck")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, OpenDeckDialog)
        app.screen.query_one("#open-path", Input).value = f"{folder}/"
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert isinstance(app.screen, FileOpen)
        assert "mono.twgp" in shown(app)
        assert "notes.txt" not in shown(app)  # the first filter: TWGP decks
        app.screen.query_one(Input).value = "mono.twgp"
        await pilot.click("#select")
        await settle(pilot)
        assert_deck_open_from(app, deck)
        assert app.main.deck.name == "Mono Beats"


async def test_browse_saves_to_the_file_picked_even_from_catalog_mode(
    app: TwgpApp, tmp_path: Path
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(DATA / "legal_half.twgp")
        await settle(pilot)
        app.main.action_save_deck_as()
        await settle(pilot)
        assert isinstance(app.screen, SaveDeckDialog)
        app.screen.query_one("#save-kind").query(RadioButton).last().value = True  # catalog
        app.screen.query_one("#save-target", Input).value = str(tmp_path / "mine.twgp")
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert isinstance(app.screen, FileSave)
        assert app.screen.query_one(Input).value == "mine.twgp"
        await pilot.click("#select")
        await settle(pilot)
        assert app.screen_stack[-1] is app.main  # the screen now on top
        assert (tmp_path / "mine.twgp").read_text(encoding="utf-8").count("[life]") == 1
        assert app.main.place is not None
        assert app.main.place.path == tmp_path / "mine.twgp"


async def test_the_picker_speaks_japanese_and_exports_where_picked(
    app: TwgpApp, tmp_path: Path
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        app.main.open_path(DATA / "legal_half.twgp")
        await settle(pilot)
        await pilot.press("ctrl+e")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        assert str(dialog.query_one("#browse", Button).label) == "参照… ^b"
        dialog.query_one("#export-path", Input).value = str(tmp_path / "x.twgp")
        await pilot.click("#browse")
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, FileSave)
        assert str(picker.query_one("#select", Button).label) == "書き出す"
        assert str(picker.query_one("#cancel", Button).label) == "キャンセル"
        picker.query_one(Input).value = ""
        await pilot.click("#select")
        await settle(pilot)
        assert "ファイルを選んでください" in str(picker.query_one("Dialog").border_subtitle)
        picker.query_one(Input).value = "sheet.twgp"
        # a button ignores clicks while it shows its last press (0.2 s): wait that out
        select = picker.query_one("#select", Button)
        await wait_until(pilot, lambda: not select.has_class("-active"))
        await pilot.click("#select")
        await wait_until(pilot, lambda: app.screen is app.main)
        assert app.screen is app.main
        assert (tmp_path / "sheet.twgp").exists()
