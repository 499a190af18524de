"""Bulk files: every game's converted catalog as downloadable files (`twgp bulk export DIR`,
`GET /v1/bulk`), so that integrators never page through the API.

Per game two gzip files: `<game>.jsonl.gz`, one card record a line (catalog/ingest/bulk_records.py:
what `twgp import <game>` reads back into the same cards), and `<game>.csv.gz`, one card a
row for spreadsheets (formula-like cells written as text, catalog/base/safe_output.py) — and
`manifest.json` naming each file with its game, format, size, SHA-256, card count and the
time its newest card (or override) changed.

The cards are read in batches of BATCH cards in id order (never the whole catalog in memory)
within one read transaction (every file shows one state of the catalog). Each file is written
to a temporary file in the folder and moved into place; the outputs pass the output check of
every twgp command (catalog/base/safe_output.py) first. Gzip headers carry no time or name, so an
unchanged catalog gives byte-identical files (the checksum doubles as an HTTP ETag)."""

from __future__ import annotations

import contextlib
import csv
import gzip
import hashlib
import io
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

import orjson
from sqlalchemy import Connection, Engine, func, select

from catalog.base.errors import CatalogError
from catalog.base.safe_output import (
    FORMULA_STARTS,
    check_output,
    inert_document,
    inert_json_bytes,
    write_output,
)
from catalog.cards.views import stored_effects
from catalog.ingest.bulk_records import BULK_OBJECT, BULK_VERSION
from catalog.lookup.card_lookups import known_game
from catalog.schema.dialects import utf8_bytes
from catalog.schema.models import CARD, CARD_ALIAS, CARD_OVERRIDE
from converters.base import format_grade
from converters.card_effects import curse_reason

#: cards read per statement
BATCH = 2000
#: gzip's default level (written a batch at a time, compression is a tenth of the work)
COMPRESS_LEVEL = 6
MANIFEST = "manifest.json"
FORMATS = ("jsonl", "csv")
#: a game id that is a safe file name (every installed game's is)
_SAFE_GAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")

#: the CSV's columns, in order
CSV_COLUMNS = (
    "game", "source_id", "name", "name_ja", "identity", "grade", "type", "source_grade",
    "source_type", "grade_reason", "type_reason", "effects", "text", "reading", "set",
    "collector_number", "lang", "stats", "warnings", "override_grade", "override_type",
    "override_reason",
)  # fmt: skip

_COLUMNS = (
    CARD.c.id, CARD.c.game, CARD.c.source_id, CARD.c.name, CARD.c.name_ja, CARD.c.identity,
    CARD.c.grade, CARD.c.card_type, CARD.c.source_grade, CARD.c.source_type,
    CARD.c.grade_reason, CARD.c.type_reason, CARD.c.effects, CARD.c.text, CARD.c.reading,
    CARD.c.stats, CARD.c.set_code, CARD.c.collector_number, CARD.c.lang, CARD.c.warnings,
    CARD.c.raw, CARD.c.imported_at,
    CARD_OVERRIDE.c.grade.label("override_grade"),
    CARD_OVERRIDE.c.card_type.label("override_type"),
    CARD_OVERRIDE.c.reason.label("override_reason"),
    CARD_OVERRIDE.c.created_at.label("override_at"),
)  # fmt: skip


@dataclass(frozen=True)
class BulkFile:
    """One written file, as the manifest lists it."""

    name: str
    game: str
    format: str
    size: int
    sha256: str
    card_count: int
    updated_at: datetime | None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "game": self.game,
            "format": self.format,
            "compression": "gzip",
            "size": self.size,
            "sha256": self.sha256,
            "card_count": self.card_count,
            "updated_at": self.updated_at.isoformat() if self.updated_at else None,
        }

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> BulkFile:
        updated = value.get("updated_at")
        return cls(
            name=str(value["name"]),
            game=str(value["game"]),
            format=str(value["format"]),
            size=int(value["size"]),
            sha256=str(value["sha256"]),
            card_count=int(value["card_count"]),
            updated_at=datetime.fromisoformat(updated) if updated else None,
        )


