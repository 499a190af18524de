"""Saved decks: stored whole as the text of their `.twgp` file, by name (the deck builder
owns the format; the catalog only keeps the text).

A name is one name however its accents were typed: stored and looked up in Unicode NFC
(`deck_name`), so "Pokémon" typed composed (NFC) or decomposed (NFD, as macOS file names
give it) is one deck. A deck saved before names were normalised is still found by its
name, and takes the NFC form the next time it is saved."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlmodel import Session, col, select

from catalog.base.errors import CatalogError, DeckNotFoundError
from catalog.saved.deck_choices import forget_deck, saved_key
from catalog.saved.names import deck_name as deck_name
from catalog.schema.models import Deck


@dataclass(frozen=True)
class DeckRecord:
    name: str
    format: str
    text: str
    created_at: datetime
    updated_at: datetime


def save_deck(*, session: Session, name: str, text: str, format: str) -> DeckRecord:
    """Save (or replace) the deck called `name`. Two saves of one name at once: give the
    session of `catalog.store.db.write_scope`, which holds the write lock from its first read."""
    name = deck_name(name)
    if not name:
        raise CatalogError("a deck needs a name")
    now = datetime.now(UTC)
    deck = _find(session, name)
    if deck is None:
        deck = Deck(name=name, format=format, text=text, created_at=now, updated_at=now)
    else:
        deck.name, deck.format, deck.text, deck.updated_at = name, format, text, now
    session.add(deck)
    session.flush()
    return _record(deck)


def list_decks(*, session: Session) -> list[DeckRecord]:
    """Every saved deck, by name."""
    decks = session.exec(select(Deck).order_by(col(Deck.name)))
    return [_record(deck) for deck in decks]


def get_deck(*, session: Session, name: str) -> DeckRecord:
    deck = _find(session, deck_name(name))
    if deck is None:
        raise DeckNotFoundError(f"no saved deck named {name!r}", hint="`twgp deck list` shows them")
    return _record(deck)


def delete_deck(*, session: Session, name: str) -> None:
    deck = _find(session, deck_name(name))
    if deck is None:
        raise DeckNotFoundError(f"no saved deck named {name!r}")
    forget_deck(session, saved_key(deck.name))
    session.delete(deck)
    session.flush()


def _find(session: Session, name: str) -> Deck | None:
    """The deck of the (normalised) `name`; else one stored under another form of it."""
    found = session.exec(select(Deck).where(col(Deck.name) == name)).one_or_none()
    if found is not None:
        return found
    for deck_id, stored in session.exec(select(col(Deck.id), col(Deck.name))):
        if deck_name(stored) == name:  # saved before names were normalised
            return session.get(Deck, deck_id)
    return None


def _record(deck: Deck) -> DeckRecord:
    return DeckRecord(
        deck.name, deck.format, deck.text, _utc(deck.created_at), _utc(deck.updated_at)
    )


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
