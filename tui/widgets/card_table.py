"""The search results: one row per card identity (game, name, Japanese name, set with the
number of other printings, grade, type, owned; ✎ marks an override). → opens a card's
printings, ← closes them. Only the rows on screen are drawn (the Line API): a new page of
results is a list swap, whatever its length; columns are sized to the rows and the width
(tui/widgets/card_rows.py). Asks for the next page when the cursor nears the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.card_groups import Group, group_cards
from tui.keys import bindings
from tui.widgets.card_rows import (
    COLUMNS,
    GAP,
    Row,
    cells,
    content_widths,
    fit,
    headers,
    rows_of,
)

if TYPE_CHECKING:
    from catalog.cards.views import CardView

PREFETCH = 10  # rows from the end at which the next page is asked for
#: the add keys' sections that only a TWGP deck has (`e` adds to another format's first)
TWGP_ONLY = frozenset({"life", "entry.archive", "final", "pool"})
RIGHT = frozenset(column.key for column in COLUMNS if column.right)


def clip(text: str, width: int, right: bool = False) -> str:
    """`text` in exactly `width` cells: padded, or cut with an ellipsis."""
    if cell_len(text) <= width:
        pad = " " * (width - cell_len(text))
        return pad + text if right else text + pad
    kept, used = [], 0
    for char in text:
        if used + cell_len(char) > width - 1:
            break
        kept.append(char)
        used += cell_len(char)
    return "".join(kept) + "…" + " " * (width - used - 1)


class CardTable(ScrollView, can_focus=True):
    """`cards` holds every card (printing) loaded, in search order; `groups` the identities
    they make; `total` the number of matches (None until counted). `twgp_deck` is False
    while the deck being built is of another game's format: the add keys of TWGP's sections
    are then hidden."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "edge(0)", show=False),
        Binding("end", "edge(1)", show=False),
        Binding("right", "expand(True)", show=False),
        Binding("left", "expand(False)", show=False),
        *bindings("cards"),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card-table--header",
        "card-table--cursor",
        "card-table--even",
        "card-table--printing",
        "card-table--override",
    }
    DEFAULT_CSS = """
    CardTable {
        background: $surface;
        overflow-x: hidden;
        overflow-y: scroll;  /* always: the columns never shift when rows arrive */
        & > .card-table--header { text-style: bold; background: $panel; }
        & > .card-table--even { background: $surface-lighten-1 50%; }
        & > .card-table--printing { color: $text-muted; }
        & > .card-table--override { color: $warning; }
        & > .card-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
        }
        &:focus > .card-table--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: bold;
        }
    }
    """

    cursor_row: reactive[int] = reactive(0, always_update=True)

    @dataclass
    class CardHighlighted(Message):
        table: CardTable
        card: CardView

        @property
        def control(self) -> CardTable:
            return self.table

    @dataclass
    class AddRequested(Message):
        """Add `card` to `section` ("final" = the current final/half, "?" = ask)."""

        table: CardTable
        card: CardView
        section: str
        #: the query whose results the list showed when the key was pressed
        query: str | None = None

        @property
        def control(self) -> CardTable:
            return self.table

    @dataclass
    class CardAction(Message):
        """An action on the highlighted card: "override" or "fetch"."""

        table: CardTable
        card: CardView
        action: str

        @property
        def control(self) -> CardTable:
            return self.table

    @dataclass
    class SortWanted(Message):
        """A click on a column's header: sort by it (again: the other way round)."""

        table: CardTable
        column: str

        @property
        def control(self) -> CardTable:
            return self.table

    @dataclass
    class MoreWanted(Message):
        table: CardTable
        offset: int

        @property
        def control(self) -> CardTable:
            return self.table

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[CardView] = []
        self.groups: list[Group] = []
        self.rows: list[Row] = []
        self.total: int | None = None
        #: the query these rows are the results of (None before the first results)
        self.results_query: str | None = None
        self.lang = "en"
        #: identity → copies the saved decks other than the open one hold (owned column)
        self.committed: dict[str, int] = {}
        self.twgp_deck = True
        self.widths: dict[str, int] = {}
        self._content: dict[str, int] = {}
        self._asked_at: int | None = None
        self._announced: CardView | None = None
        #: the column the query sorts by (its header shows ▲ or ▼), and whether descending
        self.sorted_by: tuple[str | None, bool] = (None, False)

    # -- contents --------------------------------------------------------------------------

    def show(self, cards: Sequence[CardView], total: int | None, query: str = "") -> None:
        """Replace the rows with a first page of the results of `query` (the cursor goes to
        the top)."""
        self.results_query = query
        self.cards = list(cards)
        self.total = total
        self._asked_at = None
        self.groups = group_cards(self.cards, self.lang)
        self._relayout(measure=True)
        self.scroll_to(y=0, animate=False)
        self._announced = None
        self.cursor_row = 0

    def extend(self, cards: Sequence[CardView]) -> None:
        """Append the next page (a printing of an identity already listed joins its row)."""
        self.cards = [*self.cards, *cards]
        group_cards(cards, self.lang, self.groups)
        self._relayout(measure=True)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.groups = group_cards(self.cards, lang)
        self._relayout(measure=True)
        self.cursor_row = min(self.cursor_row, max(len(self.rows) - 1, 0))

    def replace_card(self, card: CardView) -> None:
        """Show the fresh view of a card (after an override)."""
        self.cards = [card if shown.id == card.id else shown for shown in self.cards]
        for group in self.groups:
            group.printings = [card if p.id == card.id else p for p in group.printings]
        self._relayout(measure=True)

    def show_committed(self, committed: dict[str, int]) -> None:
        """The copies other saved decks hold: the owned column shows free/owned."""
        if committed != self.committed:
            self.committed = committed
            self._relayout(measure=True)

    def _relayout(self, *, measure: bool = False) -> None:
        self.rows = rows_of(self.groups)
        if measure:
            self._content = content_widths(self.rows, self.lang, self.committed)
        self._fit()
        self.virtual_size = Size(self.size.width, len(self.rows) + 1)
        self.refresh()

    def show_sort(self, column: str | None, descending: bool) -> None:
        """Mark the header of the column the results are sorted by."""
        if self.sorted_by != (column, descending):
            self.sorted_by = (column, descending)
            self._fit()
            self.refresh()

    def header_texts(self) -> dict[str, str]:
        texts = headers(self.lang)
        column, descending = self.sorted_by
        if column in texts:
            texts[column] += " ▼" if descending else " ▲"
        return texts

    def column_at(self, x: int) -> str | None:
        """The column drawn at `x` cells into the list (None between columns)."""
        start = GAP
        for key, width in self.widths.items():
            if start <= x < start + width:
                return key
            start += width + GAP
        return None

    def _fit(self) -> None:
        if not self._content:
            self._content = content_widths(self.rows, self.lang, self.committed)
        width = self.scrollable_content_region.width or self.size.width
        head = {key: cell_len(text) for key, text in self.header_texts().items()}
        self.widths = fit(self._content, head, width)

    def on_resize(self, event: events.Resize) -> None:
        self._fit()
        self.virtual_size = Size(event.size.width, len(self.rows) + 1)

    # -- the cursor ------------------------------------------------------------------------

    @property
    def highlighted(self) -> CardView | None:
        if not 0 <= self.cursor_row < len(self.rows):
            return None
        return self.rows[self.cursor_row].card

    def move_to_card(self, card_id: int) -> None:
        """Put the cursor on the row of the card (printing) with this id, if listed."""
        for index, row in enumerate(self.rows):
            if any(p.id == card_id for p in row.group.printings):
                self.move_cursor(row=index)
                return

    def move_cursor(self, *, row: int) -> None:
        self.cursor_row = max(0, min(row, len(self.rows) - 1))

    def watch_cursor_row(self, row: int) -> None:
        self._scroll_to_cursor()
        self.refresh()
        card = self.highlighted
        if card is not None and card is not self._announced:
            self._announced = card
            self.post_message(self.CardHighlighted(self, card))
        more = self.total is not None and len(self.cards) < self.total
        shown = len(self.cards)
        if more and row >= len(self.rows) - PREFETCH and self._asked_at != shown:
            self._asked_at = shown
            self.post_message(self.MoreWanted(self, shown))

    def _scroll_to_cursor(self) -> None:
        visible = max(self.scrollable_content_region.height - 1, 1)
        top = round(self.scroll_y)
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row, animate=False)
        elif self.cursor_row >= top + visible:
            self.scroll_to(y=self.cursor_row - visible + 1, animate=False)

    def action_cursor(self, step: int) -> None:
        self.move_cursor(row=self.cursor_row + step)

    def action_page(self, direction: int) -> None:
        visible = max(self.scrollable_content_region.height - 1, 1)
        self.move_cursor(row=self.cursor_row + direction * visible)

    def action_edge(self, end: int) -> None:
        self.move_cursor(row=len(self.rows) - 1 if end else 0)

    def action_expand(self, open_: bool) -> None:
        """→ shows the printings of the identity under the cursor, ← folds them again."""
        if not self.rows:
            return
        row = self.rows[self.cursor_row]
        group = row.group
        if len(group.printings) < 2 or group.expanded == open_:
            if not open_ and row.printing is not None:  # ← on a printing: back to its card
                self.move_cursor(row=self.rows.index(Row(group)))
            return
        group.expanded = open_
        self._relayout()
        self.move_cursor(row=self.rows.index(Row(group, 0 if open_ else None)))

    def on_click(self, event: events.Click) -> None:
        """A click on a row selects it; on a column's header, sorts by that column."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if offset.y == 0:
            column = self.column_at(offset.x)
            if column is not None:
                self.post_message(self.SortWanted(self, column))
            return
        row = round(self.scroll_y) + offset.y - 1
        if 0 <= row < len(self.rows):
            self.move_cursor(row=row)

    # -- drawing ---------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if y == 0:
            return self._line(
                self.header_texts(), self.get_component_rich_style("card-table--header"), width
            )
        index = round(self.scroll_y) + y - 1
        if index >= len(self.rows):
            return Strip.blank(width, self.rich_style)
        row = self.rows[index]
        style = self.rich_style
        if index % 2:
            style += self.get_component_rich_style("card-table--even")
        if row.printing is not None:
            style += self.get_component_rich_style("card-table--printing")
        elif row.card.override is not None:
            style += self.get_component_rich_style("card-table--override")
        if index == self.cursor_row:
            style += self.get_component_rich_style("card-table--cursor")
        return self._line(cells(row, self.lang, self.committed), style, width)

    def _line(self, texts: dict[str, str], style: Style, width: int) -> Strip:
        parts = [" " * GAP]
        for key, column_width in self.widths.items():
            parts.append(clip(texts[key], column_width, key in RIGHT))
            parts.append(" " * GAP)
        text = "".join(parts)
        return Strip([Segment(clip(text, width), style)], width)

    # -- actions ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add" and not self.twgp_deck and parameters and parameters[0] in TWGP_ONLY:
            return False
        return True

    def action_add(self, section: str) -> None:
        card = self.highlighted
        if card is not None:
            self.post_message(self.AddRequested(self, card, section, self.results_query))

    def action_override(self) -> None:
        card = self.highlighted
        if card is not None:
            self.post_message(self.CardAction(self, card, "override"))

    def action_fetch(self) -> None:
        card = self.highlighted
        if card is not None:
            self.post_message(self.CardAction(self, card, "fetch"))
