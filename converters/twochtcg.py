"""The community TCG of seed 001 (HP 20, AP, "dat") CSV/JSON rows → TWGP.

AP is a cost written as colour symbols (赤赤赤青青; 無 = any colour), so grade = the number of
AP symbols (docs/policies.md, "More systems"). The seed's status-effect slang (状態異常: ブラクラ,
ROM, 規制…) is read into TWGP's effects through `STATUS_WORDS`."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, ClassVar, NamedTuple

from converters.base import CardType, Record, Ruling, no_grade, pick
from converters.tabular import TableConverter, clean, value_rule

#: AP symbols: the colours, the attribute each colour stands for (炎(赤)…) and 無 (any colour)
AP_SYMBOLS: dict[str, str] = {
    "赤": "red", "炎": "red", "red": "red",
    "青": "blue", "水": "blue", "blue": "blue",
    "緑": "green", "地": "green", "green": "green",
    "紫": "purple", "雷": "purple", "purple": "purple",
    "白": "white", "光": "white", "white": "white",
    "黒": "black", "闇": "black", "black": "black",
    "無": "any", "無色": "any", "any": "any", "colourless": "any", "colorless": "any",
}  # fmt: skip
ATTRIBUTES: dict[str, str] = {
    "炎": "fire", "fire": "fire", "赤": "fire",
    "水": "water", "water": "water", "青": "water",
    "地": "earth", "earth": "earth", "緑": "earth",
    "雷": "thunder", "thunder": "thunder", "紫": "thunder",
    "光": "light", "light": "light", "白": "light",
    "闇": "dark", "dark": "dark", "黒": "dark",
}  # fmt: skip
#: "no AP needed" (the seed: some monsters need no AP); 無 alone is one any-colour symbol
NO_AP = frozenset({"0", "なし", "無し", "不要", "none"})

_SYMBOL = "|".join(sorted(AP_SYMBOLS, key=len, reverse=True))
_TOKEN = re.compile(rf"(?P<symbol>{_SYMBOL})(?:[×x*]?(?P<times>\d{{1,3}}))?|[+,、・/]")
_WRAPPER = re.compile(r"^(?:ap)?[:：]?[《〈<(（\[]?(?P<inner>.*?)[》〉>)）\]]?$")


def read_ap(value: Any) -> dict[str, int] | None:
    """AP per colour ("any" for 無) from symbols (赤赤青), counts (赤×3+青×2, 赤3青2), the seed's
    《赤３》, "なし"/0 (no AP: {}) or a plain number ({"total": n}). None when unreadable."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return {"total": int(value)} if 0 < value < 1000 else ({} if value == 0 else None)
    text = "".join(unicodedata.normalize("NFKC", str(value)).casefold().split())
    inner = _WRAPPER.match(text)
    text = inner["inner"] if inner else text
    if text in NO_AP:
        return {}
    if re.fullmatch(r"\d{1,3}", text):
        return {"total": int(text)}
    counts: dict[str, int] = {}
    position = 0
    while position < len(text):
        token = _TOKEN.match(text, position)
        if token is None:
            return None
        position = token.end()
        if token["symbol"]:
            colour = AP_SYMBOLS[token["symbol"]]
            counts[colour] = counts.get(colour, 0) + int(token["times"] or 1)
    return counts or None


class StatusWord(NamedTuple):
    """A status effect of the seed (状態異常), the TWGP effect it is read as, and why."""

    pattern: str
    effect: str | None
    why: str


#: The seed's status effects → TWGP effects (docs/rules.md §6). None: no TWGP effect fits.
STATUS_WORDS: dict[str, StatusWord] = {
    "ブラクラ": StatusWord(r"ブラクラ|ブラウザクラッシャー", "poison",
                       "2 damage every turn for 3 turns: damage over time, as poison does"),
    "ROM": StatusWord(r"(?<![a-z])rom(?![a-z])", "hazard",
                      "no attack declaration or activated ability next turn: disabled"),
    "ファビョり": StatusWord(r"ファビョ|火病", "hack",
                        "it counter-attacks on its own, out of its controller's hands (錯乱)"),
    "鬱": StatusWord(r"鬱", None, "it only refuses its own side's magic; no TWGP effect fits"),
    "ニート": StatusWord(r"ニート", "plus", "its abilities double (then it dies at end of turn)"),
    "規制": StatusWord(r"規制", "crack", "seals item play, or voids the equipped items (封印)"),
    "パスワード": StatusWord(r"パスワード", "crack",
                        "the opponent's magic does not affect it for 3 turns"),
    "ヒッキー": StatusWord(r"ヒッキー|引きこもり|引き篭もり", None,
                       "immune to event cards, which are lasting effects; Crack is one-shot"),
}  # fmt: skip


