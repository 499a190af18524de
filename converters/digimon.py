"""Digimon Card Game (デジモンカードゲーム) → TWGP, from the official card list's per-pack JSON
(`<pack>_cards.json`: `card_no`, `card_name` prefixed with the card number, `card_type`
デジモン/デジタマ/テイマー/オプション, `level`, `cost`, `dp`, `effect`…; Japanese). English
records of the same game (digimoncard.io: `cardnumber`, `type` Digimon/Digi-Egg/Tamer/Option,
`play_cost`) read through the same fields' English names.

Grade = the play cost (登場コスト, a value rule); a Digi-Egg has none, so its level is the
fallback (Lv.2 → 02) with a warning (shared rules digest, "More games"). Identity = the card
number without the parallel suffix (BT1-001_P1 is BT1-001). The cases the digest leaves open
are converters/decided_cases.py.

Prints of the two languages are rows of their own that share the identity: a Japanese record's
source id is its card number behind `ja/` (`ja/BT1-010`, `ja/BT1-010_P1`), as One Piece's, and
its bare number is an alias (a decklist's `BT1-010` finds it when no English print is there);
an English record's is the bare number. So importing the English and the Japanese list keeps
both names and texts, and owned copies of either count for the one card."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from converters import decided_cases as cases
from converters.base import (
    CardType,
    Converter,
    NumberReading,
    Printing,
    Record,
    Ruling,
    grade_from_value,
    kind_key,
    no_grade,
    no_type,
    plain_number,
    read_number,
    text_of,
    unknown_card_type,
    warned,
)
from converters.errors import InvalidRecordError
from converters.tabular import is_japanese

DIGIMON, DIGI_EGG, TAMER, OPTION = "Digimon", "Digi-Egg", "Tamer", "Option"

TYPES: dict[str, CardType] = {
    DIGIMON: CardType.UNIT,
    DIGI_EGG: CardType.UNIT,
    TAMER: CardType.LIFE_COUNTER,
    OPTION: CardType.CHARGE_EFFECT,
}
TYPE_NOTES: dict[str, str] = {
    DIGIMON: "a Digimon battles",
    DIGI_EGG: "a Digi-Egg hatches into a Digimon in the breeding area: a creature",
    TAMER: "a Tamer stays in play with a lasting effect",
    OPTION: "an Option is a one-shot effect",
}
KIND_WORDS: dict[str, str] = {
    "digimon": DIGIMON, "デジモン": DIGIMON, "digi-egg": DIGI_EGG, "digiegg": DIGI_EGG,
    "デジタマ": DIGI_EGG, "tamer": TAMER, "テイマー": TAMER, "option": OPTION,
    "オプション": OPTION,
}  # fmt: skip
_KIND_KEYS = {kind_key(word): kind for word, kind in KIND_WORDS.items()}

#: the source id of a Japanese print: its card number behind this (`ja/BT1-010`)
JAPANESE_PREFIX = "ja/"
#: the parallel suffix of a card number: BT1-001_P1, BT1-001-P2
PARALLEL = re.compile(r"[_-]P\d*$", re.IGNORECASE)
TOKEN = re.compile(r"-TOKEN", re.IGNORECASE)
_LEVEL = re.compile(r"(\d+)")
#: the fields of the official list, then digimoncard.io's
NUMBER_KEYS = ("card_no", "cardnumber", "id")
NAME_KEYS = ("card_name", "name")
KIND_KEYS = ("card_type", "type")
COST_KEYS = ("cost", "play_cost")
STAT_KEYS = ("cost", "play_cost", "level", "dp", "effect", "main_effect", "digivolve_cost1")


def _first(record: Record, keys: tuple[str, ...]) -> Any:
    for key in keys:
        value = record.get(key)
        if value not in (None, ""):
            return value
    return None


def card_number(record: Record) -> str:
    """The record's card number as printed (with a parallel suffix where it has one)."""
    return text_of(_first(record, NUMBER_KEYS)).upper()


def base_number(record: Record) -> str:
    """The card number without the parallel suffix: the card's identity."""
    return PARALLEL.sub("", card_number(record))


def card_kind(record: Record) -> str | None:
    return _KIND_KEYS.get(kind_key(text_of(_first(record, KIND_KEYS))))


def is_token(record: Record) -> bool:
    return bool(TOKEN.search(card_number(record)))


def read_level(record: Record) -> int | None:
    """The level as a number: 2, "2", "Lv.2" → 2."""
    raw = record.get("level")
    status, value = read_number(raw)
    if status is NumberReading.OK and value is not None:
        return int(value)
    found = _LEVEL.search(text_of(raw))
    return int(found.group(1)) if found else None


