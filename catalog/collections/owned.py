"""Owned copies: collection rows per printing (card row), rolled up per card identity.

Every row has a `source_key` naming where it came from. Writing a key again replaces that
row's quantity, never adds to it — so a collection file imported twice in merge mode counts
nothing twice, provided its rows get the same keys (e.g. `format:file:content key`).
Hand-made entries use `manual_key(...)`. Same transaction rules as repository.py."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import Result, bindparam, delete, func, insert, select, update
from sqlmodel import Session

from catalog.base.errors import CatalogError
from catalog.cards.owned_totals import identities_of, rebuild_owned, refresh_owned
from catalog.cards.views import (
    VIEW_COLUMNS,
    CardView,
    all_owned,
    card_views,
    chunks,
    owned_by_identity,
)
from catalog.lookup.search import card_filter
from catalog.schema.models import CARD, COLLECTION_ROW

__all__ = [
    "OwnedChange",
    "OwnedEntry",
    "OwnedRowView",
    "clear_collection",
    "collection_entries",
    "manual_key",
    "owned_by_card",
    "owned_by_identity",
    "owned_totals",
    "put_entries",
    "set_owned",
]

ROWS = COLLECTION_ROW


@dataclass(frozen=True)
class OwnedEntry:
    """Copies of one printing from one source row."""

    source_key: str
    card_id: int
    quantity: int
    finish: str = "nonfoil"
    condition: str | None = None
    lang: str | None = None
    location: str | None = None
    source_file: str | None = None
    line: int | None = None


@dataclass
class OwnedChange:
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0

    def add(self, other: OwnedChange) -> None:
        """Count another batch's changes in (an import writes its file in batches)."""
        self.new += other.new
        self.updated += other.updated
        self.unchanged += other.unchanged
        self.removed += other.removed


@dataclass(frozen=True)
class OwnedRowView:
    """A collection row with its card (the card's `owned` is the identity's total)."""

    card: CardView
    quantity: int
    finish: str
    condition: str | None
    lang: str | None
    location: str | None
    source_file: str | None
    line: int | None

    def to_json(self) -> dict[str, object]:
        """One entry as `twgp collection list --json` (and GET /v1/collection) print it."""
        return {"quantity": self.quantity, "finish": self.finish, "condition": self.condition,
                "lang": self.lang, "location": self.location, "source_file": self.source_file,
                "line": self.line, "card": self.card.to_json()}  # fmt: skip


def manual_key(
    card_id: int,
    finish: str = "nonfoil",
    condition: str | None = None,
    lang: str | None = None,
    location: str | None = None,
) -> str:
    return f"manual:{card_id}:{finish}:{condition or ''}:{lang or ''}:{location or ''}"


def set_owned(
    *,
    session: Session,
    card_id: int,
    quantity: int,
    mode: Literal["set", "add"] = "set",
    source_key: str | None = None,
    finish: str = "nonfoil",
    condition: str | None = None,
    lang: str | None = None,
    location: str | None = None,
) -> int:
    """Set (or add to) the copies of one printing; returns the entry's new quantity.
    A quantity reaching 0 removes the entry."""
    if quantity < 0 and mode == "set":
        raise CatalogError(f"a quantity cannot be negative ({quantity})")
    key = source_key or manual_key(card_id, finish, condition, lang, location)
    before = session.execute(select(ROWS.c.quantity).where(ROWS.c.source_key == key)).scalar()
    total = quantity + (before or 0) if mode == "add" else quantity
    entry = OwnedEntry(key, card_id, max(total, 0), finish, condition, lang, location)
    put_entries(session=session, entries=[entry])
    return entry.quantity


def put_entries(*, session: Session, entries: Iterable[OwnedEntry]) -> OwnedChange:
    """Merge entries by source key: new keys are added, known keys replaced, quantity 0
    removes. Bulk statements; the caller's transaction."""
    change = OwnedChange()
    latest = {entry.source_key: entry for entry in entries}
    existing = _existing(session, list(latest))
    now = datetime.now(UTC)
    inserts, updates, removals = [], [], []
    touched: set[int] = set()  # cards whose owned copies change (before and after)
    for key, entry in latest.items():
        values = {**_values(entry), "updated_at": now}
        if key not in existing:
            if entry.quantity > 0:
                inserts.append(values)
                touched.add(entry.card_id)
                change.new += 1
        elif entry.quantity <= 0:
            removals.append(key)
            touched.add(_card_of(existing[key]))
        elif existing[key] != _comparable(entry):
            updates.append({**values, "row_key": key})
            touched.update((entry.card_id, _card_of(existing[key])))
            change.updated += 1
        else:
            change.unchanged += 1
    if inserts:
        session.execute(insert(ROWS), params=inserts)
    if updates:
        statement = update(ROWS).where(ROWS.c.source_key == bindparam("row_key"))
        session.execute(statement, params=updates)
    for chunk in chunks(removals):
        removed = session.execute(delete(ROWS).where(ROWS.c.source_key.in_(chunk)))
        change.removed += _rowcount(removed)
    if touched:
        connection = session.connection()
        refresh_owned(connection, identities_of(connection, touched))
    return change


