"""Example TCG → TWGP: a sample converter plugin for twgp (see docs/PLUGINS.md).

Example TCG rows are `{"no": "EX-001", "name": "...", "class": "hero|spell|gear", "level": 3}`;
grade = level (a value rule), hero → Unit, spell → Charge Effect, gear → Weapon."""

from __future__ import annotations

from typing import ClassVar

from converters.base import (
    CardType,
    Converter,
    NumberReading,
    Record,
    Ruling,
    grade_from_value,
    no_grade,
    no_type,
    plain_number,
    read_number,
    text_of,
)
from converters.errors import InvalidRecordError

CLASSES: dict[str, CardType | None] = {
    "hero": CardType.UNIT,
    "spell": CardType.CHARGE_EFFECT,
    "gear": CardType.WEAPON,
}


class ExampleConverter(Converter):
    """Example TCG rows (CSV or JSON)."""

    game_id: ClassVar[str] = "example"
    display_name: ClassVar[str] = "Example TCG"
    display_name_ja: ClassVar[str] = "サンプルTCG"
    short_name: ClassVar[str] = "EX"
    grade_rule: ClassVar[str] = "the level value (3 → 03)"
    formats: ClassVar[tuple[str, ...]] = ("csv", "json")
    kinds: ClassVar[dict[str, CardType | None]] = CLASSES

    def source_id(self, record: Record) -> str:
        number = text_of(record.get("no"))
        if not number:
            raise InvalidRecordError("the card has no number (`no`)")
        return number

    def names(self, record: Record) -> tuple[str, str | None]:
        return text_of(record.get("name")), None

    def identity_key(self, record: Record) -> str:
        return self.source_id(record)

    def skip_reason(self, record: Record) -> str | None:
        return "a token is made by an effect" if record.get("class") == "token" else None

    def to_grade(self, record: Record) -> Ruling[int]:
        status, level = read_number(record.get("level"))
        if status is NumberReading.OK and level is not None:
            return grade_from_value(level, f"level {plain_number(level)}")
        if status is NumberReading.MISSING:
            return no_grade("no level printed → no grade")
        return no_grade(f"level {record.get('level')!r} is not a number → no grade",
                        f"level {record.get('level')!r} unreadable")

    def card_type(self, record: Record) -> Ruling[CardType]:
        kind = text_of(record.get("class")).casefold()
        if kind not in CLASSES:
            return no_type(f"class {kind!r} is not in the Example table", f"unknown class {kind!r}")
        card_type = CLASSES[kind]
        return Ruling(card_type, f"class {kind} → {card_type.label if card_type else 'no type'}")

    def text(self, record: Record) -> str:
        return text_of(record.get("text"))

