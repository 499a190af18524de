"""Read-only means read-only (issue 22 item 8): a catalog named with `?mode=ro` — as a
SQLAlchemy URL with or without `uri=true`, a `file:` URI or a path — is opened without
writing it (no creation, no migration, no SQLAlchemy warning: before, SQLAlchemy dropped
`mode` with a warning and the catalog was opened for writing), and every change is refused
with a clear error, the catalog unchanged."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.base.errors import DatabaseError, ReadOnlyCatalogError
from catalog.collections.service import import_collection
from catalog.ingest.importer import import_cards
from catalog.lookup import repository
from catalog.lookup.search import search_cards
from catalog.store.backup import backup_catalog, restore_catalog
from catalog.store.db import is_read_only, open_engine, session_scope, write_scope
from tests.catalog.collections.cards import DATA
from tests.catalog.helpers import card
from tests.helpers.cli import invoke

FORMS: dict[str, Callable[[Path], str]] = {
    "url": lambda path: f"sqlite:///{path}?mode=ro",
    "uri-url": lambda path: f"sqlite:///file:{path}?mode=ro&uri=true",
    "file-uri": lambda path: f"file:{path}?mode=ro",
    "path": lambda path: f"{path}?mode=ro",
}

pytestmark = pytest.mark.filterwarnings("error")  # a SQLAlchemy warning fails the test


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(params=sorted(FORMS))
def read_only(request: pytest.FixtureRequest, catalog: Path) -> str:
    return FORMS[request.param](catalog)


def opened(url: str) -> Engine:
    engine = open_engine(url)
    assert is_read_only(engine)
    return engine


def test_searches_work_and_changes_are_refused(catalog: Path, read_only: str) -> None:
    before = digest(catalog)
    engine = opened(read_only)
    try:
        with session_scope(engine) as session:
            assert search_cards(session=session, query="bolt")
        with pytest.raises(ReadOnlyCatalogError) as refused, write_scope(engine) as session:
            repository.save_deck(session=session, name="Burn", text="x", format="full")
        assert "nothing was changed" in refused.value.message
        assert "mode=ro" in refused.value.hint
        with pytest.raises(ReadOnlyCatalogError):
            import_collection(engine, DATA / "moxfield.csv")
        with pytest.raises(ReadOnlyCatalogError, match=r"import into .* stopped"):
            import_cards(engine, [card("shock", "Shock", 1, None)], source="a card import")
    finally:
        engine.dispose()
    assert digest(catalog) == before
    writable = open_engine(str(catalog), load_starter=False)
    try:
        with session_scope(writable) as session:
            assert repository.list_decks(session=session) == []
    finally:
        writable.dispose()


def test_a_missing_catalog_is_not_created(tmp_path: Path) -> None:
    for form in FORMS.values():
        missing = tmp_path / "absent" / "catalog.sqlite3"
        with pytest.raises(DatabaseError, match="no catalog at") as refused:
            open_engine(form(missing))
        assert "never created" in refused.value.hint
    assert sorted(tmp_path.iterdir()) == []


def test_a_restore_into_a_read_only_catalog_is_refused(
    catalog: Path, tmp_path: Path, read_only: str
) -> None:
    saved = backup_catalog(str(catalog), tmp_path / "saved.sqlite3").path
    before = digest(catalog)
    with pytest.raises(ReadOnlyCatalogError, match="opened read-only"):
        restore_catalog(read_only, saved, force=True)
    assert digest(catalog) == before


def test_the_cli_says_read_only_and_prints_no_warning(catalog: Path) -> None:
    url = FORMS["url"](catalog)
    before = digest(catalog)
    code, out, err = invoke("search", "bolt", "--db", url)
    assert code == 0, err
    assert "Lightning Bolt" in out
    assert "Warning" not in err
    code, _, err = invoke("override", "Grizzly Bears", "--grade", "3", "--db", url)
    assert code == 3
    assert "nothing was changed" in err
    assert "opened read-only (mode=ro)" in err
    assert "Warning" not in err
    assert "Traceback" not in err
    assert digest(catalog) == before
