"""Dialogs people expect (issue 13 item 6): path completion, exports next to the deck with
the full path told, missing folders offered to be created (the dialog keeps the path when
not), a draft's unresolved lines kept on save."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.tui.conftest import SIZE, search, settle, write
from tui.app import TwgpApp
from tui.screens.export import ExportDialog, default_format, free_path
from tui.screens.paths import CreateFolderDialog, complete_path, export_folder

DATA = Path(__file__).parent / "data"
DRAFT = """# imported from a mtga list: 1 cards resolved, 1 lines unresolved
# unresolved line 2: 1 Mox Opal (closest: Mox Pearl)
name: Draft
format: half
[pool]
1 mtg Lightning Bolt
"""


async def open_export(app: TwgpApp, pilot: Pilot[None], deck: Path) -> None:
    """The app started, `deck` opened, then its export dialog (ctrl+e)."""
    await settle(pilot)
    app.main.open_path(deck)
    await settle(pilot)
    await pilot.press("ctrl+e")
    await settle(pilot)


def test_paths_complete_to_the_next_folder_or_deck(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "mono.twgp").write_text("", encoding="utf-8")
    (tmp_path / "decks" / "notes.txt").write_text("", encoding="utf-8")
    assert complete_path(f"{tmp_path}/de") == f"{tmp_path}/decks/"
    assert complete_path(f"{tmp_path}/decks/", (".twgp",)) == f"{tmp_path}/decks/mono.twgp"
    assert complete_path(f"{tmp_path}/decks/n", (".twgp",)) is None
    assert complete_path(f"{tmp_path}/nowhere/x") is None


def test_exports_go_next_to_the_deck_or_to_the_documented_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert export_folder(tmp_path / "a" / "mono.twgp") == (tmp_path / "a").resolve()
    monkeypatch.setenv("TWGP_EXPORT_DIR", str(tmp_path / "out"))
    assert export_folder(None) == (tmp_path / "out").resolve()


async def test_export_goes_next_to_the_deck_and_tells_the_full_path(
    app: TwgpApp, tmp_path: Path
) -> None:
    deck = write(tmp_path, "mono.twgp", (DATA / "legal_half.twgp").read_text(encoding="utf-8"))
    async with app.run_test(size=SIZE) as pilot:
        await open_export(app, pilot, deck)
        path = app.screen.query_one("#export-path", Input)
        assert path.value == str(tmp_path.resolve() / "mono.html")  # never the deck file
        app.screen.query_one("#export-format").value = "md"  # type: ignore[attr-defined]
        await settle(pilot)
        assert path.value == str(tmp_path.resolve() / "mono.md")
        await pilot.press("enter")
        await settle(pilot)
        assert (tmp_path / "mono.md").exists()
        told = [n.message for n in app._notifications]
        assert any(str(tmp_path.resolve() / "mono.md") in message for message in told)


@pytest.mark.parametrize("create", [True, False])
async def test_a_missing_folder_is_offered_to_be_created(
    app: TwgpApp, tmp_path: Path, create: bool
) -> None:
    target = tmp_path / "new" / "folder" / "sheet.md"
    async with app.run_test(size=SIZE) as pilot:
        await open_export(app, pilot, DATA / "legal_half.twgp")
        app.screen.query_one("#export-format").value = "md"  # type: ignore[attr-defined]
        app.screen.query_one("#export-path", Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CreateFolderDialog)
        await pilot.click("#folder-create" if create else "#folder-cancel")
        await settle(pilot)
        if create:
            assert target.exists()
            assert app.screen_stack[-1] is app.main  # the screen now on top
        else:
            assert not target.parent.exists()
            assert isinstance(app.screen, ExportDialog)  # still there, path kept
            assert app.screen.query_one("#export-path", Input).value == str(target)


async def test_saving_into_a_missing_folder_asks_then_saves(app: TwgpApp, tmp_path: Path) -> None:
    target = tmp_path / "later" / "mine.twgp"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        app.screen.query_one("#save-target", Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.click("#folder-create")
        await settle(pilot)
        assert target.exists()


async def test_a_drafts_unresolved_lines_survive_a_save(app: TwgpApp, tmp_path: Path) -> None:
    draft = write(tmp_path, "draft.twgp", DRAFT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.open_path(draft)
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    text = draft.read_text(encoding="utf-8")
    assert text.startswith(DRAFT.split("name:")[0])
    assert "# unresolved line 2: 1 Mox Opal (closest: Mox Pearl)" in text


async def test_an_export_of_a_deck_built_in_the_app_names_cards_in_japanese(
    app: TwgpApp, tmp_path: Path
) -> None:
    """The app writes each card it adds as [SOURCE_ID] of the printing highlighted (here the
    English Lightning Bolt): the Markdown export still shows 稲妻, which only the Japanese
    printing carries (issue 13 item 5)."""
    target = tmp_path / "bolt.md"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Lightning Bolt" lang:en')
        await pilot.press("e")
        await settle(pilot)
        (line,) = app.main.deck.section("entry.library")
        assert line.source_id is not None
        await pilot.press("ctrl+e")
        await settle(pilot)
        app.screen.query_one("#export-format").value = "md"  # type: ignore[attr-defined]
        await settle(pilot)
        app.screen.query_one("#export-path", Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
    assert "| Lightning Bolt | 稲妻 |" in target.read_text(encoding="utf-8")


# -- the export's default works on the first Enter (issue 21) ---------------------------------


def test_the_default_format_is_the_last_one_never_the_open_files_own() -> None:
    formats = ["twgp", "json", "csv", "md", "html"]
    assert default_format(formats, "", Path("mono.twgp")) == "html"
    assert default_format(formats, "md", Path("mono.twgp")) == "md"
    assert default_format(formats, "twgp", Path("mono.twgp")) == "html"
    assert default_format(formats, "twgp", None) == "twgp"
    assert default_format(["twgp", "json"], "", Path("mono.twgp")) == "json"


def test_the_default_path_does_not_exist_yet(tmp_path: Path) -> None:
    assert free_path(tmp_path, "mono", "html") == tmp_path / "mono.html"
    write(tmp_path, "mono.html", "")
    write(tmp_path, "mono-2.html", "")
    assert free_path(tmp_path, "mono", "html") == tmp_path / "mono-3.html"


async def test_export_works_on_the_first_enter_and_remembers_the_format(
    app: TwgpApp, tmp_path: Path
) -> None:
    """ctrl+e, Enter: written (next to the deck, a name not taken, not the deck's format);
    the format picked is the next export's first."""
    deck = write(tmp_path, "mono.twgp", (DATA / "legal_half.twgp").read_text(encoding="utf-8"))
    write(tmp_path, "mono.html", "an older export")
    async with app.run_test(size=SIZE) as pilot:
        await open_export(app, pilot, deck)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is app.main
        assert "Mono Beats" in (tmp_path / "mono-2.html").read_text(encoding="utf-8")
        assert (tmp_path / "mono.html").read_text(encoding="utf-8") == "an older export"
        await pilot.press("ctrl+e")
        await settle(pilot)
        app.screen.query_one("#export-format").value = "md"  # type: ignore[attr-defined]
        await settle(pilot)
        assert app.screen.query_one("#export-path", Input).value == str(
            tmp_path.resolve() / "mono.md"
        )
        await pilot.press("enter")
        await settle(pilot)
        assert (tmp_path / "mono.md").exists()
        assert app.settings.export_format == "md"
        await pilot.press("ctrl+e")
        await settle(pilot)
        assert app.screen.query_one("#export-format").value == "md"  # type: ignore[attr-defined]
        assert app.screen.query_one("#export-path", Input).value == str(
            tmp_path.resolve() / "mono-2.md"
        )


async def test_export_of_a_deck_without_a_file_makes_its_folder_on_the_first_enter(
    app: TwgpApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TWGP_EXPORT_DIR", str(tmp_path / "exports"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+e")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is app.main
        assert [p.name for p in (tmp_path / "exports").iterdir()] == ["deck.html"]