def _card_of(stored: tuple[object, ...]) -> int:
    card_id = stored[0]  # _existing's first column
    assert isinstance(card_id, int)
    return card_id


_ENTRY_FIELDS = tuple(f.name for f in fields(OwnedEntry))


def _values(entry: OwnedEntry) -> dict[str, Any]:
    """The entry as column values (`asdict` copies deeply: ten times slower on a big import)."""
    return {name: getattr(entry, name) for name in _ENTRY_FIELDS}


def _comparable(entry: OwnedEntry) -> tuple[object, ...]:
    return (
        entry.card_id,
        entry.quantity,
        entry.finish,
        entry.condition,
        entry.lang,
        entry.location,
        entry.source_file,
        entry.line,
    )


def _existing(session: Session, keys: Sequence[str]) -> dict[str, tuple[object, ...]]:
    columns = [
        ROWS.c[name]
        for name in (
            "card_id",
            "quantity",
            "finish",
            "condition",
            "lang",
            "location",
            "source_file",
            "line",
        )
    ]
    found: dict[str, tuple[object, ...]] = {}
    for chunk in chunks(sorted(keys)):
        query = select(ROWS.c.source_key, *columns).where(ROWS.c.source_key.in_(chunk))
        found.update((row[0], tuple(row[1:])) for row in session.execute(query))
    return found


def clear_collection(*, session: Session, source_file: str | None = None) -> int:
    """Remove every collection row (or only those read from `source_file`); returns how many."""
    connection = session.connection()
    if source_file is None:
        removed = _rowcount(session.execute(delete(ROWS)))
        rebuild_owned(connection)
        return removed
    of_file = ROWS.c.source_file == source_file
    cards = session.execute(select(ROWS.c.card_id).where(of_file).distinct()).scalars()
    identities = identities_of(connection, cards)
    removed = _rowcount(session.execute(delete(ROWS).where(of_file)))
    refresh_owned(connection, identities)
    return removed


def _rowcount(result: Result[Any]) -> int:
    count = getattr(result, "rowcount", 0)  # a CursorResult for DML
    return int(count or 0)


def owned_totals(session: Session, identities: Iterable[str] | None = None) -> dict[str, int]:
    """Copies owned per card identity (every printing, finish and condition), read from the
    kept totals: of `identities`, or of every owned identity when None. An identity owning
    nothing is absent. For callers outside the catalog (the deck assistant's ledger)."""
    if identities is None:
        return all_owned(session)
    return owned_by_identity(session, identities)


def owned_by_card(*, session: Session, card_ids: Iterable[int]) -> dict[int, int]:
    """Copies owned per printing (card row id)."""
    found: dict[int, int] = {}
    for chunk in chunks(sorted(set(card_ids))):
        query = (
            select(ROWS.c.card_id, func.sum(ROWS.c.quantity))
            .where(ROWS.c.card_id.in_(chunk))
            .group_by(ROWS.c.card_id)
        )
        found.update((card_id, int(total or 0)) for card_id, total in session.execute(query))
    return found


def collection_entries(
    *, session: Session, game: str | None = None, query: str | None = None
) -> list[OwnedRowView]:
    """Every collection row with its card (of `game`, matching the search `query`), by card
    name then printing. A bad query raises QuerySyntaxError."""
    entry = [ROWS.c[n] for n in ("quantity", "finish", "condition", "location", "source_file")]
    statement = (
        select(*VIEW_COLUMNS, *entry, ROWS.c.line, ROWS.c.lang.label("row_lang"))
        .join(ROWS, ROWS.c.card_id == CARD.c.id)
        .order_by(CARD.c.name_key, CARD.c.id, ROWS.c.id)
    )
    if game is not None:
        statement = statement.where(CARD.c.game == game)
    if query:
        statement = statement.where(card_filter(query, session.connection()))
    rows = list(session.execute(statement))
    views = card_views(session, rows)
    return [
        OwnedRowView(
            view,
            row.quantity,
            row.finish,
            row.condition,
            row.row_lang,
            row.location,
            row.source_file,
            row.line,
        )
        for view, row in zip(views, rows, strict=True)
    ]
