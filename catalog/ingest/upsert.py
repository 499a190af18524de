"""Write one batch of card rows in the caller's transaction: insert the new, update the
changed, leave the unchanged alone — a handful of bulk statements per batch, never one ORM
object at a time. Portable SQL only (select, then insert/update), so it reads the same on
SQLite and PostgreSQL and tells new, updated and unchanged apart. Then the identity steps
(catalog/cards/identity.py): aliases, translations joined, starter records given way.

A real record never gives way to a starter record: a starter row is replaced by a real
record of the same source id even when their contents agree, and a starter record meeting
a real row of its source id leaves it alone. A Japanese name the stored row has is kept when
the record replacing it has none (an English Scryfall or YGOPRODeck record)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, delete, select, update

from catalog.base.keys import card_name_keys
from catalog.cards.card_rows import CardRow
from catalog.cards.effects_refresh import effective_row
from catalog.cards.identity import keep_name_ja, settle, write_aliases
from catalog.cards.owned_totals import refresh_owned
from catalog.cards.views import chunks
from catalog.schema.dialects import (
    bulk_insert,
    multirow_insert_returning,
    multirow_returning_is_fast,
    one_of,
)  # fmt: skip
from catalog.schema.models import CARD, CARD_EFFECT, CARD_NAME, CARD_OVERRIDE

NAMES = CARD_NAME
EFFECTS = CARD_EFFECT
OVERRIDES = CARD_OVERRIDE


@dataclass
class BatchResult:
    new: int = 0
    updated: int = 0
    unchanged: int = 0


def write_batch(connection: Connection, rows: Sequence[CardRow]) -> BatchResult:
    """Store `rows` (later rows win over earlier ones with the same game and source id)."""
    result = BatchResult()
    existing = _existing(connection, {row.key for row in rows})
    pending: dict[tuple[str, str], CardRow] = {}
    for row in rows:
        stored = existing.get(row.key)
        before = _before(row.key, pending, existing)
        if before is None:
            result.new += 1
        elif before.content_hash == row.content_hash and before.starter == row.starter:
            result.unchanged += 1
            continue
        elif row.starter and not before.starter:  # a starter record never replaces a real one
            result.unchanged += 1
            if stored is not None and stored.name_ja is None and row.values["name_ja"]:
                keep_name_ja(connection, stored.id, row.values["name"], row.values["name_ja"])
            continue
        else:
            result.updated += 1
        pending[row.key] = row
    inserts = [row for key, row in pending.items() if key not in existing]
    updates = [row for key, row in pending.items() if key in existing]
    for row in updates:
        _keep_name_ja(row, existing[row.key])
    _apply_overrides(connection, [*inserts, *updates])
    ids = _insert(connection, inserts)
    ids.update({key: existing[key].id for key in pending if key in existing})
    _update(connection, updates, ids)
    # a card read again under another identity takes its owned copies along
    moved = [(existing[row.key].identity, row.values["identity"]) for row in updates]
    refresh_owned(connection, {i for pair in moved if pair[0] != pair[1] for i in pair})
    replaced = [ids[row.key] for row in updates]
    write_children(connection, pending.values(), ids, replace=replaced)
    write_aliases(connection, pending.values(), ids, replace=replaced)
    settle(connection, [ids[key] for key in pending])
    return result


@dataclass(frozen=True)
class _Stored:
    id: int
    content_hash: str
    starter: bool
    name_ja: str | None
    identity: str


def _before(
    key: tuple[str, str],
    pending: dict[tuple[str, str], CardRow],
    existing: dict[tuple[str, str], _Stored],
) -> _Stored | CardRow | None:
    """What a row is compared with: an earlier row of this batch, else the stored one."""
    if key in pending:
        return pending[key]
    return existing.get(key)


def _keep_name_ja(row: CardRow, stored: _Stored) -> None:
    values = row.values
    if values["name_ja"] is None and stored.name_ja:
        values["name_ja"] = stored.name_ja
        row.names = card_name_keys(values["name"], stored.name_ja)
        values["search_key"] = "\n".join(row.names)


def _existing(
    connection: Connection, keys: set[tuple[str, str]]
) -> dict[tuple[str, str], _Stored]:
    """(game, source_id) → what is stored of the rows already there."""
    found: dict[tuple[str, str], _Stored] = {}
    by_game: dict[str, list[str]] = {}
    for game, source_id in keys:
        by_game.setdefault(game, []).append(source_id)
    for game, source_ids in by_game.items():
        for chunk in chunks(sorted(source_ids), 2000):
            query = select(
                CARD.c.id, CARD.c.source_id, CARD.c.content_hash, CARD.c.starter, CARD.c.name_ja,
                CARD.c.identity,
            ).where(CARD.c.game == game, one_of(connection, CARD.c.source_id, chunk))  # fmt: skip
            for card_id, source_id, digest, starter, name_ja, identity in connection.execute(query):
                found[(game, source_id)] = _Stored(
                    card_id, digest, bool(starter), name_ja, identity
                )
    return found


def _apply_overrides(connection: Connection, rows: Sequence[CardRow]) -> None:
    """Fill the effective grade and type: the override's where the user set one."""
    identities = sorted({row.values["identity"] for row in rows})
    overrides: dict[str, tuple[int | None, str | None]] = {}
    for chunk in chunks(identities):
        query = select(OVERRIDES.c.identity, OVERRIDES.c.grade, OVERRIDES.c.card_type).where(
            one_of(connection, OVERRIDES.c.identity, chunk)
        )
        overrides.update(
            (identity, (grade, kind)) for identity, grade, kind in connection.execute(query)
        )
    for row in rows:
        grade, kind = overrides.get(row.values["identity"], (None, None))
        values = row.values
        values["grade"] = values["source_grade"] if grade is None else grade
        values["card_type"] = values["source_type"] if kind is None else kind
        if kind is not None:
            effective_row(row, kind)