@dataclass(frozen=True)
class BulkExport:
    """What an export wrote: the folder, the catalog state it shows (`version`) and the files."""

    folder: Path
    version: str
    files: list[BulkFile] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "object": "list",
            "version": self.version,
            "card_count": sum(f.card_count for f in self.files if f.format == "jsonl"),
            "data": [f.to_json() for f in self.files],
        }


#: (game, cards of the game written so far, cards of the game)
Progress = Callable[[str, int, int], None]


def catalog_version(connection: Connection) -> str:
    """A key of the catalog's cards and overrides as they stand: it changes whenever a card
    is added, updated or removed, or an override is set or cleared."""
    cards = connection.execute(
        select(func.count(), func.max(CARD.c.id), func.max(CARD.c.imported_at))
    ).one()
    overrides = connection.execute(
        select(func.count(), func.max(CARD_OVERRIDE.c.id), func.max(CARD_OVERRIDE.c.created_at))
    ).one()
    text = "|".join(str(value) for value in (*cards, *overrides))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def game_counts(connection: Connection) -> dict[str, int]:
    """Cards of each game in the catalog, by game id."""
    statement = select(CARD.c.game, func.count()).group_by(CARD.c.game).order_by(CARD.c.game)
    return {str(game): int(count) for game, count in connection.execute(statement)}


def export_bulk(
    engine: Engine,
    folder: Path,
    *,
    games: Sequence[str] | None = None,
    progress: Progress | None = None,
    protected: Iterable[Path] = (),
) -> BulkExport:
    """Write the bulk files of `games` (ids or names; None: every game of the catalog) and
    the manifest into `folder` (created if missing), replacing files of the same names.
    Raises UnknownGameError for a game neither installed nor in the catalog, CatalogError for
    a game id that is no safe file name, OutputRefusedError for an output that is not a
    regular file or is one of `protected`."""
    folder.mkdir(parents=True, exist_ok=True)
    kept = list(protected)
    with engine.connect() as connection, connection.begin():
        counts = game_counts(connection)
        wanted = _games(connection, counts, games)
        export = BulkExport(folder, catalog_version(connection))
        for game in wanted:
            paths = {fmt: folder / f"{game}.{fmt}.gz" for fmt in FORMATS}
            for path in (*paths.values(), folder / MANIFEST):
                check_output(path, force=True, protected=kept)
            export.files.extend(
                _write_game(connection, game, paths, counts.get(game, 0), progress)
            )
    write_manifest(export)
    return export


def write_manifest(export: BulkExport) -> None:
    document = orjson.dumps(export.to_json(), option=orjson.OPT_INDENT_2).decode() + "\n"
    write_output(export.folder / MANIFEST, document)


def read_manifest(folder: Path) -> BulkExport:
    """The export described by `folder`'s manifest (OSError or ValueError when unreadable)."""
    value = orjson.loads((folder / MANIFEST).read_bytes())
    files = [BulkFile.from_json(item) for item in value["data"]]
    return BulkExport(folder, str(value["version"]), files)


def _games(
    connection: Connection, counts: dict[str, int], games: Sequence[str] | None
) -> list[str]:
    if games is None:
        found = list(counts)
    else:
        from sqlmodel import Session

        with Session(bind=connection) as session:
            found = list(dict.fromkeys(known_game(session, game) for game in games))
    for game in found:
        if not _SAFE_GAME.fullmatch(game):
            raise CatalogError(f"the game id {game!r} is not a safe file name; not exported",
                               hint="pass --games with the other games")  # fmt: skip
    return found


def _write_game(
    connection: Connection,
    game: str,
    paths: dict[str, Path],
    total: int,
    progress: Progress | None,
) -> list[BulkFile]:
    with _Output(paths["jsonl"]) as lines, _Output(paths["csv"]) as table:
        table.write(_csv_text([list(CSV_COLUMNS)]))
        done = 0
        newest: datetime | None = None
        for batch in _batches(connection, game):
            links = _links(connection, game, batch[0].id, batch[-1].id)
            records, rows = [], []
            for row in batch:
                record, cells = _record(row, links.get(row[0], _NO_NAMES))
                records.append(orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE))
                rows.append(cells)
            newest = _newer(newest, batch)
            # a batch is one write (gzip's cost is per call) and one pass of the escapes
            lines.write(inert_json_bytes(b"".join(records)))
            table.write(_csv_text(rows))
            done += len(batch)
            if progress:
                progress(game, done, total)
    if progress and not done:
        progress(game, 0, total)
    return [
        BulkFile(path.name, game, fmt, output.size, output.sha256, done, newest)
        for fmt, path, output in (("jsonl", paths["jsonl"], lines), ("csv", paths["csv"], table))
    ]


