"""Importing a collection file into the catalog: read → resolve → write, in one transaction.

Policy — merge and replace (README "Collections"):
* every resolved row becomes one collection entry keyed by `entry_keys` (format, optional
  label, the row's content and its occurrence among identical rows — never its line number);
* merge: entries are upserted by key, so a row already imported is replaced by itself and
  importing the same file twice counts nothing twice; new rows add copies;
* replace: the whole collection is emptied first, then the file's entries are written;
* the transaction covers the whole file: any error before the commit leaves the collection as
  it was; `dry_run` runs everything, reports, and rolls back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from sqlalchemy import Engine, func, select
from sqlmodel import Session

from catalog.collections.reader import ReadOptions, read_collection
from catalog.collections.resolve import RESOLVED, Resolution, Resolver
from catalog.collections.rows import CollectionRow, ParsedCollection, RowProblem, entry_keys
from catalog.db import session_scope
from catalog.errors import CatalogError
from catalog.models import COLLECTION_ROW
from catalog.owned import OwnedChange, OwnedEntry, clear_collection, put_entries

Mode = Literal["merge", "replace"]
#: looks up rows the catalog lacks in an online source and stores the cards it finds
Fetcher = Callable[[Engine, Sequence[CollectionRow]], object]


@dataclass(frozen=True)
class ImportOptions:
    read: ReadOptions = field(default_factory=ReadOptions)
    mode: Mode = "merge"
    dry_run: bool = False
    strict: bool = False  # write nothing when a row is bad or unresolved
    label: str = ""  # rows keyed under another label are other copies (see entry_keys)


@dataclass
class CollectionImportReport:
    """What an import read, resolved and changed (or would change, on a dry run)."""

    parsed: ParsedCollection
    options: ImportOptions
    resolutions: list[Resolution] = field(default_factory=list)
    change: OwnedChange = field(default_factory=OwnedChange)
    copies_before: int = 0
    copies_after: int = 0
    written: bool = False

    @property
    def by_status(self) -> Counter[str]:
        return Counter(r.status for r in self.resolutions)

    @property
    def resolved(self) -> int:
        return sum(1 for r in self.resolutions if r.resolved)

    @property
    def unresolved(self) -> list[Resolution]:
        return [r for r in self.resolutions if not r.resolved]

    @property
    def unresolved_rows(self) -> list[CollectionRow]:
        """The rows no catalog card matched, for a later batch look-up (`--fetch`)."""
        return [r.row for r in self.unresolved]

    @property
    def problems(self) -> list[RowProblem]:
        return self.parsed.problems

    @property
    def copies_added(self) -> int:
        return self.copies_after - self.copies_before


class CollectionImportRefused(CatalogError):  # noqa: N818 - it names the outcome
    """`strict` import of a file with bad or unresolved rows: nothing was written. `report`
    lists the rows."""

    def __init__(self, message: str, *, report: CollectionImportReport) -> None:
        super().__init__(message, hint="fix the rows listed, or import without --strict")
        self.report = report


def import_collection(
    engine: Engine,
    path: str | Path,
    options: ImportOptions = ImportOptions(),
    *,
    fetch: Fetcher | None = None,
) -> CollectionImportReport:
    """Read, resolve and store a collection file (see the module policy).

    Raises CollectionFormatError/InputFormatError for an unreadable file (nothing written),
    CollectionImportRefused for a strict import with problems, DatabaseError on store faults."""
    parsed = read_collection(path, options.read)
    if fetch is not None:
        _fetch_missing(engine, parsed.rows, fetch)
    report = CollectionImportReport(parsed, options)
    with session_scope(engine) as session:
        report.resolutions = Resolver(session).resolve_all(parsed.rows)
        _refuse_if_strict(report)
        report.copies_before = _copies(session)
        if options.mode == "replace":
            clear_collection(session=session)
        report.change = put_entries(session=session, entries=_entries(report, path))
        session.flush()
        report.copies_after = _copies(session)
        if options.dry_run:
            session.rollback()
        report.written = not options.dry_run
    return report


def _fetch_missing(engine: Engine, rows: Sequence[CollectionRow], fetch: Fetcher) -> None:
    with session_scope(engine) as session:
        missing = [r.row for r in Resolver(session).resolve_all(rows) if not r.resolved]
    if missing:
        fetch(engine, missing)


def _refuse_if_strict(report: CollectionImportReport) -> None:
    if not report.options.strict:
        return
    bad = len(report.parsed.errors) + len(report.unresolved)
    if bad:
        raise CollectionImportRefused(
            f"{report.parsed.file}: {bad} row(s) are bad or unresolved: nothing was written",
            report=report,
        )


def _entries(report: CollectionImportReport, path: str | Path) -> list[OwnedEntry]:
    # Keys over every row read (resolved or not), so that they do not depend on the catalog.
    keys = entry_keys(report.parsed.format_id, report.parsed.rows, label=report.options.label)
    source = Path(path).name if str(path) != "-" else "<stdin>"
    prefix = f"file:{report.parsed.format_id}:"
    return [
        OwnedEntry(
            prefix + key,
            r.card.id,
            r.row.quantity,
            r.row.finish,
            r.row.condition,
            r.row.lang,
            r.row.location,
            source,
            r.row.line,
        )
        for key, r in zip(keys, report.resolutions, strict=True)
        if r.card is not None
    ]


def _copies(session: Session) -> int:
    total = session.execute(select(func.sum(COLLECTION_ROW.c.quantity))).scalar()
    return int(total or 0)


__all__ = [
    "RESOLVED", "CollectionImportRefused", "CollectionImportReport", "Fetcher", "ImportOptions",
    "Mode", "import_collection",
]  # fmt: skip
