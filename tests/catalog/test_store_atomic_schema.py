"""Creating and upgrading a catalog is all-or-nothing: a migration's statements and its version
stamp commit together (on SQLite too, whose driver would otherwise commit each schema
statement on its own), and the half-made catalogs older twgp versions left behind open again."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text

from catalog.base.errors import DatabaseError
from catalog.lookup.search import search_cards
from catalog.schema.dialects import configure_engine
from catalog.schema.models import metadata
from catalog.store.db import open_engine, session_scope
from catalog.store.migrate import (
    current_revision,
    head_revision,
    known_revisions,
    upgrade_catalog,
)
from tests.catalog.helpers import CARDS, count_rows, load, load_as_before
from tests.helpers.catalog_files import assert_matches_the_models, engine_at, schema_of

#: every revision an older catalog may be at (the newest one has nothing to upgrade)
OLDER = sorted(known_revisions() - {head_revision()})


def refuse_stamp_changes(engine: Engine, event: str = "UPDATE") -> None:
    """Make the version stamp's UPDATE (or first INSERT) fail, as a kill just before it
    would."""
    with engine.begin() as connection:
        if connection.dialect.name == "sqlite":
            connection.execute(text(
                f"CREATE TRIGGER no_stamp BEFORE {event} ON alembic_version "
                "BEGIN SELECT RAISE(ABORT, 'stamp refused'); END"
            ))  # fmt: skip
            return
        connection.execute(text(
            "CREATE FUNCTION no_stamp() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'stamp refused'; END $$"
        ))  # fmt: skip
        connection.execute(text(
            f"CREATE TRIGGER no_stamp BEFORE {event} ON alembic_version "
            "FOR EACH ROW EXECUTE FUNCTION no_stamp()"
        ))  # fmt: skip


@pytest.mark.parametrize("revision", OLDER)
def test_a_failed_upgrade_leaves_the_catalog_as_it_was(db_url: str, revision: str) -> None:
    old = engine_at(db_url, revision)
    load_as_before(old, CARDS)  # as the importer of that revision wrote
    refuse_stamp_changes(old)
    before = schema_of(old)

    with pytest.raises(DatabaseError, match="stamp refused"):
        upgrade_catalog(old)

    assert schema_of(old) == before  # not one index of the next migration kept
    assert count_rows(old) == len(CARDS)
    old.dispose()


def test_a_first_creation_that_fails_leaves_no_table(db_url: str) -> None:
    engine = create_engine(db_url)
    configure_engine(engine)
    with engine.begin() as connection:  # the stamp's table first, refusing its first row
        connection.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) "
                                "NOT NULL PRIMARY KEY)"))  # fmt: skip
    refuse_stamp_changes(engine, "INSERT")

    with pytest.raises(DatabaseError, match="stamp refused"):
        upgrade_catalog(engine)

    assert schema_of(engine) == (None, {"alembic_version": []})
    engine.dispose()


def _legacy(path: Path) -> Engine:
    """SQLite as older twgp versions drove it: each schema statement committed on its own."""
    return create_engine(f"sqlite:///{path}")


@pytest.mark.parametrize("made", [1, 3, 6], ids=["1 table", "3 tables", "all tables"])
def test_a_first_creation_an_older_twgp_left_half_done_is_rebuilt(
    tmp_path: Path, made: int
) -> None:
    path = tmp_path / "catalog.sqlite3"
    legacy = _legacy(path)
    with legacy.connect() as connection:
        connection.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) "
                                "NOT NULL PRIMARY KEY)"))  # fmt: skip
        for table in metadata.sorted_tables[:made]:
            table.create(connection)
        connection.commit()
    legacy.dispose()

    engine = open_engine(str(path))  # was: "table card already exists", for good

    with engine.connect() as connection:
        assert current_revision(connection) == head_revision()
    assert count_rows(engine) > 0  # the starter cards, loaded into the rebuilt catalog
    engine.dispose()


def test_tables_holding_rows_without_a_stamp_are_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    engine = open_engine(str(path), load_starter=False)
    load(engine)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM alembic_version"))
    engine.dispose()

    with pytest.raises(DatabaseError, match="no schema version") as caught:
        open_engine(str(path))
    assert "twgp restore" in caught.value.hint
    check = _legacy(path)
    assert count_rows(check) == len(CARDS)
    check.dispose()


#: the statements of migration 0004, in order, as an older twgp committed them one by one
STEPS_0004 = [
    "DROP INDEX ix_card_name_order",
    "CREATE INDEX ix_card_browse ON card (name_key, game, grade, card_type)",
    "DROP INDEX ix_card_card_type",
    "CREATE INDEX ix_card_type_grade ON card (card_type, grade)",
]


@pytest.mark.parametrize("done", [1, 2, 3, 4])
def test_an_upgrade_an_older_twgp_left_half_done_is_finished(tmp_path: Path, done: int) -> None:
    path = tmp_path / "catalog.sqlite3"
    old = engine_at(f"sqlite:///{path}", "0003")
    load_as_before(old, CARDS)
    with old.begin() as connection:  # killed before the stamp moved to 0004
        for statement in STEPS_0004[:done]:
            connection.execute(text(statement))
    old.dispose()

    engine = open_engine(str(path))  # was: "no such index: ix_card_name_order", for good

    assert_matches_the_models(engine)
    assert count_rows(engine) == len(CARDS)
    engine.dispose()


def test_a_search_index_an_older_twgp_left_empty_is_filled(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    old = engine_at(f"sqlite:///{path}", "0001")
    load_as_before(old, CARDS)
    with old.begin() as connection:  # 0002's statements before its rebuild, stamp at 0001
        connection.execute(text("CREATE INDEX ix_card_game_grade ON card (game, grade)"))
        connection.execute(text(
            "CREATE VIRTUAL TABLE card_fts USING fts5(search_key, text_key, content='card', "
            "content_rowid='id', tokenize='trigram')"
        ))  # fmt: skip
    old.dispose()

    engine = open_engine(str(path))

    assert_matches_the_models(engine)
    with session_scope(engine) as session:
        found = {view.source_id for view in search_cards(session=session, query="bolt")}
    assert found == {"bolt-lea", "bolt-ja"}
    engine.dispose()
