"""Start a new deck: its name and format."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, RadioButton, RadioSet, Static

from deckbuilder.deck import DeckFormat

FORMAT_HELP = {
    DeckFormat.FULL: "full — entry 15+5, 1–3 final halves of 20, life 5",
    DeckFormat.HALF: "half — one half deck of 20 (15+5), life 3",
    DeckFormat.TRIAL: "trial — entry + half.2, half.3…, life 8 or more",
}


@dataclass(frozen=True)
class NewDeck:
    name: str
    format: DeckFormat


class NewDeckDialog(ModalScreen[NewDeck | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: DeckFormat = DeckFormat.FULL) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="new-deck", classes="dialog"):
            yield Static("New deck", classes="dialog-title")
            yield Input(placeholder="deck name (optional)", id="new-deck-name")
            with RadioSet(id="new-deck-format"):
                for fmt, text in FORMAT_HELP.items():
                    yield RadioButton(text, value=fmt is self.current, name=fmt.value)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create", id="new-deck-ok", variant="primary")
                yield Button("Cancel", id="new-deck-cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#new-deck-ok")
    def _create(self) -> None:
        pressed = self.query_one(RadioSet).pressed_button
        fmt = DeckFormat(pressed.name) if pressed and pressed.name else self.current
        self.dismiss(NewDeck(self.query_one("#new-deck-name", Input).value.strip(), fmt))

    @on(Button.Pressed, "#new-deck-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
