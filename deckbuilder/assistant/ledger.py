"""The collection ledger: per card identity, the copies owned, those committed to saved decks
(which deck, how many) and those free — owned minus committed to the other saved decks.

Pure: the catalog side (deckbuilder/assistant/sources.py) reads the collection and the saved
decks into a `Ledger`; `deck build`, `deck missing`, `collection available` and validation's
COMMITTED_ELSEWHERE warning read it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from deckbuilder.codes import Code, Violation, violation
from deckbuilder.deck import DECK
from deckbuilder.resolve import ResolvedDeck


def deck_copies(deck: ResolvedDeck) -> Counter[str]:
    """Copies of each card identity a deck holds (every section: a pool's cards are its
    cards too). Unresolved lines commit nothing."""
    copies: Counter[str] = Counter()
    for r in deck.all():
        if r.card is not None:
            copies[r.card.identity] += r.qty
    return copies


@dataclass(frozen=True)
class Ledger:
    """`owned`: identity → copies owned; `committed`: identity → {saved deck: copies}."""

    owned: Mapping[str, int] = field(default_factory=dict)
    committed: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def committed_to(self, identity: str, *, besides: str | None = None) -> int:
        """Copies of `identity` the saved decks hold (not counting the deck `besides`)."""
        return sum(n for deck, n in self.committed.get(identity, {}).items() if deck != besides)

    def free(self, identity: str, *, share: bool = False, besides: str | None = None) -> int:
        """Copies a new deck may use: owned minus committed elsewhere (all owned with
        `share`: the decks are never played at once)."""
        owned = self.owned.get(identity, 0)
        if share:
            return owned
        return max(0, owned - self.committed_to(identity, besides=besides))

    def missing(self, needed: Mapping[str, int], *, share: bool = False,
                besides: str | None = None) -> dict[str, int]:  # fmt: skip
        """Copies to acquire per identity: needed minus free (only those above 0)."""
        found = {}
        for identity, count in needed.items():
            short = count - self.free(identity, share=share, besides=besides)
            if short > 0:
                found[identity] = short
        return found


def with_decks(owned: Mapping[str, int], decks: Iterable[tuple[str, ResolvedDeck]]) -> Ledger:
    """The ledger of a collection and the saved decks (name, resolved deck)."""
    committed: dict[str, dict[str, int]] = {}
    for name, deck in decks:
        for identity, count in deck_copies(deck).items():
            committed.setdefault(identity, {})[name] = count
    return Ledger(dict(owned), committed)


def committed_elsewhere(deck: ResolvedDeck, ledger: Ledger) -> list[Violation]:
    """COMMITTED_ELSEWHERE: cards the deck needs more copies of than are free, because other
    saved decks hold them (a warning; NOT_OWNED is given when even all owned copies lack)."""
    besides = deck.deck.name or None
    labels: dict[str, list[str]] = {}
    for r in deck.all():
        if r.card is not None:
            labels.setdefault(r.card.identity, []).append(r.label)
    found = []
    for identity, needed in deck_copies(deck).items():
        owned = ledger.owned.get(identity, 0)
        free = ledger.free(identity, besides=besides)
        if needed <= free or needed > owned:
            continue
        decks = ", ".join(sorted(d for d in ledger.committed.get(identity, {}) if d != besides))
        found.append(violation(Code.COMMITTED_ELSEWHERE, DECK, list(dict.fromkeys(
            labels[identity])), needed=needed, owned=owned, free=free, decks=decks))
    return found
