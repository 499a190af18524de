"""A warm first validation: the warm-up of long-running processes (deckbuilder/warm_up.py)
validates a deck of a card the catalog holds, writes nothing, and leaves the engine's
statement cache holding the look-ups a validation makes (the service's workers run it on
start-up); a deck's lines are looked up together, with the answers of one by one."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, select, text
from sqlmodel import Session

from catalog.collections.owned import set_owned
from catalog.schema.models import CARD
from catalog.store.db import open_engine, session_scope
from deckbuilder.catalog_resolver import CatalogResolver
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


#: lines of every kind: English and Japanese names (稲妻: only one printing has it), faces,
#: width and case folded, an unknown name, a source id, a name twice, two games
LINES = [
    ("mtg", "Lightning Bolt", None), ("mtg", "稲妻", None), ("mtg", "lightning bolt", None),
    ("mtg", "Fire // Ice", None), ("mtg", "Fire", None), ("mtg", "Ｆｏｒｅｓｔ", None),
    ("mtg", "Mind Control", None), ("yugioh", "Mind Control", None), ("mtg", "No Such", None),
    ("mtg", "Lightning Bolt", "m10-bolt-ja"), ("yugioh", "クリボー", None),
    ("pokemon", "Recycle", None), ("mtg", "Recycle", None),
]  # fmt: skip


def test_a_decks_lines_looked_up_together_resolve_as_one_by_one(catalog_engine: Engine) -> None:
    with session_scope(catalog_engine) as session:
        set_owned(session=session, card_id=_id(session, "m10-bolt"), quantity=2)
    with session_scope(catalog_engine) as session:
        alone = CatalogResolver(session)
        one_by_one = [alone.resolve(*line) for line in LINES]
        together = CatalogResolver(session)
        together.prefetch(LINES)
        assert [together.resolve(*line) for line in LINES] == one_by_one
        assert all(one_by_one[n] for n in (0, 1, 3, 5, 9))
        assert not one_by_one[8]
        assert {card.name_ja for card in one_by_one[0]} == {None, "稲妻"}  # left to `choose`
        assert {card.owned for card in one_by_one[0]} == {2}


def _id(session: Session, source_id: str) -> int:
    found = session.execute(select(CARD.c.id).where(CARD.c.source_id == source_id))
    return int(found.scalar_one())
