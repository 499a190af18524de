"""The service's two engines on the catalog: `write` (overrides, collections) and `read`
(everything else). Read connections are read-only in the database itself — SQLite's
`query_only`, PostgreSQL's read-only transactions — so a read endpoint cannot write even by
mistake; `read` may point at a read replica (`--read-db`).

Every statement also stops at the request's deadline (`deadline`): PostgreSQL through
`statement_timeout`, SQLite through a progress handler, so work abandoned by a timed-out
request does not go on holding a connection."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Engine, event, text
from sqlalchemy.pool import QueuePool
from sqlmodel import Session

from catalog.schema.transactions import WRITE_WAIT_OPTION
from catalog.store.db import open_engine, resolve_database_url, session_scope
from catalog.store.migrate import current_revision, head_revision
from service.settings import ServeSettings

T = TypeVar("T")

#: connections each engine's pool keeps, and the more it opens in a burst (SQLAlchemy's
#: QueuePool defaults, which catalog/store/db.py keeps): a worker holds at most this many per engine
POOL_SIZE, POOL_OVERFLOW = 5, 10
#: the worker threads a worker runs its blocking work in (service/deps.py: `run`): no more
#: than one engine's pool holds, so a thread never waits for a connection (a request beyond
#: waits its turn on the event loop, where it costs nothing; a thread waiting on the pool
#: would wait in the database's time and hold a thread)
WORKER_THREADS = POOL_SIZE + POOL_OVERFLOW

_local = threading.local()
#: SQLite calls the progress handler every this many virtual machine steps
_PROGRESS_STEPS = 10_000


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Statements run by this thread stop after `seconds` (SQLite; PostgreSQL has its own
    statement_timeout)."""
    previous = getattr(_local, "deadline", None)
    _local.deadline = time.monotonic() + seconds if seconds > 0 else None
    try:
        yield
    finally:
        _local.deadline = previous


def _past_deadline() -> int:
    limit = getattr(_local, "deadline", None)
    return 1 if limit is not None and time.monotonic() > limit else 0


@dataclass
class Engines:
    read: Engine
    write: Engine | None  # None: a read-only server

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with session_scope(self.read) as session:
            yield session

    def read_with(self, call: Callable[[Session], T]) -> T:
        with self.reading() as session:
            return call(session)

    def ready(self) -> dict[str, Any]:
        """What /readyz reports: each database reachable, the schema at the newest revision."""
        report: dict[str, Any] = {"revision_expected": head_revision()}
        for role, engine in (("read", self.read), ("write", self.write)):
            if engine is None:
                continue
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
                report[f"{role}_revision"] = current_revision(connection)
        return report

    def pool_capacity(self) -> int:
        """The most connections the read engine opens at once (POOL_SIZE + POOL_OVERFLOW for
        a server's pool; a SQLite file or memory database's pool is not bounded so)."""
        pool = self.read.pool
        if isinstance(pool, QueuePool):
            return pool.size() + pool._max_overflow  # not public in SQLAlchemy
        return WORKER_THREADS

    def dispose(self) -> None:
        self.read.dispose()
        if self.write is not None and self.write is not self.read:
            self.write.dispose()


def open_engines(settings: ServeSettings, *, migrated: bool = False) -> Engines:
    """Open the catalog for serving. The write engine migrates the catalog (loading the starter
    cards into an empty one) unless `migrated` says `twgp serve` did it already or the server
    is read-only; the read engine never writes. Raises DatabaseError."""
    limit_ms = int(settings.time_limit * 1000)
    write = None
    if not settings.read_only:
        write = open_engine(settings.db, migrate=not migrated)
        _limit_statements(write, limit_ms, read_only=False)
        if settings.time_limit > 0:  # a write waits for another no longer than a request may
            write.update_execution_options(**{WRITE_WAIT_OPTION: settings.time_limit})
    url = resolve_database_url(settings.read_db or settings.db)
    if write is not None and _in_memory(url):
        return Engines(write, write)  # one in-memory database: it cannot be opened twice
    read = open_engine(url, migrate=False)
    _limit_statements(read, limit_ms, read_only=True)
    return Engines(read, write)


def _in_memory(url: str) -> bool:
    return url.startswith("sqlite") and (":memory:" in url or url.rstrip("/") == "sqlite:")


def _limit_statements(engine: Engine, limit_ms: int, *, read_only: bool) -> None:
    """Per-connection settings of the service, on connections opened from now on (the one
    the revision check opened is dropped)."""
    sqlite = engine.dialect.name == "sqlite"

    def configure(dbapi_connection: Any, _record: Any) -> None:
        if sqlite:
            dbapi_connection.set_progress_handler(_past_deadline, _PROGRESS_STEPS)
            if read_only:
                dbapi_connection.execute("PRAGMA query_only = ON")
            return
        cursor = dbapi_connection.cursor()
        if limit_ms > 0:
            cursor.execute(f"SET statement_timeout = {limit_ms}")
        if read_only:
            cursor.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
        cursor.close()
        dbapi_connection.commit()

    event.listen(engine, "connect", configure)
    engine.dispose()
