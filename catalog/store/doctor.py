"""`twgp doctor`: check a catalog and repair what can be repaired without losing anything.

Checks, in order: leftovers of a creation, backup or restore that was killed; SQLite's
integrity check; the schema (version stamp current, tables and indexes as the models describe
them); the full-text search index (present, and consistent with the cards); orphan rows; the
kept owned totals (equal to the collection's aggregate).

Repairs are only of what twgp can rebuild from what it keeps: a schema upgrade (one
transaction), missing indexes, the search index (rebuilt from the cards), name and effect keys
of cards that are gone, the owned totals (summed again from the collection rows). User data
(collection rows, decks, overrides) is never deleted: a problem there is reported with what
to do. On a damaged file (integrity check failed) nothing
is written: the way back is a backup (`twgp restore`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, Engine, Index, Table, exists, func, select, text
from sqlalchemy.exc import SQLAlchemyError

from catalog.base.errors import DatabaseError, fault_text
from catalog.cards.owned_totals import fresh_totals, rebuild_owned
from catalog.schema.dialects import SEARCH_TABLE, create_search_index, drop_search_index, uses_fts
from catalog.schema.models import (
    CARD,
    CARD_ALIAS,
    CARD_EFFECT,
    CARD_NAME,
    COLLECTION_ROW,
    OWNED_TOTAL,
    metadata,
)
from catalog.schema.sqlite_files import remove_stale_temporaries, stale_temporaries
from catalog.schema.transactions import write_transaction
from catalog.store.backup import PARTIAL_MARK
from catalog.store.creation import leftovers, remove_leftovers_locked
from catalog.store.db import connect, describe, is_read_only, resolve_database_url, sqlite_path
from catalog.store.doctor_words import say
from catalog.store.migrate import current_revision, head_revision, known_revisions, upgrade_catalog

OK, REPAIRED, PROBLEM, SKIPPED = "ok", "repaired", "problem", "skipped"
#: integrity-check lines shown (SQLite may list thousands)
SHOWN = 5


@dataclass(frozen=True)
class Finding:
    """One check's outcome: `code` names what was found (stable, for --json), `values` fill
    its message (catalog/store/doctor_words.py, English and Japanese)."""

    check: str
    status: str
    code: str
    values: dict[str, object] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        return say(self.code, lang, **self.values)

    def to_json(self) -> dict[str, object]:
        return {"check": self.check, "status": self.status, "code": self.code,
                "message": self.message(), "values": self.values}  # fmt: skip


@dataclass
class DoctorReport:
    catalog: str
    repair: bool
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(f.status != PROBLEM for f in self.findings)

    def to_json(self) -> dict[str, object]:
        return {"catalog": self.catalog, "ok": self.ok, "repair": self.repair,
                "checks": [f.to_json() for f in self.findings]}  # fmt: skip


def examine(db: str | None = None, *, repair: bool = True) -> DoctorReport:
    """Check the catalog `db` (flag > environment > default file); with `repair`, mend what
    can be mended. Raises DatabaseError only when there is no catalog to check."""
    url = resolve_database_url(db)
    path = sqlite_path(url)
    if path is not None and not path.is_file():
        raise DatabaseError(f"there is no catalog at {describe(url)}",
                            hint="check --db (or TWGP_DATABASE_URL)")  # fmt: skip
    report = DoctorReport(describe(url), repair)
    engine = connect(url)
    try:
        mend = repair and not is_read_only(engine)
        if repair and not mend:
            report.findings.append(Finding("catalog", SKIPPED, "read_only"))
        if path is not None:
            report.findings.append(_leftovers(path, mend))
        integrity = _integrity(engine)
        report.findings.append(integrity)
        mend = mend and integrity.status != PROBLEM  # never write into a damaged file
        schema = _schema(engine, mend)
        report.findings.append(schema)
        if schema.status in (OK, REPAIRED):
            report.findings.extend(_guarded("indexes", lambda: [_indexes(engine, mend)]))
            report.findings.extend(_guarded("search_index", lambda: [_search_index(engine, mend)]))
            report.findings.extend(_guarded("orphans", lambda: _orphans(engine, mend)))
            report.findings.extend(_guarded("owned", lambda: [_owned_totals(engine, mend)]))
    finally:
        engine.dispose()
    return report


def _guarded(check: str, run: Callable[[], list[Finding]]) -> list[Finding]:
    """A check that could not read what it looks at (a damaged file) is a problem found."""
    try:
        return run()
    except SQLAlchemyError as exc:
        return [Finding(check, PROBLEM, "check_failed", {"check": check, "fault": fault_text(exc)})]


def _leftovers(path: Path, mend: bool) -> Finding:
    """Temporary files of a creation, a backup or a restore beside the catalog whose process
    was killed (a backup's or restore's: its process no longer running)."""
    found = leftovers(path) + stale_temporaries(path.parent, PARTIAL_MARK)
    if not found:
        return Finding("leftovers", OK, "leftovers_none")
    names = [p.name for p in found]
    if not mend:
        return Finding("leftovers", PROBLEM, "leftovers_found", {"files": names})
    remove_leftovers_locked(path)
    remove_stale_temporaries(path.parent, PARTIAL_MARK)
    return Finding("leftovers", REPAIRED, "leftovers_removed", {"files": names})


def _integrity(engine: Engine) -> Finding:
    if engine.dialect.name != "sqlite":
        return Finding("integrity", SKIPPED, "integrity_server")
    try:
        with engine.connect() as connection:
            lines = [str(row[0]) for row in connection.exec_driver_sql("PRAGMA integrity_check")]
    except SQLAlchemyError as exc:
        return Finding("integrity", PROBLEM, "integrity_failed", {"problems": [fault_text(exc)]})
    if lines == ["ok"]:
        return Finding("integrity", OK, "integrity_ok")
    return Finding("integrity", PROBLEM, "integrity_failed", {"problems": lines[:SHOWN]})


def _schema(engine: Engine, mend: bool) -> Finding:
    try:
        with engine.connect() as connection:
            current = current_revision(connection)
    except SQLAlchemyError as exc:
        return Finding("schema", PROBLEM, "schema_unreadable", {"fault": fault_text(exc)})
    head = head_revision()
    if current == head:
        return Finding("schema", OK, "schema_current", {"revision": head})
    if current is not None and current not in known_revisions():
        return Finding("schema", PROBLEM, "schema_newer", {"revision": current})
    values: dict[str, object] = {"revision": current or "none", "head": head}
    if not mend:
        return Finding("schema", PROBLEM, "schema_behind", values)
    try:
        upgrade_catalog(engine, where=describe(str(engine.url)))
    except DatabaseError as exc:
        return Finding("schema", PROBLEM, "schema_upgrade_failed", {**values, "fault": exc.message})
    return Finding("schema", REPAIRED, "schema_upgraded", values)


def _indexes(engine: Engine, mend: bool) -> Finding:
    """Tables and indexes as the models describe them; missing indexes are made again."""
    with engine.connect() as connection:
        differences = _differences(connection)
    missing = [d[1] for d in differences if d[0] == "add_index" and isinstance(d[1], Index)]
    other = [_describe_difference(d) for d in differences if d[0] != "add_index"]
    if not missing and not other:
        return Finding("indexes", OK, "indexes_ok")
    if mend and missing:
        with write_transaction(engine) as transaction:
            for index in missing:
                index.create(transaction.connection, checkfirst=True)
    names = sorted(str(index.name) for index in missing)
    if other or not mend:
        return Finding("indexes", PROBLEM, "schema_differs", {"missing": names, "other": other})
    return Finding("indexes", REPAIRED, "indexes_created", {"indexes": names})


def _differences(connection: Connection) -> list[tuple[object, ...]]:
    def ours(name: str | None, kind: str, _parents: object) -> bool:
        return not (kind == "table" and name is not None and name.startswith(SEARCH_TABLE))

    context = MigrationContext.configure(connection, opts={"include_name": ours})
    # a tuple per change, or a list of tuples for the changes of one column
    return [d if isinstance(d, tuple) else tuple(d) for d in compare_metadata(context, metadata)]


def _describe_difference(difference: tuple[object, ...]) -> str:
    kind = str(difference[0])
    subject = difference[1] if len(difference) > 1 else ""
    return f"{kind} {getattr(subject, 'name', subject)}"


def _search_index(engine: Engine, mend: bool) -> Finding:
    if engine.dialect.name != "sqlite":
        return Finding("search_index", SKIPPED, "search_index_server")
    problem = _search_index_problem(engine)
    if problem is None:
        return Finding("search_index", OK, "search_index_ok")
    if not mend:
        return Finding("search_index", PROBLEM, "search_index_broken", {"fault": problem})
    with write_transaction(engine) as transaction:
        drop_search_index(transaction.connection)
        create_search_index(transaction.connection)  # filled again from the cards
    after = _search_index_problem(engine)
    if after is not None:
        return Finding("search_index", PROBLEM, "search_index_broken", {"fault": after})
    return Finding("search_index", REPAIRED, "search_index_rebuilt", {"fault": problem})


_TRIGGERS = ("card_fts_insert", "card_fts_delete", "card_fts_update")


def _search_index_problem(engine: Engine) -> str | None:
    """What is wrong with the FTS5 index, or None: present, its triggers there, and every
    entry matching the cards (FTS5's own integrity check against its content table)."""
    with engine.connect() as connection:
        if not uses_fts(connection):
            return "the index is missing"
        query = text("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        present = {row[0] for row in connection.execute(query)}
        missing = [name for name in _TRIGGERS if name not in present]
        if missing:
            return "triggers missing: " + ", ".join(missing)
        if is_read_only(engine):  # FTS5's check is an INSERT: count the entries instead
            query = text(f"SELECT (SELECT count(*) FROM {SEARCH_TABLE}_docsize), "
                         "(SELECT count(*) FROM card)")  # fmt: skip
            entries, cards = connection.execute(query).one()
            return None if entries == cards else f"{entries} entries for {cards} cards"
        try:
            connection.exec_driver_sql(
                f"INSERT INTO {SEARCH_TABLE}({SEARCH_TABLE}, rank) VALUES ('integrity-check', 1)"
            )
        except SQLAlchemyError as exc:
            return fault_text(exc)
        finally:
            connection.rollback()
    return None


def _orphans(engine: Engine, mend: bool) -> list[Finding]:
    """Name, effect and alias keys of cards that are gone (derived data: removed), and collection
    rows whose card is gone (the user's: reported, never removed)."""
    keys = [CARD_NAME, CARD_EFFECT, CARD_ALIAS]
    with engine.connect() as connection:
        total = sum(_count_orphans(connection, table) for table in keys)
        rows = _count_orphans(connection, COLLECTION_ROW)
    findings = []
    if not total:
        findings.append(Finding("orphans", OK, "orphans_none"))
    elif not mend:
        findings.append(Finding("orphans", PROBLEM, "orphan_keys", {"count": total}))
    else:
        with write_transaction(engine) as transaction:
            for table in keys:
                orphan = ~exists().where(CARD.c.id == table.c.card_id)
                transaction.connection.execute(table.delete().where(orphan))
        findings.append(Finding("orphans", REPAIRED, "orphan_keys_removed", {"count": total}))
    if rows:
        findings.append(Finding("collection", PROBLEM, "orphan_collection_rows", {"count": rows}))
    return findings


def _owned_totals(engine: Engine, mend: bool) -> Finding:
    """The kept owned copies per identity (catalog/cards/owned_totals.py) against a fresh
    aggregate of the collection rows; summed again when they differ."""
    with engine.connect() as connection:
        kept = {i: int(c) for i, c in connection.execute(select(*OWNED_TOTAL.c))}
        differ = len({identity for identity, _ in kept.items() ^ fresh_totals(connection).items()})
    if not differ:
        return Finding("owned", OK, "owned_totals_ok")
    if not mend:
        return Finding("owned", PROBLEM, "owned_totals_stale", {"count": differ})
    with write_transaction(engine) as transaction:
        rebuild_owned(transaction.connection)
    return Finding("owned", REPAIRED, "owned_totals_rebuilt", {"count": differ})


def _count_orphans(connection: Connection, table: Table) -> int:
    """Rows of `table` whose `card_id` names no card."""
    orphan = ~exists().where(CARD.c.id == table.c.card_id)
    return int(
        connection.execute(select(func.count()).select_from(table).where(orphan)).scalar_one()
    )
