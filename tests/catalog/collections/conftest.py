"""Fixtures: the test catalog (cards.CARDS) on every backend of tests/catalog/conftest.py
(SQLite, and PostgreSQL when TWGP_TEST_POSTGRES_URL is set), and a file writer."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from .cards import CARDS


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A fresh catalog holding CARDS (no starter cards, so every expectation is ours)."""
    from catalog.ingest.importer import import_cards
    from catalog.store.db import open_engine

    engine = open_engine(db_url, load_starter=False)
    import_cards(engine, CARDS, source="collection tests")
    yield engine
    engine.dispose()


@pytest.fixture
def write_file(tmp_path: Path) -> Callable[..., Path]:
    """Write `text` (str or bytes) to a file; str is encoded as `encoding`, newlines kept."""

    def write(text: str | bytes, name: str = "collection.csv", encoding: str = "utf-8") -> Path:
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode(encoding))
        return path

    return write
