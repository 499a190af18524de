"""Bulk files made on demand and kept (`GET /v1/bulk`): a folder per state of the catalog,
named by `catalog_version` (catalog/exports/bulk.py), so that repeated downloads cost a file
read and a change to the catalog makes the next request write new files (the older folders are then
removed). A folder is written under a temporary name and renamed whole: a reader never sees
half of one, and two processes making one at once keep the first."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from sqlalchemy import Engine

from catalog.exports.bulk import BulkExport, catalog_version, export_bulk, read_manifest
from catalog.store.db import resolve_database_url, sqlite_path

_LOCK = threading.Lock()
#: the folder being made, per cache folder
_BUILDING: dict[Path, Future[BulkExport]] = {}
_MAKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bulk-files")


def default_bulk_dir(db: str | None) -> Path:
    """Beside a SQLite catalog whose folder can be written (`catalog.sqlite3.bulk/`), else a
    folder of the system's temporary folder named after the catalog's URL."""
    url = resolve_database_url(db)
    path = sqlite_path(url)
    if path is not None and os.access(path.parent, os.W_OK):
        return path.with_name(path.name + ".bulk")
    digest = hashlib.sha256(url.encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"twgp-bulk-{digest}"


def current_export(engine: Engine, root: Path) -> BulkExport:
    """The bulk files of the catalog as it stands now, made if not made yet. They are made in
    a thread of their own, one folder at a time: a caller that stops waiting (a request past
    its time limit) leaves them to be finished for the next."""
    with engine.connect() as connection:
        version = catalog_version(connection)
    found = _read(root / version)
    if found is not None:
        return found
    with _LOCK:
        building = _BUILDING.get(root)
        if building is None or building.done():
            building = _MAKER.submit(_make, engine, root)
            _BUILDING[root] = building
    return building.result()


def _make(engine: Engine, root: Path) -> BulkExport:
    with engine.connect() as connection:
        found = _read(root / catalog_version(connection))
    if found is not None:  # made while this waited its turn
        return found
    root.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=".building-", dir=root))
    try:
        made = export_bulk(engine, building)
        folder = root / made.version
        try:
            building.rename(folder)
        except OSError:  # another process made it first: theirs is the same
            shutil.rmtree(building, ignore_errors=True)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    _remove_others(root, keep=folder.name)
    return BulkExport(folder, made.version, made.files)


def _read(folder: Path) -> BulkExport | None:
    try:
        export = read_manifest(folder)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not all((folder / file.name).is_file() for file in export.files):
        return None
    return BulkExport(folder, export.version, export.files)


def _remove_others(root: Path, *, keep: str) -> None:
    with contextlib.suppress(OSError):
        for entry in root.iterdir():
            if entry.name != keep and entry.is_dir() and not entry.name.startswith(".building"):
                shutil.rmtree(entry, ignore_errors=True)
