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

from catalog.base.safe_output import inert_json_bytes
from catalog.ingest.folders import card_files
from catalog.ingest.game_check import checked
from catalog.ingest.outcomes import Outcome as Outcome
from catalog.ingest.outcomes import convert_record as convert_record
from catalog.ingest.reading import iter_records
from catalog.ingest.textfiles import display_name
from converters.base import Converter


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


def convert_files(
    converter: Converter, paths: Iterable[str | Path], *, encoding: str | None = None
) -> Iterator[Outcome]:
    """Outcomes for every record of every file, streamed; a folder stands for the card files
    in it (catalog/ingest/folders.py). Unreadable files raise InputFormatError (after the outcomes
    of the records read before the fault); so do files of another game's records
    (catalog/ingest/game_check.py), before any of their outcomes."""
    for path in card_files(paths):
        name = display_name(path)
        for source in checked(converter, iter_records(path, converter, encoding=encoding), name):
            yield convert_record(converter, source, name)


def json_line(value: dict[str, Any]) -> bytes:
    """One compact UTF-8 JSON line (orjson: five times the standard library's speed, which
    is a sixth of a bulk conversion's time)."""
    try:  # no character that could act on a terminal (catalog/base/safe_output.py)
        return inert_json_bytes(orjson.dumps(value, option=orjson.OPT_APPEND_NEWLINE))
    except TypeError:  # an integer beyond 64 bits, a lone surrogate: the standard library's
        return (json.dumps(value) + "\n").encode("ascii")  # escapes keep the line valid JSON
