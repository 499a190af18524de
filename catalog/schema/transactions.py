"""Write transactions that are all-or-nothing on every backend, one writer at a time.

SQLite: Python's sqlite3 driver opens a transaction only before INSERT, UPDATE or DELETE, so
schema statements (CREATE TABLE, CREATE INDEX …) run outside any transaction and commit one
by one — a kill in the middle of a migration kept half of it. Here the driver's own handling
is switched off for the transaction and `BEGIN IMMEDIATE` is issued instead: every statement,
DDL included, commits or rolls back together, and the write lock is taken before the first
read, so two writers (two imports of one file) wait for each other rather than both deciding
a card is new. A writer waits up to WRITE_WAIT_SECONDS for another (a collection import
holds the lock for its whole file) rather than SQLite's usual busy timeout; an engine may
say otherwise with the execution option WRITE_WAIT_OPTION (the service waits no longer than
its requests may take).

PostgreSQL runs DDL in transactions already; a transaction-level advisory lock (one per
schema) makes its writers wait for each other in the same way."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, text

from catalog.schema.interrupts import interrupts_deferred

#: how long a writer waits for the write lock another holds (seconds)
WRITE_WAIT_SECONDS = 300.0
#: an engine's execution option overriding WRITE_WAIT_SECONDS
WRITE_WAIT_OPTION = "twgp_write_wait"

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
        _begin_immediate(connection, driver)
        yield
    finally:
        with contextlib.suppress(Exception):  # a connection the fault closed stays closed
            if driver.in_transaction:  # type: ignore[union-attr]  # left open: never kept
                connection.rollback()
            driver.isolation_level = saved  # type: ignore[union-attr]


def _begin_immediate(connection: Connection, driver: Any) -> None:
    """BEGIN IMMEDIATE, waiting as long as the engine's write wait for another writer."""
    wait = connection.get_execution_options().get(WRITE_WAIT_OPTION, WRITE_WAIT_SECONDS)
    (usual,) = driver.execute("PRAGMA busy_timeout").fetchone()
    driver.execute(f"PRAGMA busy_timeout={max(int(float(wait) * 1000), int(usual))}")
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    finally:
        driver.execute(f"PRAGMA busy_timeout={int(usual)}")
