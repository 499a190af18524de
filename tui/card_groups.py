"""Search results grouped as the player thinks of them: one card (identity) with its
printings behind it — the app's card list and `twgp search` both list cards this way."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from catalog.cards.views import CardView


@dataclass
class Group:
    """One card identity: the printings the search found, the one shown first."""

    printings: list[CardView] = field(default_factory=list)
    expanded: bool = False

    @property
    def card(self) -> CardView:
        return self.printings[0]


def group_cards(
    cards: Iterable[CardView], lang: str, groups: list[Group] | None = None
) -> list[Group]:
    """Group search results by card identity, in the order each identity first appears;
    `groups` (the groups of earlier pages) are extended. The printing in the UI's language,
    if there is one, comes first."""
    found = groups if groups is not None else []
    index = {group.card.identity: group for group in found}
    for card in cards:
        group = index.get(card.identity)
        if group is None:
            group = index[card.identity] = Group()
            found.append(group)
        group.printings.append(card)
    for group in found:
        group.printings.sort(key=lambda p: p.lang != lang)  # stable: search order otherwise
    return found
