"""Schema versions: the Alembic migrations in catalog/store/migrations, run programmatically.

`upgrade_catalog` brings a catalog to the newest revision this twgp knows, in one write
transaction (catalog/schema/transactions.py): every migration's statements and its version stamp
commit together, so a kill, Ctrl-C or full disk during an upgrade leaves the catalog as it
was. A catalog stamped with a revision we do not know (written by a newer twgp) is refused,
never touched.

Repairs on open, of what older twgp versions (whose schema statements committed one by one)
left behind: a first creation cut short (tables, no version stamp, no rows) is built again;
an upgrade cut short (some of a migration's indexes made or dropped, the stamp not moved) is
finished, as every migration creates and drops `IF [NOT] EXISTS`."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, func, inspect, select
from sqlalchemy.exc import SQLAlchemyError

from catalog.base.errors import DatabaseError, database_error
from catalog.schema.dialects import drop_search_index
from catalog.schema.models import metadata
from catalog.schema.transactions import write_transaction

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

VERSION_TABLE = "alembic_version"

MIGRATIONS = Path(__file__).parent / "migrations"
#: a revision file's name: its revision id (four digits), an underscore, what it does
_REVISION_FILE = re.compile(r"(\d{4})_\w+\.py")


def _config(connection: Connection | None = None) -> Config:
    from alembic.config import Config  # Alembic loads only when a catalog is migrated

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


@cache
def _scripts() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config())


@cache
def head_revision() -> str:
    """The newest revision: the highest-numbered revision file (each file's revision id is
    its number; a test holds this equal to Alembic's head), read without loading Alembic, so
    that opening a current catalog costs no Alembic import."""
    numbers = [
        found.group(1)
        for path in (MIGRATIONS / "versions").iterdir()
        if (found := _REVISION_FILE.fullmatch(path.name))
    ]
    assert numbers, "catalog/store/migrations has no revisions"
    return max(numbers)


def known_revisions() -> frozenset[str]:
    return frozenset(script.revision for script in _scripts().walk_revisions())


def current_revision(connection: Connection) -> str | None:
    """The catalog's stamped revision, or None for an empty database (read as Alembic's
    MigrationContext.get_current_revision reads it, without loading Alembic)."""
    if not connection.dialect.has_table(connection, VERSION_TABLE):
        return None
    stamps = list(connection.exec_driver_sql(f"SELECT version_num FROM {VERSION_TABLE}").scalars())
    if len(stamps) > 1:
        raise DatabaseError(
            f"the catalog is stamped with several schema revisions ({', '.join(stamps)})",
            hint="restore a backup with `twgp restore`",
        )
    return str(stamps[0]) if stamps else None


def upgrade(connection: Connection, revision: str = "head", *, where: str = "the catalog") -> None:
    """Migrate to `revision` (default: the newest). Raises DatabaseError for a catalog made by
    a newer twgp. The caller commits."""
    current = current_revision(connection)
    if current is not None and current not in known_revisions():
        raise DatabaseError(
            f"{where} has schema revision {current!r}, newer than this twgp knows "
            f"(newest known: {head_revision()!r}); it was written by a newer twgp",
            hint="upgrade twgp, or use another catalog with --db",
        )
    target = head_revision() if revision == "head" else revision
    if current != target:
        from alembic import command

        command.upgrade(_config(connection), revision)


def require_current(connection: Connection, *, where: str = "the catalog") -> None:
    """DatabaseError unless the catalog is at the newest revision (used where nothing may be
    written: a read-only server or a read replica)."""
    current = current_revision(connection)
    if current != head_revision():
        state = "empty" if current is None else f"at schema revision {current!r}"
        raise DatabaseError(
            f"{where} is {state}; this twgp needs revision {head_revision()!r}",
            hint="migrate it first: run `twgp serve --migrate-only` against the primary",
        )


def upgrade_catalog(engine: Engine, *, where: str = "the catalog") -> None:
    """Bring the catalog to the newest revision, all of it in one write transaction. A
    catalog already there costs one read and takes no lock (read-only catalogs open)."""
    with engine.connect() as connection:
        current = current_revision(connection)
    if current == head_revision():
        return
    if engine.url.query.get("mode") == "ro":
        raise DatabaseError(
            f"{where} needs a schema upgrade but is read-only here",
            hint="open it once from a folder you can write, or copy it with `twgp backup`",
        )
    try:
        with write_transaction(engine) as transaction:  # the revision is read again, locked
            connection = transaction.connection
            if current_revision(connection) is None:
                rebuild_half_created(connection, where=where)
            upgrade(connection, where=where)
    except SQLAlchemyError as exc:
        raise database_error(
            f"cannot upgrade the schema of {where}", exc, hint="the catalog was left as it was"
        ) from exc


def rebuild_half_created(connection: Connection, *, where: str = "the catalog") -> bool:
    """A catalog with some of our tables but no version stamp: an older twgp killed during
    the first creation. With no rows in them, drop them (the caller builds the schema
    again); with rows, refuse — that is no state twgp leaves. True when something was
    dropped."""
    present = set(inspect(connection).get_table_names())
    ours = [table for table in reversed(metadata.sorted_tables) if table.name in present]
    if not ours:
        return False
    holding = [
        table.name
        for table in ours
        if connection.execute(select(func.count()).select_from(table)).scalar_one()
    ]
    if holding:
        raise DatabaseError(
            f"{where} has twgp tables holding rows ({', '.join(sorted(holding))}) but no "
            "schema version; twgp will not guess which version it is",
            hint="restore a backup with `twgp restore`, or use another catalog with --db",
        )
    drop_search_index(connection)
    for table in ours:
        table.drop(connection)
    if VERSION_TABLE in present:
        connection.exec_driver_sql(f"DROP TABLE {VERSION_TABLE}")
    return True
