"""ctrl+l: another game's decklist imported in the app (issue 13 items 1 and 6): any format
`twgp deck import` reads, told from the text ("auto"), in any encoding it reads; the draft is
an unsaved deck (life cards in [life], the rest in [pool]) whose unresolved lines are kept
as comments and written when it is saved; an unsaved deck is asked about first."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from tests.tui.conftest import SIZE, search, settle
from tui.app import TwgpApp
from tui.screens.import_deck import ImportDialog
from tui.screens.unsaved import UnsavedDialog
from tui.services import Services

ARENA = "Deck\n4 Lightning Bolt\n2 Grizzly Bears\n1 Mox Opal\n\nSideboard\n1 Crusade\n"


@pytest.mark.parametrize(
    ("text", "encoding", "fmt"),
    [(ARENA, "utf-8", "auto"), (ARENA, "utf-8", "mtga"), ("4 稲妻\n1 Crusade\n", "cp932", "auto")],
)
def test_a_decklist_is_drafted_as_the_cli_drafts_it(
    services: Services, tmp_path: Path, text: str, encoding: str, fmt: str
) -> None:
    path = tmp_path / "tempo.txt"
    path.write_bytes(text.encode(encoding))
    deck, comments = services.import_decklist(str(path), fmt)
    assert deck.name == "tempo"
    assert [e.name for e in deck.section("life")] == ["Crusade"]
    assert "Lightning Bolt" in {e.name for e in deck.section("pool")}
    assert comments[0].startswith("# imported from a ")
    unresolved = [line for line in comments if "unresolved line" in line]
    assert unresolved == (["# unresolved line 4: 1 Mox Opal"] if "Mox" in text else [])


async def test_ctrl_l_imports_a_draft_that_asks_before_it_is_lost(
    app: TwgpApp, tmp_path: Path
) -> None:
    source = tmp_path / "tempo.txt"
    source.write_text(ARENA, encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Shock"')
        await pilot.press("e")  # an unsaved change: asked about first
        await settle(pilot)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, UnsavedDialog)
        await pilot.click("#unsaved-discard")
        await settle(pilot)
        assert isinstance(app.screen, ImportDialog)
        assert app.screen.query_one("#import-format", Select).value == "auto"
        app.screen.query_one("#import-path", Input).value = str(source)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen_stack[-1] is app.main  # the screen now on top
        assert app.main.place is None
        assert app.main.dirty  # a draft is not saved anywhere yet
        assert [e.name for e in app.main.deck.section("life")] == ["Crusade"]
        told = " ".join(n.message for n in app._notifications)
        assert "1 line found no card" in told
        target = tmp_path / "tempo.twgp"
        await pilot.press("ctrl+s")
        await settle(pilot)
        app.screen.query_one("#save-target", Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
    text = target.read_text(encoding="utf-8")
    assert "# unresolved line 4: 1 Mox Opal" in text
    assert "1 mtg Crusade" in text


async def test_an_unreadable_decklist_is_an_error_in_japanese(
    app: TwgpApp, tmp_path: Path
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3", "ctrl+l")
        await settle(pilot)
        assert str(app.screen.query_one(".dialog-title").render()) == "デッキリストを取り込む"
        app.screen.query_one("#import-path", Input).value = str(tmp_path / "gone.txt")
        await pilot.press("enter")
        await settle(pilot)
        assert "gone.txt の取り込み" in str(app.screen.query_one("#error-title").render())
        assert app.main.deck.section("pool") == ()
