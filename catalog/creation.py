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

import contextlib
import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.exc import SQLAlchemyError

from catalog.db import describe
from catalog.dialects import configure_engine
from catalog.errors import DatabaseError, database_error
from catalog.migrate import upgrade
from catalog.transactions import write_transaction

try:
    import fcntl
except ImportError:  # Windows: creators are not serialised; each still links whole files
    fcntl = None  # type: ignore[assignment]

TEMP_MARK = ".creating-"
#: files SQLite keeps beside a catalog while it is open (or after a crash)
SIDE_FILES = ("-wal", "-shm", "-journal")


def create_catalog_file(path: Path, url: str, *, with_starter: bool) -> None:
    """Build the catalog at `path` (a SQLite file that does not exist yet)."""
    try:
        with _folder_lock(path.parent):
            if path.exists():  # another process made it while we waited
                return
            remove_leftovers(path)
            temp = path.with_name(f".{path.name}{TEMP_MARK}{os.getpid()}")
            try:
                _build(temp, with_starter=with_starter)
                _link(temp, path)
            finally:
                _remove_with_side_files(temp)
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
    removed = [p for p in leftovers(path) if _remove(p)]
    if not path.exists():
        removed += [p for p in (Path(f"{path}{side}") for side in SIDE_FILES) if _remove(p)]
    return removed


def _build(temp: Path, *, with_starter: bool) -> None:
    engine = create_engine(f"sqlite:///{temp}")
    configure_engine(engine)
    try:
        with write_transaction(engine) as transaction:
            upgrade(transaction.connection, where=str(temp))
        if with_starter:
            from catalog.starter import load_starter_cards  # it imports the importer

            load_starter_cards(engine)
    finally:
        engine.dispose()  # the last connection closed: the log is folded into the file
    for side in SIDE_FILES:
        if Path(f"{temp}{side}").exists():
            raise OSError(errno.EIO, f"SQLite left {temp.name}{side} behind")
    _fsync(temp)


def _link(temp: Path, path: Path) -> None:
    """Give the finished file its name; never over an existing file."""
    try:
        os.link(temp, path)
    except FileExistsError:
        return  # made meanwhile by a creator that does not lock (Windows): keep theirs
    except OSError as exc:  # no hard links on this file system
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        if path.exists():
            return
        os.replace(temp, path)
    _fsync(path.parent)


@contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    if fcntl is None:
        yield
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # releases the lock


def _fsync(path: Path) -> None:
    with contextlib.suppress(OSError):  # a folder some systems do not let us sync
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _remove(path: Path) -> bool:
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


def _remove_with_side_files(path: Path) -> None:
    for each in (path, *(Path(f"{path}{side}") for side in SIDE_FILES)):
        with contextlib.suppress(OSError):
            _remove(each)
