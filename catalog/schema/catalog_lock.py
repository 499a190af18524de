"""Imports and restores of a SQLite catalog exclude each other.

A card import writes its file in many transactions (one per batch): a restore slipping in
between two of them would have the rest of the file land in the restored catalog, and the
import would report counts of neither. So an import holds its catalog folder's lock shared
while it writes (several imports at once still run; SQLite's write lock orders their
transactions), and a restore holds it exclusively (catalog/schema/sqlite_files.py `folder_lock`,
the lock the creation of a catalog takes): a restore waits for the imports under way and
says so, and an import started during a restore waits for it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine

from catalog.schema.sqlite_files import folder_lock
from catalog.schema.urls import sqlite_path


@contextmanager
def importing(engine: Engine) -> Iterator[None]:
    """Hold the catalog's import lock (shared) for the block: a SQLite file catalog only."""
    path = sqlite_path(engine.url.render_as_string(hide_password=False))
    if path is None:
        yield
        return
    with contextlib.ExitStack() as stack:
        with contextlib.suppress(OSError):  # a folder we cannot open: no lock to take
            stack.enter_context(folder_lock(path.parent, shared=True))
        yield
