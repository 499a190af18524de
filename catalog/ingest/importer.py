"""Import converted cards into the catalog: stream, convert, and write in batches, one
transaction per batch.

Policy — interrupted imports: a crash, Ctrl-C or SIGTERM rolls back the batch being written,
so no batch is ever half-written; the batches committed before it stay (re-running the import
finishes the job, as every import is idempotent). An interrupt raises ImportInterrupted (a
KeyboardInterrupt) carrying the report, which counts exactly the batches committed: a signal
arriving while a batch commits waits until that batch is counted. Overrides and collection
counts are never touched: cards are updated in place, keyed by (game, source id), and never
deleted.

Each batch is one write transaction holding the catalog's write lock
(catalog/schema/transactions.py),
so two imports of one file at once take turns batch by batch: the second finds the first's
cards and counts them unchanged, rather than failing on the UNIQUE (game, source id).

Speed: files of more than PROCESS_MIN_BYTES are written by a second process
(catalog/ingest/import_writer.py) while this one reads and converts the next batches; the batches
handed over before a bad record or file is met are still written, as they would have been."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.exc import SQLAlchemyError

from catalog.base.errors import DatabaseError, database_error, fault_text
from catalog.cards.card_rows import CardRow, card_row
from catalog.ingest.conversion import Outcome, convert_files
from catalog.ingest.folders import card_files
from catalog.ingest.import_writer import ProcessWriter, WriterError, can_use_process
from catalog.ingest.textfiles import display_name
from catalog.ingest.upsert import BatchResult, write_batch
from catalog.schema.catalog_lock import importing
from catalog.schema.dialects import refresh_statistics
from catalog.schema.interrupts import interrupts_deferred
from catalog.schema.models import CARD
from catalog.schema.transactions import write_transaction
from catalog.schema.urls import describe, refused_if_read_only
from converters.base import ConvertedCard, Converter

BATCH_SIZE = 2000
#: files at least this large (together) are written by a second process
PROCESS_MIN_BYTES = 16 << 20
#: failures kept with their details (all are counted)
MAX_FAILURES = 1000


class ImportInterrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM stopped an import; `report` counts exactly what was committed."""

    def __init__(self, report: ImportReport) -> None:
        super().__init__()
        self.report = report


@dataclass(frozen=True)
class Failure:
    where: str  # "file: line 12" or "file: record 3"
    index: int  # the record's index in its file, from 1
    reason: str


@dataclass
class ImportReport:
    """What an import did, so far (it is updated batch by batch)."""

    source: str
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    failed: int = 0
    skip_reasons: dict[str, int] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    batches: int = 0

    @property
    def stored(self) -> int:
        return self.new + self.updated + self.unchanged

    @property
    def processed(self) -> int:
        return self.stored + self.skipped + self.failed

    def skip(self, reason: str) -> None:
        self.skipped += 1
        self.skip_reasons[reason] = self.skip_reasons.get(reason, 0) + 1

    def fail(self, failure: Failure) -> None:
        self.failed += 1
        if len(self.failures) < MAX_FAILURES:
            self.failures.append(failure)


Progress = Callable[[ImportReport], None]


def import_files(
    engine: Engine,
    converter: Converter,
    paths: Iterable[str | Path],
    *,
    progress: Progress | None = None,
    batch_size: int = BATCH_SIZE,
    encoding: str | None = None,
    starter: bool = False,
) -> ImportReport:
    """Convert and store every record of `paths` (a folder: the card files in it,
    catalog/ingest/folders.py). Unreadable files raise InputFormatError
    after the batches before the fault are committed. `starter` marks the records as the
    bundled starter catalog's (real records of the same cards replace them)."""
    given = list(paths)  # the report names the folders given, not every file in them
    paths = card_files(given)
    report = ImportReport(source=", ".join(display_name(p) for p in given))
    _refuse_damaged(engine)
    cards = _cards_of(convert_files(converter, paths, encoding=encoding), report)
    rows = _rows(cards, starter)
    # the starter cards go in while the catalog is created, under the folder's own lock
    locked = contextlib.nullcontext() if starter else importing(engine)
    with _interrupts_reported(report), locked:
        if can_use_process(engine) and _total_bytes(paths) >= PROCESS_MIN_BYTES:
            _store_through_process(engine, rows, report, progress, batch_size)
        else:
            _store(engine, rows, report, progress, batch_size)
        if report.new or report.updated:
            try:
                with engine.begin() as connection:
                    refresh_statistics(connection)
            except SQLAlchemyError as exc:  # the cards are stored: only the statistics failed
                raise database_error(f"{report.stored} cards stored, then", exc) from exc
    return report


