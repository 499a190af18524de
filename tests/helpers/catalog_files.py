"""Catalog files as the backup, doctor and upgrade tests need them: made at an older
revision, filled with the hand-written cards, left by a killed backup, or a large import file."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, inspect, text

from catalog.schema.dialects import configure_engine
from catalog.schema.models import metadata
from catalog.schema.transactions import write_transaction
from catalog.store.backup import PARTIAL_MARK
from catalog.store.db import open_engine
from catalog.store.migrate import current_revision, head_revision, upgrade
from tests.catalog.helpers import CARDS, count_rows, load

ROOT = Path(__file__).resolve().parents[2]


def engine_at(db_url: str, revision: str) -> Engine:
    """A catalog at an older revision, as an older twgp made it."""
    engine = create_engine(db_url)
    configure_engine(engine)
    with write_transaction(engine) as transaction:
        upgrade(transaction.connection, revision)
    return engine


def schema_of(engine: Engine) -> tuple[str | None, dict[str, list[str]]]:
    """The stamp and every table with its indexes."""
    with engine.connect() as connection:
        found = inspect(connection)
        tables = {
            name: sorted(str(index["name"]) for index in found.get_indexes(name))
            for name in found.get_table_names()
        }
        return current_revision(connection), tables


def assert_matches_the_models(engine: Engine) -> None:
    with engine.connect() as connection:
        assert current_revision(connection) == head_revision()
        context = MigrationContext.configure(connection, opts={"include_name": _not_fts})
        assert compare_metadata(context, metadata) == []


def _not_fts(name: str | None, kind: str, _parents: object) -> bool:
    return not (kind == "table" and name is not None and name.startswith("card_fts"))


def make_catalog(path: Path, cards: int = len(CARDS), deck: str | None = None) -> Path:
    """A catalog file with the first `cards` hand-written cards and, if named, one deck."""
    engine = open_engine(str(path), load_starter=False)
    load(engine, CARDS[:cards])
    if deck:
        with engine.begin() as connection:
            connection.execute(
                text("INSERT INTO deck (name, format, text, created_at, updated_at) "
                     "VALUES (:name, 'full', 'x', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"),
                {"name": deck},
            )  # fmt: skip
    engine.dispose()
    return path


def rows(path: Path, table: str = "card") -> int:
    """The rows of `table` in the catalog file at `path`."""
    engine = open_engine(str(path), load_starter=False)
    try:
        return count_rows(engine, table)
    finally:
        engine.dispose()


def killed_backup(catalog: Path, destination: Path) -> list[Path]:
    """Run a real backup in a process of its own and SIGKILL it once its copy is written
    under the temporary name; the files it left."""
    code = textwrap.dedent(f"""
        import time
        from pathlib import Path
        import catalog.store.backup as backup

        real = backup.check_integrity
        def check_then_hang(connection, what):
            real(connection, what)
            print("copied", flush=True)
            time.sleep(60)
        backup.check_integrity = check_then_hang
        backup.backup_catalog({str(catalog)!r}, Path({str(destination)!r}))
    """)
    process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                               text=True)  # fmt: skip
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "copied"
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    process.stdout.close()
    left = sorted(destination.parent.glob(f".{destination.name}{PARTIAL_MARK}*"))
    assert left, "the killed backup left nothing: the test proves nothing"
    return left


def _scryfall_record(n: int) -> dict[str, object]:
    return {"object": "card", "id": f"00000000-0000-4000-8000-{n:012d}", "oracle_id": f"o{n}",
            "name": f"Test Bolt {n}", "lang": "en", "layout": "normal", "mana_cost": "{R}",
            "cmc": 1.0, "type_line": "Instant", "set": "tst", "collector_number": str(n),
            "oracle_text": "Tap target creature."}  # fmt: skip


def bulk_file(path: Path, count: int, tail: str = "]") -> Path:
    """A Scryfall-style JSON array of `count` distinct cards; `tail` ends it (a wrong tail
    makes a broken file)."""
    body = ",\n".join(json.dumps(_scryfall_record(n)) for n in range(count))
    path.write_text("[" + body + tail, encoding="utf-8")
    return path
