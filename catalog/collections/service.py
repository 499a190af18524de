"""Importing a collection file into the catalog: read → resolve → write, in one transaction,
streamed CHUNK_ROWS rows at a time (memory stays flat: a million rows under 300 MB).

Policy — merge and replace (docs/collections.md, "Merge and replace"):
* every resolved row becomes one collection entry keyed by `EntryKeys` (format, optional
  label, the row's content and its occurrence among identical rows — never its line number);
* merge: entries are upserted by key, so a row already imported is replaced by itself and
  importing the same file twice counts nothing twice; new rows add copies;
* replace: the whole collection is emptied first, then the file's entries are written; a file
  none of whose rows resolves is refused (it would empty the collection) unless `force`;
* the transaction covers the whole file: any error before the commit leaves the collection as
  it was; `dry_run` runs everything, reports, and rolls back;
* the file's game is games.py's: a row never silently lands on another game's card."""

from __future__ import annotations

import contextlib
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Literal

from sqlalchemy import Engine, func, select
from sqlmodel import Session

from catalog.base.errors import CatalogError
from catalog.collections.games import told_game, with_hint
from catalog.collections.limits import CHUNK_ROWS
from catalog.collections.lookup import Fetcher, Unlooked, label_of, look_up
from catalog.collections.owned import OwnedEntry, clear_collection, put_entries
from catalog.collections.reader import CollectionStream, ReadOptions, open_collection
from catalog.collections.report import CollectionImportReport
from catalog.collections.resolve import RESOLVED, Resolution, Resolver
from catalog.collections.rows import CollectionRow, EntryKeys, RowProblem
from catalog.schema.catalog_lock import importing
from catalog.schema.models import COLLECTION_ROW
from catalog.store.db import session_scope, write_scope

Mode = Literal["merge", "replace"]


@dataclass(frozen=True)
class ImportOptions:
    read: ReadOptions = field(default_factory=ReadOptions)
    mode: Mode = "merge"
    dry_run: bool = False
    strict: bool = False  # write nothing when a row is bad or unresolved
    label: str = ""  # rows keyed under another label are other copies (see EntryKeys)
    force: bool = False  # replace even with a file that resolves no row (empties it)
    #: keep every unresolved row, problem and note, each unknown row with its closest names
    #: (`--json`), rather than the first REPORTED_LINES of each
    full_report: bool = False


class CollectionImportRefused(CatalogError):  # noqa: N818 - it names the outcome
    """Nothing was written: a `strict` import of a file with bad or unresolved rows, or a
    replace that would empty the collection. `report` says what the file held."""

    def __init__(self, message: str, *, report: CollectionImportReport, hint: str) -> None:
        super().__init__(message, hint=hint)
        self.report = report


def import_collection(
    engine: Engine,
    path: str | Path,
    options: ImportOptions = ImportOptions(),
    *,
    fetch: Fetcher | None = None,
) -> CollectionImportReport:
    """Read, resolve and store a collection file (see the module policy).

    Raises CollectionFormatError/InputFormatError for an unreadable file, CollectionImportRefused
    (strict, or replace with nothing resolvable), DatabaseError on store faults; in every case
    nothing is written."""
    with _rereadable(path, fetch is not None) as source:
        failed = _fetch_missing(engine, source, options.read, fetch) if fetch else None
        report = _import(engine, source, options, display=str(path))
    if failed is not None:
        report.hints.append(failed)
    if (advice := report.advice(fetched=fetch is not None)) is not None:
        report.hints.append(advice)
    return report


def _import(
    engine: Engine, path: str | Path, options: ImportOptions, *, display: str
) -> CollectionImportReport:
    # written for real: the write lock first (two imports at once: one after the other), and
    # the import lock (a restore waits until the import is done)
    scope = session_scope if options.dry_run else write_scope
    locked = contextlib.nullcontext() if options.dry_run else importing(engine)
    with open_collection(path, options.read) as stream, locked, scope(engine) as session:
        report = CollectionImportReport.of(stream, options.mode, options.dry_run)
        if not stream.named:
            report.hints.append(f"the file has no column of card names (headers: "
                                f"{', '.join(stream.headers)}): its rows resolve only by id or "
                                "by set and number")  # fmt: skip
        resolver = Resolver(session)
        if options.full_report:
            report.limit = resolver.suggestions = None
        report.copies_before = _copies(session)
        if options.mode == "replace":
            clear_collection(session=session)
        keys = EntryKeys(stream.format.id, options.label)
        source = Path(display).name if display != "-" else "<stdin>"
        for rows, resolutions in _resolved_chunks(stream, resolver, report):
            entries = _entries(keys, rows, resolutions, source)
            report.change.add(put_entries(session=session, entries=entries))
        report.finish(stream)
        _refuse(report, options)
        session.flush()
        report.copies_after = _copies(session)
        if options.dry_run:
            session.rollback()
        report.written = not options.dry_run
    return report


