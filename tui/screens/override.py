"""Override a card's grade and/or type, with a reason (or clear its override)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from converters.base import CardType
from tui.terms import term, type_name

if TYPE_CHECKING:
    from catalog.cards.views import CardView


@dataclass(frozen=True)
class OverrideRequest:
    grade: int | None = None
    card_type: CardType | None = None
    reason: str = ""
    clear: bool = False


def card_type_name(card: CardView, lang: str) -> str:
    return type_name(card.card_type, lang) if card.card_type else term("no_type", lang)


def read_grade(text: str) -> int | None:
    """ "" → None; "4" or "04" → 4. Raises ValueError for anything else."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 0 <= int(text) <= 99:
        raise ValueError(text)
    return int(text)


class OverrideModal(ModalScreen[OverrideRequest | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, card: CardView, *, lang: str = "en") -> None:
        super().__init__()
        self.card = card
        self.lang = lang

    def compose(self) -> ComposeResult:
        card, lang = self.card, self.lang
        title = term("override_title", lang, name=card.name, ref=card.ref)
        grade, kind = card.grade_text or "—", card_type_name(card, lang)
        now = term("override_now", lang, grade=grade, type=kind)
        with Vertical(id="override", classes="dialog"):
            yield Static(Text(title, "bold"), classes="dialog-title")
            yield Static(Text(now, "dim"))
            yield Label(term("override_grade", lang))
            yield Input(
                placeholder=term("override_example", lang),
                id="override-grade",
                max_length=2,
                restrict=r"[0-9]*",
            )
            yield Label(term("override_type", lang))
            yield Select(
                [(type_name(t, lang), t.value) for t in CardType],
                id="override-type",
                prompt=term("override_keep", lang),
            )
            yield Label(term("override_reason", lang))
            yield Input(placeholder=term("override_reason_hint", lang), id="override-reason")
            yield Static("", id="override-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("save", lang), id="override-save", variant="primary")
                if card.override is not None:
                    yield Button(
                        term("override_clear", lang), id="override-clear", variant="warning"
                    )
                yield Button(term("cancel", lang), id="override-cancel")

    def on_mount(self) -> None:
        self.query_one("#override-grade", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#override-save")
    def _save(self) -> None:
        error = self.query_one("#override-error", Static)
        try:
            grade = read_grade(self.query_one("#override-grade", Input).value)
        except ValueError as exc:
            error.update(Text(term("grade_invalid", self.lang, value=repr(str(exc))), "red"))
            return
        chosen = self.query_one("#override-type", Select).value
        card_type = CardType(chosen) if isinstance(chosen, str) else None
        if grade is None and card_type is None:
            error.update(Text(term("override_need", self.lang), "red"))
            return
        reason = self.query_one("#override-reason", Input).value.strip()
        self.dismiss(OverrideRequest(grade, card_type, reason))

    @on(Button.Pressed, "#override-clear")
    def _clear(self) -> None:
        self.dismiss(OverrideRequest(clear=True))

    @on(Button.Pressed, "#override-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
