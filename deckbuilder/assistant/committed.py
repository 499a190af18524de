"""The ledger read from the catalog: the collection's owned copies per card identity and the
copies each saved deck commits; and validation's COMMITTED_ELSEWHERE warning on a deck.
(No solver here: `twgp deck validate` imports this.)"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import func, select
from sqlmodel import Session

from catalog import repository
from catalog.deck_choices import choices_of, saved_key
from catalog.models import CARD, COLLECTION_ROW
from deckbuilder.assistant.ledger import Ledger, committed_elsewhere, with_decks
from deckbuilder.catalog_resolver import CatalogResolver, tracks_collection
from deckbuilder.codes import Violation
from deckbuilder.errors import DeckError
from deckbuilder.resolve import ResolvedDeck, resolve_deck
from deckbuilder.service import ValidationReport
from deckbuilder.twgp_format import parse


def saved_decks(session: Session) -> list[tuple[str, ResolvedDeck]]:
    """Every saved deck that can be read, resolved (unreadable ones commit nothing)."""
    resolver = CatalogResolver(session, track_owned=False)
    found = []
    for record in repository.list_decks(session=session):
        try:
            deck = parse(record.text, source=record.name)
        except DeckError:
            continue
        before = choices_of(session, saved_key(record.name))
        found.append((record.name, resolve_deck(deck, resolver, before)))
    return found


def load_ledger(session: Session) -> Ledger:
    """Owned copies per identity and the copies each saved deck commits."""
    rows = session.execute(
        select(CARD.c.identity, func.sum(COLLECTION_ROW.c.quantity))
        .join(COLLECTION_ROW, COLLECTION_ROW.c.card_id == CARD.c.id)
        .group_by(CARD.c.identity)
    )
    owned = {identity: int(total or 0) for identity, total in rows}
    return with_decks(owned, saved_decks(session))


def committed_warnings(session: Session, deck: ResolvedDeck) -> list[Violation]:
    """COMMITTED_ELSEWHERE for a TWGP deck, when the user keeps a collection and saved decks."""
    if deck.deck.plugin_format is not None or not tracks_collection(session):
        return []
    if not repository.list_decks(session=session):
        return []
    return committed_elsewhere(deck, load_ledger(session))


def with_committed(report: ValidationReport, session: Session) -> ValidationReport:
    """The report of one TWGP deck with its COMMITTED_ELSEWHERE warnings added."""
    if report.others:
        return report
    extra = tuple(committed_warnings(session, report.resolved))
    return replace(report, warnings=report.warnings + extra) if extra else report
