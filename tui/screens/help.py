"""F2: every key of the app by where it works, from the one table in tui/keys.py."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.keys import SCOPES, display_keys, in_scope

EXTRA = (
    ("tab / shift+tab", "Move between the search box, cards, deck and problems."),
    ("ctrl+p", "Command palette: every action by name."),
    ("ctrl+q", "Quit."),
)


def keys_table(lang: str) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column()
    for scope, (name, name_ja) in SCOPES.items():
        table.add_row(Text(name_ja if lang == "ja" else name, "bold underline"), "", "")
        for key in in_scope(scope):
            label = key.label_ja if lang == "ja" else key.label
            table.add_row(display_keys(key), label, Text(key.help))
        table.add_row("", "", "")
    for keys, text in EXTRA:
        table.add_row(keys, "", text)
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f2,q", "close", "Close")]

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", classes="dialog wide") as box:
            box.border_title = "Keys — F2 / esc to close"
            yield Static(keys_table(self.lang))

    def action_close(self) -> None:
        self.dismiss(None)
