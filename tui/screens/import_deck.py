"""ctrl+l: import another game's decklist as a draft deck — the same reader and resolver as
`twgp deck import` (every format it reads; "auto" tells the format from the text)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from deckbuilder.decklists import FORMAT_IDS
from tui.screens.browse import BINDING, browse, browse_button
from tui.screens.paths import PathSuggester
from tui.terms import term


@dataclass(frozen=True)
class ImportRequest:
    where: str  # a file's path, or a ydke:// link
    format: str  # "auto" or one of FORMAT_IDS


class ImportDialog(ModalScreen[ImportRequest | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"), BINDING]

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        formats = [(term("import_auto", lang), "auto"), *((f, f) for f in FORMAT_IDS)]
        with Vertical(id="import-deck", classes="dialog"):
            yield Static(term("import_title", lang), classes="dialog-title")
            yield Label(term("import_file", lang))
            yield Input(placeholder="path/to/list.txt", id="import-path", suggester=PathSuggester())
            yield Label(term("import_format", lang))
            yield Select(formats, value="auto", allow_blank=False, id="import-format")
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("import_button", lang), id="import-ok", variant="primary")
                yield browse_button(lang)
                yield Button(term("cancel", lang), id="import-cancel")

    def on_mount(self) -> None:
        self.query_one("#import-path", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#import-ok")
    def _import(self) -> None:
        where = self.query_one("#import-path", Input).value.strip()
        fmt = self.query_one("#import-format", Select).value
        if where and isinstance(fmt, str):
            self.dismiss(ImportRequest(where, fmt))

    @on(Button.Pressed, "#browse")
    def action_browse(self) -> None:
        browse(self, "import", self.query_one("#import-path", Input), self.lang, self._import)

    @on(Button.Pressed, "#import-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
