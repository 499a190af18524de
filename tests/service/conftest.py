"""The service's fixtures: the ASGI app over a catalog of sample cards, called with httpx in
process (no sockets). Every test runs on SQLite and, when TWGP_TEST_POSTGRES_URL is set, on
PostgreSQL too (a schema of its own, dropped afterwards)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.store.apikeys import create_key
from catalog.store.db import open_engine, session_scope
from service.app import create_app
from service.engines import open_engines
from service.settings import ServeSettings
from tests.catalog.conftest import BACKENDS, postgres_schema
from tests.deckbuilder.catalog_samples import fill_sample_catalog

BASE = "http://twgp.test"


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A catalog of the sample cards on each backend: its URL."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'catalog.sqlite3'}"
        fill_sample_database(url)
        yield url
        return
    for url in postgres_schema():
        fill_sample_database(url)
        yield url


def fill_sample_database(url: str) -> None:
    """The sample cards written into the catalog at `url`."""
    engine = open_engine(url, load_starter=False)
    fill_sample_catalog(engine)
    engine.dispose()


def make_settings(db: str, **changes: object) -> ServeSettings:
    values: dict[str, object] = {"db": db, "read_rate": "", "write_rate": "",
                                 "access_log": False}
    values.update(changes)
    return ServeSettings(**values)  # type: ignore[arg-type]


class Service:
    """An app and its engines: `client()` calls it; `key()` makes an API key."""

    def __init__(self, settings: ServeSettings) -> None:
        self.settings = settings
        self.engines = open_engines(settings)
        self.app = create_app(settings, engines=self.engines)

    def client(self, address: str = "127.0.0.1", **headers: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=self.app, client=(address, 50000))
        return httpx.AsyncClient(transport=transport, base_url=BASE, headers=headers)

    def key(self, name: str = "tests") -> str:
        engine = self.engines.write or open_engine(self.settings.db)
        with session_scope(engine) as session:
            key, _ = create_key(session=session, name=name)
        return key

    @property
    def write_engine(self) -> Engine:
        assert self.engines.write is not None
        return self.engines.write

    def session(self) -> Session:
        return Session(self.write_engine)


#: `make_service(**settings)`: a Service of `db` with those settings changed
MakeService = Callable[..., Service]


@pytest.fixture
def make_service(db: str) -> Iterator[MakeService]:
    """Services of the test catalog with settings of their own, disposed after the test."""
    made: list[Service] = []

    def build(**changes: object) -> Service:
        service = Service(make_settings(db, **changes))
        made.append(service)
        return service

    yield build
    for service in made:
        service.engines.dispose()


@pytest.fixture
def service(db: str) -> Iterator[Service]:
    made = Service(make_settings(db))
    yield made
    made.engines.dispose()


@pytest.fixture
async def client(service: Service) -> AsyncIterator[httpx.AsyncClient]:
    async with service.client() as made:
        yield made


@pytest.fixture
async def writer(service: Service) -> AsyncIterator[httpx.AsyncClient]:
    """A client sending a valid API key."""
    async with service.client(authorization=f"Bearer {service.key()}") as made:
        yield made
