"""The validation warm-up of long-running processes (deckbuilder/warm_up.py): it validates a
deck of a card the catalog holds, writes nothing, and leaves the engine's statement cache
holding the look-ups a validation makes; the service's workers run it on start-up."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from catalog.db import open_engine
from deckbuilder.warm_up import warm_up
from service import app as service_app
from service.app import create_app
from tests.service.conftest import make_settings


def _rows(engine: Engine) -> dict[str, int]:
    with engine.connect() as connection:
        return {
            table: int(connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())
            for table in ("card", "collection_row", "deck", "card_override")
        }


def test_the_warm_up_compiles_a_validations_statements_and_writes_nothing(
    catalog_engine: Engine,
) -> None:
    before = _rows(catalog_engine)
    cache = catalog_engine._compiled_cache  # SQLAlchemy's per-engine statement cache
    assert cache is not None
    cache.clear()
    assert warm_up(catalog_engine)
    assert len(cache) >= 3  # the name look-up, owned copies, overrides
    assert _rows(catalog_engine) == before


def test_an_empty_catalog_has_nothing_to_warm(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'empty.sqlite3'}", load_starter=False)
    try:
        assert not warm_up(engine)
    finally:
        engine.dispose()


async def test_a_service_worker_warms_up_on_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warmed: list[Engine] = []
    monkeypatch.setattr(service_app, "warm_up", warmed.append)
    db = f"sqlite:///{tmp_path / 'catalog.sqlite3'}"
    open_engine(db, load_starter=False).dispose()
    app = create_app(make_settings(db))
    async with app.router.lifespan_context(app):
        assert warmed == [app.state.engines.read]
