"""`twgp doctor`'s checks and repairs: each damage twgp can rebuild from what it keeps is found
and mended (and only reported with repair off); user data and damaged files are never
written to."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from catalog.base.errors import DatabaseError
from catalog.lookup.search import search_cards
from catalog.store.db import open_engine, session_scope
from catalog.store.doctor import DoctorReport, examine
from catalog.store.migrate import head_revision
from converters.base import CardType
from tests.catalog.helpers import CARDS, card, count_rows, load, load_as_before
from tests.helpers.catalog_files import (
    assert_matches_the_models,
    engine_at,
    schema_of,
)


def statuses(report: DoctorReport) -> dict[str, str]:
    return {finding.check: finding.status for finding in report.findings}


def codes(report: DoctorReport) -> set[str]:
    return {finding.code for finding in report.findings}


def _execute(path: Path, *statements: str, foreign_keys: bool = True) -> None:
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        if not foreign_keys:
            connection.execute(text("PRAGMA foreign_keys=OFF"))
        for statement in statements:
            connection.execute(text(statement))
    engine.dispose()


def _found(path: Path, query: str) -> set[str]:
    engine = open_engine(str(path))
    with session_scope(engine) as session:
        found = {view.source_id for view in search_cards(session=session, query=query)}
    engine.dispose()
    return found


def test_a_sound_catalog_is_all_ok(db_url: str) -> None:
    engine = open_engine(db_url, load_starter=False)
    load(engine)
    engine.dispose()

    report = examine(db_url)

    assert report.ok
    assert set(statuses(report).values()) <= {"ok", "skipped"}
    assert {"schema_current", "indexes_ok", "orphans_none"} <= codes(report)


def test_a_missing_index_is_made_again(db_url: str) -> None:
    engine = open_engine(db_url, load_starter=False)
    with engine.begin() as connection:
        connection.execute(text("DROP INDEX ix_card_browse"))

    checked = examine(db_url, repair=False)
    assert not checked.ok
    assert statuses(checked)["indexes"] == "problem"

    report = examine(db_url)

    assert report.ok
    assert statuses(report)["indexes"] == "repaired"
    assert_matches_the_models(engine)
    engine.dispose()


def test_an_older_schema_is_upgraded_and_only_reported_when_checking(db_url: str) -> None:
    old = engine_at(db_url, "0003")
    load_as_before(old, CARDS)
    before = schema_of(old)

    checked = examine(db_url, repair=False)
    assert [f.code for f in checked.findings if f.check == "schema"] == ["schema_behind"]
    assert schema_of(old) == before

    report = examine(db_url)

    assert report.ok
    assert "schema_upgraded" in codes(report)
    assert schema_of(old)[0] == head_revision()
    assert count_rows(old) == len(CARDS)
    old.dispose()


def test_an_emptied_search_index_is_rebuilt(catalog: Path) -> None:
    _execute(catalog, "INSERT INTO card_fts(card_fts) VALUES ('delete-all')")
    assert _found(catalog, "bolt") == set()

    report = examine(str(catalog))

    assert statuses(report)["search_index"] == "repaired"
    assert _found(catalog, "bolt") == {"bolt-lea", "bolt-ja"}
    assert examine(str(catalog), repair=False).ok


def test_a_missing_search_trigger_is_put_back(catalog: Path) -> None:
    _execute(catalog, "DROP TRIGGER card_fts_insert")

    report = examine(str(catalog))

    (finding,) = [f for f in report.findings if f.check == "search_index"]
    assert (finding.status, finding.values) == (
        "repaired",
        {"fault": "triggers missing: card_fts_insert"},
    )
    assert examine(str(catalog), repair=False).ok
    engine = open_engine(str(catalog))  # a card imported now is found by its words
    load(engine, [card("helix", "Lightning Helix", 2, CardType.CHARGE_EFFECT)])
    engine.dispose()
    assert _found(catalog, "helix") == {"helix"}


def test_orphan_keys_are_removed_and_orphan_collection_rows_kept(catalog: Path) -> None:
    _execute(
        catalog,
        "INSERT INTO collection_row (source_key, card_id, quantity, finish, updated_at) "
        "SELECT 'mine', id, 4, 'nonfoil', CURRENT_TIMESTAMP FROM card WHERE source_id = 'bears'",
        "DELETE FROM card WHERE source_id IN ('bears', 'anthem')",
        foreign_keys=False,
    )

    report = examine(str(catalog))

    by_code = {finding.code: finding for finding in report.findings}
    assert by_code["orphan_keys_removed"].values == {"count": 4}  # 2 cards: names and effects
    assert by_code["orphan_collection_rows"].status == "problem"
    assert not report.ok
    engine = open_engine(str(catalog))
    assert count_rows(engine, "collection_row") == 1  # the user's row is never deleted
    engine.dispose()
    again = examine(str(catalog))
    assert "orphans_none" in codes(again)


def test_a_damaged_file_is_reported_and_not_written(catalog: Path) -> None:
    _execute(catalog, "PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(catalog.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page
    data[middle : middle + page] = b"\xa5" * page
    catalog.write_bytes(bytes(data))

    report = examine(str(catalog))

    assert not report.ok
    assert statuses(report)["integrity"] == "problem"
    assert "twgp restore" in report.findings[1].message()
    assert "repaired" not in statuses(report).values()
    assert catalog.read_bytes() == bytes(data)


def test_a_half_created_catalog_of_an_older_twgp_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    _execute(path, "CREATE TABLE card (id INTEGER PRIMARY KEY)")

    report = examine(str(path))

    assert report.ok
    assert "schema_upgraded" in codes(report)
    engine = open_engine(str(path), load_starter=False)
    assert_matches_the_models(engine)
    engine.dispose()


def test_leftovers_of_a_killed_creation_are_removed(catalog: Path) -> None:
    leftover = catalog.with_name(f".{catalog.name}.creating-99999")
    leftover.write_bytes(b"half")

    report = examine(str(catalog))

    assert statuses(report)["leftovers"] == "repaired"
    assert not leftover.exists()


def test_a_newer_catalog_is_a_problem_left_alone(catalog: Path) -> None:
    _execute(catalog, "UPDATE alembic_version SET version_num = '0099_future'")

    report = examine(str(catalog))

    assert "schema_newer" in codes(report)
    assert not report.ok


def test_no_catalog_is_an_error_and_none_is_made(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="no catalog"):
        examine(str(tmp_path / "missing.sqlite3"))
    assert list(tmp_path.iterdir()) == []


def test_messages_are_in_japanese_too(catalog: Path) -> None:
    report = examine(str(catalog))
    assert all(finding.message("ja") != finding.message("en") for finding in report.findings)
    assert "整合性" in report.findings[1].message("ja")
