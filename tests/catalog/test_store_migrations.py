"""Schema versions: an older catalog is upgraded without losing anything; a newer one is
refused untouched; the migrations build exactly the tables the models describe."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, func, select, text

from catalog.base.errors import DatabaseError
from catalog.ingest.starter import STARTER_DIR
from catalog.lookup.repository import get_card
from catalog.lookup.search import search_cards
from catalog.schema.dialects import configure_engine
from catalog.schema.models import CARD, metadata
from catalog.store.db import open_engine, session_scope
from catalog.store.migrate import current_revision, head_revision, upgrade
from converters.registry import load_converter
from tests.catalog.helpers import CARDS, count_rows, load, load_as_before

PREVIOUS = "0001"


def _engine_at(db_url: str, revision: str) -> Engine:
    engine = create_engine(db_url)
    configure_engine(engine)
    with engine.begin() as connection:
        upgrade(connection, revision)
    return engine


def test_an_older_catalog_is_upgraded_and_keeps_its_cards(db_url: str) -> None:
    old = _engine_at(db_url, PREVIOUS)
    load_as_before(old, CARDS)
    with old.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO deck (name, format, text, created_at, updated_at) "
                "VALUES ('mine', 'full', 'x', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
        )
        assert current_revision(connection) == PREVIOUS
    old.dispose()

    engine = open_engine(db_url)
    with engine.connect() as connection:
        assert current_revision(connection) == head_revision() != PREVIOUS
    assert count_rows(engine) == len(CARDS)
    assert count_rows(engine, "deck") == 1
    with session_scope(engine) as session:  # the new search index covers the old cards
        found = search_cards(session=session, query="bolt")
        assert {view.source_id for view in found} == {"bolt-lea", "bolt-ja"}
        assert [v.name for v in search_cards(session=session, query="稲妻")] == ["Lightning Bolt"]
    engine.dispose()


def test_a_newer_catalog_is_refused_and_left_alone(db_url: str) -> None:
    engine = open_engine(db_url, load_starter=False)
    load(engine)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0099_future'"))
    engine.dispose()
    with pytest.raises(DatabaseError) as caught:
        open_engine(db_url)
    assert "newer than this twgp knows" in caught.value.message
    assert "0099_future" in caught.value.message
    assert "upgrade twgp" in caught.value.hint
    check = create_engine(db_url)
    with check.connect() as connection:
        assert current_revision(connection) == "0099_future"
    assert count_rows(check) == len(CARDS)
    check.dispose()


def test_the_migrations_build_what_the_models_describe(db_url: str) -> None:
    engine = open_engine(db_url, load_starter=False)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"include_name": _not_fts})
        differences = compare_metadata(context, metadata)
    engine.dispose()
    assert differences == []


def _not_fts(name: str | None, kind: str, _parents: object) -> bool:
    """The FTS5 index's own tables are the search index's business (catalog/schema/dialects.py)."""
    return not (kind == "table" and name is not None and name.startswith("card_fts"))


def test_identities_are_read_again_when_upgrading_to_0006(db_url: str) -> None:
    """A catalog of 0005 held the starter's invented oracle ids as MTG identities and an
    override on one: the upgrade marks the starter rows, makes the identity the card name,
    and the override follows."""
    records = json.loads((STARTER_DIR / "mtg.json").read_text("utf-8"))[:30]
    mtg = load_converter("mtg")
    cards = [replace(mtg.convert(r), identity=f"mtg:{r['oracle_id']}") for r in records]
    bolt = next(r for r in records if r["name"] == "Lightning Bolt")
    old = _engine_at(db_url, "0005")
    load_as_before(old, cards, records)
    with old.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO card_override (identity, game, grade, reason, created_at) "
                "VALUES (:identity, 'mtg', 5, 'mine', CURRENT_TIMESTAMP)"
            ),
            {"identity": f"mtg:{bolt['oracle_id']}"},
        )
    old.dispose()

    engine = open_engine(db_url, load_starter=False)
    with session_scope(engine) as session:
        view = get_card(session=session, card_ref=f"mtg:{bolt['id']}")
        starters = session.execute(select(func.count()).where(CARD.c.starter)).scalar_one()
    assert view.identity == "mtg:lightning bolt"
    assert (view.grade, view.override is not None) == (5, True)
    assert starters == len(cards)
    engine.dispose()


def test_effects_and_readings_are_read_again_when_upgrading_to_0007(db_url: str) -> None:
    """A catalog of 0006 held the older reader's effects (a bare list, effects on a Unit's
    text), readings for the converter's type under a type override, and stale `effect:` rows:
    the upgrade writes them again for the effective type."""
    records = json.loads((STARTER_DIR / "yugioh.json").read_text("utf-8"))["data"]
    yugioh = load_converter("yugioh")
    cards = [yugioh.convert(r) for r in records]
    by_name = {card.name: index for index, card in enumerate(cards)}
    gravity, cylinder = by_name["Gravity Bind"], by_name["Magic Cylinder"]
    stale = [replace(card, effects=("plus",), effect_reasons={}, reading="old") for card in cards]
    old = _engine_at(db_url, "0006")
    load_as_before(old, stale, records)
    with old.begin() as connection:
        connection.execute(text("UPDATE card SET effects = '[\"plus\"]'"))
        connection.execute(
            text("INSERT INTO card_effect (effect, card_id) SELECT 'plus', id FROM card")
        )
        connection.execute(
            text(
                "INSERT INTO card_override (identity, game, card_type, reason, created_at) "
                "VALUES (:identity, 'yugioh', 'unit', 'mine', CURRENT_TIMESTAMP)"
            ),
            {"identity": cards[cylinder].identity},
        )
        connection.execute(
            text("UPDATE card SET card_type = 'unit' WHERE identity = :identity"),
            {"identity": cards[cylinder].identity},
        )
    old.dispose()

    engine = open_engine(db_url, load_starter=False)
    with session_scope(engine) as session:
        bind = get_card(session=session, card_ref=f"yugioh:{cards[gravity].source_id}")
        cylinder_view = get_card(session=session, card_ref=f"yugioh:{cards[cylinder].source_id}")
        found = search_cards(session=session, query="effect:plus", limit=None)
        plus = {view.name for view in found}
    assert (bind.effects, bind.reading) == (("hazard",), cards[gravity].text)
    assert bind.effect_reasons["hazard"] == "Level 4 or higher monsters cannot attack"
    assert (cylinder_view.effects, cylinder_view.card_type) == ((), "unit")
    assert cylinder_view.reading.startswith("Void in TWGP")
    assert plus == {card.name for card in cards if "plus" in card.effects}
    engine.dispose()


def _effect_rows_out_of_order(engine: Engine) -> int:
    """The effect rows whose name key or game is not their card's (0 when in step)."""
    with engine.connect() as connection:
        return int(
            connection.execute(
                text(
                    "SELECT count(*) FROM card_effect JOIN card ON card.id = card_effect.card_id "
                    "WHERE card_effect.name_key != card.name_key OR card_effect.game != card.game"
                )
            ).scalar_one()
        )


