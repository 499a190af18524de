"""Set a header field of the deck that its format reads (a roster's `character:`)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from tui.terms import field_label, term


class FieldPrompt(ModalScreen[str | None]):
    """Dismisses with the new value ("" removes the field), or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, field: str, value: str, *, lang: str = "en") -> None:
        super().__init__()
        self.field = field
        self.value = value
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="field-prompt", classes="dialog"):
            title = term("field_title", lang, field=field_label(self.field, lang))
            yield Static(title, classes="dialog-title")
            yield Input(value=self.value, placeholder=self.field, id="field-value")
            yield Static(Text(term("field_help", lang), "dim"))
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("ok", lang), id="field-ok", variant="primary")
                yield Button(term("cancel", lang), id="field-cancel")

    def on_mount(self) -> None:
        self.query_one("#field-value", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#field-ok")
    def _done(self) -> None:
        self.dismiss(self.query_one("#field-value", Input).value.strip())

    @on(Button.Pressed, "#field-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
