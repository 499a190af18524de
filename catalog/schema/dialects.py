"""Everything that differs between SQLite and PostgreSQL, in one small tested place:
connection pragmas (WAL, busy timeout, foreign keys) and the full-text search index
(SQLite FTS5 with the trigram tokenizer; elsewhere a LIKE over the normalised key columns)."""

from __future__ import annotations

import codecs
import sys
from collections.abc import Collection, Mapping, Sequence
from operator import itemgetter
from typing import Any

import orjson
from sqlalchemy import (
    Connection,
    Engine,
    LargeBinary,
    String,
    Table,
    and_,
    cast,
    column,
    event,
    func,
    literal,
    literal_column,
    select,
    table,
    text,
)  # fmt: skip
from sqlalchemy.dialects.sqlite.base import SQLiteCompiler
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.sql.expression import FromClause, TableClause

from catalog.base.safe_output import utf8
from catalog.schema.interrupts import quiet_interrupt_logs
from catalog.schema.models import CARD, CARD_NAME

BUSY_TIMEOUT_MS = 10_000
CACHE_KIB = 32 * 1024
SEARCH_TABLE = "card_fts"
#: the trigram index cannot answer substrings shorter than this; LIKE does instead
TRIGRAM = 3

_fts = table(SEARCH_TABLE, column("rowid"), column("search_key"), column("text_key"))


def configure_engine(engine: Engine) -> None:
    """Install the per-connection settings of the engine's backend."""
    quiet_interrupt_logs(engine.pool.logger)
    if not _utf8_locale():
        event.listen(engine, "before_cursor_execute", _locale_text, retval=True)
    if engine.dialect.name == "sqlite":
        engine.dialect.statement_compiler = _HintingSQLiteCompiler
        read_only = engine.url.query.get("mode") == "ro"
        event.listen(engine, "connect", _sqlite_pragmas_read_only if read_only else _sqlite_pragmas)


class _HintingSQLiteCompiler(SQLiteCompiler):
    """SQLite's compiler, writing a statement's table hints for SQLite
    (`select(...).with_hint(CARD, "INDEXED BY ix_card_order", "sqlite")`), which SQLAlchemy's
    own leaves out."""

    def get_from_hint_text(self, table: FromClause, text: str | None) -> str | None:
        return text


def _utf8_locale() -> bool:
    return codecs.lookup(sys.getfilesystemencoding()).name == "utf-8"


def as_text(value: object) -> object:
    """A string holding the undecodable bytes of a non-UTF-8 locale (`LC_ALL=C`: a deck name
    or a file name given on the command line) as the UTF-8 text those bytes are (`?` for what
    is not); SQLite and PostgreSQL refuse the stand-in characters. Anything else as it is."""
    if not isinstance(value, str) or value.isascii():
        return value
    return utf8(value).decode("utf-8")


def _locale_text(
    _connection: Any, _cursor: Any, statement: str, parameters: Any, _context: Any,
    executemany: bool,
) -> tuple[str, Any]:
    """`as_text` for every parameter (installed only in a locale that is not UTF-8)."""
    rows = parameters if executemany else [parameters]
    fixed = [_row_text(row) for row in rows]
    return statement, fixed if executemany else fixed[0]


def _row_text(row: Any) -> Any:
    if isinstance(row, Mapping):
        return {key: as_text(value) for key, value in row.items()}
    if isinstance(row, (list, tuple)):
        return type(row)(as_text(value) for value in row)
    return row


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets the TUI read while a CLI import writes; the timeout waits out a writer.
    dbapi_connection.execute("PRAGMA journal_mode=WAL")
    _sqlite_pragmas_read_only(dbapi_connection, _record)


def _sqlite_pragmas_read_only(dbapi_connection: Any, _record: Any) -> None:
    """The settings of any connection, a read-only one too (it cannot change the journal)."""
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")  # durable enough with WAL, much faster
    # A 32 MB page cache keeps the indexes an import writes and a search reads in memory
    # (the default is 2 MB); sorts and temporary B-trees stay in memory too.
    cursor.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
    cursor.execute("PRAGMA temp_store=MEMORY")
    cursor.close()


