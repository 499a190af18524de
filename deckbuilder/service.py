"""The deck services the CLI and the TUI call: validation with its report (the same thing
`twgp deck validate` prints) and analysis.

A deck is validated by the format it declares (`Deck.format_id`): TWGP's half/full/trial or a
plugin's (deckbuilder/play_formats). A format may take several decks at once (ev-tag-b: a
team's two); the report is then about all of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from deckbuilder.codes import Violation
from deckbuilder.deck import Deck, DeckFormat
from deckbuilder.errors import FormatMismatchError
from deckbuilder.play_formats.base import DeckFormatRules
from deckbuilder.play_formats.registry import load_format
from deckbuilder.resolve import Before, CardResolver, ResolvedDeck, resolve_deck
from deckbuilder.stats import DeckStats, deck_stats


@dataclass(frozen=True)
class ValidationReport:
    """Everything validation found: violations (the deck is legal without any), warnings and
    the deck's stats (computed when first read). `resolved` keeps the cards each line
    resolved to; `others` are the decks validated with it (a tag team's second deck)."""

    resolved: ResolvedDeck
    violations: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    others: tuple[ResolvedDeck, ...] = ()

    @cached_property
    def stats(self) -> DeckStats:
        return deck_stats(self.resolved, *self.others)

    @property
    def deck(self) -> Deck:
        return self.resolved.deck

    @property
    def decks(self) -> tuple[Deck, ...]:
        """Every deck validated, the first one first."""
        return (self.resolved.deck, *(other.deck for other in self.others))

    @property
    def format(self) -> DeckFormat:
        """The TWGP format (FULL for a plugin format's deck: read `format_id`)."""
        return self.resolved.deck.format

    @property
    def format_id(self) -> str:
        """The format validated against: "full", "ev-tag-b"…"""
        return self.resolved.deck.format_id

    @property
    def legal(self) -> bool:
        return not self.violations

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The `twgp deck validate --json` object (its field names are a contract)."""
        return {
            "legal": self.legal,
            "format": self.format_id,
            "violations": [v.to_json(lang) for v in self.violations],
            "warnings": [w.to_json(lang) for w in self.warnings],
            "stats": self.stats.to_json(),
        }


def rules_for(decks: Sequence[Deck]) -> DeckFormatRules:
    """The format of these decks (UnknownFormatError for an unknown one); FormatMismatchError
    when they declare different formats or are more than the format takes at once."""
    first = decks[0].format_id
    if any(deck.format_id != first for deck in decks[1:]):
        shown = ", ".join(deck.format_id for deck in decks)
        raise FormatMismatchError(f"decks validated together must share one format; got {shown}")
    rules = load_format(first)
    if len(decks) > rules.max_decks:
        taken = "one deck" if rules.max_decks == 1 else f"at most {rules.max_decks} decks"
        raise FormatMismatchError(
            f"the {first} format validates {taken} at a time; got {len(decks)}"
        )
    return rules


def validate_resolved(resolved: ResolvedDeck, *others: ResolvedDeck) -> ValidationReport:
    """Validate already resolved decks (one, or a team's with `others`): pure, no lookups."""
    decks = (resolved, *others)
    rules = rules_for([r.deck for r in decks])
    violations, warnings = rules.validate(decks)
    return ValidationReport(resolved, tuple(violations), tuple(warnings), tuple(others))


def validate_deck(
    deck: Deck, resolver: CardResolver, *others: Deck, before: Before | None = None
) -> ValidationReport:
    """Resolve each deck's lines once, then validate them by the format they declare.
    `before`: what `deck`'s name-only lines resolved to before (resolve.choose)."""
    rules_for([deck, *others])  # before any look-up
    return validate_resolved(
        resolve_deck(deck, resolver, before), *(resolve_deck(other, resolver) for other in others)
    )
