"""Where the catalog lives and how it is opened: `--db` flag > `TWGP_DATABASE_URL` > a SQLite
file under the platform's user data directory. A value is a SQLAlchemy URL
(`postgresql+psycopg://…`, `sqlite:///…`) or a plain file path (a SQLite catalog)."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import platformdirs
from sqlalchemy import Engine, create_engine, make_url, select
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from catalog.base.errors import DatabaseError, database_error, fault_text
from catalog.base.safe_output import refuse_special
from catalog.ingest.starter import load_starter_cards
from catalog.schema.dialects import configure_engine
from catalog.schema.models import CARD
from catalog.schema.sqlite_files import side_files
from catalog.schema.transactions import write_transaction
from catalog.schema.urls import ASKED_READ_ONLY
from catalog.schema.urls import describe as describe
from catalog.schema.urls import is_read_only as is_read_only
from catalog.schema.urls import read_only_requested as read_only_requested
from catalog.schema.urls import refused_if_read_only as refused_if_read_only
from catalog.schema.urls import sqlite_path as sqlite_path
from catalog.store.creation import create_catalog_file
from catalog.store.migrate import require_current, upgrade_catalog

ENV_VAR = "TWGP_DATABASE_URL"
#: set to 1 (or true/yes/on) to never load the starter cards into an empty catalog
NO_STARTER_ENV_VAR = "TWGP_NO_STARTER"
DEFAULT_FILE = "catalog.sqlite3"

log = logging.getLogger(__name__)


def default_database_path() -> Path:
    return platformdirs.user_data_path("twgp") / DEFAULT_FILE


def resolve_database_url(db: str | None) -> str:
    """The SQLAlchemy URL for `db` (flag value), else the environment, else the default file.
    A bare path becomes a `sqlite:///` URL of its absolute path."""
    chosen = db or os.environ.get(ENV_VAR) or None
    if chosen is None:
        return _sqlite_url(default_database_path())
    if "://" in chosen or chosen.startswith("sqlite:"):
        return chosen
    if chosen.startswith("file:"):  # a SQLite URI filename (`file:/data/c.sqlite3?mode=ro`)
        return f"sqlite:///{chosen}{'&' if '?' in chosen else '?'}uri=true"
    return _sqlite_url(Path(chosen).expanduser())


def _sqlite_url(path: Path) -> str:
    return f"sqlite:///{path.resolve()}"


def open_engine(
    db: str | None = None, *, load_starter: bool = True, migrate: bool = True
) -> Engine:
    """An engine on the catalog, its schema created or migrated to the newest revision. An
    empty catalog gets the bundled starter cards unless `load_starter` is False or
    `TWGP_NO_STARTER` is set. With `migrate` False nothing is written: the catalog must
    already be at the newest revision (a read-only server, a read replica).

    Crash safety: a new SQLite catalog is built under a temporary name and moved into place
    whole (catalog/store/creation.py); every upgrade is one transaction (catalog/store/migrate.py).
    A
    catalog in a folder we cannot write is opened read-only (searches work; writes say why).

    Raises DatabaseError when the database cannot be reached, is not a catalog we can migrate,
    or was written by a newer twgp."""
    url = resolve_database_url(db)
    starter = migrate and load_starter and starter_wanted()
    path = sqlite_path(url)
    if path is not None and not path.exists() and read_only_requested(url):
        raise DatabaseError(f"there is no catalog at {path}",
                            hint="a catalog opened read-only (mode=ro) is never created; "
                            "check --db")  # fmt: skip
    if migrate and path is not None and not path.exists():
        _make_parent(path, url)
        create_catalog_file(path, url, with_starter=starter)
    engine = connect(url)
    try:
        if migrate:
            upgrade_catalog(engine, where=describe(url))
        else:
            with engine.connect() as connection:
                require_current(connection, where=describe(url))
    except DatabaseError:
        engine.dispose()
        raise
    except SQLAlchemyError as exc:
        engine.dispose()
        reader = _reader_on_a_full_disk(path, url, exc) if path is not None else None
        if reader is not None:
            return reader
        raise database_error(f"cannot open the catalog {describe(url)}", exc) from exc
    if starter and not is_read_only(engine) and _is_empty(engine):
        load_starter_cards(engine)
    return engine


#: words of the faults of a disk with no room left (SQLite says "disk I/O error" when it
#: cannot size the shared-memory file of its write-ahead log)
_NO_ROOM = ("disk is full", "no space left", "disk i/o error")


def _reader_on_a_full_disk(path: Path, url: str, exc: SQLAlchemyError) -> Engine | None:
    """A catalog on a full disk opened read-only, so that it can still be searched (None when
    that fails too, or the fault is another). Without a write-ahead log to read it is opened
    immutable: SQLite then needs no room for its shared-memory file."""
    if not path.is_file() or not any(word in fault_text(exc).casefold() for word in _NO_ROOM):
        return None
    wal = Path(f"{path}-wal")
    query = "mode=ro" if wal.exists() and wal.stat().st_size else "mode=ro&immutable=1"
    uri = f"file:{quote(str(path.resolve()), safe='/')}?{query}"
    engine = create_engine(make_url(f"sqlite:///{uri}&uri=true"))
    configure_engine(engine)
    try:
        with engine.connect() as connection:
            require_current(connection, where=describe(url))
    except (SQLAlchemyError, DatabaseError):
        engine.dispose()
        return None
    log.warning("the disk of %s is full: the catalog is open read-only (searches work; "
                "changes need free space)", describe(url))  # fmt: skip
    return engine


def starter_wanted() -> bool:
    """False when `TWGP_NO_STARTER` says so (benchmarks, scripted imports of a whole bulk)."""
    value = os.environ.get(NO_STARTER_ENV_VAR, "").strip().casefold()
    return value not in ("1", "true", "yes", "on")


def catalog_files(db: str | None) -> list[Path]:
    """The catalog file of `db` (a path or URL; None: the default catalog) and the files
    SQLite keeps beside it: what no output may overwrite. None for a server or in memory."""
    path = sqlite_path(resolve_database_url(db))
    return [] if path is None else [path, *side_files(path)]


def connect(db: str | None = None) -> Engine:
    """An engine on the catalog as it is: no migration, no starter cards (`twgp doctor` and
    `twgp backup` look at a catalog without changing it). A SQLite file in a folder we cannot
    write, or that we cannot write, is opened read-only."""
    url = resolve_database_url(db)
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise DatabaseError(f"not a database URL or path: {url!r}") from exc
    options: dict[str, object] = {}
    path = sqlite_path(url)
    requested = read_only_requested(url)
    if path is not None:
        refuse_special(path, hint="--db names a catalog file (or a database URL)")
        if not requested:
            _make_parent(path, url)
        if (requested or _read_only_file(path)) and "uri" not in parsed.query:
            # SQLite reads `mode=ro` only in a URI filename: made into one (SQLAlchemy would
            # drop it with a warning and open the file for writing)
            parsed = make_url(read_only_url(path))
    elif parsed.get_backend_name() == "sqlite":  # one shared in-memory database per engine
        options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    else:
        options = {"pool_pre_ping": True}
    try:
        engine = create_engine(parsed, **options)
    except (NoSuchModuleError, ImportError, ArgumentError) as exc:
        raise database_error(f"cannot use {describe(url)}", exc) from exc
    configure_engine(engine)
    if requested:
        engine.update_execution_options(**{ASKED_READ_ONLY: True})
    return engine


def read_only_url(path: Path) -> str:
    """A read-only SQLAlchemy URL for the SQLite file `path` (see `read_only_uri`)."""
    return f"sqlite:///{read_only_uri(path)}&uri=true"


def read_only_uri(path: Path) -> str:
    """A read-only SQLite URI filename for `path`. In a folder we cannot write, no
    write-ahead log can appear next to the file (nor be made for reading it): immutable."""
    query = "mode=ro"
    if not os.access(path.parent, os.W_OK) and not Path(f"{path}-shm").exists():
        query += "&immutable=1"
    return f"file:{quote(str(path.resolve()), safe='/')}?{query}"


def _read_only_file(path: Path) -> bool:
    """An existing catalog that cannot be written here (its file, or its folder: SQLite
    writes its journal beside the file)."""
    return path.exists() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))


def _make_parent(path: Path, url: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the folder of {describe(url)}: {exc}") from exc


def _is_empty(engine: Engine) -> bool:
    with engine.connect() as connection:
        return connection.execute(select(CARD.c.id).limit(1)).first() is None


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """A session whose transaction commits on success and rolls back on any error. Database
    faults (a lock held too long, a lost connection) become DatabaseError."""
    with Session(engine) as session:
        try:
            yield session
            session.commit()
        except SQLAlchemyError as exc:
            session.rollback()
            raise _fault(engine, exc) from exc
        except BaseException:
            session.rollback()
            raise


def _fault(engine: Engine, exc: SQLAlchemyError) -> DatabaseError:
    return refused_if_read_only(engine, database_error(describe(str(engine.url)), exc))


@contextmanager
def write_scope(engine: Engine) -> Iterator[Session]:
    """`session_scope` for work that writes what it read (a collection import, a deck saved
    by name): the catalog's write lock is taken before the first read
    (catalog/schema/transactions.py),
    so two such writers at once run one after the other — the second sees what the first
    wrote, never both inserting the same row."""
    try:
        with write_transaction(engine) as transaction, Session(transaction.connection) as session:
            yield session
            session.flush()
    except SQLAlchemyError as exc:
        raise _fault(engine, exc) from exc
