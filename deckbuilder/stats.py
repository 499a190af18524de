"""Deck analysis for `twgp deck stats` and the validation report: per half deck, the life set,
the pool and the whole deck — copies by TWGP type, the unit grade curve, free-summon units,
effects, games mixed, and owned against needed copies."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from deckbuilder.deck import LIFE, POOL
from deckbuilder.resolve import ResolvedDeck, ResolvedEntry
from deckbuilder.rule_facts import FREE_SUMMON_MAX
from deckbuilder.rules import halves

ALL = "all"

#: The grade curve's buckets: each low grade alone (free summon ends at 05, most units sit
#: below 10), then tens.
BUCKETS: tuple[tuple[str, int, int], ...] = (
    *((f"{g:02d}", g, g) for g in range(10)),
    *((f"{t}0-{t}9", t * 10, t * 10 + 9) for t in range(1, 10)),
)
_BUCKET_OF = {g: label for label, low, high in BUCKETS for g in range(low, high + 1)}


def bucket(grade: int) -> str:
    """The curve bucket of a grade: 4 → "04", 27 → "20-29"."""
    return _BUCKET_OF[min(max(grade, 0), 99)]


@dataclass(frozen=True)
class GroupStats:
    """The analysis of one group of cards (a half deck, the life set, the pool, or all)."""

    key: str
    cards: int
    types: dict[str, int]
    untyped: int
    unresolved: int
    grade_curve: dict[str, int]
    free_summon: int
    effects: dict[str, int]
    games: dict[str, int]
    needed: int
    owned: int

    @property
    def missing(self) -> int:
        return self.needed - self.owned

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "types": dict(self.types),
            "untyped": self.untyped,
            "unresolved": self.unresolved,
            "grade_curve": dict(self.grade_curve),
            "free_summon": self.free_summon,
            "effects": dict(self.effects),
            "games": dict(self.games),
            "needed": self.needed,
            "owned": self.owned,
        }


def group_stats(key: str, entries: Iterable[ResolvedEntry]) -> GroupStats:
    """Count one group; a unit's copies go into the grade curve by its effective grade."""
    types: Counter[str] = Counter()
    curve = dict.fromkeys((label for label, _, _ in BUCKETS), 0)
    effects: Counter[str] = Counter()
    games: Counter[str] = Counter()
    needed: Counter[str] = Counter()
    owned: dict[str, int] = {}
    cards = untyped = unresolved = free = 0
    for r in entries:
        qty, card = r.qty, r.card
        cards += qty
        games[r.entry.game] += qty
        if card is None:
            unresolved += qty
            continue
        for effect in card.effects:
            effects[effect] += qty
        if card.owned is not None:
            needed[r.key] += qty
            owned[r.key] = card.owned
        if r.card_type is None:
            untyped += qty
            continue
        types[r.card_type] += qty
        grade = r.unit_grade
        if grade is not None:
            curve[_BUCKET_OF[min(max(grade, 0), 99)]] += qty
            if grade <= FREE_SUMMON_MAX:
                free += qty
    return GroupStats(
        key, cards, dict(types), untyped, unresolved, curve, free, dict(effects), dict(games),
        sum(needed.values()), sum(min(n, owned[i]) for i, n in needed.items()),
    )


@dataclass(frozen=True)
class DeckStats:
    groups: tuple[GroupStats, ...]
    total: GroupStats

    def to_json(self) -> dict[str, Any]:
        return {"sections": {g.key: g.to_json() for g in self.groups}, ALL: self.total.to_json()}


def deck_stats(deck: ResolvedDeck, *others: ResolvedDeck) -> DeckStats:
    """Stats for the life set, each half deck (entry, finals, added halves), the pool, and all.

    A plugin format's deck has a group per non-empty section instead (`main`, `side`…); decks
    analysed together (a team's) are told apart as `1/main`, `2/side`, with `all` over all."""
    if not others:
        groups = _groups(deck)
        return DeckStats(tuple(groups), group_stats(ALL, deck.all()))
    decks = (deck, *others)
    groups = [
        replace(group, key=f"{number}/{group.key}")
        for number, one in enumerate(decks, start=1)
        for group in _groups(one)
    ]
    return DeckStats(tuple(groups), group_stats(ALL, (r for one in decks for r in one.all())))


def _groups(deck: ResolvedDeck) -> list[GroupStats]:
    if deck.deck.plugin_format is not None:
        return [group_stats(key, deck.section(key)) for key, entries in
                deck.deck.ordered_sections() if entries]
    groups = [group_stats(LIFE, deck.section(LIFE))]
    groups += [group_stats(half.key, half.entries) for half in halves(deck)]
    if deck.section(POOL):
        groups.append(group_stats(POOL, deck.section(POOL)))
    return groups
