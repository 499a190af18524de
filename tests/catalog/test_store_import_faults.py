"""Imports under faults: a Ctrl-C or SIGTERM arriving while a batch commits is counted (the
summary equals what was committed), the writer process ends quietly whatever happens to its
reader, two imports of one file at once both succeed, and a damaged catalog is refused before
anything is written."""

from __future__ import annotations

import io
import pickle
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine

from catalog.base.errors import DatabaseError
from catalog.cards.card_rows import card_row
from catalog.ingest import import_writer, importer
from catalog.ingest.import_writer import ProcessWriter
from catalog.ingest.importer import ImportInterrupted, import_cards, import_files
from catalog.ingest.upsert import BatchResult
from catalog.schema.interrupts import sigterm_as_interrupt
from catalog.store.db import open_engine
from converters.base import CardType
from converters.registry import load_converter
from tests.catalog.helpers import card, count_rows
from tests.helpers.catalog_files import bulk_file

MTG = load_converter("mtg")


def cards(count: int) -> list[Any]:
    return [card(f"c{n}", f"Test Card {n}", 2, CardType.UNIT) for n in range(count)]


@pytest.fixture
def signal_after_commits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Send ourselves the signals listed, one right after each of the next commits returns
    (the moment a count used to be lost)."""
    pending: list[int] = []
    real = Connection.commit

    def commit(self: Connection) -> None:
        real(self)
        if pending:
            signal.raise_signal(pending.pop(0))

    monkeypatch.setattr(Connection, "commit", commit)
    return pending


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_a_batch_commits_is_counted(
    engine: Engine, signal_after_commits: list[int], number: int
) -> None:
    signal_after_commits.append(number)
    with sigterm_as_interrupt(), pytest.raises(ImportInterrupted) as stopped:
        import_cards(engine, cards(25), source="test", batch_size=10)
    assert stopped.value.report.new == count_rows(engine) == 10


def test_a_signal_while_the_writer_commits_is_answered_first(
    tmp_path: Path, signal_after_commits: list[int]
) -> None:
    engine = open_engine(str(tmp_path / "catalog.sqlite3"), load_starter=False)
    url = engine.url.render_as_string(hide_password=False)
    rows = [card_row(each, None, now=_now()) for each in cards(4)]
    fed = io.BytesIO()
    for item in (url, rows[:2], rows[2:], None):
        pickle.dump(item, fed)
    fed.seek(0)
    answers = io.BytesIO()
    signal_after_commits.append(signal.SIGTERM)  # the reader stops the writer mid-commit
    previous = signal.getsignal(signal.SIGTERM)
    try:
        import_writer.serve(fed, answers)  # the writer's loop, here in the main thread
    finally:
        signal.signal(signal.SIGTERM, previous)
    answers.seek(0)
    assert pickle.load(answers) == ("ok", (2, 0, 0))  # committed, so answered
    with pytest.raises(EOFError):  # then it stopped: the second batch was never taken
        pickle.load(answers)
    assert count_rows(engine) == 2
    engine.dispose()


def test_an_interrupt_while_an_answer_is_counted_waits_for_the_count(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "catalog.sqlite3"), load_starter=False)
    counted: list[BatchResult] = []

    def on_result(result: BatchResult) -> None:
        if not counted:
            signal.raise_signal(signal.SIGINT)  # arrives between taking and counting
        counted.append(result)

    writer = ProcessWriter(engine, on_result)
    rows = [card_row(each, None, now=_now()) for each in cards(3)]
    writer.put(rows)
    with pytest.raises(KeyboardInterrupt):
        writer.close()
    writer.stop()
    assert sum(result.new for result in counted) == count_rows(engine) == 3
    engine.dispose()


def _writer() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "catalog.ingest.import_writer"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)  # fmt: skip


def test_the_writer_ends_quietly_when_its_reader_dies_mid_batch(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "catalog.sqlite3"), load_starter=False)
    url = engine.url.render_as_string(hide_password=False)
    batch = pickle.dumps([card_row(each, None, now=_now()) for each in cards(50)])
    writer = _writer()
    out, err = writer.communicate(pickle.dumps(url) + batch[: len(batch) // 2], timeout=60)
    assert (writer.returncode, out, err) == (0, b"", b"")
    assert count_rows(engine) == 0
    engine.dispose()


def test_the_writer_ends_quietly_when_nobody_reads_its_answers(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "catalog.sqlite3"), load_starter=False)
    url = engine.url.render_as_string(hide_password=False)
    rows = [card_row(each, None, now=_now()) for each in cards(5)]
    writer = _writer()
    assert writer.stdout is not None
    writer.stdout.close()  # the reader is gone before the first answer
    _, err = writer.communicate(pickle.dumps(url) + pickle.dumps(rows) + pickle.dumps(None),
                                timeout=60)  # fmt: skip
    assert (writer.returncode, err) == (0, b"")
    assert count_rows(engine) == 5  # the batch was committed; only its answer was lost
    engine.dispose()


#: the writer process, with a stop request (the reader's SIGTERM) arriving as it closes its
#: connections after the last batch: the moment the reader is stopped while it waits for the
#: writer to finish
_STOPPED_WHILE_CLOSING = """
import runpy, signal, sys
from sqlalchemy.engine import Engine
real = Engine.dispose
def dispose(self, close=True):
    signal.raise_signal(signal.SIGTERM)
    real(self, close)
    sys.stderr.write("closed\\n")
