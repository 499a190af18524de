"""One keyword per TWGP effect (docs/rules.md §6), for converters whose `effect_hints` turn
a game's own keywords (2ch TCG ブラクラ, One Piece [Rush]) into TWGP effects: the hint is the
rules' keyword, which converters/effects.py tags as that effect and nothing else."""

from __future__ import annotations

from collections.abc import Iterable

#: effect name → a keyword from the rules' own list (or the effect's Japanese name)
EFFECT_WORDS: dict[str, str] = {
    "plus": "プラス",
    "down": "ダウン",
    "accel": "加速",
    "slow": "減速",
    "crack": "封印",
    "reflect": "反射",
    "copy": "コピー",
    "poison": "毒",
    "potion": "毒消し",
    "hack": "錯乱",
    "hazard": "麻痺",
    "medical": "治療",
}


def effect_hint(effects: Iterable[str | None]) -> str:
    """The keywords of `effects` (None entries skipped), one a line, each once."""
    return "\n".join(dict.fromkeys(EFFECT_WORDS[e] for e in effects if e))