def _refuse_damaged(engine: Engine) -> None:
    """A damaged SQLite catalog is refused before anything is written: otherwise the first
    batches may go in until one meets the damage. SQLite's quick check reads the whole file
    (about a second for 100,000 cards); an empty or new catalog has nothing to check."""
    if engine.dialect.name != "sqlite" or not can_use_process(engine):
        return
    try:
        with engine.connect() as connection:
            if connection.execute(select(CARD.c.id).limit(1)).first() is None:
                return
            found = [str(row[0]) for row in connection.exec_driver_sql("PRAGMA quick_check(3)")]
    except SQLAlchemyError as exc:
        found = [fault_text(exc)]
    if found != ["ok"]:
        where = describe(str(engine.url))
        raise DatabaseError(
            f"the catalog {where} is damaged ({'; '.join(found)}); nothing was imported",
            hint="`twgp doctor` checks it; `twgp restore` puts back a backup",
        )


def import_cards(
    engine: Engine,
    cards: Iterable[ConvertedCard],
    *,
    source: str,
    progress: Progress | None = None,
    batch_size: int = BATCH_SIZE,
) -> ImportReport:
    """Store already converted cards (no raw source record is kept for them)."""
    report = ImportReport(source=source)
    with _interrupts_reported(report):
        _store(engine, _rows(((card, None) for card in cards), False), report, progress,
               batch_size)  # fmt: skip
    return report


def _rows(cards: Iterable[tuple[ConvertedCard, Any]], starter: bool) -> Iterator[CardRow]:
    now = datetime.now(UTC)
    for card, raw in cards:
        yield card_row(card, raw, now=now, starter=starter)


@contextmanager
def _interrupts_reported(report: ImportReport) -> Iterator[None]:
    try:
        yield
    except ImportInterrupted:
        raise
    except KeyboardInterrupt:
        raise ImportInterrupted(report) from None


def _cards_of(
    outcomes: Iterable[Outcome], report: ImportReport
) -> Iterator[tuple[ConvertedCard, Any]]:
    for outcome in outcomes:
        if outcome.card is not None:
            yield outcome.card, outcome.record
        elif outcome.skipped is not None:
            report.skip(outcome.skipped)
        else:
            report.fail(Failure(outcome.where, outcome.index, outcome.failed or "failed"))


def _store(
    engine: Engine,
    rows: Iterable[CardRow],
    report: ImportReport,
    progress: Progress | None,
    batch_size: int,
) -> None:
    batch: list[CardRow] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= batch_size:
            _commit(engine, batch, report)
            batch = []
            if progress:
                progress(report)
    if batch:
        _commit(engine, batch, report)
    if progress:
        progress(report)


def _commit(engine: Engine, batch: list[CardRow], report: ImportReport) -> None:
    """One batch, one transaction: all of it is stored or none of it, and what is stored is
    counted (an interrupt during the commit waits until the count is made)."""
    try:
        with write_transaction(engine) as transaction:
            result = write_batch(transaction.connection, batch)
            with interrupts_deferred():
                transaction.commit()
                _count(report, result)
    except SQLAlchemyError as exc:
        raise _stopped(engine, report, exc) from exc


def _count(report: ImportReport, result: BatchResult) -> None:
    report.new += result.new
    report.updated += result.updated
    report.unchanged += result.unchanged
    report.batches += 1


def _stopped(engine: Engine, report: ImportReport, fault: BaseException | str) -> DatabaseError:
    what = (
        f"import into {describe(str(engine.url))} stopped; the batch being written was "
        f"rolled back ({report.stored} cards stored before it)"
    )
    error = database_error(what, fault if isinstance(fault, BaseException) else Exception(fault))
    return refused_if_read_only(engine, error)


def _total_bytes(paths: list[str | Path]) -> int:
    total = 0
    for path in paths:
        try:
            total += os.stat(path).st_size
        except (OSError, ValueError):  # stdin ("-"), a vanished file: the reader will say
            return 0
    return total


def _store_through_process(
    engine: Engine,
    rows: Iterable[CardRow],
    report: ImportReport,
    progress: Progress | None,
    batch_size: int,
) -> None:
    """`_store` with the writing done by a second process, batch by batch in order."""

    def written(result: BatchResult) -> None:
        _count(report, result)
        if progress:
            progress(report)

    writer = ProcessWriter(engine, written)
    try:
        batch: list[CardRow] = []
        for row in rows:
            batch.append(row)
            if len(batch) >= batch_size:
                writer.put(batch)
                batch = []
        if batch:
            writer.put(batch)
        writer.close()
    except WriterError as failed:
        writer.stop()
        if not failed.database:
            raise RuntimeError(f"the import's writer process failed:\n{failed.cause}") from None
        raise _stopped(engine, report, failed.cause) from None
    except KeyboardInterrupt:
        writer.stop()
        raise
    except BaseException:  # a bad file: what was handed over before it is still written
        with contextlib.suppress(WriterError, KeyboardInterrupt):
            writer.close()
        writer.stop()
        raise
    if progress:
        progress(report)
