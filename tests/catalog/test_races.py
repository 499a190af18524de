"""Two writers at once give one truthful answer (issue 22 item 5): two identical collection
imports, or two saves of one deck, on one SQLite catalog file both succeed with the counts of
one (the second waits for the first), never a UNIQUE error or a double count; a restore waits
for an import under way and says so.

The writers run on threads, each on its own engine (its own SQLite connections), meeting at a
rendezvous once they have read what they will write: without the write lock taken before the
first read both would read the same state and both insert."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy import Engine

from catalog.collections import resolve
from catalog.collections.owned import collection_entries
from catalog.collections.service import import_collection
from catalog.ingest.importer import import_cards
from catalog.lookup import repository
from catalog.saved import decks
from catalog.schema import sqlite_files
from catalog.schema.catalog_lock import importing
from catalog.store.backup import backup_catalog, restore_catalog
from catalog.store.db import open_engine, session_scope, write_scope
from tests.catalog.collections.cards import CARDS, DATA
from tests.helpers.cli import invoke

T = TypeVar("T")
#: how long a writer at the rendezvous waits for the other (which, waiting for the write
#: lock, never comes)
MEET_SECONDS = 1.5


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    path = tmp_path / "catalog.sqlite3"
    engine = open_engine(str(path), load_starter=False)
    import_cards(engine, CARDS, source="race tests")
    engine.dispose()
    return path


def both_at_once(path: Path, work: Callable[[Engine], T]) -> list[T | BaseException]:
    """`work` run by two threads at once, each on its own engine; what each returned or
    raised."""
    results: list[T | BaseException] = [RuntimeError("not run"), RuntimeError("not run")]
    start = threading.Barrier(2)

    def run(slot: int) -> None:
        engine = open_engine(str(path), load_starter=False)
        try:
            start.wait()
            results[slot] = work(engine)
        except BaseException as exc:  # reported to the test
            results[slot] = exc
        finally:
            engine.dispose()

    threads = [threading.Thread(target=run, args=(slot,)) for slot in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def meeting_after(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str, *, first_only: bool = False
) -> None:
    """Make `owner.name` wait (at most MEET_SECONDS) for the other thread to get there too,
    after it has run: both writers then hold what they read."""
    real = getattr(owner, name)
    meet = threading.Barrier(2, timeout=MEET_SECONDS)
    met: set[int] = set()

    def meeting(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        me = threading.get_ident()
        if not (first_only and me in met):
            met.add(me)
            try:
                meet.wait()
            except threading.BrokenBarrierError:
                pass  # the other waits for the write lock: nothing to meet
        return result

    monkeypatch.setattr(owner, name, meeting)


def test_two_identical_collection_imports_at_once_count_once(
    catalog: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    meeting_after(monkeypatch, resolve.Resolver, "resolve_all", first_only=True)
    file = DATA / "moxfield.csv"
    reports = both_at_once(catalog, lambda engine: import_collection(engine, file))
    failed = [r for r in reports if isinstance(r, BaseException)]
    assert not failed, failed
    changes = sorted((r.change.new, r.change.unchanged) for r in reports)  # type: ignore[union-attr]
    assert changes == [(0, 4), (4, 0)]  # the second saw the first's rows: nothing twice
    engine = open_engine(str(catalog), load_starter=False)
    try:
        with session_scope(engine) as session:
            entries = collection_entries(session=session)
        assert sum(entry.quantity for entry in entries) == 8  # as after one import
    finally:
        engine.dispose()


def test_two_saves_of_one_deck_at_once_both_succeed(
    catalog: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    meeting_after(monkeypatch, decks, "_find")

    def save(engine: Engine) -> decks.DeckRecord:
        with write_scope(engine) as session:
            return repository.save_deck(session=session, name="Burn",
                                        text=f"{threading.get_ident()}", format="full")  # fmt: skip

    results = both_at_once(catalog, save)
    assert not [r for r in results if isinstance(r, BaseException)], results
    engine = open_engine(str(catalog), load_starter=False)
    try:
        with session_scope(engine) as session:
            saved = repository.list_decks(session=session)
    finally:
        engine.dispose()
    assert [deck.name for deck in saved] == ["Burn"]
    assert saved[0].text in {r.text for r in results if isinstance(r, decks.DeckRecord)}


def test_a_restore_waits_for_an_import_under_way_and_says_so(
    catalog: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    backup = backup_catalog(str(catalog), tmp_path / "saved.sqlite3").path
    engine = open_engine(str(catalog), load_starter=False)
    importing_now, finish = threading.Event(), threading.Event()

    def slow_import() -> None:
        with importing(engine):  # what `twgp import` and `collection import` hold
            importing_now.set()
            finish.wait(timeout=30)
            import_collection(engine, DATA / "moxfield.csv")

    importer = threading.Thread(target=slow_import)
    importer.start()
    assert importing_now.wait(timeout=10)
    waiting, done = threading.Event(), threading.Event()

    def restore() -> None:
        restore_catalog(str(catalog), backup, force=True, on_wait=waiting.set)
        done.set()

    restorer = threading.Thread(target=restore)
    restorer.start()
    assert waiting.wait(timeout=30), "the restore did not say it waits"
    time.sleep(0.3)
    assert not done.is_set(), "the restore did not wait for the import"
    finish.set()
    importer.join(timeout=30)
    restorer.join(timeout=30)
    assert done.is_set()
    with session_scope(engine) as session:  # the restore came after the whole import
        assert collection_entries(session=session) == []
    engine.dispose()


def test_the_restore_command_says_it_waits_for_an_import(
    catalog: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    backup = backup_catalog(str(catalog), tmp_path / "saved.sqlite3").path
    engine = open_engine(str(catalog), load_starter=False)
    holding, restore_waits = threading.Event(), threading.Event()
    real_lock = sqlite_files.folder_lock

    def telling_lock(folder: Path, **options: Any) -> Any:
        said = options.get("on_wait")

        def on_wait() -> None:
            if said is not None:
                said()
            restore_waits.set()

        return real_lock(folder, **{**options, "on_wait": on_wait})

    monkeypatch.setattr("catalog.store.backup.folder_lock", telling_lock)

    def import_under_way() -> None:
        with importing(engine):
            holding.set()
            restore_waits.wait(timeout=30)  # the import ends once the restore waits for it

    importer = threading.Thread(target=import_under_way)
    importer.start()
    assert holding.wait(timeout=10)
    code, out, err = invoke("restore", str(backup), "--force", "--db", str(catalog))
    importer.join(timeout=30)
    engine.dispose()
    assert code == 0, err
    assert f"another twgp is importing into {catalog}" in err
    assert "the restore waits until it has finished" in err
    assert "restored" in out