def _insert(connection: Connection, rows: Sequence[CardRow]) -> dict[tuple[str, str], int]:
    if not rows:
        return {}
    values = [row.values for row in rows]
    if multirow_returning_is_fast(connection):
        # Rows come back in any order (so they can be batched); they carry their own key.
        found = multirow_insert_returning(connection, CARD, values, ("id", "game", "source_id"))
        return {(game, source_id): card_id for card_id, game, source_id in found}
    bulk_insert(connection, CARD, values)
    stored = _existing(connection, {row.key for row in rows})
    return {key: row.id for key, row in stored.items()}


def _update(
    connection: Connection, rows: Sequence[CardRow], ids: dict[tuple[str, str], int]
) -> None:
    if not rows:
        return
    statement = update(CARD).where(CARD.c.id == bindparam("card_row_id"))
    connection.execute(statement, [{**row.values, "card_row_id": ids[row.key]} for row in rows])


def write_children(
    connection: Connection,
    rows: Iterable[CardRow],
    ids: dict[tuple[str, str], int],
    *,
    replace: Sequence[int],
) -> None:
    """The name keys and effects of written rows (those of updated rows replaced)."""
    for chunk in chunks(sorted(replace)):
        connection.execute(delete(NAMES).where(one_of(connection, NAMES.c.card_id, chunk)))
        connection.execute(delete(EFFECTS).where(one_of(connection, EFFECTS.c.card_id, chunk)))
    names: list[dict[str, object]] = []
    effects: list[dict[str, object]] = []
    for row in rows:
        card_id = ids[row.key]
        names.extend({"key": key, "card_id": card_id} for key in row.names)
        order = {"name_key": row.values["name_key"], "game": row.values["game"]}
        effects.extend({"effect": effect, "card_id": card_id, **order} for effect in row.effects)
    bulk_insert(connection, NAMES, names)
    bulk_insert(connection, EFFECTS, effects)
