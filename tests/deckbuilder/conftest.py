"""Fixtures: a catalog on SQLite holding the sample cards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.store.db import open_engine
from tests.deckbuilder.catalog_samples import build_sample_catalog


@pytest.fixture
def catalog_db(tmp_path: Path) -> str:
    """The path of a catalog holding the sample cards (and no starter cards)."""
    return build_sample_catalog(tmp_path / "catalog.sqlite3")


@pytest.fixture
def catalog_engine(catalog_db: str) -> Iterator[Engine]:
    engine = open_engine(catalog_db, load_starter=False)
    yield engine
    engine.dispose()
