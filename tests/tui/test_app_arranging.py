"""Arranging a draft in the app (issue 21): an imported list lands in [pool] with several
copies per line and its basic lands; the player moves a whole line at once, deletes a line,
and takes every card with no TWGP type out with one key (and finds each in the palette)."""

from __future__ import annotations

import inspect
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import OptionList

from deckbuilder.deck import LIBRARY, LIFE, POOL
from tests.tui.conftest import SIZE, settle, write
from tui.app import TwgpApp
from tui.keys import KEYS, display_keys
from tui.palette import Command, TwgpCommands
from tui.screens.section_picker import SectionPicker
from tui.widgets.deck_pane import DeckPane, Spot

DRAFT = """# unresolved line 9: 1 Mox Opal
name: Imported
format: full

[life]
1 mtg Glorious Anthem

[pool]
3 mtg Grizzly Bears
4 mtg Lightning Bolt
12 mtg Forest
2 mtg Hill Giant
"""


async def ran(command: Command) -> None:
    """Run a palette command and wait for it (the app's actions are coroutines)."""
    running = command.run()
    assert inspect.isawaitable(running)
    await running


def lines(app: TwgpApp, section: str) -> list[tuple[int, str]]:
    return [(e.qty, e.name) for e in app.main.deck.section(section)]


async def open_draft(pilot: Pilot[None], app: TwgpApp, folder: Path) -> DeckPane:
    app.main.open_path(write(folder, "draft.twgp", DRAFT))
    await settle(pilot)
    pane = app.screen.query_one(DeckPane)
    pane.focus()
    return pane


async def test_move_every_copy_of_a_line(app: TwgpApp, tmp_path: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = await open_draft(pilot, app, tmp_path)
        pane.go_to(Spot(POOL, 1))  # 4 Lightning Bolt
        await pilot.press("M")
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, SectionPicker)
        assert "all 4 of Lightning Bolt" in picker.title_text
        options = picker.query_one(OptionList)
        options.highlighted = next(
            i for i in range(options.option_count) if options.get_option_at_index(i).id == LIBRARY
        )
        await pilot.press("enter")
        await settle(pilot)
        assert lines(app, LIBRARY) == [(4, "Lightning Bolt")]
        assert (4, "Lightning Bolt") not in lines(app, POOL)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert (4, "Lightning Bolt") in lines(app, POOL)


async def test_delete_a_whole_line(app: TwgpApp, tmp_path: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = await open_draft(pilot, app, tmp_path)
        pane.go_to(Spot(POOL, 0))  # 3 Grizzly Bears
        await pilot.press("shift+delete")
        await settle(pilot)
        assert lines(app, POOL) == [(4, "Lightning Bolt"), (12, "Forest"), (2, "Hill Giant")]
        pane.go_to(Spot(POOL, 2))
        await pilot.press("ctrl+d")
        await settle(pilot)
        assert lines(app, POOL) == [(4, "Lightning Bolt"), (12, "Forest")]


async def test_remove_every_card_with_no_twgp_type(app: TwgpApp, tmp_path: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_draft(pilot, app, tmp_path)
        await pilot.press("ctrl+x")
        await settle(pilot)
        assert lines(app, POOL) == [(3, "Grizzly Bears"), (4, "Lightning Bolt"), (2, "Hill Giant")]
        assert lines(app, LIFE) == [(1, "Glorious Anthem")]
        told = [n.message for n in app._notifications]
        assert any("Removed 12 cards with no TWGP type: Forest" in m for m in told)
        await pilot.press("ctrl+x")
        await settle(pilot)
        told = [n.message for n in app._notifications]
        assert any("no card without a TWGP type" in m for m in told)


async def test_the_arranging_commands_are_in_the_palette(app: TwgpApp, tmp_path: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = await open_draft(pilot, app, tmp_path)
        pane.go_to(Spot(POOL, 3))  # 2 Hill Giant
        provider = TwgpCommands(app.screen)
        titles = {command.title: command for command in provider.commands()}
        assert "Delete line (shift+delete / ctrl+d)" in titles
        assert "Move all… (shift+m)" in titles
        assert "Drop untyped (ctrl+x)" in titles
        await ran(titles["Drop untyped (ctrl+x)"])
        await settle(pilot)
        assert (12, "Forest") not in lines(app, POOL)
        await ran(titles["Delete line (shift+delete / ctrl+d)"])
        await settle(pilot)
        assert (2, "Hill Giant") not in lines(app, POOL)


def test_the_keys_table_lists_the_arranging_keys() -> None:
    shown = {key.action: display_keys(key) for key in KEYS}
    assert shown["move_all"] == "shift+m"
    assert shown["delete_line"] == "shift+delete / ctrl+d"
    assert shown["remove_untyped"] == "ctrl+x"
