"""Write transactions that are all-or-nothing on every backend, one writer at a time.

SQLite: Python's sqlite3 driver opens a transaction only before INSERT, UPDATE or DELETE, so
schema statements (CREATE TABLE, CREATE INDEX …) run outside any transaction and commit one
by one — a kill in the middle of a migration kept half of it. Here the driver's own handling
is switched off for the transaction and `BEGIN IMMEDIATE` is issued instead: every statement,
DDL included, commits or rolls back together, and the write lock is taken before the first
read, so two writers (two imports of one file) wait for each other rather than both deciding
a card is new.

PostgreSQL runs DDL in transactions already; a transaction-level advisory lock (one per
schema) makes its writers wait for each other in the same way."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, Engine, text

from catalog.interrupts import interrupts_deferred

#: PostgreSQL: the advisory lock every catalog writer takes, one per schema
_PG_LOCK = text("SELECT pg_advisory_xact_lock(hashtext('twgp:' || current_schema()))")


class WriteTransaction:
    """An open write transaction: `connection` to work on; `commit()` ends it early (else
    leaving the block commits, or rolls back on an exception)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.done = False

    def commit(self) -> None:
        """Commit now; Ctrl-C or SIGTERM during the commit waits for it to finish."""
        if not self.done:
            with interrupts_deferred():
                self.connection.commit()
                self.done = True


@contextmanager
def write_transaction(engine: Engine) -> Iterator[WriteTransaction]:
    """One all-or-nothing write transaction, holding the catalog's write lock throughout."""
    with engine.connect() as connection, _begun(connection):
        transaction = WriteTransaction(connection)
        try:
            yield transaction
        except BaseException:
            if not transaction.done:
                connection.rollback()
            raise
        transaction.commit()


@contextmanager
def _begun(connection: Connection) -> Iterator[None]:
    if connection.dialect.name != "sqlite":
        if connection.dialect.name == "postgresql":
            connection.execute(_PG_LOCK)
        yield
        return
    driver = connection.connection.driver_connection
    saved = getattr(driver, "isolation_level", "")
    driver.isolation_level = None  # type: ignore[union-attr]  # no implicit BEGIN
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        yield
    finally:
        with contextlib.suppress(Exception):  # a connection the fault closed stays closed
            if driver.in_transaction:  # type: ignore[union-attr]  # left open: never kept
                connection.rollback()
            driver.isolation_level = saved  # type: ignore[union-attr]
