"""Tag card text with TWGP's tactical effects (docs/rules.md §6) from English and Japanese
keyword tables. The effect names are the rules' names, lower-case."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Effect name → patterns (regular expressions, matched case-insensitively on NFKC text).
# Japanese keywords are the rules' own; English ones are what a player of each game writes.
EFFECT_KEYWORDS: dict[str, tuple[str, ...]] = {
    "plus": (
        r"\bgets? \+\d",
        r"\+\d+/\+\d+",
        r"\bgains? \+\d",
        r"\bincrease[sd]? (?:its|the) (?:power|attack)",
        r"攻撃力(?:を|が)?\d*(?:アップ|上昇|上がる)",
        r"パワー(?:を|が)?\+",
        r"パワー\+",
        r"プラス",
    ),
    "down": (
        r"\bgets? -\d",
        r"-\d+/-\d+",
        r"\bloses? \d+ (?:atk|attack|power)",
        r"\breduce[sd]? (?:its|the) (?:power|attack)",
        r"攻撃力(?:を|が)?\d*(?:ダウン|下げる|下がる)",
        r"パワー(?:を|が)?-",
        r"パワー-",
        r"ダウン",
    ),
    "accel": (
        r"\bhaste\b",
        r"\bdouble strike\b",
        r"\badditional combat\b",
        r"\battack twice\b",
        r"\bextra turn\b",
        r"\bacceleration\b",
        r"\bmore actions\b",
        r"加速",
        r"行動回数(?:が|を)?増加",
        r"2回攻撃",
        r"二回攻撃",
    ),
    "slow": (
        r"\bdeceleration\b",
        r"\bfewer actions\b",
        r"\bskips? (?:your|their|his or her) next\b",
        r"減速",
        r"行動回数(?:が|を)?減少",
    ),
    "crack": (
        r"\bcounter target\b",
        r"\bnegate\b",
        r"\bnegates\b",
        r"\bseal(?:s|ed)?\b",
        r"\bneutrali[sz]e",
        r"\bloses? all abilities\b",
        r"\bcan't be activated\b",
        r"封印",
        r"無力化",
        r"無効(?:に|化)",
    ),
    "reflect": (r"\breflect", r"\bredirect", r"\bchange the target", r"反射", r"跳ね返"),
    "copy": (r"\bcopy\b", r"\bcopies\b", r"\bcopying\b", r"コピー"),
    "poison": (
        r"\bpoison",
        r"\bvenom",
        r"\btoxic\b",
        r"(?<!解)毒(?!消)",
        # Pokémon's Poisoned in the TCGdex languages and in Japanese (どくにする)
        r"empoisonn",
        r"\bvergift",
        r"\benvenenad",
        r"\bavvelenat",
        r"(?<![とひ])どく(?:に|と|・|状態)",
    ),
    "potion": (r"\bantidote\b", r"\bcures? (?:it of )?poison", r"毒消し", r"解毒"),
    "hack": (
        r"\bgain control\b",
        r"\bgains control\b",
        r"\btake control\b",
        r"\bcharm(?:s|ed|ing)?\b",  # not "Charmander"
        r"\bconfus",
        r"\bderange",
        r"\bbrainwash",
        r"魅了",
        r"混乱",
        r"錯乱",
        r"洗脳",
        r"コントロールを得",
        r"\bverwirrt",
        r"\bconfundid",
        r"こんらん",  # Pokémon's Confused (de, es/pt, ja)
    ),
    "hazard": (
        r"\bparaly[sz]",
        r"\basleep\b",
        r"\bsleep\b",
        r"\bpetrif",
        r"\bfaint",
        r"\bstun",
        r"\bsuspended animation\b",
        r"\bsickness\b",
        r"\bfreeze\b",
        r"\bfrozen\b",
        r"\btap target\b",
        r"\bdoesn't untap\b",
        r"\bdon't untap\b",
        r"麻痺",
        r"マヒ",
        r"眠り",
        r"ねむり",
        r"石化",
        r"気絶",
        r"仮死",
        r"病気",
        r"スタン",
        # Pokémon's Paralyzed and Asleep in the TCGdex languages (fr, de, es, it, pt)
        r"\bparali[sz]",
        r"\bendormi",
        r"\bschläft",
        r"\bdormid",
        r"\baddormentat",
        r"\badormecid",
    ),
    "medical": (
        r"\bremove (?:all )?special conditions\b",
        r"\bheal",
        r"\brecover",
        r"\bcures?\b",
        r"\bregenerate",
        r"回復",
        r"治療",
        r"治す",
    ),
}

EFFECT_NAMES: tuple[str, ...] = tuple(EFFECT_KEYWORDS)

EFFECT_NAMES_JA: dict[str, str] = {
    "plus": "プラス",
    "down": "ダウン",
    "accel": "アクセル",
    "slow": "スロー",
    "crack": "クラック",
    "reflect": "リフレクト",
    "copy": "コピー",
    "poison": "ポイズン",
    "potion": "ポーション",
    "hack": "ハック",
    "hazard": "ハザード",
    "medical": "メディカル",
}

# One pass over the text: every keyword of every effect in one alternation, each effect a named
# group. Far cheaper than one search per effect on a 100,000-card import.
_ANY_EFFECT = re.compile(
    "|".join(
        f"(?P<{name}>{'|'.join(f'(?:{p})' for p in patterns)})"
        for name, patterns in EFFECT_KEYWORDS.items()
    ),
    re.IGNORECASE,
)


@lru_cache(maxsize=1 << 16)
def tag_effects(text: str) -> tuple[str, ...]:
    """The §3 effects `text` implies, in the rules' order, each once. Cached: reprints share
    their text, so a bulk file repeats most texts many times."""
    if not text:
        return ()
    normal = unicodedata.normalize("NFKC", text) if not text.isascii() else text
    found = {match.lastgroup for match in _ANY_EFFECT.finditer(normal)}
    return tuple(name for name in EFFECT_NAMES if name in found)


def parse_effect(word: str) -> str:
    """An effect name from its English or Japanese name; raises ValueError listing the names."""
    key = unicodedata.normalize("NFKC", word).strip().casefold()
    for name, name_ja in EFFECT_NAMES_JA.items():
        if key in (name, unicodedata.normalize("NFKC", name_ja).casefold()):
            return name
    raise ValueError(f"unknown effect {word!r}; expected one of {', '.join(EFFECT_NAMES)}")
