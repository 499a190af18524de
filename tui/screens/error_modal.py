"""A modal that shows one of our errors: its message, and its hint when it has one; the
title says what the app was doing, in the UI's language (the message is the error's own)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from converters.errors import TwgpError
from tui.safe_text import text as safe_text
from tui.terms import Doing, error_detail, error_title, term


class ErrorModal(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "dismiss_error", "Close", show=False)
    ]

    def __init__(self, error: TwgpError, *, doing: Doing | None = None, lang: str = "en") -> None:
        super().__init__()
        self.error = error
        self.doing = doing
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="error-box", classes="dialog"):
            lang = self.lang
            title = Text(error_title(self.error, lang), "bold red")
            if self.doing is not None:
                title.append(term("while", lang, doing=self.doing.text(lang)), "red")
            yield Static(title, id="error-title")
            yield Static(safe_text(error_detail(self.error.message, lang)), id="error-message")
            if self.error.hint:
                hint = term("hint_en", lang, text=self.error.hint)
                yield Static(safe_text(hint, "dim"), id="error-hint")
            yield Button(term("close", lang), id="error-close", variant="error")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_dismiss_error(self) -> None:
        self.dismiss(None)
