"""Resolving a deck that has a place — a deck file, a saved deck — with what its name-only
lines resolved to before, and remembering what they resolve to now (catalog/saved/deck_choices.py):
a line that meant the only Pikachu keeps meaning it after an import adds other Pikachu."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session

from catalog.saved.deck_choices import choices_of, remember
from catalog.store.db import is_read_only
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.deck import Deck
from deckbuilder.resolve import CardResolver, ResolvedDeck, resolve_deck


def resolve_remembered(
    session: Session,
    deck: Deck,
    key: str | None,
    *,
    resolver: CardResolver | None = None,
    source: str | None = None,
) -> ResolvedDeck:
    """`deck` resolved with the choices remembered for `key` (a deck without a place, None:
    none) and for its `source` (the file a deck is saved from), the source's winning; what its
    name-only lines resolve to is then remembered for both (not in a read-only catalog)."""
    places = [place for place in (key, source) if place is not None]
    before: dict[tuple[str, str], tuple[str, str]] = {}
    for place in places:
        before.update(choices_of(session, place))
    resolved = resolve_deck(deck, resolver or CatalogResolver(session), before)
    bind = session.get_bind()
    engine = bind if isinstance(bind, Engine) else bind.engine
    if not is_read_only(engine):
        choices = resolved.choices()
        for place in places:
            remember(session, place, choices)
    return resolved
