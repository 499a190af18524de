"""The card records of twgp's bulk files (catalog/exports/bulk.py), and reading them back.

A bulk JSON Lines record is one catalog card as converted: `object` "twgp_card", the fields
of the API's card (effective `grade` and `type`, reasons, effects, identity, printing), the
converter's own `source_grade`/`source_type`, the card's `aliases` and `links`, the user's
`override` (or null), and `raw`: the source record as it was read (null for cards fetched
without one). `twgp import GAME FILE.jsonl.gz` recognises such records and stores the card
they describe as it was converted — the converter is not run again — so an export imported
into another catalog gives the same cards, identities and reasons. Overrides are the user's:
they are exported for reading, never imported."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from converters.base import CardType, ConvertedCard, Printing, Ruling
from converters.card_effects import curse_reason
from converters.errors import InvalidRecordError

#: the `object` of a bulk card record
BULK_OBJECT = "twgp_card"
#: bumped when a field changes meaning (readers refuse versions they do not know)
BULK_VERSION = 1


def is_bulk_record(record: object) -> bool:
    """Whether `record` is a card record of a twgp bulk file (never a source's record)."""
    return isinstance(record, Mapping) and record.get("object") == BULK_OBJECT


def bulk_game(record: Mapping[str, Any]) -> str:
    return str(record.get("game"))


def card_from_bulk(record: Mapping[str, Any], game: str) -> ConvertedCard:
    """The converted card a bulk record describes. Raises InvalidRecordError for a record of
    another game, of an unknown version, or of a broken shape."""
    version = record.get("bulk_version")
    if version != BULK_VERSION:
        raise InvalidRecordError(f"a twgp bulk record of version {version!r}; this twgp reads "
                                 f"version {BULK_VERSION}")  # fmt: skip
    if record.get("game") != game:
        raise InvalidRecordError(
            f"a twgp bulk record of the game {record.get('game')!r}, imported as {game!r}"
        )
    try:
        return _card(record)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidRecordError(
            f"a twgp bulk record of a broken shape ({type(exc).__name__}: {exc})"
        ) from exc


def _card(record: Mapping[str, Any]) -> ConvertedCard:
    name, text = _text(record, "name"), _text(record, "text")
    if not name:
        raise InvalidRecordError("the record has no name")
    source_type = record["source_type"]
    card_type = CardType(source_type) if source_type is not None else None
    grade = record["source_grade"]
    if grade is not None and (not isinstance(grade, int) or isinstance(grade, bool)):
        raise TypeError(f"source_grade {grade!r} is not a whole number")
    reasons = {str(effect): str(reason) for effect, reason in
               _mapping(record, "effect_reasons").items()}  # fmt: skip
    return ConvertedCard(
        game=str(record["game"]),
        source_id=_text(record, "source_id"),
        name=name,
        name_ja=_optional(record, "name_ja"),
        identity=_text(record, "identity"),
        grade=Ruling(grade, _text(record, "grade_reason")),
        card_type=Ruling(card_type, _text(record, "type_reason")),
        effects=tuple(reasons),
        text=text,
        reading=_text(record, "reading"),
        stats=dict(_mapping(record, "stats")),
        printing=Printing(_optional(record, "set"), _optional(record, "collector_number"),
                          _optional(record, "lang")),
        warnings=_texts(record, "warnings"),
        aliases=_texts(record, "aliases"),
        links=_texts(record, "links"),
        effect_reasons=reasons,
        curse_reason=curse_reason(text, name) if card_type is CardType.WEAPON else None,
    )


def _text(record: Mapping[str, Any], key: str) -> str:
    value = record[key]
    if not isinstance(value, str):
        raise TypeError(f"{key} is not text")
    return value


def _optional(record: Mapping[str, Any], key: str) -> str | None:
    value = record.get(key)
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{key} is not text")
    return value


def _texts(record: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = record.get(key) or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TypeError(f"{key} is not a list of text")
    return tuple(value)


def _mapping(record: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = record.get(key) or {}
    if not isinstance(value, Mapping):
        raise TypeError(f"{key} is not an object")
    return value
