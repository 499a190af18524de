"""A converted card as the values of its `card` row, its name keys and its effects, with the
content hash that tells an unchanged re-import from an update."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from catalog.base.keys import card_name_keys, name_key, text_key
from converters.base import ConvertedCard

#: the columns that come from the source (the hash covers exactly these)
SOURCE_COLUMNS = (
    "game", "source_id", "identity", "name", "name_ja", "name_key", "search_key",
    "source_grade", "source_type", "grade_reason", "type_reason", "effects", "text", "reading",
    "text_key", "stats", "set_code", "collector_number", "lang", "warnings", "raw",
)  # fmt: skip


@dataclass
class CardRow:
    """One card ready to store: `values` for the card table (effective grade/type filled in
    by the writer), the name keys and effects for the side tables, the aliases and links
    for `card_alias` (catalog/cards/identity.py)."""

    values: dict[str, Any]
    names: list[str]
    effects: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    links: tuple[str, ...] = ()

    @property
    def starter(self) -> bool:
        return bool(self.values["starter"])

    @property
    def key(self) -> tuple[str, str]:
        return self.values["game"], self.values["source_id"]

    @property
    def content_hash(self) -> str:
        return str(self.values["content_hash"])


_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def dumps(value: Any) -> str:
    """Compact JSON that keeps Japanese readable; odd values (dates, decimals) as text.

    orjson writes the same text as the standard library (but tiny floats: 1e-7, not 1e-07)
    at five times the speed — the raw record is most of an import's JSON work; what it
    refuses (integers beyond 64 bits, lone surrogates, keys that are not text) goes the
    standard library's way."""
    try:
        return orjson.dumps(value, default=str, option=_ORJSON_OPTIONS).decode()
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def card_row(card: ConvertedCard, raw: Any, *, now: datetime, starter: bool = False) -> CardRow:
    """The row of a converted card; `starter` marks a bundled starter record."""
    names = card_name_keys(card.name, card.name_ja)
    card_type = card.card_type.value
    values: dict[str, Any] = {
        "game": card.game,
        "source_id": card.source_id,
        "identity": card.identity,
        "name": card.name,
        "name_ja": card.name_ja,
        "name_key": name_key(card.name),
        "search_key": "\n".join(names),
        "source_grade": card.grade.value,
        "source_type": card_type.value if card_type else None,
        "grade_reason": card.grade.reason,
        "type_reason": card.card_type.reason,
        # effect → the phrase that gave it (older catalogs hold a bare list; views read both)
        "effects": dumps(dict(card.effect_reasons)),
        "text": card.text,
        "reading": card.reading,
        "text_key": text_key(card.text),
        "stats": dumps(dict(card.stats)),
        "set_code": card.printing.set_code,
        "collector_number": card.printing.collector_number,
        "lang": card.printing.lang,
        "warnings": dumps(list(card.warnings)),
        "raw": None if raw is None else dumps(raw),
    }
    values["content_hash"] = content_hash(values)
    values["imported_at"] = now
    values["starter"] = starter
    return CardRow(values, names, tuple(dict.fromkeys(card.effects)), card.aliases, card.links)


def content_hash(values: dict[str, Any]) -> str:
    """Every source column as text (None as NUL), each followed by a unit separator."""
    parts = [
        "\x00" if (value := values[column]) is None else str(value) for column in SOURCE_COLUMNS
    ]
    joined = "\x1f".join(parts) + "\x1f"
    return hashlib.blake2b(joined.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
