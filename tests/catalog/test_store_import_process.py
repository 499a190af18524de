"""Large file imports are written by a second process (catalog/ingest/import_writer.py): the same
cards and counts as a one-process import, database faults become DatabaseError, a bad file
keeps the batches handed over before it, and Ctrl-C stops the writer with no batch half
written."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text

from catalog.base.errors import DatabaseError
from catalog.cards.card_rows import CardRow, card_row
from catalog.ingest import importer
from catalog.ingest.importer import ImportReport, import_files
from converters.errors import InputFormatError
from converters.registry import load_converter
from tests.catalog.helpers import count_rows
from tests.helpers.catalog_files import bulk_file

MTG = load_converter("mtg")


@pytest.fixture
def through_process(monkeypatch: pytest.MonkeyPatch, engine: Engine) -> Engine:
    if engine.dialect.name == "sqlite" and not engine.url.database:
        pytest.skip("an in-memory catalog is written in-process")
    monkeypatch.setattr(importer, "PROCESS_MIN_BYTES", 0)
    return engine


def test_the_writer_process_stores_every_batch(through_process: Engine, tmp_path: Path) -> None:
    path = bulk_file(tmp_path / "bulk.json", 25)
    seen: list[int] = []
    report = import_files(through_process, MTG, [path], batch_size=10,
                          progress=lambda r: seen.append(r.new))  # fmt: skip
    assert (report.new, report.batches) == (25, 3)
    assert seen == [10, 20, 25, 25]
    assert count_rows(through_process) == 25
    assert count_rows(through_process, "card_name") == 25
    again = import_files(through_process, MTG, [path], batch_size=10)
    assert (again.new, again.updated, again.unchanged) == (0, 0, 25)


def test_a_database_fault_in_the_writer_is_a_database_error(
    through_process: Engine, tmp_path: Path
) -> None:
    with through_process.begin() as connection:
        connection.execute(text("DROP TABLE card_effect"))
    path = bulk_file(tmp_path / "bulk.json", 5)
    with pytest.raises(DatabaseError, match="rolled back"):
        import_files(through_process, MTG, [path], batch_size=10)
    assert count_rows(through_process) == 0


def test_batches_before_a_broken_file_are_kept(through_process: Engine, tmp_path: Path) -> None:
    path = bulk_file(tmp_path / "bulk.json", 25, tail=", {broken")
    with pytest.raises(InputFormatError):
        import_files(through_process, MTG, [path], batch_size=10)
    assert count_rows(through_process) == 20


def test_an_interrupt_stops_the_writer(
    through_process: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = bulk_file(tmp_path / "bulk.json", 40)
    real = card_row
    made = {"n": 0}

    def interrupted(*args: Any, **kwargs: Any) -> CardRow:
        made["n"] += 1
        if made["n"] == 25:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(importer, "card_row", interrupted)
    reports: list[ImportReport] = []
    with pytest.raises(KeyboardInterrupt):
        import_files(through_process, MTG, [path], batch_size=10,
                     progress=lambda r: reports.append(r))  # fmt: skip
    stored = count_rows(through_process)
    assert stored in (0, 10, 20)  # whole batches only
    assert (reports[-1].new if reports else 0) == stored  # what was written is reported
    assert multiprocessing.active_children() == []
