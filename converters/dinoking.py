"""Ancient Ruler Dinosaur King (古代王者・恐竜キング) CSV/JSON rows → TWGP.

Grade = the thousands and hundreds digits of strength, 強さ (docs/rules.md §1: 900 → 09,
2000 → 20)."""

from __future__ import annotations

from typing import ClassVar

from converters.base import CardType, Record, Ruling
from converters.tabular import TableConverter, digits_rule

_STRENGTH_DIGITS = digits_rule(lowest_place=100, places=2)


class DinosaurKingConverter(TableConverter):
    """Columns: id (optional), name/名前, kind/種類, strength/強さ (also つよさ)."""

    game_id = "dinoking"
    display_name = "Dinosaur King"
    display_name_ja = "古代王者・恐竜キング"
    short_name = "DINO"
    grade_rule = "thousands and hundreds digits of strength (900 → 09, 2000 → 20)"
    grade_rule_ja = "強さの千の位と百の位（900 → 09、2000 → 20）"
    kinds: ClassVar[dict[str, CardType | None]] = {
        "dinosaur": CardType.UNIT,
        "dino": CardType.UNIT,
        "恐竜": CardType.UNIT,
        "恐竜カード": CardType.UNIT,
        "move": CardType.CHARGE_EFFECT,
        "super move": CardType.CHARGE_EFFECT,
        "技": CardType.CHARGE_EFFECT,
        "わざ": CardType.CHARGE_EFFECT,
        "わざカード": CardType.CHARGE_EFFECT,
        "技カード": CardType.CHARGE_EFFECT,
        "超わざ": CardType.CHARGE_EFFECT,
        "support": CardType.CHARGE_EFFECT,
        "サポート": CardType.CHARGE_EFFECT,
    }
    kind_notes: ClassVar[dict[str, str]] = {
        "move": "a move card fires once, in the rock-paper-scissors round it is played",
        "わざ": "a move card fires once, in the rock-paper-scissors round it is played",
        "技": "a move card fires once, in the rock-paper-scissors round it is played",
        "support": "a one-shot effect with no trap property",
        "サポート": "a one-shot effect with no trap property",
    }
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = {
        "strength": ("strength", "強さ", "つよさ"),
        "technique": ("technique", "テクニック"),
    }

    def to_grade(self, record: Record) -> Ruling[int]:
        return self.stat_grade(record, "strength", _STRENGTH_DIGITS)
