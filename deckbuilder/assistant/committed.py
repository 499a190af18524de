"""The ledger read from the catalog: the collection's owned copies per card identity and the
copies each saved deck commits; and validation's COMMITTED_ELSEWHERE warning on a deck.
(No solver here: `twgp deck validate` imports this.)"""

from __future__ import annotations

from dataclasses import replace

from sqlmodel import Session

from catalog.collections.owned import owned_totals
from catalog.lookup import repository
from catalog.saved.deck_choices import choices_of, saved_key
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
    return with_decks(owned_totals(session), saved_decks(session))


def committed_warnings(session: Session, deck: ResolvedDeck,
                        ledger: Ledger | None = None) -> list[Violation]:  # fmt: skip
    """COMMITTED_ELSEWHERE for a TWGP deck, when the user keeps a collection and saved decks
    (`ledger`: one already read, as the app keeps it; else read now)."""
    if deck.deck.plugin_format is not None or not tracks_collection(session):
        return []
    if ledger is None:
        if not repository.list_decks(session=session):
            return []
        ledger = load_ledger(session)
    return committed_elsewhere(deck, ledger)


def with_committed(report: ValidationReport, session: Session,
                   ledger: Ledger | None = None) -> ValidationReport:  # fmt: skip
    """The report of one TWGP deck with its COMMITTED_ELSEWHERE warnings added."""
    if report.others:
        return report
    extra = tuple(committed_warnings(session, report.resolved, ledger))
    return replace(report, warnings=report.warnings + extra) if extra else report
