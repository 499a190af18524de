"""Open and save dialogs: a `.twgp` file by path, or a deck saved in the catalog by name."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option

from tui.screens.browse import BINDING, browse, browse_button
from tui.screens.paths import PathSuggester, ensure_folder
from tui.terms import term

if TYPE_CHECKING:
    from catalog.saved.decks import DeckRecord


@dataclass(frozen=True)
class DeckPlace:
    """Where a deck lives: a file, or a name in the catalog (exactly one is set)."""

    path: Path | None = None
    catalog_name: str | None = None

    def describe(self, lang: str = "en") -> str:
        if self.path is not None:
            return str(self.path)
        return term("catalog_deck", lang, name=self.catalog_name or "")

    def short(self, lang: str = "en") -> str:
        """For the deck pane's frame: the file's name, or the catalog name."""
        if self.path is not None:
            return self.path.name
        return term("catalog_short", lang, name=self.catalog_name or "")


class OpenDeckDialog(ModalScreen[DeckPlace | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"), BINDING]

    def __init__(self, saved: list[DeckRecord], *, lang: str = "en") -> None:
        super().__init__()
        self.saved = saved
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="open-deck", classes="dialog"):
            yield Static(term("open_title", lang), classes="dialog-title")
            yield Label(term("open_file", lang))
            yield Input(
                placeholder="path/to/deck.twgp",
                id="open-path",
                suggester=PathSuggester((".twgp",)),
            )
            yield Label(term("open_saved", lang))
            if self.saved:
                yield OptionList(
                    *(Option(f"{d.name}  ({d.format})", id=d.name) for d in self.saved),
                    id="open-saved",
                )
            else:
                yield Static(term("open_none_saved", lang), classes="dim")
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("open_file_button", lang), id="open-ok", variant="primary")
                yield browse_button(lang)
                yield Button(term("cancel", lang), id="open-cancel")

    def on_mount(self) -> None:
        self.query_one("#open-path", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#open-ok")
    def _open_file(self) -> None:
        text = self.query_one("#open-path", Input).value.strip()
        if text:
            self.dismiss(DeckPlace(path=Path(text).expanduser()))

    @on(Button.Pressed, "#browse")
    def action_browse(self) -> None:
        browse(self, "open", self.query_one("#open-path", Input), self.lang, self._open_file)

    @on(OptionList.OptionSelected)
    def _open_saved(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(DeckPlace(catalog_name=event.option.id))

    @on(Button.Pressed, "#open-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveDeckDialog(ModalScreen[DeckPlace | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"), BINDING]

    def __init__(self, current: DeckPlace | None, deck_name: str, *, lang: str = "en") -> None:
        super().__init__()
        self.current = current
        self.deck_name = deck_name
        self.lang = lang

    def compose(self) -> ComposeResult:
        in_catalog = self.current is not None and self.current.catalog_name is not None
        if self.current and self.current.path:
            value = str(self.current.path)
        elif self.current and self.current.catalog_name:
            value = self.current.catalog_name
        else:
            value = f"{self.deck_name or 'deck'}.twgp"
        lang = self.lang
        with Vertical(id="save-deck", classes="dialog"):
            yield Static(term("save_title", lang), classes="dialog-title")
            with RadioSet(id="save-kind"):
                yield RadioButton(term("save_as_file", lang), value=not in_catalog, name="file")
                yield RadioButton(term("save_in_catalog", lang), value=in_catalog, name="catalog")
            yield Input(value=value, id="save-target", suggester=PathSuggester((".twgp",)))
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("save", lang), id="save-ok", variant="primary")
                yield browse_button(lang)
                yield Button(term("cancel", lang), id="save-cancel")

    def on_mount(self) -> None:
        self.query_one("#save-target", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#save-ok")
    def _save(self) -> None:
        pressed = self.query_one(RadioSet).pressed_button
        self._save_to(in_catalog=pressed is not None and pressed.name == "catalog")

    def _save_to(self, *, in_catalog: bool) -> None:
        text = self.query_one("#save-target", Input).value.strip()
        if not text:
            return
        if in_catalog:
            self.dismiss(DeckPlace(catalog_name=text))
        else:
            path = Path(text).expanduser().absolute()
            ensure_folder(self, path, lambda: self.dismiss(DeckPlace(path=path)), self.lang)

    @on(Button.Pressed, "#browse")
    def action_browse(self) -> None:
        """A file picked is saved to as a file (not in the catalog)."""
        target = self.query_one("#save-target", Input)
        browse(self, "save", target, self.lang, lambda: self._save_to(in_catalog=False))

    @on(Button.Pressed, "#save-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
