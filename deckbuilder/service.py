"""The deck services the CLI and the TUI call: validation with its report (the same thing
`twgp deck validate` prints) and analysis."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from deckbuilder.codes import Violation
from deckbuilder.deck import Deck, DeckFormat
from deckbuilder.resolve import CardResolver, ResolvedDeck, resolve_deck
from deckbuilder.rules import advise, validate
from deckbuilder.stats import DeckStats, deck_stats


@dataclass(frozen=True)
class ValidationReport:
    """Everything validation found: violations (the deck is legal without any), warnings and
    the deck's stats (computed when first read). `resolved` keeps the cards each line
    resolved to."""

    resolved: ResolvedDeck
    violations: tuple[Violation, ...]
    warnings: tuple[Violation, ...]

    @cached_property
    def stats(self) -> DeckStats:
        return deck_stats(self.resolved)

    @property
    def deck(self) -> Deck:
        return self.resolved.deck

    @property
    def format(self) -> DeckFormat:
        return self.resolved.deck.format

    @property
    def legal(self) -> bool:
        return not self.violations

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The `twgp deck validate --json` object (its field names are a contract)."""
        return {
            "legal": self.legal,
            "format": self.format.value,
            "violations": [v.to_json(lang) for v in self.violations],
            "warnings": [w.to_json(lang) for w in self.warnings],
            "stats": self.stats.to_json(),
        }


def validate_resolved(resolved: ResolvedDeck) -> ValidationReport:
    """Validate an already resolved deck: pure, no lookups."""
    return ValidationReport(resolved, tuple(validate(resolved)), tuple(advise(resolved)))


def validate_deck(deck: Deck, resolver: CardResolver) -> ValidationReport:
    """Resolve the deck's lines once, then validate it."""
    return validate_resolved(resolve_deck(deck, resolver))
