"""The catalog side of the assistant: the ledger (collection + saved decks) and the candidate
cards (owned, or every known card with --from catalog), one printing per card identity."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import select
from sqlmodel import Session

from catalog.cards.views import VIEW_COLUMNS, CardView, card_views
from catalog.collections.owned import collection_entries
from catalog.schema.models import CARD
from deckbuilder.assistant.committed import load_ledger
from deckbuilder.assistant.ledger import Ledger
from deckbuilder.assistant.model import Candidate
from deckbuilder.catalog_resolver import card_info

__all__ = ["catalog_candidates", "load_ledger", "owned_candidates"]


def _one_per_identity(views: Iterable[CardView]) -> list[CardView]:
    """The first printing of each identity (English or language-less ones first)."""
    chosen: dict[str, CardView] = {}
    for view in views:
        known = chosen.get(view.identity)
        if known is None or (known.lang not in (None, "en") and view.lang in (None, "en")):
            chosen[view.identity] = view
    return list(chosen.values())


def owned_candidates(session: Session, ledger: Ledger, *, games: Sequence[str] = (),
                     share: bool = False, besides: str | None = None) -> list[Candidate]:
    """The owned cards (of `games`) with the copies free for a new deck."""
    views = [e.card for e in collection_entries(session=session)
             if not games or e.card.game in games]  # fmt: skip
    return [Candidate(card_info(v), ledger.free(v.identity, share=share, besides=besides))
            for v in _one_per_identity(views) if v.card_type is not None]  # fmt: skip


def catalog_candidates(session: Session, ledger: Ledger, *, games: Sequence[str] = (),
                       share: bool = False, besides: str | None = None) -> list[Candidate]:
    """Every typed card of the catalog (of `games`), acquirable, with its free copies."""
    statement = select(*VIEW_COLUMNS).where(CARD.c.card_type.is_not(None)).order_by(CARD.c.id)
    if games:
        statement = statement.where(CARD.c.game.in_(list(games)))
    views = card_views(session, list(session.execute(statement)))
    return [Candidate(card_info(v), ledger.free(v.identity, share=share, besides=besides),
                      acquirable=True) for v in _one_per_identity(views)]  # fmt: skip
