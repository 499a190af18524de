"""The fetch loop shared by every online look-up: each batch of records is converted and
stored in its own transaction before the next request is sent (so Ctrl-C or `should_stop`
keeps what was stored), progress is reported per batch, and misses get suggestions."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Engine

from catalog.base.errors import CatalogError
from catalog.ingest.conversion import convert_record
from catalog.ingest.importer import Failure, ImportReport, import_cards
from catalog.ingest.reading import SourceRecord
from catalog.lookup.repository import closest_names, find_cards
from catalog.sources.clients import OnlineSettings
from catalog.sources.fetchers import Batch, CardQuery, GameFetcher, Miss
from catalog.store.db import session_scope
from converters.base import ConvertedCard, Converter

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FetchProgress:
    """Where a fetch is: `done` of `total` (None: unknown) in `unit`s, in a `phase`."""

    phase: str  # "looking up", "downloading", "importing"
    done: int
    total: int | None
    unit: str  # "cards" or "bytes"
    stored: int
    requests: int
    cache_hits: int


@dataclass
class FetchReport:
    """What a fetch stored, what it missed, and what it cost."""

    game: str
    source: str
    imported: ImportReport
    cards: list[ConvertedCard] = field(default_factory=list)  # stored (not kept for bulk)
    misses: list[Miss] = field(default_factory=list)
    offline: list[str] = field(default_factory=list)  # would have needed the network
    in_catalog: list[str] = field(default_factory=list)  # of those, already in the catalog
    requests: int = 0
    cache_hits: int = 0
    interrupted: bool = False
    bulk_file: Path | None = None

    @property
    def stored(self) -> int:
        return self.imported.stored


OnProgress = Callable[[FetchProgress], None]
ShouldStop = Callable[[], bool]


def mark_known(engine: Engine, report: FetchReport, queries: Sequence[CardQuery]) -> None:
    """Offline: which of the cards that needed the network the catalog already holds."""
    if not report.offline:
        return
    by_label = {q.label: q for q in queries}
    with session_scope(engine) as session:
        for label in report.offline:
            query = by_label.get(label)
            if query is not None and find_cards(
                session=session,
                game=report.game,
                name=query.name,
                source_id=None if query.name else query.source_id,
                set_code=query.set_code,
                collector_number=query.collector_number,
                limit=1,
            ):
                report.in_catalog.append(label)


def new_report(game: str, fetcher: GameFetcher, what: str) -> FetchReport:
    name = fetcher.source.name
    return FetchReport(game=game, source=name, imported=ImportReport(source=f"{name} {what}"))


def run_batches(
    engine: Engine,
    converter: Converter,
    batches: Iterable[Batch],
    report: FetchReport,
    settings: OnlineSettings,
    progress: OnProgress | None,
    should_stop: ShouldStop | None,
    total: int | None,
) -> None:
    done = 0
    try:
        for batch in batches:
            store_batch(engine, converter, batch, report)
            done += batch.done
            total = batch.total if batch.total is not None else total
            count_requests(report, settings)
            if progress:
                progress(progress_event(report, settings, "looking up", done, total, "cards"))
            if should_stop is not None and should_stop():
                report.interrupted = True
                break
    except KeyboardInterrupt:
        report.interrupted = True
    count_requests(report, settings)


def store_batch(engine: Engine, converter: Converter, batch: Batch, report: FetchReport) -> None:
    """Convert a batch and store it in one transaction (skips and failures are counted)."""
    imported = report.imported
    cards: dict[str, ConvertedCard] = {}
    for record in batch.records:
        index = imported.processed + len(cards) + 1
        outcome = convert_record(converter, SourceRecord(index, record), report.source)
        if outcome.card is not None:
            cards.setdefault(outcome.card.source_id, outcome.card)
        elif outcome.skipped is not None:
            imported.skip(outcome.skipped)
        else:
            imported.fail(Failure(outcome.where, index, outcome.failed or "failed"))
    if cards:
        part = import_cards(engine, cards.values(), source=imported.source)
        imported.new += part.new
        imported.updated += part.updated
        imported.unchanged += part.unchanged
        imported.batches += part.batches
        known = {c.source_id for c in report.cards}
        report.cards.extend(c for c in cards.values() if c.source_id not in known)
    report.misses.extend(batch.misses)
    report.offline.extend(batch.offline)


def count_requests(report: FetchReport, settings: OnlineSettings) -> None:
    report.requests = settings.stats.requests
    report.cache_hits = settings.stats.cache_hits


def progress_event(
    report: FetchReport,
    settings: OnlineSettings,
    phase: str,
    done: int,
    total: int | None,
    unit: str,
) -> FetchProgress:
    return FetchProgress(
        phase, done, total, unit, report.stored, settings.stats.requests, settings.stats.cache_hits
    )


def suggest_misses(
    engine: Engine,
    fetcher: GameFetcher,
    report: FetchReport,
    queries: Sequence[CardQuery],
    api_limit: int,
    offline: bool,
) -> None:
    """Closest names for each miss: the API's (first `api_limit` misses), then the catalog's."""
    if not report.misses:
        return
    by_label = {q.label: q for q in queries}
    improved = []
    with session_scope(engine) as session:
        for n, miss in enumerate(report.misses):
            query = by_label.get(miss.query)
            name = query.name if query else None
            if not name:
                improved.append(miss)
                continue
            found = list(miss.suggestions)
            if n < api_limit and not offline and not found:
                try:
                    found += fetcher.suggest(name)
                except CatalogError as exc:  # suggestions are a courtesy, not the job
                    log.debug("no suggestions from %s: %s", fetcher.source.name, exc)
            found += closest_names(session=session, name=name, game=report.game)
            names = [s for s in dict.fromkeys(found) if s.casefold() != name.casefold()]
            improved.append(Miss(miss.query, tuple(names[:5]), miss.reason))
    report.misses = improved
