"""Catalog fixtures: every database test runs on SQLite and, when TWGP_TEST_POSTGRES_URL is
set, on PostgreSQL too (each test in its own schema, dropped afterwards)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, make_url, text
from sqlmodel import Session

from catalog.sources.clients import OnlineSettings
from catalog.store.db import open_engine
from tests.catalog.clients.fakes import FakeTime, make_settings
from tests.catalog.helpers import load

POSTGRES_URL = os.environ.get("TWGP_TEST_POSTGRES_URL", "")

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param(
        "postgres",
        id="postgres",
        marks=[
            pytest.mark.postgres,
            pytest.mark.skipif(not POSTGRES_URL, reason="TWGP_TEST_POSTGRES_URL is not set"),
        ],
    ),
]


@pytest.fixture(params=BACKENDS)
def db_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A URL of an empty database on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'catalog.sqlite3'}"
        return
    yield from postgres_schema()


def postgres_schema() -> Iterator[str]:
    """A URL of a new empty schema of the test PostgreSQL server, dropped afterwards."""
    schema = f"twgp_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES_URL)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(POSTGRES_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A migrated, empty catalog (no starter cards)."""
    engine = open_engine(db_url, load_starter=False)
    yield engine
    engine.dispose()


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    """A SQLite catalog file holding the test cards (helpers.CARDS), no starter cards."""
    path = tmp_path / "catalog.sqlite3"
    engine = open_engine(str(path), load_starter=False)
    load(engine)
    engine.dispose()
    return path


@pytest.fixture
def fresh(db_url: str) -> Iterator[Engine]:
    """A catalog opened for the first time: the starter cards only."""
    engine = open_engine(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with Session(engine) as session:
        yield session


@pytest.fixture
def fake() -> FakeTime:
    """The clock and sleep of the online clients (tests/catalog/clients/fakes.py)."""
    return FakeTime()


@pytest.fixture
def settings(tmp_path: Path, fake: FakeTime) -> OnlineSettings:
    """Online settings as the app builds them, everything on disk inside tmp_path."""
    return make_settings(tmp_path, fake)
