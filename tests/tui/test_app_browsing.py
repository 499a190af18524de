"""Browsing like the anchors (issue 13 item 8): one row per card with its printings behind
→, End/Home, the final `f` targets marked and full at 20, the fetch dialog asking the game,
NOT_OWNED warnings hidden on request, the list searched again after an override, Scryfall's
key aliases."""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import Input, Select

from catalog.lookup.query import parse_query
from deckbuilder.codes import Code
from deckbuilder.deck import Entry
from deckbuilder.resolve import CardInfo, MemoryResolver
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse
from tests.tui.conftest import SIZE, search, settle
from tui.app import TwgpApp
from tui.screens.fetch import FetchDialog
from tui.widgets.card_table import CardTable
from tui.widgets.deck_pane import DeckPane
from tui.widgets.problems import ProblemsPanel


async def test_end_home_and_the_printings_of_a_card(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one(CardTable)
        table.focus()
        await pilot.press("end")
        assert table.cursor_row == len(table.rows) - 1
        await pilot.press("home")
        assert table.cursor_row == 0
        await search(pilot, "bolt")
        assert len(table.rows) == 1  # two printings, one card
        assert "+1" in table.render_line(1).text
        await pilot.press("right")
        await settle(pilot)
        assert [row.printing for row in table.rows] == [None, 0, 1]
        await pilot.press("down")
        assert table.highlighted is table.rows[2].card
        await pilot.press("left", "left")
        assert len(table.rows) == 1


async def test_f_shows_its_final_and_stops_at_twenty(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pane = app.screen.query_one(DeckPane)
        final = next(node for node in pane.root.children
                     if node.data is not None and node.data.section == "final.1")  # fmt: skip
        assert str(final.label).endswith("◂ f")
        full = {"final.1": tuple(Entry(1, "mtg", f"Card {i}") for i in range(20))}
        app.main.edit(replace(app.main.deck, sections={**app.main.deck.sections, **full}))
        await settle(pilot)
        await search(pilot, 'name="Shock"')
        await pilot.press("f")
        await settle(pilot)
        assert sum(e.qty for e in app.main.deck.section("final.1")) == 20
        assert any("already has 20" in n.message for n in app._notifications)


async def test_the_fetch_dialog_asks_the_game(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "Opt")
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert isinstance(app.screen, FetchDialog)
        assert app.screen.query_one("#fetch-game", Select).value == Select.NULL
        app.screen.query_one("#fetch-names", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, FetchDialog)  # not sent without a game
        assert "choose the game" in str(app.screen.query_one("#fetch-error").render())


async def test_not_owned_warnings_can_be_hidden(app: TwgpApp) -> None:
    card = CardInfo("mtg", "x1", "Shock", "mtg:shock", 1, None, owned=0)
    report = validate_deck(parse("format: half\n[life]\n1 mtg Shock\n"), MemoryResolver([card]))
    assert any(w.code is Code.NOT_OWNED for w in report.warnings)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ProblemsPanel)
        panel.show_report(report)
        panel.focus()
        await pilot.press("w")
        assert not any(p.code is Code.NOT_OWNED for p in panel.problems)
        assert "NOT_OWNED hidden" in str(panel.border_title)
        await pilot.press("w")
        assert any(p.code is Code.NOT_OWNED for p in panel.problems)


async def test_the_list_is_searched_again_after_an_override(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "game:mtg grade:0")
        table = app.screen.query_one(CardTable)
        assert "Forest" in [c.name for c in table.cards]
        table.move_to_card(next(c.id for c in table.cards if c.name == "Forest"))
        await pilot.press("o")
        await settle(pilot)
        app.screen.query_one("#override-grade", Input).value = "5"
        await pilot.press("enter")
        await settle(pilot)
        assert "Forest" not in [c.name for c in table.cards]


def test_scryfall_keys_are_aliases_where_they_do_not_clash() -> None:
    parsed = parse_query("mv>=3 cmc:2 oracle:draw s:lea o:flying")
    keys = [term.key for term in parsed.root.operands]  # type: ignore[union-attr]
    assert keys == ["grade", "grade", "text", "set", "text"]