_FTS_DDL = (
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {SEARCH_TABLE} USING fts5("
    "search_key, text_key, content='card', content_rowid='id', tokenize='trigram')",
    f"CREATE TRIGGER IF NOT EXISTS card_fts_insert AFTER INSERT ON card BEGIN "
    f"INSERT INTO {SEARCH_TABLE}(rowid, search_key, text_key) "
    "VALUES (new.id, new.search_key, new.text_key); END",
    f"CREATE TRIGGER IF NOT EXISTS card_fts_delete AFTER DELETE ON card BEGIN "
    f"INSERT INTO {SEARCH_TABLE}({SEARCH_TABLE}, rowid, search_key, text_key) "
    "VALUES ('delete', old.id, old.search_key, old.text_key); END",
    f"CREATE TRIGGER IF NOT EXISTS card_fts_update AFTER UPDATE OF search_key, text_key ON card "
    f"BEGIN INSERT INTO {SEARCH_TABLE}({SEARCH_TABLE}, rowid, search_key, text_key) "
    "VALUES ('delete', old.id, old.search_key, old.text_key); "
    f"INSERT INTO {SEARCH_TABLE}(rowid, search_key, text_key) "
    "VALUES (new.id, new.search_key, new.text_key); END",
    f"INSERT INTO {SEARCH_TABLE}({SEARCH_TABLE}) VALUES ('rebuild')",
)
_FTS_DROP = (
    "DROP TRIGGER IF EXISTS card_fts_insert",
    "DROP TRIGGER IF EXISTS card_fts_delete",
    "DROP TRIGGER IF EXISTS card_fts_update",
    f"DROP TABLE IF EXISTS {SEARCH_TABLE}",
)


def create_search_index(connection: Connection) -> None:
    """Create (and fill from existing rows) the full-text index, where the backend has one."""
    if connection.dialect.name == "sqlite":
        for statement in _FTS_DDL:
            connection.execute(text(statement))


def drop_search_index(connection: Connection) -> None:
    if connection.dialect.name == "sqlite":
        for statement in _FTS_DROP:
            connection.execute(text(statement))


def utf8_bytes(connection: Connection, column: ColumnElement[Any]) -> ColumnElement[Any]:
    """`column` (text) as the UTF-8 bytes it is stored as, where the backend hands them over
    without decoding them (SQLite: CAST AS BLOB, a sixth of the CPU of reading the text at
    100,000 source records); elsewhere the text itself (PostgreSQL's text-to-bytea cast reads
    backslashes as escapes)."""
    if connection.dialect.name == "sqlite":
        return cast(column, LargeBinary).label(column.key)
    return column


def uses_fts(connection: Connection) -> bool:
    """Whether this database has the FTS5 index. Asked of every search, so the answer is
    kept with the connection until its schema changes (SQLite counts every change in
    `schema_version`: one pragma, microseconds, instead of a catalog-table query)."""
    if connection.dialect.name != "sqlite":
        return False
    driver = connection.connection.driver_connection
    assert driver is not None
    (version,) = driver.execute("PRAGMA schema_version").fetchone()
    known = connection.info.get(_FTS_KNOWN)
    if known is not None and known[0] == version:
        return bool(known[1])
    query = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
    found = driver.execute(query, (SEARCH_TABLE,)).fetchone() is not None
    connection.info[_FTS_KNOWN] = (version, found)
    return found


_FTS_KNOWN = "twgp_uses_fts"


def multirow_returning_is_fast(connection: Connection) -> bool:
    """Whether cards go in as multi-row INSERT … RETURNING rather than an executemany plus a
    SELECT of the new ids. Measured on 20,000 cards: on SQLite the FTS5 triggers cost ten
    times less per multi-row statement than per row; on PostgreSQL the executemany pipeline
    is several times faster than RETURNING."""
    return connection.dialect.name == "sqlite"


#: SQLite's limit on bound values in one statement (SQLITE_MAX_VARIABLE_NUMBER since 3.32)
_SQLITE_MAX_VARIABLES = 32766


def multirow_insert_returning(
    connection: Connection,
    table: Table,
    rows: Sequence[Mapping[str, Any]],
    returning: Sequence[str],
) -> list[tuple[Any, ...]]:
    """SQLite: INSERT the rows in as few multi-row statements as its limit on bound values
    allows, each `RETURNING` the named columns (rows in any order), written and run on the
    driver directly: SQLAlchemy's own multi-row insert builds its parameters value by value,
    a fifth of a bulk import's writing. Values go through each column's bind processor."""
    if not rows:
        return []
    columns = list(rows[0])
    dialect = connection.dialect
    processors = [
        table.c[name].type.dialect_impl(dialect).bind_processor(dialect) for name in columns
    ]
    processed = [(i, process) for i, process in enumerate(processors) if process is not None]
    values_of = itemgetter(*columns)
    preparer = dialect.identifier_preparer
    names = ", ".join(preparer.quote(name) for name in columns)
    back = ", ".join(preparer.quote(name) for name in returning)
    one = "(" + ", ".join("?" * len(columns)) + ")"
    per_statement = max(1, _SQLITE_MAX_VARIABLES // len(columns))
    found: list[tuple[Any, ...]] = []
    for start in range(0, len(rows), per_statement):
        chunk = rows[start : start + per_statement]
        params: list[Any] = []
        for row in chunk:
            values = list(values_of(row)) if len(columns) > 1 else [row[columns[0]]]
            for i, process in processed:
                if values[i] is not None:
                    values[i] = process(values[i])
            params.extend(values)
        sql = (
            f"INSERT INTO {preparer.format_table(table)} ({names}) "
            f"VALUES {', '.join([one] * len(chunk))} RETURNING {back}"
        )
        found.extend(tuple(row) for row in connection.exec_driver_sql(sql, tuple(params)))
    return found


def bulk_insert(connection: Connection, table: Table, rows: Sequence[Mapping[str, Any]]) -> None:
    """INSERT many rows with the driver's own executemany, skipping SQLAlchemy's per-row
    parameter handling (a fifth of an import's time). Values go through each column type's
    bind processor, as with a Core insert; only the placeholder style differs per driver."""
    if not rows:
        return
    columns = list(rows[0])
    mark = _PLACEHOLDERS.get(connection.dialect.paramstyle)
    if mark is None:  # a driver we have not measured: the Core path
        connection.execute(table.insert(), list(rows))
        return
    dialect = connection.dialect
    processors = [
        table.c[name].type.dialect_impl(dialect).bind_processor(dialect) for name in columns
    ]
    preparer = dialect.identifier_preparer
    names = ", ".join(preparer.quote(name) for name in columns)
    marks = ", ".join([mark] * len(columns))
    sql = f"INSERT INTO {preparer.format_table(table)} ({names}) VALUES ({marks})"
    if any(processors):
        params = [
            tuple(
                value if process is None or value is None else process(value)
                for value, process in zip((row[name] for name in columns), processors, strict=True)
            )
            for row in rows
        ]
    else:
        params = [tuple(row[name] for name in columns) for row in rows]
    connection.exec_driver_sql(sql, params)


_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


def one_of(
    connection: Connection, target: ColumnElement[Any], values: Collection[int | str]
) -> ColumnElement[bool]:
    """`target IN values`. On SQLite the values go as one JSON array, one bound value read by
    `json_each`: SQLAlchemy expands a long IN list value by value in Python at every execution
    (a third of an import's writing went into the IN lists of its batch queries). Elsewhere a
    plain IN list."""
    if connection.dialect.name != "sqlite":
        return target.in_(list(values))
    array = orjson.dumps(list(values)).decode()
    each = func.json_each(literal(array, String)).table_valued("value")
    return target.in_(select(literal_column("value")).select_from(each))


def fts_phrases(keys: Sequence[str]) -> str:
    """An FTS5 query matching documents that hold every one of `keys` (each a quoted phrase)."""
    return " AND ".join('"' + key.replace('"', '""') + '"' for key in keys)


def fts_match(field: str, keys: Sequence[str]) -> ColumnElement[bool]:
    """The MATCH of `keys` (each at least TRIGRAM long) on the index's `field`, for a query
    that joins the index (`search_index()`) to the cards on `rowid = card.id`."""
    return _fts.c[field].match(fts_phrases(keys))


def search_index() -> TableClause:
    """The full-text index as a table to join (its `rowid` is the card's id)."""
    return _fts


def contains_all(field: str, keys: Sequence[str], *, fts: bool) -> ColumnElement[bool]:
    """Cards whose `field` contains every one of `keys`: one full-text match for all the keys
    the index can answer (the index intersects them, rarest first), LIKE for the others."""
    indexed = [key for key in keys if fts and len(key) >= TRIGRAM]
    conditions = [contains(field, key, fts=False) for key in keys if key not in indexed]
    if indexed:
        matching = select(_fts.c.rowid).where(fts_match(field, indexed))
        conditions.append(CARD.c.id.in_(matching))
    return and_(*conditions)


def refresh_statistics(connection: Connection) -> None:
    """After a bulk change, let SQLite's planner know the sizes of tables and indexes (a
    sampled ANALYZE: tens of milliseconds); other databases gather their own."""
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("PRAGMA analysis_limit=1000")
        connection.exec_driver_sql("ANALYZE")


def contains(field: str, key: str, *, fts: bool) -> ColumnElement[bool]:
    """Cards whose `field` ("search_key" or "text_key") contains the normalised `key`.
    The value is always a bound parameter."""
    if fts and len(key) >= TRIGRAM:
        return CARD.c.id.in_(select(_fts.c.rowid).where(fts_match(field, [key])))
    if field == "search_key" and len(key) < TRIGRAM and not key.isascii():
        # A short Japanese name ("稲妻", "島") matches few cards: find them among the narrow
        # name keys (the lines of search_key) rather than in every wide card row. A short
        # Latin fragment ("b") matches most cards: walking them in name order finds a page
        # at once.
        named = select(CARD_NAME.c.card_id).where(CARD_NAME.c.key.contains(key, autoescape=True))
        return CARD.c.id.in_(named)
    condition: ColumnElement[bool] = CARD.c[field].contains(key, autoescape=True)
    return condition
