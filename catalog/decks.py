"""Saved decks: stored whole as the text of their `.twgp` file, by name (the deck builder
owns the format; the catalog only keeps the text)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlmodel import Session, col, select

from catalog.errors import CatalogError, DeckNotFoundError
from catalog.models import Deck


@dataclass(frozen=True)
class DeckRecord:
    name: str
    format: str
    text: str
    created_at: datetime
    updated_at: datetime


def save_deck(*, session: Session, name: str, text: str, format: str) -> DeckRecord:
    """Save (or replace) the deck called `name`."""
    name = name.strip()
    if not name:
        raise CatalogError("a deck needs a name")
    now = datetime.now(UTC)
    deck = _find(session, name)
    if deck is None:
        deck = Deck(name=name, format=format, text=text, created_at=now, updated_at=now)
    else:
        deck.format, deck.text, deck.updated_at = format, text, now
    session.add(deck)
    session.flush()
    return _record(deck)


def list_decks(*, session: Session) -> list[DeckRecord]:
    """Every saved deck, by name."""
    decks = session.exec(select(Deck).order_by(col(Deck.name)))
    return [_record(deck) for deck in decks]


def get_deck(*, session: Session, name: str) -> DeckRecord:
    deck = _find(session, name.strip())
    if deck is None:
        raise DeckNotFoundError(f"no saved deck named {name!r}", hint="`twgp deck list` shows them")
    return _record(deck)


def delete_deck(*, session: Session, name: str) -> None:
    deck = _find(session, name.strip())
    if deck is None:
        raise DeckNotFoundError(f"no saved deck named {name!r}")
    session.delete(deck)
    session.flush()


def _find(session: Session, name: str) -> Deck | None:
    return session.exec(select(Deck).where(col(Deck.name) == name)).one_or_none()


def _record(deck: Deck) -> DeckRecord:
    return DeckRecord(
        deck.name, deck.format, deck.text, _utc(deck.created_at), _utc(deck.updated_at)
    )


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
