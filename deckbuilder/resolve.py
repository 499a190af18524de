"""Turning deck lines into cards: the `CardResolver` protocol, the card facts the rules read
(`CardInfo`) and `resolve_deck`, done once per deck so that validation stays pure.

A line resolves by its [SOURCE_ID] when it has one, else by name (English or Japanese). Several
printings of one card identity are one card; several identities are an ambiguous line."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Protocol

from converters.base import CardType, Printing, normalise_name_key
from deckbuilder.deck import ARCHIVE, ENTRY, FINAL_PREFIX, HALF_PREFIX, LIBRARY, Deck, Entry


@dataclass(frozen=True)
class CardInfo:
    """What the rules know about one printing. `grade` and `card_type` are the effective
    values (a user's override applied); `owned` is None when ownership is not tracked;
    `stats` are the converter's source facts a game's own deck format reads (Eternal Voice
    `character`/`evolution`, Dark side telling `lendable`/`special`/`owner`). `curse` marks a
    curse/bug/error-like weapon, one that lowers the unit it is put under (−1 in the reach
    analysis, deckbuilder/summon.py); the effects reading decides it."""

    game: str
    source_id: str
    name: str
    identity: str
    grade: int | None
    card_type: CardType | None
    name_ja: str | None = None
    grade_reason: str = ""
    type_reason: str = ""
    effects: tuple[str, ...] = ()
    effect_reasons: Mapping[str, str] = field(default_factory=dict, hash=False)
    #: why a Weapon is a curse (the phrase of its text), None when it is not one
    curse_reason: str | None = None
    owned: int | None = None
    overridden: bool = False
    lang: str | None = None
    stats: Mapping[str, Any] = field(default_factory=dict, hash=False)
    set_code: str | None = None
    collector_number: str | None = None
    curse: bool = False

    @property
    def label(self) -> str:
        return f"{self.game} {self.name}"

    def describe(self) -> str:
        """"Pikachu [base1-58] (set base1, no. 58, en)": a candidate of an ambiguous line."""
        detail = Printing(self.set_code, self.collector_number, self.lang).describe()
        return f"{self.name} [{self.source_id}]" + (f" ({detail})" if detail else "")


class CardResolver(Protocol):
    """Finds the printings a deck line may mean. Implementations may cache."""

    def resolve(self, game: str, name: str, source_id: str | None) -> Sequence[CardInfo]:
        """Every printing matching the line (by source id when given, else by name)."""
        ...

    def suggest(self, game: str, name: str) -> Sequence[str]:
        """The closest card names, for a line that resolved to nothing."""
        ...


class ResolvedEntry:
    """A deck line and what it resolved to: a card, or nothing (`candidates` lists the
    distinct cards of an ambiguous line; `suggestions` the closest names of an unknown one).

    Read-only by convention; the facts the rules read most are derived once here, because
    validation throughput matters (a plain slotted class builds several times faster than a
    frozen dataclass)."""

    __slots__ = ("candidates", "card", "card_type", "entry", "key", "label", "qty", "section",
                 "suggestions", "unit_grade")

    def __init__(
        self,
        section: str,
        entry: Entry,
        card: CardInfo | None,
        candidates: tuple[CardInfo, ...] = (),
        suggestions: tuple[str, ...] = (),
    ) -> None:
        self.section = section
        self.entry = entry
        self.card = card
        self.candidates = candidates
        self.suggestions = suggestions
        self.label = entry.label
        self.qty = entry.qty
        card_type = card.card_type if card is not None else None
        self.card_type: CardType | None = card_type
        self.unit_grade: int | None = (
            card.grade if card is not None and card_type is CardType.UNIT else None
        )
        #: What "the same card" means: the identity, or the game and name key of an
        #: unresolved line (so that an unknown card written twice is still a duplicate).
        self.key: str = (
            card.identity if card is not None
            else f"?{entry.game}:{normalise_name_key(entry.name)}"
        )

    def __repr__(self) -> str:
        return f"ResolvedEntry({self.section!r}, {self.entry!r}, {self.card!r})"


@dataclass(frozen=True)
class Half:
    """One half deck: `entry` (library + archive), `final.N` or `half.N`."""

    key: str
    entries: tuple[ResolvedEntry, ...]

    @property
    def size(self) -> int:
        return sum(r.qty for r in self.entries)


@dataclass(frozen=True)
class ResolvedDeck:
    deck: Deck
    sections: Mapping[str, tuple[ResolvedEntry, ...]] = field(default_factory=dict)

    def section(self, key: str) -> tuple[ResolvedEntry, ...]:
        return self.sections.get(key, ())

    @cached_property
    def entries(self) -> tuple[ResolvedEntry, ...]:
        """Every line, sections in play order."""
        return tuple(r for key, _ in self.deck.ordered_sections() for r in self.section(key))

    def all(self) -> Iterable[ResolvedEntry]:
        return self.entries

    def choices(self) -> dict[tuple[str, str], tuple[str, str]]:
        """What each name-only line resolved to: (game, name key) → (identity, source id),
        to be handed back as `before` once the catalog has changed (resolve_deck)."""
        return {
            (r.entry.game, normalise_name_key(r.entry.name)): (r.card.identity, r.card.source_id)
            for rs in self.sections.values() for r in rs
            if r.card is not None and r.entry.source_id is None
        }

    @cached_property
    def halves(self) -> tuple[Half, ...]:
        """The entry half, then the non-empty final and added halves, in order."""
        entry = Half(ENTRY, self.section(LIBRARY) + self.section(ARCHIVE))
        keys = self.deck.numbered(FINAL_PREFIX) + self.deck.numbered(HALF_PREFIX)
        return (entry, *(Half(key, self.section(key)) for key in keys))


#: (game, name key) of a name-only line → (identity, source id) of the card it resolved to
#: before (catalog/saved/deck_choices.py remembers them per deck)
Before = Mapping[tuple[str, str], tuple[str, str]]


def resolve_deck(deck: Deck, resolver: CardResolver, before: Before | None = None) -> ResolvedDeck:
    """Resolve every line of `deck` once (identical lines share one lookup). A resolver with
    a `prefetch(lookups)` method is handed every line first, to look them up together.
    `before`: what the deck's name-only lines resolved to before (see `choose`)."""
    prefetch = getattr(resolver, "prefetch", None)
    if prefetch is not None:
        prefetch([(e.game, e.name, e.source_id) for es in deck.sections.values() for e in es])
    seen: dict[tuple[str, str, str | None], tuple[CardInfo | None, tuple[CardInfo, ...]]] = {}
    sections: dict[str, tuple[ResolvedEntry, ...]] = {}
    for key, entries in deck.sections.items():
        resolved: list[ResolvedEntry] = []
        for entry in entries:
            lookup = (entry.game, entry.name, entry.source_id)
            if lookup not in seen:
                earlier = (
                    before.get((entry.game, normalise_name_key(entry.name)))
                    if before and entry.source_id is None else None
                )
                seen[lookup] = choose(resolver.resolve(*lookup), entry.name, earlier)
            card, candidates = seen[lookup]
            suggestions: tuple[str, ...] = ()
            if card is None and not candidates:
                suggestions = tuple(resolver.suggest(entry.game, entry.name))
            resolved.append(ResolvedEntry(key, entry, card, candidates, suggestions))
        sections[key] = tuple(resolved)
    return ResolvedDeck(deck, sections)


def choose(
    printings: Sequence[CardInfo], name: str, before: tuple[str, str] | None = None
) -> tuple[CardInfo | None, tuple[CardInfo, ...]]:
    """(the card, ()) when the printings share one identity, else (None, one per identity,
    the owned ones first, then the one the line resolved to `before`) — unless one of those
    identities wins: the only one you own (the getting-started deck stays legal when a
    catalog gains same-named cards), else the one the line resolved to before — its
    (identity, source id) — when you own none of them or own it.

    Of several printings the rules read an overridden one first (the user's word wins), then
    one whose name is written exactly as in the deck, then the resolver's first."""
    by_identity: dict[str, list[CardInfo]] = {}
    for printing in printings:
        by_identity.setdefault(printing.identity, []).append(printing)
    if len(by_identity) != 1:
        groups = list(by_identity.values())
        owned = [group for group in groups if (group[0].owned or 0) > 0]
        earlier = _earlier(groups, before)
        if len(owned) == 1:
            group = owned[0]
        elif earlier is not None and (not owned or earlier in owned):
            group = earlier
        else:
            ordered = sorted(groups, key=lambda g: ((g[0].owned or 0) <= 0, g is not earlier))
            return None, tuple(group[0] for group in ordered)
        by_identity = {group[0].identity: group}
    (group,) = by_identity.values()
    card = min(group, key=lambda p: (not p.overridden, name not in (p.name, p.name_ja)))
    return with_identity_name(card, group), ()


def _earlier(
    groups: Sequence[list[CardInfo]], before: tuple[str, str] | None
) -> list[CardInfo] | None:
    """The printings of the card a line resolved to before: its identity's, else (the
    identity renamed since) the identity of its printing."""
    if before is None:
        return None
    identity, source_id = before
    for group in groups:
        if group[0].identity == identity:
            return group
    return next((g for g in groups if any(p.source_id == source_id for p in g)), None)


def no_counterpart(game: str, stats: Mapping[str, Any]) -> bool:
    """A card no override should be advised for: a Magic basic land."""
    from converters.mtg import is_basic_land

    return game == "mtg" and is_basic_land(stats)


def with_identity_name(card: CardInfo, printings: Iterable[CardInfo]) -> CardInfo:
    """`card` with the Japanese name of its identity: when this printing carries none, the
    first other printing's that does (稲妻 for an English Lightning Bolt)."""
    if card.name_ja:
        return card
    found = next((p.name_ja for p in printings if p.identity == card.identity and p.name_ja), None)
    return replace(card, name_ja=found) if found else card


def name_keys(card: CardInfo) -> set[str]:
    """The matching keys of a card's names: English, Japanese and each face of "A // B"."""
    keys = set()
    for name in (card.name, card.name_ja):
        if name:
            keys.add(normalise_name_key(name))
            keys.update(normalise_name_key(face) for face in name.split("//") if face.strip())
    return keys


class MemoryResolver:
    """A resolver over cards held in memory (tests, benchmarks, already-fetched cards)."""

    def __init__(self, cards: Iterable[CardInfo]) -> None:
        self._by_id: dict[tuple[str, str], list[CardInfo]] = {}
        self._by_name: dict[tuple[str, str], list[CardInfo]] = {}
        self._keys: dict[str, str] = {}
        for card in cards:
            self._by_id.setdefault((card.game, card.source_id.casefold()), []).append(card)
            for key in name_keys(card):
                self._by_name.setdefault((card.game, key), []).append(card)

    def resolve(self, game: str, name: str, source_id: str | None) -> Sequence[CardInfo]:
        if source_id is not None:
            return self._by_id.get((game, source_id.casefold()), [])
        key = self._keys.get(name)
        if key is None:
            key = self._keys[name] = normalise_name_key(name)
        return self._by_name.get((game, key), [])

    def suggest(self, game: str, name: str) -> Sequence[str]:
        from rapidfuzz import process

        names = {c.name for (g, _), cards in self._by_name.items() if g == game for c in cards}
        found = process.extract(name, sorted(names), limit=3, score_cutoff=60)
        return [match for match, _score, _index in found]
