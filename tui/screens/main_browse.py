"""The main screen's browsing of the card list: sorting it by a column (F8, or a click on a
column's header), the sort written into the query so that the catalog sorts every page."""

from __future__ import annotations

from textual import on
from textual.widgets import Input

from tui.query_sort import COLUMN_SORTS, column_sort, next_sort, sort_of, sorted_column
from tui.screens.main_deck import DeckEditing
from tui.terms import term
from tui.widgets.card_table import CardTable


class Browsing(DeckEditing):
    """Needs the main screen's `query_text` and `run_search`."""

    def show_sort(self) -> None:
        sort, descending = sort_of(self.query_text)
        self.table.show_sort(sorted_column(sort, self.lang), descending)

    @on(CardTable.SortWanted)
    def _sort_wanted(self, message: CardTable.SortWanted) -> None:
        self.sort_by(message.column)

    def sort_by(self, column: str) -> None:
        """Sort the results by a column of the card list: the sort goes into the query (the
        catalog sorts every page alike), ascending, or the other way round when it is."""
        box = self.query_one("#search", Input)
        query = next_sort(box.value, column_sort(column, self.lang))  # what is typed, kept
        box.value = query
        self.run_search(query)

    def action_sort(self) -> None:
        """F8: pick the column to sort by."""
        from tui.screens.section_picker import SectionPicker

        current, descending = self.table.sorted_by
        marks = {current: " ▼" if descending else " ▲"}
        columns = [(key, term(key, self.lang) + marks.get(key, "")) for key in COLUMN_SORTS]

        def chosen(column: str | None) -> None:
            if column is not None:
                self.sort_by(column)

        self.app.push_screen(SectionPicker(term("sort_title", self.lang), columns), chosen)
