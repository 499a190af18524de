"""The decks opened or saved last (remembered in the app's settings): offered at start to
reopen the last one, and on ctrl+r to open any of them."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from tui.config import RecentDeck
from tui.safe_text import plain
from tui.screens.deck_files import DeckPlace
from tui.terms import term


def place_of(deck: RecentDeck) -> DeckPlace:
    if deck.kind == "catalog":
        return DeckPlace(catalog_name=deck.where)
    return DeckPlace(path=Path(deck.where))


def recent_of(place: DeckPlace) -> RecentDeck:
    if place.path is not None:
        return RecentDeck("file", str(place.path.expanduser().absolute()))
    return RecentDeck("catalog", place.catalog_name or "")


def label(deck: RecentDeck, lang: str) -> Text:
    """A file as its path (~ for the home folder; dimmed and marked when it is gone), a
    catalog deck by its name."""
    if deck.kind == "catalog":
        return Text(plain(term("catalog_deck", lang, name=deck.where)))
    path = Path(deck.where)
    home = str(Path.home())
    shown = "~" + deck.where[len(home) :] if deck.where.startswith(home + "/") else deck.where
    if path.is_file():
        return Text(plain(f"{path.name}  ({shown})"))
    return Text(plain(f"{path.name}  ({shown}) — {term('recent_missing', lang)}"), "dim")


class RecentDialog(ModalScreen[RecentDeck | None]):
    """Dismisses with the deck chosen (Enter on it, or Open), or None (Esc, Cancel)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, recent: tuple[RecentDeck, ...], *, start: bool, lang: str = "en") -> None:
        """`start`: offered as the app starts ("reopen the last deck?")."""
        super().__init__()
        self.recent = recent
        self.start = start
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        title = term("recent_start" if self.start else "recent_title", lang)
        with Vertical(id="recent", classes="dialog"):
            yield Static(title, classes="dialog-title")
            yield OptionList(
                *(Option(label(deck, lang), id=str(i)) for i, deck in enumerate(self.recent)),
                id="recent-decks",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("reopen", lang), id="recent-open", variant="primary")
                yield Button(term("not_now" if self.start else "cancel", lang), id="recent-cancel")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.recent[event.option_index])

    @on(Button.Pressed, "#recent-open")
    def _open(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None:
            self.dismiss(self.recent[index])

    @on(Button.Pressed, "#recent-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