class DigimonConverter(Converter):
    """Digimon Card Game: the official list's per-pack JSON (and digimoncard.io records)."""

    game_id: ClassVar[str] = "digimon"
    display_name: ClassVar[str] = "Digimon Card Game"
    display_name_ja: ClassVar[str] = "デジモンカードゲーム"
    short_name: ClassVar[str] = "DCG"
    grade_rule: ClassVar[str] = (
        "the play cost (登場コスト); a Digi-Egg (no play cost) → its level (Lv.2 → 02), "
        "with a warning"
    )
    grade_rule_ja: ClassVar[str] = (
        "登場コスト。"
        "デジタマ（登場コストなし）はレベル（Lv.2 → 02、注意付き）"
    )
    formats: ClassVar[tuple[str, ...]] = ("digimon-cardlist-json",)
    kinds: ClassVar[Mapping[str, CardType | None]] = {
        word: TYPES[kind] for word, kind in KIND_WORDS.items()
    }

    def skip_reason(self, record: Record) -> str | None:
        """A record that only lists a reprint inside another pack (no kind, no stats) is not a
        card of its own: it is the card of the same number (digest)."""
        if text_of(_first(record, KIND_KEYS)) or any(
            record.get(key) not in (None, "") for key in STAT_KEYS
        ):
            return None
        number = base_number(record)
        if not number:
            return None
        pack = text_of(record.get("pack_name"))
        where = f" in {pack}" if pack else ""
        return f"a reprint listed{where}: it is the card {number}, not a card of its own"

    def source_id(self, record: Record) -> str:
        number = card_number(record)
        if not number:
            raise InvalidRecordError("the card has no card number (card_no)")
        return f"{JAPANESE_PREFIX}{number}" if self.printing(record).lang == "ja" else number

    def aliases(self, record: Record) -> tuple[str, ...]:
        """A Japanese print answers to its bare card number too (`BT1-010`)."""
        number = card_number(record)
        return (number,) if number and self.printing(record).lang == "ja" else ()

    def names(self, record: Record) -> tuple[str, str | None]:
        """Decided case DIGIMON_NAME; the card number a name starts with is dropped."""
        name = text_of(_first(record, NAME_KEYS))
        for prefix in (card_number(record), base_number(record)):
            if prefix and name.upper().startswith(prefix):
                name = name[len(prefix):].strip()
                break
        return name, (name if is_japanese(name) else None)

    def identity_key(self, record: Record) -> str:
        number = base_number(record)
        if not number:
            raise InvalidRecordError("the card has no card number (card_no)")
        return number

    def to_grade(self, record: Record) -> Ruling[int]:
        if is_token(record):
            return no_grade(cases.DIGIMON_TOKEN_GRADE.reason)
        kind = card_kind(record)
        raw = _first(record, COST_KEYS)
        status, cost = read_number(raw)
        if status is NumberReading.OK and cost is not None:
            label = "Digi-Egg with a play cost" if kind == DIGI_EGG else "play cost"
            return grade_from_value(cost, f"{label} {plain_number(cost)}")
        if kind == DIGI_EGG:
            level = read_level(record)
            if level is None:
                return no_grade("Digi-Egg with neither play cost nor level → no grade",
                                "a Digi-Egg with no play cost and no level; no grade")
            return warned(grade_from_value(level, f"Digi-Egg: no play cost, level {level}"),
                          "a Digi-Egg has no play cost: graded by its level")  # fmt: skip
        if status is NumberReading.MISSING:
            return no_grade(cases.DIGIMON_NO_COST.reason,
                            "the card has no play cost; no grade")  # fmt: skip
        return no_grade(f"play cost {raw!r} is not a number → no grade",
                        f"play cost {raw!r} unreadable")  # fmt: skip

    def card_type(self, record: Record) -> Ruling[CardType]:
        if is_token(record):
            return no_type("a token (…-TOKEN…) → no TWGP type: it is made by an effect, not "
                           "played from a deck")  # fmt: skip
        kind = card_kind(record)
        shown = text_of(_first(record, KIND_KEYS))
        if kind is None:
            return unknown_card_type(shown, "Digimon")
        card_type = TYPES[kind]
        return Ruling(card_type, f"{shown} ({kind}) → {card_type.label}: {TYPE_NOTES[kind]}")

    def text(self, record: Record) -> str:
        """The effect, then the inherited effect (進化元効果) and the security effect."""
        main = text_of(record.get("effect", record.get("main_effect")))
        inherited = text_of(record.get("inherited_effect", record.get("source_effect")))
        security = text_of(record.get("security_effect"))
        japanese = is_japanese(main + inherited + security)
        parts = [main]
        if inherited:
            parts.append(f"{'進化元効果：' if japanese else 'Inherited effect: '}{inherited}")
        if security:
            parts.append(security)
        return "\n".join(part for part in parts if part)

    def species(self, record: Record) -> str:
        parts = (record.get("digimon_type"), record.get("attribute"), record.get("form"))
        return " ".join(text_of(p) for p in parts if text_of(p))

    def stats(self, record: Record) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for stat, keys in (("cost", COST_KEYS), ("dp", ("dp",)),
                           ("digivolve_cost", ("digivolve_cost1", "evolution_cost"))):  # fmt: skip
            status, value = read_number(_first(record, keys))
            if status is NumberReading.OK and value is not None and value == int(value):
                found[stat] = int(value)
        level = read_level(record)
        if level is not None:
            found["level"] = level
        for key in ("color", "color2", "form", "attribute", "digimon_type", "rarity"):
            if text_of(record.get(key)):
                found[key] = text_of(record.get(key))
        return found

    def printing(self, record: Record) -> Printing:
        number = card_number(record)
        set_code = number.split("-", 1)[0] if "-" in number else None
        name = text_of(_first(record, NAME_KEYS))
        return Printing(set_code, number or None, "ja" if is_japanese(name) else "en")