Engine.dispose = dispose
runpy.run_module("catalog.ingest.import_writer", run_name="__main__")
"""


def test_the_writer_stopped_while_it_closes_ends_quietly(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "catalog.sqlite3"), load_starter=False)
    url = engine.url.render_as_string(hide_password=False)
    rows = [card_row(each, None, now=_now()) for each in cards(5)]
    writer = subprocess.Popen([sys.executable, "-c", _STOPPED_WHILE_CLOSING],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)  # fmt: skip
    out, err = writer.communicate(pickle.dumps(url) + pickle.dumps(rows) + pickle.dumps(None),
                                  timeout=60)  # fmt: skip
    assert (writer.returncode, err) == (0, b"closed\n")  # closed first, then quiet
    assert pickle.loads(out) == ("ok", (5, 0, 0))
    assert count_rows(engine) == 5
    engine.dispose()


@pytest.mark.parametrize("through_process", [False, True], ids=["in-process", "writer process"])
def test_one_file_imported_twice_at_once(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, through_process: bool
) -> None:
    if through_process:
        monkeypatch.setattr(importer, "PROCESS_MIN_BYTES", 0)
    path = bulk_file(tmp_path / "bulk.json", 120)
    engines = [open_engine(db_url, load_starter=False) for _ in range(2)]
    start = threading.Barrier(2)
    reports: list[Any] = []

    def run(engine: Engine) -> None:
        start.wait()
        try:
            reports.append(import_files(engine, MTG, [path], batch_size=10))
        except Exception as exc:  # the failure is the test's finding
            reports.append(exc)

    threads = [threading.Thread(target=run, args=(engine,)) for engine in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert [type(report).__name__ for report in reports] == ["ImportReport"] * 2, reports
    assert sum(report.new for report in reports) == 120
    assert sum(report.new + report.unchanged for report in reports) == 240
    assert count_rows(engines[0]) == 120
    for engine in engines:
        engine.dispose()


def test_a_damaged_catalog_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    engine = open_engine(str(path), load_starter=False)
    import_cards(engine, cards(3000), source="test")
    engine.dispose()
    data = bytearray(path.read_bytes())
    start = (len(data) // 4096 * 3 // 4) * 4096  # a page of the indexes, far from new rows
    data[start : start + 4096] = b"\xa5" * 4096
    path.write_bytes(bytes(data))
    engine = open_engine(str(path), load_starter=False)

    with pytest.raises(DatabaseError, match="is damaged") as caught:
        import_files(engine, MTG, [bulk_file(tmp_path / "bulk.json", 30)], batch_size=10)

    assert "nothing was imported" in caught.value.message
    assert "twgp restore" in caught.value.hint
    engine.dispose()
    assert path.read_bytes() == bytes(data)


def _now() -> Any:
    from datetime import UTC, datetime

    return datetime.now(UTC)
