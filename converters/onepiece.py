"""One Piece Card Game → TWGP, from the card-list records of bountycards/onePieceCardGameParser
(`json/en/cards.json`, `json/jp/cards.json`; SOURCES.md §7) and the per-card files of
punk-records (English and Japanese, read as card-list records by converters/onepiece_records.py).
Grade = cost (a value rule).

Every stat is a string and "-" means both "not printed" and a printed 0; `DASH_POLICY` says
which it is per card type and stat. Alternate arts are separate records (`image_name`
OP01-001_p1) sharing the card number, which is the card's identity: a Japanese and an English
print of one card number are one card. A Japanese record's source id is its id behind `ja/`
(`ja/OP01-001`), so that it is a row of its own beside the English one; its bare id is an alias
(a decklist's `4xOP01-001` finds it when no English print is in the catalog)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any, ClassVar

from converters.base import (
    CardType,
    ConvertedCard,
    Converter,
    NumberReading,
    Printing,
    Record,
    Ruling,
    grade_from_value,
    kind_key,
    no_grade,
    plain_number,
    power_grade,
    read_number,
    text_of,
    unknown_card_type,
)
from converters.errors import InvalidRecordError
from converters.onepiece_records import cardlist_record
from converters.tabular import is_japanese

LEADER, CHARACTER, EVENT, STAGE, DON = "LEADER", "CHARACTER", "EVENT", "STAGE", "DON!!"

#: card_type → TWGP type; an Event with [Counter] is the exception (see `card_type`).
TYPES: dict[str, CardType | None] = {
    LEADER: CardType.UNIT,
    CHARACTER: CardType.UNIT,
    EVENT: CardType.CHARGE_EFFECT,
    STAGE: CardType.LIFE_COUNTER,
    DON: None,
}
TYPE_NOTES: dict[str, str] = {
    LEADER: "a leader fights and is attacked like a character (it has power, life, no cost)",
    CHARACTER: "a character with a cost",
    EVENT: "a one-shot effect played from the hand in your main phase",
    STAGE: "a stage stays on the field with a lasting effect",
    DON: "a DON!! card is a resource from the separate DON!! deck, not a card in play",
}
#: the Japanese card list's words for the kinds (the jp data may use either)
KIND_WORDS: dict[str, str] = {
    "leader": LEADER, "リーダー": LEADER, "character": CHARACTER, "キャラ": CHARACTER,
    "キャラクター": CHARACTER, "event": EVENT, "イベント": EVENT, "stage": STAGE,
    "ステージ": STAGE, "don!!": DON, "don": DON, "ドン!!": DON, "ドン": DON,
}  # fmt: skip
_KIND_KEYS = {kind_key(word): kind for word, kind in KIND_WORDS.items()}

#: stat → the card types whose "-" is a printed 0; for every other type "-" is "not printed".
DASH_POLICY: dict[str, frozenset[str]] = {
    "cost": frozenset({CHARACTER, EVENT, STAGE}),  # they all print a cost; leaders print none
    "power": frozenset({CHARACTER}),  # Otama OP01-006 prints power 0, listed as "-"
}
COUNTER_TRIGGER = re.compile(r"\[Counter\]|【カウンター】")
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_SET_CODE = re.compile(r"\[([A-Z0-9]+-[A-Z0-9]+)\]\s*$")


def card_kind(record: Record) -> str | None:
    """LEADER, CHARACTER, EVENT, STAGE or DON!! from `card_type` (English or Japanese)."""
    record = cardlist_record(record)
    return _KIND_KEYS.get(kind_key(text_of(record.get("card_type"))))


def stat_value(record: Record, stat: str) -> tuple[NumberReading, float | None]:
    """A stat read with the "-" policy: "-" is 0 where `DASH_POLICY` says it is printed."""
    record = cardlist_record(record)
    raw = record.get(stat)
    if _is_dash(raw) and card_kind(record) in DASH_POLICY.get(stat, ()):
        return NumberReading.OK, 0.0
    return read_number(raw)


def _is_dash(value: Any) -> bool:
    return isinstance(value, str) and value.strip() in ("-", "－")


class OnePieceConverter(Converter):
    """One Piece Card Game card-list records (bare array of card objects) and punk-records
    card files (one object per file)."""

    game_id: ClassVar[str] = "onepiece"
    display_name: ClassVar[str] = "One Piece Card Game"
    display_name_ja: ClassVar[str] = "ONE PIECEカードゲーム"
    short_name: ClassVar[str] = "OPCG"
    grade_rule: ClassVar[str] = (
        "the cost value; a leader (no cost) → its power in thousands (5000 → 05), with a warning"
    )
    grade_rule_ja: ClassVar[str] = (
        "コスト。"
        "リーダー（コストなし）はパワーの千の単位（5000 → 05、注意付き）"
    )
    formats: ClassVar[tuple[str, ...]] = ("onepiece-cardlist-json", "punk-records-json")
    kinds: ClassVar[Mapping[str, CardType | None]] = TYPES

    def convert(self, record: Any) -> ConvertedCard:
        """A punk-records card is read as a card-list record once, here: every accessor below
        then finds the card list's shape (each still reads either shape when called alone)."""
        return super().convert(cardlist_record(record) if isinstance(record, Mapping) else record)

    def source_id(self, record: Record) -> str:
        record = cardlist_record(record)
        own = self._own_id(record)
        return f"ja/{own}" if self.printing(record).lang == "ja" else own

    def aliases(self, record: Record) -> tuple[str, ...]:
        """A Japanese print answers to its bare id too (`OP01-001`)."""
        record = cardlist_record(record)
        return (self._own_id(record),) if self.printing(record).lang == "ja" else ()

    def _own_id(self, record: Record) -> str:
        image = text_of(record.get("image_name"))
        if image:
            return image
        url = text_of(record.get("image_url"))
        if url:
            return url.rsplit("/", 1)[-1].split("?", 1)[0].rsplit(".", 1)[0]
        if record.get("is_alternate_art") is not True:
            return self.identity_key(record)
        raise InvalidRecordError("an alternate art with no image_name has no id of its own")

    def names(self, record: Record) -> tuple[str, str | None]:
        record = cardlist_record(record)
        name = text_of(record.get("card_name"))
        name_ja = text_of(record.get("card_name_ja") or record.get("name_ja")) or None
        if name_ja is None and is_japanese(name):
            name_ja = name
        return name, name_ja

    def identity_key(self, record: Record) -> str:
        record = cardlist_record(record)
        number = text_of(record.get("card_number"))
        if not number:
            raise InvalidRecordError("the card has no card_number")
        return number.upper()

    def to_grade(self, record: Record) -> Ruling[int]:
        record = cardlist_record(record)
        kind = card_kind(record)
        if kind == DON:
            return no_grade("DON!! card: no cost → no grade")
        status, cost = stat_value(record, "cost")
        if status is NumberReading.OK and cost is not None:
            if _is_dash(record.get("cost")):
                return Ruling(0, f"{kind} cost '-' → read as a printed 0 → 00",
                              ("cost '-' read as a printed 0 (the card list writes 0 as '-')",))
            return grade_from_value(cost, f"cost {plain_number(cost)}")
        if kind == LEADER:
            return _leader_grade(record)
        if status is NumberReading.MISSING:
            return no_grade("no cost printed → no grade", "cost is missing; no grade")
        return no_grade(f"cost {record.get('cost')!r} is not a number → no grade",
                        f"cost {record.get('cost')!r} unreadable")  # fmt: skip

    def card_type(self, record: Record) -> Ruling[CardType]:
        record = cardlist_record(record)
        kind = card_kind(record)
        if kind is None:
            shown = text_of(record.get("card_type"))
            return unknown_card_type(shown, "One Piece")
        if kind == EVENT and self._is_counter(record):
            return Ruling(CardType.CHARGE_TRAP, "EVENT with [Counter] → Charge Trap: it is "
                          "played when an opponent attacks, a trap property")  # fmt: skip
        card_type = TYPES[kind]
        label = card_type.label if card_type else "no TWGP type"
        return Ruling(card_type, f"{kind} → {label}: {TYPE_NOTES[kind]}")

    def text(self, record: Record) -> str:
        # The card list keeps the web page's line breaks as <br>.
        record = cardlist_record(record)
        return _BREAK.sub("\n", text_of(record.get("effects")))

    def species(self, record: Record) -> str:
        """The types ("Straw Hat Crew", a "poison" type would give Poison, §3). Keywords such
        as [Rush] and [Double Attack] are read by converters/effect_rules.py."""
        record = cardlist_record(record)
        return text_of(record.get("types"))

    def stats(self, record: Record) -> dict[str, Any]:
        record = cardlist_record(record)
        found: dict[str, Any] = {}
        for stat in ("cost", "power", "counter", "life"):
            status, value = stat_value(record, stat)
            if status is NumberReading.OK and value is not None and math.isfinite(value):
                found[stat] = int(value)
        for key in ("colors", "attributes", "types", "rarity", "block_icon"):
            value = record.get(key)
            if value not in (None, "", "-", [], [""]):
                found[key] = value
        found["alternate_art"] = record.get("is_alternate_art") is True
        return found

    def printing(self, record: Record) -> Printing:
        record = cardlist_record(record)
        found = _SET_CODE.search(text_of(record.get("card_sets")))
        url = text_of(record.get("image_url"))
        lang = "en" if "//en." in url else ("ja" if "onepiece-cardgame.com" in url else None)
        return Printing(
            set_code=found.group(1) if found else None,
            collector_number=text_of(record.get("card_number")) or None,
            lang=lang,
        )

    @staticmethod
    def _is_counter(record: Record) -> bool:
        triggers = record.get("card_effects")
        listed = triggers if isinstance(triggers, list) else []
        if any(isinstance(t, str) and COUNTER_TRIGGER.search(t) for t in listed):
            return True
        return bool(COUNTER_TRIGGER.match(text_of(record.get("effects"))))


def _leader_grade(record: Record) -> Ruling[int]:
    """Leaders print no cost: the documented fallback is the general rule's strength, power in
    thousands (leaders print 4000–6000, on the scale of a cost)."""
    return power_grade(
        record,
        "leader",
        missing=(
            "leader: no cost and no power → no grade",
            "leader has no readable power; no grade",
        ),
        warning="a leader prints no cost: graded by its power in thousands",
    )
