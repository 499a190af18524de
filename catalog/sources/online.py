"""Look cards up in the public card APIs, convert them and store them in the catalog: the
service behind `twgp fetch`, `twgp collection import --fetch` and the TUI.

Each batch of records (one request, or one paginated search) is converted and stored in its
own transaction before the next request is sent, so Ctrl-C (or `should_stop`) keeps what was
stored. Misses come back with the closest names the API and the catalog suggest; in offline
mode, what would have needed the network is listed instead of fetched."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol

from sqlalchemy import Engine

from catalog.ingest.importer import ImportReport, import_files
from catalog.sources.clients import OnlineSettings, build_client
from catalog.sources.clients.digimoncard import DigimonCardClient
from catalog.sources.clients.lorcast import LorcastClient
from catalog.sources.clients.pokemontcg import PokemonTcgClient
from catalog.sources.clients.scryfall import ScryfallClient
from catalog.sources.clients.sources import (
    DIGIMONCARD,
    LORCAST,
    POKEMONTCG,
    SCRYFALL,
    TCGDEX,
    YGOPRODECK,
    SourceConfigError,
)
from catalog.sources.clients.tcgdex import TcgdexClient
from catalog.sources.clients.ygoprodeck import YgoProDeckClient
from catalog.sources.fetchers import CardQuery, GameFetcher, Miss, unique
from catalog.sources.fetchers.digimon import DigimonFetcher
from catalog.sources.fetchers.lorcana import LorcanaFetcher
from catalog.sources.fetchers.mtg import MtgFetcher
from catalog.sources.fetchers.pokemon import PokemonFetcher
from catalog.sources.fetchers.run import (
    FetchProgress,
    FetchReport,
    OnProgress,
    ShouldStop,
    count_requests,
    mark_known,
    new_report,
    progress_event,
    run_batches,
    suggest_misses,
)
from catalog.sources.fetchers.yugioh import YugiohFetcher
from converters.registry import load_converter

log = logging.getLogger(__name__)

#: games with an online source, and where their cards come from
ONLINE_SOURCES = {
    "mtg": "Scryfall",
    "yugioh": "YGOPRODeck",
    "pokemon": "pokemontcg.io (English), TCGdex (Japanese and other languages)",
    "lorcana": "Lorcast (English)",
    "digimon": "digimoncard.io (English)",
}
#: misses of one fetch that also get the API's suggestions (one request each)
API_SUGGESTIONS = 3
_LANG = re.compile(r"^[a-z]{2}(-[a-z]{2,4})?$")

__all__ = [
    "ONLINE_SOURCES",
    "CardQuery",
    "FetchProgress",
    "FetchReport",
    "Miss",
    "OnProgress",
    "OnlineSettings",
    "ShouldStop",
    "fetch_bulk",
    "fetch_cards",
    "fetch_collection_rows",
    "fetch_set",
    "open_fetcher",
    "resolve_missing",
]


class RowLike(Protocol):
    """What resolve_missing reads of a collection row (catalog.collections.rows.CollectionRow)."""

    @property
    def name(self) -> str: ...
    @property
    def name_ja(self) -> str | None: ...
    @property
    def source_id(self) -> str | None: ...
    @property
    def set_code(self) -> str | None: ...
    @property
    def collector_number(self) -> str | None: ...
    @property
    def lang(self) -> str | None: ...


@contextmanager
def open_fetcher(game: str, settings: OnlineSettings) -> Iterator[GameFetcher]:
    """The look-up strategy for `game`, its HTTP clients closed on exit."""
    if game == "mtg":
        with build_client(SCRYFALL, settings) as http:
            yield MtgFetcher(ScryfallClient(http))
    elif game == "yugioh":
        with build_client(YGOPRODECK, settings) as http:
            yield YugiohFetcher(YgoProDeckClient(http))
    elif game == "pokemon":
        with build_client(POKEMONTCG, settings) as http, build_client(TCGDEX, settings) as dex:
            yield PokemonFetcher(PokemonTcgClient(http), TcgdexClient(dex))
    elif game == "lorcana":
        with build_client(LORCAST, settings) as http:
            yield LorcanaFetcher(LorcastClient(http))
    elif game == "digimon":
        with build_client(DIGIMONCARD, settings) as http:
            yield DigimonFetcher(DigimonCardClient(http))
    else:
        load_converter(game)  # an unknown id gets the registry's error
        online = ", ".join(f"{g} ({s})" for g, s in ONLINE_SOURCES.items())
        raise SourceConfigError(
            f"{game} has no online source; twgp fetches {online}",
            hint=f"import {game} cards from files with `twgp import`",
        )


def _checked(lang: str | None) -> str | None:
    if lang is None:
        return None
    lang = lang.strip().lower()
    if not _LANG.match(lang):
        raise SourceConfigError(f"--lang {lang!r}: use a language code such as en or ja")
    return lang


def fetch_cards(
    engine: Engine,
    game: str,
    names: Sequence[str],
    *,
    set_code: str | None = None,
    lang: str | None = None,
    fuzzy: bool = False,
    settings: OnlineSettings | None = None,
    progress: OnProgress | None = None,
    should_stop: ShouldStop | None = None,
) -> FetchReport:
    """Look `names` up (exactly, or `fuzzy`), optionally in one set and language, convert and
    store what is found. Names may also be ids (a Scryfall id, a passcode, `base1-4`)."""
    lang = _checked(lang)
    queries = unique(
        CardQuery(name=n.strip(), set_code=set_code, lang=lang) for n in names if n.strip()
    )
    return _lookup(
        engine,
        game,
        queries,
        lang=lang,
        fuzzy=fuzzy,
        settings=settings,
        progress=progress,
        should_stop=should_stop,
        api_suggestions=API_SUGGESTIONS,
    )


def resolve_missing(
    engine: Engine,
    game: str,
    rows: Sequence[RowLike],
    *,
    settings: OnlineSettings | None = None,
    progress: OnProgress | None = None,
    should_stop: ShouldStop | None = None,
) -> FetchReport:
    """Look collection rows the catalog could not resolve up online, in as few requests as the
    API allows (Scryfall: 75 rows per request), and store the cards found. Misses get the
    catalog's closest names only (no extra request per miss)."""
    queries = unique(
        CardQuery(
            name=row.name or row.name_ja,
            source_id=row.source_id,
            set_code=row.set_code,
            collector_number=row.collector_number,
        )
        for row in rows
    )
    return _lookup(
        engine,
        game,
        queries,
        lang=None,
        fuzzy=False,
        settings=settings,
        progress=progress,
        should_stop=should_stop,
        api_suggestions=0,
    )


