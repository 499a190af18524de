"""Weiß Schwarz (ヴァイスシュヴァルツ) → TWGP, from the community English DB JSON
(CCondeluci/WeissSchwarz-ENG-DB) or from CSV rows `id, name, type, level, cost, power`.

Grade = the thousands digit of power (docs/rules.md §1: 2500 → 02, 10000 → 00)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, ClassVar

from converters.base import (
    CardType,
    Printing,
    Record,
    Ruling,
    normalise_name_key,
    pick,
    text_of,
)
from converters.tabular import TableConverter, clean, digits_rule

_POWER_DIGIT = digits_rule(lowest_place=1000, places=1)
_SERIAL = re.compile(
    r"(?P<set>[^\s/-]+/[^\s/-]+)-(?P<letters>[A-Za-z]*?)(?P<digits>\d+)(?P<suffix>[A-Za-z]*)"
)
#: suffixes printed after the number on special-rarity reprints of the same card (…-001SP);
#: a single lower-case letter is an alternate art of one card (AOT/S35-E094a, …b, …c)
RARITY_SUFFIXES = frozenset(
    {"S", "R", "SP", "SSP", "SEC", "SR", "RRR", "OFR", "PR", "HLR", "BDR", "FBR"}
)
CODE_COLUMNS = ("code", "serial", "id", "card id", "カード番号")


def serial_identity(code: str) -> str | None:
    """The serial shared by a card's printings: the English `E` is dropped before the number
    (LB/W21-E001 ≡ LB/W21-001, TE15 ≡ T15, PE01 ≡ P01), as are art-variant letters and known
    rarity suffixes. None when `code` is not a WS serial."""
    text = unicodedata.normalize("NFKC", code).strip()
    found = _SERIAL.fullmatch(text)
    if found is None:
        return None
    letters = found["letters"].upper()
    if letters.endswith("E"):
        letters = letters[:-1]
    suffix = found["suffix"]
    if (len(suffix) == 1 and suffix.islower()) or suffix.upper() in RARITY_SUFFIXES:
        suffix = ""
    return f"{found['set'].upper()}-{letters}{found['digits']}{suffix.upper()}"


def is_english_serial(code: str) -> bool:
    found = _SERIAL.fullmatch(unicodedata.normalize("NFKC", code).strip())
    return found is not None and found["letters"].upper().endswith("E")


class WeissSchwarzConverter(TableConverter):
    """Weiß Schwarz cards from the ENG-DB JSON or CSV rows (Japanese headers accepted)."""

    game_id = "ws"
    display_name = "Weiß Schwarz"
    display_name_ja = "ヴァイスシュヴァルツ"
    short_name = "WS"
    grade_rule = "the thousands digit of power (2500 → 02, 10000 → 00)"
    grade_rule_ja = "パワーの千の位（2500 → 02、10000 → 00）"
    formats: ClassVar[tuple[str, ...]] = ("json", "csv")
    kind_columns: ClassVar[tuple[str, ...]] = ("type", "種類", "カード種類", "kind")
    kinds: ClassVar[dict[str, CardType | None]] = {
        "Character": CardType.UNIT,
        "CH": CardType.UNIT,
        "キャラ": CardType.UNIT,
        "キャラクター": CardType.UNIT,
        "Event": CardType.CHARGE_EFFECT,
        "EV": CardType.CHARGE_EFFECT,
        "イベント": CardType.CHARGE_EFFECT,
        "Climax": CardType.CHARGE_EFFECT,
        "CX": CardType.CHARGE_EFFECT,
        "クライマックス": CardType.CHARGE_EFFECT,
    }
    kind_notes: ClassVar[dict[str, str]] = {
        word: "a climax is played face up and lasts only its own turn, so it is a one-shot "
        "effect, not a turn-spanning Life Counter"
        for word in ("Climax", "CX", "クライマックス")
    }
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = {
        "power": ("power", "パワー"),
        "level": ("level", "レベル"),
        "cost": ("cost", "コスト"),
        "soul": ("soul", "ソウル"),
        "color": ("color", "colour", "色"),
        "trigger": ("trigger", "トリガー"),
    }

    def source_id(self, record: Record) -> str:
        return clean(pick(record, *CODE_COLUMNS)) or self.names(record)[0]

    def identity_key(self, record: Record) -> str:
        code = clean(pick(record, *CODE_COLUMNS))
        serial = serial_identity(code) if code else None
        if serial:
            return serial
        if code:
            return unicodedata.normalize("NFKC", code).upper()
        return "name:" + normalise_name_key(self.names(record)[0])

    def to_grade(self, record: Record) -> Ruling[int]:
        return self.stat_grade(record, "power", _POWER_DIGIT)

    def text(self, record: Record) -> str:
        return text_of(pick(record, "ability", "abilities", "text", "テキスト", "効果", "能力"))

    def species(self, record: Record) -> str:
        """Traits (attributes) name what a character is: a 《Poison》 trait implies Poison."""
        traits = pick(record, "attributes", "traits", "特徴")
        if isinstance(traits, list | tuple):
            traits = [t for t in traits if clean(t) not in (None, "-")]
        return text_of(traits)

    def stats(self, record: Record) -> dict[str, Any]:
        return {k: v for k, v in super().stats(record).items() if v not in ([], "")}

    def printing(self, record: Record) -> Printing:
        code = clean(pick(record, *CODE_COLUMNS))
        found = _SERIAL.fullmatch(unicodedata.normalize("NFKC", code)) if code else None
        if code is None or found is None:
            return super().printing(record)
        return Printing(
            set_code=found["set"].upper(),
            collector_number=code[code.rindex("-") + 1 :],
            lang="en" if is_english_serial(code) else "ja",
        )
