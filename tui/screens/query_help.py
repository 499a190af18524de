"""F1: the search query cheat-sheet, built from the catalog's own table of query keys."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from catalog.query_keys import KEYS

EXAMPLES: tuple[tuple[str, str], ...] = (
    ("bolt", "names containing “bolt” (English or Japanese, any width or kana)"),
    ("ドラゴン", "Japanese names too"),
    ("game:mtg type:unit grade<=5", "MTG units that can free-summon"),
    ("type:life_trap or type:life_counter", "every life card"),
    ("effect:hazard -game:yugioh", "Hazard cards of every game but Yu-Gi-Oh!"),
    ('text:"draw a card"', "rules text containing a phrase"),
    ("owned>0 sort:grade order:desc", "cards you own, highest grade first"),
    ("(game:pokemon or game:dm) grade:none", "cards with no grade"),
)

SYNTAX: tuple[tuple[str, str], ...] = (
    ("word", "free words match names"),
    ('"two words"', "a quoted phrase"),
    ("key:value", "a filter; keys below; also =, != and < <= > >= where they make sense"),
    ("-term", "not"),
    ("a or b", "either (and is implied between terms)"),
    ("( … )", "grouping"),
)


def cheat_sheet() -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    table.add_row(Text("Syntax", "bold underline"), "")
    for left, right in SYNTAX:
        table.add_row(left, right)
    table.add_row("", "")
    table.add_row(Text("Keys", "bold underline"), "")
    aliases: dict[str, list[str]] = {}
    for name, key in KEYS.items():
        if name != key.name:
            aliases.setdefault(key.name, []).append(name)
    for name, key in KEYS.items():
        if name == key.name:
            short = f" ({', '.join(a + ':' for a in aliases[name])})" if name in aliases else ""
            ops = " ".join(key.ops)
            table.add_row(f"{name}{short}", f"{key.help}   [{ops}]")
    table.add_row("", "")
    table.add_row(Text("Examples", "bold underline"), "")
    for left, right in EXAMPLES:
        table.add_row(left, right)
    return table


class QueryHelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="query-help", classes="dialog wide") as box:
            box.border_title = "Search queries — F1 / esc to close"
            yield Static(cheat_sheet())

    def action_close(self) -> None:
        self.dismiss(None)
