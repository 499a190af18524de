"""Sorting the card list by any column (issue 13 item 8): a click on a column's header or F8,
the sort written into the query (so the catalog sorts every page alike), ▲/▼ on the header,
the same column again the other way round; the name columns swap in Japanese."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from tests.tui.conftest import SIZE, search, settle
from tui.app import TwgpApp
from tui.query_sort import column_sort, next_sort, sorted_column, with_sort
from tui.screens.section_picker import SectionPicker
from tui.widgets.card_rows import GAP
from tui.widgets.card_table import CardTable


@pytest.mark.parametrize(
    ("query", "sort", "descending", "expected"),
    [
        ("", "grade", False, "sort:grade"),
        ("bolt", "set", True, "bolt sort:set order:desc"),
        ("bolt sort:grade order:desc game:mtg", "name", False, "bolt game:mtg sort:name"),
        ('"white  dragon" SORT:grade', "type", False, '"white  dragon" sort:type'),
        ("(a or b) sort:grade", "owned", False, "(a or b) sort:owned"),
        ('"unterminated', "grade", False, '"unterminated sort:grade'),
    ],
)
def test_a_sort_replaces_the_querys_own(
    query: str, sort: str, descending: bool, expected: str
) -> None:
    assert with_sort(query, sort, descending) == expected


def test_the_same_column_again_sorts_the_other_way() -> None:
    assert next_sort("bolt", "grade") == "bolt sort:grade"
    assert next_sort("bolt sort:grade", "grade") == "bolt sort:grade order:desc"
    assert next_sort("bolt sort:grade order:desc", "grade") == "bolt sort:grade"
    assert next_sort("bolt sort:grade order:desc", "set") == "bolt sort:set"


def test_the_name_columns_swap_in_japanese() -> None:
    assert (column_sort("name", "en"), column_sort("other_name", "en")) == ("name", "name_ja")
    assert (column_sort("name", "ja"), column_sort("other_name", "ja")) == ("name_ja", "name")
    assert sorted_column("name_ja", "ja") == "name"
    assert sorted_column(None, "en") is None


async def click_header(pilot: Pilot[None], column: str) -> None:
    """Click the middle of a column's header (the list's border is one cell)."""
    table = pilot.app.screen.query_one(CardTable)
    start = GAP
    for key, width in table.widths.items():
        if key == column:
            await pilot.click(CardTable, offset=(1 + start + width // 2, 1))
            await settle(pilot)
            return
        start += width + GAP
    raise AssertionError(f"no {column} column shown")


def grades(table: CardTable) -> list[int]:
    return [row.card.grade for row in table.rows if row.card.grade is not None]


async def test_a_click_on_a_header_sorts_by_it_and_again_the_other_way(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await search(pilot, "game:mtg")
        table = app.screen.query_one(CardTable)
        box = app.screen.query_one("#search", Input)
        await click_header(pilot, "grade")
        assert box.value == "game:mtg sort:grade"
        assert app.main.query_text == box.value  # the catalog sorts: paging stays right
        assert grades(table) == sorted(grades(table))
        assert len(set(grades(table))) > 2
        assert "▲" in table.render_line(0).text
        await click_header(pilot, "grade")
        assert box.value == "game:mtg sort:grade order:desc"
        assert grades(table) == sorted(grades(table), reverse=True)
        assert "▼" in table.render_line(0).text
        await click_header(pilot, "name")
        names = [row.card.name.casefold() for row in table.rows]
        assert box.value == "game:mtg sort:name"
        assert names == sorted(names)


async def test_f8_picks_the_column_to_sort_by(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        assert isinstance(app.screen, SectionPicker)
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert ids == ["game", "name", "other_name", "set", "grade", "type", "owned"]
        options.highlighted = ids.index("type")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.query_one("#search", Input).value == "sort:type"
        table = app.screen.query_one(CardTable)
        assert table.sorted_by == ("type", False)


async def test_in_japanese_the_name_column_sorts_by_the_japanese_name(app: TwgpApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        await click_header(pilot, "name")
        assert app.screen.query_one("#search", Input).value == "sort:name_ja"
        table = app.screen.query_one(CardTable)
        # the one card with a Japanese name first (by name it is far down), the rest after it
        assert table.rows[0].card.name_ja == "稲妻"
        assert not any(row.card.name_ja for row in table.rows[1:])
        assert "▲" in table.render_line(0).text.split("名前")[1][:3]
