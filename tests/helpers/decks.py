"""Decks of the sample cards (tests/deckbuilder/sample_cards.py) as the rule and assistant
tests check them: a deck text validated, and the assistant's candidates and its legal builds."""

from __future__ import annotations

from collections import Counter

from converters.base import CardType
from deckbuilder.assistant.build import BuildResult
from deckbuilder.assistant.model import Candidate
from deckbuilder.resolve import MemoryResolver, resolve_deck
from deckbuilder.rules import check_free_summon, check_summonable
from deckbuilder.service import ValidationReport, validate_deck, validate_resolved
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import sample_cards, sample_resolver

#: the sample cards with a TWGP type, by identity; the life cards among them
BY_ID = {c.identity: c for c in sample_cards() if c.card_type is not None}
LIFE_IDS = sorted(i for i, c in BY_ID.items() if c.card_type in (CardType.LIFE_TRAP,
                                                                 CardType.LIFE_COUNTER))  # fmt: skip


def check(text: str, owned: dict[str, int] | None = None) -> ValidationReport:
    """The report on a `.twgp` text over the sample cards (`owned`: copies by identity)."""
    return validate_deck(parse(text), sample_resolver(owned))


def candidates(free: dict[str, int], *, acquirable: bool = False) -> list[Candidate]:
    return [Candidate(BY_ID[i], n, acquirable) for i, n in sorted(free.items())]


def assert_legal(result: BuildResult, cards: list[Candidate]) -> Counter[str]:
    """The deck passes validation with no violation and no reach warning; its copies."""
    assert result.deck is not None
    deck = resolve_deck(result.deck, MemoryResolver(c.card for c in cards))
    report = validate_resolved(deck)
    assert report.violations == ()
    assert check_summonable(deck) == []
    assert check_free_summon(deck) == []
    used: Counter[str] = Counter(r.card.identity for r in deck.all() if r.card is not None)
    return used
