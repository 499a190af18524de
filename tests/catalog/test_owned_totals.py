"""The kept owned totals (catalog/cards/owned_totals.py) always equal a fresh aggregate of the
collection: after random card imports (a card read again under another identity), identity
merges, collection imports in merge and replace mode, edits and deletes; and after the
migration that makes them, on a catalog that already had a collection."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, create_engine, insert, select
from sqlmodel import Session

from catalog.cards.identity import merge_identities
from catalog.cards.owned_totals import fresh_totals
from catalog.collections.owned import (
    OwnedEntry,
    clear_collection,
    owned_totals,
    put_entries,
    set_owned,
)
from catalog.collections.service import ImportOptions, import_collection
from catalog.ingest.importer import import_cards
from catalog.lookup import search_plan
from catalog.lookup.search import count_cards, search_cards
from catalog.schema.dialects import configure_engine
from catalog.schema.models import CARD, COLLECTION_ROW, OWNED_TOTAL
from catalog.store.db import open_engine, session_scope
from catalog.store.migrate import upgrade
from converters.base import CardType
from tests.catalog.helpers import card, load_as_before

NAMES = ["Lightning Bolt", "Grizzly Bears", "Fire // Ice", "Bonesplitter", "Counterspell"]
SOURCES = 8  # card p<i> is named NAMES[i % len(NAMES)]
IDENTITIES = [f"mtg:id{n}" for n in range(4)]
FILES = ["a.csv", "b.csv"]
KEYS = [f"key{n}" for n in range(6)]

MOXFIELD_HEADER = (
    '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags",'
    '"Last Modified","Collector Number","Alter","Proxy","Purchase Price"'
)

_imports = st.tuples(
    st.just("cards"),
    st.lists(st.tuples(st.integers(0, SOURCES - 1), st.sampled_from(IDENTITIES)), min_size=1,
             max_size=4),
)  # fmt: skip
_merges = st.tuples(st.just("merge"), st.sampled_from(IDENTITIES), st.sampled_from(IDENTITIES))
_entries = st.tuples(
    st.just("entries"),
    st.lists(
        st.tuples(st.sampled_from(KEYS), st.integers(0, SOURCES - 1), st.integers(0, 4),
                  st.sampled_from(FILES)),
        min_size=1, max_size=5,
    ),
)  # fmt: skip
_edits = st.tuples(
    st.just("edit"), st.integers(0, SOURCES - 1), st.integers(-2, 3), st.sampled_from(["set", "add"])
)
_clears = st.tuples(st.just("clear"), st.sampled_from([None, *FILES]))
_files = st.tuples(
    st.just("file"),
    st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 4)), min_size=1, max_size=4),
    st.sampled_from(["merge", "replace"]),
)
OPERATIONS = st.lists(st.one_of(_imports, _merges, _entries, _edits, _clears, _files), max_size=8)


def kept(engine: Engine) -> dict[str, int]:
    with engine.connect() as connection:
        rows = connection.execute(select(OWNED_TOTAL.c.identity, OWNED_TOTAL.c.copies))
        return {identity: int(copies) for identity, copies in rows}


def fresh(engine: Engine) -> dict[str, int]:
    with engine.connect() as connection:
        return fresh_totals(connection)


def card_ids(engine: Engine) -> dict[str, int]:
    with engine.connect() as connection:
        return {s: i for i, s in connection.execute(select(CARD.c.id, CARD.c.source_id))}


def apply(engine: Engine, operation: tuple[object, ...], folder: Path) -> None:
    kind = operation[0]
    if kind == "cards":
        pairs = operation[1]
        assert isinstance(pairs, list)
        cards = [
            card(f"p{i}", NAMES[i % len(NAMES)], 2, CardType.UNIT, identity=identity,
                 text=f"read as {identity}")
            for i, identity in pairs
        ]  # fmt: skip
        import_cards(engine, cards, source="property test")
        return
    if kind == "merge":
        with engine.begin() as connection:
            merge_identities(connection, str(operation[1]), [str(operation[2])])
        return
    ids = card_ids(engine)
    if kind == "entries":
        rows = operation[1]
        assert isinstance(rows, list)
        entries = [
            OwnedEntry(key, ids[f"p{i}"], quantity, source_file=file)
            for key, i, quantity, file in rows
            if f"p{i}" in ids
        ]
        with session_scope(engine) as session:
            put_entries(session=session, entries=entries)
    elif kind == "edit":
        if f"p{operation[1]}" in ids:
            with session_scope(engine) as session:
                set_owned(session=session, card_id=ids[f"p{operation[1]}"],
                          quantity=max(int(str(operation[2])), 0) if operation[3] == "set"
                          else int(str(operation[2])), mode=operation[3])  # type: ignore[arg-type]  # fmt: skip
    elif kind == "clear":
        with session_scope(engine) as session:
            clear_collection(session=session, source_file=operation[1])  # type: ignore[arg-type]
    elif kind == "file" and ids:
        lines = [MOXFIELD_HEADER] + [
            f'"{count}","0","{name}","","Near Mint","English","","","","","False","False",""'
            for name, count in operation[1]  # type: ignore[attr-defined]
        ]
        path = folder / "collection.csv"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        options = ImportOptions(mode=operation[2], force=True)  # type: ignore[arg-type]
        import_collection(engine, path, options)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(operations=OPERATIONS)
def test_kept_totals_equal_a_fresh_aggregate_after_any_operations(
    engine: Engine, tmp_path: Path, operations: list[tuple[object, ...]]
) -> None:
    # the catalog carries over from example to example: the invariant holds for any state
    for operation in operations:
        apply(engine, operation, tmp_path)
        assert kept(engine) == fresh(engine), operation


def test_owned_totals_are_what_the_catalog_hands_out(engine: Engine) -> None:
    import_cards(engine, [
        card("bolt-lea", "Lightning Bolt", 1, CardType.CHARGE_EFFECT),
        card("bolt-ja", "Lightning Bolt", 1, CardType.CHARGE_EFFECT, lang="ja"),
        card("bears", "Grizzly Bears", 2, CardType.UNIT),
        card("ice", "Counterspell", 2, CardType.CHARGE_EFFECT),
    ], source="test")  # fmt: skip
    ids = card_ids(engine)
    with session_scope(engine) as session:
        set_owned(session=session, card_id=ids["bolt-lea"], quantity=3)
        set_owned(session=session, card_id=ids["bolt-ja"], quantity=2)
        set_owned(session=session, card_id=ids["bears"], quantity=1)
    with Session(engine) as session:
        assert owned_totals(session) == {"mtg:lightning bolt": 5, "mtg:grizzly bears": 1}
        assert owned_totals(session, ["mtg:lightning bolt", "mtg:counterspell"]) == {
            "mtg:lightning bolt": 5
        }
        found = search_cards(session=session, query="owned>=2")
        assert {(view.source_id, view.owned) for view in found} == {("bolt-lea", 5), ("bolt-ja", 5)}
        assert count_cards(session=session, query="owned>0") == 3
        assert count_cards(session=session, query="owned=0") == 1
        assert count_cards(session=session, query="owned<2") == 2
        by_owned = search_cards(session=session, query="sort:owned order:desc")
        assert [view.source_id for view in by_owned][-1] == "ice"


def test_the_migration_totals_an_existing_collection(db_url: str) -> None:
    """A catalog of 0008 with a collection: upgrading makes the kept totals, equal to the
    collection's aggregate."""
    engine = create_engine(db_url)
    configure_engine(engine)
    with engine.begin() as connection:
        upgrade(connection, "0008")
    bolts = [
        card("bolt-lea", "Lightning Bolt", 1, CardType.CHARGE_EFFECT),
        card("bolt-m10", "Lightning Bolt", 1, CardType.CHARGE_EFFECT),
        card("bears", "Grizzly Bears", 2, CardType.UNIT),
    ]
    load_as_before(engine, bolts)
    with engine.begin() as connection:
        ids = {s: i for i, s in connection.execute(select(CARD.c.id, CARD.c.source_id))}
        rows = [("a", "bolt-lea", 2), ("b", "bolt-m10", 1), ("c", "bears", 4)]
        connection.execute(insert(COLLECTION_ROW), [
            {"source_key": key, "card_id": ids[source], "quantity": quantity, "finish": "nonfoil",
             "updated_at": datetime.now(UTC)}
            for key, source, quantity in rows
        ])  # fmt: skip
    engine.dispose()
    migrated = open_engine(db_url, load_starter=False)
    try:
        assert kept(migrated) == fresh(migrated) == {
            "mtg:lightning bolt": 3,
            "mtg:grizzly bears": 4,
        }
    finally:
        migrated.dispose()


