"""Looking at the stored collection in tests."""

from __future__ import annotations

from sqlalchemy import Engine

from catalog.collections.owned import OwnedRowView, collection_entries
from catalog.store.db import session_scope


def owned(engine: Engine) -> list[OwnedRowView]:
    with session_scope(engine) as session:
        return collection_entries(session=session)


def owned_state(engine: Engine) -> list[tuple[str, str, int, str, str, str, str]]:
    """The collection as comparable tuples: (game, source id, quantity, finish, condition,
    language, location), "" for unset values."""
    return sorted(
        (
            e.card.game,
            e.card.source_id,
            e.quantity,
            e.finish,
            e.condition or "",
            e.lang or "",
            e.location or "",
        )
        for e in owned(engine)
    )


def owned_by_name(engine: Engine) -> dict[str, int]:
    totals: dict[str, int] = {}
    for e in owned(engine):
        totals[e.card.name] = totals.get(e.card.name, 0) + e.quantity
    return totals
