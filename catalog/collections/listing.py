"""The owned entries of the collection, optionally filtered by a catalog query
(`twgp collection list QUERY`, `twgp collection export`)."""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel import Session

from catalog.collections.owned import OwnedRowView, collection_entries
from catalog.lookup.search import card_filter
from catalog.schema.models import CARD
from catalog.schema.models import COLLECTION_ROW as ROWS


def owned_entries(
    *, session: Session, query: str | None = None, game: str | None = None
) -> list[OwnedRowView]:
    """Every collection entry with its card, by card name; with `query` (the catalog query
    language, e.g. `grade>=5 type:unit`) only the entries whose card matches.

    Raises QuerySyntaxError for a query that cannot be read."""
    entries = collection_entries(session=session, game=game)
    if not query or not query.strip():
        return entries
    owned_ids = select(ROWS.c.card_id)
    statement = select(CARD.c.id).where(card_filter(query, session.connection()))
    matching = set(session.execute(statement.where(CARD.c.id.in_(owned_ids))).scalars())
    return [e for e in entries if e.card.id in matching]