def fetch_collection_rows(engine: Engine, rows: Sequence[RowLike]) -> list[FetchReport]:
    """The `collection import --fetch` hook (catalog/collections/fetch.py): rows grouped by
    game; rows of games without an online source (or with no game) are left alone."""
    by_game: dict[str, list[RowLike]] = {}
    for row in rows:
        game = getattr(row, "game", None)
        if game in ONLINE_SOURCES:
            by_game.setdefault(game, []).append(row)
    reports = []
    for game, game_rows in by_game.items():
        report = resolve_missing(engine, game, game_rows, settings=OnlineSettings.from_env())
        if report.offline:
            log.warning(
                "offline: %d card(s) not in the cache were not looked up: %s",
                len(report.offline),
                ", ".join(report.offline[:10]),
            )
        log.info(
            "fetched %d %s card(s) online in %d request(s)", report.stored, game, report.requests
        )
        reports.append(report)
    return reports


def fetch_set(
    engine: Engine,
    game: str,
    set_code: str,
    *,
    lang: str | None = None,
    settings: OnlineSettings | None = None,
    progress: OnProgress | None = None,
    should_stop: ShouldStop | None = None,
) -> FetchReport:
    """Every card of a set (a Scryfall set code, a YGOPRODeck set name, a pokemontcg.io or
    TCGdex set id), page by page."""
    lang = _checked(lang)
    settings = settings or OnlineSettings.from_env()
    converter = load_converter(game)
    with open_fetcher(game, settings) as fetcher:
        report = new_report(game, fetcher, f"set {set_code}")
        run_batches(
            engine,
            converter,
            fetcher.whole_set(set_code.strip(), lang=lang),
            report,
            settings,
            progress,
            should_stop,
            total=None,
        )
    return report


def fetch_bulk(
    engine: Engine,
    game: str,
    *,
    kind: str | None = None,
    settings: OnlineSettings | None = None,
    progress: OnProgress | None = None,
) -> FetchReport:
    """Download the source's bulk file (when newer than the one on disk) and import it with
    the streaming importer. Ctrl-C keeps the batches already committed."""
    settings = settings or OnlineSettings.from_env()
    converter = load_converter(game)
    with open_fetcher(game, settings) as fetcher:
        report = new_report(game, fetcher, "bulk")

        def downloaded(done: int, total: int | None) -> None:
            if progress:
                progress(progress_event(report, settings, "downloading", done, total, "bytes"))

        path = fetcher.bulk_file(
            settings.bulk_dir(),
            kind=kind,
            refresh=settings.refresh,
            offline=settings.offline,
            progress=downloaded,
        )
    report.bulk_file = path
    count_requests(report, settings)

    def importing(part: ImportReport) -> None:
        report.imported = part
        if progress:
            progress(progress_event(report, settings, "importing", part.processed, None, "cards"))

    try:
        report.imported = import_files(engine, converter, [path], progress=importing)
    except KeyboardInterrupt:
        report.interrupted = True
    return report


# --- the loop ------------------------------------------------------------------------------


def _lookup(
    engine: Engine,
    game: str,
    queries: list[CardQuery],
    *,
    lang: str | None,
    fuzzy: bool,
    settings: OnlineSettings | None,
    progress: OnProgress | None,
    should_stop: ShouldStop | None,
    api_suggestions: int,
) -> FetchReport:
    settings = settings or OnlineSettings.from_env()
    converter = load_converter(game)
    with open_fetcher(game, settings) as fetcher:
        report = new_report(game, fetcher, "online look-up")
        batches = fetcher.lookup(queries, fuzzy=fuzzy, lang=lang)
        run_batches(
            engine, converter, batches, report, settings, progress, should_stop, total=len(queries)
        )
        if not report.interrupted:
            suggest_misses(engine, fetcher, report, queries, api_suggestions, settings.offline)
            mark_known(engine, report, queries)
    return report
