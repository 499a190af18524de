"""The app fits common terminals (issue 13 item 3): at least 5 card rows with name, grade and
type at 80×24, columns sized to their content and the width, deck lines that keep their ✗,
charts that never draw over each other, toasts that do not cover the problems."""

from __future__ import annotations

import pytest
from textual.widgets import Static, TabbedContent

from deckbuilder.deck import LIBRARY, LIFE
from tests.tui.conftest import search, settle
from tui.app import TwgpApp
from tui.widgets.card_rows import COLUMNS, MIN_NAME, fit
from tui.widgets.card_table import CardTable, clip
from tui.widgets.deck_charts import DeckCharts
from tui.widgets.deck_pane import DeckPane

SIZES = [(80, 24), (100, 30), (120, 36), (160, 48)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_card_list_shows_five_rows_with_name_grade_and_type(
    app: TwgpApp, size: tuple[int, int], lang: str
) -> None:
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if lang == "ja":
            await pilot.press("f3")
        await search(pilot, "game:mtg")
        table = app.screen.query_one(CardTable)
        rows_on_screen = table.scrollable_content_region.height - 1  # the header takes one
        assert rows_on_screen >= 5
        assert {"name", "grade", "type"} <= set(table.widths)
        assert table.widths["name"] >= MIN_NAME
        first = table.cards[0]
        line = table.render_line(1).text
        assert first.name[:8] in line
        assert first.grade_text is not None
        assert first.grade_text in line
        assert line.rstrip().endswith("·") or line.rstrip()[-1].isdigit()  # Own is on screen


def test_columns_fit_content_and_the_japanese_name_gives_way_first() -> None:
    content = {"game": 3, "name": 22, "other_name": 12, "set": 8, "grade": 2, "type": 13, "owned": 1}
    head = {"game": 4, "name": 4, "other_name": 8, "set": 3, "grade": 5, "type": 4, "owned": 3}
    wide = fit(content, head, 120)
    assert wide == {"game": 4, "name": 22, "other_name": 12, "set": 8, "grade": 5, "type": 13, "owned": 3}
    middle = fit(content, head, 66)
    assert "set" in middle
    assert "other_name" not in middle
    narrow = fit(content, head, 45)
    assert list(narrow) == [c.key for c in COLUMNS if c.essential]
    assert narrow["name"] >= MIN_NAME
    assert sum(narrow.values()) + len(narrow) + 1 <= 45
    tight = fit({**content, "type": 20}, {**head, "game": 6, "grade": 6}, 40)
    assert tight["name"] == MIN_NAME  # the type is cut, not the name
    assert sum(tight.values()) + len(tight) + 1 <= 40


def test_clip_keeps_wide_characters_whole() -> None:
    assert clip("チャージ・エフェクト", 12) == "チャージ・… "
    assert clip("05", 5, right=True) == "   05"
    assert clip("Lightning Bolt", 8) == "Lightni…"


async def test_deck_lines_keep_their_mark_at_80_columns(app: TwgpApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Air Elemental"')
        await pilot.press("l", "e", "e")  # a unit in the life set; a duplicate in the entry
        await settle(pilot)
        pane = app.screen.query_one(DeckPane)
        flagged = [node for node in pane.root.children
                   if node.data is not None and node.data.section in (LIFE, LIBRARY)]  # fmt: skip
        for section in flagged:
            for line in section.children:
                assert str(line.label).startswith("✗ ")
        drawn = [pane.render_line(y).text for y in range(pane.size.height)]
        assert sum("✗" in line for line in drawn) == 2


@pytest.mark.parametrize(("width", "columns"), [(80, 1), (160, 2)])
async def test_the_charts_never_draw_over_each_other(app: TwgpApp, width: int, columns: int) -> None:
    from pathlib import Path

    async with app.run_test(size=(width, 30)) as pilot:
        await settle(pilot)
        app.main.open_path(Path(__file__).parent / "data" / "legal_half.twgp")
        await settle(pilot)
        app.screen.query_one(TabbedContent).active = "tab-stats"
        await settle(pilot)
        charts = app.screen.query_one(DeckCharts)
        assert charts.styles.grid_size_columns == columns
        curve = charts.query_one("#grade-curve", Static)
        figures = charts.query_one("#deck-figures", Static)
        assert not curve.region.overlaps(figures.region)
        assert curve.region.width <= charts.region.width
        assert "Unit grade curve" in str(curve.render())


async def test_adding_a_card_is_told_under_the_deck_not_in_a_toast(app: TwgpApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await search(pilot, 'name="Shock"')
        await pilot.press("e")
        await settle(pilot)
        assert not app._notifications
        assert app.screen.query_one(DeckPane).border_subtitle == "+ Shock → Entry library"
