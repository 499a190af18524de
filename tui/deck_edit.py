"""Editing a deck in the app: the sections a format shows with their targets, pure edits
(add, remove, move one copy) and an undo/redo history. The rules themselves stay in
deckbuilder/; targets here are read from its constants, only to draw "3/5" counts."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from deckbuilder.deck import (
    ARCHIVE,
    FINAL_PREFIX,
    HALF_PREFIX,
    LIBRARY,
    LIFE,
    POOL,
    Deck,
    DeckFormat,
    Entry,
    section_order,
)
from deckbuilder.rules import (
    ARCHIVE_SIZE,
    HALF_DECK_SIZE,
    LIBRARY_SIZE,
    LIFE_SIZES,
    MAX_FINALS,
    MIN_TRIAL_HALVES,
)

HISTORY_LIMIT = 200


def layout(deck: Deck) -> list[str]:
    """The sections the deck pane shows for the deck's format, in play order, plus any other
    section the deck already has cards in (so nothing read from a file is hidden)."""
    keys = [LIFE, LIBRARY, ARCHIVE]
    if deck.format is DeckFormat.FULL:
        keys += [f"{FINAL_PREFIX}{n}" for n in range(1, MAX_FINALS + 1)]
    elif deck.format is DeckFormat.TRIAL:
        keys += [f"{HALF_PREFIX}{n}" for n in range(2, MIN_TRIAL_HALVES + 1)]
    keys.append(POOL)
    extra = [key for key, entries in deck.sections.items() if entries and key not in keys]
    return sorted([*keys, *extra], key=section_order)


def target(deck_format: DeckFormat, key: str) -> tuple[int, int | None]:
    """(fewest, most) cards a section should hold; most None = no upper limit. An optional
    section (a final beyond the first, the pool) may also be empty."""
    if key == LIFE:
        return LIFE_SIZES[deck_format]
    if key == LIBRARY:
        return LIBRARY_SIZE, LIBRARY_SIZE
    if key == ARCHIVE:
        return ARCHIVE_SIZE, ARCHIVE_SIZE
    if key == POOL:
        return HALF_DECK_SIZE, None
    return HALF_DECK_SIZE, HALF_DECK_SIZE


def target_text(deck_format: DeckFormat, key: str) -> str:
    fewest, most = target(deck_format, key)
    return str(fewest) if most == fewest else f"{fewest}+"


def count(deck: Deck, key: str) -> int:
    return sum(entry.qty for entry in deck.section(key))


def on_target(deck: Deck, key: str) -> bool:
    fewest, most = target(deck.format, key)
    n = count(deck, key)
    return fewest <= n and (most is None or n <= most)


def is_optional(deck: Deck, key: str) -> bool:
    """Sections that may stay empty: the pool, finals after the first, halves beyond the
    third (an empty one is a template placeholder for the rules, too)."""
    if key == POOL:
        return True
    if key.startswith(FINAL_PREFIX):
        return key != f"{FINAL_PREFIX}1"
    return key.startswith(HALF_PREFIX) and int(key.removeprefix(HALF_PREFIX)) > MIN_TRIAL_HALVES


def same_card(a: Entry, b: Entry) -> bool:
    return (a.game, a.name, a.source_id) == (b.game, b.name, b.source_id)


def _with_section(deck: Deck, key: str, entries: tuple[Entry, ...]) -> Deck:
    sections = dict(deck.sections)
    sections[key] = entries
    return replace(deck, sections=sections)


def add(deck: Deck, key: str, card: Entry) -> Deck:
    """One more copy of `card` in section `key` (a line already there gets qty + 1, so a
    duplicate stays visible and the rules can report it)."""
    entries = list(deck.section(key))
    for i, entry in enumerate(entries):
        if same_card(entry, card):
            entries[i] = replace(entry, qty=entry.qty + card.qty, line=None)
            return _with_section(deck, key, tuple(entries))
    return _with_section(deck, key, (*entries, replace(card, line=None)))


def remove(deck: Deck, key: str, index: int, qty: int = 1) -> Deck:
    """`qty` fewer copies of line `index` of section `key` (the line goes at zero)."""
    entries = list(deck.section(key))
    entry = entries[index]
    if entry.qty > qty:
        entries[index] = replace(entry, qty=entry.qty - qty)
    else:
        del entries[index]
    return _with_section(deck, key, tuple(entries))


def move(deck: Deck, key: str, index: int, to: str) -> Deck:
    """Move one copy of line `index` of `key` to section `to`."""
    entry = deck.section(key)[index]
    if key == to:
        return deck
    return add(remove(deck, key, index), to, replace(entry, qty=1))


def set_format(deck: Deck, deck_format: DeckFormat) -> Deck:
    return replace(deck, format=deck_format)


def rename(deck: Deck, name: str) -> Deck:
    return replace(deck, name=name.strip())


def new_deck(deck_format: DeckFormat = DeckFormat.FULL, name: str = "") -> Deck:
    return Deck(name=name.strip(), format=deck_format, sections={})


@dataclass
class History:
    """The deck being edited, with undo and redo stacks of earlier and later decks."""

    present: Deck = field(default_factory=new_deck)
    past: list[Deck] = field(default_factory=list)
    future: list[Deck] = field(default_factory=list)

    def apply(self, deck: Deck) -> bool:
        """Make `deck` the present one (undoable); False when nothing changed."""
        if deck == self.present:
            return False
        self.past.append(self.present)
        del self.past[:-HISTORY_LIMIT]
        self.present = deck
        self.future.clear()
        return True

    def reset(self, deck: Deck) -> None:
        """Start over on `deck` (opened or new): nothing to undo."""
        self.present, self.past, self.future = deck, [], []

    def undo(self) -> bool:
        if not self.past:
            return False
        self.future.append(self.present)
        self.present = self.past.pop()
        return True

    def redo(self) -> bool:
        if not self.future:
            return False
        self.past.append(self.present)
        self.present = self.future.pop()
        return True
