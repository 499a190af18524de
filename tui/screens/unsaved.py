"""Before the deck is replaced (new, open, import, a recovered deck) or the app quits with
unsaved changes: Save / Discard / Cancel. And at start, a deck left by an app that did not
exit cleanly: Restore / Discard / Later."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.terms import count, term

if TYPE_CHECKING:
    from tui.recovery import Recovered

Choice = Literal["save", "discard", "cancel"]
RecoveryChoice = Literal["restore", "discard", "later"]


class UnsavedDialog(ModalScreen[Choice]):
    """Dismisses with "save", "discard" or "cancel" (escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, deck_name: str, doing: str, *, lang: str = "en") -> None:
        """`doing`: what would replace the deck, as a term key ("unsaved_new", …)."""
        super().__init__()
        self.deck_name = deck_name
        self.doing = doing
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        name = self.deck_name or term("untitled", lang)
        with Vertical(id="unsaved", classes="dialog"):
            yield Static(term("unsaved_title", lang), classes="dialog-title")
            yield Static(Text(term("unsaved_text", lang, name=name, doing=term(self.doing, lang))))
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("save", lang), id="unsaved-save", variant="primary")
                yield Button(term("discard", lang), id="unsaved-discard", variant="warning")
                yield Button(term("cancel", lang), id="unsaved-cancel")

    def on_mount(self) -> None:
        self.query_one("#unsaved-save", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        choice = (event.button.id or "").removeprefix("unsaved-")
        self.dismiss("save" if choice == "save" else "discard" if choice == "discard" else "cancel")

    def action_cancel(self) -> None:
        self.dismiss("cancel")


class RecoverDialog(ModalScreen[RecoveryChoice]):
    """A deck with unsaved changes left by an app that did not exit cleanly."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "later", "Later", show=False)]

    def __init__(self, recovered: Recovered, *, lang: str = "en") -> None:
        super().__init__()
        self.recovered = recovered
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang, found = self.lang, self.recovered
        deck = found.deck
        if found.origin_path is not None:
            origin = term("saved_in", lang, place=str(found.origin_path))
        elif found.origin_catalog is not None:
            place = term("catalog_deck", lang, name=found.origin_catalog)
            origin = term("saved_in", lang, place=place)
        else:
            origin = term("never_saved", lang)
        text = term(
            "recover_text",
            lang,
            name=deck.name or term("untitled", lang),
            cards=count(deck.card_count, "card", lang),
            when=found.saved_at.strftime("%Y-%m-%d %H:%M"),
            origin=origin,
            file=str(found.file),
        )
        with Vertical(id="recover", classes="dialog"):
            yield Static(term("recover_title", lang), classes="dialog-title")
            yield Static(Text(text))
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("restore", lang), id="recover-restore", variant="primary")
                yield Button(term("discard", lang), id="recover-discard", variant="warning")
                yield Button(term("later", lang), id="recover-later")

    def on_mount(self) -> None:
        self.query_one("#recover-restore", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        choice = (event.button.id or "").removeprefix("recover-")
        self.dismiss(
            "restore" if choice == "restore" else "discard" if choice == "discard" else "later"
        )

    def action_later(self) -> None:
        self.dismiss("later")
