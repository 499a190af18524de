"""A new SQLite catalog appears whole or not at all.

It is built under a temporary name beside its final place (`.NAME.creating-PID`: the schema,
then the starter cards), closed — SQLite then folds its write-ahead log into the file — and
only then linked to its real name. A kill or a full disk at any moment leaves no catalog
(the next run builds it again) or a complete one, never a half-made file.

Creators take a lock on the folder, so two processes starting on a new catalog at once do not
both build it: the second finds the first's catalog. Under that lock nothing else is being
built, so any temporary file there is a leftover of a creation that was killed: removed, with
the log files of a deleted catalog of the same name (SQLite would replay them into the new
file)."""

from __future__ import annotations

import errno
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.exc import SQLAlchemyError

from catalog.base.errors import DatabaseError, database_error
from catalog.ingest.starter import load_starter_cards
from catalog.schema.dialects import configure_engine
from catalog.schema.sqlite_files import (
    folder_lock,
    fsync,
    link_new,
    remove,
    remove_with_side_files,
    side_files,
    temporary_beside,
)
from catalog.schema.transactions import write_transaction
from catalog.schema.urls import describe
from catalog.store.migrate import upgrade

TEMP_MARK = ".creating-"


def create_catalog_file(path: Path, url: str, *, with_starter: bool) -> None:
    """Build the catalog at `path` (a SQLite file that does not exist yet)."""
    try:
        with folder_lock(path.parent):
            if path.exists():  # another process made it while we waited
                return
            remove_leftovers(path)
            temp = temporary_beside(path, TEMP_MARK)
            try:
                _build(temp, with_starter=with_starter)
                link_new(temp, path)
            finally:
                remove_with_side_files(temp)
    except (SQLAlchemyError, OSError, DatabaseError) as exc:
        fault = (exc.__cause__ or exc) if isinstance(exc, DatabaseError) else exc  # starter
        raise database_error(
            f"cannot create the catalog {describe(url)}", fault, hint="nothing was kept"
        ) from exc


def leftovers(path: Path) -> list[Path]:
    """Temporary files of creations of `path` that were cut short."""
    return sorted(path.parent.glob(f".{path.name}{TEMP_MARK}*"))


def remove_leftovers(path: Path) -> list[Path]:
    """Remove what killed creations left, and the log files of a catalog no longer there.
    Call it only under the folder lock, or when no creation can be running."""
    removed = [p for p in leftovers(path) if remove(p)]
    if not path.exists():
        removed += [p for p in side_files(path) if remove(p)]
    return removed


def remove_leftovers_locked(path: Path) -> list[Path]:
    """`remove_leftovers`, waiting for any creation in the folder to finish first."""
    with folder_lock(path.parent):
        return remove_leftovers(path)


def _build(temp: Path, *, with_starter: bool) -> None:
    engine = create_engine(f"sqlite:///{temp}")
    configure_engine(engine)
    try:
        with write_transaction(engine) as transaction:
            upgrade(transaction.connection, where=str(temp))
        if with_starter:
            load_starter_cards(engine)
        with engine.connect() as connection:  # the log folded into the file: a full disk
            busy = connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()[0]
        if busy:  # shows here, not as a log file left behind
            raise OSError(errno.EBUSY, "the new catalog's log could not be folded in")
    finally:
        engine.dispose()
    for side in side_files(temp):
        if side.exists() and side.stat().st_size:
            raise OSError(errno.EIO, f"SQLite left {side.name} behind")
    fsync(temp)
