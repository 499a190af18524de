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

from tui.keys import SCOPES, display_keys, in_scope, key_help, key_label
from tui.terms import term

EXTRA = (
    ("tab / shift+tab", "help_tab"),
    ("↓ / enter", "help_down"),
    ("→ / ←", "help_printings"),
    ("ctrl+p", "help_palette"),
    ("ctrl+q", "help_quit"),
)


def keys_table(lang: str) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column()
    for scope, (name, name_ja) in SCOPES.items():
        table.add_row(Text(name_ja if lang == "ja" else name, "bold underline"), "", "")
        for key in in_scope(scope):
            help_text = Text(key_help(key, lang), overflow="fold")
            table.add_row(display_keys(key), key_label(key, lang), help_text)
        table.add_row("", "", "")
    for keys, text in EXTRA:
        table.add_row(keys, "", Text(term(text, lang), overflow="fold"))
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f2,q", "close", "Close")]

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", classes="dialog wide") as box:
            box.border_title = term("keys_title", self.lang)
            yield Static(keys_table(self.lang))

    def action_close(self) -> None:
        self.dismiss(None)
