"""Japanese all the way (issue 13 item 5): after F3 the key list, the query help, the command
palette, messages and errors are Japanese; kana find romaji names; type lists are one
language at a time."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from catalog.base.keys import romaji_keys
from catalog.lookup.query_keys import KEYS as QUERY_KEYS
from deckbuilder.deck import ARCHIVE
from tests.tui.conftest import SIZE, search, settle
from tui.app import TwgpApp
from tui.keys import HELP_JA, KEYS
from tui.palette import TwgpCommands
from tui.screens.help import HelpScreen, keys_table
from tui.screens.override import OverrideModal
from tui.screens.query_help import KEY_HELP_JA, cheat_sheet
from tui.widgets.card_table import CardTable
from tui.widgets.deck_pane import DeckPane


def rendered(renderable: object) -> str:
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(renderable)
    return console.export_text()


def test_every_key_and_query_key_has_japanese_help() -> None:
    assert {key.id for key in KEYS} == set(HELP_JA)
    assert {key.name for key in QUERY_KEYS.values()} <= set(KEY_HELP_JA)


def test_the_key_list_and_the_query_help_in_japanese() -> None:
    keys = rendered(keys_table("ja"))
    assert "新しいデッキを始めます" in keys
    assert "Start a new deck" not in keys
    assert "コマンドパレット" in keys
    query = rendered(cheat_sheet("ja"))
    assert "書き方" in query
    assert "実際の戦闘力" in query
    assert "effective grade" not in query


@pytest.mark.parametrize(
    ("key", "expected"),
    [("ぴかちゅう", ("pikachuu", "pikachu")), ("とうきょう", ("toukyou", "tokyo")), ("稲妻", ()), ("pika", ())],
)
def test_kana_keys_have_their_romaji(key: str, expected: tuple[str, ...]) -> None:
    assert romaji_keys(key) == expected


@pytest.mark.parametrize("query", ["ぴかちゅう", "ピカチュウ", "pikachu"])
async def test_kana_find_the_card_named_in_romaji(app: TwgpApp, query: str) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, query)
        assert [c.name for c in app.screen.query_one(CardTable).cards] == ["Pikachu"]


async def test_f2_and_the_palette_are_japanese_after_f3(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("#help").border_title == "キー一覧 — F2 / escで閉じる"
        await pilot.press("escape")
        await settle(pilot)
        commands = TwgpCommands(app.main).commands()
        titles = {command.title for command in commands}
        assert "新規 (ctrl+n)" in titles
        assert "名前を付けて保存…" in titles
        assert all(not command.help.isascii() for command in commands)
        system = [command.title for command in app.get_system_commands(app.main)]
        assert system[0] == "終了"


async def test_the_override_type_list_is_in_one_language(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await search(pilot, 'name="Forest"')
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, OverrideModal)
        select = app.screen.query_one("#override-type", Select)
        labels = [str(prompt) for prompt, _ in select._options if str(prompt)]
        assert "チャージ・エフェクト" in labels
        assert not [label for label in labels if label.isascii()], labels


async def test_the_deck_pane_names_cards_in_japanese_first(app: TwgpApp) -> None:
    """F3: a line shows the card's Japanese name first, the English after it (issue 21)."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Lightning Bolt"')
        await pilot.press("a")
        await settle(pilot)
        pane = app.screen.query_one(DeckPane)
        assert _archive_line(pane).startswith("  1× Lightning Bolt  mtg")
        await pilot.press("f3")
        await settle(pilot)
        label = _archive_line(pane)
        assert label.startswith("  1× 稲妻 Lightning Bolt  mtg"), label
        assert "チャージ・エフェクト" in label


def _archive_line(pane: DeckPane) -> str:
    """The one line of the deck pane's archive section, as shown."""
    [section] = [node for node in pane.root.children
                 if node.data is not None and node.data.section == ARCHIVE]  # fmt: skip
    [line] = section.children
    return str(line.label)


def _shown(app: TwgpApp, part: str) -> str:
    from textual.widgets import Static

    return rendered(app.screen.query_one(f"#detail-{part}", Static).content)


async def test_the_detail_pane_in_japanese_gives_the_reasons_and_notes_in_japanese(
    app: TwgpApp,
) -> None:
    """Issue 21: after F3 the grade and type reasons and the reading's English notes are
    Japanese (the card's own English text is still shown as printed)."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "稲妻")
        assert "mana value 1 → 01" in _shown(app, "rulings")
        await pilot.press("f3")
        await settle(pilot)
        rulings = _shown(app, "rulings")
        assert "マナ総量 1 → 01" in rulings
        assert "インスタントかソーサリー → チャージ・エフェクト" in rulings
        assert "mana value" not in rulings
        assert "instant or sorcery" not in rulings
        await search(pilot, "pikachu")
        reading = _shown(app, "reading")
        assert "TWGPでは無効：ユニットのテキストは無効" in reading
        assert "Void in TWGP" not in reading
        await pilot.press("f3")
        await settle(pilot)
        assert "Void in TWGP" in _shown(app, "reading")
