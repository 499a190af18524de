"""Schema versions: the Alembic migrations in catalog/migrations, run programmatically.

`upgrade` brings a catalog to the newest revision this twgp knows; a catalog stamped with a
revision we do not know (written by a newer twgp) is refused, never touched."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

from catalog.errors import DatabaseError

MIGRATIONS = Path(__file__).parent / "migrations"


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


@cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(_config())


def head_revision() -> str:
    head = _scripts().get_current_head()
    assert head is not None, "catalog/migrations has no revisions"
    return head


def known_revisions() -> frozenset[str]:
    return frozenset(script.revision for script in _scripts().walk_revisions())


def current_revision(connection: Connection) -> str | None:
    """The catalog's stamped revision, or None for an empty database."""
    return MigrationContext.configure(connection).get_current_revision()


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
