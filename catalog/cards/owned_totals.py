"""Owned copies per card identity, kept (`owned_total`, catalog/schema/models.py): the one place
that
writes them. Whatever changes a collection row (catalog/collections/owned.py) or a card's identity
(the
importer, identity merges, catalog/store/identity_upgrade.py) calls `refresh_owned` for the
identities it touched, in its own transaction: their totals are summed again from the
collection rows, so a kept total always equals a fresh aggregate. Portable SQL only (delete,
then insert … select), the same on SQLite and PostgreSQL.

Migrations older than the table's (0010) run the same identity code on catalogs that do not
have it yet: there `refresh_owned` does nothing, and migration 0010 fills the table whole."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from sqlalchemy import Connection, Select, delete, func, insert, select

from catalog.cards.views import chunks
from catalog.schema.models import CARD, COLLECTION_ROW, OWNED_TOTAL

__all__ = ["fresh_totals", "identities_of", "rebuild_owned", "refresh_owned"]

TABLE = OWNED_TOTAL.name
COLUMNS = ["identity", "copies"]


def _totals(identities: Collection[str] | None = None) -> Select[Any]:
    """(identity, copies) of the identities (all when None), summed from the collection rows:
    from the rows (small) to their cards, never from the catalog (large)."""
    query = (
        select(CARD.c.identity, func.sum(COLLECTION_ROW.c.quantity))
        .select_from(COLLECTION_ROW)
        .join(CARD, CARD.c.id == COLLECTION_ROW.c.card_id)
        .group_by(CARD.c.identity)
    )
    return query if identities is None else query.where(CARD.c.identity.in_(identities))


def _kept(connection: Connection) -> bool:
    """Whether the catalog has the table (not while a migration before 0010 runs)."""
    return bool(connection.dialect.has_table(connection, TABLE))


def refresh_owned(connection: Connection, identities: Iterable[str]) -> None:
    """Sum the owned copies of `identities` again (an identity left with no collection rows
    loses its row). The caller's transaction."""
    wanted = sorted(set(identities))
    if not wanted or not _kept(connection):
        return
    for chunk in chunks(wanted):
        connection.execute(delete(OWNED_TOTAL).where(OWNED_TOTAL.c.identity.in_(chunk)))
        connection.execute(insert(OWNED_TOTAL).from_select(COLUMNS, _totals(chunk)))


def rebuild_owned(connection: Connection) -> None:
    """Every identity's owned copies summed again (migration 0010, an emptied collection)."""
    if not _kept(connection):
        return
    connection.execute(delete(OWNED_TOTAL))
    connection.execute(insert(OWNED_TOTAL).from_select(COLUMNS, _totals()))


def identities_of(connection: Connection, card_ids: Iterable[int]) -> set[str]:
    """The identities of the cards `card_ids` (those that exist)."""
    found: set[str] = set()
    for chunk in chunks(sorted(set(card_ids))):
        query = select(CARD.c.identity).where(CARD.c.id.in_(chunk)).distinct()
        found.update(connection.execute(query).scalars())
    return found


def fresh_totals(connection: Connection) -> dict[str, int]:
    """Every identity's owned copies aggregated from the collection rows now, ignoring the kept
    table (tests and `twgp doctor` compare the two)."""
    return {identity: int(copies) for identity, copies in connection.execute(_totals())}
