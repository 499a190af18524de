"""Eternal Voice TCG (Asura System, seed 002) CSV/JSON rows → TWGP.

The seed names the card kinds (characters, summons 召喚獣, melee attack/defence cards 格闘 such
as カバー, magic 魔法, items and equipment 装備品, mounts 騎乗) but prints no grade stat, so the
general rule applies (docs/rules.md §1): level or cost when the record has one, else strength
or HP, each taken as its value. `character` and `evolution` flags are kept in the stats for
tag rule B (a same-name character card, Evolution cards excepted, at most 1 per team)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, ClassVar

from converters.base import CardType, Record, Ruling, kind_key, pick
from converters.flags import read_flag
from converters.general_rule import GENERAL_COLUMNS, general_grade
from converters.tabular import KindMatch, TableConverter

UNIT, TRAP, EFFECT, WEAPON = (
    CardType.UNIT, CardType.CHARGE_TRAP, CardType.CHARGE_EFFECT, CardType.WEAPON,
)  # fmt: skip

CHARACTER_KINDS = ("character", "キャラクター", "キャラ", "キャラクターカード")
EVOLUTION_KINDS = ("evolution", "エヴォリューション", "エヴォリューションカード", "evolution card")
#: a melee card (格闘) whose name says Cover is a defence card, as the seed's カバー is
COVER_NAME = re.compile(r"カバー|cover", re.IGNORECASE)
MELEE_KINDS = frozenset(kind_key(word) for word in ("melee", "格闘", "格闘カード"))

_NOTES = {
    "character": "the player's character fights in person; a Unit is a character with a grade",
    "evolution": "an Evolution card is a character card that fights as a unit",
    "summon": "a summon (召喚獣) fights and blocks; one with 【騎乗】 can be ridden",
    "attack": "a one-shot effect played face up",
    "defence": "a Cover-style defence fires when an attack comes: a trap property",
    "item": "an item that is not equipment is used once, like a magic item",
    "equipment": "equipment (装備品) is attached to a character",
    "mount": "a mount (騎乗) is ridden by a character and strengthens it, as a weapon does",
    "tower": "a tower is the resource magic is cast through (like a land), not a card in play",
}
#: kind word → (TWGP type, which note explains it)
KINDS: dict[str, tuple[CardType | None, str]] = {
    **dict.fromkeys(CHARACTER_KINDS, (UNIT, "character")),
    **dict.fromkeys(EVOLUTION_KINDS, (UNIT, "evolution")),
    **dict.fromkeys(("summon", "召喚獣", "召喚獣カード", "召喚"), (UNIT, "summon")),
    **dict.fromkeys(("melee", "格闘", "格闘カード", "melee attack", "格闘(攻撃)", "攻撃",
                     "magic", "魔法", "魔法カード"), (EFFECT, "attack")),
    **dict.fromkeys(("melee defence", "melee defense", "格闘(防御)", "防御", "defence",
                     "defense", "cover", "カバー"), (TRAP, "defence")),
    **dict.fromkeys(("item", "アイテム", "アイテムカード"), (EFFECT, "item")),
    **dict.fromkeys(("equipment", "装備品", "装備", "アイテム(装備品)"), (WEAPON, "equipment")),
    **dict.fromkeys(("mount", "騎乗", "騎乗動物"), (WEAPON, "mount")),
    **dict.fromkeys(("tower", "タワー"), (None, "tower")),
}  # fmt: skip

EVOLUTION_COLUMNS = ("evolution", "エヴォリューション", "evo")
CHARACTER_COLUMNS = ("character", "キャラクター", "is character")


class EternalVoiceConverter(TableConverter):
    """Columns: id (optional), name/名前, kind/種類, any of level/レベル, cost/コスト,
    strength/攻撃力, hp/HP/スタミナ, speed/速度, initial hand/初期手札, text/効果, and the yes/no
    flags evolution/エヴォリューション and character/キャラクター (both default from the kind)."""

    game_id = "eternalvoice"
    display_name = "Eternal Voice TCG (Asura System)"
    display_name_ja = "エターナルヴォイスTCG（アスラシステム）"
    short_name = "EV"
    grade_rule = "general rule: level or cost; else strength or HP (each as its value)"
    grade_rule_ja = "一般ルール：レベルかコスト。なければ強さかHP（それぞれその値）"
    kinds: ClassVar[dict[str, CardType | None]] = {word: kind[0] for word, kind in KINDS.items()}
    kind_notes: ClassVar[dict[str, str]] = {word: _NOTES[kind[1]] for word, kind in KINDS.items()}
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = {
        **GENERAL_COLUMNS,
        "strength": (*GENERAL_COLUMNS["strength"], "attack", "攻撃力"),
        "defence": ("defence", "defense", "防御力"),
        "speed": ("speed", "速度"),
        "initial hand": ("initial hand", "初期手札", "初期手札枚数"),
    }

    def kind(self, record: Record) -> KindMatch:
        """The most specific part wins (アイテム/装備品 is equipment, 格闘/防御 a defence), and
        a plain melee card named like Cover (カバー) is a defence card."""
        match = super().kind(record)
        if match.word is None:
            return match
        parts = unicodedata.normalize("NFKC", match.word).split("/")
        for part in reversed(parts) if len(parts) > 1 else ():
            found = super().kind({"kind": part})
            if found.known:
                match = KindMatch(match.word, found.matched, True, found.card_type)
                break
        if match.matched is not None and kind_key(match.matched) in MELEE_KINDS:
            if COVER_NAME.search(self.names(record)[0]):
                return KindMatch(match.word, "格闘(防御)", True, TRAP)
        return match

    def to_grade(self, record: Record) -> Ruling[int]:
        return general_grade(self, record)

    def is_evolution(self, record: Record) -> bool:
        flag = read_flag(pick(record, *EVOLUTION_COLUMNS), "evolution")
        return flag if flag is not None else self._kind_in(record, EVOLUTION_KINDS)

    def is_character(self, record: Record) -> bool:
        """Character cards count for tag rule B; an Evolution card is one too."""
        flag = read_flag(pick(record, *CHARACTER_COLUMNS), "character")
        if flag is not None:
            return flag
        return self._kind_in(record, CHARACTER_KINDS + EVOLUTION_KINDS)

    def _kind_in(self, record: Record, words: tuple[str, ...]) -> bool:
        matched = self.kind(record).matched
        return matched is not None and kind_key(matched) in {kind_key(w) for w in words}

    def stats(self, record: Record) -> dict[str, Any]:
        found = super().stats(record)
        found["character"] = self.is_character(record)
        found["evolution"] = self.is_evolution(record)
        return found
