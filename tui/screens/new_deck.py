"""Start a new deck: its name and format (TWGP's, or any installed format plugin's)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, RadioButton, RadioSet, Static

from deckbuilder.deck import DeckFormat
from deckbuilder.play_formats.registry import load_all
from deckbuilder.rule_facts import fill
from tui import deck_edit
from tui.terms import term

FORMAT_HELP: dict[str, tuple[str, str]] = {
    DeckFormat.FULL: (
        "full — entry {{LIBRARY}}+{{ARCHIVE}}, 1–{{FINALS_MAX}} final halves of {{HALF}}, "
        "life {{LIFE_FULL}}",
        "フル — エントリー{{LIBRARY}}+{{ARCHIVE}}、ファイナル{{HALF}}枚×1–{{FINALS_MAX}}、"
        "ライフ{{LIFE_FULL}}",
    ),
    DeckFormat.HALF: (
        "half — one half deck of {{HALF}} ({{LIBRARY}}+{{ARCHIVE}}), life {{LIFE_HALF}}",
        "ハーフ — ハーフデッキ{{HALF}}枚（{{LIBRARY}}+{{ARCHIVE}}）、ライフ{{LIFE_HALF}}",
    ),
    DeckFormat.TRIAL: (
        "trial — entry + half.2, half.3…, life {{LIFE_TRIAL}}",
        "トライアル — エントリー＋ハーフ2、ハーフ3…、ライフ{{LIFE_TRIAL}}",
    ),
}


@dataclass(frozen=True)
class NewDeck:
    name: str
    format: str  # a format id: "full", "ev-tag-b"


def format_help(fid: str, lang: str) -> str:
    """The line for a TWGP format, its rule facts filled (deckbuilder/rule_facts.py)."""
    english, japanese = FORMAT_HELP[fid]
    return fill(japanese if lang == "ja" else english, lang)


def format_choices(lang: str) -> list[tuple[str, str]]:
    """(format id, the line the dialog shows) for every installed format, in F4's order."""
    named = {
        fid: f"{fid} — {rules.display_name_ja if lang == 'ja' else rules.display_name}"
        for fid, rules in load_all().items()
    }
    for fid in FORMAT_HELP:
        named[fid] = format_help(fid, lang)
    return [(fid, named[fid]) for fid in deck_edit.format_cycle() if fid in named]


class NewDeckDialog(ModalScreen[NewDeck | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: str = DeckFormat.FULL, *, lang: str = "en") -> None:
        """`current`: the format id chosen at first (the deck's now)."""
        super().__init__()
        self.current = current
        self.lang = lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="new-deck", classes="dialog"):
            yield Static(term("new_title", lang), classes="dialog-title")
            yield Input(placeholder=term("new_name", lang), id="new-deck-name")
            with RadioSet(id="new-deck-format"):
                for fid, text in format_choices(lang):
                    yield RadioButton(text, value=fid == self.current, name=fid)
            with Horizontal(classes="dialog-buttons"):
                yield Button(term("create", lang), id="new-deck-ok", variant="primary")
                yield Button(term("cancel", lang), id="new-deck-cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#new-deck-ok")
    def _create(self) -> None:
        pressed = self.query_one(RadioSet).pressed_button
        fid = pressed.name if pressed is not None and pressed.name else self.current
        self.dismiss(NewDeck(self.query_one("#new-deck-name", Input).value.strip(), fid))

    @on(Button.Pressed, "#new-deck-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
