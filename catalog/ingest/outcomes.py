"""What became of one record: converted, skipped (not a card, with the reason) or failed
(with the record index and the reason) — one record converted (catalog/ingest/conversion.py
converts whole files; catalog/ingest/game_check.py converts samples)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from catalog.ingest.bulk_records import card_from_bulk, is_bulk_record
from catalog.ingest.reading import SourceRecord
from converters.base import ConvertedCard, Converter
from converters.errors import InvalidRecordError, SkipRecord


@dataclass(frozen=True)
class Outcome:
    """What became of one record. Exactly one of `card`, `skipped`, `failed` is set."""

    file: str
    index: int
    line: int | None
    record: Any
    card: ConvertedCard | None = None
    skipped: str | None = None
    failed: str | None = None

    @property
    def where(self) -> str:
        at = f"line {self.line}" if self.line is not None else f"record {self.index}"
        return f"{self.file}: {at}"


def convert_record(converter: Converter, source: SourceRecord, file: str) -> Outcome:
    """The outcome of one record. A record of a twgp bulk file (catalog/ingest/bulk_records.py)
    is the card it describes, its outcome's record the source record it carries."""
    if is_bulk_record(source.record):
        return _bulk_outcome(converter, source, file)
    try:
        card = converter.convert(source.record)
    except SkipRecord as exc:
        return Outcome(file, source.index, source.line, source.record, skipped=exc.message)
    except InvalidRecordError as exc:
        return Outcome(file, source.index, source.line, source.record, failed=exc.message)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        # A record of an unexpected shape must not stop a 100,000-card file.
        reason = f"unexpected record shape ({type(exc).__name__}: {exc})"
        return Outcome(file, source.index, source.line, source.record, failed=reason)
    return Outcome(file, source.index, source.line, source.record, card=card)


def _bulk_outcome(converter: Converter, source: SourceRecord, file: str) -> Outcome:
    record = source.record
    try:
        card = card_from_bulk(record, converter.game_id)
    except InvalidRecordError as exc:
        return Outcome(file, source.index, source.line, record, failed=exc.message)
    return Outcome(file, source.index, source.line, record.get("raw"), card=card)
