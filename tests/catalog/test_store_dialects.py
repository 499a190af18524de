"""catalog/schema/dialects.py, the one place where SQLite and PostgreSQL differ: the search index,
bulk inserts in the driver's placeholder style, and the insert strategy."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, select, text
from sqlmodel import Session

from catalog.schema import dialects
from catalog.schema.dialects import (
    TRIGRAM,
    bulk_insert,
    contains,
    create_search_index,
    drop_search_index,
    multirow_returning_is_fast,
    one_of,
    uses_fts,
    utf8_bytes,
)
from catalog.schema.models import CARD, DECK
from tests.catalog.helpers import count_rows, load


def test_only_sqlite_has_the_fts_index(engine: Engine) -> None:
    with engine.connect() as connection:
        assert uses_fts(connection) is (engine.dialect.name == "sqlite")
        assert multirow_returning_is_fast(connection) is (engine.dialect.name == "sqlite")


@pytest.mark.parametrize("wanted", [[], ["s2"], ["s1", "s3", "missing", "it's \"quoted\" ?"]])
def test_one_of_selects_as_an_in_list(engine: Engine, wanted: list[str]) -> None:
    moment = datetime(2025, 1, 2, tzinfo=UTC)
    rows = [{"name": f"deck {n}", "format": "full", "text": name, "created_at": moment,
             "updated_at": moment} for n, name in enumerate(["s1", "s2", "s3", "it's \"quoted\" ?"])]  # fmt: skip
    with engine.begin() as connection:
        bulk_insert(connection, DECK, rows)
    with engine.connect() as connection:
        texts = connection.execute(
            select(DECK.c.text).where(one_of(connection, DECK.c.text, wanted))
        ).all()
        ids = [row.id for row in connection.execute(select(DECK.c.id))]
        by_id = select(DECK.c.id).where(one_of(connection, DECK.c.id, ids[1:]))
        assert sorted(connection.execute(by_id).scalars()) == sorted(ids[1:])
    assert sorted(row.text for row in texts) == sorted(set(wanted) - {"missing"})


def test_utf8_bytes_are_the_stored_text(engine: Engine) -> None:
    rows = [{"name": "稲妻 \\ \"bolt\"", "format": "full", "text": "", "created_at": datetime.now(UTC),
             "updated_at": datetime.now(UTC)}]  # fmt: skip
    with engine.begin() as connection:
        bulk_insert(connection, DECK, rows)
    with engine.connect() as connection:
        value = connection.execute(select(utf8_bytes(connection, DECK.c.name))).scalar_one()
    # SQLite hands over the bytes undecoded; other backends the text
    expected = "稲妻 \\ \"bolt\""
    assert value == (expected.encode() if engine.dialect.name == "sqlite" else expected)


def test_bulk_insert_round_trips_types(engine: Engine) -> None:
    moment = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    rows = [{"name": f"deck {n}", "format": "full", "text": "x'y\"z %s ?", "created_at": moment,
             "updated_at": moment} for n in range(3)]  # fmt: skip
    with engine.begin() as connection:
        bulk_insert(connection, DECK, rows)
        bulk_insert(connection, DECK, [])
    with engine.connect() as connection:
        stored = connection.execute(select(DECK.c.name, DECK.c.text, DECK.c.created_at)).all()
    assert [row.name for row in stored] == ["deck 0", "deck 1", "deck 2"]
    assert stored[0].text == "x'y\"z %s ?"  # placeholders in values stay values
    assert stored[0].created_at.replace(tzinfo=UTC) == moment


@pytest.mark.parametrize("key", ["bolt", "ol", "稲妻", "ning bo"])
def test_both_search_paths_agree(engine: Engine, session: Session, key: str) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("only SQLite has the FTS5 path")
    load(engine)
    query = select(CARD.c.source_id).order_by(CARD.c.source_id)
    with_index = [r[0] for r in session.execute(query.where(contains("search_key", key, fts=True)))]
    without = [r[0] for r in session.execute(query.where(contains("search_key", key, fts=False)))]
    assert with_index == without
    assert with_index  # every key names something in the test cards


def test_short_keys_never_use_the_trigram_index() -> None:
    assert "card_fts" not in str(contains("search_key", "x" * (TRIGRAM - 1), fts=True))
    assert "card_fts" in str(contains("search_key", "x" * TRIGRAM, fts=True))


def test_the_search_index_can_be_dropped_and_rebuilt(engine: Engine, session: Session) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("only SQLite has a separate search index")
    load(engine)
    with engine.begin() as connection:
        drop_search_index(connection)
        assert not uses_fts(connection)
        create_search_index(connection)  # fills itself from the existing cards
        found = connection.execute(
            text("SELECT count(*) FROM card_fts WHERE card_fts MATCH :q"), {"q": '"bolt"'}
        ).scalar()
    assert found == 2


def test_sqlite_connections_get_a_large_cache_and_memory_temp_store(engine: Engine) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite pragmas")
    with engine.connect() as connection:
        settings = {
            name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("cache_size", "temp_store", "synchronous")
        }
    assert settings == {"cache_size": -32 * 1024, "temp_store": 2, "synchronous": 1}


def test_multirow_inserts_split_at_the_bound_value_limit(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("the multi-row RETURNING path is SQLite's")
    monkeypatch.setattr(dialects, "_SQLITE_MAX_VARIABLES", 60)  # two rows a statement
    report = load(engine)
    assert report.new == count_rows(engine) > 2
    with engine.connect() as connection:
        orphans = connection.execute(
            text("SELECT count(*) FROM card_name WHERE card_id NOT IN (SELECT id FROM card)")
        ).scalar()
    assert orphans == 0
    assert count_rows(engine, "card_name") >= count_rows(engine)
