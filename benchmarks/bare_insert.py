"""The import figure's bare baseline, run as its own process: the rows `twgp import` would
store (parsed, converted and built by the importer's own `card_row`, untimed), then — timed —
inserted with plain `sqlite3` `executemany` in one transaction into a table with the card
table's columns and indexes (its DDL compiled from the catalog's SQLAlchemy metadata).

Usage: python benchmarks/bare_insert.py GAME FILE DB
→ prints {"seconds": …, "cpu_seconds": …, "rows": …} (wall and user + system CPU of the insert)"""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.schema import CreateIndex, CreateTable

from catalog.cards.card_rows import card_row
from catalog.ingest.conversion import convert_files
from catalog.schema.models import CARD
from converters.registry import load_converter

DIALECT = sqlite_dialect.dialect()


def rows_of(game: str, path: Path) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The card-table rows of every record, as the importer builds them (the effective grade
    and type are the converter's: an empty catalog has no overrides)."""
    converter = load_converter(game)
    now = datetime.now(UTC)
    columns = [column.name for column in CARD.columns if column.name != "id"]
    processors = [
        CARD.c[name].type.dialect_impl(DIALECT).bind_processor(DIALECT) for name in columns
    ]
    rows = []
    for outcome in convert_files(converter, [path]):
        if outcome.card is None:
            continue
        values = card_row(outcome.card, outcome.record, now=now).values
        values["grade"] = values["source_grade"]
        values["card_type"] = values["source_type"]
        rows.append(
            tuple(
                value if process is None or value is None else process(value)
                for value, process in zip((values[c] for c in columns), processors, strict=True)
            )
        )
    return columns, rows


def schema() -> list[str]:
    statements = [str(CreateTable(CARD).compile(dialect=DIALECT))]
    statements += [str(CreateIndex(index).compile(dialect=DIALECT)) for index in CARD.indexes]
    return statements


def main(game: str, file: str, db: str) -> None:
    columns, rows = rows_of(game, Path(file))
    connection = sqlite3.connect(db, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    for statement in schema():
        connection.execute(statement)
    insert = f"INSERT INTO card ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    start, start_cpu = time.perf_counter(), time.process_time()
    connection.execute("BEGIN")
    connection.executemany(insert, rows)
    connection.execute("COMMIT")
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    connection.close()
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu, "rows": len(rows)}))


if __name__ == "__main__":
    main(*sys.argv[1:4])