_NO_NAMES: tuple[list[str], list[str]] = ([], [])
#: the positions of the times in a row of _COLUMNS
_IMPORTED_AT, _OVERRIDE_AT = 21, 25


def _newer(newest: datetime | None, batch: Sequence[Any]) -> datetime | None:
    """The latest of `newest` and the batch's import and override times (UTC when naive)."""
    for column in (_IMPORTED_AT, _OVERRIDE_AT):
        # one column's times are all naive or all aware: the batch's latest, normalised once
        times = [when for row in batch if (when := row[column]) is not None]
        if times:
            when = _aware(max(times))
            newest = when if newest is None or when > newest else newest
    return newest


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _batches(connection: Connection, game: str) -> Iterator[Sequence[Any]]:
    """The game's cards with their overrides, BATCH at a time in id order (keyset pages: each
    statement starts where the last ended, through the primary key)."""
    after = 0
    # the source records go into the lines as they are stored: read as bytes, never decoded
    columns = [utf8_bytes(connection, c) if c is CARD.c.raw else c for c in _COLUMNS]
    statement = (
        select(*columns)
        .select_from(CARD.outerjoin(CARD_OVERRIDE, CARD_OVERRIDE.c.identity == CARD.c.identity))
        .where(CARD.c.game == game)
        .order_by(CARD.c.id)
        .limit(BATCH)
        # the id index (it holds the game): each page is a range of it, not a sort of the
        # game's every card (SQLite would pick the (game, grade) index and sort: quadratic)
        .with_hint(CARD, "INDEXED BY ix_card_order", "sqlite")
    )
    while True:
        batch = connection.execute(statement.where(CARD.c.id > after)).all()
        if not batch:
            return
        yield batch
        after = batch[-1].id


def _links(
    connection: Connection, game: str, first: int, last: int
) -> dict[int, tuple[list[str], list[str]]]:
    """(aliases, links) of the cards with ids first..last."""
    found: dict[int, tuple[list[str], list[str]]] = {}
    statement = (
        select(CARD_ALIAS.c.card_id, CARD_ALIAS.c.kind, CARD_ALIAS.c.value)
        .where(CARD_ALIAS.c.game == game, CARD_ALIAS.c.card_id.between(first, last))
        .order_by(CARD_ALIAS.c.card_id, CARD_ALIAS.c.kind, CARD_ALIAS.c.value)
    )
    for card_id, kind, value in connection.execute(statement):
        aliases, links = found.setdefault(card_id, ([], []))
        (links if kind == "link" else aliases).append(value)
    return found


def _record(row: Any, names: tuple[list[str], list[str]]) -> tuple[dict[str, Any], list[Any]]:
    """The JSON record and the CSV cells of one card. The stored JSON columns (`stats`,
    `warnings`, the source record `raw`) go in as they are stored (orjson fragments, not
    parsed and written again); the effects are read once per distinct stored value."""
    (_id, game, source_id, name, name_ja, identity, grade, card_type, source_grade,
     source_type, grade_reason, type_reason, stored, text, reading, stats, set_code,
     collector_number, lang, warnings, raw, _imported_at, override_grade, override_type,
     override_reason, override_at) = row  # fmt: skip
    effects, reasons = _effects(stored, text, name)
    curse = curse_reason(text, name) if card_type == "weapon" else None
    override = None
    if override_at is not None:
        override = {"grade": format_grade(override_grade), "type": override_type,
                    "reason": override_reason,
                    "created_at": _aware(override_at).isoformat()}  # fmt: skip
    shown = format_grade(grade)
    record = {
        "object": BULK_OBJECT,
        "bulk_version": BULK_VERSION,
        "game": game,
        "source_id": source_id,
        "name": name,
        "name_ja": name_ja,
        "identity": identity,
        "grade": shown,
        "type": card_type,
        "source_grade": source_grade,
        "source_type": source_type,
        "grade_reason": grade_reason,
        "type_reason": type_reason,
        "effects": effects,
        "effect_reasons": reasons,
        "curse": curse is not None,
        "curse_reason": curse,
        "text": text,
        "reading": reading,
        "stats": orjson.Fragment(stats),
        "set": set_code,
        "collector_number": collector_number,
        "lang": lang,
        "warnings": orjson.Fragment(warnings),
        "aliases": names[0],
        "links": names[1],
        "override": override,
        "raw": _NULL if raw is None else orjson.Fragment(raw),
    }
    cells = [
        game, source_id, _cell(name), name_ja or "", identity,
        shown or "", card_type or "",
        "" if source_grade is None else source_grade, source_type or "",
        _cell(grade_reason), _cell(type_reason), ";".join(effects), _cell(text),
        _cell(reading), _cell(set_code or ""), _cell(collector_number or ""),
        lang or "", stats, warnings,
        format_grade(override_grade) or "" if override else "",
        (override_type or "") if override else "",
        _cell(override_reason or "") if override else "",
    ]  # fmt: skip
    return record, cells