@pytest.mark.parametrize("walk_from", [0, 1_000_000])
@pytest.mark.parametrize("query", ["sort:owned", "sort:owned order:desc",
                                   "bolt sort:owned order:desc", "type:unit sort:owned"])
def test_pages_by_owned_copies_are_slices_of_the_whole_order(
    engine: Engine, query: str, walk_from: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """sort:owned pages are read in parts (catalog/lookup/search_plan.py; descending with no filter,
    one count of copies at a time, walked in name order or joined and sorted): every page, at
    every offset, is the slice of the whole list sorted by copies, then name, game and id."""
    monkeypatch.setattr(search_plan, "WALK_COPIES_FROM", 1_000_000)  # joined and sorted
    names = ["Lightning Bolt", "Grizzly Bears", "Bolt of Ash", "Llanowar Elves", "Serra Angel"]
    cards = [card(f"c{i}", names[i % len(names)], 2, CardType.UNIT if i % 2 else
                  CardType.CHARGE_EFFECT, identity=f"mtg:card{i % 7}") for i in range(12)]  # fmt: skip
    import_cards(engine, cards, source="test")
    ids = card_ids(engine)
    with session_scope(engine) as session:
        for i, copies in enumerate([3, 0, 1, 0, 2, 0, 0, 1, 0, 0, 4, 0]):
            if copies:
                set_owned(session=session, card_id=ids[f"c{i}"], quantity=copies)
    with Session(engine) as session:
        sorted_ids = [view.id for view in search_cards(session=session, query=query, limit=None)]
    monkeypatch.setattr(search_plan, "WALK_COPIES_FROM", walk_from)
    with Session(engine) as session:
        whole = [view.id for view in search_cards(session=session, query=query, limit=None)]
        assert len(whole) > 3
        assert whole == sorted_ids
        views = search_cards(session=session, query=query, limit=None)
        owned_counts = [view.owned for view in views]
        descending = "desc" in query
        assert owned_counts == sorted(owned_counts, reverse=descending)
        for limit in (1, 2, 5):
            for offset in range(len(whole) + 1):
                page = search_cards(session=session, query=query, limit=limit, offset=offset)
                assert [view.id for view in page] == whole[offset : offset + limit], (limit, offset)


def test_the_doctor_finds_stale_totals_and_sums_them_again(tmp_path: Path) -> None:
    from catalog.store.doctor import examine

    path = tmp_path / "catalog.sqlite3"
    engine = open_engine(str(path), load_starter=False)
    import_cards(engine, [card("bears", "Grizzly Bears", 2, CardType.UNIT)], source="test")
    with session_scope(engine) as session:
        set_owned(session=session, card_id=card_ids(engine)["bears"], quantity=3)
    with engine.begin() as connection:  # what a writer outside twgp could leave
        connection.execute(OWNED_TOTAL.update().values(copies=7))
        connection.execute(insert(OWNED_TOTAL).values(identity="mtg:gone", copies=1))
    engine.dispose()
    found = examine(str(path), repair=False)
    assert [(f.status, f.values) for f in found.findings if f.check == "owned"] == [
        ("problem", {"count": 2})  # a wrong total, a total of an identity owning nothing
    ]
    mended = examine(str(path), repair=True)
    assert [f.code for f in mended.findings if f.check == "owned"] == ["owned_totals_rebuilt"]
    engine = open_engine(str(path), load_starter=False)
    assert kept(engine) == fresh(engine) == {"mtg:grizzly bears": 3}
    engine.dispose()
    assert "owned_totals_ok" in {f.code for f in examine(str(path), repair=False).findings}