def fold_text(text: str) -> str:
    """NFKC and case-folded, with detached dakuten joined (the seed writes ファヒ゛ョり)."""
    joined = text.replace("\u309b", "\u3099").replace("\u309c", "\u309a")
    return unicodedata.normalize("NFKC", joined).casefold()


def status_words(text: str) -> tuple[str, ...]:
    """The seed's status words found in `text`, in `STATUS_WORDS` order."""
    folded = fold_text(text)
    return tuple(word for word, status in STATUS_WORDS.items() if re.search(status.pattern, folded))


class TwoChTcgConverter(TableConverter):
    """Columns: id (optional), name/名前, kind/種類, ap/AP (必要AP, コスト), hp/HP, attack/攻撃力,
    attack A/攻撃A, attack B/攻撃B, defence/防御力, attribute/属性, capacity/消費容量, text/効果."""

    game_id = "2chtcg"
    display_name = "2ch community TCG"
    display_name_ja = "2ちゃんねるTCG（コミュニティ案）"
    short_name = "2CH"
    grade_rule = "the number of AP symbols (赤赤赤青青 → 05; 無 counts as one; なし → 00)"
    grade_rule_ja = "APシンボルの数（赤赤赤青青 → 05。無も1つ、なし → 00）"
    kinds: ClassVar[dict[str, CardType | None]] = {
        "monster": CardType.UNIT, "モンスター": CardType.UNIT, "モンスターカード": CardType.UNIT,
        "item": CardType.WEAPON, "アイテム": CardType.WEAPON, "アイテムカード": CardType.WEAPON,
        "magic": CardType.CHARGE_EFFECT, "マジック": CardType.CHARGE_EFFECT,
        "マジックカード": CardType.CHARGE_EFFECT, "魔法": CardType.CHARGE_EFFECT,
        "event": CardType.LIFE_COUNTER, "イベント": CardType.LIFE_COUNTER,
        "イベントカード": CardType.LIFE_COUNTER,
    }  # fmt: skip
    kind_notes: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("item", "アイテム", "アイテムカード"), "an item is equipped to a monster"),
        **dict.fromkeys(
            ("event", "イベント", "イベントカード"),
            "an event stays on the field with a lasting effect (one per player)",
        ),
    }
    stat_columns: ClassVar[dict[str, tuple[str, ...]]] = {
        "AP": ("ap", "必要AP", "アビリティポイント", "ability points", "cost", "コスト"),
        "HP": ("hp", "体力", "クオリティ"),
        "attack": ("attack", "攻撃力", "atk"),
        "attack A": ("attack a", "攻撃A"),
        "attack B": ("attack b", "攻撃B"),
        "defence": ("defence", "defense", "防御力", "def"),
        "attribute": ("attribute", "属性", "element"),
        "capacity": ("capacity", "消費容量", "容量"),
    }

    def to_grade(self, record: Record) -> Ruling[int]:
        raw = pick(record, *self.stat_columns["AP"])
        if clean(raw) is None or raw == "-":
            return self.stat_grade(record, "AP", value_rule)  # the missing-value policy
        ap = read_ap(raw)
        if ap is None:
            return no_grade(
                f"AP {raw!r} cannot be read → no grade",
                f"AP {raw!r} unreadable (expected symbols like 赤赤青 or counts like 赤×2+青×1)",
            )
        if not ap:
            return Ruling(0, f"AP {clean(raw)}: no AP needed → 00")
        total = sum(ap.values())
        if set(ap) == {"total"}:
            return value_rule(total, f"AP {total}")
        return value_rule(total, f"AP {clean(raw)} → {total} symbols")

    def stats(self, record: Record) -> dict[str, Any]:
        found = super().stats(record)
        ap = read_ap(found["AP"]) if "AP" in found else None
        if ap and set(ap) != {"total"}:
            found["AP symbols"] = ap
        attribute = found.get("attribute")
        if isinstance(attribute, str):
            word = unicodedata.normalize("NFKC", attribute).strip().casefold()
            found["attribute"] = ATTRIBUTES.get(word, attribute)
        words = status_words(self.text(record))
        if words:
            found["status"] = list(words)
        return found

    def keyword_effects(self, record: Record) -> dict[str, str]:
        """The TWGP effect each of the card's status words stands for (→ the word)."""
        found: dict[str, str] = {}
        for word in status_words(self.text(record)):
            effect = STATUS_WORDS[word].effect
            if effect:
                found.setdefault(effect, f"{word} ({STATUS_WORDS[word].why})")
        return found