_NULL = orjson.Fragment(b"null")


def _effects(stored: str, text: str, name: str) -> tuple[tuple[str, ...], dict[str, str]]:
    """(effects, effect → reason) of a card's stored `effects` (views.stored_effects), read
    once per distinct stored value; a bare list of an older catalog is read with its text."""
    found = _stored_reasons(stored)
    if found is None:
        found = stored_effects(stored, text, name)
    return tuple(found), found


@lru_cache(maxsize=1 << 12)
def _stored_reasons(stored: str) -> dict[str, str] | None:
    """The reasons of a stored effects object (shared: callers do not change it); None for
    a bare list, whose reasons come from the card's text."""
    return stored_effects(stored, "", "") if stored.lstrip().startswith("{") else None


def _cell(text: str) -> str:
    """A text cell a spreadsheet would run, written as text (catalog/base/safe_output.py's
    `csv_cell`; control characters are made visible a batch at a time, `_csv_text`)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _csv_text(rows: list[list[Any]]) -> bytes:
    """Rows as CSV (UTF-8, CRLF), every control character but tab and line ends visible."""
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    return inert_document(buffer.getvalue()).encode("utf-8", "replace")


class _Hashed(io.RawIOBase):
    """A file written through, counting and hashing every byte."""

    def __init__(self, file: IO[bytes]) -> None:
        self._file = file
        self.hash = hashlib.sha256()
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        view = memoryview(data)
        self._file.write(view)
        self.hash.update(view)
        self.size += view.nbytes
        return view.nbytes


class _Output:
    """A gzip file written to a temporary file beside `path`, moved into place on success and
    removed on failure. Compressing, hashing and writing run in a thread of their own (zlib,
    hashlib and file writes release the GIL), a batch behind the reading and formatting."""

    def __init__(self, path: Path) -> None:
        self.path = path
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        self._temporary = Path(name)
        self._file = os.fdopen(handle, "wb")
        self._hashed = _Hashed(self._file)
        self._gzip = gzip.GzipFile(filename="", mode="wb", fileobj=self._hashed,
                                   compresslevel=COMPRESS_LEVEL, mtime=0)  # fmt: skip
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bulk-gzip")
        self._pending: Future[int] | None = None
        self.size = 0
        self.sha256 = ""

    def write(self, data: bytes) -> None:
        """Hand `data` on (after the data handed on before it is written: one batch waits)."""
        self._wait()
        self._pending = self._worker.submit(self._gzip.write, data)

    def _wait(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            pending.result()  # raises what the write raised

    def __enter__(self) -> _Output:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        try:
            try:
                self._wait()
            finally:
                self._worker.shutdown(wait=True)
            self._gzip.close()
            self._file.close()
            if kind is None:
                self.size, self.sha256 = self._hashed.size, self._hashed.hash.hexdigest()
                os.replace(self._temporary, self.path)
        finally:
            with contextlib.suppress(OSError):
                self._file.close()
                self._temporary.unlink(missing_ok=True)
