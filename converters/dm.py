"""Duel Masters (デュエル・マスターズ) CSV/JSON rows → TWGP, and the English card data
`DuelMastersCards.json` (Latepate64/duel-masters-json: `{"cards": [...]}`, one record per
English name with `type`, `supertypes`, `cost`, `power`, `text` and `printings[]`).

Grade = the cost value (docs/rules.md §1: 2 → 02, 9 → 09; above 99 clamps with a warning);
a Weapon (Cross Gear, aura, Dragheart Weapon) has no grade, as every Weapon.
S・トリガー (shield trigger) is a trap property: a spell with it is a Charge Trap. The kind
decides first: a creature with Shield Trigger stays a Unit, a Cross Gear with "Shield Trigger
Cross" a Weapon. Without a trigger column the text is read, and only a line of its own that
starts with the keyword counts ("Shield trigger (When this spell…"); a mention inside another
ability (`…can't use the "shield trigger" ability…`) does not."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any, ClassVar

from converters.base import (
    CardType,
    Printing,
    Record,
    Ruling,
    kind_key,
    no_grade,
    no_type,
    pick,
    text_of,
)
from converters.tabular import TableConverter, clean, value_rule

TRIGGER_COLUMNS = ("shield_trigger", "shield trigger", "S・トリガー", "Sトリガー", "トリガー")
_YES = frozenset(
    kind_key(w) for w in ("yes", "y", "true", "1", "○", "◯", "✓", "✔", "有", "あり", "有り")
)
_NO = frozenset(kind_key(w) for w in ("no", "n", "false", "0", "×", "✗", "無", "なし", "無し", "-"))
_TRIGGER_IN_TEXT = re.compile(r"S・トリガー|シールド・トリガー|\bshield trigger\b", re.IGNORECASE)
#: a line of the text that is the keyword ability itself (after a ■ bullet, as Japanese
#: texts write abilities)
_TRIGGER_LINE = re.compile(
    r"^[\s■・●]*(?:S・トリガー|シールド・トリガー|shield trigger\b)", re.IGNORECASE | re.MULTILINE
)
#: `printings[].set` of the English data: "DM-09 Fatal Brood of Infinite Ruin" → DM-09
_SET_CODE = re.compile(r"^\s*([A-Z]{2,}-?[0-9A-Z]+)\b")

#: a lasting or one-shot effect with the trap property becomes the matching trap type (§2)
_WITH_TRAP = {
    CardType.CHARGE_EFFECT: CardType.CHARGE_TRAP,
    CardType.LIFE_COUNTER: CardType.LIFE_TRAP,
}


class DuelMastersConverter(TableConverter):
    """Columns: id (optional), name/名前, kind/種類, cost/コスト, power/パワー,
    shield_trigger/S・トリガー (optional; without it the text is searched for S・トリガー)."""

    game_id = "dm"
    display_name = "Duel Masters"
    display_name_ja = "デュエル・マスターズ"
    short_name = "DM"
    grade_rule = "the cost value (2 → 02, 9 → 09)"
    grade_rule_ja = "コスト（2 → 02、9 → 09）"
    kinds: ClassVar[dict[str, CardType | None]] = {
        "creature": CardType.UNIT,
        "クリーチャー": CardType.UNIT,
        "evolution creature": CardType.UNIT,
        "進化クリーチャー": CardType.UNIT,
        "psychic creature": CardType.UNIT,
        "サイキック・クリーチャー": CardType.UNIT,
        "GR creature": CardType.UNIT,
        "GRクリーチャー": CardType.UNIT,
        "spell": CardType.CHARGE_EFFECT,
        "呪文": CardType.CHARGE_EFFECT,
        "cross gear": CardType.WEAPON,
        "クロスギア": CardType.WEAPON,
        "aura": CardType.WEAPON,
        "オーラ": CardType.WEAPON,
        "dragheart weapon": CardType.WEAPON,
        "ドラグハート・ウエポン": CardType.WEAPON,
        "fortress": CardType.LIFE_COUNTER,
        "castle": CardType.LIFE_COUNTER,
        "城": CardType.LIFE_COUNTER,
        "dragheart fortress": CardType.LIFE_COUNTER,
        "ドラグハート・フォートレス": CardType.LIFE_COUNTER,
        "field": CardType.LIFE_COUNTER,
        "D2フィールド": CardType.LIFE_COUNTER,
        "フィールド": CardType.LIFE_COUNTER,
        "tamaseed": CardType.LIFE_COUNTER,
        "タマシード": CardType.LIFE_COUNTER,
    }
    kind_notes: ClassVar[dict[str, str]] = {
        "cross gear": "equipment crossed onto a creature",
        "クロスギア": "equipment crossed onto a creature",
        "aura": "attached to a creature like equipment",
        "オーラ": "attached to a creature like equipment",
        "fortress": "a lasting effect fortifying a shield",
        "castle": "a lasting effect fortifying a shield",
        "城": "a lasting effect fortifying a shield",
        "field": "a lasting field effect",
        "D2フィールド": "a lasting field effect",
        "フィールド": "a lasting field effect",
        "tamaseed": "a lasting non-creature permanent with no power",
        "タマシード": "a lasting non-creature permanent with no power",
    }
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = {
        "cost": ("cost", "コスト", "mana cost"),
        "power": ("power", "パワー"),
        "civilization": ("civilization", "civilisation", "文明"),
    }

    def to_grade(self, record: Record) -> Ruling[int]:
        match = self.kind(record)
        if match.card_type is CardType.WEAPON:
            return no_grade(f"kind {match.word!r} is a Weapon: a Weapon has no grade")
        return self.stat_grade(record, "cost", value_rule)

    def card_type(self, record: Record) -> Ruling[CardType]:
        match = self.kind(record)
        base = self.type_of(match)
        evolution = _supertypes(record)
        if evolution and base.value is CardType.UNIT:
            base = Ruling(base.value, f"{base.reason} ({evolution} {match.word})", base.warnings)
        if base.value not in _WITH_TRAP:
            return base
        trap = _WITH_TRAP[base.value]
        trigger = self.shield_trigger(record)
        if trigger is None:
            raw = pick(record, *TRIGGER_COLUMNS)
            return no_type(
                f"kind {match.word!r} with S・トリガー {raw!r} (not yes/no): "
                f"{base.value.label} or {trap.label} cannot be told",
                f"S・トリガー value {raw!r} unreadable",
            )
        if trigger:
            reason = f"kind {match.word!r} with S・トリガー (a trap property) → {trap.label}"
            return Ruling(trap, reason)
        return Ruling(base.value, f"{base.reason} (no S・トリガー)")

    def shield_trigger(self, record: Record) -> bool | None:
        """True/False from the S・トリガー column, else from the rules text; None if unreadable."""
        raw = clean(pick(record, *TRIGGER_COLUMNS))
        if raw is None:
            text = unicodedata.normalize("NFKC", self.text(record))
            return bool(_TRIGGER_LINE.search(text))
        key = kind_key(raw)
        if key in _YES or _TRIGGER_IN_TEXT.search(unicodedata.normalize("NFKC", raw)):
            return True
        if key in _NO:
            return False
        return None

    def printing(self, record: Record) -> Printing:
        """The first of the English data's `printings` (set code, "16/55"), else the columns."""
        printings = record.get("printings")
        first = printings[0] if isinstance(printings, list) and printings else None
        if not isinstance(first, Mapping):
            return super().printing(record)
        found = _SET_CODE.match(text_of(first.get("set")))
        return Printing(
            set_code=found.group(1) if found else clean(first.get("set")),
            collector_number=clean(first.get("id")),
            lang="en",
        )

    def stats(self, record: Record) -> dict[str, Any]:
        found = super().stats(record)
        evolution = _supertypes(record)
        if evolution:
            found["supertypes"] = evolution
        return found


def _supertypes(record: Record) -> str:
    """The English data's `supertypes` (["Evolution"]) as words; "" when there are none."""
    found = record.get("supertypes")
    words = found if isinstance(found, list) else [found] if found else []
    return " ".join(text_of(word) for word in words if text_of(word))