def test_effect_rows_get_their_cards_order_keys_when_upgrading_to_0012(db_url: str) -> None:
    """A catalog of 0011 held effect rows without the order keys: the upgrade fills them from
    the cards, so a page of `effect:` in name order is read from ix_card_effect_order."""
    old = _engine_at(db_url, "0011")
    load_as_before(old, CARDS)
    with old.begin() as connection:
        connection.execute(
            text("INSERT INTO card_effect (effect, card_id) SELECT 'hazard', id FROM card")
        )
    old.dispose()
    engine = open_engine(db_url, load_starter=False)
    assert count_rows(engine, "card_effect") == len(CARDS)
    assert _effect_rows_out_of_order(engine) == 0
    with session_scope(engine) as session:
        found = [view.name for view in search_cards(session=session, query="effect:hazard")]
    assert found == sorted(found, key=str.casefold)
    assert len(found) == len(CARDS)
    engine.dispose()


def test_written_effect_rows_carry_their_cards_order_keys(db_url: str) -> None:
    """Import and the effects refresh (a type override) write the order keys with the rows."""
    from catalog.cards.effects_refresh import refresh_effects

    engine = open_engine(db_url, load_starter=False)
    load(engine)
    with engine.begin() as connection:
        connection.execute(text("UPDATE card SET effects = '[]'"))
        connection.execute(text("DELETE FROM card_effect"))
        assert refresh_effects(connection) > 0
    assert count_rows(engine, "card_effect") > 0
    assert _effect_rows_out_of_order(engine) == 0
    engine.dispose()
