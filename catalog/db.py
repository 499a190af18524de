"""Where the catalog lives and how it is opened: `--db` flag > `TWGP_DATABASE_URL` > a SQLite
file under the platform's user data directory. A value is a SQLAlchemy URL
(`postgresql+psycopg://…`, `sqlite:///…`) or a plain file path (a SQLite catalog)."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs
from sqlalchemy import Engine, create_engine, make_url, select
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from catalog.dialects import configure_engine
from catalog.errors import DatabaseError
from catalog.migrate import require_current, upgrade
from catalog.models import CARD

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
    return _sqlite_url(Path(chosen).expanduser())


def _sqlite_url(path: Path) -> str:
    return f"sqlite:///{path.resolve()}"


def describe(url: str) -> str:
    """A URL fit for messages: the file for SQLite, the password hidden otherwise."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return "the database"
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or "an in-memory catalog"
    return parsed.render_as_string(hide_password=True)


def open_engine(
    db: str | None = None, *, load_starter: bool = True, migrate: bool = True
) -> Engine:
    """An engine on the catalog, its schema created or migrated to the newest revision. An
    empty catalog gets the bundled starter cards unless `load_starter` is False or
    `TWGP_NO_STARTER` is set. With `migrate` False nothing is written: the catalog must
    already be at the newest revision (a read-only server, a read replica).

    Raises DatabaseError when the database cannot be reached, is not a catalog we can migrate,
    or was written by a newer twgp."""
    url = resolve_database_url(db)
    engine = _create_engine(url)
    try:
        with engine.begin() as connection:
            if migrate:
                upgrade(connection, where=describe(url))
            else:
                require_current(connection, where=describe(url))
    except DatabaseError:
        engine.dispose()
        raise
    except SQLAlchemyError as exc:
        engine.dispose()
        raise DatabaseError(f"cannot open the catalog {describe(url)}: {_cause(exc)}") from exc
    if migrate and load_starter and starter_wanted() and _is_empty(engine):
        from catalog.starter import load_starter_cards  # the importer imports this module

        load_starter_cards(engine)
    return engine


def starter_wanted() -> bool:
    """False when `TWGP_NO_STARTER` says so (benchmarks, scripted imports of a whole bulk)."""
    value = os.environ.get(NO_STARTER_ENV_VAR, "").strip().casefold()
    return value not in ("1", "true", "yes", "on")


def _create_engine(url: str) -> Engine:
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise DatabaseError(f"not a database URL or path: {url!r}") from exc
    options: dict[str, object] = {}
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            _make_parent(Path(parsed.database), url)
        else:  # one shared in-memory database for every session of this engine
            options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    else:
        options = {"pool_pre_ping": True}
    try:
        engine = create_engine(parsed, **options)
    except (NoSuchModuleError, ImportError, ArgumentError) as exc:
        raise DatabaseError(f"cannot use {describe(url)}: {_cause(exc)}") from exc
    configure_engine(engine)
    return engine


def _make_parent(path: Path, url: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the folder of {describe(url)}: {exc}") from exc


def _cause(exc: BaseException) -> str:
    original = getattr(exc, "orig", None) or exc
    return " ".join(str(original).split())[:300]


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
            raise DatabaseError(f"{describe(str(engine.url))}: {_cause(exc)}") from exc
        except BaseException:
            session.rollback()
            raise
