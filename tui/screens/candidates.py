"""Settle a deck line in place: the cards an ambiguous or unknown line may mean (game, set,
number, language, id, grade, type, name), one to pick; the line is then written with the
chosen card's `[SOURCE_ID]`."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.safe_text import plain
from tui.terms import term, type_name
from tui.widgets.card_rows import game_short_name

if TYPE_CHECKING:
    from catalog.cards.views import CardView


def candidate_row(card: CardView, lang: str) -> Table:
    """One candidate on one line, its columns aligned by fixed widths."""
    row = Table.grid(padding=(0, 1))
    for width in (4, 8, 6, 3, 14, 3, 13):
        row.add_column(width=width, no_wrap=True, overflow="ellipsis")
    row.add_column(no_wrap=True, overflow="ellipsis")
    name = card.name_ja if lang == "ja" and card.name_ja else card.name
    row.add_row(
        game_short_name(card.game),
        plain(card.set_code or "—"),
        plain(card.collector_number or "—"),
        plain(card.lang or "—"),
        plain(card.source_id),
        card.grade_text or "—",
        type_name(card.card_type, lang),
        Text(plain(name), "bold"),
    )
    return row


class CandidatePicker(ModalScreen["CardView | None"]):
    """Dismisses with the card picked, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, line: str, cards: list[CardView], *, lang: str = "en") -> None:
        super().__init__()
        self.line = line
        self.cards = cards
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="candidates", classes="dialog wide"):
            title = Text(term("pick_card", lang, line=plain(self.line)))
            yield Static(title, classes="dialog-title")
            if self.cards:
                head = Text(term("pick_card_columns", lang), "dim")
                yield Static(head)
                yield OptionList(*(Option(candidate_row(c, lang)) for c in self.cards))
            else:
                yield Static(Text(term("pick_card_none", lang), "yellow"))

    def on_mount(self) -> None:
        if self.cards:
            self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.cards[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)
