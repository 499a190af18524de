"""`twgp backup` and `twgp restore`: copy a SQLite catalog safely, even while it is in use.

Both use SQLite's online backup API, which copies a consistent snapshot page by page (an
import may go on writing meanwhile), never the raw file (a copy taken mid-write is damaged,
and a catalog's write-ahead log would be left behind).

* backup: the copy is made under a temporary name beside the destination, checked (SQLite's
  integrity check), and only then given its name — a kill or a full disk leaves no backup or
  a whole one. The copy is one self-contained file (no write-ahead log). What a killed
  backup left (`.NAME.partial-PID`, its process gone) is removed by the next backup into
  that folder, and by `twgp doctor` in the catalog's folder. A destination another twgp is
  writing now (its `.NAME.partial-PID` there, its process running) is refused, and so is a
  restore onto it: the two copies would replace each other.
* restore: the backup is checked first (a twgp catalog, undamaged, of a schema this twgp
  knows). Into an existing catalog the backup API writes everything in one transaction: a
  kill or a full disk leaves the old catalog as it was. A new catalog is made under a
  temporary name and linked into place; a damaged one (which SQLite cannot write into) is
  replaced whole, in one rename. An older backup is then upgraded (also one transaction).

PostgreSQL catalogs have their own tools: pg_dump and pg_restore."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from catalog.base.errors import CatalogError, DatabaseError, ReadOnlyCatalogError, database_error
from catalog.base.safe_output import check_output, is_stdout
from catalog.schema.sqlite_files import (
    folder_lock,
    fsync,
    link_new,
    remove_stale_temporaries,
    remove_with_side_files,
    replace_whole,
    side_files,
    temporary_beside,
    writers_of,
)
from catalog.store.db import (
    connect,
    describe,
    read_only_requested,
    read_only_uri,
    resolve_database_url,
    sqlite_path,
)
from catalog.store.migrate import VERSION_TABLE, head_revision, known_revisions, upgrade_catalog
from converters.errors import OutputRefusedError

PARTIAL_MARK = ".partial-"
BUSY_SECONDS = 10.0


@dataclass(frozen=True)
class CatalogFile:
    """What a catalog file holds, in a few words."""

    path: Path
    revision: str | None
    cards: int
    size: int
    #: leftovers of backups or restores that were killed, removed on the way
    cleaned: tuple[Path, ...] = ()


def backup_catalog(db: str | None, destination: Path, *, force: bool = False) -> CatalogFile:
    """Copy the catalog `db` to `destination` (a file, or a folder to put a dated file in).
    An existing file is replaced only with `force`."""
    source = _sqlite_file(db, "back up", "pg_dump (for example `pg_dump -Fc URL > twgp.dump`)")
    if not source.is_file():
        raise DatabaseError(f"there is no catalog at {source}", hint="check --db")
    if destination.is_dir() and not is_stdout(destination):
        destination = destination / f"twgp-{datetime.now():%Y%m%d-%H%M%S}.sqlite3"
    _refuse_stream(destination, "a backup")
    check_output(destination, force=force, protected=[source, *side_files(source)])
    cleaned = tuple(remove_stale_temporaries(destination.parent, PARTIAL_MARK))
    _refuse_busy(destination)
    temp = temporary_beside(destination, PARTIAL_MARK)
    try:
        temp.write_bytes(b"")  # claimed: a backup starting now sees this one (an empty catalog)
        _refuse_busy(destination)  # one that started at the same moment
        with _open(read_only_uri(source), uri=True) as reader, _open(str(temp)) as copy:
            reader.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, no log beside it
            check_integrity(copy, f"the catalog {source}")
            copied = _summary(copy, destination)
        fsync(temp)
        if force:
            replace_whole(temp, destination)
        elif not link_new(temp, destination):
            check_output(destination, force=force)
    except sqlite3.Error as exc:
        raise database_error(f"cannot back up {source} to {destination}", exc,
                             hint="no backup was written") from exc  # fmt: skip
    except OSError as exc:
        raise database_error(
            f"cannot write {destination}", exc, hint="no backup was written"
        ) from exc
    finally:
        remove_with_side_files(temp)
    size = destination.stat().st_size
    return CatalogFile(destination, copied.revision, copied.cards, size, cleaned)


def inspect_backup(backup: Path) -> CatalogFile:
    """What a backup file holds, after checking it is an undamaged twgp catalog of a schema
    this twgp can use. Raises CatalogError otherwise."""
    if not backup.is_file():
        raise CatalogError(f"there is no file {backup}")
    try:
        with _open(read_only_uri(backup), uri=True) as reader:
            check_integrity(reader, f"the backup {backup}")
            found = _summary(reader, backup)
    except sqlite3.Error as exc:
        raise database_error(f"cannot read the backup {backup}", exc) from exc
    if found.revision is None:
        raise CatalogError(f"{backup} is not a twgp catalog (it has no schema version)")
    if found.revision not in known_revisions():
        raise CatalogError(f"{backup} was written by a newer twgp (schema {found.revision!r})",
                           hint="upgrade twgp to restore it")  # fmt: skip
    return found


def current_catalog(db: str | None) -> CatalogFile | None:
    """What the catalog `db` holds now (None: no file, or an empty one)."""
    path = _sqlite_file(db, "restore", "pg_restore")
    if not path.is_file() or path.stat().st_size == 0:
        return None
    try:
        with _open(read_only_uri(path), uri=True) as reader:
            return _summary(reader, path)
    except sqlite3.Error:  # a damaged catalog: it still holds something
        return CatalogFile(path, None, 0, path.stat().st_size)


def restore_catalog(
    db: str | None, backup: Path, *, force: bool = False, on_wait: Callable[[], None] | None = None
) -> CatalogFile:
    """Replace the catalog `db` with the backup (checked first). An existing catalog is
    replaced only with `force`. An import under way into the catalog is waited for (never
    cut in two: catalog/schema/catalog_lock.py); `on_wait` is called when the restore waits."""
    target = _sqlite_file(db, "restore", "pg_restore")
    if read_only_requested(resolve_database_url(db)):
        raise ReadOnlyCatalogError(f"{target} is opened read-only (mode=ro): a restore would "
                                   "replace it; nothing was changed",
                                   hint="name the catalog without mode=ro")  # fmt: skip
    found = inspect_backup(backup)
    if backup.resolve() == target.resolve():
        raise OutputRefusedError(f"{backup} is the catalog itself")
    _refuse_stream(target, "a catalog")
    check_output(target, force=True, protected=[backup])  # a catalog is only a regular file
    _refuse_busy(target)
    if current_catalog(db) is not None and not force:
        raise CatalogError(f"{target} holds a catalog; restoring would replace it",
                           hint="add --force to replace it")  # fmt: skip
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        with folder_lock(target.parent, on_wait=on_wait):
            if target.is_file() and target.stat().st_size:
                _restore_into(backup, target)
            else:
                _restore_new(backup, target)
    except sqlite3.Error as exc:
        raise database_error(f"cannot restore {backup} into {target}", exc,
                             hint="the catalog was left as it was") from exc  # fmt: skip
    except OSError as exc:
        raise database_error(f"cannot restore {backup} into {target}", exc,
                             hint="the catalog was left as it was") from exc  # fmt: skip
    if found.revision != head_revision():
        engine = connect(resolve_database_url(db))
        try:
            upgrade_catalog(engine, where=describe(str(engine.url)))
        finally:
            engine.dispose()
    return CatalogFile(target, head_revision(), found.cards, target.stat().st_size)


def _restore_into(backup: Path, target: Path) -> None:
    """Overwrite a live catalog in one transaction; a damaged one is replaced whole."""
    try:
        with _open(read_only_uri(backup), uri=True) as reader, _open(str(target)) as live:
            reader.backup(live)  # all pages in one step: one write transaction
        return
    except sqlite3.DatabaseError as exc:
        if not _damaged(exc):
            raise
    temp = temporary_beside(target, PARTIAL_MARK)
    try:
        _copy_to(backup, temp)
        replace_whole(temp, target)
    finally:
        remove_with_side_files(temp)


def _restore_new(backup: Path, target: Path) -> None:
    temp = temporary_beside(target, PARTIAL_MARK)
    try:
        _copy_to(backup, temp)
        if target.exists():  # an empty file
            replace_whole(temp, target)
        else:
            remove_with_side_files(target)  # logs of a catalog deleted by hand
            link_new(temp, target)
    finally:
        remove_with_side_files(temp)


def _copy_to(backup: Path, temp: Path) -> None:
    with _open(read_only_uri(backup), uri=True) as reader, _open(str(temp)) as copy:
        reader.backup(copy)
        copy.execute("PRAGMA journal_mode=WAL")  # as twgp opens its catalogs
    fsync(temp)


def _damaged(exc: sqlite3.DatabaseError) -> bool:
    words = str(exc).casefold()
    return "not a database" in words or "malformed" in words


def _open(target: str, *, uri: bool = False) -> closing[sqlite3.Connection]:
    """A sqlite3 connection closed (not only committed) when the `with` block ends."""
    return closing(sqlite3.connect(target, uri=uri, timeout=BUSY_SECONDS))


def check_integrity(connection: sqlite3.Connection, what: str) -> None:
    """SQLite's integrity check of `what`; raises CatalogError when it is damaged.

    Also the seam between a backup's copy and its naming: a backup calls it through this
    module once the copy is written under its temporary name, so a test (or a tool) may wrap
    it to pause or kill a backup exactly there."""
    lines = [row[0] for row in connection.execute("PRAGMA integrity_check")]
    if lines != ["ok"]:
        raise CatalogError(
            f"{what} is damaged ({'; '.join(lines[:3])}); nothing was copied",
            hint="`twgp doctor` tells more; restore an older backup",
        )


def _summary(connection: sqlite3.Connection, path: Path) -> CatalogFile:
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    revision = None
    if VERSION_TABLE in tables:
        row = connection.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchone()
        revision = row[0] if row else None
    cards = connection.execute("SELECT count(*) FROM card").fetchone()[0] if "card" in tables else 0
    return CatalogFile(path, revision, int(cards), 0)


def _sqlite_file(db: str | None, doing: str, tool: str) -> Path:
    url = resolve_database_url(db)
    path = sqlite_path(url)
    if path is None:
        server = "://" in url and not url.startswith("sqlite")
        raise DatabaseError(
            f"cannot {doing} {describe(url)}: twgp copies SQLite catalog files only",
            hint=f"for a PostgreSQL catalog use {tool}" if server else "name a catalog file",
        )
    return path


def _refuse_busy(destination: Path) -> None:
    """Refuse a destination another twgp is writing now (its `.NAME.partial-PID` is there and
    its process runs): two copies would replace each other."""
    writers = writers_of(destination, PARTIAL_MARK)
    if writers:
        raise OutputRefusedError(
            f"another twgp (process {writers[0]}) is writing {destination} now (a backup or a "
            "restore under way); nothing was written",
            hint="wait until it has finished, or name another file",
        )


def _refuse_stream(path: Path, what: str) -> None:
    if is_stdout(path):
        raise OutputRefusedError(f"{path} is standard output; {what} is a file of its own",
                                 hint="name a file")  # fmt: skip
