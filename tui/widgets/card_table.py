"""The search results: one row per card (game, name, Japanese name, grade, type, owned,
override mark). Columns have fixed widths (the name takes what is left), so paging in more
rows never makes the table jump; asks for the next page when the cursor nears the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.events import Resize
from textual.message import Message
from textual.widgets import DataTable

from converters.base import CardType
from converters.errors import UnknownGameError
from converters.registry import load_converter
from tui.keys import bindings
from tui.safe_text import text
from tui.terms import term

if TYPE_CHECKING:
    from catalog.views import CardView

#: column key → width (None: the name, which takes the rest)
WIDTHS: dict[str, int | None] = {
    "game": 4, "name": None, "name_ja": 10, "grade": 5, "type": 11, "owned": 3,
    "override_mark": 1,
}  # fmt: skip
MIN_NAME = 12
CHROME = 2 * len(WIDTHS) + 4  # cell padding on both sides, borders and the scrollbar
PREFETCH = 10  # rows from the end at which the next page is asked for
#: the add keys' sections that only a TWGP deck has (`e` adds to another format's first)
TWGP_ONLY = frozenset({"life", "entry.archive", "final", "pool"})

SHORT_TYPES: dict[CardType, tuple[str, str]] = {
    CardType.UNIT: ("Unit", "ユニット"),
    CardType.RECOIL: ("Recoil", "リコイル"),
    CardType.WEAPON: ("Weapon", "ウェポン"),
    CardType.CHARGE_TRAP: ("Ch.Trap", "Cトラップ"),
    CardType.CHARGE_EFFECT: ("Ch.Effect", "Cエフェクト"),
    CardType.LIFE_TRAP: ("Life Trap", "Lトラップ"),
    CardType.LIFE_COUNTER: ("Life Ctr", "Lカウンター"),
}


@cache
def game_short_name(game: str) -> str:
    try:
        return load_converter(game).short_name
    except UnknownGameError:
        return game


def type_text(card: CardView, lang: str) -> str:
    if card.card_type is None:
        return "—"
    english, japanese = SHORT_TYPES[card.card_type]
    return japanese if lang == "ja" else english


def card_row(card: CardView, lang: str) -> tuple[str | Text, ...]:
    grade = Text(card.grade_text or "—", justify="right")
    owned = Text(str(card.owned) if card.owned else "·", justify="right")
    mark = Text("✎", style="bold yellow") if card.override else Text("")
    return (
        game_short_name(card.game), text(card.name), text(card.name_ja or ""), grade,
        type_text(card, lang), owned, mark,
    )  # fmt: skip


class CardTable(DataTable[str | Text]):
    """The results table. `cards` holds the views shown, in row order; `total` the number
    of matches (None until counted). `twgp_deck` is False while the deck being built is of
    another game's format: the add keys of TWGP's sections are then hidden."""

    BINDINGS = bindings("cards")

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
    class MoreWanted(Message):
        table: CardTable
        offset: int

        @property
        def control(self) -> CardTable:
            return self.table

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.cards: list[CardView] = []
        self.total: int | None = None
        self.lang = "en"
        self.twgp_deck = True
        self._asked_at: int | None = None
        self._name_width = 0

    def on_mount(self) -> None:
        self.set_columns(self.lang)

    def on_resize(self, event: Resize) -> None:
        if self._widths(self.lang)["name"] != self._name_width:
            self.set_columns(self.lang)

    def _widths(self, lang: str) -> dict[str, int]:
        """Each fixed column as wide as its setting or its header in `lang` (Japanese
        headers are wider); the name gets the rest of the table's width."""
        widths = {
            key: max(width, cell_len(term(key, lang)))
            for key, width in WIDTHS.items()
            if width is not None
        }
        widths["name"] = max(MIN_NAME, self.size.width - sum(widths.values()) - CHROME)
        return {key: widths[key] for key in WIDTHS}

    def set_columns(self, lang: str) -> None:
        """(Re)build the columns in `lang` for the current width, keeping rows and cursor."""
        row = self.cursor_row
        self.lang = lang
        widths = self._widths(lang)
        self._name_width = widths["name"]
        self.clear(columns=True)
        for key, width in widths.items():
            self.add_column(term(key, lang), key=key, width=width)
        self._add_rows(self.cards, 0)
        if self.cards:
            self.move_cursor(row=min(row, len(self.cards) - 1))

    def show(self, cards: Sequence[CardView], total: int | None) -> None:
        """Replace the rows with a first page of results."""
        self.clear()
        self.cards = list(cards)
        self.total = total
        self._asked_at = None
        self._add_rows(self.cards, 0)
        if self.cards:
            self.move_cursor(row=0)
            self._announce(0)

    def extend(self, cards: Sequence[CardView]) -> None:
        """Append the next page."""
        start = len(self.cards)
        self.cards.extend(cards)
        self._add_rows(cards, start)

    def _add_rows(self, cards: Sequence[CardView], start: int) -> None:
        for index, card in enumerate(cards, start=start):
            self.add_row(*card_row(card, self.lang), key=str(index))

    def replace_card(self, card: CardView) -> None:
        """Show the fresh view of a card (after an override)."""
        for index, shown in enumerate(self.cards):
            if shown.id == card.id:
                self.cards[index] = card
                for column, value in zip(WIDTHS, card_row(card, self.lang), strict=True):
                    self.update_cell(str(index), column, value)

    @property
    def highlighted(self) -> CardView | None:
        if not self.cards or not 0 <= self.cursor_row < len(self.cards):
            return None
        return self.cards[self.cursor_row]

    def _announce(self, row: int) -> None:
        if 0 <= row < len(self.cards):
            self.post_message(self.CardHighlighted(self, self.cards[row]))

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._announce(event.cursor_row)
        shown = len(self.cards)
        more = self.total is not None and shown < self.total
        if more and event.cursor_row >= shown - PREFETCH and self._asked_at != shown:
            self._asked_at = shown
            self.post_message(self.MoreWanted(self, shown))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add" and not self.twgp_deck and parameters and parameters[0] in TWGP_ONLY:
            return False
        return True

    def action_add(self, section: str) -> None:
        card = self.highlighted
        if card is not None:
            self.post_message(self.AddRequested(self, card, section))

    def action_override(self) -> None:
        card = self.highlighted
        if card is not None:
            self.post_message(self.CardAction(self, card, "override"))

    def action_fetch(self) -> None:
        card = self.highlighted
        if card is not None:
            self.post_message(self.CardAction(self, card, "fetch"))
