"""Convert the records of files, one outcome per record: converted, skipped (not a card, with
the reason) or failed (with the record index and the reason). Used by `twgp convert` and the
catalog importer alike."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from catalog.bulk_records import card_from_bulk, is_bulk_record
from catalog.folders import card_files
from catalog.reading import SourceRecord, iter_records
from catalog.safe_output import inert_json_bytes
from catalog.textfiles import display_name
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


@dataclass
class Tally:
    converted: int = 0
    skipped: int = 0
    failed: int = 0
    skip_reasons: dict[str, int] = field(default_factory=dict)

    def add(self, outcome: Outcome) -> None:
        if outcome.card is not None:
            self.converted += 1
        elif outcome.skipped is not None:
            self.skipped += 1
            self.skip_reasons[outcome.skipped] = self.skip_reasons.get(outcome.skipped, 0) + 1
        else:
            self.failed += 1


def convert_record(converter: Converter, source: SourceRecord, file: str) -> Outcome:
    """The outcome of one record. A record of a twgp bulk file (catalog/bulk_records.py) is
    the card it describes, its outcome's record the source record it carries."""
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


def convert_files(
    converter: Converter, paths: Iterable[str | Path], *, encoding: str | None = None
) -> Iterator[Outcome]:
    """Outcomes for every record of every file, streamed; a folder stands for the card files
    in it (catalog/folders.py). Unreadable files raise InputFormatError (after the outcomes
    of the records read before the fault); so do files of another game's records
    (catalog/game_check.py), before any of their outcomes."""
    from catalog.game_check import checked  # it converts samples with this module

    for path in card_files(paths):
        name = display_name(path)
        for source in checked(converter, iter_records(path, converter, encoding=encoding), name):
            yield convert_record(converter, source, name)


def json_line(value: dict[str, Any]) -> bytes:
    """One compact UTF-8 JSON line (orjson: five times the standard library's speed, which
    is a sixth of a bulk conversion's time)."""
    try:  # no character that could act on a terminal (catalog/safe_output.py)
        return inert_json_bytes(orjson.dumps(value, option=orjson.OPT_APPEND_NEWLINE))
    except TypeError:  # an integer beyond 64 bits, a lone surrogate: the standard library's
        return (json.dumps(value) + "\n").encode("ascii")  # escapes keep the line valid JSON