@dataclass(frozen=True)
class ResolvedFile:
    """A collection file's rows and the catalog card each resolves to (`resolve_collection`)."""

    format_id: str
    game: str | None
    rows: list[tuple[CollectionRow, Resolution]]
    problems: int


def resolve_collection(
    engine: Engine, path: str | Path, options: ReadOptions | None = None
) -> ResolvedFile:
    """Every row of a collection file with the card an import would find for it, writing
    nothing (previews, and benchmarks/decklists_eval.py)."""
    read = options or ReadOptions()
    with open_collection(path, read) as stream, session_scope(engine) as session:
        report = CollectionImportReport.of(stream, "merge", True)
        pairs = [pair for rows, resolutions in _resolved_chunks(stream, Resolver(session), report)
                 for pair in zip(rows, resolutions, strict=True)]  # fmt: skip
        return ResolvedFile(stream.format.id, report.game, pairs, report.errors + report.skipped)


def _resolved_chunks(
    stream: CollectionStream, resolver: Resolver, report: CollectionImportReport
) -> Iterator[tuple[list[CollectionRow], list[Resolution]]]:
    """The file's rows and their resolutions, CHUNK_ROWS at a time. A file of any game takes
    the game most of its first chunk's cards are as every row's hint (games.py)."""
    hint: str | None = None
    for number, rows in enumerate(_row_chunks(stream, report)):
        if number == 0 and stream.game is None:
            hint = told_game(r.card.game for r in resolver.resolve_all(rows) if r.card)
            report.game, report.game_told = hint, hint is not None
        rows = [with_hint(row, hint) for row in rows] if hint else rows
        resolutions = resolver.resolve_all(rows)
        report.add(resolutions)
        yield rows, resolutions


def _row_chunks(
    stream: CollectionStream, report: CollectionImportReport
) -> Iterator[list[CollectionRow]]:
    items = iter(stream.items)
    while chunk := list(islice(items, CHUNK_ROWS)):
        rows = [item for item in chunk if isinstance(item, CollectionRow)]
        for item in chunk:
            if isinstance(item, RowProblem):
                report.add_problem(item)
        yield rows


def _entries(
    keys: EntryKeys, rows: list[CollectionRow], resolutions: list[Resolution], source: str
) -> list[OwnedEntry]:
    entries = []
    for row, resolution in zip(rows, resolutions, strict=True):
        key = keys.key(row)  # for every row read, resolved or not: keys never depend on the catalog
        if resolution.card is not None:
            entries.append(OwnedEntry(
                f"file:{keys.format_id}:{key}", resolution.card.id, row.quantity, row.finish,
                row.condition, row.lang, row.location, source, row.line,
            ))  # fmt: skip
    return entries


def _refuse(report: CollectionImportReport, options: ImportOptions) -> None:
    bad = report.errors + report.unresolved_count
    if options.strict and bad:
        raise CollectionImportRefused(
            f"{report.file}: {bad:,} row(s) are bad or unresolved: nothing was written",
            report=report, hint="fix the rows listed, or import without --strict",
        )
    if options.mode == "replace" and report.resolved == 0 and not options.force:
        raise CollectionImportRefused(
            f"{report.file}: no row resolves to a catalog card, so --mode replace would empty "
            "the collection: nothing was written",
            report=report,
            hint="check --game and --format, or add --force to empty the collection",
        )


def _fetch_missing(
    engine: Engine, path: str | Path, options: ReadOptions, fetch: Fetcher
) -> str | None:
    """A first pass: each chunk's rows the catalog lacks are handed to `fetch` (which stores
    what it finds in its own transactions, before the import's). When the look-up fails (no
    network), it is not tried again: what the rows were, said; the import goes on."""
    unlooked, reachable = Unlooked(), True
    with open_collection(path, options) as stream, session_scope(engine) as session:
        resolver = Resolver(session, suggestions=0)
        scratch = CollectionImportReport.of(stream, "merge", True)
        for rows, resolutions in _resolved_chunks(stream, resolver, scratch):
            missing = [row for row, r in zip(rows, resolutions, strict=True) if r.card is None]
            if missing and reachable:
                reachable = look_up(fetch, engine, missing, unlooked)
            elif missing:
                unlooked.add("", (label_of(row) for row in missing))
    return unlooked.message("row")


@contextmanager
def _rereadable(path: str | Path, needed: bool) -> Iterator[str | Path]:
    """The path itself, or standard input copied to a temporary file when it must be read
    twice (`--fetch`)."""
    if not needed or str(path) != "-":
        yield path
        return
    with tempfile.NamedTemporaryFile(prefix="twgp-collection-", suffix=".csv") as copy:
        shutil.copyfileobj(sys.stdin.buffer, copy)
        copy.flush()
        yield copy.name


def _copies(session: Session) -> int:
    total = session.execute(select(func.sum(COLLECTION_ROW.c.quantity))).scalar()
    return int(total or 0)


__all__ = [
    "RESOLVED", "CollectionImportRefused", "CollectionImportReport", "Fetcher", "ImportOptions",
    "Mode", "ResolvedFile", "import_collection", "resolve_collection",
]  # fmt: skip
