"""Editing a deck in the app: the sections its declared format shows with their targets, pure
edits (add, remove, move one copy, change the format) and an undo/redo history. The rules
themselves stay in deckbuilder/; targets here are read from its constants and from the formats'
own modules, only to draw "3/5" counts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache

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
    section_key,
    section_order,
)
from deckbuilder.errors import UnknownFormatError
from deckbuilder.play_formats.registry import load_all, load_format
from deckbuilder.resolve import ResolvedDeck
from deckbuilder.rule_facts import (
    ARCHIVE_SIZE,
    DECK_SIZE_2CH,
    HALF_DECK_SIZE,
    LIBRARY_SIZE,
    LIFE_SIZES,
    MAX_FINALS,
    MIN_TRIAL_HALVES,
    ROSTER_MAX_UNITS,
)

HISTORY_LIMIT = 200
#: F4 goes through TWGP's formats in this order, then every installed plugin's
TWGP_CYCLE = (DeckFormat.FULL, DeckFormat.HALF, DeckFormat.TRIAL)
Target = tuple[int, int | None]


def is_twgp(deck: Deck) -> bool:
    return deck.plugin_format is None


def format_sections(format_id: str) -> tuple[str, ...]:
    """The sections a plugin format lists, in its order; () for TWGP's (numbered sections:
    see `layout`) and for a format that is not installed (its cards still show)."""
    if format_id in set(DeckFormat):
        return ()
    try:
        return load_format(format_id).sections
    except UnknownFormatError:
        return ()


def layout(deck: Deck) -> list[str]:
    """The sections the deck pane shows for the deck's format, in play order (a plugin
    format's, in its own order), plus any other section the deck already has cards in (so
    nothing read from a file is hidden)."""
    if not is_twgp(deck):
        keys = list(format_sections(deck.format_id))
        return keys + [key for key, entries in deck.sections.items() if entries and key not in keys]
    keys = [LIFE, LIBRARY, ARCHIVE]
    if deck.format is DeckFormat.FULL:
        keys += [f"{FINAL_PREFIX}{n}" for n in range(1, MAX_FINALS + 1)]
    elif deck.format is DeckFormat.TRIAL:
        keys += [f"{HALF_PREFIX}{n}" for n in range(2, MIN_TRIAL_HALVES + 1)]
    keys.append(POOL)
    extra = [key for key, entries in deck.sections.items() if entries and key not in keys]
    return sorted([*keys, *extra], key=section_order)


@cache
def plugin_targets() -> dict[str, dict[str, Target]]:
    """(fewest, most) cards per section of the plugin formats whose rules set a size, from
    the constants their rules check; a section not here has no target (ev-tag-b limits
    copies, not sizes). Imported when first asked: only a plugin deck needs them."""
    from deckbuilder.play_formats import darkside, twochtcg

    return {
        darkside.Roster.format_id: {darkside.ROSTER: (1, ROSTER_MAX_UNITS)},
        twochtcg.TwoChDeck.format_id: {twochtcg.MAIN: (DECK_SIZE_2CH, DECK_SIZE_2CH)},
    }


def target(deck: Deck, key: str) -> Target | None:
    """(fewest, most) cards a section should hold; most None = no upper limit; None when
    the format sets no size for it. An optional section (a final beyond the first, the pool)
    may also be empty."""
    if not is_twgp(deck):
        return plugin_targets().get(deck.format_id, {}).get(key)
    if key == LIFE:
        return LIFE_SIZES[deck.format]
    if key == LIBRARY:
        return LIBRARY_SIZE, LIBRARY_SIZE
    if key == ARCHIVE:
        return ARCHIVE_SIZE, ARCHIVE_SIZE
    if key == POOL:
        return HALF_DECK_SIZE, None
    return HALF_DECK_SIZE, HALF_DECK_SIZE


def target_text(deck: Deck, key: str) -> str:
    """ "5", "8+", "1–5"; "" when the section has no target."""
    goal = target(deck, key)
    if goal is None:
        return ""
    fewest, most = goal
    if most is None:
        return f"{fewest}+"
    return str(most) if most == fewest else f"{fewest}–{most}"


def count(deck: Deck, key: str) -> int:
    return sum(entry.qty for entry in deck.section(key))


def on_target(deck: Deck, key: str) -> bool | None:
    """Whether the section holds as many cards as its target asks; None without a target."""
    goal = target(deck, key)
    if goal is None:
        return None
    fewest, most = goal
    n = count(deck, key)
    return fewest <= n and (most is None or n <= most)


def is_optional(deck: Deck, key: str) -> bool:
    """Sections that may stay empty: the pool, finals after the first, halves beyond the
    third (an empty one is a template placeholder for the rules, too); a plugin format's
    sections without a target (a sideboard)."""
    if not is_twgp(deck):
        return target(deck, key) is None
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


def replace_line(deck: Deck, key: str, index: int, entry: Entry) -> Deck:
    """Line `index` of section `key` written as `entry` (a line settled to one card)."""
    entries = list(deck.section(key))
    entries[index] = replace(entry, line=None)
    return _with_section(deck, key, tuple(entries))


def move(deck: Deck, key: str, index: int, to: str) -> Deck:
    """Move one copy of line `index` of `key` to section `to`."""
    entry = deck.section(key)[index]
    if key == to:
        return deck
    return add(remove(deck, key, index), to, replace(entry, qty=1))


def remove_line(deck: Deck, key: str, index: int) -> Deck:
    """Line `index` of section `key` gone, every copy of it."""
    return remove(deck, key, index, deck.section(key)[index].qty)


def move_line(deck: Deck, key: str, index: int, to: str) -> Deck:
    """Move every copy of line `index` of `key` to section `to` (joining a line of the same
    card there)."""
    entry = deck.section(key)[index]
    if key == to:
        return deck
    return add(remove_line(deck, key, index), to, entry)


def without_untyped(deck: Deck, resolved: ResolvedDeck) -> tuple[Deck, list[Entry]]:
    """The deck without the lines whose card has no TWGP type (a basic land, a card the
    converter could not place), as `resolved` (the deck's last validation) found them, and
    the lines taken out. Lines that found no card stay: they may still be settled."""
    removed: list[Entry] = []
    for key in deck.sections:
        lines = deck.section(key)
        found = resolved.section(key)
        untyped = {
            i for i, (entry, r) in enumerate(zip(lines, found, strict=False))
            if r.card is not None and r.card_type is None and same_card(r.entry, entry)
        }  # fmt: skip
        if untyped:
            removed += [lines[i] for i in sorted(untyped)]
            kept = tuple(e for i, e in enumerate(lines) if i not in untyped)
            deck = _with_section(deck, key, kept)
    return deck, removed


def final_target(deck: Deck, cursor_section: str | None) -> str | None:
    """The section `f` adds to: the final (full) or added half (trial) the deck pane's cursor
    is in, else the first one; None for a deck with neither."""
    if not is_twgp(deck):
        return None
    prefix = {DeckFormat.FULL: FINAL_PREFIX, DeckFormat.TRIAL: HALF_PREFIX}.get(deck.format)
    if prefix is None:
        return None
    if cursor_section is not None and cursor_section.startswith(prefix):
        return cursor_section
    return f"{prefix}{1 if prefix == FINAL_PREFIX else 2}"


def format_cycle() -> list[str]:
    """Every installed format that loads, in the order F4 goes through them (a broken plugin
    is logged and left out)."""
    loaded = load_all()
    plugins = [fid for fid in loaded if fid not in set(DeckFormat)]
    return [f.value for f in TWGP_CYCLE] + plugins


def has_section(format_id: str, key: str) -> bool:
    """Whether a deck of `format_id` may have section `key` (as its file reader decides)."""
    if format_id in set(DeckFormat):
        return section_key(key) == key
    return key in format_sections(format_id)


def misfits(deck: Deck, format_id: str) -> list[str]:
    """The sections holding cards that a deck of `format_id` cannot have ([] = it fits)."""
    return [
        key for key, entries in deck.sections.items() if entries and not has_section(format_id, key)
    ]


def next_format(deck: Deck) -> tuple[str | None, list[str]]:
    """(the next format of the cycle the deck's cards fit, the formats skipped on the way):
    changing the format never moves or drops a card. None when no other format fits."""
    cycle = format_cycle()
    now = cycle.index(deck.format_id) if deck.format_id in cycle else -1
    skipped: list[str] = []
    for step in range(1, len(cycle)):
        candidate = cycle[(now + step) % len(cycle)]
        if not misfits(deck, candidate):
            return candidate, skipped
        skipped.append(candidate)
    return None, skipped


def set_format(deck: Deck, format_id: str) -> tuple[Deck, dict[str, str]]:
    """The deck declaring `format_id` (`Deck.with_format`), without the empty sections and the
    header fields that format does not have (its file could not be read back with them);
    returns the fields dropped too. Cards in sections it lacks stay: see `misfits`."""
    changed = deck.with_format(format_id)
    reads = () if format_id in set(DeckFormat) else load_format(format_id).fields
    sections = {
        key: entries
        for key, entries in changed.sections.items()
        if entries or has_section(format_id, key)
    }
    kept = {key: value for key, value in changed.fields.items() if key in reads}
    dropped = {key: value for key, value in changed.fields.items() if key not in reads}
    return replace(changed, sections=sections, fields=kept), dropped


def set_field(deck: Deck, key: str, value: str) -> Deck:
    """The deck with header field `key` set to `value` (removed when `value` is blank).
    Raises ValueError for a value that cannot be written on one line."""
    fields = {k: v for k, v in deck.fields.items() if k != key}
    if value.strip():
        fields[key] = value.strip()
    return replace(deck, fields=fields)


def format_fields(deck: Deck) -> tuple[str, ...]:
    """The header fields the deck's format reads (`character`), besides name and format."""
    if is_twgp(deck):
        return ()
    try:
        return load_format(deck.format_id).fields
    except UnknownFormatError:
        return tuple(deck.fields)


def rename(deck: Deck, name: str) -> Deck:
    return replace(deck, name=name.strip())


def new_deck(format_id: str = DeckFormat.FULL, name: str = "") -> Deck:
    """An empty deck of any installed format ("full", "ev-tag-b")."""
    return Deck(name=name.strip()).with_format(format_id)


def fields_text(fields: Mapping[str, str]) -> str:
    """ "character: ミナ" for a notice about dropped fields."""
    return ", ".join(f"{key}: {value}" for key, value in fields.items())


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
