"""The importer: idempotent batched upserts, updates in place, overrides and collection counts
that survive re-imports, and interrupted imports that leave no half-written batch."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text

from catalog.base.errors import DatabaseError
from catalog.collections.owned import set_owned
from catalog.ingest import upsert
from catalog.ingest.importer import ImportReport, import_cards, import_files
from catalog.lookup.repository import find_cards, get_card, set_override
from catalog.store.db import session_scope
from converters.base import CardType, ConvertedCard, Ruling
from converters.registry import load_converter
from tests.catalog.helpers import CARDS, card, count_rows, load


def _snapshot(engine: Engine) -> dict[str, list[tuple[object, ...]]]:
    tables = {
        "card": "SELECT id, game, source_id, content_hash, grade, card_type FROM card ORDER BY id",
        "card_name": "SELECT key, card_id FROM card_name ORDER BY card_id, key",
        "card_effect": "SELECT effect, card_id FROM card_effect ORDER BY card_id, effect",
    }
    with engine.connect() as connection:
        return {
            name: [tuple(r) for r in connection.execute(text(sql))] for name, sql in tables.items()
        }


def test_first_import_counts_every_card_as_new(engine: Engine) -> None:
    report = load(engine)
    assert (report.new, report.updated, report.unchanged) == (len(CARDS), 0, 0)
    assert count_rows(engine) == len(CARDS)


def test_importing_the_same_cards_twice_changes_nothing(engine: Engine) -> None:
    load(engine)
    before = _snapshot(engine)
    report = load(engine)
    assert (report.new, report.updated, report.unchanged) == (0, 0, len(CARDS))
    assert _snapshot(engine) == before


def test_a_changed_card_is_updated_in_place(engine: Engine) -> None:
    load(engine)
    with session_scope(engine) as session:
        before = get_card(session=session, card_ref="mtg:bears")
    changed = dataclasses.replace(CARDS[2], grade=Ruling(3, "errata: value 3 → 03"),
                                  text="Grizzly Bears can't be blocked by Walls.")  # fmt: skip
    report = import_cards(engine, [changed], source="test")
    assert (report.new, report.updated, report.unchanged) == (0, 1, 0)
    with session_scope(engine) as session:
        after = get_card(session=session, card_ref="mtg:bears")
        assert after.id == before.id
        assert (after.grade, after.grade_reason) == (3, "errata: value 3 → 03")
        assert find_cards(session=session, name="灰色熊")[0].id == before.id  # names rewritten


def test_duplicates_within_one_batch_keep_the_last(engine: Engine) -> None:
    first = card("dup", "Llanowar Elves", 1, CardType.UNIT)
    second = dataclasses.replace(first, name_ja="ラノワールのエルフ")
    report = import_cards(engine, [first, first, second], source="test")
    assert (report.new, report.unchanged, report.updated) == (1, 1, 1)
    with session_scope(engine) as session:
        assert get_card(session=session, card_ref="mtg:dup").name_ja == "ラノワールのエルフ"
    assert count_rows(engine) == 1


def test_reimport_keeps_overrides_and_collection_counts(engine: Engine) -> None:
    load(engine)
    with session_scope(engine) as session:
        set_override(session=session, card_ref="mtg:bonesplitter", grade=5, reason="house rule")
        bears = get_card(session=session, card_ref="Grizzly Bears")
        set_owned(session=session, card_id=bears.id, quantity=4)
    changed = [dataclasses.replace(c, text=c.text + " (reprinted)") for c in CARDS]
    report = import_cards(engine, changed, source="test")
    assert report.updated == len(CARDS)
    with session_scope(engine) as session:
        bonesplitter = get_card(session=session, card_ref="mtg:bonesplitter")
        assert bonesplitter.grade == 5
        assert bonesplitter.source_grade == 1
        assert bonesplitter.override is not None
        assert bonesplitter.override.reason == "house rule"
        assert get_card(session=session, card_ref="Grizzly Bears").owned == 4


def test_an_override_applies_to_newly_imported_printings(engine: Engine) -> None:
    load(engine, CARDS[:1])
    with session_scope(engine) as session:
        set_override(session=session, card_ref="mtg:bolt-lea", card_type=CardType.CHARGE_TRAP)
    load(engine, CARDS[1:2])  # the Japanese printing of the same identity
    with session_scope(engine) as session:
        japanese = get_card(session=session, card_ref="mtg:bolt-ja")
        assert japanese.card_type is CardType.CHARGE_TRAP
        assert japanese.source_type is CardType.CHARGE_EFFECT


def _cards(count: int) -> Iterator[ConvertedCard]:
    for number in range(count):
        yield card(f"c{number}", f"Test Card {number}", number % 100, CardType.UNIT,
                   text="Flying" if number % 2 else "Paralyze target creature.")  # fmt: skip


def test_an_error_mid_batch_leaves_that_batch_unwritten(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Batches of 10; the third batch fails after its cards are inserted but before its name
    keys are: the two committed batches stay, nothing of the third remains."""
    calls = {"n": 0}
    real = upsert.write_children

    def failing(*args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("simulated crash in the middle of a batch")
        return real(*args, **kwargs)

    import_cards(engine, _cards(20), source="test", batch_size=10)
    before = _snapshot(engine)
    calls["n"] = 0
    monkeypatch.setattr(upsert, "write_children", failing)
    changed = (dataclasses.replace(c, text="changed") for c in _cards(35))
    with pytest.raises(RuntimeError, match="simulated crash"):
        import_cards(engine, changed, source="test", batch_size=10)
    after = _snapshot(engine)
    # batches 1 and 2 (cards 0–19) were updated and committed; batch 3 (20–29) left no trace
    assert len(after["card"]) == 20
    assert [row[:3] for row in after["card"]] == [row[:3] for row in before["card"]]
    assert after["card"] != before["card"]  # the committed batches did change
    assert {key for key, _ in after["card_name"]} == {f"test card {n}" for n in range(20)}


def test_an_interrupt_between_batches_keeps_committed_batches(engine: Engine) -> None:
    def interrupted() -> Iterator[ConvertedCard]:
        yield from _cards(15)
        raise KeyboardInterrupt

    progress: list[ImportReport] = []
    with pytest.raises(KeyboardInterrupt):
        import_cards(engine, interrupted(), source="test", batch_size=10,
                     progress=lambda r: progress.append(dataclasses.replace(r)))  # fmt: skip
    assert count_rows(engine) == 10
    assert [report.new for report in progress] == [10]


def test_a_database_fault_becomes_database_error(engine: Engine) -> None:
    with engine.begin() as connection:
        connection.execute(text("DROP TABLE card_name"))  # written for every card
    with pytest.raises(DatabaseError, match="rolled back"):
        import_cards(engine, _cards(3), source="test")


def test_import_files_reports_skipped_and_failed_records(engine: Engine, tmp_path: Path) -> None:
    records = [
        {"id": 46986414, "name": "Dark Magician", "type": "Normal Monster", "frameType": "normal",
         "desc": "The ultimate wizard.", "race": "Spellcaster", "atk": 2500, "def": 2100,
         "level": 7, "attribute": "DARK"},
        {"id": 1, "name": "Sheep Token", "type": "Token", "frameType": "token", "desc": ""},
        ["not", "a", "card"],
    ]  # fmt: skip
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"data": records}), encoding="utf-8")
    report = import_files(engine, load_converter("yugioh"), [path])
    assert (report.new, report.skipped, report.failed) == (1, 1, 1)
    assert report.failures[0].index == 3
    assert "expected a JSON object" in report.failures[0].reason
    assert list(report.skip_reasons.values()) == [1]
    again = import_files(engine, load_converter("yugioh"), [path])
    assert (again.new, again.updated, again.unchanged) == (0, 0, 1)
    with session_scope(engine) as session:
        magician = get_card(session=session, card_ref="yugioh:46986414")
        assert (magician.grade, magician.card_type) == (7, CardType.UNIT)
