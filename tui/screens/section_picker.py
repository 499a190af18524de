"""Pick a deck section (to add a card to, or to move a line to)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class SectionPicker(ModalScreen[str | None]):
    """Dismisses with the chosen section key, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, sections: list[tuple[str, str]]) -> None:
        """`sections`: (key, label shown) pairs."""
        super().__init__()
        self.title_text = title
        self.sections = sections

    def compose(self) -> ComposeResult:
        with Vertical(id="section-picker", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield OptionList(*(Option(label, id=key) for key, label in self.sections))

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
