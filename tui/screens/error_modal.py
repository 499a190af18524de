"""A modal that shows one of our errors: its message, and its hint when it has one."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from converters.errors import TwgpError


class ErrorModal(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "dismiss_error", "Close", show=False)
    ]

    def __init__(self, error: TwgpError, *, doing: str = "") -> None:
        super().__init__()
        self.error = error
        self.doing = doing

    def compose(self) -> ComposeResult:
        with Vertical(id="error-box", classes="dialog"):
            title = Text(self.error.title, "bold red")
            if self.doing:
                title.append(f" — while {self.doing}", "red")
            yield Static(title, id="error-title")
            yield Static(Text(self.error.message), id="error-message")
            if self.error.hint:
                yield Static(Text("hint: " + self.error.hint, "dim"), id="error-hint")
            yield Button("Close", id="error-close", variant="error")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_dismiss_error(self) -> None:
        self.dismiss(None)
