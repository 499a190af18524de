"""TWGP's own formats, half, full and trial (docs/rules.md §3), built in: the rules of
deckbuilder/rules.py behind the `DeckFormatRules` contract."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckbuilder.deck import ARCHIVE, LIBRARY, LIFE, POOL, DeckFormat
from deckbuilder.play_formats.base import Problems
from deckbuilder.resolve import ResolvedDeck
from deckbuilder.rules import advise, validate

#: the rule in one line; `{{…}}` are rule facts, filled where it is shown (rule_facts.fill)
SUMMARIES = {
    DeckFormat.HALF: "one half deck of {{HALF}} ({{LIBRARY}} library + {{ARCHIVE}} archive); "
    "life {{LIFE_HALF}}",
    DeckFormat.FULL: "entry {{LIBRARY}} + {{ARCHIVE}} and 1–{{FINALS_MAX}} final half decks of "
    "{{HALF}} (or a pool); life {{LIFE_FULL}}",
    DeckFormat.TRIAL: "entry + half.2, half.3… ({{TRIAL_HALVES}} half decks of {{HALF}} or more, "
    "or a pool); life {{LIFE_TRIAL}}",
}


@dataclass(frozen=True)
class TwgpFormat:
    """One of TWGP's formats; the deck's own `format` picks the life size and halves."""

    deck_format: DeckFormat

    games: tuple[str, ...] = ()
    sections: tuple[str, ...] = (LIFE, LIBRARY, ARCHIVE, "final.N", "half.N", POOL)
    fields: tuple[str, ...] = ()
    max_decks: int = 1

    @property
    def format_id(self) -> str:
        return self.deck_format.value

    @property
    def display_name(self) -> str:
        return f"TWGP {self.deck_format.value}"

    @property
    def display_name_ja(self) -> str:
        return f"TWGP {self.deck_format.label_ja}"

    @property
    def summary(self) -> str:
        return SUMMARIES[self.deck_format]

    def validate(self, decks: Sequence[ResolvedDeck]) -> Problems:
        (deck,) = decks
        return validate(deck), advise(deck)


BUILT_IN: dict[str, TwgpFormat] = {f.value: TwgpFormat(f) for f in DeckFormat}
