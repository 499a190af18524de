"""`twgp backup` / `twgp restore`: a consistent copy while the catalog is in use, checked
before it is trusted; a restore replaces the catalog whole or not at all and never without
being asked to."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from catalog.base.errors import CatalogError, DatabaseError
from catalog.schema.transactions import write_transaction
from catalog.store.backup import backup_catalog, current_catalog, inspect_backup, restore_catalog
from catalog.store.db import open_engine
from catalog.store.migrate import head_revision
from converters.errors import OutputExistsError
from tests.catalog.helpers import CARDS, count_rows, load_as_before
from tests.helpers.catalog_files import engine_at, make_catalog, rows


def damage(path: Path) -> bytes:
    """Overwrite a page in the middle of a closed catalog."""
    data = bytearray(path.read_bytes())
    middle = (len(data) // 4096 // 2) * 4096
    data[middle : middle + 4096] = b"\xa5" * 4096
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_backup_while_a_writer_holds_the_catalog_copies_what_was_committed(
    tmp_path: Path,
) -> None:
    catalog = make_catalog(tmp_path / "catalog.sqlite3", cards=4)
    engine = open_engine(str(catalog), load_starter=False)
    with write_transaction(engine) as transaction:  # an import's batch, not yet committed
        load_rows = "UPDATE card SET name = 'renamed'"
        transaction.connection.execute(text(load_rows))

        copied = backup_catalog(str(catalog), tmp_path / "backup.sqlite3")

    engine.dispose()
    assert (copied.cards, copied.revision) == (4, head_revision())
    with sqlite3.connect(copied.path) as backup:
        assert backup.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert "renamed" not in {row[0] for row in backup.execute("SELECT name FROM card")}
    assert not list(tmp_path.glob(".*partial*"))


def test_a_backup_never_replaces_a_file_unless_forced(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path / "catalog.sqlite3")
    existing = tmp_path / "backup.sqlite3"
    existing.write_text("keep me")

    with pytest.raises(OutputExistsError, match="exists"):
        backup_catalog(str(catalog), existing)
    assert existing.read_text() == "keep me"

    backup_catalog(str(catalog), existing, force=True)
    assert inspect_backup(existing).cards == len(CARDS)


def test_a_backup_into_a_folder_gets_a_dated_name(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path / "catalog.sqlite3")
    folder = tmp_path / "backups"
    folder.mkdir()

    copied = backup_catalog(str(catalog), folder)

    assert copied.path.parent == folder
    assert copied.path.name.startswith("twgp-")
    assert copied.path.suffix == ".sqlite3"


def test_a_damaged_catalog_is_not_backed_up(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path / "catalog.sqlite3")
    damage(catalog)

    with pytest.raises(CatalogError, match="damaged"):
        backup_catalog(str(catalog), tmp_path / "backup.sqlite3")
    assert not [p.name for p in tmp_path.iterdir() if "backup" in p.name]


@pytest.mark.parametrize(
    ("url", "tool"),
    [("postgresql+psycopg://twgp@localhost/twgp", "pg_dump"), ("sqlite://", "catalog file")],
)
def test_only_sqlite_files_are_copied(tmp_path: Path, url: str, tool: str) -> None:
    with pytest.raises(DatabaseError) as caught:
        backup_catalog(url, tmp_path / "b.sqlite3")
    assert tool in caught.value.hint
    with pytest.raises(DatabaseError):
        restore_catalog(url, tmp_path / "b.sqlite3")


def test_restore_replaces_a_catalog_only_when_forced(tmp_path: Path) -> None:
    saved = make_catalog(tmp_path / "saved.sqlite3", deck="mine")
    catalog = make_catalog(tmp_path / "catalog.sqlite3", cards=2)

    with pytest.raises(CatalogError, match="holds a catalog"):
        restore_catalog(str(catalog), saved)
    assert rows(catalog) == 2

    restored = restore_catalog(str(catalog), saved, force=True)

    assert restored.cards == len(CARDS)
    assert (rows(catalog), rows(catalog, "deck")) == (len(CARDS), 1)


def test_restore_into_a_catalog_in_use(tmp_path: Path) -> None:
    saved = make_catalog(tmp_path / "saved.sqlite3")
    catalog = make_catalog(tmp_path / "catalog.sqlite3", cards=2)
    reader = open_engine(str(catalog), load_starter=False)  # the app, open on it
    assert count_rows(reader) == 2

    restore_catalog(str(catalog), saved, force=True)

    assert count_rows(reader) == len(CARDS)
    reader.dispose()


def test_restore_makes_a_new_catalog(tmp_path: Path) -> None:
    saved = make_catalog(tmp_path / "saved.sqlite3")
    target = tmp_path / "new" / "catalog.sqlite3"

    restore_catalog(str(target), saved)

    assert rows(target) == len(CARDS)
    assert not list(target.parent.glob(".*"))


def test_restore_replaces_a_damaged_catalog(tmp_path: Path) -> None:
    saved = make_catalog(tmp_path / "saved.sqlite3")
    catalog = make_catalog(tmp_path / "catalog.sqlite3", cards=2)
    damage(catalog)
    assert current_catalog(str(catalog)) is not None  # so it is not replaced unasked

    restore_catalog(str(catalog), saved, force=True)

    assert rows(catalog) == len(CARDS)


def test_an_older_backup_is_upgraded_once_restored(tmp_path: Path) -> None:
    old = engine_at(f"sqlite:///{tmp_path / 'old.sqlite3'}", "0003")
    load_as_before(old, CARDS)
    old.dispose()
    catalog = make_catalog(tmp_path / "catalog.sqlite3", cards=1)

    restored = restore_catalog(str(catalog), tmp_path / "old.sqlite3", force=True)

    assert restored.revision == head_revision()
    assert rows(catalog) == len(CARDS)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        pytest.param(b"not a database at all" * 200, "not a database", id="random bytes"),
        pytest.param(None, "not a twgp catalog", id="another SQLite file"),
        pytest.param("future", "newer twgp", id="a newer schema"),
        pytest.param("damaged", "damaged", id="a damaged backup"),
    ],
)
def test_a_backup_that_is_not_sound_is_refused_and_the_catalog_kept(
    tmp_path: Path, content: bytes | str | None, reason: str
) -> None:
    catalog = make_catalog(tmp_path / "catalog.sqlite3", cards=3)
    bad = tmp_path / "bad.sqlite3"
    if isinstance(content, bytes):
        bad.write_bytes(content)
    elif content is None:
        with sqlite3.connect(bad) as other:
            other.execute("CREATE TABLE notes (text)")
        other.close()
    else:
        make_catalog(bad)
        if content == "future":
            with sqlite3.connect(bad) as other:
                other.execute("UPDATE alembic_version SET version_num = '0099_future'")
            other.close()
        else:
            damage(bad)

    with pytest.raises(CatalogError, match=reason):
        restore_catalog(str(catalog), bad, force=True)
    assert rows(catalog) == 3
