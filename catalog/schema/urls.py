"""How a catalog URL reads, and what a read-only catalog says: the file of a SQLite URL, a URL
fit for messages, whether a URL or an engine is read-only. Below every room that names a
catalog in a message (catalog/store/db.py opens catalogs with it)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from sqlalchemy import Engine, make_url
from sqlalchemy.exc import ArgumentError

from catalog.base.errors import DatabaseError, ReadOnlyCatalogError


def read_only_requested(url: str) -> bool:
    """Whether a SQLite URL asks for a read-only catalog (`?mode=ro`, with or without
    `uri=true`): opened without writing anything — no creation, no migration, no journal
    change — and every change refused (`ReadOnlyCatalogError`)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return False
    return parsed.get_backend_name() == "sqlite" and parsed.query.get("mode") == "ro"


def describe(url: str) -> str:
    """A URL fit for messages: the file for SQLite, the password hidden otherwise."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return "the database"
    if parsed.get_backend_name() == "sqlite":
        path = sqlite_path(url)
        return str(path) if path is not None else "an in-memory catalog"
    return parsed.render_as_string(hide_password=True)


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite catalog URL; None for another database or an in-memory one."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    database = parsed.database or ""
    if parsed.get_backend_name() != "sqlite" or database in ("", ":memory:"):
        return None
    if database.startswith("file:"):  # a URI filename (read-only catalogs use one)
        database = unquote(database[len("file:") :])
        if database in ("", ":memory:") or parsed.query.get("mode") == "memory":
            return None
    return Path(database)


#: the execution option marking an engine on a catalog the user named read-only (mode=ro),
#: not one opened read-only because it cannot be written here
ASKED_READ_ONLY = "twgp_read_only_asked"


def is_read_only(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite" and engine.url.query.get("mode") == "ro"


def refused_if_read_only(engine: Engine, error: DatabaseError) -> DatabaseError:
    """`error`; or, when it is a change a read-only catalog refused, a ReadOnlyCatalogError
    saying nothing was changed — and, for a catalog the user opened read-only (mode=ro), so
    (not that the folder cannot be written)."""
    if not (is_read_only(engine) and "readonly" in error.message.casefold()):
        return error
    hint = error.hint
    if engine.get_execution_options().get(ASKED_READ_ONLY):
        hint = "the catalog was opened read-only (mode=ro): searches work; open it without "
        hint += "mode=ro to change it"
    return ReadOnlyCatalogError(f"{error.message}; nothing was changed", hint=hint)
