"""Write one batch of card rows in the caller's transaction: insert the new, update the
changed, leave the unchanged alone — a handful of bulk statements per batch, never one ORM
object at a time. Portable SQL only (select, then insert/update), so it reads the same on
SQLite and PostgreSQL and tells new, updated and unchanged apart."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, delete, select, update

from catalog.card_rows import CardRow
from catalog.dialects import bulk_insert, multirow_insert_returning, multirow_returning_is_fast
from catalog.models import CARD, CARD_EFFECT, CARD_NAME, CARD_OVERRIDE
from catalog.views import chunks

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
        before_hash = _hash_before(row.key, pending, existing)
        if before_hash is None:
            result.new += 1
        elif before_hash == row.content_hash:
            result.unchanged += 1
            continue
        else:
            result.updated += 1
        pending[row.key] = row
    inserts = [row for key, row in pending.items() if key not in existing]
    updates = [row for key, row in pending.items() if key in existing]
    _apply_overrides(connection, [*inserts, *updates])
    ids = _insert(connection, inserts)
    ids.update({key: existing[key][0] for key in pending if key in existing})
    _update(connection, updates, ids)
    _write_children(connection, pending.values(), ids, replace=[ids[row.key] for row in updates])
    return result


def _hash_before(
    key: tuple[str, str],
    pending: dict[tuple[str, str], CardRow],
    existing: dict[tuple[str, str], tuple[int, str]],
) -> str | None:
    """The hash a row is compared with: an earlier row of this batch, else the stored one."""
    if key in pending:
        return pending[key].content_hash
    return existing[key][1] if key in existing else None


def _existing(
    connection: Connection, keys: set[tuple[str, str]]
) -> dict[tuple[str, str], tuple[int, str]]:
    """(game, source_id) → (id, content hash) of the rows already stored."""
    found: dict[tuple[str, str], tuple[int, str]] = {}
    by_game: dict[str, list[str]] = {}
    for game, source_id in keys:
        by_game.setdefault(game, []).append(source_id)
    for game, source_ids in by_game.items():
        for chunk in chunks(sorted(source_ids), 2000):
            query = select(CARD.c.id, CARD.c.source_id, CARD.c.content_hash).where(
                CARD.c.game == game, CARD.c.source_id.in_(chunk)
            )
            for card_id, source_id, digest in connection.execute(query):
                found[(game, source_id)] = (card_id, digest)
    return found


def _apply_overrides(connection: Connection, rows: Sequence[CardRow]) -> None:
    """Fill the effective grade and type: the override's where the user set one."""
    identities = sorted({row.values["identity"] for row in rows})
    overrides: dict[str, tuple[int | None, str | None]] = {}
    for chunk in chunks(identities):
        query = select(OVERRIDES.c.identity, OVERRIDES.c.grade, OVERRIDES.c.card_type).where(
            OVERRIDES.c.identity.in_(chunk)
        )
        overrides.update(
            (identity, (grade, kind)) for identity, grade, kind in connection.execute(query)
        )
    for row in rows:
        grade, kind = overrides.get(row.values["identity"], (None, None))
        values = row.values
        values["grade"] = values["source_grade"] if grade is None else grade
        values["card_type"] = values["source_type"] if kind is None else kind


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
    return {key: card_id for key, (card_id, _digest) in stored.items()}


def _update(
    connection: Connection, rows: Sequence[CardRow], ids: dict[tuple[str, str], int]
) -> None:
    if not rows:
        return
    statement = update(CARD).where(CARD.c.id == bindparam("card_row_id"))
    connection.execute(statement, [{**row.values, "card_row_id": ids[row.key]} for row in rows])


def _write_children(
    connection: Connection,
    rows: Iterable[CardRow],
    ids: dict[tuple[str, str], int],
    *,
    replace: Sequence[int],
) -> None:
    """The name keys and effects of written rows (those of updated rows replaced)."""
    for chunk in chunks(sorted(replace)):
        connection.execute(delete(NAMES).where(NAMES.c.card_id.in_(chunk)))
        connection.execute(delete(EFFECTS).where(EFFECTS.c.card_id.in_(chunk)))
    names: list[dict[str, object]] = []
    effects: list[dict[str, object]] = []
    for row in rows:
        card_id = ids[row.key]
        names.extend({"key": key, "card_id": card_id} for key in row.names)
        effects.extend({"effect": effect, "card_id": card_id} for effect in row.effects)
    bulk_insert(connection, NAMES, names)
    bulk_insert(connection, EFFECTS, effects)
