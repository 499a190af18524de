"""Dragon Quest Battle Road (ドラゴンクエスト・バトルロード) CSV/JSON rows → TWGP.

Grade = the thousands and hundreds digits of HP (docs/rules.md §1: 481 → 04, 8700 → 87)."""

from __future__ import annotations

from typing import ClassVar

from converters.base import CardType, Record, Ruling
from converters.tabular import TableConverter, digits_rule

_HP_DIGITS = digits_rule(lowest_place=100, places=2)


class DragonQuestBattleRoadConverter(TableConverter):
    """Columns: id (optional), name/名前, kind/種類, hp/HP."""

    game_id = "dqbr"
    display_name = "Dragon Quest Battle Road"
    display_name_ja = "ドラゴンクエスト・バトルロード"
    short_name = "DQBR"
    grade_rule = "thousands and hundreds digits of HP (481 → 04, 8700 → 87)"
    grade_rule_ja = "HPの千の位と百の位（481 → 04、8700 → 87）"
    kinds: ClassVar[dict[str, CardType | None]] = {
        "monster": CardType.UNIT,
        "モンスター": CardType.UNIT,
        "monster card": CardType.UNIT,
        "モンスターカード": CardType.UNIT,
        "hero": CardType.UNIT,
        "ヒーロー": CardType.UNIT,
        "勇者": CardType.UNIT,
        "special": CardType.CHARGE_EFFECT,
        "必殺技": CardType.CHARGE_EFFECT,
        "skill": CardType.CHARGE_EFFECT,
        "とくぎ": CardType.CHARGE_EFFECT,
        "特技": CardType.CHARGE_EFFECT,
        "spell": CardType.CHARGE_EFFECT,
        "じゅもん": CardType.CHARGE_EFFECT,
        "呪文": CardType.CHARGE_EFFECT,
        "item": CardType.WEAPON,
        "アイテム": CardType.WEAPON,
        "どうぐ": CardType.WEAPON,
        "equipment": CardType.WEAPON,
        "そうび": CardType.WEAPON,
        "装備": CardType.WEAPON,
    }
    kind_notes: ClassVar[dict[str, str]] = {
        "item": "Battle Road item cards equip the hero",
        "アイテム": "Battle Road item cards equip the hero",
        "どうぐ": "Battle Road item cards equip the hero",
        "special": "a one-shot move played face up",
        "必殺技": "a one-shot move played face up",
    }
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = {
        "HP": ("hp", "体力"),
        "ちから": ("attack", "strength", "ちから", "攻撃力"),
        "すばやさ": ("speed", "すばやさ"),
    }

    def to_grade(self, record: Record) -> Ruling[int]:
        return self.stat_grade(record, "HP", _HP_DIGITS)
