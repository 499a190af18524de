"""Fetch cards online: a game with an online source, names (or ids), exact or fuzzy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tui.terms import term

NAME_SEPARATOR = ";"


@dataclass(frozen=True)
class FetchRequest:
    game: str
    names: list[str]
    fuzzy: bool = False


def split_names(text: str) -> list[str]:
    """ "Lightning Bolt; Opt" → ["Lightning Bolt", "Opt"] (names may hold commas)."""
    return [name.strip() for name in text.split(NAME_SEPARATOR) if name.strip()]


class FetchDialog(ModalScreen[FetchRequest | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, sources: dict[str, str], *, game: str | None, names: str, lang: str = "en"
    ) -> None:
        """`sources`: game id → its API; `game` and `names` prefill the form."""
        super().__init__()
        self.lang = lang
        self.sources = sources
        self.game = game if game in sources else None  # asked, never guessed
        self.names = names

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="fetch", classes="dialog"):
            yield Static(term("fetch_title", lang), classes="dialog-title")
            yield Label(term("fetch_game", lang))
            yield Select(
                [(f"{game} — {source}", game) for game, source in self.sources.items()],
                value=self.game if self.game is not None else Select.NULL,
                prompt=term("fetch_choose_game", lang),
                id="fetch-game",
            )
            yield Label(term("fetch_names", lang, sep=NAME_SEPARATOR))
            yield Input(value=self.names, placeholder="Lightning Bolt; Opt", id="fetch-names")
            yield Checkbox(term("fetch_fuzzy", lang), id="fetch-fuzzy")
            yield Static("", id="fetch-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("fetch_button", lang), id="fetch-ok", variant="primary")
                yield Button(term("cancel", lang), id="fetch-cancel")

    def on_mount(self) -> None:
        first = "#fetch-names" if self.game is not None else "#fetch-game"
        self.query_one(first).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#fetch-ok")
    def _fetch(self) -> None:
        game = self.query_one("#fetch-game", Select).value
        names = split_names(self.query_one("#fetch-names", Input).value)
        if not isinstance(game, str) or not names:
            key = "fetch_missing" if isinstance(game, str) else "fetch_no_game"
            missing = Text(term(key, self.lang), "red")
            self.query_one("#fetch-error", Static).update(missing)
            return
        fuzzy = self.query_one("#fetch-fuzzy", Checkbox).value
        self.dismiss(FetchRequest(game, names, fuzzy))

    @on(Button.Pressed, "#fetch-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
